"""The tournament formats' fixed numbers and what a game can seat [R1] [R4] [R6]."""

from __future__ import annotations

from game.registry import get_info
from game.tournament.model import FORMATS

#: Options the organizer sets itself on every match ([R7] [R8]).
RESERVED_OPTIONS = ("turn_limit", "tournament")
#: Allowed top cuts [R4].
TOP_CUTS = (0, 4, 8)
#: Entrants above this many make the melee final table 4 players, else 3 [R6].
FINAL_TABLE_THRESHOLD = 12
#: The melee semifinal stage (seed 004, grand champion): the top 16 at four tables
#: of four; each table's winner goes to the final table, the 2nd and 3rd places
#: take places 5-12 and the 4th places 13-16, each band by preliminary standing.
SEMIFINAL_TABLES = 4
SEMIFINAL_SEATS = 4
SEMIFINAL_FIELD = SEMIFINAL_TABLES * SEMIFINAL_SEATS


def recommended_rounds(entrants: int, fmt: str = "swiss") -> int:
    """A sensible number of preliminary rounds.

    Swiss: enough rounds for one undefeated entrant, ceil(log2 n) (at least 1).
    Melee: the source's usual 2, or 3 from 12 entrants on. Elimination: the
    bracket's rounds.
    """
    if fmt == "melee":
        return 3 if entrants >= FINAL_TABLE_THRESHOLD else 2
    return max(1, (max(2, entrants) - 1).bit_length())


def formats_for(game: str) -> list[str]:
    """The formats a game can seat: duels need 2 seats, melee 3 or more [R1]."""
    info = get_info(game)
    out = []
    if info.min_seats <= 2 <= info.max_seats:
        out += ["swiss", "elimination"]
    if info.max_seats >= 3:
        out.append("melee")
    return [f for f in FORMATS if f in out]
