"""Taverna's engine layer: pure Python, no pygame, no I/O but explicit calls.

Public entry points (see ARCHITECTURE.md): `GAMES`, `new_match`, `load_match`,
`IllegalAction`, and the shared pieces in `game.cards`, `game.dice`, `game.rng`.
"""

from game.core import Action, Event, IllegalAction, Match, MatchOver, SaveError
from game.registry import (
    GAMES,
    KNOWN_GAMES,
    GameInfo,
    OptionsError,
    OptionSpec,
    get_info,
    load_match,
    make_bot,
    new_match,
)

__all__ = [
    "GAMES",
    "KNOWN_GAMES",
    "Action",
    "Event",
    "GameInfo",
    "IllegalAction",
    "Match",
    "MatchOver",
    "OptionSpec",
    "OptionsError",
    "SaveError",
    "get_info",
    "load_match",
    "make_bot",
    "new_match",
]
