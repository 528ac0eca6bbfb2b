"""An army counter of the War map: the owner's emblem in the owner's colour
around a cream plate with the number (drawn at 3x, scaled down smooth)."""

from __future__ import annotations

import pygame

from scenes import style
from scenes.widgets.emblems import emblem_points

Colour = tuple[int, int, int]
#: ink of the counters' outlines and numbers
INK_DARK: Colour = (30, 20, 12)

#: a dark outline for light army colours (white, yellow): they vanish on parchment
LIGHT = 150


def army_counter(r: int, count: int, colour: Colour, emblem: str) -> pygame.Surface:
    """An army counter of radius `r`: the owner's emblem in the owner's colour,
    outlined in ink (thickly for light colours), around a cream plate with the
    number. Drawn at 3x and scaled down for smooth edges."""
    k = 3
    R = r * k
    s = pygame.Surface((2 * R + 4 * k, 2 * R + 4 * k), pygame.SRCALPHA)
    c = s.get_width() / 2
    lum = 0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2]
    pts = emblem_points(emblem, (c, c), R * 1.02)
    # a shadow of the emblem's own shape (a round one made every counter a dark disc)
    pygame.draw.polygon(s, (20, 14, 10, 120), [(x + k, y + 2 * k) for x, y in pts])
    pygame.draw.polygon(s, colour, pts)
    edge = max(k, round(R * (0.13 if lum > LIGHT else 0.08)))
    pygame.draw.polygon(s, INK_DARK, pts, width=edge)
    plate = R * (0.6 if emblem != "star" else 0.5)
    pygame.draw.circle(s, (250, 244, 228), (c, c), plate)
    pygame.draw.circle(s, INK_DARK, (c, c), plate, width=max(k, round(R * 0.07)))
    s = pygame.transform.smoothscale(s, (s.get_width() // k, s.get_height() // k))
    size = max(12, round(r * (1.15 if count < 10 else 1.0 if count < 100 else 0.8)))
    text = style.render_text(str(count), size, INK_DARK, "bold")
    if text.get_width() > plate * 2 / k + 2:  # a thousand armies: the number keeps to its plate
        size = max(9, int(size * (plate * 2 / k + 2) / text.get_width()))
        text = style.render_text(str(count), size, INK_DARK, "bold")
    s.blit(text, text.get_rect(center=(s.get_width() / 2, s.get_height() / 2)))
    return s
