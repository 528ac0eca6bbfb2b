"""The seat drop-downs of the new-match screen: an open list wider than its box
(the Wyrt persona list read "Clande…" at 1024x640, issue 34), kept inside the
window, and a closed box that says as much of the chosen name as fits."""

from __future__ import annotations

import pygame
import pytest

from scenes import style
from scenes.new_match import NewMatchScene
from scenes.widgets.wide_dropdown import BOX_PAD, TEXT_SIZE, WideDropDown, closed_text
from tests.scenes.conftest import click, click_widget, make_app, pump


def open_screen(game: str, lang: str = "en", size: str = "1024x640") -> NewMatchScene:
    app = make_app("--lang", lang, "--size", size)
    app.settings.animation_speed = "instant"
    nm = NewMatchScene(app, game)
    app.scenes.push(nm, fade=False)
    pump(app)
    return nm


def box_text(menu: WideDropDown) -> str:
    """What the closed box really shows."""
    return str(menu.current_state.selected_option_button.text)  # type: ignore[union-attr]


def item_button(menu: WideDropDown, option_id: str):  # type: ignore[no-untyped-def]
    """The open list's row for `option_id` (None if scrolled out of sight)."""
    lst = menu.option_list()
    assert lst is not None
    return next(i["button_element"] for i in lst.item_list if i["object_id"] == option_id)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_persona_list_opens_wider_than_its_box_inside_the_window(lang: str) -> None:
    nm = open_screen("wyrt", lang)
    try:
        app = nm.app
        window = pygame.Rect((0, 0), app.size)
        for rw in nm.row_widgets:
            for menu in (rw["kind"], rw["personas"]):
                assert isinstance(menu, WideDropDown)
                click_widget(app, menu)
                lst = menu.option_list()
                assert menu.is_open() and lst is not None
                assert lst.rect.width > menu.rect.width
                assert window.contains(lst.rect), (lst.rect, window)
                # every name in the list whole: the list is as wide as the longest wants
                assert lst.rect.width >= menu.list_width or lst.rect.width >= window.width - 12
                click_widget(app, menu)  # closes it again
                assert not menu.is_open()
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_clicking_a_long_persona_in_the_list_sets_the_seat_persona(lang: str) -> None:
    nm = open_screen("wyrt", lang)
    try:
        app = nm.app
        menu = nm.row_widgets[1]["personas"]
        click_widget(app, menu)
        # a persona whose row shows without scrolling and whose name is longer than the box
        lst = menu.option_list()
        assert lst is not None
        target = next(
            i["object_id"]
            for i in lst.item_list
            if i["button_element"] is not None
            and i["object_id"] != nm.rows[1]["personas"]
            and style.text_width(i["text"], TEXT_SIZE) > menu.rect.width
        )
        row = item_button(menu, target)
        # clicked beyond the closed box's right edge: the widened part takes clicks too
        x = row.rect.right - 8
        assert x > menu.rect.right
        click(app, (x, row.rect.centery))
        pump(app, 2)  # the list's choice, then the drop-down's change, reach the screen
        assert nm.rows[1]["personas"] == target
        menu = nm.row_widgets[1]["personas"]  # the screen may have been rebuilt
        assert not menu.is_open()
        shown = box_text(menu)
        assert shown == closed_text(menu.forms[target], menu.rect.width)
        assert style.text_width(shown, TEXT_SIZE) <= menu.rect.width - BOX_PAD
        if shown != menu.selected_option[0]:  # a shortened name is there whole on hover
            tip = menu.current_state.selected_option_button.tool_tip_text  # type: ignore[union-attr]
            assert tip == menu.selected_option[0]
        _seats, options = nm.collect()
        assert options["personas"][1] == target
    finally:
        pygame.quit()


def test_clicking_a_bot_in_the_kind_list_sets_the_seat() -> None:
    nm = open_screen("wyrt", "pt")
    try:
        app = nm.app
        click_widget(app, nm.row_widgets[0]["kind"])
        menu = nm.row_widgets[0]["kind"]
        lst = menu.option_list()
        assert lst is not None
        target = next(
            i["object_id"]
            for i in lst.item_list
            if i["button_element"] is not None and i["object_id"] not in ("human", "remote")
        )
        row = item_button(menu, target)
        click(app, (row.rect.right - 8, row.rect.centery))
        pump(app, 2)
        assert nm.rows[0]["kind"] == target
        assert nm.row_widgets[0]["kind"].selected_option[1] == target
    finally:
        pygame.quit()


