"""Small table effects any game reuses: words rising and fading over a place,
and an image gliding along an arc from one point to another (an army counter,
a card)."""

from __future__ import annotations

import math

import pygame

from scenes import style
from scenes.widgets.tween import Timed, ease_in_out_cubic, ease_out_cubic


class FloatingText(Timed):
    """ "+3" or "-1" rising and fading over a place (decoration: the table does
    not wait for it)."""

    blocking = False

    def __init__(
        self,
        text: str,
        pos: tuple[int, int],
        colour: tuple[int, int, int],
        duration: float,
        size: int = 22,
    ) -> None:
        super().__init__(duration)
        self.surf = style.render_text(text, size, colour, "bold", shadow=style.BLACK)
        self.pos = pos

    def draw(self, surface: pygame.Surface) -> None:
        """Paint it at its current height and fade."""
        p = self.progress
        s = self.surf.copy()
        s.set_alpha(int(255 * (1 - p**2)))
        surface.blit(s, s.get_rect(center=(self.pos[0], self.pos[1] - 30 * ease_out_cubic(p))))


class GlidingImage(Timed):
    """An image gliding along a low arc from `start` to `end` (the table waits
    for it: the thing lands where the next state shows it)."""

    def __init__(
        self, start: tuple[int, int], end: tuple[int, int], image: pygame.Surface, duration: float
    ) -> None:
        super().__init__(duration)
        self.start, self.end = start, end
        self.image = image

    def draw(self, surface: pygame.Surface) -> None:
        """Paint it at its current place on the arc."""
        p = ease_in_out_cubic(self.progress)
        x = self.start[0] + (self.end[0] - self.start[0]) * p
        y = self.start[1] + (self.end[1] - self.start[1]) * p - math.sin(math.pi * p) * 30
        surface.blit(self.image, self.image.get_rect(center=(round(x), round(y))))
