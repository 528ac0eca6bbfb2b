"""Round markers on the cloth: the dealer (buck) button and blind/straddle pucks.

`draw_marker(surface, centre, text, kind)` paints one; the text is the
caller's ("D", "SB", "BB", "S" or its translation). Kinds: "dealer", "small",
"big", "straddle"; anything else is a plain parchment puck.
"""

from __future__ import annotations

import pygame

from scenes import style
from scenes.style import cached

Color = tuple[int, int, int]

MARKER_COLOURS: dict[str, tuple[Color, Color]] = {
    "dealer": ((246, 240, 226), style.INK),
    "small": ((60, 100, 170), style.CREAM),
    "big": ((214, 172, 82), style.INK),
    "straddle": ((150, 36, 40), style.CREAM),
}


def draw_marker(
    surface: pygame.Surface, centre: tuple[int, int], text: str, kind: str, radius: int = 13
) -> pygame.Rect:
    """Paint a marker puck centred on `centre`; returns its rectangle."""
    rect = marker_rect(centre, radius)
    surface.blit(_puck(text, kind, radius), rect)
    return rect


def marker_rect(centre: tuple[int, int], radius: int = 13) -> pygame.Rect:
    """The area `draw_marker` paints at `centre` (puck and its shadow)."""
    d = radius * 2 + 4
    rect = pygame.Rect(0, 0, d, d + 3)
    rect.center = centre
    return rect


@cached(32)
def _puck(text: str, kind: str, radius: int) -> pygame.Surface:
    body, ink = MARKER_COLOURS.get(kind, (style.PARCHMENT, style.INK))
    d = radius * 2 + 4
    surf = pygame.Surface((d, d + 3), pygame.SRCALPHA)
    c = (d // 2, d // 2)
    pygame.draw.circle(surf, (0, 0, 0, 120), (c[0] + 1, c[1] + 3), radius)
    pygame.draw.circle(surf, body, c, radius)
    pygame.draw.circle(surf, style.GOLD_DARK, c, radius, 2)
    pygame.draw.circle(surf, (*ink, 90), c, radius - 4, 1)
    size = max(8, int(radius * (1.1 if len(text) == 1 else 0.8)))
    style.blit_text(
        surf, text, size, c, ink, kind="bold", anchor="center", max_width=radius * 2 - 4
    )
    return surf
