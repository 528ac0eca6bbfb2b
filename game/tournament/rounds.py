"""What comes next in a tournament and starting it: Swiss pairings, melee and
semifinal seatings, the final table and knockout rounds [R2]-[R6] [R11].
"""

from __future__ import annotations

from game.rng import Rng
from game.tournament.bracket import slot_pairs
from game.tournament.errors import TournamentError
from game.tournament.formats import (
    FINAL_TABLE_THRESHOLD,
    SEMIFINAL_FIELD,
    SEMIFINAL_SEATS,
    SEMIFINAL_TABLES,
)
from game.tournament.melee import seat_tables, table_split
from game.tournament.model import Result, Round, Table
from game.tournament.rankings import TournamentRankings
from game.tournament.swiss import SwissPlayer, pair_first_round, pair_swiss


class TournamentRounds(TournamentRankings):
    """The next stage, and pairing or seating its round."""

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
