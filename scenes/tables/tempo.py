"""The bots' tempo: their play quickens the longer a person waits for it.

A bot's action is animated at the person's chosen speed so that it reads, but a
chain of bot turns (three Chama turns before the person's first, a Wyrt hand
folded round) added up to 15-20 s of waiting at the normal speed. Past a short
grace the animations speed up steadily, so the wait between two of a person's
decisions stays near `scenes.pace.WAIT_GOAL` however much the bots do; every
event is still shown and logged, and Space still skips at once.
"""

from __future__ import annotations


class BotTempo:
    """Game seconds a person has waited on the bots, and the speed-up they earn."""

    #: seconds of bots' play shown at the chosen speed
    GRACE = 2.0
    #: seconds past the grace for each further 1x of speed
    RAMP = 0.75
    #: the fastest the bots' animations get (still a glimpse of each)
    MOST = 8.0

    def __init__(self) -> None:
        self.waited = 0.0

    def tick(self, dt: float, waiting: bool) -> None:
        """Count a frame: `waiting` when a person is at the table and none is to act."""
        self.waited = self.waited + dt if waiting else 0.0

    def factor(self) -> float:
        """How much faster than the chosen speed the bots' animations play now."""
        past = self.waited - self.GRACE
        return 1.0 if past <= 0 else min(self.MOST, 1.0 + past / self.RAMP)
