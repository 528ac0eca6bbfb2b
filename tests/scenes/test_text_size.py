"""Issue 50's text size: at 150 % every screen and every table, in both
languages at 1024x640, draws no text out of its box or out of the window
(tests/scenes/text_fit.py watches the frame); `--text-size` is for one run;
a hand-edited settings file cannot break it."""

from __future__ import annotations

import json

import pygame
import pytest

from scenes import style, text_scale
from scenes.prefs import load_settings, settings_path
from scenes.tables.face import SeatSetup
from tests.scenes.conftest import make_app, pump, pump_past_curtains
from tests.scenes.text_fit import check_frame, watching

LANGS = ("en", "pt")
SCREENS = (
    "menu",
    "settings",
    "practice",
    "stats",
    "rules",
    "new:wyr",
    "new:wyrt",
    "new:war",
    "new:chama",
    "tournament",
    "curtain",
    "confirm",
    "load",
    "join",
    "about",
)
GAMES = ("wyr", "wyrt", "war", "chama")


def _app(lang: str):  # type: ignore[no-untyped-def]
    a = make_app("--lang", lang, "--size", "1024x640", "--text-size", "150")
    a.settings.animation_speed = "instant"
    from scenes.tutorial import TUTORIALS

    a.settings.guided_offered = sorted(p.stem for p in TUTORIALS.glob("*.json"))
    return a


def _report(where: str, faults: list[str]) -> str:
    return f"{where}: {len(faults)} texts do not fit:\n  " + "\n  ".join(faults[:25])


@pytest.fixture(autouse=True)
def _back_to_100() -> object:
    yield
    text_scale.use_text_size(100)
    style.reset_caches()
    pygame.quit()


@pytest.mark.parametrize("name", SCREENS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_fits_at_150(lang: str, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.debug_scenes import scene_by_name

    a = _app(lang)
    for scene in scene_by_name(a, name):
        a.scenes.push(scene, fade=False)
    pump(a, 3)
    with watching(a, monkeypatch) as w:
        faults = check_frame(a, w)
    assert w.checked >= 3, f"{name}: too few texts seen ({w.checked}): is the watch blind?"
    assert not faults, _report(f"{name} ({lang})", faults)


def _table(a, game: str):  # type: ignore[no-untyped-def]
    from tests.scenes.conftest import open_test_table

    seats = [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Lis", "easy")]
    t = open_test_table(a, game, seats, 7)
    # the person's turn: the table shows its controls
    pump_past_curtains(a, lambda: t.human_to_act() is not None, 1500)
    pump(a, 5)
    return t


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_table_fits_at_150(lang: str, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    a = _app(lang)
    t = _table(a, game)
    with watching(a, monkeypatch) as w:
        faults = check_frame(a, w)
        assert w.checked >= 10, f"{game}: too few texts seen ({w.checked})"
        assert not faults, _report(f"{game} table ({lang})", faults)
        # the pause menu over it, then the keys sheet (F1) over the table
        a.scenes.push(a.screens.pause_menu(t), fade=False)
        pump(a, 3)
        faults = check_frame(a, w)
        assert not faults, _report(f"pause over {game} ({lang})", faults)
        a.scenes.pop(fade=False)
        pump(a, 2)
        from scenes.keys_sheet import KeysSheet

        a.scenes.push(KeysSheet(a, t), fade=False)
        pump(a, 3)
        faults = check_frame(a, w)
        assert not faults, _report(f"keys sheet over {game} ({lang})", faults)


def test_the_watch_sees_a_text_that_spills(monkeypatch: pytest.MonkeyPatch) -> None:
    """The watch itself: a text drawn past the window's edge, one over another,
    one past its panel and a label too small for its words are all caught."""
    import pygame_gui

    from scenes.manager import Scene

    class Spill(Scene):
        def build(self) -> None:  # a bare label: scenes/ui.py would cut its words
            pygame_gui.elements.UILabel(
                pygame.Rect(10, 300, 60, 30), "A label far too long", self.app.ui_manager, self.ui
            )

        def draw(self, surface: pygame.Surface) -> None:
            surface.fill((0, 0, 0))
            style.blit_text(surface, "Off the edge of the window", 30, (900, 10))
            style.blit_text(surface, "First words", 30, (10, 100))
            style.blit_text(surface, "Second words", 30, (40, 110))
            panel = pygame.Surface((80, 30))
            style.blit_text(panel, "Past its panel", 20, (0, 0))

    a = _app("en")
    a.scenes.push(Spill(a), fade=False)
    pump(a)
    with watching(a, monkeypatch) as w:
        faults = "\n".join(check_frame(a, w))
    assert "'Off the edge of the window'" in faults and "leaves the window" in faults
    assert "'First words'" in faults and "overlaps 'Second words'" in faults
    assert "'Past its panel'" in faults and "leaves its panel" in faults
    assert "UILabel 'A label far too long' needs" in faults


def test_text_size_flag_is_for_one_run(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("TAVERNA_HOME", str(tmp_path))
    a = make_app("--lang", "en", "--size", "1024x640", "--text-size", "150")
    assert a.settings.text_size == 150 and text_scale.text_size() == 150
    assert style.font(20).get_height() > 20 * 1.3  # drawn at 30 px
    a.save_settings()
    saved = json.loads(settings_path().read_text(encoding="utf-8"))
    assert saved["text_size"] == 100
    a.set_text_size(125)  # chosen in the settings: kept
    assert text_scale.text_size() == 125
    saved = json.loads(settings_path().read_text(encoding="utf-8"))
    assert saved["text_size"] == 125


def test_hand_edited_text_size_falls_back_to_100(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("TAVERNA_HOME", str(tmp_path))
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    for bad in (999, "150", True, None, [150]):
        settings_path().write_text(json.dumps({"text_size": bad, "palette": "safe"}))
        s, problem = load_settings()
        assert s.text_size == 100 and s.palette == "safe" and problem, bad
    settings_path().write_text(json.dumps({"text_size": 125}))
    assert load_settings()[0].text_size == 125


def test_settings_row_changes_the_size_live(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("TAVERNA_HOME", str(tmp_path))
    from scenes.debug_scenes import scene_by_name
    from scenes.settings_scene import SettingsScene

    a = make_app("--lang", "pt", "--size", "1024x640")
    for scene in scene_by_name(a, "settings"):
        a.scenes.push(scene, fade=False)
    pump(a, 2)
    before = style.font(20).get_height()
    a.set_text_size(150)
    pump(a, 2)
    top = a.scenes.top
    assert isinstance(top, SettingsScene) and top.text_size.alive()
    assert top.text_size.selected_option[1] == "150"
    assert style.font(20).get_height() > before
    a.set_text_size(100)
    pump(a, 2)
    assert style.font(20).get_height() == before
