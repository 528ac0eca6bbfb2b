"""The seat panel keeps every name readable: a long bot tag ("bot · Warlord
(hard)") takes a line of its own instead of squeezing the name, and on a short
card it is cut rather than pushing the counts off."""

from __future__ import annotations

import pygame
import pytest

from scenes import style
from scenes.widgets.seat_panel import SeatInfo, SeatPanel, tag_below

LONG = "robô · Senhor da guerra (difícil)"


@pytest.fixture(autouse=True)
def _display():  # type: ignore[no-untyped-def]
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield


def test_a_long_tag_goes_under_the_name_and_a_short_one_stays_beside() -> None:
    assert tag_below("Lisandra", LONG, 200)
    assert not tag_below("Ana", "pessoa", 200)
    assert not tag_below("Lisandra", LONG, 600)  # a wide panel has room beside


def test_rows_grow_by_the_tag_line_when_there_is_room() -> None:
    panel = SeatPanel(pygame.Rect(0, 0, 200, 300))
    panel.seats = [SeatInfo("Lisandra", (0, 0, 200), "circle", True, ["Reinos 0 · mão 5"])]
    panel.draw(pygame.Surface((200, 300)), LONG, "pessoa")
    assert panel.row_height() == 40 + 18 * 2  # the counts line and the tag line


def test_a_cut_tag_fits_what_the_name_leaves() -> None:
    cut = style.ellipsize(LONG, 10, 60)
    assert cut.endswith("…") and style.font(10).size(cut)[0] <= 60
    assert style.ellipsize("pessoa", 10, 200) == "pessoa"


def test_six_short_cards_keep_their_counts_with_long_tags() -> None:
    panel = SeatPanel(pygame.Rect(0, 0, 236, 300))
    panel.seats = [
        SeatInfo(f"Lisandra{i}", (200, 0, 0), "circle", True, ["7 terr. · 10 exércitos"], tag=LONG)
        for i in range(6)
    ]
    target = pygame.Surface((236, 300))
    target.fill((0, 0, 0))
    panel.draw(target)
    h = panel.row_height() - 6
    assert h < 23 + 15 * 2 + 13  # no room for a tag line: the tag stays beside, cut
    # the counts line is painted: ink below the name row of the first card
    below_name = target.subsurface(pygame.Rect(42, 24, 150, h - 26))
    ink = sum(
        1
        for x in range(below_name.get_width())
        for y in range(below_name.get_height())
        if sum(below_name.get_at((x, y))[:3]) < 300
    )
    assert ink > 30


def test_a_tag_short_of_room_keeps_the_level() -> None:
    """At 1024 wide with six seats a long name left the tag "bot · Captain (no…",
    or "b…": the level could not be read. The tag drops its first word, then
    keeps the level alone, before it is cut."""
    from scenes.widgets.seat_panel import TAG_MIN_SIZE, short_tag

    tag = "bot · Captain (normal)"
    width = style.font(TAG_MIN_SIZE).size
    assert short_tag(tag, 400) == tag
    assert short_tag(tag, width("Captain (normal)")[0]) == "Captain (normal)"
    assert short_tag(tag, width("normal")[0] + 2) == "normal"
    assert short_tag("pessoa", 400) == "pessoa"
    assert short_tag(tag, 8) == ""  # "n…" would say nothing
    assert short_tag("pessoa", width("pes")[0] + width("…")[0]) in ("", "pes…")
    assert short_tag("pessoa", width("p…")[0]) == ""  # not "p…" beside a long name


def test_a_card_with_no_room_for_its_tag_still_draws() -> None:
    """Beside a very long name a person's tag has no room at all: the card is drawn
    with the name alone (no "p…")."""
    panel = SeatPanel(pygame.Rect(0, 0, 200, 60))
    panel.seats = [SeatInfo("Borin Martelo-de-Pedra Segundo", (200, 40, 40), "square", False)]
    surf = pygame.Surface((220, 80))
    panel.draw(surf, "bot", "pessoa")


def _drawn_texts(monkeypatch: pytest.MonkeyPatch, module: object) -> list[tuple[str, int, str]]:
    """Every (text, size, kind) `module` draws through style.blit_text."""
    drawn: list[tuple[str, int, str]] = []
    real = style.blit_text

    def spy(target, text, size, pos, *a, **k):  # type: ignore[no-untyped-def]
        drawn.append((text, size, k.get("kind", "sans")))
        return real(target, text, size, pos, *a, **k)

    monkeypatch.setattr(module.style, "blit_text", spy)  # type: ignore[attr-defined]
    return drawn


@pytest.mark.parametrize("height", [60, 300])  # six short cards (compact) or roomy ones
def test_a_long_name_ends_in_an_ellipsis_at_a_legible_size(
    monkeypatch: pytest.MonkeyPatch, height: int
) -> None:
    """At 1024x640 Chama's panel shrank "Maximiliano Albuquerque" to 11 px; a name
    shrinks no further than NAME_MIN_SIZE and then ends in "…" inside the card."""
    from scenes.widgets import seat_panel

    drawn = _drawn_texts(monkeypatch, seat_panel)
    panel = SeatPanel(pygame.Rect(0, 0, 200, height))
    name = "Maximiliano Albuquerque de Vasconcelos"
    panel.seats = [SeatInfo(name, (200, 40, 40), "square", True, lines=["Reinos 0 · mão 5"])]
    panel.draw(pygame.Surface((220, height + 20)), "bot", "pessoa")
    text, size, kind = next(d for d in drawn if d[0].startswith("Maximiliano"))
    assert text.endswith("…") and text != name
    assert size >= seat_panel.NAME_MIN_SIZE
    assert style.text_width(text, size, kind) <= 200 - 52


def test_a_card_too_short_for_its_lines_is_told_whole_under_the_pointer(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Six seats at 1024x640 with the bots' secrets shown: the objective drawn at
    9 px, or cut at the card's foot. Lines keep a legible size, the last one that
    fits ends in "…", and the whole card is told beside the panel on hover."""
    import pygame

    from scenes import style
    from scenes.widgets.seat_panel import SeatInfo, SeatPanel

    pygame.init()
    surface = pygame.Surface((1024, 640))
    panel = SeatPanel(pygame.Rect(780, 60, 236, 300))
    secret = "Obj.: 18 territórios, 2+ exércitos em cada um deles, e mais um pouco"
    panel.seats = [
        SeatInfo(f"Bot {i}", (200, 40, 40), "square", True, ["7 terr. · 7 exércitos", secret])
        for i in range(6)
    ]
    drawn: list[tuple[str, int]] = []
    real = style.blit_text

    def spy(target: pygame.Surface, text: str, size: int, *args: object, **kw: object) -> object:
        drawn.append((text, size))
        return real(target, text, size, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(style, "blit_text", spy)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (800, 10))
    panel.draw(surface)
    assert min(size for _text, size in drawn) >= 11  # never 9 px
    assert not any(secret in text for text, _size in drawn)  # it did not fit on the card
    drawn.clear()
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (800, 60 + panel.row_height() + 5))
    panel.draw(surface)
    told = " ".join(text for text, _size in drawn)
    assert "Bot 1" in told and "18 territórios" in told and "um pouco" in told
