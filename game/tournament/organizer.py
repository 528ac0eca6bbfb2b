"""The organizer: a `Tournament` and everything a screen does with it.

A tournament runs one game (any game of the registry, through the engine
contract only) in one format [R1]:

- "swiss": duels, Swiss rounds [R2] [R3], then an optional top cut of 4 or 8
  played as a seeded single elimination without time limit [R4];
- "melee": tables of 3-4 (or what the game seats) [R5], then a final table of
  the top 3 (up to 11 entrants) or top 4 (12 or more) [R6];
- "elimination": a seeded single-elimination bracket from the first round.

The flow: `create_tournament` → `start_round` → results (`record_result`, or
`game.tournament.play` to play / simulate the matches) → `start_round` … until
`is_finished`. Between rounds entrants may drop and late entrants may join
[R11]. Everything derived (points, standings, the bracket) is recomputed from
the results, and every random choice (pairings, seatings, match seeds,
roll-offs) comes from a generator derived from the tournament seed and what is
being decided, so a tournament saved at any point and reloaded carries on
exactly as if it had never stopped.
"""

from __future__ import annotations

import datetime
import random
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.registry import GameInfo, OptionsError, get_info, make_bot
from game.rng import Rng
from game.tournament.bracket import (
    BracketMatch,
    BracketRound,
    Slot,
    bracket_size,
    initial_slots,
    round_label,
    slot_pairs,
)
from game.tournament.errors import TournamentError
from game.tournament.melee import table_split
from game.tournament.model import (
    FORMATS,
    KNOCKOUT_STAGES,
    TIMED_STAGES,
    Entrant,
    Result,
    Round,
    Table,
)
from game.tournament.naming import (
    RANKED_MINIMUM,
    ChamaEventName,
    chama_event_name,
    parse_chama_event_name,
)
from game.tournament.placement import grand_champion_points, placement_points
from game.tournament.scoring import Outcome, outcomes
from game.tournament.standings import (
    DUEL_COLUMNS,
    ELIMINATION_COLUMNS,
    FINAL_COLUMNS,
    MELEE_COLUMNS,
    POINTS_COLUMNS,
    StandingRow,
    duel_standings,
    melee_standings,
)
from game.tournament.swiss import SwissPlayer, pair_first_round, pair_swiss

#: Version of the saved tournament document.
STATE_VERSION = 1
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

#: An entrant as given to `create_tournament`: a human's name, or (name, bot id).
EntrantSpec = str | tuple[str, str | None]


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


def bot_choices(game: str) -> list[str]:
    """Bot ids a tournament of `game` can enter: the game's bots, else "random"."""
    info = get_info(game)
    return list(info.bot_ids) if info.make_bot is not None else ["random"]


