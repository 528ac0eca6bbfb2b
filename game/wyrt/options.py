"""Wyrt's option schema, table presets and the cross-checks of options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.registry import TOURNAMENT_OPTION, TURN_LIMIT_OPTION, OptionsError, OptionSpec
from game.wyrt.personas import MORTO, ROSTER_ORDER

MIN_SEATS = 2
MAX_SEATS = 8

#: table preset -> (minimum bet, default starting stack in big blinds) ([T1])
TABLES: dict[str, tuple[int, int]] = {
    "casual": (2, 50),  # friends at home: T$ 2, T$ 100 each
    "tavern": (10, 100),  # the usual tavern table: T$ 10, T$ 1 000 each
    "ahlen": (10_000, 100),  # Ahlen elite: T$ 10 000, T$ 1 000 000 each
}
MODES: tuple[str, ...] = ("standard", "death_match", "life_cassino")
DEALERS: tuple[str, ...] = ("auto", "buck", "fixed")
#: "auto" takes the persona a seat's name asks for ("bot:carteador"), else the default
AUTO = "auto"
PERSONA_CHOICES: tuple[str, ...] = (AUTO, *ROSTER_ORDER)


@dataclass(frozen=True)
class PerSeatOption(OptionSpec):
    """A per-seat option that also validates when the seat count is not passed.

    `GameInfo.resolve_options` calls `validate(value)` without the seat count,
    so the plain per-seat check would refuse every list; here a missing count
    checks only the choices, and `check_options` checks the length.
    """

    def validate(self, value: Any, n_seats: int = 0) -> Any:
        """The value if every entry is a valid choice (and the length fits, if known)."""
        if n_seats:
            return super().validate(value, n_seats)
        if not isinstance(value, list) or any(v not in self.choices for v in value):
            raise OptionsError(
                "core.options.bad_per_seat",
                f"option {self.key} needs one of {list(self.choices)} for each seat",
                option=self.key,
            )
        return value


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("table", "choice", "tavern", choices=tuple(TABLES), ruling="T1"),
    OptionSpec("stack_bb", "int", 0, minimum=0, maximum=1000, ruling="T1"),
    OptionSpec("mode", "choice", "standard", choices=MODES, ruling="T11"),
    OptionSpec("dealer", "choice", "auto", choices=DEALERS, ruling="T7"),
    OptionSpec("straddle", "bool", True, ruling="T2"),
    OptionSpec("cheating", "bool", False, ruling="T9"),
    OptionSpec("relics", "bool", True, house=True, ruling="T11"),
    PerSeatOption("personas", "per_seat", AUTO, choices=PERSONA_CHOICES, ruling="T10"),
    OptionSpec("hand_limit", "int", 0, minimum=0, maximum=10_000, ruling="T8"),
    OptionSpec("start_pv", "int", 20, minimum=1, maximum=1000, ruling="T11"),
    OptionSpec("pv_bet", "int", 2, minimum=1, maximum=100, ruling="T11"),
    OptionSpec(
        "profile_seat", "int", -1, minimum=-1, maximum=MAX_SEATS - 1, ruling="T11", internal=True
    ),
    OptionSpec("profile_pv", "int", 20, minimum=0, maximum=1_000_000, ruling="T11", internal=True),
    TURN_LIMIT_OPTION,
    TOURNAMENT_OPTION,
)


def check_options(n_seats: int, options: dict[str, Any]) -> None:
    """Refuse impossible combinations with an `OptionsError`."""
    personas = options.get("personas") or []
    if personas and len(personas) != n_seats:
        raise OptionsError(
            "core.options.bad_per_seat",
            f"option personas needs one entry for each of the {n_seats} seats",
            option="personas",
        )
    mode = options.get("mode", "standard")
    if mode == "death_match" and options.get("hand_limit", 0):
        raise OptionsError(
            "rulings.wyrt.death_match_no_limit",
            "a Death Match has no hand limit: nobody may stand up",
        )
    if mode == "life_cassino" and MORTO in personas:
        raise OptionsError(
            "wyrt.options.morto_is_dealer",
            "at the Life Cassino O Morto deals and does not play",
        )
    if mode == "life_cassino" and options.get("dealer", "auto") == "buck":
        # [T11]: at the Life Cassino O Morto is the fixed dealer
        raise OptionsError(
            "wyrt.options.cassino_fixed_dealer",
            "at the Life Cassino O Morto deals every hand: the buck does not pass",
        )
    if mode == "death_match" and personas.count(MORTO) > 1:
        raise OptionsError("wyrt.options.one_morto", "there is only one O Morto")
    seat = options.get("profile_seat", -1)
    if seat >= n_seats:
        raise OptionsError(
            "wyrt.options.no_profile_seat",
            f"the profile seat {seat} is not at this table of {n_seats}",
            seat=seat,
        )
    if seat >= 0 and mode != "standard" and options.get("profile_pv", 0) <= 0:
        raise OptionsError(
            "wyrt.options.profile_dead",
            "a profile without life points cannot wager its life",
        )
