"""Cards held at a seat: a row of `CardSprite`s dealt from the deck, turned over
at the showdown, the best five raised, mucked when the hand is folded.

Moves run on the scene's `Tweens` (so the speed setting and "skip" apply);
flips run on the sprites themselves: call `update(dt)` every frame and
`finish()` when the player skips ahead. Cards are never rotated (rotating five
cards at eight seats every frame would cost more than the whole table).
"""

from __future__ import annotations

import pygame

from game.cards import Card
from scenes.widgets.cards import CardSprite, back_surface, card_size
from scenes.widgets.tween import Tween, Tweens, ease_out_cubic

Point = tuple[float, float]


class CardFan:
    """The cards of one seat (or the community row), laid out in an overlapping row."""

    def __init__(self, tweens: Tweens, width: int, back: str = "crimson") -> None:
        self.tweens = tweens
        self.width = width
        self.back = back
        self.sprites: list[CardSprite] = []
        self.centre: Point = (0, 0)
        #: how much of a card the next one covers (0 = side by side)
        self.overlap = 0.45
        #: cards raised (by index): the best five at a showdown, a choice
        self.raised: set[int] = set()
        self.mucked = False

    # -- geometry ----------------------------------------------------------------
    def place(self, centre: Point, width: int | None = None, overlap: float | None = None) -> None:
        """Move the fan (window resize, seat turned): cards jump to their new slots."""
        self.centre = centre
        if width is not None and width != self.width:
            self.width = width
            for s in self.sprites:
                s.width = width
        if overlap is not None:
            self.overlap = overlap
        n = len(self.sprites)
        for i, s in enumerate(self.sprites):
            self._move_to(s, *self.slot(i, n))

    def _move_to(self, sprite: CardSprite, x: float, y: float) -> None:
        """Put a sprite at (x, y) now; one still flying there lands there instead of
        on the slot it aimed at when it left (the fan has grown or moved since)."""
        for attr, end in (("x", x), ("y", y)):
            flying = [
                tw
                for tw in self.tweens.items
                if isinstance(tw, Tween) and tw.obj is sprite and tw.attr == attr and not tw.done
            ]
            for tw in flying:
                tw.end = end
            if not flying:
                setattr(sprite, attr, end)

    def slot(self, index: int, count: int) -> Point:
        """Top-left of card `index` in a fan of `count` cards (raised cards sit higher)."""
        w, h = card_size(self.width)
        step = w * (1 - self.overlap)
        total = w + step * max(0, count - 1)
        x = self.centre[0] - total / 2 + index * step
        y = self.centre[1] - h / 2 - (h * 0.2 if index in self.raised else 0)
        return x, y

    @property
    def rect(self) -> pygame.Rect:
        """The area the cards cover (empty fan: a point at the centre)."""
        if not self.sprites:
            return pygame.Rect(round(self.centre[0]), round(self.centre[1]), 0, 0)
        r = self.sprites[0].rect
        for s in self.sprites[1:]:
            r = r.union(s.rect)
        return r

    # -- changes -----------------------------------------------------------------
    def deal(
        self,
        card: Card | None,
        origin: Point,
        face_up: bool = False,
        duration: float = 0.25,
        delay: float = 0.0,
    ) -> CardSprite:
        """A card flies from `origin` (the deck) into the next slot."""
        n = len(self.sprites) + 1
        sprite = CardSprite(card, self.width, origin, face_up=face_up, back=self.back)
        self.sprites.append(sprite)
        self.mucked = False
        for i, s in enumerate(self.sprites):
            x, y = self.slot(i, n)
            if s is sprite:
                self.tweens.add(s, "x", x, duration, ease_out_cubic, delay)
                self.tweens.add(s, "y", y, duration, ease_out_cubic, delay)
            else:  # the others make room (those still flying land in their new slot)
                self._move_to(s, x, y)
        return sprite

    def show(self, cards: list[Card | None], face_up: bool) -> None:
        """Set the cards at once (a jump: undo, load, a new viewer)."""
        self.sprites = [
            CardSprite(c, self.width, (0, 0), face_up=face_up and c is not None, back=self.back)
            for c in cards
        ]
        self.raised = set()
        self.mucked = False
        self.place(self.centre)

    def reveal(self, cards: list[Card], duration: float = 0.3) -> None:
        """Turn the cards face up, showing `cards` (known only now, at a showdown)."""
        if len(self.sprites) != len(cards):
            self.show(list(cards), face_up=False)
        d = self.tweens.scaled(duration)
        for s, c in zip(self.sprites, cards, strict=True):
            s.card = c
            if not s.face_up:
                s.flip(d)

    def raise_cards(self, cards: list[Card] | tuple[Card, ...], duration: float = 0.25) -> None:
        """Lift the sprites showing `cards` (each card lifts one sprite) and slide them up."""
        wanted = list(cards)
        self.raised = set()
        for i, s in enumerate(self.sprites):
            if s.card is not None and s.card in wanted:
                wanted.remove(s.card)
                self.raised.add(i)
        n = len(self.sprites)
        for i, s in enumerate(self.sprites):
            s.highlighted = i in self.raised
            self.tweens.add(s, "y", self.slot(i, n)[1], duration)

    def muck(self, to: Point, duration: float = 0.3) -> None:
        """Slide the cards face down to `to` (the muck) and drop them."""
        self.mucked = True
        sprites = list(self.sprites)

        def gone() -> None:
            for s in sprites:
                if s in self.sprites:
                    self.sprites.remove(s)

        for s in sprites:
            s.face_up = False
            s.highlighted = False
            self.tweens.add(s, "x", to[0], duration)
        if sprites:
            self.tweens.add(sprites[-1], "y", to[1], duration, on_done=gone)
            for s in sprites[:-1]:
                self.tweens.add(s, "y", to[1], duration)
        self.raised = set()

    def clear(self) -> None:
        """No cards."""
        self.sprites = []
        self.raised = set()
        self.mucked = False

    # -- frame -------------------------------------------------------------------
    def card_at(self, pos: tuple[int, int]) -> int | None:
        """Index of the top-most card under `pos`."""
        for i in range(len(self.sprites) - 1, -1, -1):
            if self.sprites[i].contains(pos):
                return i
        return None

    @property
    def busy(self) -> bool:
        """True while a card is flipping."""
        return any(s.animating for s in self.sprites)

    def update(self, dt: float) -> None:
        """Advance flips."""
        for s in self.sprites:
            if s.animating:
                s.update(dt)

    def finish(self) -> None:
        """Complete every flip at once (skip ahead)."""
        for s in self.sprites:
            guard = 0
            while s.animating and guard < 100:
                s.update(1.0)
                guard += 1

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the cards left to right."""
        for s in self.sprites:
            s.draw(surface)


def draw_deck(
    surface: pygame.Surface,
    topleft: tuple[int, int],
    width: int,
    back: str = "crimson",
    count: int = 52,
) -> pygame.Rect:
    """The deck on the cloth: a few offset backs suggest its thickness."""
    layers = max(1, min(6, count // 8 + 1)) if count > 0 else 0
    surf = back_surface(width, back)
    r = surf.get_rect(topleft=topleft)
    for i in range(layers):
        surface.blit(surf, (topleft[0] - i, topleft[1] - i))
    return r.move(-max(0, layers - 1), -max(0, layers - 1))
