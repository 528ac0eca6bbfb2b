"""Shared by the Wyr table's screen tests: a table opened for a test, the
wait for a person's decision and clicks on the cards."""

from __future__ import annotations

from collections.abc import Callable

from scenes.tables.face import SeatSetup
from scenes.tables.wyr import WyrTable
from tests.scenes.conftest import (
    click,
    open_test_table,
    pump_until,
)


def table(
    app, seats: list[SeatSetup], seed: int = 3, practice: bool = False, options: dict | None = None
) -> WyrTable:  # type: ignore[no-untyped-def]
    t = open_test_table(app, "wyr", seats, seed, practice, options)
    assert isinstance(t, WyrTable)
    return t


def until(app, cond: Callable[[], bool], frames: int = 4000) -> None:  # type: ignore[no-untyped-def]
    pump_until(app, cond, frames)


def my(t: WyrTable, phase: str, **trade: object) -> Callable[[], bool]:
    """The person at the screen must act in `phase` (trade fields must match)."""

    def ok() -> bool:
        if not t.my_turn() or t.view()["phase"] != phase:
            return False
        info = t.view().get("trade") or {}
        return all(info.get(k) == v for k, v in trade.items())

    return ok


def last_action(t: WyrTable, seat: int) -> object:
    return next(a for s, a in reversed(t.match.log) if s == seat)


def click_card(app, t: WyrTable, index: int) -> None:  # type: ignore[no-untyped-def]
    rect = t.hand.sprites[index].rect
    click(app, (rect.left + 6, rect.centery))  # the left edge: overlapped cards show it


def click_table_card(app, t: WyrTable, position: int) -> None:  # type: ignore[no-untyped-def]
    rect = t.board_fan.sprites[position].rect
    click(app, (rect.left + 4, rect.top + 8))


def three(ana_at: int = 0) -> list[SeatSetup]:
    seats = [SeatSetup("Borin", "easy"), SeatSetup("Lis", "easy")]
    seats.insert(ana_at, SeatSetup("Ana"))
    return seats
