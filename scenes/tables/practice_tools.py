"""Practice aids every table gets: undo and redo without limit, the bots'
hidden cards and objectives on request, and the hint line.

The table base calls these; a table only draws what `revealed_seats()` lets it
(from `match.view(seat)` of those bot seats) and may add a reason to a hint
through `hint_reason(action)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core import Match
from game.practice import UndoHistory
from scenes.i18n import tr

if TYPE_CHECKING:
    from scenes.tables.base import TableScene


class PracticeTools:
    """The practice state of one table."""

    def __init__(self) -> None:
        self.history = UndoHistory()
        #: show the bots' hidden cards and objectives
        self.reveal = False

    def _jump(self, table: TableScene, match: Match, note: Callable[[], str]) -> None:
        table.match = match
        table.after_jump(note)

    def undo(self, table: TableScene) -> None:
        """Back to just before the last person's action."""
        back = self.history.undo(table.match, table.is_human)
        if back is None:
            table.app.notify(tr("ui.table.nothing_to_undo"), "warn")
            return
        self._jump(table, back, lambda: tr("ui.table.undone"))

    def redo(self, table: TableScene) -> None:
        """Forward again along what was undone."""
        forward = self.history.redo(table.match, table.is_human)
        if forward is None:
            table.app.notify(tr("life.practice.nothing_to_redo"), "warn")
            return
        self._jump(table, forward, lambda: tr("life.practice.redone"))

    def holds_bots(self, table: TableScene) -> bool:
        """After an undo the bots wait while the person may still redo.

        In games where seats act at once, a bot acting first would leave the
        redo path by order alone; it waits until the person redoes or plays.
        """
        match = table.match
        if not table.practice or not self.history.can_redo(match):
            return False
        seat = self.history.path[len(match.log)][0]
        return table.is_human(seat) and seat in match.to_move

    def replay_bot(self, table: TableScene, seat: int) -> bool:
        """On the redo path a bot plays what it played before (True if it did)."""
        match = table.match
        if not table.practice or not self.history.can_redo(match):
            return False
        path_seat, action = self.history.path[len(match.log)]
        if path_seat != seat:
            return False
        table.events.extend(match.apply(seat, action))
        return True

    def toggle_reveal(self, table: TableScene) -> None:
        """Show or hide the bots' secrets (practice only)."""
        self.reveal = not self.reveal
        table.app.notify(
            tr("life.practice.reveal_on" if self.reveal else "life.practice.reveal_off")
        )
        table.refresh_secrets()

    def revealed_seats(self, table: TableScene) -> list[int]:
        """The bot seats whose secrets the table draws now."""
        if not (table.practice and self.reveal):
            return []
        return [s for s in range(len(table.seats)) if not table.is_human(s)]


def hint_line(table: TableScene, text: str, reason: str) -> str:
    """The one-line hint: what the strongest bot would do, and why when known."""
    line = tr("ui.table.hint_text", action=text)
    return f"{line} {tr('life.practice.because', reason=reason)}" if reason else line
