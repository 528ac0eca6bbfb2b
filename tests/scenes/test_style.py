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


def test_suit_signs_and_arrows_are_drawn_from_the_symbols_font() -> None:
    """The text fonts lack ♠♥♦♣, → and ≤: without the symbols font they came out as
    empty boxes, so cards were written "Qh". Each sign now has its own outline."""
    import pygame

    def ink(text: str) -> bytes:
        surf = style.render_text(text, 20, (0, 0, 0))
        return pygame.image.tobytes(surf, "RGBA")

    drawn = {sign: ink(sign) for sign in "♠♥♦♣→≤"}
    assert len(set(drawn.values())) == len(drawn)  # six different glyphs, no shared box
    assert ink("♠") != pygame.image.tobytes(style.font(20).render("♠", True, (0, 0, 0)), "RGBA")
    # signs sit in a line of text, measured and wrapped like any letter
    assert style.text_width("10♠ J♥", 16) == style.render_text("10♠ J♥", 16).get_width()
    assert style.wrap_text("Suas cartas: 6♦ 5♥ J♠ 10♣ 7♦", 16, 120)[-1].endswith("7♦")


def test_hearts_and_diamonds_are_red_as_on_the_cards() -> None:
    def colours(text: str, color: tuple[int, int, int]) -> set[tuple[int, int, int]]:
        surf = style.render_text(text, 24, color)
        return {
            tuple(surf.get_at((x, y)))[:3]  # type: ignore[misc]
            for x in range(surf.get_width())
            for y in range(surf.get_height())
            if surf.get_at((x, y)).a == 255
        }

    assert colours("♥", style.INK) == {(178, 34, 30)}
    assert colours("♠", style.INK) == {style.INK}
    assert colours("♦", style.CREAM) == {(255, 128, 112)}  # light red on the felt


def test_wrap_to_fit_takes_the_largest_size_whose_lines_fit() -> None:
    """The Wyrt bar and the Chama calculator shrink their letters before they lose
    a line: the largest size whose wrapped lines fit, else the smallest."""
    texts = [("A raise must reach at least T$ 20", "sans"), ("To call: T$ 10 · pot: T$ 15", "bold")]
    size, lines = style.wrap_to_fit(texts, 400, 2 * (15 + 4), (15, 13, 11))
    assert size == 15 and [i for i, _ in lines] == [0, 1]
    size, lines = style.wrap_to_fit(texts, 120, 4 * (13 + 4), (15, 13, 11))
    assert size <= 13 and len(lines) * (size + 4) <= 4 * (13 + 4)
    assert " ".join(part for i, part in lines if i == 0) == texts[0][0]
    size, lines = style.wrap_to_fit(texts, 40, 10, (15, 13, 11))
    assert size == 11 and lines  # nothing fits: the smallest, every line kept
