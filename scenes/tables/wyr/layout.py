"""Where everything lies on the Wyr table: the cloth, the fans, the bets, the
dice tray, the hand panel and the row of buttons, for the window's size.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import pygame
import pygame_gui

from game.core import TableMatch
from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import AppHost
from scenes.tables import felt
from scenes.tables.wyr.look import TOP
from scenes.tables.wyr.words import money
from scenes.widgets.cards import CARD_RATIO

#: a bet token's radius on the cloth
BET_RADIUS = 15


class WyrLayoutHost(Protocol):
    """What the layout reads, places and sets on the Wyr table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def ui(self) -> pygame_gui.core.UIContainer | None: ...
    @property
    def match(self) -> TableMatch: ...
    @property
    def practice(self) -> bool: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def log(self) -> felt.HandHistory: ...
    @property
    def ring(self) -> felt.SeatRing: ...
    @property
    def tray(self) -> felt.DiceTray: ...
    @property
    def pots(self) -> felt.PotRow: ...
    @property
    def fans(self) -> Mapping[int, felt.CardFan]: ...
    @property
    def hand(self) -> felt.CardFan: ...
    @property
    def board_fan(self) -> felt.CardFan: ...

    panel: pygame.Rect
    felt_area: pygame.Rect
    aids_rect: pygame.Rect
    controls: dict[str, pygame_gui.elements.UIButton]

    def sync(self) -> None: ...
    def _board_shown(self) -> bool: ...
    def _board_rect(self) -> pygame.Rect: ...
    def _hand_width(self) -> int: ...
    def _hand_area(self) -> pygame.Rect: ...
    def _fan_spot(self, seat: int) -> tuple[int, int]: ...
    def _narrow_cloth(self) -> bool: ...
    def _clear_of_pile(self, spot: tuple[int, int]) -> tuple[int, int]: ...
    def _pile_zone(self) -> pygame.Rect: ...
    def _place_fans(self) -> None: ...
    def _tray_rect(self) -> pygame.Rect: ...
    def table_row(self) -> pygame.Rect: ...
    def _place_board_fan(self) -> None: ...
    def _build_controls(self) -> None: ...


