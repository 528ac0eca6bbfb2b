"""War's colour choice on the new-match screen: "Drawn at ran▾" was cut (issue 34)."""

from __future__ import annotations

import pygame
import pytest

from scenes import style
from scenes.i18n import tr
from scenes.new_match import NAME_MIN, NewMatchScene
from scenes.widgets.wide_dropdown import closed_text
from tests.scenes.conftest import make_app, pump


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("size", ["1024x640", "1280x800"])
def test_every_colour_choice_reads_whole_in_its_box(lang: str, size: str) -> None:
    app = make_app("--lang", lang, "--size", size)
    nm = NewMatchScene(app, "war")
    app.scenes.push(nm, fade=False)
    pump(app)
    try:
        assert nm.info is not None
        spec = next(o for o in nm.info.options if o.key == "colors")
        for rw in nm.row_widgets:
            menu = rw["colors"]
            assert rw["name"].rect.width >= NAME_MIN  # the name box keeps its room
            for _, value in menu.options_list:
                # what the closed box says when this colour is chosen
                text = closed_text(menu.forms[value], menu.rect.width)
                assert "…" not in text, (lang, size, text)
                assert menu.rect.width - 36 >= style.font(16).size(text)[0], (lang, size, text)
        colours = nm.row_widgets[0]["colors"]
        random = closed_text(colours.forms["random"], colours.rect.width)
        if size == "1280x800":  # room enough for the whole words
            assert random == tr("war.options.colors.choices.random")
        assert random in (
            tr("war.options.colors.choices.random"),
            tr("war.options.colors.choices_short.random"),
        )
        assert spec.choices
    finally:
        pygame.quit()
