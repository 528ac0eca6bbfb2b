"""Chips on the cloth: bets in front of seats, pots (side pots apart) and chips
flying between them.

Chip faces come from `scenes.widgets.chips` (one drawing of a chip for the
whole program); this module only places them. Amount labels are formatted by
the caller (`label=lambda n: f"T$ {n}"` or life points), so nothing here knows
a currency.

- `draw_pile(surface, amount, midbottom, diameter, label)`: one pile.
- `Flights`: chips sliding from one point to another (bets pushed in, pots
  gathered, pots pushed to winners); tables poll `busy` before the next event.
- `PotRow`: the pots of the hand, main pot first, laid side by side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from scenes import style
from scenes.i18n import grouped
from scenes.widgets.chips import chip_surface, split_amount
from scenes.widgets.tween import Tweens, ease_in_out_cubic

Label = Callable[[int], str]
Point = tuple[int, int]


def plain_label(amount: int) -> str:
    """Thousands grouped as the language does, no currency ("1.250", "1,250")."""
    return grouped(amount)


def _chip_columns(amount: int, max_chips: int) -> list[list[int]]:
    """The chips of a pile of `amount`, in columns of at most `max_chips`."""
    chips = list(reversed(split_amount(amount, max_chips * 3)))
    return [chips[i : i + max_chips] for i in range(0, len(chips), max_chips)]


def draw_pile(
    surface: pygame.Surface,
    amount: int,
    midbottom: tuple[float, float],
    diameter: int,
    label: Label | None = plain_label,
    caption: str = "",
    max_chips: int = 12,
) -> pygame.Rect:
    """Paint a pile of chips worth `amount` standing on `midbottom`.

    Big amounts are drawn as up to three columns so a pile never towers over
    the table. The label (and an optional caption, e.g. "side pot 1") goes
    under it. Returns the rectangle covered by the chips.
    """
    if amount <= 0:
        return pygame.Rect(round(midbottom[0]), round(midbottom[1]), 0, 0)
    cols = _chip_columns(amount, max_chips)
    step = max(2, diameter // 8)
    x0 = midbottom[0] - (len(cols) - 1) * diameter * 0.55
    covered = pygame.Rect(round(midbottom[0]), round(midbottom[1]), 0, 0)
    for ci, col in enumerate(cols):
        x = round(x0 + ci * diameter * 1.1)
        for i, value in enumerate(col):
            surf = chip_surface(value, diameter)
            r = surf.get_rect(midbottom=(x, round(midbottom[1]) - i * step))
            surface.blit(surf, r)
            covered.union_ip(r)
    y = round(midbottom[1]) + 3
    if label is not None:
        r = style.blit_text(
            surface,
            label(amount),
            max(11, diameter // 2),
            (round(midbottom[0]), y),
            style.CREAM,
            kind="bold",
            anchor="midtop",
            shadow=style.BLACK,
        )
        y = r.bottom
    if caption:
        style.blit_text(
            surface,
            caption,
            max(10, diameter * 2 // 5),
            (round(midbottom[0]), y),
            style.GOLD_LIGHT,
            anchor="midtop",
            shadow=style.BLACK,
        )
    return covered


def pile_rect(
    amount: int,
    midbottom: tuple[float, float],
    diameter: int,
    label: Label | None = plain_label,
    caption: str = "",
    max_chips: int = 12,
) -> pygame.Rect:
    """Where `draw_pile` would paint: its chip columns with the label and caption
    under them (so a table can keep other things off a pot)."""
    x, y = round(midbottom[0]), round(midbottom[1])
    if amount <= 0:
        return pygame.Rect(x, y, 0, 0)
    cols = _chip_columns(amount, max_chips)
    step = max(2, diameter // 8)
    width = round((len(cols) - 1) * diameter * 1.1) + diameter
    height = diameter + (len(cols[0]) - 1) * step
    rect = pygame.Rect(x - width // 2, y - height, width, height + 3)
    if label is not None:
        size = max(11, diameter // 2)
        words = style.render_text(label(amount), size, style.CREAM, kind="bold").get_size()
        rect.union_ip(pygame.Rect(x - words[0] // 2, rect.bottom, *words))
    if caption:
        size = max(10, diameter * 2 // 5)
        words = style.render_text(caption, size, style.GOLD_LIGHT).get_size()
        rect.union_ip(pygame.Rect(x - words[0] // 2, rect.bottom, *words))
    return rect


@dataclass
class Flight:
    """One pile of chips in the air."""

    amount: int
    x: float
    y: float


class Flights:
    """Piles of chips sliding across the cloth, timed by the scene's `Tweens`."""

    def __init__(self, tweens: Tweens) -> None:
        self.tweens = tweens
        self.items: list[Flight] = []

    def launch(
        self,
        amount: int,
        start: tuple[float, float],
        end: tuple[float, float],
        duration: float = 0.35,
        delay: float = 0.0,
        on_land: Callable[[], None] | None = None,
    ) -> None:
        """Send `amount` from `start` to `end`; `on_land` runs when it arrives."""
        if amount <= 0:
            if on_land is not None:
                self.tweens.after(duration + delay, on_land)
            return
        f = Flight(amount, float(start[0]), float(start[1]))
        self.items.append(f)

        def land() -> None:
            if f in self.items:
                self.items.remove(f)
            if on_land is not None:
                on_land()

        self.tweens.add(f, "x", end[0], duration, ease_in_out_cubic, delay)
        self.tweens.add(f, "y", end[1], duration, ease_in_out_cubic, delay, land)
        if f.x == end[0] and f.y == end[1] and f in self.items:
            land()  # instant speed: it is already there

    @property
    def busy(self) -> bool:
        """True while chips are moving."""
        return bool(self.items)

    def clear(self) -> None:
        """Drop every flight (a jump: undo, load)."""
        self.items.clear()

    def draw(self, surface: pygame.Surface, diameter: int) -> None:
        """Paint the moving piles (no labels: they are on their way)."""
        for f in self.items:
            draw_pile(surface, f.amount, (f.x, f.y), diameter, label=None, max_chips=8)


