"""Chama: a Spellfire-style card game on four one-suit decks ([C1]–[C16]).

Public API: `INFO` (the registry entry) and `timed_score` ([C16]).
"""

from __future__ import annotations

from game.chama.bots import make_bot
from game.chama.checks import check_options, check_view, invariants, reveals, scramble
from game.chama.match import ChamaMatch
from game.chama.rules import MODES, timed_score
from game.registry import TOURNAMENT_OPTION, TURN_LIMIT_OPTION, GameInfo, OptionSpec

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("mode", "choice", "campeonato", choices=MODES, ruling="C14"),
    OptionSpec("aliados", "bool", False, ruling="C15"),
    OptionSpec("xisum", "bool", False, ruling="C15"),
    OptionSpec("pineapple", "per_seat", "no", choices=("no", "yes"), ruling="C15"),
    TURN_LIMIT_OPTION,
    TOURNAMENT_OPTION,
)

INFO = GameInfo(
    name="chama",
    min_seats=2,
    max_seats=4,
    match_class=ChamaMatch,
    options=OPTIONS,
    bot_ids=("easy", "normal", "hard"),
    make_bot=make_bot,
    hidden_info=True,
    check_options=check_options,
    invariants=invariants,
    check_view=check_view,
    scramble=scramble,
    reveals=reveals,
    extra={"default_seats": 2},  # what the new-match screen offers first
)

__all__ = ["INFO", "ChamaMatch", "timed_score"]
