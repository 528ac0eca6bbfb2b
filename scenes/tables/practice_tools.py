"""Practice aids every table gets: undo and redo without limit, the bots'
hidden cards and objectives on request, and the hint line.

The table base calls these; a table only draws what `revealed_seats()` lets it
(from `match.view(seat)` of those bot seats) and may add a reason to a hint
through `hint_reason(action)`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from game.core import Event, Match, TableMatch, local_match
from game.practice import UndoHistory
from scenes.i18n import tr

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.face import SeatSetup


class JumpingTable(Protocol):
    """A table undo and redo move along its match's log."""

    #: replaced by the same match at another point of its log (practice is
    #: only ever offered for a match that runs here)
    match: TableMatch

    @property
    def app(self) -> AppHost: ...
    def is_human(self, seat: int) -> bool: ...
    def after_jump(self, note: Callable[[], str]) -> None: ...


class RedoTable(Protocol):
    """A table whose bots keep to the redo path."""

    @property
    def match(self) -> TableMatch: ...
    @property
    def practice(self) -> bool: ...
    @property
    def events(self) -> deque[Event]: ...
    def is_human(self, seat: int) -> bool: ...


class RevealingTable(Protocol):
    """A table that shows the bots' secrets on request."""

    @property
    def app(self) -> AppHost: ...
    @property
    def practice(self) -> bool: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    def is_human(self, seat: int) -> bool: ...
    def refresh_secrets(self) -> None: ...


class PracticeTools:
    """The practice state of one table."""

    def __init__(self) -> None:
        self.history = UndoHistory()
        #: show the bots' hidden cards and objectives
        self.reveal = False

    def _jump(self, table: JumpingTable, match: Match, note: Callable[[], str]) -> None:
        table.match = match
        table.after_jump(note)

    def undo(self, table: JumpingTable) -> None:
        """Back to just before the last person's action."""
        back = self.history.undo(local_match(table.match), table.is_human)
        if back is None:
            table.app.notify(tr("ui.table.nothing_to_undo"), "warn")
            return
        self._jump(table, back, lambda: tr("ui.table.undone"))

    def redo(self, table: JumpingTable) -> None:
        """Forward again along what was undone."""
        forward = self.history.redo(local_match(table.match), table.is_human)
        if forward is None:
            table.app.notify(tr("life.practice.nothing_to_redo"), "warn")
            return
        self._jump(table, forward, lambda: tr("life.practice.redone"))

    def holds_bots(self, table: RedoTable) -> bool:
        """After an undo the bots wait while the person may still redo.

        In games where seats act at once, a bot acting first would leave the
        redo path by order alone; it waits until the person redoes or plays.
        """
        if not table.practice:
            return False
        match = local_match(table.match)
        if not self.history.can_redo(match):
            return False
        seat = self.history.path[len(match.log)][0]
        return table.is_human(seat) and seat in match.to_move

    def replay_bot(self, table: RedoTable, seat: int) -> bool:
        """On the redo path a bot plays what it played before (True if it did)."""
        if not table.practice:
            return False
        match = local_match(table.match)
        if not self.history.can_redo(match):
            return False
        path_seat, action = self.history.path[len(match.log)]
        if path_seat != seat:
            return False
        table.events.extend(match.apply(seat, action))
        return True

    def toggle_reveal(self, table: RevealingTable) -> None:
        """Show or hide the bots' secrets (practice only)."""
        self.reveal = not self.reveal
        table.app.notify(
            tr("life.practice.reveal_on" if self.reveal else "life.practice.reveal_off")
        )
        table.refresh_secrets()

    def revealed_seats(self, table: RevealingTable) -> list[int]:
        """The bot seats whose secrets the table draws now."""
        if not (table.practice and self.reveal):
            return []
        return [s for s in range(len(table.seats)) if not table.is_human(s)]


def hint_line(table: object, text: str, reason: str) -> str:
    """The one-line hint: what the strongest bot would do, and why when known."""
    line = tr("ui.table.hint_text", action=text)
    return f"{line} {tr('life.practice.because', reason=reason)}" if reason else line
