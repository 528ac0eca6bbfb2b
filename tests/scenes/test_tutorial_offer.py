"""A person's first match of a game offers its guided game, once per game,
through the new-match screen; scripted runs and bots-only tables are never asked."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from scenes.app import App
from scenes.dialogs import ConfirmDialog
from scenes.i18n import tr
from scenes.main_menu import MainMenu
from scenes.new_match import NewMatchScene
from scenes.prefs import load_settings, settings_path
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from scenes.tutorial_offer import should_offer
from tests.scenes.conftest import click_widget, make_app, pump


@pytest.fixture
def newcomer() -> Iterator[App]:
    """An app whose person has never started a match of any game."""
    a = make_app("--lang", "en")
    a.settings.animation_speed = "instant"
    assert a.settings.guided_offered == []
    yield a
    pygame.quit()


def start_from_the_screen(app: App, game: str) -> NewMatchScene:
    app.scenes.push(MainMenu(app), fade=False)
    nm = NewMatchScene(app, game)
    app.scenes.push(nm, fade=False)
    pump(app)
    click_widget(app, nm.start)
    pump(app, 3)
    return nm


def remembered() -> list[str]:
    return load_settings()[0].guided_offered


def test_yes_opens_the_guided_game_and_it_is_never_asked_again(newcomer: App) -> None:
    start_from_the_screen(newcomer, "war")
    ask = newcomer.scenes.top
    assert isinstance(ask, ConfirmDialog) and ask.title == tr("life.tutorial.offer_title")
    assert remembered() == ["war"]  # written at once: a crash now does not ask again
    click_widget(newcomer, ask.yes)
    pump(newcomer, 5)
    table = newcomer.scenes.top
    assert isinstance(table, TableScene) and table.tutorial is not None
    # the next match of War opens straight away
    newcomer.scenes.reset(MainMenu(newcomer), fade=False)
    pump(newcomer)
    start_from_the_screen(newcomer, "war")
    assert isinstance(newcomer.scenes.top, TableScene) and newcomer.scenes.top.tutorial is None


def test_no_opens_the_match_as_chosen_and_only_that_game_is_remembered(newcomer: App) -> None:
    nm = start_from_the_screen(newcomer, "chama")
    ask = newcomer.scenes.top
    assert isinstance(ask, ConfirmDialog)
    click_widget(newcomer, ask.no)
    pump(newcomer, 5)
    table = newcomer.scenes.top
    assert isinstance(table, TableScene) and table.tutorial is None
    assert len(table.seats) == len(nm.rows)  # the new-match screen's own seats
    assert remembered() == ["chama"]
    newcomer.scenes.reset(MainMenu(newcomer), fade=False)
    pump(newcomer)
    start_from_the_screen(newcomer, "wyr")  # another game: its own first time
    assert isinstance(newcomer.scenes.top, ConfirmDialog)
    assert remembered() == ["chama", "wyr"]


def test_scripted_runs_and_bots_only_tables_are_not_asked(newcomer: App) -> None:
    person = [SeatSetup("Ana"), SeatSetup("Bot", "easy")]
    assert should_offer(newcomer, "war", person)
    assert not should_offer(newcomer, "war", [SeatSetup("A", "easy"), SeatSetup("B", "easy")])
    assert not should_offer(newcomer, "alta", person)  # no guided game to offer
    for argv in (("--autoplay",), ("--frames", "30")):
        scripted = make_app("--lang", "en", *argv)
        assert not should_offer(scripted, "war", person), argv


def test_a_damaged_list_in_the_settings_file_falls_back_and_keeps_the_rest(newcomer: App) -> None:
    newcomer.settings.guided_offered = ["war"]
    newcomer.save_settings()
    text = settings_path().read_text(encoding="utf-8")
    settings_path().write_text(text.replace('"war"', "7"), encoding="utf-8")
    loaded, problem = load_settings()
    assert loaded.guided_offered == [] and problem == "ui.settings.some_reset"
    assert loaded.language == "en"
