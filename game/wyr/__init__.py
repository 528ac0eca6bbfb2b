"""Wyr, the card-and-dice game of the lords of Arton (seed 000, rulings [Y1]-[Y11]).

Public API: `INFO` (the registry entry) and `best_combination(cards)`.
"""

from __future__ import annotations

from game.bots import Bot
from game.registry import GameInfo
from game.wyr.checks import check_view, invariants, reveals, scramble
from game.wyr.combos import NAMES, POINTS, Combination, best_combination
from game.wyr.match import WyrMatch
from game.wyr.options import OPTIONS, check_options


def _make_bot(bot_id: str) -> Bot:
    # imported on first use: the bots are not needed to load a match
    from game.wyr.bots import make_bot

    return make_bot(bot_id)


INFO = GameInfo(
    name="wyr",
    min_seats=2,
    max_seats=6,
    match_class=WyrMatch,
    options=OPTIONS,
    bot_ids=("easy", "normal", "hard"),
    make_bot=_make_bot,
    hidden_info=True,
    check_options=check_options,
    invariants=invariants,
    check_view=check_view,
    scramble=scramble,
    reveals=reveals,
    extra={"default_seats": 4},  # what the new-match screen offers first
)

__all__ = [
    "INFO",
    "NAMES",
    "POINTS",
    "Combination",
    "WyrMatch",
    "best_combination",
]
