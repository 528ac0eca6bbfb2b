"""Vector suit symbols (♠ ♥ ♦ ♣), supersampled so they are crisp at any size."""

from __future__ import annotations

import math

import pygame

from scenes.style import cached

Color = tuple[int, int, int]
RED_INK: Color = (182, 26, 34)
BLACK_INK: Color = (26, 22, 20)
SS = 4  # supersampling factor


def suit_colour(suit: str) -> Color:
    """Red for hearts and diamonds, black for spades and clubs."""
    return RED_INK if suit in ("H", "D") else BLACK_INK


def _heart(cx: float, cy: float, s: float, flip: bool = False) -> list[tuple[float, float]]:
    pts = []
    for i in range(96):
        t = 2 * math.pi * i / 96
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        y = -y if not flip else y
        pts.append((cx + x * s / 34, cy + (y + (1.5 if not flip else -1.5)) * s / 34))
    return pts


def _draw_suit(surface: pygame.Surface, suit: str, size: int, colour: Color) -> None:
    """Draw a suit filling a `size`×`size` square at the surface origin."""
    c = size / 2
    if suit == "H":
        pygame.draw.polygon(surface, colour, _heart(c, c, size * 1.02))
    elif suit == "S":
        body = _heart(c, c - size * 0.07, size * 0.98, flip=True)
        pygame.draw.polygon(surface, colour, body)
        stem = [
            (c, c + size * 0.05),
            (c - size * 0.2, c + size * 0.48),
            (c + size * 0.2, c + size * 0.48),
        ]
        pygame.draw.polygon(surface, colour, stem)
    elif suit == "D":
        pts = []
        for i in range(4):
            a0 = i * math.pi / 2 - math.pi / 2
            a1 = a0 + math.pi / 2
            p0 = (
                c + math.cos(a0) * size * 0.48 * (0.78 if i % 2 else 1),
                c + math.sin(a0) * size * 0.48,
            )
            p1 = (
                c + math.cos(a1) * size * 0.48 * (0.78 if (i + 1) % 2 else 1),
                c + math.sin(a1) * size * 0.48,
            )
            for k in range(12):  # slightly concave sides, like printed diamonds
                t = k / 12
                mx, my = p0[0] + (p1[0] - p0[0]) * t, p0[1] + (p1[1] - p0[1]) * t
                bow = math.sin(math.pi * t) * size * 0.05
                dx, dy = c - mx, c - my
                d = math.hypot(dx, dy) or 1
                pts.append((mx + dx / d * bow, my + dy / d * bow))
        pygame.draw.polygon(surface, colour, pts)
    elif suit == "C":
        r = size * 0.2
        pygame.draw.circle(surface, colour, (c, c - size * 0.2), r)
        pygame.draw.circle(surface, colour, (c - size * 0.215, c + size * 0.08), r)
        pygame.draw.circle(surface, colour, (c + size * 0.215, c + size * 0.08), r)
        pygame.draw.circle(surface, colour, (c, c), r * 0.6)
        stem = [
            (c, c - size * 0.02),
            (c - size * 0.17, c + size * 0.48),
            (c + size * 0.17, c + size * 0.48),
        ]
        pygame.draw.polygon(surface, colour, stem)
    else:
        raise ValueError(f"not a suit: {suit!r}")


@cached(256)
def suit_surface(suit: str, size: int, colour: Color | None = None) -> pygame.Surface:
    """A `size`×`size` transparent surface with the suit drawn antialiased."""
    size = max(4, int(size))
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    _draw_suit(big, suit, size * SS, colour or suit_colour(suit))
    return pygame.transform.smoothscale(big, (size, size))


def blit_suit(
    target: pygame.Surface,
    suit: str,
    center: tuple[float, float],
    size: int,
    colour: Color | None = None,
    upside_down: bool = False,
) -> None:
    """Draw a suit centred at `center`."""
    surf = suit_surface(suit, size, colour)
    if upside_down:
        surf = pygame.transform.rotate(surf, 180)
    target.blit(surf, surf.get_rect(center=(round(center[0]), round(center[1]))))
