"""The hot-seat curtain names the next player whole on its button when the
box has room ("Eu sou Bartolomeu Vascon" was cut mid-letter), else ends in "…"."""

from __future__ import annotations

import pygame
import pytest

from scenes import style
from scenes.curtain import Curtain
from tests.scenes.conftest import make_app, pump


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_button_says_a_long_name_whole_or_with_an_ellipsis(lang: str) -> None:
    app = make_app("--lang", lang, "--size", "1024x640")
    try:
        for name, whole in (("Bartolomeu Vasconcelos", True), ("B" * 24 + " " + "W" * 24, False)):
            curtain = Curtain(app, name, lambda: None)
            app.scenes.push(curtain, fade=False)
            pump(app)
            text = str(curtain.button.text)
            assert (name in text) is whole and (text.endswith("…") is not whole), text
            assert curtain.box.contains(curtain.button.rect)
            assert style.text_width(text, 24, "serif") <= curtain.button.rect.width - 20
            app.scenes.pop()
            pump(app)
    finally:
        pygame.quit()
