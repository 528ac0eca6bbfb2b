"""Practice at a table: undo and redo (the table is shown as it stands after a
jump), the hint from the strongest bot (thought off the render loop) and the
bots' revealed seats.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from game import (
    Action,
    make_bot,
)
from game.rng import Rng
from scenes import style
from scenes.i18n import tr
from scenes.tables.practice_tools import hint_line
from scenes.tables.table_log import replay_events


class PracticeFlow:
    """Undo, redo and hints (mixed into `TableScene`)."""

    def undo(self) -> None:
        """Take back to just before the last human action (practice mode).

        A bot thinking meanwhile is not waited for: its answer, about a
        position that no longer exists, is thrown away (see `after_jump`)."""
        self.tools.undo(self)

    def after_jump(self, note: str | Callable[[], str] = "") -> None:
        """The match was replaced by the same match at another point of its log
        (undo, redo, a replay's step back): show it as it stands now."""
        self._generation += 1
        self.events.clear()
        self.tweens.finish_all()
        self.finish_animations()
        self.finished = False
        self.history = [(e, "", style.INK, {}) for e in replay_events(self.match)]
        if note:
            words, extra = (note(), {"retell": note}) if callable(note) else (note, {})
            self.history.append((None, words, style.INK_SOFT, extra))
        self.rebuild_log()
        self.sync()
        self.refresh_controls()

    def redo(self) -> None:
        """Forward again along what was undone (practice mode)."""
        self.tools.redo(self)

    def toggle_reveal(self) -> None:
        """Show or hide the bots' secrets (the pause menu's and the key's switch)."""
        self.tools.toggle_reveal(self)

    def revealed_seats(self) -> list[int]:
        """Bot seats whose hidden cards and objectives the table shows (practice option).

        Tables draw those seats' secrets from `self.match.view(seat)`.
        """
        return self.tools.revealed_seats(self)

    def hint(self) -> None:
        """What the strongest bot would do in the viewer's place."""
        seat = self.human_to_act()
        if seat is None or seat != self.viewer:
            self.app.notify(tr("ui.table.no_hint"), "warn")
            return
        bot = make_bot(self.match.game_name, self.info.bot_ids[-1])
        view, legal, stamp = self.match.view(seat), self.legal_actions(seat), len(self.match.log)
        self.app.notify(tr("ui.table.hint_thinking"))

        def think() -> None:  # the strongest bot may take a second: not on the render loop
            self._hint = (stamp, bot.choose(view, legal, Rng(f"hint/{stamp}")))

        threading.Thread(target=think, name="hint", daemon=True).start()

    def show_hint(self, action: Action) -> None:
        """Present a hint (tables may highlight instead)."""
        self.app.notify(hint_line(self, self.describe_action(action), self.hint_reason(action)))

    def hint_reason(self, action: Action) -> str:
        """Why the hint's action is good, in a few words ("" when the table cannot say)."""
        return ""
