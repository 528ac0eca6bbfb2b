"""Continue from the main menu: a Wyrt match resumed mid-hand shows its cards,
and a damaged newest save is named and the next one offered, never opened
silently."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pytest

import game
from game import saves
from scenes.dialogs import ConfirmDialog
from scenes.main_menu import MainMenu
from scenes.tables import open_table
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt import WyrtTable
from tests.scenes.conftest import click, click_widget, key, pump, pump_past_curtains

BOTS = [SeatSetup("Ana"), SeatSetup("Bo", "cliente_casual"), SeatSetup("Cy", "cliente_casual")]


_until = pump_past_curtains  # frames through the curtains


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


def _damaged_wyrt_over_a_war_save() -> tuple[Path, Path]:
    """A sound War save, then a newer Wyrt autosave broken on disk."""
    war = game.new_match("war", ["Ana", "Bo", "Cy"], seed=4)
    war.meta = {
        "players": [
            {"name": "Ana", "bot": None},
            {"name": "Bo", "bot": "easy"},
            {"name": "Cy", "bot": "easy"},
        ]
    }
    war_path = saves.write_save(war, saves.autosave_path("war"), "auto")
    wyrt_path = saves.autosave_path("wyrt")
    wyrt_path.write_text('{"format": 1, "game": "wyrt", "log": [[0, {"ty', encoding="utf-8")
    later = time.time() + 60  # written after the War save
    os.utime(wyrt_path, (later, later))
    return war_path, wyrt_path


def _dialog_after_continue(app) -> ConfirmDialog:  # type: ignore[no-untyped-def]
    top = _continue(app)
    assert isinstance(top, ConfirmDialog), "a broken newest save must be named, not skipped"
    return top


#: what the question says, in each language (the dates are checked apart)
ASKED = {
    "en": (
        "The newest save (Wyrt, ",
        "is damaged and was moved aside.",
        "Open the next one, War from ",
    ),
    "pt": ("O salvamento mais recente (Wyrt, ", "foi posto de lado.", "Abrir o seguinte, War de "),
}


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_damaged_newest_save_is_named_and_the_next_offered(app, lang) -> None:  # type: ignore[no-untyped-def]
    from scenes.tables.autosave import date_text

    app.set_language(lang)
    war_path, wyrt_path = _damaged_wyrt_over_a_war_save()
    dialog = _dialog_after_continue(app)
    assert not wyrt_path.exists()  # moved aside, kept for a look
    assert list(wyrt_path.parent.glob(wyrt_path.name + ".corrupt-*"))
    for part in ASKED[lang]:
        assert part in dialog.message, dialog.message
    (info,) = saves.list_saves()[0]
    assert date_text(info.saved_at) in dialog.message
    click_widget(app, dialog.yes)
    pump(app, 3)
    top = app.scenes.top
    assert isinstance(top, TableScene) and top.match.game_name == "war"


def test_no_keeps_the_menu_and_the_next_save(app) -> None:  # type: ignore[no-untyped-def]
    war_path, _ = _damaged_wyrt_over_a_war_save()
    dialog = _dialog_after_continue(app)
    click_widget(app, dialog.no)
    pump(app, 3)
    menu = app.scenes.top
    assert isinstance(menu, MainMenu) and war_path.exists()
    # told once: the next Continue opens what is now the newest save
    click(app, menu.buttons["continue"].rect.center)
    pump(app, 3)
    top = app.scenes.top
    assert isinstance(top, TableScene) and top.match.game_name == "war"


def test_a_damaged_only_save_is_named_and_nothing_opens(app) -> None:  # type: ignore[no-untyped-def]
    war_path, _ = _damaged_wyrt_over_a_war_save()
    war_path.unlink()
    assert isinstance(_continue(app), MainMenu)
    assert "The newest save (Wyrt, " in app.toast.text
