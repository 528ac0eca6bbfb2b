"""A table's saves: the named save of the pause menu, the autosave written at
a shutdown, and whether leaving now loses anything.
"""

from __future__ import annotations

from pathlib import Path

from scenes.i18n import tr
from scenes.reasons import reason_words
from scenes.tables import autosave


class Saving:
    """Saves (mixed into `TableScene`)."""

    @property
    def hosted_elsewhere(self) -> bool:
        """A joiner's table: the match (and its saves) live on the host's machine."""
        return self.link is not None and not self.link.keeps_saves

    def emergency_save(self) -> str | None:
        """The process is being ended (Ctrl+C, SIGTERM): write the autosave."""
        if self.match.is_over or self.hosted_elsewhere:
            return None
        path = self.autosave()
        return str(path) if path is not None else None

    def write_save(self, kind: str = "auto", name: str = "") -> str:
        """Write the match (the game's autosave, or a named save); raises OSError.

        The single writer of saves; `saved_at` lets "Leave" know nothing is lost."""
        path = str(autosave.write_table_save(self, kind, name))
        self.saved_at = len(self.match.log)
        return path

    def autosave(self) -> Path | None:
        """Write the game's autosave now (a shutdown); None when the disk refused."""
        try:
            return Path(self.write_save("auto"))
        except OSError:
            return None

    def save_match(self, name: str = "") -> None:
        """A named save to the saves folder (the pause menu)."""
        if self.hosted_elsewhere:  # nothing here to save: say who keeps it
            self.app.notify(tr("ui.pause.save_host_tip"), "warn")
            return
        try:
            path = self.write_save("named", name)
        except OSError as e:
            self.app.notify(tr("ui.table.save_failed", reason=reason_words(e)), "error")
            return
        self.saved_path = path
        self.app.notify(tr("life.saves.saved", name=name or Path(path).name))

    @property
    def saved_now(self) -> bool:
        """True when nothing happened since the last save (leaving loses nothing)."""
        return self.saved_at == len(self.match.log)
