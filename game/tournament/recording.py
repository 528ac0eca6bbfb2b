"""Recording a tournament's results and its entrants' drops and late entries [R11]."""

from __future__ import annotations

from game.tournament.entries import check_bot, check_name
from game.tournament.errors import TournamentError
from game.tournament.final_places import TournamentPlaces
from game.tournament.model import KNOCKOUT_STAGES, Entrant, Result


class TournamentRecording(TournamentPlaces):
    """Entering and correcting results; dropping and adding entrants."""

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
        clean = check_name(name, {e.name for e in self.entrants})
        check_bot(self.game, bot)
        e = Entrant(
            number=max((x.number for x in self.entrants), default=0) + 1,
            name=clean,
            bot=bot,
            joined_round=len(self.rounds) + 1,
        )
        self.entrants.append(e)
        return e
