"""The main menu and its screens, driven by real clicks."""

from __future__ import annotations

import pygame
import pytest

from scenes.main_menu import MainMenu
from scenes.new_match import NewMatchScene
from scenes.settings_scene import SettingsScene
from tests.scenes.conftest import click_widget, key, make_app, pump


@pytest.mark.slow
def test_every_menu_entry_opens_without_crashing(app) -> None:  # type: ignore[no-untyped-def]
    menu = MainMenu(app)
    app.run_first = None
    app.scenes.push(menu)
    pump(app)
    assert "continue" not in menu.entries  # nothing saved yet: no "Continue" nor "Load"
    for name in menu.entries:
        if name == "quit":
            continue
        click_widget(app, menu.buttons[name])
        assert app.scenes.top is not menu, name
        key(app, pygame.K_ESCAPE)
        pump(app, 3)
        assert app.scenes.top is menu, name


def test_quit_entry_stops_the_app(app) -> None:  # type: ignore[no-untyped-def]
    menu = MainMenu(app)
    app.scenes.push(menu)
    pump(app)
    click_widget(app, menu.buttons["quit"])
    assert not app.running


def test_language_switch_is_live_and_saved(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.prefs import load_settings

    app.scenes.push(MainMenu(app))
    settings = SettingsScene(app)
    app.scenes.push(settings)
    pump(app)
    settings.language.selected_option = ("Português (Brasil)", "pt")
    pygame.event.post(
        pygame.event.Event(
            __import__("pygame_gui").UI_DROP_DOWN_MENU_CHANGED,
            ui_element=settings.language,
            text="Português (Brasil)",
            selected_option_id="pt",
        )
    )
    pump(app, 2)
    assert app.settings.language == "pt"
    top = app.scenes.top
    assert isinstance(top, SettingsScene) and top.back.text == "Voltar"
    assert load_settings()[0].language == "pt"


def test_settings_toggles_persist(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.prefs import load_settings

    app.scenes.push(MainMenu(app))
    s = SettingsScene(app)
    app.scenes.push(s)
    pump(app)
    before = app.settings.confirm_quit
    click_widget(app, s.confirm_quit)
    assert app.settings.confirm_quit is (not before)
    assert load_settings()[0].confirm_quit is (not before)


def test_new_match_for_missing_engine_says_so(app) -> None:  # type: ignore[no-untyped-def]
    scene = NewMatchScene(app, "xadrez")
    app.scenes.push(scene)
    pump(app)
    assert scene.info is None


@pytest.mark.slow
@pytest.mark.parametrize("size", ["1280x800", "1024x640"])
@pytest.mark.parametrize("lang", ["pt", "en"])
def test_screens_render_at_both_sizes_and_languages(size: str, lang: str) -> None:
    from scenes.debug_scenes import scene_by_name

    for name in ("menu", "settings", "practice", "stats", "rules", "new:wyr", "curtain", "confirm"):
        app = make_app("--lang", lang, "--size", size)
        for sc in scene_by_name(app, name):
            app.scenes.push(sc, fade=False)
            pump(app)
        pump(app, 2)
        assert app.size == tuple(int(x) for x in size.split("x"))
        pygame.quit()


def test_messages_stand_above_every_screens_back_row(app) -> None:  # type: ignore[no-untyped-def]
    # a message lay over Back / Export on the standings, settings and stats screens
    from scenes.settings_scene import SettingsScene
    from scenes.stats import StatsScene

    for scene in (SettingsScene(app), StatsScene(app)):
        app.scenes.push(scene, fade=False)
        pump(app)
        app.notify("A message long enough to be a real one for the player", "info")
        pump(app)
        assert app.toast.rect.bottom <= scene.back.rect.top, type(scene).__name__
        app.scenes.pop(fade=False)
        pump(app)


def test_an_old_message_stays_behind_with_its_screen(app) -> None:  # type: ignore[no-untyped-def]
    """A message that answered a click on one screen no longer stands over the
    next one; one posted as the screen changes (it explains the change) goes
    along, and a dialog over the same screen keeps the messages."""
    from scenes.main_menu import MainMenu
    from scenes.stats import StatsScene

    app.scenes.push(MainMenu(app), fade=False)
    pump(app, 2)
    app.notify("old news")
    pump(app, 30)
    app.confirm("Sure?", "Really?", lambda: None)
    pump(app, 3)
    assert app.toast.text == "old news"  # a dialog over the menu keeps it
    app.scenes.pop(fade=False)
    app.notify("queued behind")
    pump(app, 20)
    assert app.toast.text == "old news"
    app.scenes.push(StatsScene(app))
    app.notify("why the screen changed")
    pump(app, 30)
    assert app.toast.text == "why the screen changed"
    assert all(q[0] != "queued behind" for q in app.toast.queue)
