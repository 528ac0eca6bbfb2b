"""Text that must fit: shrink a little, then "…" — never cut mid-glyph."""

from __future__ import annotations

import pygame
import pytest

from scenes import style


@pytest.fixture(autouse=True)
def _display():  # type: ignore[no-untyped-def]
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield


def test_fit_text_keeps_what_fits_and_shrinks_no_lower_than_asked() -> None:
    assert style.fit_text("Ana", 14, 200) == ("Ana", 14)
    text, size = style.fit_text("Carteador clandestino genial", 14, 90, "bold", min_size=11)
    assert size == 11 and text.endswith("…")
    assert style.font(size, "bold").size(text)[0] <= 90


def test_a_slightly_long_text_is_only_shrunk() -> None:
    full = style.font(14).size("Jogador nobre")[0]
    text, size = style.fit_text("Jogador nobre", 14, full - 4, min_size=10)
    assert text == "Jogador nobre" and 10 <= size < 14


def test_render_text_never_exceeds_max_width_even_at_the_smallest_size() -> None:
    surf = style.render_text("Cliente casual que aprende rápido " * 3, 12, max_width=40)
    assert surf.get_width() <= 40


def test_a_money_unit_stays_with_its_amount_when_text_wraps() -> None:
    text = "Brilliant noble posts the small blind: T$ 5."
    for width in range(80, 400, 7):
        lines = style.wrap_text(text, 15, width)
        assert not any(line.endswith("T$") for line in lines), (width, lines)
        assert " ".join(lines) == text
