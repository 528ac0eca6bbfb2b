"""A minimal table for the tiny test game, to drive the table base in tests."""

from __future__ import annotations

import pygame

from game.cards import Card
from scenes.tables.base import TableScene
from scenes.widgets.cards import CardSprite
from tests.game.tiny_game import Pick


class AltaTable(TableScene):
    def layout(self) -> None:
        w, h = self.app.size
        self.log.set_rect(pygame.Rect(w - 320, 60, 300, h - 80))
        self.seat_panel.set_rect(pygame.Rect(20, 60, 260, h - 80))
        self.sync()

    def sync(self) -> None:
        view = self.current_view()
        hand = [Card.from_code(c) for c in view.get("hand", [])]
        self.sprites = [CardSprite(c, 90, (320 + i * 100, 500)) for i, c in enumerate(hand)]
        for s in self.sprites:
            s.selectable = True

    def on_human_turn(self, seat: int) -> None:
        if len(getattr(self, "sprites", [])) != len(self.match.hands[seat]):
            self.sync()

    def play_event(self, event) -> None:  # type: ignore[no-untyped-def]
        super().play_event(event)
        self.sync()

    def draw_table(self, surface: pygame.Surface) -> None:
        for s in self.sprites:
            s.draw(surface)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for s in self.sprites:
                if s.contains(event.pos) and s.card is not None:
                    self.submit(Pick(s.card))
                    self.sync()
                    return
        super().handle_event(event)
