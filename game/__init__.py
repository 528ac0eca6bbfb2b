"""Taverna's engine layer: pure Python, no pygame, no I/O but explicit calls.

Public entry points (see ARCHITECTURE.md): `GAMES`, `new_match`, `load_match`,
`IllegalAction`, and the shared pieces in `game.cards`, `game.dice`, `game.rng`.

The names below are loaded on first use (PEP 562), so importing a small piece
such as `game.storage` does not pull in the whole engine: the app's first frame
depends on it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_LAZY: dict[str, str] = {
    **dict.fromkeys(
        ("Action", "Event", "IllegalAction", "Match", "MatchOver", "SaveError"), "game.core"
    ),
    **dict.fromkeys(
        (
            "GAMES",
            "KNOWN_GAMES",
            "GameInfo",
            "OptionsError",
            "OptionSpec",
            "get_info",
            "load_match",
            "make_bot",
            "new_match",
        ),
        "game.registry",
    ),
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'game' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


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
