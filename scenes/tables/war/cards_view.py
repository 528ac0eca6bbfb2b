"""War's territory cards, drawn by our code: a continent band, the territory's
name and its figure (triangle, square, circle); the joker shows all three."""

from __future__ import annotations

from functools import cache

import pygame

from game.war import BOARD, JOKER
from scenes import style
from scenes.style import cached
from scenes.widgets.map_view import CONTINENT_TINTS

CARD_RATIO = 1.4


def draw_figure(
    target: pygame.Surface,
    figure: str,
    center: tuple[float, float],
    r: float,
    colour: tuple[int, int, int],
) -> None:
    """One card figure, outlined so it reads at any size."""
    cx, cy = center
    if figure == "triangulo":
        pts = [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
        pygame.draw.polygon(target, colour, pts)
        pygame.draw.polygon(target, style.INK, pts, width=max(1, int(r // 8)))
    elif figure == "quadrado":
        rect = pygame.Rect(0, 0, r * 1.6, r * 1.6)
        rect.center = (round(cx), round(cy))
        pygame.draw.rect(target, colour, rect)
        pygame.draw.rect(target, style.INK, rect, width=max(1, int(r // 8)))
    else:
        pygame.draw.circle(target, colour, (cx, cy), r * 0.9)
        pygame.draw.circle(target, style.INK, (cx, cy), r * 0.9, width=max(1, int(r // 8)))


@cached(128)
def war_card(card: str, width: int, label: str) -> pygame.Surface:
    """A territory card (or the joker) `width` pixels wide, `label` written on it
    (the territory's name in the reader's language, see `places.card_name`)."""
    w, h = width, round(width * CARD_RATIO)
    k = 2
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    radius = int(w * k * 0.08)
    pygame.draw.rect(big, (248, 240, 218), big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, style.INK_SOFT, big.get_rect(), width=max(2, k), border_radius=radius)
    inner = big.get_rect().inflate(-w * k * 0.1, -w * k * 0.1)
    pygame.draw.rect(big, style.GOLD_DARK, inner, width=max(1, k), border_radius=int(radius * 0.7))
    if card == JOKER:
        for i, fig in enumerate(("triangulo", "quadrado", "circulo")):
            draw_figure(
                big,
                fig,
                (big.get_width() * (0.28 + 0.22 * i), big.get_height() * 0.55),
                w * k * 0.1,
                style.GOLD,
            )
        band = style.GOLD
    else:
        continent = BOARD.continent_of[card]
        band = CONTINENT_TINTS.get(continent, style.PARCHMENT_DARK)
        fig = BOARD.figure(card) or "circulo"
        draw_figure(
            big, fig, (big.get_width() / 2, big.get_height() * 0.58), w * k * 0.2, style.GOLD_LIGHT
        )
    bar = pygame.Rect(inner.left + k, inner.top + k, inner.width - 2 * k, int(h * k * 0.24))
    pygame.draw.rect(big, band, bar, border_radius=int(radius * 0.5))
    out = pygame.transform.smoothscale(big, (w, h))
    size = max(8, int(w * 0.15))
    name = style.render_text(label, size, style.INK, "serif", max_width=int(w * 0.84))
    out.blit(name, name.get_rect(center=(w // 2, int(h * 0.12) + 4)))
    return out


@cache
def war_card_back(width: int) -> pygame.Surface:
    """The back of a territory card (someone else's draw)."""
    from scenes.widgets.cards import back_surface

    return back_surface(width, "forest")
