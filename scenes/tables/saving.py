"""A table's saves: the named save of the pause menu, the autosave written at
a shutdown, and whether leaving now loses anything.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from game import Match
from game.core import TableMatch
from scenes.i18n import tr
from scenes.reasons import reason_words
from scenes.tables import autosave
from scenes.widgets.log_panel import LogPanel

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.online.links import TableLink


class SavingHost(Protocol):
    """What the saves read and call of the table (the save's picture draws it)."""

    @property
    def app(self) -> AppHost: ...
    @property
    def match(self) -> TableMatch: ...
    @property
    def link(self) -> TableLink | None: ...
    @property
    def on_result(self) -> Callable[[Match], None] | None: ...
    @property
    def on_leave(self) -> Callable[[Match], None] | None: ...
    @property
    def spectator(self) -> bool: ...
    @property
    def autosaver(self) -> autosave.Autosaver: ...
    @property
    def log(self) -> LogPanel: ...
    @property
    def needs_curtain(self) -> bool: ...
    @property
    def hosted_elsewhere(self) -> bool: ...

    viewer: int | None
    saved_at: int
    saved_path: str | None

    def human_to_act(self) -> int | None: ...
    def rebuild_log(self) -> None: ...
    def sync(self) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def write_save(self, kind: str = "auto", name: str = "") -> str: ...
    def autosave(self) -> Path | None: ...


class Saving:
    """Saves (mixed into `TableScene`)."""

    # (what it writes of the host, for mypy, which takes a write through `self` for
    # the mix-in's own attribute; `TableScene.__init__` sets them first)
    saved_at: int
    saved_path: str | None

    @property
    def hosted_elsewhere(self: SavingHost) -> bool:
        """A joiner's table: the match (and its saves) live on the host's machine."""
        return self.link is not None and not self.link.keeps_saves

    def emergency_save(self: SavingHost) -> str | None:
        """The process is being ended (Ctrl+C, SIGTERM): write the autosave."""
        if self.match.is_over or self.hosted_elsewhere:
            return None
        path = self.autosave()
        return str(path) if path is not None else None

    def write_save(self: SavingHost, kind: str = "auto", name: str = "") -> str:
        """Write the match (the game's autosave, or a named save); raises OSError.

        The single writer of saves; `saved_at` lets "Leave" know nothing is lost."""
        path = str(autosave.write_table_save(self, kind, name))
        self.saved_at = len(self.match.log)
        return path

    def autosave(self: SavingHost) -> Path | None:
        """Write the game's autosave now (a shutdown); None when the disk refused."""
        try:
            return Path(self.write_save("auto"))
        except OSError:
            return None

    def save_match(self: SavingHost, name: str = "") -> None:
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
    def saved_now(self: SavingHost) -> bool:
        """True when nothing happened since the last save (leaving loses nothing)."""
        return self.saved_at == len(self.match.log)
