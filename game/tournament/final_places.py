"""A tournament's final places: after the top cut, the final table (and its
semifinal) or the bracket, with the points they earn [R4] [R6] [R9].
"""

from __future__ import annotations

from game.tournament.model import Entrant
from game.tournament.placement import grand_champion_points, placement_points
from game.tournament.rounds import TournamentRounds
from game.tournament.standings import StandingRow


class TournamentPlaces(TournamentRounds):
    """The standings shown now, the final places and the champion."""

    def standings(self) -> list[StandingRow]:
        """What the standings screen shows now: the preliminary standings while they
        run, the final placings once a top cut, final table or bracket is under way."""
        stage = self.current_round.stage if self.current_round else self.prelim_stage
        if stage in ("swiss", "melee"):
            return self.prelim_standings()
        return self.final_standings()

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

    def champion(self) -> Entrant | None:
        """The winner, once the tournament is finished."""
        if not self.is_finished:
            return None
        rows = self.final_standings()
        return self.entrant(rows[0].number) if rows else None
