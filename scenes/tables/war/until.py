"""War's "attack until": it rolls on by itself while the person watches, until
the target falls, the source is down to the chosen stop, or the turn moves on.

A core without pixels: handed the viewer's view, it says the next roll or that
it stopped; the table submits the roll, or tells the result and syncs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.war import records as R
from game.war import until_dice, until_stop


@dataclass(frozen=True)
class Stopped:
    """ "Attack until" is over: the target was `won` (or not), after `rolls`
    rolls that cost the source `lost` armies."""

    won: bool
    rolls: int
    lost: int


@dataclass
class AttackUntil:
    """One "attack until" from `source` on `target`."""

    source: str
    target: str
    #: stop when this many armies are left in the source (0: conquer or bust)
    stop_at: int
    #: the source's armies when it began
    start: int
    rolls: int = 0

    def next_roll(
        self, view: Mapping[str, Any], seat: int | None, to_move: Sequence[int]
    ) -> R.Attack | Stopped:
        """The next roll for `seat` (counted), or why it stops now."""
        armies = view.get("armies", {})
        conquered = view.get("owners", {}).get(self.target) == seat
        able = armies.get(self.source, 0) - 1
        # The same policy as the odds shown (game.war.until_dice): never below the stop.
        dice = until_dice(able, until_stop(self.stop_at))
        stop = view.get("phase") != "attack" or conquered or dice == 0
        if stop or seat is None or seat not in to_move:
            return Stopped(conquered, self.rolls, self.start - armies.get(self.source, 0))
        self.rolls += 1
        return R.Attack(self.source, self.target, dice)
