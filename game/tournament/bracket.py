"""Seeded single-elimination brackets [R1] [R4].

Seed 1 meets the last seed, seed 2 the second last, and so on, placed so that
seeds 1 and 2 can only meet in the final (the usual bracket order: for 8,
1 v 8, 4 v 5, 2 v 7, 3 v 6). A field that is not a power of two is completed
with empty slots, which fall to the top seeds as byes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

#: An entrant number, or None for an empty slot.
Slot = int | None


def bracket_size(n: int) -> int:
    """The smallest power of two holding `n` entrants (at least 2)."""
    size = 2
    while size < n:
        size *= 2
    return size


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in slot order for a bracket of `size` (a power of two)."""
    if size < 2 or size & (size - 1):
        raise ValueError("a bracket holds a power of two slots")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def initial_slots(seeds: Sequence[int]) -> list[Slot]:
    """The first round's slots: `seeds[0]` is seed 1; missing seeds are empty."""
    size = bracket_size(len(seeds))
    return [seeds[s - 1] if s <= len(seeds) else None for s in bracket_order(size)]


def slot_pairs(slots: Sequence[Slot]) -> list[tuple[Slot, Slot]]:
    """Matches of a round: slots 0 v 1, 2 v 3, …"""
    return [(slots[i], slots[i + 1]) for i in range(0, len(slots), 2)]


def rounds_needed(n: int) -> int:
    """How many knockout rounds `n` entrants need."""
    size = bracket_size(n)
    return size.bit_length() - 1


def round_label(matches: int) -> str:
    """Translation key (under `tournament.bracket.`) of a round of `matches` matches."""
    return {1: "final", 2: "semifinal", 4: "quarterfinal"}.get(matches, "round_of")


@dataclass
class BracketMatch:
    """One match of a bracket view; entrants not yet known are None."""

    slot: int
    top: Slot
    bottom: Slot
    top_seed: int | None = None
    bottom_seed: int | None = None
    #: table number in its round once the round is paired
    table: int | None = None
    winner: Slot = None
    #: "pending", "played", "bye" (an empty slot), "walkover" (a dropped opponent)
    status: str = "pending"


@dataclass
class BracketRound:
    """One knockout round of a bracket view."""

    #: 1-based knockout round
    index: int
    #: translation key under `tournament.bracket.` ("final", "semifinal", …)
    label: str
    #: the tournament round it was played in, once started
    round_number: int | None
    matches: list[BracketMatch] = field(default_factory=list)
