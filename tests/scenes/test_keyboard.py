"""Keyboard-only use of every screen: the focus ring, Enter/Space, Esc, the
F1 keys sheet (issue 50). Every test here drives the app by key events alone."""

from __future__ import annotations

import pygame
import pytest

from scenes import keys_sheet
from scenes.dialogs import ConfirmDialog
from scenes.keyboard import RING_BRIGHT, FocusRing, FocusTarget, nearest
from scenes.keys_sheet import KeysSheet
from scenes.main_menu import MainMenu
from scenes.new_match import NewMatchScene
from scenes.online.join import JoinScene
from scenes.settings_scene import SettingsScene
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from tests.scenes.conftest import click, key, open_test_table, pump, pump_until
from tests.scenes.keyboard_helpers import focused, key_named, key_starts, tab_to, use_focused


def _targets() -> list[FocusTarget]:
    # a plus of five: the centre and one each way
    at = {"c": (100, 100), "l": (40, 100), "r": (160, 110), "u": (95, 40), "d": (100, 170)}
    return [
        FocusTarget(k, pygame.Rect(x - 10, y - 10, 20, 20), lambda: None)
        for k, (x, y) in at.items()
    ]


def test_the_arrows_pick_the_nearest_thing_that_way() -> None:
    targets = _targets()
    centre = targets[0].rect
    names = [t.key for t in targets]
    assert names[nearest(targets, centre, (-1, 0)) or 0] == "l"
    assert names[nearest(targets, centre, (1, 0)) or 0] == "r"
    assert names[nearest(targets, centre, (0, -1)) or 0] == "u"
    assert names[nearest(targets, centre, (0, 1)) or 0] == "d"
    assert nearest(targets, targets[1].rect, (-1, 0)) is None  # nothing further left


def test_tab_walks_in_order_wraps_and_shift_tab_goes_back() -> None:
    targets = _targets()
    ring = FocusRing()
    ring.step(targets, 1)
    assert ring.visible and ring.key == "c"
    for _ in range(len(targets)):
        ring.step(targets, 1)
    assert ring.key == "c"  # round the list and back
    ring.step(targets, -1)
    assert ring.key == "d"
    ring.visible = False  # the mouse was used: Tab shows the ring where it was
    ring.step(targets, 1)
    assert ring.key == "d"


def test_a_vanished_target_is_never_used() -> None:
    used: list[str] = []
    ring = FocusRing()
    target = FocusTarget("x", pygame.Rect(0, 0, 5, 5), lambda: used.append("x"))
    ring.step([target], 1)
    assert not ring.use([])  # no longer there: Enter does nothing
    assert ring.use([target]) and used == ["x"]


