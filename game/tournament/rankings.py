"""The standings of the preliminary rounds and of an elimination bracket, the
standings table's columns and the bracket as drawn [R3] [R4] [R5].
"""

from __future__ import annotations

from game.tournament.bracket import (
    BracketMatch,
    BracketRound,
    Slot,
    bracket_size,
    round_label,
    slot_pairs,
)
from game.tournament.record import TournamentRecord
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


class TournamentRankings(TournamentRecord):
    """Preliminary and elimination standings, and the bracket."""

    def prelim_standings(self) -> list[StandingRow]:
        """Standings of the Swiss or melee rounds, every tie-break filled in."""
        if self.format == "melee":
            return melee_standings(self.entrants, self.rounds, self.seed)
        if self.format == "swiss":
            return duel_standings(self.entrants, self.rounds)
        return self._elimination_rows()

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
