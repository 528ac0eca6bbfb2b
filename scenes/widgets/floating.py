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
        max_width: int | None = None,
    ) -> None:
        super().__init__(duration)
        # Wider than `max_width`, the words wrap onto lines (a redraw naming a long
        # name and five cards ran past both edges of the window).
        lines = style.wrap_text(text, size, max_width, "bold") if max_width else [text]
        rows = [
            style.render_text(line, size, colour, "bold", shadow=style.BLACK, max_width=max_width)
            for line in lines
        ]
        if len(rows) == 1:
            self.surf = rows[0]
        else:
            self.surf = pygame.Surface(
                (max(r.get_width() for r in rows), sum(r.get_height() for r in rows)),
                pygame.SRCALPHA,
            )
            y = 0
            for row in rows:
                self.surf.blit(row, row.get_rect(midtop=(self.surf.get_width() // 2, y)))
                y += row.get_height()
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
