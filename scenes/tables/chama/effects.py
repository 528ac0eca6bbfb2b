"""Chama's own short animations (the card flights and floating words are the
shared ones in scenes/widgets/floating.py)."""

from __future__ import annotations

from typing import TypeAlias

import pygame

from game.cards import Card
from scenes import style
from scenes.tables.chama.look import chama_back, chama_card
from scenes.widgets.floating import FloatingText, GlidingImage
from scenes.widgets.tween import Timed, ease_out_back


class XisumDuel(Timed):
    """The Xisum duel in the centre ([C15]): the face-down challenger turns up,
    the revealed top card meets it, and the outcome is written under them."""

    def __init__(
        self,
        centre: pygame.Rect,
        challenger: Card | None,
        revealed: Card,
        outcome: str,
        duration: float,
    ) -> None:
        super().__init__(duration)
        self.centre = centre
        self.challenger = challenger
        self.revealed = revealed
        self.outcome = outcome
        self.card_w = max(40, min(72, int((centre.height - 50) / 1.4)))

    def draw(self, surface: pygame.Surface) -> None:
        p = self.progress
        c = self.centre
        panel = pygame.Surface(c.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (10, 6, 4, 245), panel.get_rect(), border_radius=12)
        pygame.draw.rect(panel, (*style.GOLD, 230), panel.get_rect(), width=2, border_radius=12)
        surface.blit(panel, c.topleft)
        w = self.card_w
        slide = ease_out_back(min(1.0, p * 3))
        gap = int(30 + 60 * (1 - slide))
        left = pygame.Rect(0, 0, w, round(w * 1.4))
        right = left.copy()
        left.midright = (c.centerx - gap, c.centery - 8)
        right.midleft = (c.centerx + gap, c.centery - 8)
        face_up = p > 0.3 and self.challenger is not None
        surface.blit(
            chama_card(self.challenger, w) if face_up and self.challenger else chama_back(w),
            left.topleft,
        )
        surface.blit(chama_card(self.revealed, w), right.topleft)
        style.blit_text(
            surface, "Xisum", 18, (c.centerx, c.top + 6), style.GOLD_LIGHT, "serif", "midtop"
        )
        style.blit_text(
            surface, "VS", 20, (c.centerx, left.centery), style.CREAM, "bold", "center", style.BLACK
        )
        if p > 0.45:
            style.blit_text(
                surface,
                self.outcome,
                16,
                (c.centerx, left.bottom + 6),
                style.GOLD_LIGHT,
                "bold",
                "midtop",
                style.BLACK,
                c.width - 20,
            )


#: an effect running on the table: the table updates it, paints it, and waits
#: for it while it is `blocking`
Fx: TypeAlias = FloatingText | GlidingImage | XisumDuel
