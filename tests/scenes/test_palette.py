"""The colour-blind-safe palette keeps every pair of player colours apart
(issue 50), and the colour maths it is checked with is right."""

from __future__ import annotations

import itertools

import pytest

from scenes import colour_vision as cv
from scenes import palette


@pytest.mark.parametrize(
    ("lab1", "lab2", "expected"),
    [  # Sharma, Wu & Dalal (2005), the CIEDE2000 test data: pairs 1, 7, 13, 17, 25
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.4900, -0.0010), (50.0, -2.4900, 0.0011), 7.2195),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ],
)
def test_ciede2000_matches_the_published_pairs(lab1: cv.Lab, lab2: cv.Lab, expected: float) -> None:
    assert cv.ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert cv.ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_lab_of_white_black_and_red() -> None:
    assert cv.to_lab((255, 255, 255)) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert cv.to_lab((0, 0, 0)) == pytest.approx((0.0, 0.0, 0.0), abs=0.01)
    assert cv.to_lab((255, 0, 0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.05)


def test_simulation_keeps_greys_and_merges_red_and_green_for_deuteranopes() -> None:
    for kind in cv.KINDS:  # each Machado row sums to 1: greys stay grey
        assert cv.simulate((128, 128, 128), kind) == pytest.approx((128, 128, 128), abs=1)
    red, green = (196, 46, 40), (52, 150, 70)  # the default palette's pair
    assert cv.delta_e(red, green) > 40
    assert cv.delta_e(cv.simulate(red, "deuteranopia"), cv.simulate(green, "deuteranopia")) < 10


def test_the_safe_palette_keeps_every_pair_apart_for_every_vision() -> None:
    safe = [palette.PALETTES["safe"][n] for n in palette.NAMES]
    for kind in (None, *cv.KINDS):
        for (i, a), (j, b) in itertools.combinations(enumerate(safe), 2):
            seen_a, seen_b = (cv.simulate(a, kind), cv.simulate(b, kind)) if kind else (a, b)
            assert cv.delta_e(seen_a, seen_b) >= palette.SAFE_MIN_DELTA_E, (
                kind,
                palette.NAMES[i],
                palette.NAMES[j],
            )


def test_the_default_palette_is_why_there_is_a_safe_one() -> None:
    default = [palette.PALETTES["default"][n] for n in palette.NAMES]
    assert cv.closest_pair(default, "deuteranopia")[0] < palette.SAFE_MIN_DELTA_E


def test_palettes_name_the_same_colours_and_refuse_an_unknown_one() -> None:
    for shades in palette.PALETTES.values():
        assert tuple(shades) == palette.NAMES
    with pytest.raises(ValueError, match="palette must be one of"):
        palette.use_palette("sepia")
    palette.use_palette("safe")
    try:
        assert palette.colour("red") == (204, 51, 17)
    finally:
        palette.use_palette("default")
    assert palette.active_palette() == "default"


def test_a_hand_edited_palette_falls_back_and_a_chosen_one_is_kept() -> None:
    import json

    from scenes.prefs import load_settings, settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"palette": "sepia", "language": "en"}), encoding="utf-8")
    assert load_settings()[0].palette == "default"
    path.write_text(json.dumps({"palette": "safe", "language": "en"}), encoding="utf-8")
    assert load_settings()[0].palette == "safe"


def test_war_armies_and_seats_take_the_palette_and_keep_their_emblems() -> None:
    from scenes import style
    from scenes.tables.war.look import army_look

    try:
        assert army_look("vermelho") == ((196, 46, 40), "square")
        palette.use_palette("safe")
        assert army_look("vermelho") == ((204, 51, 17), "square")
        assert army_look("verde") == ((0, 180, 140), "hexagon")
        assert style.seat_colour(1) == (204, 51, 17)
        assert army_look("roxo") == ((150, 150, 150), "circle")  # unknown: grey, never a crash
    finally:
        palette.use_palette("default")


def test_palette_on_the_command_line_is_for_this_run_and_the_settings_choice_is_kept() -> None:
    import pygame

    from scenes.prefs import load_settings
    from tests.scenes.conftest import make_app

    app = make_app("--palette", "safe", "--frames", "1")
    try:
        assert palette.active_palette() == "safe" and app.settings.palette == "safe"
        app.save_settings()
        assert load_settings()[0].palette == "default"  # a one-off is never saved
        app.set_palette("safe")  # chosen on the settings screen: kept
        assert load_settings()[0].palette == "safe"
    finally:
        palette.use_palette("default")
        pygame.quit()


def test_the_settings_screen_switches_the_palette_live(app) -> None:  # type: ignore[no-untyped-def]
    import pygame
    import pygame_gui

    from scenes.main_menu import MainMenu
    from scenes.settings_scene import SettingsScene
    from tests.scenes.conftest import pump

    app.scenes.push(MainMenu(app))
    settings = SettingsScene(app)
    app.scenes.push(settings)
    pump(app)
    try:
        pygame.event.post(
            pygame.event.Event(
                pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                ui_element=settings.palette,
                text="Colour-blind safe",
                selected_option_id="safe",
            )
        )
        settings.palette.selected_option = ("Colour-blind safe", "safe")
        pump(app, 2)
        assert app.settings.palette == "safe" and palette.active_palette() == "safe"
    finally:
        palette.use_palette("default")


@pytest.mark.parametrize("game", ["war", "chama", "wyr", "wyrt"])
def test_a_palette_chosen_mid_match_recolours_the_seats_at_once(game: str) -> None:
    """The seat cards were cached until the next move: a switch from the pause
    menu left the old colours beside the new ones."""
    import pygame

    from scenes.app import first_scenes
    from tests.scenes.conftest import make_app

    seats = "Ana,Bia,bot:normal,bot:normal" if game == "chama" else "Ana,Bia,bot:normal"
    app = make_app("play", game, "--seats", seats, "--seed", "7", "--size", "1280x800")
    try:
        table = first_scenes(app, app.args)[0]
        app.scenes.push(table, fade=False)
        for _ in range(20):
            app.step(1 / 60, [])
        n = len(table.seats)
        before = [table.seat_look(i)[0] for i in range(n)]
        app.set_palette("safe")
        app.step(1 / 60, [])
        after = [table.seat_look(i)[0] for i in range(n)]
        assert after != before and set(after) <= set(palette.PALETTES["safe"].values())
        cards = [info.colour for info in table.seat_panel.seats]
        # War and Chama list the seats in a side panel (Wyr and Wyrt draw plates each frame)
        assert cards == (after if game in ("war", "chama") else [])
    finally:
        palette.use_palette("default")
        pygame.quit()
