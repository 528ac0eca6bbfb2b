"""War, the Brazilian Risk: rules engine, board, exact odds and bots.

Public API (ARCHITECTURE.md): `BOARD`, `resolve_battle`, `win_probability`,
`trade_value`; plus `attack_distribution` / `remaining_distribution` (the full
outcome of "attack until N left") and `INFO` for the registry.
"""

from __future__ import annotations

from typing import Any

from game.registry import TOURNAMENT_OPTION, TURN_LIMIT_OPTION, GameInfo, OptionsError, OptionSpec
from game.war.board import BOARD, FIGURES, JOKER, Board
from game.war.checks import check_view, invariants, mask, reveals, scramble
from game.war.match import WarMatch
from game.war.objectives import COLORS, OBJECTIVES, Objective
from game.war.odds import (
    attack_distribution,
    conquest_probability,
    remaining_distribution,
    resolve_battle,
    until_dice,
    until_stop,
    win_probability,
)
from game.war.trades import is_set, trade_value

#: Per-seat army colour; "random" seats draw from the colours nobody chose.
COLORS_OPTION = OptionSpec("colors", "per_seat", "random", choices=("random", *COLORS))


def check_options(n_seats: int, options: dict[str, Any]) -> None:
    """Two seats cannot play the same colour."""
    chosen = [c for c in options.get("colors") or [] if c != "random"]
    if len(chosen) != len(set(chosen)):
        raise OptionsError("war.options.duplicate_color", "two seats chose the same colour")


def make_bot(bot_id: str) -> Any:
    """A War bot: "easy", "normal" or "hard"."""
    from game.war.bots import make_bot as _make

    return _make(bot_id)


#: Rounds after which a match only bots play (`simulate`, `--autoplay`) ends on
#: time [R7] unless `-o turn_limit=…` says otherwise (0: no limit). Measured
#: with no limit: four normal bots took 6-38 rounds (30 games), three easy bots
#: 4-150 (40 games), six easy bots 18-58 (20 games); 200 leaves ordinary games
#: alone and still ends the rare marathon where nobody closes out an objective.
BOTS_ONLY_ROUNDS = 200


INFO = GameInfo(
    name="war",
    min_seats=2,
    max_seats=6,
    match_class=WarMatch,
    options=(COLORS_OPTION, TURN_LIMIT_OPTION, TOURNAMENT_OPTION),
    bot_ids=("easy", "normal", "hard"),
    make_bot=make_bot,
    hidden_info=True,
    check_options=check_options,
    invariants=invariants,
    check_view=check_view,
    scramble=scramble,
    reveals=reveals,
    mask=mask,
    extra={
        "default_seats": 4,  # what the new-match screen offers first
        "bots_only_rounds": BOTS_ONLY_ROUNDS,
    },
)

__all__ = [
    "BOARD",
    "COLORS",
    "FIGURES",
    "INFO",
    "JOKER",
    "OBJECTIVES",
    "Board",
    "Objective",
    "WarMatch",
    "attack_distribution",
    "conquest_probability",
    "is_set",
    "remaining_distribution",
    "resolve_battle",
    "trade_value",
    "until_dice",
    "until_stop",
    "win_probability",
]
