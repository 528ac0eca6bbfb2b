"""Freed heap pages go back to the system when a table closes (`scenes.heap`)."""

from __future__ import annotations

import pygame
import pytest

from scenes import heap
from scenes.main_menu import MainMenu
from scenes.tables import open_table
from scenes.tables.face import SeatSetup
from tests.scenes.conftest import pump


class FakeLibc:
    def __init__(self) -> None:
        self.calls: list[int] = []

    def malloc_trim(self, pad: int) -> int:
        self.calls.append(pad)
        return 1


def test_trim_hands_the_free_pages_back_through_malloc_trim(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    libc = FakeLibc()
    monkeypatch.setattr(heap, "_libc", lambda: libc)
    heap.trim()
    assert libc.calls == [0]


def test_without_glibc_trim_only_collects_garbage(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    heap._libc.cache_clear()
    monkeypatch.setattr(heap.sys, "platform", "darwin")
    try:
        assert heap._libc() is None
        heap.trim()  # nothing to call, nothing raised
    finally:
        heap._libc.cache_clear()


def test_the_real_trim_runs_here() -> None:
    heap.trim()  # glibc on the CI machine; a no-op collect elsewhere


@pytest.fixture
def trims(monkeypatch) -> list[int]:  # type: ignore[no-untyped-def]
    calls: list[int] = []
    monkeypatch.setattr(heap, "trim", lambda: calls.append(1))
    monkeypatch.setattr(MainMenu, "entered", 0)
    return calls


def test_the_first_menu_does_not_trim_but_leaving_a_table_does(app, trims) -> None:  # type: ignore[no-untyped-def]
    """Start-up stays as quick as before; closing a table (back to the menu
    under it, or to a fresh menu) hands what it freed back."""
    app.scenes.push(MainMenu(app), fade=False)
    pump(app)
    assert trims == []
    seats = [SeatSetup("Ana"), SeatSetup("Bo", "easy")]
    table = open_table(app, "war", seats, seed=1, options={})
    app.scenes.push(table, fade=False)
    pump(app)
    assert trims == []
    app.scenes.pop(fade=False)
    pump(app)
    assert trims == [1]
    app.scenes.push(open_table(app, "war", seats, seed=2, options={}), fade=False)
    pump(app)
    app.scenes.reset(MainMenu(app), fade=False)
    pump(app)
    assert trims == [1, 1]
    assert isinstance(app.scenes.top, MainMenu)
    pygame.event.clear()
