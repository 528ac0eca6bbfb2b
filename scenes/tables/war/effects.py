"""The battle dice box on the map (floating numbers and gliding counters are
scenes/widgets/floating.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from scenes import style
from scenes.widgets.dice import DiceTumble
from scenes.widgets.tween import Timed


class Effect(Protocol):
    """What the War table asks of an effect on its map (a `Timed` that draws)."""

    @property
    def blocking(self) -> bool: ...
    @property
    def done(self) -> bool: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...


#: room kept clear around a fighting territory's anchor: its counter and its name
KEEP_CLEAR = (132, 74)


def place_box(
    size: tuple[int, int], anchors: list[tuple[int, int]], bounds: pygame.Rect
) -> pygame.Rect:
    """Where a box of `size` goes inside `bounds` so it hides none of the
    territories at `anchors` (their counters and names): above the pair, below
    it, then beside it; when none is free, the place that hides the least."""
    keep = [pygame.Rect(0, 0, *KEEP_CLEAR) for _ in anchors]
    for r, a in zip(keep, anchors, strict=True):
        r.center = a
    pair = keep[0].unionall(keep[1:]) if keep else pygame.Rect(bounds.center, (0, 0))
    inner = bounds.inflate(-8, -8)
    box = pygame.Rect((0, 0), size)
    candidates = []
    for side in ("top", "bottom", "left", "right"):
        c = box.copy()
        if side == "top":
            c.midbottom = (pair.centerx, pair.top - 6)
        elif side == "bottom":
            c.midtop = (pair.centerx, pair.bottom + 6)
        elif side == "left":
            c.midright = (pair.left - 6, pair.centery)
        else:
            c.midleft = (pair.right + 6, pair.centery)
        c.clamp_ip(inner)
        candidates.append(c)

    def hidden(c: pygame.Rect) -> int:
        return sum(c.clip(r).width * c.clip(r).height for r in keep)

    return min(candidates, key=hidden)  # min keeps the first of equals: above wins


class BattleFx(Timed):
    """Both dice sets tumbling near the fight, paired column by column (attack
    above, defence below), then the losing die of each pair struck out ([W6])."""

    SIZE = 38
    GAP = 10
    #: share of the duration the table waits for: the dice land at 0.62, the
    #: result is read for a moment, and the box fades while the next move starts
    HOLD = 0.78

    def __init__(
        self,
        attack: tuple[int, ...],
        defence: tuple[int, ...],
        where: tuple[int, int],
        bounds: pygame.Rect,
        duration: float,
        seed: int,
        source: tuple[int, int] | None = None,
        on_landed: Callable[[], None] | None = None,
    ) -> None:
        size, gap = self.SIZE, self.GAP
        columns = max(len(attack), len(defence))
        box = pygame.Rect(
            0, 0, columns * size + (columns - 1) * gap + 2 * 16, 2 * size + gap + 2 * 14
        )
        self.box = place_box(box.size, [p for p in (where, source) if p is not None], bounds)
        box = self.box
        #: called once, when the last die has landed: the result shows then, not before
        self.on_landed = on_landed
        self.landed = False
        x0, y0 = box.left + 16, box.top + 14
        step = (size + gap) / size - 1  # DiceTumble's gap is a fraction of the size
        self.attack = DiceTumble(list(attack), size, (x0, y0), "red", step, seed, bounce=0.25)
        self.defence = DiceTumble(
            list(defence), size, (x0, y0 + size + gap), "gold", step, seed + 1, bounce=0.25
        )
        super().__init__(duration)
        rolled = duration * 0.5
        self.attack.roll(rolled)
        self.defence.roll(rolled)
        # which pairs the attacker lost (ties to the defence, [W6])
        pairs = min(len(attack), len(defence))
        self.marked = [(i, attack[i] <= defence[i]) for i in range(pairs)]
        self._hold()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.attack.update(dt)
        self.defence.update(dt)
        if self.attack.settled and self.defence.settled:
            self.land()
            for i, attacker_lost in self.marked:
                self.attack.dice[i].marked = attacker_lost
                self.defence.dice[i].marked = not attacker_lost
            for die in self.attack.dice[len(self.marked) :]:
                die.dim = True
            for die in self.defence.dice[len(self.marked) :]:
                die.dim = True
        self._hold()

    def _hold(self) -> None:
        # `blocking` is an attribute of every `Timed`: kept up to date wherever
        # the time or the landing changes (the table reads it between frames)
        self.blocking = not self.landed or self.t < self.duration * self.HOLD

    def land(self) -> None:
        """The dice are down: tell the result (once)."""
        if not self.landed:
            self.landed = True
            if self.on_landed is not None:
                self.on_landed()
            self._hold()

    def draw(self, surface: pygame.Surface) -> None:
        fade = (
            1.0
            if self.t < self.duration * 0.85
            else max(0.0, (self.duration - self.t) / (self.duration * 0.15))
        )
        panel = pygame.Surface(self.box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (30, 20, 12, int(215 * fade)), panel.get_rect(), border_radius=12)
        pygame.draw.rect(
            panel, (*style.GOLD, int(255 * fade)), panel.get_rect(), width=2, border_radius=12
        )
        surface.blit(panel, self.box.topleft)
        if fade > 0.3:
            self.attack.draw(surface)
            self.defence.draw(surface)
