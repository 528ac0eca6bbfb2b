"""Placement points and the grand champion of combined events [R9].

Chama tournaments award 25, 18, 15, 12, 10, 8, 6, 4, 2, 1 to places 1-10.
Combined events (a duel and a melee tournament together) award grand-champion
points 48, 42, 37, 33, 29, 26, 23, 20, 17, 15, 13, 11, 9, 7, 5, 3 to places
1-16 and 1 to every place below; the totals decide the grand champion, who must
have played every tournament of the event. Equal totals: the better place in
the tournament with more entrants; still equal (or no single larger
tournament): co-champions, sharing the rank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

CHAMA_PLACEMENT_POINTS: tuple[int, ...] = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
GRAND_CHAMPION_POINTS: tuple[int, ...] = (
    48,
    42,
    37,
    33,
    29,
    26,
    23,
    20,
    17,
    15,
    13,
    11,
    9,
    7,
    5,
    3,
)
#: Grand-champion points for 17th place and below.
GRAND_CHAMPION_FLOOR = 1


def placement_points(place: int) -> int:
    """Chama placement points of a 1-based place (0 below 10th) [R9]."""
    if place < 1:
        raise ValueError("places start at 1")
    return CHAMA_PLACEMENT_POINTS[place - 1] if place <= len(CHAMA_PLACEMENT_POINTS) else 0


def grand_champion_points(place: int) -> int:
    """Grand-champion points of a 1-based place [R9]."""
    if place < 1:
        raise ValueError("places start at 1")
    if place <= len(GRAND_CHAMPION_POINTS):
        return GRAND_CHAMPION_POINTS[place - 1]
    return GRAND_CHAMPION_FLOOR


@dataclass(frozen=True)
class EventResult:
    """One tournament of a combined event: its field size and everyone's final place."""

    field_size: int
    #: player name -> final place (1-based)
    places: Mapping[str, int]


@dataclass
class GrandChampionRow:
    """One player of the combined event."""

    name: str
    points: int
    #: place in each event, None where he did not play
    places: tuple[int | None, ...]
    #: played every event (only those can be grand champion)
    eligible: bool
    #: 1-based rank among eligible players (co-champions share 1); None if not eligible
    rank: int | None = None
    co_champion: bool = False
    points_per_event: tuple[int, ...] = field(default_factory=tuple)


def grand_champion_table(events: Sequence[EventResult]) -> list[GrandChampionRow]:
    """Totals of a combined event, eligible players ranked first [R9]."""
    names = sorted({n for e in events for n in e.places})
    rows: list[GrandChampionRow] = []
    for name in names:
        places = tuple(e.places.get(name) for e in events)
        per = tuple(grand_champion_points(p) if p is not None else 0 for p in places)
        rows.append(
            GrandChampionRow(
                name=name,
                points=sum(per),
                places=places,
                eligible=all(p is not None for p in places),
                points_per_event=per,
            )
        )
    sizes = [e.field_size for e in events]
    largest = [i for i, s in enumerate(sizes) if s == max(sizes)] if sizes else []
    decider = largest[0] if len(largest) == 1 else None

    def key(r: GrandChampionRow) -> tuple[int, int]:
        place = r.places[decider] if decider is not None else None
        return (-r.points, place if place is not None else 10**9)

    eligible = sorted((r for r in rows if r.eligible), key=lambda r: (key(r), r.name))
    rank = 0
    previous: tuple[int, int] | None = None
    for i, r in enumerate(eligible):
        k = key(r)
        if k != previous:
            rank = i + 1
            previous = k
        r.rank = rank
    firsts = [r for r in eligible if r.rank == 1]
    if len(firsts) > 1:
        for r in firsts:
            r.co_champion = True
    others = sorted((r for r in rows if not r.eligible), key=lambda r: (-r.points, r.name))
    return eligible + others
