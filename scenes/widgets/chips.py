"""Chip stacks for the betting games (amounts split into denominations)."""

from __future__ import annotations

import pygame

from scenes import style
from scenes.style import cached

Color = tuple[int, int, int]

#: (value, body colour, stripe colour), largest first
DENOMINATIONS: list[tuple[int, Color, Color]] = [
    (1000, (214, 172, 82), (90, 60, 20)),
    (100, (30, 30, 34), (230, 220, 200)),
    (25, (34, 110, 60), (240, 236, 220)),
    (10, (40, 70, 160), (240, 236, 220)),
    (5, (170, 30, 34), (240, 236, 220)),
    (1, (236, 230, 214), (60, 60, 90)),
]


def split_amount(amount: int, max_chips: int = 30) -> list[int]:
    """Chip values making up `amount`, largest first (capped for drawing)."""
    out: list[int] = []
    rest = max(0, amount)
    for value, _, _ in DENOMINATIONS:
        n, rest = divmod(rest, value)
        out.extend([value] * n)
    return out[:max_chips]


@cached(64)
def chip_surface(value: int, diameter: int) -> pygame.Surface:
    """One chip seen at a slant (an ellipse with edge stripes)."""
    body, stripe = next(
        ((b, s) for v, b, s in DENOMINATIONS if v == value),
        (DENOMINATIONS[-1][1], DENOMINATIONS[-1][2]),
    )
    k = 3
    W, H = diameter * k, int(diameter * 0.62) * k
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    edge = int(H * 0.22)
    pygame.draw.ellipse(big, tuple(max(0, c - 50) for c in body), pygame.Rect(0, edge, W, H - edge))
    pygame.draw.rect(
        big, tuple(max(0, c - 50) for c in body), pygame.Rect(0, (H - edge) // 2, W, edge)
    )
    top = pygame.Rect(0, 0, W, H - edge)
    pygame.draw.ellipse(big, body, top)
    for i in range(6):  # edge marks
        x = int(W * (i + 0.5) / 6)
        pygame.draw.rect(
            big, stripe, pygame.Rect(x - W // 30, (H - edge) // 2 + 2, W // 15, edge - 2)
        )
    pygame.draw.ellipse(
        big, stripe, top.inflate(-W * 0.3, -top.height * 0.3), width=max(2, W // 30)
    )
    return pygame.transform.smoothscale(big, (W // k, H // k))


class ChipStack:
    """A pile of chips showing an amount, with its total written under it."""

    def __init__(
        self, amount: int, pos: tuple[float, float], diameter: int = 34, label: bool = True
    ) -> None:
        self.amount = amount
        self.x, self.y = pos
        self.diameter = diameter
        self.label = label

    def draw(self, target: pygame.Surface) -> None:
        """Paint the stack bottom-up; `pos` is the bottom-centre of the stack."""
        chips = list(reversed(split_amount(self.amount, 16)))
        step = max(2, self.diameter // 9)
        for i, value in enumerate(chips):
            surf = chip_surface(value, self.diameter)
            target.blit(surf, surf.get_rect(midbottom=(round(self.x), round(self.y) - i * step)))
        if self.label and self.amount > 0:
            style.blit_text(
                target,
                f"T$ {self.amount:,}".replace(",", "."),
                max(12, self.diameter // 2),
                (round(self.x), round(self.y) + 4),
                style.CREAM,
                kind="bold",
                anchor="midtop",
                shadow=style.BLACK,
            )
