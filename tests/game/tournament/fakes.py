"""Small fake games for the organizer's tests, built on the tiny game "alta".

The organizer must run any game through the engine contract only, so the tests
register variants of alta with other seat limits, with bots, or without the
shared `turn_limit` / `tournament` options, under names of their own.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from game.bots import RandomBot
from game.core import Match
from game.registry import GameInfo, OptionSpec
from tests.game.tiny_game import INFO as ALTA


def _random_bot(bot_id: str) -> RandomBot:
    return RandomBot(name=bot_id, level=bot_id)


def variant(name: str, **changes: Any) -> GameInfo:
    """A copy of alta's GameInfo under another name with some fields changed."""
    return dataclasses.replace(ALTA, name=name, **changes)


#: alta with bots "easy", "normal", "hard" (random players under those names).
WITH_BOTS = variant("alta_bots", make_bot=_random_bot, bot_ids=("easy", "normal", "hard"))
#: alta without the shared turn_limit / tournament options: the organizer
#: enforces the turn limit itself.
UNTIMED = variant(
    "alta_plain",
    options=(OptionSpec("hand", "int", 3, minimum=1, maximum=8),),
    make_bot=_random_bot,
    bot_ids=("easy",),
)
#: a two-player-only game (cannot seat melee).
DUEL_ONLY = variant("alta_duel", max_seats=2)
#: seats 2-3 (melee tables must shrink to 3 or 2).
UP_TO_THREE = variant("alta_three", max_seats=3)
#: seats 3-6 (no duels).
NO_DUELS = variant("alta_many", min_seats=3, max_seats=6)
#: a stand-in for Chama (ranked minimum, naming, placement points).
FAKE_CHAMA = variant("chama", make_bot=_random_bot, bot_ids=("easy", "normal"))

ALL = (WITH_BOTS, UNTIMED, DUEL_ONLY, UP_TO_THREE, NO_DUELS)


class FixedDistances(Match):
    """A stub match with given distances to victory.

    over=True: it ended by itself (timed out), standings by distance;
    over=False: still running, stopped by the organizer at its turn limit.
    """

    game_name = "alta"

    def __init__(self, distances: list[float], *, over: bool = True) -> None:
        super().__init__([f"p{i}" for i in range(len(distances))], 0, {})
        self.distances = distances
        self.over = over
        self.timed_out = over
        self.turn = 7

    @property
    def to_move(self) -> list[int]:
        return [] if self.over else [0]

    def legal_actions(self, seat: int) -> list[Any]:
        return []

    def _apply(self, seat: int, action: Any) -> list[Any]:
        return []

    def view(self, seat: int) -> dict[str, Any]:
        return {}

    def public_view(self) -> dict[str, Any]:
        return {}

    def standings(self) -> list[list[int]]:
        levels = sorted(set(self.distances))
        return [[s for s, d in enumerate(self.distances) if d == lv] for lv in levels]

    def distance_to_victory(self, seat: int) -> float:
        return self.distances[seat]

    def snapshot(self) -> dict[str, Any]:
        return {"d": self.distances}
