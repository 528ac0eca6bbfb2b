"""Practice at a table: undo and redo (the table is shown as it stands after a
jump), the hint from the strongest bot (thought off the render loop) and the
bots' revealed seats.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game import (
    Action,
    Event,
    make_bot,
)
from game.core import TableMatch, local_match
from game.registry import GameInfo
from game.rng import Rng
from scenes import style
from scenes.i18n import tr
from scenes.tables.practice_tools import PracticeTools, hint_line
from scenes.tables.table_log import replay_events
from scenes.widgets.tween import Tweens

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.face import SeatSetup


class PracticeFlowHost(Protocol):
    """What undo, redo and hints read and call of the table."""

    #: undo and redo put the same match at another point of its log in its place
    match: TableMatch
    #: everything the log has said, told again after a jump
    history: list[tuple[Event | None, str, tuple[int, int, int], dict[str, Any]]]
    finished: bool
    _generation: int
    _hint: tuple[int, Action] | None

    @property
    def app(self) -> AppHost: ...
    @property
    def info(self) -> GameInfo: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def practice(self) -> bool: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def events(self) -> deque[Event]: ...
    @property
    def tweens(self) -> Tweens: ...
    @property
    def tools(self) -> PracticeTools: ...

    def is_human(self, seat: int) -> bool: ...
    def human_to_act(self) -> int | None: ...
    def legal_actions(self, seat: int) -> list[Action]: ...
    def describe_action(self, action: Action) -> str: ...
    def hint_reason(self, action: Action) -> str: ...
    def after_jump(self, note: str | Callable[[], str] = "") -> None: ...
    def finish_animations(self) -> None: ...
    def rebuild_log(self) -> None: ...
    def sync(self) -> None: ...
    def refresh_controls(self) -> None: ...
    def refresh_secrets(self) -> None: ...


class PracticeFlow:
    """Undo, redo and hints (mixed into `TableScene`)."""

    # (what it writes of the host, for mypy, which takes a write through `self` for
    # the mix-in's own attribute; `TableScene.__init__` sets them first)
    _generation: int
    finished: bool
    history: list[tuple[Event | None, str, tuple[int, int, int], dict[str, Any]]]
    _hint: tuple[int, Action] | None

    def undo(self: PracticeFlowHost) -> None:
        """Take back to just before the last human action (practice mode).

        A bot thinking meanwhile is not waited for: its answer, about a
        position that no longer exists, is thrown away (see `after_jump`)."""
        self.tools.undo(self)

    def after_jump(self: PracticeFlowHost, note: str | Callable[[], str] = "") -> None:
        """The match was replaced by the same match at another point of its log
        (undo, redo, a replay's step back): show it as it stands now."""
        self._generation += 1
        self.events.clear()
        self.tweens.finish_all()
        self.finish_animations()
        self.finished = False
        self.history = [(e, "", style.INK, {}) for e in replay_events(local_match(self.match))]
        if note:
            words, extra = (note(), {"retell": note}) if callable(note) else (note, {})
            self.history.append((None, words, style.INK_SOFT, extra))
        self.rebuild_log()
        self.sync()
        self.refresh_controls()

    def redo(self: PracticeFlowHost) -> None:
        """Forward again along what was undone (practice mode)."""
        self.tools.redo(self)

    def toggle_reveal(self: PracticeFlowHost) -> None:
        """Show or hide the bots' secrets (the pause menu's and the key's switch)."""
        self.tools.toggle_reveal(self)

    def revealed_seats(self: PracticeFlowHost) -> list[int]:
        """Bot seats whose hidden cards and objectives the table shows (practice option).

        Tables draw those seats' secrets from `self.match.view(seat)`.
        """
        return self.tools.revealed_seats(self)

    def hint(self: PracticeFlowHost) -> None:
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

    def show_hint(self: PracticeFlowHost, action: Action) -> None:
        """Present a hint (tables may highlight instead)."""
        self.app.notify(hint_line(self, self.describe_action(action), self.hint_reason(action)))

    def hint_reason(self: PracticeFlowHost, action: Action) -> str:
        """Why the hint's action is good, in a few words ("" when the table cannot say)."""
        return ""
