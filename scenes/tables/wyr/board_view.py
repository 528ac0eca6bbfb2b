"""The Wyr score board and the pot: where they lie beside the dice tray (the
painter paints them, and the bets in front of the lords).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import pygame

from game.core import TableMatch
from scenes.i18n import tr
from scenes.tables import felt
from scenes.tables.wyr import paint
from scenes.tables.wyr.banner_view import BANNER_WIDTHS
from scenes.tables.wyr.plaques_view import WyrPlaques
from scenes.tables.wyr.shown import WyrShown
from scenes.tables.wyr.words import money


class WyrBoardHost(Protocol):
    """What the score board, the pot and the bets read of the Wyr table."""

    @property
    def match(self) -> TableMatch: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def ring(self) -> felt.SeatRing: ...
    @property
    def fans(self) -> Mapping[int, felt.CardFan]: ...
    @property
    def tray(self) -> felt.DiceTray: ...
    @property
    def banner(self) -> felt.Banner: ...
    @property
    def shown(self) -> WyrShown: ...
    @property
    def plaques(self) -> WyrPlaques: ...

    _pot_cache: tuple[tuple[object, ...], tuple[int, int]] | None

    def _tray_rect(self) -> pygame.Rect: ...
    def _narrow_cloth(self) -> bool: ...
    def _banner_floor(self, top: int, width: int, x: int | None = None) -> int: ...
    def _banner_rect(self, subtitle: bool | None = None, *, words: bool = False) -> pygame.Rect: ...
    def _board_rect(self) -> pygame.Rect: ...
    def _board_shown(self) -> bool: ...
    def _pot_spot_beside(self, tray: pygame.Rect, board: pygame.Rect) -> tuple[int, int]: ...
    def _pot_footprint(self, spot: tuple[int, int]) -> pygame.Rect: ...


class WyrBoard:
    """Where the score board and the pot lie (mixed into `WyrTable`)."""

    # what it keeps on the table (declared: mypy would type it from the first write)
    _pot_cache: tuple[tuple[object, ...], tuple[int, int]] | None

    def _board_shown(self: WyrBoardHost) -> bool:
        """The score board stands on the cloth from the show until the next bets are revealed."""
        return self.shown.board is not None and self.shown.view.get("phase") in (
            "bet",
            "show",
            "thyatis",
            "over",
        )

    def _pot_spot(self: WyrBoardHost) -> tuple[int, int]:
        """The pot's place: the middle of the cloth, or under the dice tray while the
        score board takes the middle (worked out again only when the board, the
        tray or a lord's cards move)."""
        if not self._board_shown():
            return self.ring.pot_spot
        tray = self._tray_rect()
        board = self._board_rect()
        fans = tuple(tuple(f.rect) for s, f in self.fans.items() if s != self.viewer and f.sprites)
        key = (
            tuple(tray),
            tuple(self.tray.rect),
            tuple(board),
            fans,
            tuple(self.ring.oval),
            self.shown.pot,
        )
        hit = self._pot_cache
        if hit is None or hit[0] != key:
            hit = (key, self._pot_spot_beside(tray, board))
            self._pot_cache = hit
        return hit[1]

    def _pot_spot_beside(
        self: WyrBoardHost, tray: pygame.Rect, board: pygame.Rect
    ) -> tuple[int, int]:
        """Under the tray, or the nearest place on that line where no lord's cards
        or plate lie (at five lords a side lord's cards hid the pot there) and
        clear of the banner's band -- or at least of its words, on a crowded
        cloth: its words lay over the pot's chips while it announced each lord."""
        d = self.ring.chip_diameter()
        y = tray.bottom + int(d * 1.8)
        o = self.ring.oval
        seats = [board, tray]
        for s in range(self.match.n_seats):
            seats.append(self.ring.plate_rect(s))
            if s != self.viewer and self.fans[s].sprites:
                seats.append(self.fans[s].rect)
        inside = o.inflate(-int(o.width * 0.12), 0)
        banner = self._banner_rect(subtitle=True)
        words = self._banner_rect(subtitle=True, words=True)
        # Clear of the whole ribbon where the cloth has room; else of its words.
        for blocked in (seats + [banner], seats + [words], seats):
            grain = max(2, d // 6)  # fine: the gap between the words and a lord's cards is narrow
            for step in range(o.width // grain):
                shift = step * grain
                for x in (tray.centerx + shift, tray.centerx - shift)[: 2 if step else 1]:
                    foot = self._pot_footprint((x, y))
                    if inside.contains(foot) and foot.collidelist(blocked) < 0:
                        return x, y
        return tray.centerx, y

    def _pot_footprint(self: WyrBoardHost, spot: tuple[int, int]) -> pygame.Rect:
        """Where the pot standing on `spot` (bottom-centre of its chips) paints: its
        chips above, its amount and caption below, with a hair of air around."""
        d = self.ring.chip_diameter()
        pot = felt.pile_rect(max(1, self.shown.pot), spot, d, money, tr("wyr.ui.pot"))
        return pot.inflate(2, 2)

    def _board_rect(self: WyrBoardHost) -> pygame.Rect:
        """The middle of the cloth, clear of the lords' cards and the dice tray."""
        o = self.ring.oval
        right = self.ring.tray_rect.left - 10
        if self._narrow_cloth():
            # The side lords' cards lie under their plates: the board takes the
            # middle row up to the room the dice tray needs.
            tray = self.ring.tray_rect.width + 8
            right = max(right, o.right - int(self.ring.card_width() * 1.5) - tray - 10)
        area = pygame.Rect(
            o.left + int(o.width * 0.1),
            o.top + int(o.height * 0.06),
            right - (o.left + int(o.width * 0.1)),
            int(o.height * 0.62),
        )
        for s, fan in self.fans.items():
            if s == self.viewer or not fan.sprites:
                continue
            r = fan.rect
            if not r.colliderect(area):
                continue
            if r.centery < area.top + area.height // 4:
                area.height -= r.bottom + 4 - area.top
                area.top = r.bottom + 4
            elif r.centerx < area.centerx:
                area.width -= r.right + 4 - area.left
                area.left = r.right + 4
            elif r.left > area.centerx:
                area.width = r.left - 4 - area.left
        rows = len(self.shown.board.rows) if self.shown.board else 4
        area.height = min(area.height, 60 + 24 * (rows + 1))
        # The pot's banner needs a band under the board, clear of the cards below
        # (its compact form, with a second line); the board gives up height for it
        # down to its smallest rows.
        width = int(o.width * BANNER_WIDTHS[0])
        need = self.banner.height(width, compact=True, subtitle=True) + 10
        least = paint.board_least_height(rows)
        plaque = self.plaques.plaque_rect
        if plaque is not None and plaque.inflate(8, 8).colliderect(area):
            # The round plaque stays readable: the board starts under it or
            # right of it, whichever takes less of the board -- or right of it
            # when only there the banner's band fits under the board.
            under = pygame.Rect(area.left, max(area.top, plaque.bottom + 8), area.width, 0)
            under.height = area.bottom - under.top
            left = max(area.left, plaque.right + 8)
            beside = pygame.Rect(left, area.top, area.right - left, area.height)

            def band(r: pygame.Rect) -> int:
                return self._banner_floor(r.top + least, width) - (r.top + least)

            prefer_under = plaque.bottom - area.top < plaque.right - area.left
            if prefer_under and band(under) < need <= band(beside):
                prefer_under = False
            area = under if prefer_under else beside
        for s in range(self.match.n_seats):  # and clear of the lords' plates beside it
            plate = self.ring.plate_rect(s).inflate(8, 8)
            if not plate.colliderect(area) or area.left < plate.centerx < area.right:
                continue
            if plate.centery < area.top + area.height // 4:
                # a plate at the board's top corner (five lords): start under it,
                # the columns need the width more than the rows the height
                area.height -= plate.bottom - area.top
                area.top = plate.bottom
            elif plate.centerx < area.centerx:
                area.width -= plate.right - area.left
                area.left = plate.right
            else:
                area.width = plate.left - area.left
        spare = self._banner_floor(area.top + least, width) - area.bottom
        full = self.banner.height(width, subtitle=True) + 10
        for want in (full, need):  # the full banner if the board can spare it
            if spare < want and area.height - (want - spare) >= least:
                area.height -= want - spare
                break
        else:
            if spare < need:
                area.height = least
        # The board comes first: on a small cloth it takes room from the dice tray.
        area.width = max(160, int(o.width * 0.36), area.width)
        area.height = max(least, area.height)  # every lord and the winner line
        return area
