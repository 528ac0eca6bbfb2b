"""Dice drawn by code, with a tumble that lands on the engine's rolled values.

The table never rolls: the engine rolls with the match's generator and the
`DiceRolled`-style event carries the values; `DiceTumble` only shows them.
"""

from __future__ import annotations

import random

import pygame

from scenes import style
from scenes.style import cached
from scenes.widgets.tween import ease_out_bounce, ease_out_cubic

Color = tuple[int, int, int]

#: Named die looks: (body, pips, rim)
DIE_STYLES: dict[str, tuple[Color, Color, Color]] = {
    "ivory": ((246, 238, 216), (40, 30, 24), (170, 150, 120)),
    "red": ((190, 36, 36), (252, 244, 230), (110, 16, 16)),
    "gold": ((232, 196, 96), (60, 36, 12), (150, 110, 40)),
    "blue": ((48, 84, 170), (250, 246, 236), (24, 42, 100)),
    "black": ((40, 36, 34), (236, 222, 186), (12, 10, 10)),
}

_PIP_LAYOUT: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


@cached(256)
def die_face(value: int, size: int, look: str = "ivory") -> pygame.Surface:
    """One face of a six-sided die (values above 6 are shown as numerals)."""
    body, pip, rim = DIE_STYLES.get(look, DIE_STYLES["ivory"])
    k = 3  # drawn large, scaled down: smooth corners and pips
    S = size * k
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    radius = int(S * 0.2)
    pygame.draw.rect(big, rim, big.get_rect(), border_radius=radius)
    pygame.draw.rect(
        big, body, big.get_rect().inflate(-S * 0.08, -S * 0.08), border_radius=int(radius * 0.85)
    )
    # a soft highlight on the top-left
    hl = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.ellipse(hl, (255, 255, 255, 50), pygame.Rect(S * 0.1, S * 0.08, S * 0.55, S * 0.4))
    big.blit(hl, (0, 0))
    if value in _PIP_LAYOUT:
        r = S * 0.085
        for fx, fy in _PIP_LAYOUT[value]:
            pygame.draw.circle(big, pip, (fx * S, fy * S), r)
    else:
        style.blit_text(
            big, str(value), int(S * 0.55), (S // 2, S // 2), pip, kind="serif", anchor="center"
        )
    return pygame.transform.smoothscale(big, (size, size))


class DieSprite:
    """One die: tumbles for a while, then settles on its value with a bounce."""

    def __init__(
        self,
        value: int,
        size: int,
        pos: tuple[float, float],
        look: str = "ivory",
        seed: int = 0,
        bounce: float = 0.8,
    ) -> None:
        self.value = value
        self.size = size
        self.x, self.y = pos
        self.look = look
        self.rnd = random.Random(seed)
        self.shown = self.rnd.randint(1, 6)
        self.angle = self.rnd.uniform(0, 360)
        self.t = 0.0
        self.duration = 0.0
        self.dim = False
        self.marked = False  # e.g. a die that lost its comparison
        self.bounce = bounce  # how high it hops while landing, in die sizes
        self._swap = 0.0

    def roll(self, duration: float) -> None:
        """Start a tumble of `duration` seconds (0 = show the value at once)."""
        self.t = 0.0
        self.duration = duration
        if duration <= 0:
            self.shown, self.angle = self.value, 0.0

    @property
    def settled(self) -> bool:
        """True once the die shows its value."""
        return self.t >= self.duration

    def update(self, dt: float) -> None:
        """Advance the tumble."""
        if self.settled:
            self.shown, self.angle = self.value, 0.0
            return
        self.t += dt
        self._swap -= dt
        progress = min(1.0, self.t / self.duration)
        if self._swap <= 0 and progress < 0.8:
            self.shown = self.rnd.randint(1, 6)
            self._swap = 0.05 + 0.12 * progress
        if progress >= 0.8:
            self.shown = self.value
        self.angle = (1 - ease_out_cubic(progress)) * 540 + self.rnd.uniform(-4, 4) * (1 - progress)
        if self.settled:
            self.shown, self.angle = self.value, 0.0

    def draw(self, target: pygame.Surface) -> None:
        """Paint the die (bouncing while it lands)."""
        face = die_face(self.shown, self.size, self.look)
        bounce = 0.0
        if not self.settled and self.duration > 0:
            p = min(1.0, self.t / self.duration)
            bounce = (1 - ease_out_bounce(p)) * self.size * self.bounce
        if self.angle:
            face = pygame.transform.rotozoom(face, self.angle, 1.0)
        sh = style.shadow((self.size, self.size), radius=max(3, self.size // 8), alpha=100)
        cx, cy = self.x + self.size / 2, self.y + self.size / 2
        target.blit(sh, sh.get_rect(center=(cx + 3, cy + 5)))
        rect = face.get_rect(center=(round(cx), round(cy - bounce)))
        target.blit(face, rect)
        if self.dim:
            veil = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
            pygame.draw.rect(
                veil, (20, 16, 14, 130), veil.get_rect(), border_radius=int(self.size * 0.2)
            )
            target.blit(veil, (self.x, self.y))
        if self.marked:
            pad = max(2, self.size // 10)
            pygame.draw.line(
                target,
                style.RED,
                (self.x + pad, self.y + pad),
                (self.x + self.size - pad, self.y + self.size - pad),
                max(2, self.size // 12),
            )
            pygame.draw.line(
                target,
                style.RED,
                (self.x + self.size - pad, self.y + pad),
                (self.x + pad, self.y + self.size - pad),
                max(2, self.size // 12),
            )


class DiceTumble:
    """A row of dice rolled together, e.g. an attack or a Hora da Verdade roll."""

    def __init__(
        self,
        values: list[int],
        size: int,
        origin: tuple[float, float],
        look: str = "ivory",
        gap: float = 0.25,
        seed: int = 0,
        bounce: float = 0.8,
    ) -> None:
        self.dice = [
            DieSprite(
                v, size, (origin[0] + i * size * (1 + gap), origin[1]), look, seed * 31 + i, bounce
            )
            for i, v in enumerate(values)
        ]

    def roll(self, duration: float) -> None:
        """Tumble every die; later dice land a little later, like a real throw."""
        for i, d in enumerate(self.dice):
            d.roll(duration * (1 + 0.12 * i) if duration > 0 else 0)

    @property
    def settled(self) -> bool:
        """True when every die shows its value."""
        return all(d.settled for d in self.dice)

    @property
    def shown(self) -> list[int]:
        """What the dice show right now."""
        return [d.shown for d in self.dice]

    def update(self, dt: float) -> None:
        """Advance every die."""
        for d in self.dice:
            d.update(dt)

    def draw(self, target: pygame.Surface) -> None:
        """Paint every die."""
        for d in self.dice:
            d.draw(target)


def pips_for(value: int) -> int:
    """How many pips a face shows (for tests)."""
    return len(_PIP_LAYOUT.get(value, []))


__all__ = ["DIE_STYLES", "DiceTumble", "DieSprite", "die_face", "pips_for"]
