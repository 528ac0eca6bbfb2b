"""Where the Wyr table's banner stands: clear of the plates, the cards, the
score board and the dice tray, at every window size.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import pygame

from game.core import TableMatch
from scenes.tables import felt
from scenes.tables.wyr.shown import WyrShown

#: widths of the banner, as shares of the oval, tried in turn while the board
#: stands: a narrower ribbon fits between the side lords' cards (its letters
#: shrink with it, so it stops at a width that still reads)
BANNER_WIDTHS = (0.62, 0.56, 0.5, 0.45)


class WyrBannerHost(Protocol):
    """What placing the banner reads of the Wyr table."""

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

    def _fan_spot(self, seat: int) -> tuple[int, int]: ...
    def _board_shown(self) -> bool: ...
    def _board_rect(self) -> pygame.Rect: ...
    def _banner_place(self, subtitle: bool | None = None) -> tuple[tuple[int, int], int, bool]: ...
    def _banner_xs(self, width: int) -> list[int]: ...
    def _banner_clear(self, rect: pygame.Rect) -> bool: ...
    def _banner_top(self, width: int, board_bottom: int, x: int | None = None) -> int: ...
    def _banner_floor(self, top: int, width: int, x: int | None = None) -> int: ...


class WyrBanner:
    """Placing the banner (mixed into `WyrTable`)."""

    def _cards_over_plate(self: WyrBannerHost, s: int) -> bool:
        """Whether lord s holds his cards just above his plate (a lord below the
        middle): they hid the badge on its top edge (his combination at the Hora
        da Verdade), so it goes on the bottom edge."""
        return s != self.viewer and self._fan_spot(s)[1] < self.ring.plate_rect(s).top

    def _banner_place(
        self: WyrBannerHost, subtitle: bool | None = None
    ) -> tuple[tuple[int, int], int, bool]:
        """Where the banner lies, how wide, and whether it is the compact one: below
        the middle, so the score board stays readable under it; while the board
        stands, in the free band between it (and the dice tray) and the cards and
        plates below, which it covered -- narrower between the side lords' cards,
        or with less padding, when only that fits. `subtitle` places a banner
        with (or without) a second line instead of the one showing."""
        ring = self.ring
        o = ring.oval
        x = ring.centre[0]
        full = int(o.width * BANNER_WIDTHS[0])
        if not (self._board_shown() and self.shown.board is not None):
            return (x, o.centery + int(o.height * 0.31)), full, False
        board_bottom = self._board_rect().bottom
        for share in BANNER_WIDTHS:
            width = int(o.width * share)
            for compact in (False, True):
                height = self.banner.height(width, compact=compact, subtitle=subtitle)
                for bx in self._banner_xs(width):
                    top = self._banner_top(width, board_bottom, bx)
                    bottom = self._banner_floor(top, width, bx)
                    if bottom - top < height:
                        continue
                    centre = (bx, (top + bottom) // 2)
                    rect = pygame.Rect(0, 0, width, height)
                    rect.center = centre
                    if bx == x or self._banner_clear(rect):
                        return centre, width, compact
        top = self._banner_top(full, board_bottom)
        return (x, top + self.banner.height(full, compact=True, subtitle=subtitle) // 2), full, True

    def _banner_xs(self: WyrBannerHost, width: int) -> list[int]:
        """Where a banner `width` wide may be centred: the cloth's middle, or
        beside a dice tray that would push it down onto the cards below (the tray
        stands under a side lord's cards on a small cloth), as long as it stays on
        the cloth and off every plate and every lord's cards."""
        o = self.ring.oval
        x = self.ring.centre[0]
        tray = self.tray.rect
        if not (tray.left < x + width // 2 and tray.right > x - width // 2):
            return [x]
        side = tray.left - 6 - width // 2 if tray.centerx > x else tray.right + 6 + width // 2
        margin = int(o.width * 0.06)
        if side - width // 2 < o.left + margin or side + width // 2 > o.right - margin:
            return [x]
        return [x, side]

    def _banner_clear(self: WyrBannerHost, rect: pygame.Rect) -> bool:
        """No plate and no lord's cards under `rect`."""
        for s in range(self.match.n_seats):
            if rect.colliderect(self.ring.plate_rect(s)):
                return False
            if s != self.viewer and self.fans[s].sprites and rect.colliderect(self.fans[s].rect):
                return False
        return True

    def _banner_rect(
        self: WyrBannerHost, subtitle: bool | None = None, *, words: bool = False
    ) -> pygame.Rect:
        """Where the banner paints (see `_banner_place`); with `words`, only the
        part its letters may take (its swallow tails hold none)."""
        centre, width, compact = self._banner_place(subtitle)
        height = self.banner.height(width, compact=compact, subtitle=subtitle)
        rect = pygame.Rect(0, 0, width, height)
        if words:
            rect.width = self.banner.words_width(width, compact=compact, subtitle=subtitle)
        rect.center = centre
        return rect

    def _banner_top(
        self: WyrBannerHost, width: int, board_bottom: int, x: int | None = None
    ) -> int:
        """The highest the banner (centred at `x`, the cloth's middle by default)
        may start: under the board (its bottom given), and under the dice tray
        where the ribbon `width` wide would reach it."""
        x = self.ring.centre[0] if x is None else x
        top = board_bottom
        tray = self.tray.rect
        if tray.left < x + width // 2 and tray.right > x - width // 2:
            top = max(top, tray.bottom)
        return top + 6

    def _banner_floor(self: WyrBannerHost, top: int, width: int, x: int | None = None) -> int:
        """The lowest the banner (centred at `x`, the cloth's middle by default)
        may reach below `top`: the first lord's plate or cards under it within its
        width (the oval's bottom if none)."""
        ring = self.ring
        o = ring.oval
        x = ring.centre[0] if x is None else x
        span = pygame.Rect(x - width // 2, top, width, max(1, o.bottom - top))
        bottom = o.bottom
        for s in range(self.match.n_seats):
            fan = self.fans[s].rect if s != self.viewer and self.fans[s].sprites else None
            for rect in (ring.plate_rect(s), fan):
                if rect is not None and rect.top > top and span.colliderect(rect):
                    bottom = min(bottom, rect.top - 4)
        return bottom
