"""Continue from the main menu: a Wyrt match resumed mid-hand shows its cards,
and a damaged newest save is named and the next one offered, never opened
silently."""

from __future__ import annotations

import os
from collections.abc import Callable

import pygame

from game import saves
from scenes.curtain import Curtain
from scenes.main_menu import MainMenu
from scenes.tables import open_table
from scenes.tables.base import SeatSetup
from scenes.tables.wyrt import WyrtTable
from tests.scenes.conftest import click, click_widget, key, pump

BOTS = [SeatSetup("Ana"), SeatSetup("Bo", "cliente_casual"), SeatSetup("Cy", "cliente_casual")]


def _until(app, cond: Callable[[], bool], frames: int = 3000) -> None:  # type: ignore[no-untyped-def]
    for _ in range(frames):
        if cond():
            return
        if isinstance(app.scenes.top, Curtain):
            click_widget(app, app.scenes.top.button)
            continue
        pump(app)
    assert cond(), "timed out"


def _wyrt_autosaved(app) -> WyrtTable:  # type: ignore[no-untyped-def]
    """A Wyrt match with a person and two bots, played until the person holds
    cards and must act, with its autosave written."""
    app.scenes.push(MainMenu(app), fade=False)
    t = open_table(app, "wyrt", BOTS, seed=3, options={"straddle": False})
    app.scenes.push(t, fade=False)
    assert isinstance(t, WyrtTable)

    def deciding() -> bool:
        return t.my_turn() and t.controls is not None and t.controls.view is not None

    for _ in range(20):  # call until the autosave holds a position where Ana decides
        _until(app, deciding)
        if t.match.log and t.autosaver.last_len == len(t.match.log):
            break
        key(app, pygame.K_c)
    t.autosaver.wait()
    assert saves.autosave_path("wyrt").exists()
    return t


def _continue(app) -> object:  # type: ignore[no-untyped-def]
    menu = MainMenu(app)
    app.scenes.reset(menu, fade=False)
    pump(app)
    assert "continue" in menu.entries
    click(app, menu.buttons["continue"].rect.center)
    pump(app, 3)
    return app.scenes.top


def test_wyrt_after_continue_shows_the_cards_and_your_hand(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tests.scenes.conftest import spy_texts

    first = _wyrt_autosaved(app)
    held = [sp.card for sp in first.fans[0].sprites]
    assert len(held) == 5
    drawn = spy_texts(monkeypatch)
    again = _continue(app)
    assert isinstance(again, WyrtTable) and again is not first
    pump(app, 3)
    if os.environ.get("TAVERNA_SHOTS"):  # for a person to look at
        pygame.image.save(
            app.screen, os.path.join(os.environ["TAVERNA_SHOTS"], "wyrt_continue.png")
        )
    mine = again.fans.get(0)
    assert mine is not None and len(mine.sprites) == 5
    assert all(sp.face_up for sp in mine.sprites)
    assert [sp.card for sp in mine.sprites] == held  # the same five cards, not a new deal
    for seat in (1, 2):  # the bots' cards lie face down, their faces unknown
        fan = again.fans.get(seat)
        assert fan is not None and len(fan.sprites) == 5
        assert all(not sp.face_up and sp.card is None for sp in fan.sprites)
    assert again.shown.board  # a dice card was on the felt when it was saved
    assert [sp.card for sp in again.board.sprites] == list(again.shown.board)
    assert any(text.startswith("Your hand:") for text in drawn)
