"""What the organizer does from the hub besides playing: results entered by
hand, bot tables simulated in a worker, players dropped or entered late.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.tournament import Tournament, TournamentError
from game.tournament.model import Result, Round, Table
from scenes.i18n import later, tr
from scenes.tournament.common import (
    error_text,
    result_words,
    save_tournament,
)
from scenes.tournament.row_list import RowList
from scenes.tournament.simulation import SimulationWorker, bot_tables_pending

if TYPE_CHECKING:
    from scenes.manager import AppHost

#: While the bots play, the database is written at most this often (and at the end).
SAVE_EVERY = 0.5


class HubActionsHost(Protocol):
    """What the organizer's actions read and change on the hub."""

    @property
    def app(self) -> AppHost: ...
    @property
    def list(self) -> RowList: ...
    @property
    def shown_round(self) -> Round | None: ...
    @property
    def selected_table(self) -> Table | None: ...

    #: rebound to the bots' latest snapshot while they play
    t: Tournament
    worker: SimulationWorker | None
    sim_done: int
    sim_total: int
    #: a snapshot adopted but not yet written, and the seconds since the last write
    sim_unsaved: bool
    sim_since_save: float

    def changed(self) -> None: ...
    def refresh(self) -> None: ...
    def apply_result(self, round_no: int, table_no: int, result: Result) -> None: ...


class HubActions:
    """The organizer's actions of `TournamentHub` (a mix-in: its host is `HubActionsHost`)."""

    def result_for_selected(self: HubActionsHost) -> None:
        """Enter a pending table's result, or change a recorded one (the organizer may refuse)."""
        from scenes.tournament.dialogs import ResultDialog

        table = self.selected_table
        rnd = self.shown_round
        if table is None or rnd is None:
            self.app.notify(tr("tournament.hub.select_table"), "warn")
            return
        if table.result is not None:
            # Ask the organizer first, on a copy, so nobody fills in a refused form.
            probe = Tournament.from_dict(self.t.to_dict(), id=self.t.id)
            try:
                probe.override_result(rnd.number, table.number, table.result)
            except TournamentError as e:
                self.app.notify(error_text(e), "error")
                return
        no, tno = rnd.number, table.number
        self.app.scenes.push(
            ResultDialog(self.app, self.t, no, table, lambda r: self.apply_result(no, tno, r))
        )

    def apply_result(self: HubActionsHost, round_no: int, table_no: int, result: Result) -> None:
        """Record a result by hand; a change of an existing one is confirmed first."""
        table = self.t.round(round_no).table(table_no)
        if table.result is None:
            try:
                self.t.record_result(round_no, table_no, result)
            except TournamentError as e:
                self.app.notify(error_text(e), "error")
                return
            self.app.notify(tr("tournament.hub.recorded", table=table_no))
            self.changed()
            return

        def change() -> None:
            try:
                self.t.override_result(round_no, table_no, result)
            except TournamentError as e:
                self.app.notify(error_text(e), "error")
                return
            self.app.notify(tr("tournament.hub.recorded", table=table_no))
            self.changed()

        self.app.confirm(
            later("tournament.result.override_title"),
            later(
                "tournament.result.override_message",
                table=table_no,
                round=round_no,
                result=lambda: result_words(self.t, table, result),
            ),
            change,
            yes=later("tournament.labels.override"),
        )

    def simulate(self: HubActionsHost) -> None:
        """Start the bots on every bot table of the round (or ask them to stop)."""
        if self.worker is not None:
            self.worker.stop()
            self.app.notify(tr("tournament.hub.stopping"))
            self.refresh()
            return
        if bot_tables_pending(self.t) == 0:
            self.app.notify(tr("tournament.hub.no_bot_tables"), "warn")
            return
        worker = SimulationWorker(self.t)
        self.worker: SimulationWorker | None = worker
        self.sim_done, self.sim_total = 0, worker.total
        worker.start()
        self.refresh()

    def _poll_worker(self: HubActionsHost, dt: float) -> None:
        """Adopt the bots' latest snapshot; save it at most every `SAVE_EVERY` seconds.

        A big round reports hundreds of tables in a few seconds: adopting only the
        newest snapshot per frame, and writing the database only now and then (and
        once at the end), keeps the frame short while the bar moves.
        """
        worker = self.worker
        if worker is None:
            return
        latest = None
        final = None
        for msg in worker.poll():
            if msg.kind == "table" and msg.state is not None:
                latest = msg
            else:
                final = msg
        if latest is not None:
            keep = self.list.selected
            self.t = Tournament.from_dict(latest.state or {}, id=self.t.id)
            self.sim_done, self.sim_total = latest.done, latest.total
            self.list.selected = keep
            self.sim_unsaved = True
        self.sim_since_save += dt
        if self.sim_unsaved and (final is not None or self.sim_since_save >= SAVE_EVERY):
            save_tournament(self.app, self.t)
            self.sim_unsaved = False
            self.sim_since_save = 0.0
        if final is not None:
            self.worker = None
            if final.kind == "error":
                reason = error_text(final.error or Exception())
                self.app.notify(tr("tournament.hub.bot_failed", reason=reason), "error")
            else:  # done, or stopped on request
                self.app.notify(tr("tournament.hub.simulated", count=self.sim_done))
        if latest is not None or final is not None:
            self.refresh()

    def drop_player(self: HubActionsHost) -> None:
        """Choose who drops, confirm, and tell the organizer [R11]."""
        from scenes.tournament.dialogs import DropDialog

        if not [e for e in self.t.entrants if not e.dropped]:
            self.app.notify(tr("tournament.hub.nobody_to_drop"), "warn")
            return

        def drop(number: int) -> None:
            name = self.t.entrant(number).name

            def yes() -> None:
                try:
                    self.t.drop(number)
                except TournamentError as e:
                    self.app.notify(error_text(e), "error")
                    return
                self.app.notify(tr("tournament.drop.done", name=name))
                self.changed()

            self.app.confirm(
                later("tournament.drop.confirm_title", name=name),
                later("tournament.drop.message", name=name),
                yes,
                yes=later("tournament.drop.yes"),
            )

        self.app.scenes.push(DropDialog(self.app, self.t, drop))

    def late_entry(self: HubActionsHost) -> None:
        """Register a late entrant with 0 points [R11]."""
        from scenes.tournament.dialogs import LateEntryDialog

        def add(name: str, bot: str | None) -> None:
            try:
                e = self.t.add_entrant(name, bot)
            except TournamentError as err:
                self.app.notify(error_text(err), "error")
                return
            self.app.notify(tr("tournament.late.done", name=e.name))
            self.changed()

        self.app.scenes.push(LateEntryDialog(self.app, self.t, add))