def test_the_main_menu_by_keys_opens_a_game(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    pump(app, 3)
    key(app, pygame.K_TAB)
    assert focused(app) is not None and focused(app).key == "menu:wyr"  # type: ignore[union-attr]
    key(app, pygame.K_DOWN)
    assert focused(app).key == "menu:wyrt"  # type: ignore[union-attr]
    use_focused(app, 30)
    assert isinstance(app.scenes.top, NewMatchScene) and app.scenes.top.game == "wyrt"


def test_the_ring_is_drawn_bright_around_the_focused_thing(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    pump(app, 3)
    key(app, pygame.K_TAB)
    pump(app)
    rect = focused(app).rect  # type: ignore[union-attr]
    band = [
        app.screen.get_at((x, rect.top - 3))[:3] for x in range(rect.left + 10, rect.right - 10)
    ]
    assert band.count(RING_BRIGHT) > len(band) // 2


def test_the_mouse_hides_the_ring(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    pump(app, 3)
    key(app, pygame.K_TAB)
    assert focused(app) is not None
    click(app, (2, 2))
    assert focused(app) is None


def test_a_new_match_starts_from_the_form_by_keys(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    pump(app, 3)
    tab_to(app, key_named("menu:war"))
    use_focused(app, 30)
    form = app.scenes.top
    assert isinstance(form, NewMatchScene)
    # the form's bottom bar (Back … Start) comes after its fields, left to right
    order = form.focus_targets()
    assert order[-1].rect == form.start.rect and order[-3].rect == form.back.rect
    tab_to(app, lambda t: t.rect == form.start.rect)
    use_focused(app, 30)
    pump_until(app, lambda: isinstance(app.scenes.top, TableScene), 300)


def test_a_confirm_dialog_answers_no_by_keys(app) -> None:  # type: ignore[no-untyped-def]
    answers: list[str] = []
    app.scenes.push(MainMenu(app), fade=False)
    app.scenes.push(
        ConfirmDialog(
            app,
            "Sure?",
            "Really?",
            lambda: answers.append("yes"),
            on_no=lambda: answers.append("no"),
        ),
        fade=False,
    )
    pump(app, 3)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    tab_to(app, lambda t: t.rect == dialog.no.rect)
    use_focused(app)
    assert answers == ["no"]


def test_settings_drop_down_and_slider_by_keys(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    app.scenes.push(SettingsScene(app), fade=False)
    pump(app, 3)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    # the music slider: Left/Right move it
    before = app.settings.music_volume
    tab_to(app, lambda t: t.rect == scene.music.rect)
    key(app, pygame.K_LEFT)
    pump(app, 2)
    assert app.settings.music_volume < before
    assert focused(app).rect == scene.music.rect  # type: ignore[union-attr]  # the ring stayed
    # the language drop-down: Enter opens it, Tab to an option, Enter picks it
    tab_to(app, lambda t: t.rect == scene.language.rect)
    use_focused(app, 3)
    tab_to(app, lambda t: ":option:" in t.key and "Português" in t.label)
    use_focused(app, 5)
    assert app.settings.language == "pt"


def test_a_text_box_keeps_its_keys_and_tab_leaves_it(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    app.scenes.push(JoinScene(app), fade=False)
    pump(app, 3)
    scene = app.scenes.top
    entry = scene.entries["address"]
    tab_to(app, lambda t: t.rect == entry.rect)
    use_focused(app)
    assert entry.is_focused
    app.step(
        1 / 60,
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="?", scancode=0)],
    )
    assert not isinstance(app.scenes.top, KeysSheet)  # typed, not the keys sheet
    key(app, pygame.K_TAB)
    assert not entry.is_focused


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_f1_lists_the_tables_keys_and_esc_closes_it(lang: str) -> None:
    from tests.scenes.conftest import make_app

    app = make_app("--lang", lang)
    app.settings.animation_speed = "instant"
    try:
        t = open_test_table(
            app, "war", [SeatSetup("Ana"), SeatSetup("Bo", "easy")], 3, practice=True
        )
        key(app, pygame.K_F1)
        pump(app, 2)
        sheet = app.scenes.top
        assert isinstance(sheet, KeysSheet)
        listed = [k for k, _ in sheet.rows]
        for k, _ in keys_sheet.table_lines(type(t).KEY_LINES, practice=True):
            assert k in listed
        assert keys_sheet.lines(keys_sheet.COMMON)[0][0] in listed
        key(app, pygame.K_ESCAPE)
        pump(app, 2)
        assert app.scenes.top is t
    finally:
        pygame.quit()


def test_the_rules_page_tells_the_same_keys(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from scenes import rules_viewer
    from scenes.tables import table_class

    shown: list[str] = []
    real = rules_viewer.render_markdown
    monkeypatch.setattr(
        rules_viewer, "render_markdown", lambda text, *a: (shown.append(text), real(text, *a))[1]
    )
    app.scenes.push(rules_viewer.RulesScene(app, "chama"), fade=False)
    pump(app)
    assert keys_sheet.keys_markdown(table_class("chama").KEY_LINES) in shown[-1]


def test_space_skips_while_bots_play_and_esc_pauses(app) -> None:  # type: ignore[no-untyped-def]
    t = open_test_table(
        app, "war", [SeatSetup("Bo", "easy"), SeatSetup("Ana"), SeatSetup("Lis", "easy")], 4
    )
    key(app, pygame.K_TAB)  # the ring shows (on the table's buttons while bots play)
    assert focused(app) is not None
    if t.human_to_act() is None:
        key(app, pygame.K_SPACE)
        assert t.skipping  # Space was the table's: skip ahead, not the ring's
    tab_to(app, key_starts("gui:"))
    key(app, pygame.K_ESCAPE)
    pump(app, 3)
    assert type(app.scenes.top).__name__ == "PauseMenu"


def test_beside_a_wide_button_the_arrow_takes_the_one_straight_beside() -> None:
    wide = FocusTarget("raise", pygame.Rect(300, 100, 300, 40), lambda: None)
    beside = FocusTarget("call", pygame.Rect(100, 100, 150, 40), lambda: None)
    up_left = FocusTarget("pot", pygame.Rect(230, 40, 60, 40), lambda: None)
    targets = [wide, beside, up_left]
    assert targets[nearest(targets, wide.rect, (-1, 0)) or 0].key == "call"


def test_every_screen_of_the_menu_opens_walks_and_closes_by_keys(app) -> None:  # type: ignore[no-untyped-def]
    """From the menu, by keys only: open each entry, walk its ring once round
    (every target drawn inside the window), open and close its keys sheet, Esc
    back to the menu."""
    menu = MainMenu(app)
    app.scenes.push(menu, fade=False)
    pump(app, 3)
    w, h = app.size
    for name in menu.entries:
        if name == "quit":
            continue
        tab_to(app, key_named(f"menu:{name}"))
        use_focused(app, 30)
        screen = app.scenes.top
        assert screen is not menu, name
        targets = screen.focus_targets()
        assert targets, f"{name}: nothing for the keyboard"
        for _ in range(len(targets) + 1):
            key(app, pygame.K_TAB)
            now = focused(app)
            assert now is not None, name
            assert now.rect.colliderect(pygame.Rect(0, 0, w, h)), (
                f"{name}: {now.key} off the window"
            )
        key(app, pygame.K_F1)
        pump(app, 2)
        assert isinstance(app.scenes.top, KeysSheet), name
        key(app, pygame.K_ESCAPE)
        pump(app, 2)
        assert app.scenes.top is screen, name
        key(app, pygame.K_ESCAPE)
        pump(app, 30)
        assert app.scenes.top is menu, name


def test_a_long_keys_sheet_scrolls_to_its_last_line_at_large_text() -> None:
    from tests.scenes.conftest import make_app

    app = make_app("--lang", "pt", "--size", "1024x640", "--text-size", "150")
    app.settings.animation_speed = "instant"
    try:
        open_test_table(app, "war", [SeatSetup("Ana"), SeatSetup("Bo", "easy")], 3, practice=True)
        key(app, pygame.K_F1)
        pump(app, 2)
        sheet = app.scenes.top
        assert isinstance(sheet, KeysSheet)
        shown = sheet._fitting(0)
        assert shown < len(sheet.rows)  # too long for the window at 150 %: it scrolls
        for _ in range(len(sheet.rows)):
            key(app, pygame.K_DOWN)
        assert sheet.first + sheet._fitting(sheet.first) == len(sheet.rows)  # the last row shows
        key(app, pygame.K_UP)
        assert sheet.first == sheet._last_first() - 1
    finally:
        pygame.quit()
