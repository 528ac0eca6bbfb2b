"""Playing a tournament table with humans at the game's real table scene.

The table gets the match of `new_table_match` (or the half-played one kept in
the store) and two callbacks: `on_result` when the match ends (the result is
recorded and everything saved) and `on_leave` when the players walk away from
an unfinished match (it is kept to resume later). Hot-seat needs nothing here:
with two humans the table raises its curtain between them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game import load_match
from game.core import Match, SaveError, local_match
from game.tournament import (
    Tournament,
    TournamentError,
    limit_reached,
    new_table_match,
    record_match,
)
from game.tournament.model import Table
from game.tournament.play import organizer_turn_limit
from scenes.i18n import tr
from scenes.tables import table_class
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from scenes.tournament.common import error_text, save_tournament, with_store

if TYPE_CHECKING:
    from scenes.manager import AppHost


def seats_of(t: Tournament, table: Table) -> list[SeatSetup]:
    """The table's seats as the table scene takes them (names and bot ids)."""
    return [SeatSetup(t.entrant(n).name, t.entrant(n).bot) for n in table.seats]


def kept_match(app: AppHost, t: Tournament, round_no: int, table: Table) -> Match | None:
    """The match of this table's current attempt kept in the store, if it still loads."""
    saved = with_store(app, lambda s: s.load_match(t, round_no, table.number, table.attempt))
    if not saved:
        return None
    try:
        return load_match(saved)
    except (SaveError, KeyError, TypeError, ValueError):
        return None  # a damaged save: the table starts the match afresh (same seed)


def limit_watch(base: type[TableScene], check: Callable[[Match], bool]) -> type[TableScene]:
    """A subclass of a table that ends the match at the organizer's turn limit.

    Only for games whose options have no `turn_limit` (the others stop
    themselves): the table cannot know the organizer's limit, so after every
    frame this asks `check` and, once it is reached, hands the match over as
    if it had ended and goes back to the tournament [R7].
    """

    parent: Any = base  # a class chosen at run time: mypy cannot take it as a base

    class LimitWatchedTable(parent):
        def update(self, dt: float) -> None:
            super().update(dt)
            end_at_limit(self, check)

    LimitWatchedTable.__name__ = f"LimitWatched{base.__name__}"
    return LimitWatchedTable


def end_at_limit(table: TableScene, check: Callable[[Match], bool]) -> None:
    """After a frame: once `check` says the limit is reached, end the match there."""
    if table.finished or table.events or table.match.is_over or not check(local_match(table.match)):
        return
    table.finished = True
    table.app.notify(tr("tournament.hub.time_up"))
    if table.on_result is not None:
        table.on_result(local_match(table.match))
    table.leave_to_caller()


class TournamentMatch:
    """One table of the current round being played by humans."""

    def __init__(
        self,
        app: AppHost,
        t: Tournament,
        round_no: int,
        table: Table,
        on_change: Callable[[], None],
    ) -> None:
        self.app = app
        self.t = t
        self.round_no = round_no
        self.table = table
        self.on_change = on_change

    def open(self) -> TableScene:
        """Build the table scene (resuming a kept match when there is one)."""
        match = kept_match(self.app, self.t, self.round_no, self.table) or new_table_match(
            self.t, self.round_no, self.table.number
        )
        cls = table_class(self.t.game)
        stage = self.t.round(self.round_no).stage
        if organizer_turn_limit(self.t, stage):
            cls = limit_watch(cls, lambda m: limit_reached(self.t, self.round_no, m))
        return cls(
            self.app,
            match,
            seats_of(self.t, self.table),
            on_result=self.finished,
            on_leave=self.left,
        )

    def _keep(self, match: Match, attempt: int) -> None:
        save: dict[str, Any] = match.save()
        with_store(
            self.app,
            lambda s: s.save_match(self.t, self.round_no, self.table.number, save, attempt),
        )

    def finished(self, match: Match) -> None:
        """The match ended (or reached the organizer's limit): record it and save."""
        attempt = self.table.attempt
        self._keep(match, attempt)
        try:
            recorded = record_match(
                self.t, self.round_no, self.table.number, match, source="played"
            )
        except TournamentError as e:
            self.app.notify(error_text(e), "error")
            return
        save_tournament(self.app, self.t)
        if recorded:
            self.app.notify(tr("tournament.hub.recorded", table=self.table.number))
        else:  # a drawn knockout match: the next attempt is a fresh match
            self.app.notify(tr("tournament.labels.replay", attempt=self.table.attempt + 1), "warn")
        self.on_change()

    def left(self, match: Match) -> None:
        """The players left an unfinished match: keep it to resume later."""
        self._keep(match, self.table.attempt)
        save_tournament(self.app, self.t)
        self.app.notify(tr("tournament.hub.match_kept"))
        self.on_change()
