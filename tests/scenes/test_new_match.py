"""The new-match screen: what the player typed survives, refusals stay readable."""

from __future__ import annotations

import pygame
import pytest

from scenes.new_match import NewMatchScene
from tests.scenes.conftest import click_widget, pump


def open_screen(app, game: str) -> NewMatchScene:  # type: ignore[no-untyped-def]
    scene = NewMatchScene(app, game)
    app.scenes.push(scene, fade=False)
    pump(app)
    return scene


def test_a_resize_or_a_new_language_keeps_what_was_typed(app) -> None:  # type: ignore[no-untyped-def]
    nm = open_screen(app, "war")
    nm.row_widgets[0]["name"].set_text("Mariana")
    nm.opt_widgets["turn_limit"].set_text("40")
    nm.seed_entry.set_text("777")
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800)])
    pump(app)
    assert nm.row_widgets[0]["name"].get_text() == "Mariana"
    assert nm.opt_widgets["turn_limit"].get_text() == "40"
    assert nm.seed_entry.get_text() == "777"
    app.set_language("pt")
    pump(app)
    assert nm.row_widgets[0]["name"].get_text() == "Mariana"
    assert nm.seed_entry.get_text() == "777"


def test_a_changed_bot_still_gets_its_own_name(app) -> None:  # type: ignore[no-untyped-def]
    # the rebuild after a change of kind must not read the old name back
    nm = open_screen(app, "war")
    nm.rows[1]["kind"] = "hard"
    before = nm.rows[1]["name"]
    nm.rows[0]["kind"] = "easy"
    nm.rows[0]["name"] = nm._default_name("easy", 0)
    nm._rebuild()
    assert nm.row_widgets[0]["name"].get_text() == nm.rows[0]["name"] != ""
    assert nm.rows[1]["name"] == before


@pytest.mark.slow
def test_a_refusal_names_the_option_as_shown_and_stays_until_a_change(app) -> None:  # type: ignore[no-untyped-def]
    nm = open_screen(app, "wyrt")
    nm.opt_widgets["start_pv"].set_text("0")
    click_widget(app, nm.start)
    pump(app)
    assert app.scenes.top is nm
    assert "start_pv" not in nm.error and "life points" in nm.error.lower()
    pump(app, 400)  # the message has long faded; the reason is still written
    assert nm.error and not app.toast.visible
    drawn: list[str] = []
    import scenes.new_match as mod

    real = mod.style.blit_text

    def spy(surface, text, *a, **k):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return real(surface, text, *a, **k)

    mod.style.blit_text = spy  # type: ignore[assignment]
    try:
        nm.draw(app.screen)
    finally:
        mod.style.blit_text = real  # type: ignore[assignment]
    assert any(t and t in nm.error for t in drawn)
    click_widget(app, nm.add)  # a change: the old reason may no longer hold
    assert nm.error == ""


def test_a_blank_turn_limit_means_no_limit_as_its_note_says(app) -> None:  # type: ignore[no-untyped-def]
    nm = open_screen(app, "war")
    nm.opt_widgets["turn_limit"].set_text("")
    nm._read_widgets()
    _seats, options = nm.collect()
    assert options["turn_limit"] == 0


def test_messages_stand_above_the_bottom_buttons(app) -> None:  # type: ignore[no-untyped-def]
    nm = open_screen(app, "wyr")
    area = nm.toast_area()
    for button in (nm.back, nm.start, nm.load_btn, nm.practice_btn):
        assert area.bottom <= button.rect.top


def test_a_drop_down_near_the_bottom_opens_upwards_inside_the_window() -> None:
    from tests.scenes.conftest import make_app

    app = make_app("--lang", "en", "--size", "1024x640")
    nm = open_screen(app, "wyrt")
    while len(nm.rows) < 8:
        nm.rows.append(nm._new_row("clandestino_genial", len(nm.rows)))
    nm._rebuild()
    pump(app)
    low, high = nm.row_widgets[-1]["personas"], nm.row_widgets[0]["personas"]
    assert "#drop_up" in low.object_ids and "#drop_up" not in high.object_ids
    assert low.rect.top - low.expansion_height_limit >= 0
    assert high.rect.bottom + high.expansion_height_limit <= app.size[1]
    pygame.quit()


def test_wyrt_seat_boxes_read_whole_at_the_smallest_window() -> None:
    from scenes.i18n import tr
    from tests.scenes.conftest import make_app

    for lang in ("pt", "en"):
        app = make_app("--lang", lang, "--size", "1024x640")
        nm = open_screen(app, "wyrt")
        for rw in nm.row_widgets:
            for menu in (rw["kind"], rw["personas"]):
                text = box_text(menu)
                assert menu.rect.width - 36 >= _width(text), (lang, text)  # no cut glyphs
        assert box_text(nm.row_widgets[0]["personas"]) == tr("ui.new_match.auto")
        pygame.quit()


def box_text(menu) -> str:  # type: ignore[no-untyped-def]
    """What a closed drop-down's box really says."""
    return str(menu.current_state.selected_option_button.text)


def _width(text: str) -> int:
    from scenes import style

    return style.font(16).size(text)[0]
