"""Wyrt, the poker of Arton: five cards in hand, two community cards from the dice.

Public rules API (ARCHITECTURE.md):

    evaluate(cards) -> HandValue            best five of 5-7 cards, duplicates allowed
    card_from_dice(suit_die, value_dice)    the dice card, or None to reroll the suit

and `INFO`, the game's entry in the registry. `profile_result(match)` reads the
life points of the profile seat back after a session with O Morto; the profile
file itself lives in `game.wyrt.profile`.
"""

from __future__ import annotations

from game.core import Match
from game.registry import GameInfo
from game.wyrt.bots import make_bot
from game.wyrt.checks import check_view, invariants, mask, reveals, scramble
from game.wyrt.dice_cards import card_from_dice
from game.wyrt.evaluator import CATEGORIES, HandValue, evaluate, warm_up
from game.wyrt.luck import DiceLuck
from game.wyrt.match import WyrtMatch
from game.wyrt.options import MAX_SEATS, MIN_SEATS, OPTIONS, check_options
from game.wyrt.personas import LEVEL_PERSONAS, PERSONAS, ROSTER_ORDER, Persona
from game.wyrt.results import ProfileResult, profile_result

INFO = GameInfo(
    name="wyrt",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    match_class=WyrtMatch,
    options=OPTIONS,
    bot_ids=ROSTER_ORDER,
    make_bot=make_bot,
    hidden_info=True,
    check_options=check_options,
    invariants=invariants,
    check_view=check_view,
    scramble=scramble,
    reveals=reveals,
    mask=mask,
    luck=DiceLuck,
    extra={
        "personas": {p: PERSONAS[p].to_dict() for p in ROSTER_ORDER},
        # A bot seat plays the persona it is: see game.registry.with_bot_choices.
        "bot_option": "personas",
        # bot:easy|normal|hard name personas of the low, middle and high tier
        "bot_levels": LEVEL_PERSONAS,
        "default_seats": 4,
    },
)

__all__ = [
    "CATEGORIES",
    "INFO",
    "PERSONAS",
    "HandValue",
    "Match",
    "Persona",
    "ProfileResult",
    "WyrtMatch",
    "card_from_dice",
    "evaluate",
    "profile_result",
    "warm_up",
]
