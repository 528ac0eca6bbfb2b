"""Why a file could not be read or written, in the player's language.

Exceptions speak English (the OS, the engine's `SaveError`); a Portuguese
message must not carry an English sentence inside it. The English interface
keeps the precise detail; Portuguese gets plain words of its own.
"""

from __future__ import annotations

import errno

from scenes.i18n import language, tr


def reason_words(exc: BaseException) -> str:
    """A short reason for `exc`, fit to go inside a translated sentence."""
    if isinstance(exc, OSError):
        code = exc.errno
        if code in (errno.ENOSPC, errno.EDQUOT):
            return tr("ui.table_base.reason_disk_full")
        if code in (errno.EACCES, errno.EPERM, errno.EROFS):
            return tr("ui.table_base.reason_no_permission")
        if code == errno.ENOENT:
            return tr("ui.table_base.reason_missing")
        return tr(
            "ui.table_base.reason_disk", detail=errno.errorcode.get(code or 0, type(exc).__name__)
        )
    return detail_words(str(exc))


def detail_words(detail: str) -> str:
    """An engine's English `detail` in English; plain words of our own in Portuguese."""
    if language() == "en":
        return detail
    return tr("ui.table_base.reason_unreadable")
