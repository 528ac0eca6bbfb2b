"""Where everything lies on the Wyrt table for the window's size: the ring of
seats, the fans, the deck, the extra buttons of the top bar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.i18n import tr
from scenes.tables import felt
from scenes.tables.wyrt.controls import BetControls
from scenes.tables.wyrt.look import TOP

if TYPE_CHECKING:
    pass


class WyrtLayout:
    """The Wyrt table's layout (mixed into `WyrtTable`)."""

    def layout(self) -> None:
        w, h = self.app.size
        rw = 290 if w >= 1200 else 250
        self.side = pygame.Rect(w - rw - 10, TOP, rw, h - TOP - 10)
        bar_h = 104
        self.bar = pygame.Rect(10, h - bar_h - 8, self.side.left - 20, bar_h)
        area = pygame.Rect(10, TOP, self.side.left - 20, self.bar.top - TOP - 4)
        self.ring.set_bottom(self._bottom_seat())
        self.ring.set_area(area)
        if self.practice:
            aids_h = min(230, self.side.height // 2)
            self.aids_rect = pygame.Rect(
                self.side.left, self.side.bottom - aids_h, self.side.width, aids_h
            )
            self.log.set_rect(
                pygame.Rect(
                    self.side.left, self.side.top, self.side.width, self.side.height - aids_h - 8
                )
            )
        else:
            self.log.set_rect(self.side)
        self.tray.set_rect(self.ring.tray_rect)
        self.pots.set_spot(self.ring.pot_spot, self.ring.chip_diameter())
        self._place_cards()
        if self.controls is not None:
            self.controls.kill()
        cw = min(560, self.bar.width - 250)
        self.controls = BetControls(
            self.app.ui_manager,
            self.ui,
            pygame.Rect(self.bar.right - cw - 8, self.bar.top + 6, cw, self.bar.height - 12),
            self.submit,
            self._ask,
        )
        self._controls_key = None
        self._build_extra_buttons()
        if self._lay_out_loaded:  # once the ring knows where the cards go
            self._lay_out_loaded = False
            self.sync()

    def _build_extra_buttons(self) -> None:
        from scenes import ui

        for b in self.extra_buttons.values():
            b.kill()
        self.extra_buttons = {}
        x = min((b.rect.left for b in self.buttons.values()), default=self.app.size[0] - 16)
        narrow = self.app.size[0] < 1200
        for name in ("cheat", "relic", "leave"):
            w = 104 if narrow else 120
            x -= w + 8
            tips = {
                "cheat": "",
                "relic": tr("wyrttable.relic_tip"),
                "leave": tr("wyrttable.tips.leave"),
            }
            self.extra_buttons[name] = ui.button(
                pygame.Rect(x, 12, w, 36),
                tr(
                    {
                        "cheat": "wyrt.actions.cheat",
                        "relic": "wyrttable.relic_button",
                        "leave": "wyrttable.get_up",
                    }[name]
                ),
                self.app.ui_manager,
                self.ui,
                tooltip=tips[name] or None,
            )
        for name in ("cheat", "relic", "leave"):
            self.extra_buttons[name].hide()

    def pack_extra_buttons(self) -> None:
        """Line the shown extra buttons up against the top bar's own, with no
        gap for a hidden one: "Get up" alone sat three slots out, so in
        practice (three more top buttons) the status line lost its place."""
        x = min((b.rect.left for b in self.buttons.values()), default=self.app.size[0] - 16)
        for name in ("cheat", "relic", "leave"):
            b = self.extra_buttons.get(name)
            if b is None or not b.visible:
                continue
            x -= b.rect.width + 8
            if b.relative_rect.left != x:
                b.set_relative_position((x, b.relative_rect.top))

    def _place_cards(self) -> None:
        """Put every fan and the board where the ring says (resize, new viewer)."""
        large = self.ring.card_width(large=True)
        small = self.ring.card_width()
        self.ring.set_hero_large(large)  # the bottom seat always sees its cards large
        for s, fan in self.fans.items():
            if s == self.ring.bottom:
                fan.place(self.ring.hero_cards_spot(large, tuck=0.08), large, 0.12)
            else:
                fan.place(self.ring.cards_spot(s), small, 0.72)
        self.board.place(self.ring.board_rect.center, small + small // 3)

    def _fan(self, seat: int) -> felt.CardFan:
        fan = self.fans.get(seat)
        if fan is None:
            fan = felt.CardFan(self.tweens, self.ring.card_width(), self.look.back)
            self.fans[seat] = fan
            self._place_cards()
        return fan

    def _deck_centre(self) -> tuple[float, float]:
        x, y = self.ring.deck_spot
        self.ring.card_width()
        return x, y
