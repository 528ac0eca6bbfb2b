"""Shared by the Chama table's screen tests: a table opened for a test, the
wait for a person's phase, where cards and slots are drawn, the curtain
between seats and a hand set up for a test."""

from __future__ import annotations

from collections.abc import Callable

from game.cards import parse_card
from scenes.tables.chama import ChamaTable
from tests.scenes.conftest import (
    open_test_table,
    pump_until,
)


def table(app, seats, seed=3, practice=False, options=None) -> ChamaTable:  # type: ignore[no-untyped-def]
    t = open_test_table(app, "chama", seats, seed, practice, options)
    assert isinstance(t, ChamaTable)
    return t


def until(app, cond: Callable[[], bool], frames: int = 4000) -> None:  # type: ignore[no-untyped-def]
    pump_until(app, cond, frames)


def my_phase(t: ChamaTable, phase: str) -> Callable[[], bool]:
    return lambda: t.my_turn() and t.view().get("phase") == phase and t.turn_key != ()


def hand_rect(t: ChamaTable, code: str):  # type: ignore[no-untyped-def]
    codes = t.hand_codes()
    assert t.lay is not None
    return t.lay.hand_cards(len(codes))[codes.index(code)]


def slot_rect(t: ChamaTable, seat: int, slot: str):  # type: ignore[no-untyped-def]
    assert t.lay is not None
    return t.lay.areas[seat].slots["ABCDEF".index(slot)]


def setup_hand(t: ChamaTable, seat: int, codes: str) -> None:
    """Give `seat` exactly these cards (taken from its own deck), then redraw the screen."""
    m = t.match
    want = [parse_card(c) for c in codes.split()]
    pool = m.hands[seat] + m.draw[seat]
    for c in want:
        pool.remove(c)
    m.hands[seat] = want
    m.draw[seat] = pool
    t.sync()