@dataclass
class Tournament:
    """A tournament's whole state (see the module docstring)."""

    game: str
    format: str
    name: str
    seed: int
    entrants: list[Entrant]
    #: Swiss or melee rounds before the top cut / final table (0 for elimination)
    rounds_planned: int
    top_cut: int = 0
    #: turns per match in timed stages (0 = untimed) [R7]
    turn_limit: int = 0
    #: the game's own options for every match
    options: dict[str, Any] = field(default_factory=dict)
    #: a ranked (pontuado) event: Chama placement points; Chama needs 8 entrants [R10]
    ranked: bool = False
    #: melee only: finish with a final table [R6]
    final_table: bool = True
    #: melee only: a semifinal stage of 16 before the final table (places 5-16)
    semifinal: bool = False
    #: a ranked Chama event that announces "pontuação dupla": placement points x2
    double_points: bool = False
    rounds: list[Round] = field(default_factory=list)
    #: knockout seeds, seed 1 first (top cut or elimination)
    bracket_seeds: list[int] = field(default_factory=list)
    created: str = ""
    #: the store's id once saved
    id: int | None = None

    # -- look-ups -----------------------------------------------------------

    @property
    def info(self) -> GameInfo:
        """The game's `GameInfo`."""
        return get_info(self.game)

    def entrant(self, number: int) -> Entrant:
        """The entrant with registration number `number`."""
        for e in self.entrants:
            if e.number == number:
                return e
        raise TournamentError(
            "tournament.errors.no_such_entrant", f"no entrant number {number}", number=number
        )

    def names(self, numbers: Sequence[int]) -> list[str]:
        """Entrant names for numbers."""
        return [self.entrant(n).name for n in numbers]

    @property
    def current_round(self) -> Round | None:
        """The last round started (possibly complete), or None before round 1."""
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int) -> Round:
        """Round `number` (1-based)."""
        if not 1 <= number <= len(self.rounds):
            raise TournamentError(
                "tournament.errors.no_such_round", f"there is no round {number}", round=number
            )
        return self.rounds[number - 1]

    def active(self, round_no: int | None = None) -> list[Entrant]:
        """Entrants who can play round `round_no` (default: the next round)."""
        no = len(self.rounds) + 1 if round_no is None else round_no
        return [e for e in self.entrants if e.active_in(no)]

    def stage_rounds(self, stage: str) -> list[Round]:
        """The rounds of one stage, in order."""
        return [r for r in self.rounds if r.stage == stage]

    @property
    def prelim_stage(self) -> str:
        """ "swiss", "melee" or "elimination"."""
        return self.format

    @property
    def knockout_stage(self) -> str | None:
        """The stage played as a bracket: "cut", "elimination" or None."""
        if self.format == "elimination":
            return "elimination"
        if self.format == "swiss" and self.top_cut:
            return "cut"
        return None

    def table_outcomes(self, round_no: int, table_no: int) -> dict[int, Outcome]:
        """Outcome label and points of each entrant at a table (empty while pending)."""
        rnd = self.round(round_no)
        table = rnd.table(table_no)
        if table.result is None:
            return {}
        return outcomes(table.result, rnd.stage)

    def is_timed(self, stage: str) -> bool:
        """Whether matches of `stage` run under the turn limit ([R4]: not knockouts)."""
        return self.turn_limit > 0 and stage in TIMED_STAGES

    # -- what comes next ----------------------------------------------------

    def next_stage(self) -> str | None:
        """The stage of the next round to start, or None when nothing is left."""
        no = len(self.rounds) + 1
        active = len(self.active(no))
        info = self.info
        if self.format == "swiss":
            if len(self.stage_rounds("swiss")) < self.rounds_planned and active >= 2:
                return "swiss"
            if self.top_cut:
                return "cut" if self._knockout_continues("cut") else None
            return None
        if self.format == "melee":
            if len(self.stage_rounds("melee")) < self.rounds_planned and (
                table_split(active, info.min_seats, info.max_seats) is not None
            ):
                return "melee"
            if self.semifinal and not self.stage_rounds("semifinal") and self._semifinal_ok():
                return "semifinal"
            if self.final_table and not self.stage_rounds("final") and self._final_size():
                return "final"
            return None
        return "elimination" if self._knockout_continues("elimination") else None

    @property
    def is_finished(self) -> bool:
        """True when every round is played and no further round remains."""
        cur = self.current_round
        return (cur is None or cur.complete) and self.next_stage() is None and bool(self.rounds)

    def can_start_round(self) -> bool:
        """True when the current round is complete and another round remains."""
        cur = self.current_round
        return (cur is None or cur.complete) and self.next_stage() is not None

    def _knockout_continues(self, stage: str) -> bool:
        played = self.stage_rounds(stage)
        if not played:
            return len(self._knockout_field(stage)) >= 2
        if not played[-1].complete:
            return True
        return len(self._next_slots(stage)) >= 2

    def _knockout_field(self, stage: str) -> list[int]:
        """Who enters the bracket: the top of the Swiss (cut) or everyone active."""
        active = {e.number for e in self.active()}
        if stage == "elimination":
            return [e.number for e in self.entrants if e.number in active]
        ranked = [r.number for r in self.prelim_standings() if r.number in active]
        size = 8 if self.top_cut >= 8 and len(ranked) >= 8 else 4
        while size > len(ranked) and size > 2:
            size //= 2
        return ranked[:size] if len(ranked) >= 2 else []

    def _semifinal_ok(self) -> bool:
        """Whether the semifinal stage can be seated: 16 entrants still in and a
        game that seats four."""
        info = self.info
        return (
            len(self.active()) >= SEMIFINAL_FIELD
            and info.min_seats <= SEMIFINAL_SEATS <= info.max_seats
        )

    def _final_size(self) -> int:
        """Players at the melee final table [R6] (0 when it cannot be seated)."""
        if self.stage_rounds("semifinal"):
            return SEMIFINAL_TABLES  # one winner from each semifinal table
        info = self.info
        want = 4 if len(self.entrants) >= FINAL_TABLE_THRESHOLD else 3
        size = min(want, info.max_seats, len(self.active()))
        return size if size >= max(2, info.min_seats) else 0

    # -- knockout slots -----------------------------------------------------

    def _slot_history(self, stage: str) -> list[list[Slot]]:
        """The slots of every knockout round played, then the next round's slots."""
        if not self.bracket_seeds:
            return []
        slots: list[Slot] = initial_slots(self.bracket_seeds)
        history = [slots]
        for rnd in self.stage_rounds(stage):
            winners: list[Slot] = [None] * (len(slots) // 2)
            for table in rnd.tables:
                if table.result is not None and table.slot is not None:
                    winners[table.slot] = table.result.winners[0]
            slots = winners
            history.append(slots)
        return history

    def _next_slots(self, stage: str) -> list[Slot]:
        history = self._slot_history(stage)
        return history[-1] if history else []

    # -- starting rounds ----------------------------------------------------

    def start_round(self) -> Round:
        """Pair or seat the next round and return it (byes already decided)."""
        cur = self.current_round
        if cur is not None and not cur.complete:
            raise TournamentError(
                "tournament.errors.round_in_progress",
                f"round {cur.number} still has matches to play",
                round=cur.number,
            )
        stage = self.next_stage()
        if stage is None:
            raise TournamentError("tournament.errors.finished", "the tournament is over")
        no = len(self.rounds) + 1
        rng = Rng(f"{self.seed}/pair/{no}")
        if stage == "swiss":
            tables = self._pair_swiss(no, rng)
        elif stage == "melee":
            tables = self._seat_melee(no, rng)
        elif stage == "semifinal":
            tables = self._seat_semifinal(rng)
        elif stage == "final":
            tables = self._seat_final(rng)
        else:
            tables = self._pair_knockout(stage, no, rng)
        rnd = Round(no, stage, tables)
        self.rounds.append(rnd)
        return rnd

    def _pair_swiss(self, no: int, rng: Rng) -> list[Table]:
        active = {e.number for e in self.active(no)}
        standing = [r for r in self.prelim_standings() if r.number in active]
        if not self.stage_rounds("swiss"):
            pairing = pair_first_round([r.number for r in standing], rng)
        else:
            met = self.meetings("swiss")
            players = [SwissPlayer(r.number, r.points, r.byes) for r in standing]
            pairing = pair_swiss(players, met)
        tables: list[Table] = []
        for a, b in pairing.pairs:
            seats = [a, b]
            rng.shuffle(seats)  # seat order; the game's tournament option tosses for first
            tables.append(Table(len(tables) + 1, seats))
        if pairing.bye is not None:
            tables.append(
                Table(
                    len(tables) + 1,
                    [pairing.bye],
                    Result([[pairing.bye]], source="bye"),
                )
            )
        return tables

    def _seat_melee(self, no: int, rng: Rng) -> list[Table]:
        from game.tournament.melee import seat_tables

        info = self.info
        players = [e.number for e in self.active(no)]
        sizes = table_split(len(players), info.min_seats, info.max_seats)
        assert sizes is not None  # next_stage checked it
        past = {frozenset(t.seats) for r in self.stage_rounds("melee") for t in r.tables}
        seated = seat_tables(players, sizes, self.meetings("melee"), rng, past)
        return [Table(i + 1, seats) for i, seats in enumerate(seated)]

    def _seat_semifinal(self, rng: Rng) -> list[Table]:
        """The top 16 snake-seeded at four tables (1-4, 8-5, 9-12, 16-13)."""
        active = {e.number for e in self.active()}
        top = [r.number for r in self.prelim_standings() if r.number in active]
        seats: list[list[int]] = [[] for _ in range(SEMIFINAL_TABLES)]
        for i, number in enumerate(top[:SEMIFINAL_FIELD]):
            row, col = divmod(i, SEMIFINAL_TABLES)
            seats[col if row % 2 == 0 else SEMIFINAL_TABLES - 1 - col].append(number)
        for t in seats:
            rng.shuffle(t)
        return [Table(i + 1, t) for i, t in enumerate(seats)]

    def _semifinal_order(self) -> list[list[int]]:
        """Each semifinal table's seats by finishing order (ties by preliminary rank)."""
        rank = {r.number: r.place for r in self.prelim_standings()}
        out = []
        for table in self.stage_rounds("semifinal")[0].tables:
            res = table.result
            out.append(
                sorted(
                    table.seats,
                    key=lambda n: (res.place_of(n) if res is not None else 0, rank.get(n, 0)),
                )
            )
        return out

    def _seat_final(self, rng: Rng) -> list[Table]:
        if self.stage_rounds("semifinal"):
            seats = [order[0] for order in self._semifinal_order()]
        else:
            active = {e.number for e in self.active()}
            top = [r.number for r in self.prelim_standings() if r.number in active]
            seats = top[: self._final_size()]
        rng.shuffle(seats)
        return [Table(1, seats)]

    def _pair_knockout(self, stage: str, no: int, rng: Rng) -> list[Table]:
        first = not self.stage_rounds(stage)
        if first:
            entrants = self._knockout_field(stage)
            if stage == "elimination":
                rng.shuffle(entrants)  # seeds by random draw
            self.bracket_seeds = entrants
        slots = self._next_slots(stage)
        active = {e.number for e in self.active(no)}
        tables: list[Table] = []
        for j, (a, b) in enumerate(slot_pairs(slots)):
            present = [x for x in (a, b) if x is not None and x in active]
            if not present:
                continue
            if len(present) == 1:
                # An empty slot (bye) or an opponent who dropped (walkover) [R11].
                source = "bye" if (a is None or b is None) else "walkover"
                who = present[0]
                tables.append(Table(len(tables) + 1, [who], Result([[who]], source=source), slot=j))
                continue
            seats = list(present)
            rng.shuffle(seats)
            tables.append(Table(len(tables) + 1, seats, slot=j))
        return tables

    # -- results ------------------------------------------------------------

    def record_result(self, round_no: int, table_no: int, result: Result) -> None:
        """Enter the result of a pending table (`Result.win`, `.draw`, `.ranking`)."""
        self._set_result(round_no, table_no, result, override=False)

    def override_result(self, round_no: int, table_no: int, result: Result) -> None:
        """Replace a table's result (the organizer's correction); standings follow.

        Refused for byes, and once a later stage (or knockout round) has been
        built on the old result.
        """
        self._set_result(round_no, table_no, result, override=True)

    def _set_result(self, round_no: int, table_no: int, result: Result, *, override: bool) -> None:
        rnd = self.round(round_no)
        table = rnd.table(table_no)
        if table.is_bye:
            raise TournamentError(
                "tournament.errors.bye_is_fixed",
                "a bye or walkover has no match to record",
                round=round_no,
                table=table_no,
            )
        if table.result is not None and not override:
            raise TournamentError(
                "tournament.errors.already_recorded",
                f"round {round_no} table {table_no} already has a result (override it instead)",
                round=round_no,
                table=table_no,
            )
        members = result.members
        if sorted(members) != sorted(table.seats) or any(not g for g in result.order):
            raise TournamentError(
                "tournament.errors.result_mismatch",
                f"the result must place exactly the players of table {table_no}",
                round=round_no,
                table=table_no,
            )
        if rnd.stage in KNOCKOUT_STAGES and len(result.order[0]) > 1:
            raise TournamentError(
                "tournament.errors.knockout_draw",
                "a knockout match needs a winner; play it again",
                round=round_no,
                table=table_no,
            )
        if override and table.result is not None:
            later = [r for r in self.rounds if r.number > round_no]
            moved_on = any(r.stage != rnd.stage for r in later) or (
                rnd.stage in KNOCKOUT_STAGES and bool(later)
            )
            if moved_on:
                raise TournamentError(
                    "tournament.errors.moved_on",
                    "later rounds were built on this result; it can no longer change",
                    round=round_no,
                    table=table_no,
                )
        stored = Result(
            [list(g) for g in result.order],
            timed=result.timed,
            source="override" if override and table.result is not None else result.source,
            turns=result.turns,
        )
        table.result = stored

    # -- entrants between rounds [R11] -------------------------------------------

    def drop(self, number: int) -> None:
        """Drop an entrant: he is never paired again and keeps his results.

        Takes effect from the next round to be paired; a match of his already
        paired in the current round still needs its result.
        """
        e = self.entrant(number)
        if e.dropped:
            raise TournamentError(
                "tournament.errors.already_dropped", f"{e.name} has already dropped", name=e.name
            )
        if self.is_finished:
            raise TournamentError("tournament.errors.finished", "the tournament is over")
        e.dropped_after = len(self.rounds)

    def add_entrant(self, name: str, bot: str | None = None) -> Entrant:
        """Register an entrant; after round 1 a late entrant with 0 points [R11]."""
        stage = self.next_stage() if self.rounds else self.prelim_stage
        late_ok = stage == self.prelim_stage and self.format != "elimination"
        if self.rounds and not late_ok:
            raise TournamentError(
                "tournament.errors.late_entry_closed",
                "entries are closed at this stage of the tournament",
            )
        clean = _check_name(name, {e.name for e in self.entrants})
        _check_bot(self.game, bot)
        e = Entrant(
            number=max((x.number for x in self.entrants), default=0) + 1,
            name=clean,
            bot=bot,
            joined_round=len(self.rounds) + 1,
        )
        self.entrants.append(e)
        return e

    # -- derived views -----------------------------------------------------

    def meetings(self, stage: str) -> dict[int, dict[int, int]]:
        """number -> {opponent: times met} over the tables of `stage`."""
        met: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        for rnd in self.stage_rounds(stage):
            for table in rnd.tables:
                for a in table.seats:
                    for b in table.seats:
                        if a != b:
                            met[a][b] += 1
        return met

    def prelim_standings(self) -> list[StandingRow]:
        """Standings of the Swiss or melee rounds, every tie-break filled in."""
        if self.format == "melee":
            return melee_standings(self.entrants, self.rounds, self.seed)
        if self.format == "swiss":
            return duel_standings(self.entrants, self.rounds)
        return self._elimination_rows()

    def standings(self) -> list[StandingRow]:
        """What the standings screen shows now: the preliminary standings while they
        run, the final placings once a top cut, final table or bracket is under way."""
        stage = self.current_round.stage if self.current_round else self.prelim_stage
        if stage in ("swiss", "melee"):
            return self.prelim_standings()
        return self.final_standings()

    def columns(self, final: bool = False) -> tuple[str, ...]:
        """The columns (StandingRow fields) of this format's standings table."""
        base = {
            "swiss": DUEL_COLUMNS,
            "melee": MELEE_COLUMNS,
            "elimination": ELIMINATION_COLUMNS,
        }[self.format]
        if not final:
            return base
        extra = tuple(c for c in FINAL_COLUMNS if c not in base) if self.knockout_or_final else ()
        return base + extra + POINTS_COLUMNS

    @property
    def knockout_or_final(self) -> bool:
        """True when places are decided after the preliminary rounds."""
        return (
            self.format == "elimination"
            or bool(self.top_cut)
            or (self.format == "melee" and self.final_table)
        )

    def final_standings(self) -> list[StandingRow]:
        """Final places (provisional until the tournament ends) [R4] [R6] [R9].

        Top cut: the champion, the finalist, then the entrants knocked out in the
        same round ordered by their Swiss standing; everyone else by Swiss
        standing. Melee: the final table by its finishing order (ties by the
        preliminary standing), then the others. Elimination: by the round
        reached, then by seed.
        """
        if self.format == "elimination":
            rows = self._elimination_rows()
        else:
            rows = self.prelim_standings()
            for r in rows:
                r.prelim_rank = r.place
            if self.format == "swiss" and self.bracket_seeds:
                rows = self._order_by_bracket(rows, "cut")
            elif self.format == "melee" and (
                self.stage_rounds("final") or self.stage_rounds("semifinal")
            ):
                rows = self._order_by_final_table(rows)
        finished = self.is_finished
        for i, r in enumerate(rows):
            r.place = i + 1
            if finished:
                r.grand_points = grand_champion_points(r.place)
                if self.ranked and self.game == "chama":
                    # [R9]; an event announcing "pontuação dupla" doubles them (seed 003 4.5.1)
                    r.placement_points = placement_points(r.place) * (
                        2 if self.double_points else 1
                    )
        return rows

    def _reach(self, stage: str) -> dict[int, int]:
        """number -> last knockout round (1-based) he stood in; the champion gets one more."""
        history = self._slot_history(stage)
        reach: dict[int, int] = {}
        for k, slots in enumerate(history):
            for s in slots:
                if s is not None:
                    reach[s] = k + 1
        return reach

    def _reach_label(self, stage: str, k: int) -> str:
        size = bracket_size(len(self.bracket_seeds))
        matches = size >> k
        return "champion" if matches < 1 else round_label(matches)

    def _order_by_bracket(self, rows: list[StandingRow], stage: str) -> list[StandingRow]:
        reach = self._reach(stage)
        seed_of = {n: i + 1 for i, n in enumerate(self.bracket_seeds)}
        for r in rows:
            if r.number in reach:
                r.seed = seed_of[r.number]
                r.reached_round = reach[r.number]
                r.reached = self._reach_label(stage, reach[r.number])
        inside = [r for r in rows if r.number in reach]
        outside = [r for r in rows if r.number not in reach]
        inside.sort(key=lambda r: (-(r.reached_round or 0), r.prelim_rank or 0))
        return inside + outside

    def _order_by_final_table(self, rows: list[StandingRow]) -> list[StandingRow]:
        """The final table first; with a semifinal stage, its 2nd and 3rd places
        next (places 5-12), then its 4th places (13-16), each band by preliminary
        standing (seed 004); then everyone else."""
        bands: list[set[int]] = []
        if self.stage_rounds("semifinal"):
            orders = self._semifinal_order()
            for r in rows:
                if any(r.number in o for o in orders):
                    r.reached = "semifinal_table"
            done = all(t.result is not None for t in self.stage_rounds("semifinal")[0].tables)
            if done:
                bands = [
                    {o[k] for o in orders for k in (1, 2) if k < len(o)},
                    {o[k] for o in orders for k in range(3, len(o))},
                ]
            else:
                bands = [{n for o in orders for n in o}]
        finals = self.stage_rounds("final")
        inside: list[StandingRow] = []
        at_final: set[int] = set()
        if finals:
            table = finals[0].tables[0]
            at_final = set(table.seats)
            for r in rows:
                if r.number in at_final:
                    r.reached = "final_table"
            if table.result is None:
                inside = [r for r in rows if r.number in at_final]
            else:
                res = table.result
                inside = sorted(
                    (r for r in rows if r.number in at_final),
                    key=lambda r: (res.place_of(r.number), r.prelim_rank or 0),
                )
                inside[0].reached = "champion"
        placed = set(at_final)
        ordered = list(inside)
        for band in bands:
            members = [r for r in rows if r.number in band and r.number not in placed]
            ordered.extend(members)  # rows are in preliminary order already
            placed |= {r.number for r in members}
        return ordered + [r for r in rows if r.number not in placed]

    def _elimination_rows(self) -> list[StandingRow]:
        rows = {
            e.number: StandingRow(
                place=0, number=e.number, name=e.name, bot=e.bot, dropped=e.dropped
            )
            for e in self.entrants
        }
        for rnd in self.stage_rounds("elimination"):
            for table in rnd.tables:
                if table.result is None or table.is_bye:
                    continue
                for n in table.seats:
                    rows[n].played += 1
                rows[table.result.winners[0]].wins += 1
        ordered = list(rows.values())
        if not self.bracket_seeds:
            ordered.sort(key=lambda r: r.number)
            for i, r in enumerate(ordered):
                r.place = i + 1
            return ordered
        reach = self._reach("elimination")
        seed_of = {n: i + 1 for i, n in enumerate(self.bracket_seeds)}
        for r in ordered:
            r.seed = seed_of.get(r.number)
            if r.number in reach:
                r.reached_round = reach[r.number]
                r.reached = self._reach_label("elimination", reach[r.number])
        ordered.sort(key=lambda r: (-(r.reached_round or 0), r.seed or 10**9, r.number))
        for i, r in enumerate(ordered):
            r.place = i + 1
        return ordered

    def champion(self) -> Entrant | None:
        """The winner, once the tournament is finished."""
        if not self.is_finished:
            return None
        rows = self.final_standings()
        return self.entrant(rows[0].number) if rows else None

    def bracket(self) -> list[BracketRound]:
        """The knockout bracket, future rounds included with unknown slots as None."""
        stage = self.knockout_stage
        if stage is None or not self.bracket_seeds:
            return []
        history = self._slot_history(stage)
        played = self.stage_rounds(stage)
        seed_of = {n: i + 1 for i, n in enumerate(self.bracket_seeds)}
        size = bracket_size(len(self.bracket_seeds))
        out: list[BracketRound] = []
        k = 0
        matches = size // 2
        while matches >= 1:
            slots: list[Slot] = history[k] if k < len(history) else [None] * (matches * 2)
            if len(slots) != matches * 2:
                slots = [None] * (matches * 2)
            rnd = played[k] if k < len(played) else None
            by_slot = {t.slot: t for t in rnd.tables} if rnd else {}
            br = BracketRound(k + 1, round_label(matches), rnd.number if rnd else None)
            for j, (a, b) in enumerate(slot_pairs(slots)):
                m = BracketMatch(
                    slot=j,
                    top=a,
                    bottom=b,
                    top_seed=seed_of.get(a) if a is not None else None,
                    bottom_seed=seed_of.get(b) if b is not None else None,
                )
                t = by_slot.get(j)
                if t is not None:
                    m.table = t.number
                    if t.result is not None:
                        m.winner = t.result.winners[0]
                        m.status = t.result.source if t.is_bye else "played"
                elif rnd is not None and rnd.complete:
                    m.status = "bye"  # nobody left in either slot
                br.matches.append(m)
            out.append(br)
            k += 1
            matches //= 2
        return out

    # -- persistence helpers ------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON data (what the store and JSON export keep)."""
        return {
            "version": STATE_VERSION,
            "game": self.game,
            "format": self.format,
            "name": self.name,
            "seed": self.seed,
            "entrants": [e.to_dict() for e in self.entrants],
            "rounds_planned": self.rounds_planned,
            "top_cut": self.top_cut,
            "turn_limit": self.turn_limit,
            "options": dict(self.options),
            "ranked": self.ranked,
            "final_table": self.final_table,
            "semifinal": self.semifinal,
            "double_points": self.double_points,
            "rounds": [r.to_dict() for r in self.rounds],
            "bracket_seeds": list(self.bracket_seeds),
            "created": self.created,
        }

    @staticmethod
    def from_dict(data: Mapping[str, Any], *, id: int | None = None) -> Tournament:
        """Rebuild from `to_dict` output; raises `TournamentError` on bad data."""
        try:
            if data.get("version") != STATE_VERSION:
                raise ValueError(f"unsupported version {data.get('version')!r}")
            return Tournament(
                game=str(data["game"]),
                format=str(data["format"]),
                name=str(data["name"]),
                seed=int(data["seed"]),
                entrants=[Entrant.from_dict(e) for e in data["entrants"]],
                rounds_planned=int(data["rounds_planned"]),
                top_cut=int(data.get("top_cut", 0)),
                turn_limit=int(data.get("turn_limit", 0)),
                options=dict(data.get("options", {})),
                ranked=bool(data.get("ranked", False)),
                final_table=bool(data.get("final_table", True)),
                semifinal=bool(data.get("semifinal", False)),
                double_points=bool(data.get("double_points", False)),
                rounds=[Round.from_dict(r) for r in data.get("rounds", [])],
                bracket_seeds=[int(n) for n in data.get("bracket_seeds", [])],
                created=str(data.get("created", "")),
                id=id,
            )
        except (KeyError, TypeError, ValueError) as e:
            raise TournamentError(
                "tournament.errors.corrupt_record", f"the saved tournament cannot be read: {e}"
            ) from e


# ---------------------------------------------------------------------------
# Creating a tournament


def _check_name(name: str, taken: set[str]) -> str:
    clean = str(name).strip()
    if not clean:
        raise TournamentError("tournament.errors.empty_name", "every entrant needs a name")
    if clean in taken:
        raise TournamentError(
            "tournament.errors.duplicate_name", f"two entrants are called {clean!r}", name=clean
        )
    return clean


def _check_bot(game: str, bot: str | None) -> None:
    if bot is None:
        return
    try:
        make_bot(game, bot)
    except OptionsError:
        raise TournamentError(
            "tournament.errors.unknown_bot",
            f"{game} has no bot {bot!r}; choose one of {', '.join(bot_choices(game))}",
            bot=bot,
            choices=", ".join(bot_choices(game)),
        ) from None


def match_options(t: Tournament, stage: str, n_seats: int) -> dict[str, Any]:
    """The options of a match of `stage` at a table of `n_seats` [R7] [R8].

    The game's options, plus `turn_limit` in timed stages and `tournament`
    (coin toss and mulligan) — each only when the game's schema has it.
    """
    info = t.info
    keys = {o.key for o in info.options}
    opts = dict(t.options)
    if "turn_limit" in keys and t.is_timed(stage):
        opts["turn_limit"] = t.turn_limit
    if "tournament" in keys:
        opts["tournament"] = True
    return info.resolve_options(n_seats, opts)


def create_tournament(
    game: str,
    entrants: Sequence[EntrantSpec],
    *,
    format: str = "swiss",
    name: str = "",
    rounds: int | None = None,
    top_cut: int = 0,
    turn_limit: int = 0,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    ranked: bool = False,
    final_table: bool = True,
    semifinal: bool = False,
    double_points: bool = False,
    created: str | None = None,
) -> Tournament:
    """Set up a tournament; raises `TournamentError` saying what is wrong.

    entrants: a human's name, or (name, bot id) — a bot id of the game
    (`bot_choices(game)`, e.g. levels or personalities) or "random".
    rounds: Swiss / melee rounds before the cut or final (default
    `recommended_rounds`); ignored by "elimination".
    semifinal: melee with a final table only - the top 16 play four semifinal
    tables whose winners make the final table (places 5-16 from the semifinal).
    double_points: a ranked Chama event announcing "pontuação dupla".
    """
    try:
        info = get_info(game)
    except KeyError:
        raise TournamentError(
            "tournament.errors.unknown_game", f"unknown game {game!r}", game=game
        ) from None
    if format not in FORMATS:
        raise TournamentError(
            "tournament.errors.unknown_format",
            f"unknown format {format!r}; choose swiss, melee or elimination",
            format=format,
        )
    if format not in formats_for(game):
        raise TournamentError(
            "tournament.errors.format_unseatable",
            f"{game} cannot seat a {format} tournament (it seats {info.min_seats}-{info.max_seats})",
            game=game,
            format=format,
        )
    people: list[Entrant] = []
    taken: set[str] = set()
    for i, spec in enumerate(entrants):
        who, bot = (spec, None) if isinstance(spec, str) else spec
        clean = _check_name(who, taken)
        taken.add(clean)
        _check_bot(game, bot)
        people.append(Entrant(number=i + 1, name=clean, bot=bot))
    n = len(people)
    minimum = 3 if format == "melee" else 2
    if n < minimum:
        raise TournamentError(
            "tournament.errors.too_few_entrants",
            f"a {format} tournament needs at least {minimum} entrants",
            minimum=minimum,
        )
    if format == "melee" and table_split(n, info.min_seats, info.max_seats) is None:
        raise TournamentError(
            "tournament.errors.format_unseatable",
            f"{game} cannot seat {n} players at melee tables",
            game=game,
            format=format,
        )
    if ranked and game == "chama" and n < RANKED_MINIMUM:
        raise TournamentError(
            "tournament.errors.ranked_minimum",
            f"a ranked Chama tournament needs at least {RANKED_MINIMUM} entrants (has {n})",
            minimum=RANKED_MINIMUM,
            entrants=n,
        )
    if top_cut not in TOP_CUTS:
        raise TournamentError(
            "tournament.errors.bad_top_cut", "the top cut is 0, 4 or 8", top_cut=top_cut
        )
    if top_cut and format != "swiss":
        raise TournamentError(
            "tournament.errors.top_cut_swiss_only", "only Swiss tournaments have a top cut"
        )
    if top_cut > n:
        raise TournamentError(
            "tournament.errors.top_cut_too_big",
            f"a top cut of {top_cut} needs at least {top_cut} entrants",
            top_cut=top_cut,
            entrants=n,
        )
    planned = recommended_rounds(n, format) if rounds is None else rounds
    if format == "elimination":
        planned = 0
    elif not 1 <= planned <= 50:
        raise TournamentError(
            "tournament.errors.bad_rounds", "the number of rounds is 1 to 50", rounds=planned
        )
    if turn_limit < 0:
        raise TournamentError(
            "tournament.errors.bad_turn_limit", "the turn limit is 0 (none) or more"
        )
    opts = dict(options or {})
    for key in RESERVED_OPTIONS:
        if key in opts:
            raise TournamentError(
                "tournament.errors.reserved_option",
                f"the organizer sets option {key} itself (use the turn limit setting)",
                option=key,
            )
    per_seat = {o.key for o in info.options if o.kind == "per_seat"}
    for key in opts:
        if key in per_seat:
            # A per-seat choice belongs to a player, not to every table of the event.
            raise TournamentError(
                "tournament.errors.per_seat_option",
                f"option {key} is chosen per player; it cannot be set for the whole tournament",
                option=key,
            )
    if semifinal and (format != "melee" or not final_table):
        raise TournamentError(
            "rulings.tournament.semifinal_melee_only",
            "only a melee tournament with a final table has a semifinal stage",
        )
    if semifinal and (
        n < SEMIFINAL_FIELD or not info.min_seats <= SEMIFINAL_SEATS <= info.max_seats
    ):
        raise TournamentError(
            "rulings.tournament.semifinal_field",
            f"a semifinal stage needs {SEMIFINAL_FIELD} entrants at tables of four",
            minimum=SEMIFINAL_FIELD,
        )
    if double_points and not (ranked and game == "chama"):
        raise TournamentError(
            "rulings.tournament.double_points_chama",
            "double points are for a ranked Chama tournament",
        )
    if game == "chama":
        if not name:
            year = datetime.date.today().year
            name = chama_event_name(_chama_type(opts), "Taverna", year, _chama_variants(opts))
        parsed = parse_chama_event_name(name)
        if parsed is None:
            raise TournamentError(
                "tournament.errors.chama_name",
                'a Chama tournament is named "Chama: <type> <name> (<variant>) <year>"',
                name=name,
            )
        _check_chama_name(parsed, opts, {o.key for o in info.options})
    t = Tournament(
        game=game,
        format=format,
        name=name.strip() or f"{game} {format}",
        seed=random.SystemRandom().randrange(2**31) if seed is None else seed,
        entrants=people,
        rounds_planned=planned,
        top_cut=top_cut,
        turn_limit=turn_limit,
        options=opts,
        ranked=ranked,
        final_table=final_table,
        semifinal=semifinal,
        double_points=double_points,
        created=created or datetime.datetime.now().isoformat(timespec="seconds"),
    )
    # Every table size this tournament can use must accept the options.
    sizes = {2} if format != "melee" else set(table_split(n, info.min_seats, info.max_seats) or ())
    if format == "melee" and final_table and t._final_size():
        sizes.add(t._final_size())
    if semifinal:
        sizes.add(SEMIFINAL_SEATS)
    stages = (
        {format}
        | ({"cut"} if top_cut else set())
        | ({"final"} if format == "melee" else set())
        | ({"semifinal"} if semifinal else set())
    )
    for size in sorted(sizes):
        for stage in sorted(stages):
            try:
                match_options(t, stage, size)
            except OptionsError as e:
                raise TournamentError(e.key, str(e), **e.params) from None
    return t


#: The name's tournament type of each Chama mode ([R10], [C14]).
CHAMA_MODE_TYPES: dict[str, str] = {
    "campeonato": "Campeonato",
    "guerrilha": "Guerrilha",
    "duplas": "Duplas",
    "conquistadores": "Conquistadores",
}
#: The name's variant of each Chama variant option ([R10], [C15]).
CHAMA_VARIANT_OPTIONS: dict[str, str] = {"aliados": "Aliados", "xisum": "Xisum"}


def _chama_type(opts: Mapping[str, Any]) -> str:
    return CHAMA_MODE_TYPES.get(str(opts.get("mode", "campeonato")), "Campeonato")


def _chama_variants(opts: Mapping[str, Any]) -> list[str]:
    return [label for key, label in CHAMA_VARIANT_OPTIONS.items() if opts.get(key)]


def _check_chama_name(
    parsed: ChamaEventName, opts: Mapping[str, Any], known: Collection[str]
) -> None:
    """[R10]: the name says what the event plays. A type that is a Chama mode must
    be the event's mode (an organizer's own type says nothing about it), and the
    variants in parentheses must be exactly the variants switched on (`known`:
    the game's option keys; a setting the game lacks cannot be contradicted)."""
    kind = parsed.kind.casefold()
    modes = {v.casefold(): k for k, v in CHAMA_MODE_TYPES.items()}
    mode = str(opts.get("mode", "campeonato"))
    if "mode" in known and kind in modes and modes[kind] != mode:
        raise TournamentError(
            "rulings.tournament.chama_name_mode",
            f"the name says {parsed.kind} but the event plays {_chama_type(opts)}",
            named=parsed.kind,
            mode=_chama_type(opts),
        )
    named = {v.casefold() for v in parsed.variants}
    on = {v.casefold() for v in _chama_variants(opts)}
    checked = {v.casefold() for k, v in CHAMA_VARIANT_OPTIONS.items() if k in known}
    checked.add("calouro do chacrinha")  # per player: never an event's setting
    if (named & checked) != on:
        raise TournamentError(
            "rulings.tournament.chama_name_variants",
            "the variants in the name are not the variants the event plays",
            named=", ".join(parsed.variants) or "-",
            played=", ".join(_chama_variants(opts)) or "-",
        )


def bot_entrants(game: str, count: int, bot_ids: Sequence[str] = ()) -> list[EntrantSpec]:
    """`count` bot entrants cycling through `bot_ids` (default: `bot_choices`).

    Names read "<bot id> #<k>" so every entrant's name is unique.
    """
    ids = list(bot_ids) or bot_choices(game)
    return [(f"{ids[k % len(ids)]} #{k + 1}", ids[k % len(ids)]) for k in range(count)]
