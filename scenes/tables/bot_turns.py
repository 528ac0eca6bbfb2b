"""The bots' turns at a table: a bot thinks in the worker off the render loop,
its answer is applied when it comes, and the pace of what is shown (the bots'
tempo, `>>`, Space to skip ahead).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from game import (
    Action,
    Event,
    IllegalAction,
)
from game.core import TableMatch
from scenes.i18n import tr
from scenes.tables.bot_worker import BotWorker
from scenes.tables.practice_tools import PracticeTools
from scenes.tables.tempo import BotTempo
from scenes.widgets.tween import Tweens

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.face import SeatSetup


class BotTurnsHost(Protocol):
    """What the bots' turns and the pace read and call of the table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def match(self) -> TableMatch: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def humans(self) -> Sequence[int]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def spectator(self) -> bool: ...
    @property
    def practice(self) -> bool: ...
    @property
    def events(self) -> deque[Event]: ...
    @property
    def tools(self) -> PracticeTools: ...
    @property
    def worker(self) -> BotWorker: ...
    @property
    def tempo(self) -> BotTempo: ...
    @property
    def tweens(self) -> Tweens: ...
    @property
    def fast_forward(self) -> bool: ...
    @property
    def _generation(self) -> int: ...

    _bot_generation: int
    bot_wait: float
    skipping: bool

    def is_human(self, seat: int) -> bool: ...
    def human_to_act(self) -> int | None: ...
    def legal_actions(self, seat: int) -> list[Action]: ...
    def play(self, seat: int, action: Action) -> list[Event]: ...
    def animating(self) -> bool: ...
    def finish_animations(self) -> None: ...


class BotTurns:
    """Bots' turns and pace (mixed into `TableScene`)."""

    # (what it writes of the host, for mypy, which takes a write through `self` for
    # the mix-in's own attribute; `TableScene.__init__` sets them first)
    _bot_generation: int
    bot_wait: float
    skipping: bool

    def _start_bot(self: BotTurnsHost, seat: int) -> None:
        if self.tools.replay_bot(self, seat):
            return
        view = self.match.view(seat)
        legal = self.legal_actions(seat)
        self._bot_generation = self._generation
        self.worker.start(seat, len(self.match.log), view, legal)

    def _apply_bot_result(self: BotTurnsHost) -> None:
        result = self.worker.poll()
        if result is None:
            return
        seat, stamp, action, _took = result
        if seat not in self.match.to_move or self._bot_generation != self._generation:
            return  # the table moved on (or was taken back) while it thought
        if isinstance(action, BaseException):
            # A bot must never stall the table: say so, leave a report, and make
            # the first legal move.
            from game import logs

            logs.crash_report(action, f"a {self.match.game_name} bot's decision (seat {seat})")
            self.app.notify(tr("ui.table.bot_failed", name=self.seats[seat].name), "error")
            action = self.match.legal_actions(seat)[0]
        elif stamp != len(self.match.log):
            return  # someone else acted meanwhile: it thinks again on the new position
        try:
            self.events.extend(self.play(seat, action))
        except IllegalAction:
            self.events.extend(self.play(seat, self.match.legal_actions(seat)[0]))

    def _speed(self: BotTurnsHost) -> float:
        """Animation speed: the setting, ×8 with "fast", instant while skipping,
        quicker the longer a person has waited on the bots (`BotTempo`)."""
        if self.skipping:
            return 0.0
        return (
            self.app.settings.speed_factor
            * (8.0 if self.fast_forward else 1.0)
            * self.tempo.factor()
        )

    def waits_on_bots(self: BotTurnsHost) -> bool:
        """A person sits at this table and waits: for the bots, or for what is
        still being shown before his decision."""
        if not self.humans or self.spectator or self.match.is_over:
            return False
        deciding = self.human_to_act() is not None and not self.events
        return not (deciding and not self.tweens.busy and not self.animating())

    def skip_ahead(self: BotTurnsHost) -> None:
        """Space, at any time: finish what is animating and play on at once to
        the next decision of the person at the screen (bots' turns included)."""
        self.tweens.finish_all()
        self.finish_animations()
        self.bot_wait = 0.0
        if self.human_to_act() is None or self.human_to_act() != self.viewer or self.events:
            self.skipping = not self.match.is_over

    def skip_note(self: BotTurnsHost) -> str:
        """ "  ·  Space: skip ahead" while others play and a person could skip."""
        if self.match.is_over or self.skipping or not self.humans:
            return ""
        human = self.human_to_act()
        if human is not None and human == self.viewer and not self.events:
            return ""
        return "  ·  " + tr("ui.table_base.skip")
