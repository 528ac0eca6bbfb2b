"""The bots' turns at a table: a bot thinks in the worker off the render loop,
its answer is applied when it comes, and the pace of what is shown (the bots'
tempo, `>>`, Space to skip ahead).
"""

from __future__ import annotations

from game import (
    IllegalAction,
)
from scenes.i18n import tr


class BotTurns:
    """Bots' turns and pace (mixed into `TableScene`)."""

    def _start_bot(self, seat: int) -> None:
        if self.tools.replay_bot(self, seat):
            return
        view = self.match.view(seat)
        legal = self.legal_actions(seat)
        self._bot_generation = self._generation
        self.worker.start(seat, len(self.match.log), view, legal)

    def _apply_bot_result(self) -> None:
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

    def _speed(self) -> float:
        """Animation speed: the setting, ×8 with "fast", instant while skipping,
        quicker the longer a person has waited on the bots (`BotTempo`)."""
        if self.skipping:
            return 0.0
        return (
            self.app.settings.speed_factor
            * (8.0 if self.fast_forward else 1.0)
            * self.tempo.factor()
        )

    def waits_on_bots(self) -> bool:
        """A person sits at this table and waits: for the bots, or for what is
        still being shown before his decision."""
        if not self.humans or self.spectator or self.match.is_over:
            return False
        deciding = self.human_to_act() is not None and not self.events
        return not (deciding and not self.tweens.busy and not self.animating())

    def skip_ahead(self) -> None:
        """Space, at any time: finish what is animating and play on at once to
        the next decision of the person at the screen (bots' turns included)."""
        self.tweens.finish_all()
        self.finish_animations()
        self.bot_wait = 0.0
        if self.human_to_act() is None or self.human_to_act() != self.viewer or self.events:
            self.skipping = not self.match.is_over

    def skip_note(self) -> str:
        """ "  ·  Space: skip ahead" while others play and a person could skip."""
        if self.match.is_over or self.skipping or not self.humans:
            return ""
        human = self.human_to_act()
        if human is not None and human == self.viewer and not self.events:
            return ""
        return "  ·  " + tr("ui.table_base.skip")