class WyrLayout:
    """The Wyr table's layout (mixed into `WyrTable`)."""

    def layout(self: WyrLayoutHost) -> None:
        w, h = self.app.size
        rw = 300 if w >= 1200 else 244
        bh = 188 if h >= 760 else 150
        right = pygame.Rect(w - rw - 10, TOP, rw, h - TOP - 10)
        self.panel = pygame.Rect(10, h - bh - 10, w - rw - 30, bh)
        self.felt_area = pygame.Rect(10, TOP, w - rw - 30, self.panel.top - TOP - 8)
        if self.practice:
            aids_h = min(250, right.height // 2 - 10)
            self.aids_rect = pygame.Rect(right.left, right.bottom - aids_h, rw, aids_h)
            self.log.set_rect(pygame.Rect(right.left, right.top, rw, right.height - aids_h - 8))
        else:
            self.aids_rect = pygame.Rect(0, 0, 0, 0)
            self.log.set_rect(right)
        self.ring.set_area(self.felt_area)
        self.tray.set_rect(self._tray_rect())
        self.pots.set_spot(self.ring.pot_spot, self.ring.chip_diameter())
        self._place_fans()
        self._build_controls()
        self.sync()

    def _hand_width(self: WyrLayoutHost) -> int:
        """The big card width of the viewer's hand (fits the bottom panel)."""
        return max(44, min(self.ring.card_width(large=True), int((self.panel.height - 44) / 1.4)))

    def _hand_area(self: WyrLayoutHost) -> pygame.Rect:
        cw = self._hand_width()
        width = int(cw * (1 + 5 * 0.62)) + 24
        return pygame.Rect(self.panel.left + 8, self.panel.top + 6, width, self.panel.height - 12)

    def _fan_spot(self: WyrLayoutHost, seat: int) -> tuple[int, int]:
        """Where a lord's cards lie: beside his plate, on the side facing the centre."""
        plate = self.ring.plate_rect(seat)
        o = self.ring.oval
        cw = self.ring.card_width()
        w, h = int(cw * (1 + 4 * 0.45)), int(cw * 1.4)
        dx = (plate.centerx - o.centerx) / max(1, o.width)
        dy = (plate.centery - o.centery) / max(1, o.height)
        if abs(dy) >= abs(dx) or self._narrow_cloth():
            # On a narrow cloth the side lords hold their cards under the plate
            # (its tag stays clear), so the middle row keeps room for the score
            # board and the dice.
            up = dy < 0 if abs(dy) >= abs(dx) else True
            y = plate.bottom + 6 + h // 2 if up else plate.top - 6 - h // 2
            return plate.centerx, y
        x = plate.right + 6 + w // 2 if dx < 0 else plate.left - 6 - w // 2
        return x, plate.centery

    def _narrow_cloth(self: WyrLayoutHost) -> bool:
        """Too narrow for cards beside the side lords' plates and a readable middle."""
        return self.felt_area.width < 900

    def _bet_spot(self: WyrLayoutHost, seat: int) -> tuple[int, int]:
        """Where a lord's bet stands: between his cards and the middle of the cloth."""
        cx, cy = self.ring.centre
        cw = self.ring.card_width()
        if seat == self.viewer:
            plate = self.ring.plate_rect(seat)
            return plate.centerx, plate.top - int(cw * 0.6)
        x, y = self._fan_spot(seat)
        dx, dy = cx - x, cy - y
        dist = max(1.0, (dx * dx + dy * dy) ** 0.5)
        reach = cw * (1.5 if abs(dx) > abs(dy) else 1.1) + 14
        spot = round(x + dx / dist * reach), round(y + dy / dist * reach)
        return self._clear_of_pile(spot)

    def _clear_of_pile(self: WyrLayoutHost, spot: tuple[int, int]) -> tuple[int, int]:
        """`spot`, or the nearest place to it where a bet token covers neither the
        draw pile and its count nor a lord's plate or cards (with five lords at
        1024x640 a "?" hid "Draw pile: 37", and a side lord's token sat on his
        plate's corner)."""
        cw = self.ring.card_width()
        keep = [self._pile_zone()]
        for s in range(self.match.n_seats):
            keep.append(self.ring.plate_rect(s))
            if s != self.viewer:
                fan = pygame.Rect(0, 0, int(cw * 2.8) + 12, int(cw * 1.4) + 12)
                fan.center = self._fan_spot(s)
                keep.append(fan)
        tries = sorted(
            ((ox, oy) for ox in range(-60, 61, 6) for oy in range(-60, 61, 6)),
            key=lambda o: o[0] * o[0] + o[1] * o[1],
        )
        for ox, oy in tries:  # (the first is the spot itself)
            moved = spot[0] + ox, spot[1] + oy
            if felt.marker_rect(moved, BET_RADIUS).collidelist(keep) < 0:
                return moved
        return spot

    def _pile_zone(self: WyrLayoutHost) -> pygame.Rect:
        """The draw pile on the cloth with its count written over it."""
        cw = self.ring.card_width()
        x, y = self.ring.deck_spot
        deck = pygame.Rect(x - 5, y - 5, cw + 5, round(cw * CARD_RATIO) + 5)
        words = style.text_width(tr("wyrtable.pile", count=88), 12)
        label = pygame.Rect(0, 0, words, 22)  # (the deck's thickness lifts it up to 5 px)
        label.midbottom = (x + cw // 2, y - 3)
        below = label.copy()  # (under the deck when a plate stands over it: painting.py)
        below.midtop = (x + cw // 2, deck.bottom + 3)
        return deck.union(label).union(below)

    def _place_fans(self: WyrLayoutHost) -> None:
        cw = self.ring.card_width()
        for s, fan in self.fans.items():
            fan.place(self._fan_spot(s), cw, 0.55)
        area = self._hand_area()
        self.hand.place((area.centerx, area.centery + 8), self._hand_width(), 0.38)
        self._place_board_fan()

    def _tray_rect(self: WyrLayoutHost) -> pygame.Rect:
        """The ring's dice tray, right of the score board and short of a lord's cards."""
        tray = pygame.Rect(self.ring.tray_rect)
        cw = self.ring.card_width()
        if self._board_shown():
            # The board pushes the tray right, keeping its width where no
            # lord's cards stand (the fan test below clips it where one does).
            right = tray.right if not self._narrow_cloth() else tray.right + tray.width
            tray.left = max(tray.left, self._board_rect().right + 8)
            # ... and widens to show its rows whole ("score 11" was cut to "sc…")
            need = self.tray.content_width()
            right = min(
                max(right, tray.left + need),
                tray.left + max(tray.width, need),
                self.ring.oval.right - int(cw * 1.5),
            )
            tray.width = max(int(cw * 2.5), right - tray.left)
        for s in range(self.match.n_seats):
            if s == self.viewer:
                continue
            x, y = self._fan_spot(s)
            fan = pygame.Rect(0, 0, int(cw * 2.8) + 12, int(cw * 1.4) + 12)
            fan.center = (x, y)
            for rect in (fan, self.ring.plate_rect(s).inflate(8, 8)):
                if not rect.colliderect(tray):
                    continue
                beside = rect.left - tray.left
                under = rect.bottom + 80 <= self.ring.oval.bottom - int(cw * 3)
                if rect.centery < tray.top and tray.bottom - rect.bottom >= 80:
                    tray.height = tray.bottom - rect.bottom  # cards just above: start under
                    tray.top = rect.bottom
                elif rect.centery > tray.bottom and rect.top - tray.top >= 80:
                    tray.height = rect.top - tray.top
                elif beside >= max(int(cw * 2.5), self.tray.least_width()):
                    tray.width = min(tray.width, beside)
                elif under:
                    # No room beside the cards: the tray stands under them.
                    tray.height = max(80, tray.bottom - rect.bottom)
                    tray.top = rect.bottom
                elif beside >= int(cw * 2.5):
                    tray.width = min(tray.width, beside)
        return tray

    def table_row(self: WyrLayoutHost) -> pygame.Rect:
        """The table cards' row: from the pile to the dice tray's far edge (the tray
        only stands on the cloth in the Hora da Verdade)."""
        b = self.ring.board_rect
        cw = self.ring.card_width()
        left = self.ring.deck_spot[0] + int(cw * 1.35)
        right = self.ring.tray_rect.right
        for s in range(self.match.n_seats):  # stop short of a lord's cards on the right
            if s == self.viewer:
                continue
            x, y = self._fan_spot(s)
            half_w, half_h = int(cw * 1.4), int(cw * 0.7)
            if x > b.centerx and abs(y - b.centery) < b.height // 2 + half_h:
                right = min(right, x - half_w - 6)
        return pygame.Rect(left, b.top, max(cw, right - left), b.height)

    def _place_board_fan(self: WyrLayoutHost) -> None:
        b = self.table_row()
        cw = self.ring.card_width()
        n = max(1, len(self.board_fan.sprites))
        # Overlap just enough for the table cards to fit the row.
        overlap = 0.0 if n == 1 else max(0.0, min(0.8, 1 - (b.width - cw) / (cw * (n - 1))))
        self.board_fan.place(b.center, cw, max(0.08, overlap))

    def _build_controls(self: WyrLayoutHost) -> None:
        m, c = self.app.ui_manager, self.ui
        ctl: dict[str, pygame_gui.elements.UIButton] = {}
        hand = self._hand_area()
        x0 = hand.right + 12
        avail = self.panel.right - 12 - x0
        y = self.panel.bottom - 52

        def row(names: list[str], texts: list[str], primary: str | None = None) -> None:
            gap = 8
            bw = (avail - gap * (len(names) - 1)) // len(names)
            for i, (n, t) in enumerate(zip(names, texts, strict=True)):
                ctl[n] = ui.button(
                    pygame.Rect(x0 + i * (bw + gap), y, bw, 44),
                    t,
                    m,
                    c,
                    "#primary_button" if n == primary else None,
                )

        row(["bet10", "bet20", "bet50"], [money(10), money(20), money(50)])
        row(["mull_yes", "mull_no"], [tr("wyr.ui.mulligan"), tr("wyr.ui.keep_hand")], "mull_no")
        row(["pass", "pile", "table"], [tr("wyr.ui.pass"), "", ""])
        row(["mao1", "mao2", "mao3"], ["", "", ""])
        row(["reroll", "keep"], ["", ""])
        self.controls = ctl