class PotRow:
    """The pots of a hand: main pot in the middle, side pots beside it, apart."""

    def __init__(self) -> None:
        #: (amount, caption) for each pot, main pot first
        self.pots: list[tuple[int, str]] = []
        self.spot: Point = (0, 0)
        self.diameter = 24
        self.gap = 90

    def set_spot(self, spot: Point, diameter: int) -> None:
        """Where the row stands (bottom-centre of the main pot) and the chip size."""
        self.spot = spot
        self.diameter = diameter
        self.gap = diameter * 4

    def set_pots(self, pots: list[tuple[int, str]]) -> None:
        """Replace the pots shown: [(amount, caption), …], main pot first."""
        self.pots = list(pots)

    def pot_spot(self, index: int, count: int | None = None) -> Point:
        """Bottom-centre of pot `index` when `count` pots are shown (default: as now)."""
        n = max(1, len(self.pots) if count is None else count)
        x0 = self.spot[0] - (n - 1) * self.gap / 2
        return round(x0 + index * self.gap), self.spot[1]

    def total(self) -> int:
        """Chips in every pot."""
        return sum(a for a, _ in self.pots)

    def rect(self, label: Label | None = plain_label) -> pygame.Rect | None:
        """Where the pots are painted, chips, amounts and captions (None: no pot)."""
        out: pygame.Rect | None = None
        for i, (amount, caption) in enumerate(self.pots):
            if amount <= 0:
                continue
            r = pile_rect(amount, self.pot_spot(i), self.diameter, label, caption)
            out = r if out is None else out.union(r)
        return out

    def draw(self, surface: pygame.Surface, label: Label | None = plain_label) -> None:
        """Paint every pot with its amount and caption."""
        for i, (amount, caption) in enumerate(self.pots):
            draw_pile(surface, amount, self.pot_spot(i), self.diameter, label, caption)
