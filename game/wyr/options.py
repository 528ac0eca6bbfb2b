"""Wyr's option schema and the seat/group cross-check ([Y1], [Y11])."""

from __future__ import annotations

from typing import Any

from game.registry import TOURNAMENT_OPTION, TURN_LIMIT_OPTION, OptionsError, OptionSpec
from game.wyr.rules import GROUP_SIZES

OPTIONS: tuple[OptionSpec, ...] = (
    # Group play: pairs (4 or 6 seats) or trios (6 seats), interleaved ([Y1]).
    OptionSpec("groups", "choice", "none", choices=("none", "pairs", "trios"), ruling="Y1"),
    # Variants of [Y11], all combinable.
    OptionSpec("hyninn", "choice", 0, choices=(0, 2, 4), ruling="Y11"),
    OptionSpec("nimb", "bool", False, ruling="Y11"),
    OptionSpec("azgher", "bool", False, ruling="Y11"),
    OptionSpec("thyatis", "bool", False, ruling="Y11"),
    OptionSpec("tenebra", "bool", False, ruling="Y11"),
    TURN_LIMIT_OPTION,
    TOURNAMENT_OPTION,
)

#: Seat counts each group mode allows ([Y1]).
ALLOWED_SEATS: dict[str, tuple[int, ...]] = {
    "none": (2, 3, 4, 5),
    "pairs": (4, 6),
    "trios": (6,),
}


def check_options(n_seats: int, options: dict[str, Any]) -> None:
    """Raise `OptionsError` when the seat count does not fit the group mode ([Y1])."""
    mode = options.get("groups", "none")
    if mode not in GROUP_SIZES:
        raise OptionsError("wyr.options.bad_groups", f"unknown group mode {mode!r}", seats=n_seats)
    if n_seats not in ALLOWED_SEATS[mode]:
        if mode == "none":
            raise OptionsError(
                "wyr.options.alone_needs_2_to_5",
                f"individual Wyr is for 2 to 5 lords; {n_seats} need group play",
                seats=n_seats,
            )
        raise OptionsError(
            "wyr.options.groups_dont_fit",
            f"{n_seats} lords cannot sit in equal groups of {GROUP_SIZES[mode]} "
            f"(pairs need 4 or 6 lords, trios 6)",
            seats=n_seats,
            size=GROUP_SIZES[mode],
        )
