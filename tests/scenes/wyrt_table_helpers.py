"""Shared by the Wyrt table's screen tests: a table opened from the menu, and
the wait for a person's decision."""

from __future__ import annotations

from collections.abc import Callable

from game.wyrt import records as R
from scenes.main_menu import MainMenu
from scenes.tables import open_table
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt import WyrtTable
from tests.scenes.conftest import pump, pump_past_curtains


def table(app, seats: list[SeatSetup], seed: int = 3, **options) -> WyrtTable:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    t = open_table(app, "wyrt", seats, seed=seed, options=options)
    app.scenes.push(t, fade=False)
    pump(app)
    assert isinstance(t, WyrtTable)
    return t


until = pump_past_curtains  # frames through the curtains


def my_decision(t: WyrtTable) -> Callable[[], bool]:
    return lambda: t.my_turn() and t.controls is not None and t.controls.view is not None


def actions_of(t: WyrtTable, seat: int, since: int) -> list[R.Action]:
    return [a for s, a in t.match.log[since:] if s == seat]


BOTS = [SeatSetup("Ana"), SeatSetup("Bo", "cliente_casual"), SeatSetup("Cy", "cliente_casual")]
