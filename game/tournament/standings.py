"""Standings with their tie-breaks: Swiss duels [R3] and melee tables [R6].

Duels: points, then among entrants on equal points
1. a tied entrant who beat every other tied entrant goes first (repeated on
   those left: someone who beat all the rest goes next, and so on);
2. strength of schedule (SoS): the sum of the points of every opponent met,
   once per meeting. Opponents' points include their byes, and a dropped
   opponent counts with the points he had when he left (he earns no more).
   A bye is not an opponent and adds nothing;
3. registration number, lower first.
"Beat" means won (on time or not) at least once and never lost to him.

Melee: points, then among entrants on equal points
1. head-to-head: at the tables where tied entrants met, +1 for each tied
   entrant you finished above and -1 for each you finished below (for two
   players, simply who finished ahead where they met);
2. strength of schedule, as above (each tablemate once per table);
3. a seeded roll-off (2d6, the tied re-roll) from the tournament seed, so the
   same results always give the same order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from game.dice import roll_off
from game.rng import Rng
from game.tournament.model import Entrant, Round
from game.tournament.scoring import duel_outcomes, melee_points


@dataclass
class StandingRow:
    """One line of a standings table; columns that do not apply are None."""

    place: int
    number: int
    name: str
    bot: str | None = None
    points: int = 0
    played: int = 0
    wins: int = 0
    timed_wins: int = 0
    draws: int = 0
    timed_losses: int = 0
    losses: int = 0
    byes: int = 0
    #: melee: tables finished first (alone or shared)
    firsts: int = 0
    #: duel: placed by the "beat every tied entrant" rule [R3]
    beat_all: bool = False
    #: melee: head-to-head among the entrants tied on points [R6]
    h2h: int | None = None
    sos: int = 0
    #: melee: place won in the seeded roll-off among entrants still tied [R6]
    rolloff: int | None = None
    dropped: bool = False
    #: rank after the Swiss / melee rounds (final standings)
    prelim_rank: int | None = None
    #: knockout seed (top cut or single elimination)
    seed: int | None = None
    #: how far he went: "champion", "final", "semifinal", "quarterfinal",
    #: "round_of" (earlier knockout rounds), "final_table" (translation keys
    #: under `tournament.reached.`), or None
    reached: str | None = None
    #: knockout rounds (or final-table) he took part in
    reached_round: int | None = None
    #: Chama placement points of a ranked event [R9]
    placement_points: int | None = None
    #: grand-champion points of the final place [R9]
    grand_points: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return asdict(self)


#: Columns a standings screen and the exports show, per format.
DUEL_COLUMNS: tuple[str, ...] = (
    "place",
    "number",
    "name",
    "bot",
    "points",
    "played",
    "wins",
    "timed_wins",
    "draws",
    "timed_losses",
    "losses",
    "byes",
    "beat_all",
    "sos",
    "dropped",
)
MELEE_COLUMNS: tuple[str, ...] = (
    "place",
    "number",
    "name",
    "bot",
    "points",
    "played",
    "firsts",
    "h2h",
    "sos",
    "rolloff",
    "dropped",
)
ELIMINATION_COLUMNS: tuple[str, ...] = (
    "place",
    "number",
    "name",
    "bot",
    "seed",
    "played",
    "wins",
    "reached",
    "dropped",
)
#: Added to the final standings after a top cut / final table.
FINAL_COLUMNS: tuple[str, ...] = ("prelim_rank", "seed", "reached")
#: Added to the final standings of any finished tournament.
POINTS_COLUMNS: tuple[str, ...] = ("placement_points", "grand_points")


def _rows(entrants: Iterable[Entrant]) -> dict[int, StandingRow]:
    return {
        e.number: StandingRow(place=0, number=e.number, name=e.name, bot=e.bot, dropped=e.dropped)
        for e in entrants
    }


def duel_standings(entrants: Sequence[Entrant], rounds: Sequence[Round]) -> list[StandingRow]:
    """Swiss standings [R2] [R3] from the finished tables of the "swiss" rounds."""
    rows = _rows(entrants)
    opponents: dict[int, list[int]] = defaultdict(list)
    wins_over: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for rnd in rounds:
        if rnd.stage != "swiss":
            continue
        for table in rnd.tables:
            if table.result is None:
                continue
            for number, out in duel_outcomes(table.result).items():
                row = rows[number]
                row.points += out.points
                if out.key in ("bye", "walkover"):
                    row.byes += 1
                    continue
                row.played += 1
                if out.key == "win":
                    row.wins += 1
                elif out.key == "timed_win":
                    row.timed_wins += 1
                elif out.key == "draw":
                    row.draws += 1
                elif out.key == "timed_loss":
                    row.timed_losses += 1
                else:
                    row.losses += 1
            if len(table.seats) == 2:
                a, b = table.seats
                opponents[a].append(b)
                opponents[b].append(a)
                if not table.result.is_draw:
                    wins_over[table.result.order[0][0]][table.result.order[1][0]] += 1
    for row in rows.values():
        row.sos = sum(rows[o].points for o in opponents[row.number])

    def beat(p: int, q: int) -> bool:
        return wins_over[p][q] > 0 and wins_over[q][p] == 0

    ranked: list[StandingRow] = []
    for group in _point_groups(rows.values()):
        remaining = list(group)
        while len(remaining) > 1:
            others = len(remaining) - 1
            # Quick filter: he must have met every other tied entrant.
            top = [
                r
                for r in remaining
                if len(set(opponents[r.number])) >= others
                and all(beat(r.number, q.number) for q in remaining if q is not r)
            ]
            if len(top) != 1:
                break
            top[0].beat_all = True
            ranked.append(top[0])
            remaining.remove(top[0])
        ranked.extend(sorted(remaining, key=lambda r: (-r.sos, r.number)))
    for i, row in enumerate(ranked):
        row.place = i + 1
    return ranked


def melee_standings(
    entrants: Sequence[Entrant], rounds: Sequence[Round], seed: int
) -> list[StandingRow]:
    """Melee standings [R5] [R6] from the finished tables of the "melee" rounds."""
    rows = _rows(entrants)
    tablemates: dict[int, list[int]] = defaultdict(list)
    # above[a][b]: times a finished above b minus times below, where they met.
    above: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for rnd in rounds:
        if rnd.stage != "melee":
            continue
        for table in rnd.tables:
            result = table.result
            if result is None:
                continue
            for number, pts in melee_points(result).items():
                row = rows[number]
                row.points += pts
                row.played += 1
                if result.place_of(number) == 1:
                    row.firsts += 1
            for a in result.members:
                for b in result.members:
                    if a == b:
                        continue
                    tablemates[a].append(b)
                    pa, pb = result.place_of(a), result.place_of(b)
                    above[a][b] += (pa < pb) - (pa > pb)
    for row in rows.values():
        row.sos = sum(rows[o].points for o in tablemates[row.number])

    ranked: list[StandingRow] = []
    for group in _point_groups(rows.values()):
        if len(group) == 1:
            ranked.extend(group)
            continue
        numbers = {r.number for r in group}
        for r in group:
            r.h2h = sum(v for o, v in above[r.number].items() if o in numbers)
        group.sort(key=lambda r: (-(r.h2h or 0), -r.sos))
        i = 0
        while i < len(group):
            j = i
            key = (group[i].h2h, group[i].sos)
            while j < len(group) and (group[j].h2h, group[j].sos) == key:
                j += 1
            tied = group[i:j]
            if len(tied) > 1:
                tied = _roll_off_order(tied, seed)
            ranked.extend(tied)
            i = j
    for i, row in enumerate(ranked):
        row.place = i + 1
    return ranked


def _roll_off_order(tied: list[StandingRow], seed: int) -> list[StandingRow]:
    """Seeded roll-offs [R6]: the winner takes the first place, the rest roll again."""
    numbers = sorted(r.number for r in tied)
    rng = Rng(f"{seed}/rolloff/{','.join(map(str, numbers))}")
    by_number = {r.number: r for r in tied}
    order: list[StandingRow] = []
    alive = numbers
    while alive:
        winner, _ = roll_off(rng, alive)
        row = by_number[winner]
        row.rolloff = len(order) + 1
        order.append(row)
        alive = [n for n in alive if n != winner]
    return order


def _point_groups(rows: Iterable[StandingRow]) -> list[list[StandingRow]]:
    """Rows grouped by points, best first; registration order inside a group."""
    groups: dict[int, list[StandingRow]] = defaultdict(list)
    for row in sorted(rows, key=lambda r: r.number):
        groups[row.points].append(row)
    return [groups[p] for p in sorted(groups, reverse=True)]