@pytest.mark.parametrize("game", ["wyr", "wyrt", "war", "chama"])
def test_every_seat_box_of_every_game_is_wide_and_its_text_fits(game: str) -> None:
    nm = open_screen(game)
    try:
        for rw in nm.row_widgets:
            boxes = [w for k, w in rw.items() if k not in ("name", "remove")]
            assert boxes and all(isinstance(b, WideDropDown) for b in boxes)
            for menu in boxes:
                text = box_text(menu)
                assert text == menu.shown_text()
                assert style.text_width(text, TEXT_SIZE) <= menu.rect.width - BOX_PAD
    finally:
        pygame.quit()


def test_a_name_too_long_for_every_form_is_cut_with_an_ellipsis() -> None:
    pygame.init()
    try:
        text = closed_text(("Jogador nobre carteador invicto",), 120)
        assert text.endswith("…") and text.startswith("Jogador")
        assert style.text_width(text, TEXT_SIZE) <= 120 - BOX_PAD
        # a shorter form that fits is taken whole
        assert closed_text(("Jogador nobre carteador invicto", "Nobre"), 120) == "Nobre"
    finally:
        pygame.quit()


def test_the_list_moves_left_rather_than_past_the_window_edge() -> None:
    app = make_app("--lang", "en", "--size", "1024x640")
    nm = NewMatchScene(app, "wyrt")
    app.scenes.push(nm, fade=False)
    pump(app)
    try:
        long = "A very long persona name that wants more room than the box has"
        menu = WideDropDown(
            pygame.Rect(app.size[0] - 120, 100, 100, 36),
            [((long,), "a"), (("Short",), "b")],
            "b",
            app.ui_manager,
            nm.ui,
        )
        click_widget(app, menu)
        lst = menu.option_list()
        assert lst is not None
        assert lst.rect.right <= app.size[0] and lst.rect.left < menu.rect.left
        assert lst.rect.width > menu.rect.width
    finally:
        pygame.quit()


def _shown_rows(menu: WideDropDown) -> list[str]:
    """The ids of the open list's rows inside its visible rect."""
    lst = menu.option_list()
    assert lst is not None
    return [
        i["object_id"]
        for i in lst.item_list
        if i["button_element"] is not None and lst.rect.contains(i["button_element"].rect)
    ]


@pytest.mark.parametrize(("lang", "size"), [("en", "1024x640"), ("pt", "1280x800")])
def test_the_seat_kinds_show_when_a_persona_seats_list_opens(lang: str, size: str) -> None:
    # issue 49: "Remote player" sat second in a list that opened scrolled to the persona
    nm = open_screen("wyrt", lang, size)
    try:
        menu = nm.row_widgets[1]["kind"]
        assert menu.selected_option[1] not in ("human", "remote")
        click_widget(nm.app, menu)
        shown = _shown_rows(menu)
        assert shown[:2] == ["human", "remote"]
        assert menu.selected_option[1] in shown
    finally:
        pygame.quit()


def test_a_long_list_in_a_short_room_opens_at_its_top_while_the_choice_is_there() -> None:
    nm = open_screen("wyrt", "en", "1024x640")
    try:
        app = nm.app
        menu = nm.row_widgets[1]["kind"]
        lst_rows = [cid for _, cid in kind_ids(nm)]
        for chosen, top_shown in ((lst_rows[3], True), (lst_rows[-1], False)):
            small = WideDropDown(
                pygame.Rect(menu.relative_rect.topleft, menu.rect.size),
                [((cid,), cid) for cid in lst_rows],
                chosen,
                app.ui_manager,
                nm.ui,
            )
            small.expansion_height_limit = 140  # about six rows
            click_widget(app, small)
            shown = _shown_rows(small)
            assert chosen in shown
            assert (shown[0] == "human") is top_shown
            small.kill()
    finally:
        pygame.quit()


def kind_ids(nm: NewMatchScene) -> list[tuple[str, str]]:
    """(text, id) of every seat kind the screen offers."""
    from scenes.seat_choices import kind_choices

    return [(forms[0], cid) for forms, cid in kind_choices(nm.game, nm.info, nm.practice)]
