"""How the Wyr table paints itself: a cached still layer (wood, cloth, plaques,
the controls panel, the practice panel) under the moving parts (cards, chips,
dice, plates, banner), so a frame costs a handful of blits.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from scenes import style
from scenes.i18n import language, tr
from scenes.tables import felt
from scenes.tables.wyr import aids, paint
from scenes.tables.wyr.model import (
    active_variants,
    group_totals,
    round_info,
    seat_tag,
    trade_round_text_params,
)
from scenes.tables.wyr.words import cards_text, hand_combo, money

Line = tuple[str, int, tuple[int, int, int], str]


@lru_cache(maxsize=512)
def wrap(text: str, size: int, width: int, kind: str = "sans") -> tuple[str, ...]:
    """`style.wrap_text`, remembered: panel words are re-laid out only when they change."""
    return tuple(style.wrap_text(text, size, width, kind))


LOOK = felt.TAVERN


class WyrDrawing:
    """Painting of the Wyr table (mixed into `WyrTable`)."""

    def draw(self, surface: pygame.Surface) -> None:
        view = self.shown
        # Who must act is asked by every plate and the status line: once a frame.
        self._frame_movers: list[int] | None = None
        self._frame_movers = self._movers()
        try:
            surface.blit(self._still_layer(surface.get_size(), view), (0, 0))
            self.draw_table(surface)
            self.log.draw(surface)
            self.draw_status(surface)
        finally:
            self._frame_movers = None

    def _still_layer(self, size: tuple[int, int], view: dict[str, Any]) -> pygame.Surface:
        """Wood, cloth, pile, plaques and both panels' words, repainted only when they change."""
        board = self._board_shown()
        panel = self._panel_lines(view)
        aid_view = self.view() if self.practice else None
        aid_lines = self._aid_lines(aid_view) if aid_view is not None else []
        hist = self._aid_histogram(aid_view) if aid_view is not None else None
        key = (
            size,
            language(),
            board,
            int(view["pile_size"]),
            tuple(self._plaque_lines(view)),
            tuple(self._group_lines(view)),
            tuple(active_variants(view)),
            tuple(panel),
            tuple(aid_lines),
            (tuple(hist[0]), hist[1]) if hist else None,
            self.viewer is not None,
            self.practice,
        )
        cached = getattr(self, "_layer", None)
        if cached is not None and cached[0] == key:
            return cached[1]  # type: ignore[no-any-return]
        base = getattr(self, "_base", None)
        if base is None or base[0] != (size, tuple(self.ring.oval)):
            surf = pygame.Surface(size).convert()
            surf.blit(style.wood_background(size), (0, 0))
            felt.draw_felt(surf, self.ring.oval, LOOK)
            base = ((size, tuple(self.ring.oval)), surf)
            self._base = base
        layer = base[1].copy()
        ring = self.ring
        if not board:
            deck = felt.draw_deck(
                layer, ring.deck_spot, ring.card_width(), LOOK.back, int(view["pile_size"])
            )
            style.blit_text(
                layer,
                tr("wyrtable.pile", count=view["pile_size"]),
                12,
                (deck.centerx, deck.top - 4),
                style.CREAM,
                anchor="midbottom",
                shadow=style.BLACK,
            )
        self._draw_corner_plaques(layer, view)
        self._draw_panel(layer, panel)
        if aid_view is not None:
            self._draw_aids(layer, aid_lines, hist)
        self._layer = (key, layer)
        return layer

    def draw_table(self, surface: pygame.Surface) -> None:
        """The moving parts, over the still layer."""
        view = self.shown
        ring = self.ring
        if self._board_shown() and self.board is not None:
            surface.blit(*self._board_surface())
        else:
            self.board_fan.draw(surface)
        rolling = view.get("phase") in ("show", "thyatis") or bool(self.tray.rows)
        if rolling:
            tray = self._tray_rect()
            if tray != self.tray.rect:  # first: the banner's band (and the pot) go by it
                self.tray.set_rect(tray)
        self.pots.set_spot(self._pot_spot(), ring.chip_diameter())
        self.pots.set_pots([(self.shown_pot, tr("wyr.ui.pot"))] if self.shown_pot > 0 else [])
        self.pots.draw(surface, money)
        self._draw_bets(surface)
        for s in range(self.match.n_seats):
            felt.draw_plate(
                surface,
                ring.plate_rect(s),
                self._plate(s, view),
                self.pulse,
                badge_below=self._cards_over_plate(s),
            )
            if s != self.viewer:
                self.fans[s].draw(surface)
        if rolling:  # over the lords' cards: while the dice roll they are what matters
            self.tray.draw(surface)
        self.flights.draw(surface, ring.chip_diameter())
        if self.banner.visible:  # its place weighs the board and every seat: not idly
            centre, width, compact = self._banner_place()
            self.banner.draw(surface, centre, width, compact=compact)
        if self.viewer is not None:
            self._draw_hand(surface)

    def _cards_over_plate(self, s: int) -> bool:
        """Whether lord s holds his cards just above his plate (a lord below the
        middle): they hid the badge on its top edge (his combination at the Hora
        da Verdade), so it goes on the bottom edge."""
        return s != self.viewer and self._fan_spot(s)[1] < self.ring.plate_rect(s).top

    #: widths of the banner, as shares of the oval, tried in turn while the board
    #: stands: a narrower ribbon fits between the side lords' cards (its letters
    #: shrink with it, so it stops at a width that still reads)
    BANNER_WIDTHS = (0.62, 0.56, 0.5, 0.45)

    def _banner_place(self, subtitle: bool | None = None) -> tuple[tuple[int, int], int, bool]:
        """Where the banner lies, how wide, and whether it is the compact one: below
        the middle, so the score board stays readable under it; while the board
        stands, in the free band between it (and the dice tray) and the cards and
        plates below, which it covered -- narrower between the side lords' cards,
        or with less padding, when only that fits. `subtitle` places a banner
        with (or without) a second line instead of the one showing."""
        ring = self.ring
        o = ring.oval
        x = ring.centre[0]
        full = int(o.width * self.BANNER_WIDTHS[0])
        if not (self._board_shown() and self.board is not None):
            return (x, o.centery + int(o.height * 0.31)), full, False
        board_bottom = self._board_rect().bottom
        for share in self.BANNER_WIDTHS:
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

    def _banner_xs(self, width: int) -> list[int]:
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

    def _banner_clear(self, rect: pygame.Rect) -> bool:
        """No plate and no lord's cards under `rect`."""
        for s in range(self.match.n_seats):
            if rect.colliderect(self.ring.plate_rect(s)):
                return False
            if s != self.viewer and self.fans[s].sprites and rect.colliderect(self.fans[s].rect):
                return False
        return True

    def _banner_rect(self, subtitle: bool | None = None, *, words: bool = False) -> pygame.Rect:
        """Where the banner paints (see `_banner_place`); with `words`, only the
        part its letters may take (its swallow tails hold none)."""
        centre, width, compact = self._banner_place(subtitle)
        height = self.banner.height(width, compact=compact, subtitle=subtitle)
        rect = pygame.Rect(0, 0, width, height)
        if words:
            rect.width = self.banner.words_width(width, compact=compact, subtitle=subtitle)
        rect.center = centre
        return rect

    def _banner_top(self, width: int, board_bottom: int, x: int | None = None) -> int:
        """The highest the banner (centred at `x`, the cloth's middle by default)
        may start: under the board (its bottom given), and under the dice tray
        where the ribbon `width` wide would reach it."""
        x = self.ring.centre[0] if x is None else x
        top = board_bottom
        tray = self.tray.rect
        if tray.left < x + width // 2 and tray.right > x - width // 2:
            top = max(top, tray.bottom)
        return top + 6

    def _banner_floor(self, top: int, width: int, x: int | None = None) -> int:
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

    def _board_surface(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The score board painted once per change of its rows."""
        board = self.board
        assert board is not None
        rect = self._board_rect()
        key = (
            rect.size,
            language(),
            board.round,
            board.winners,
            board.reason,
            board.pot,
            tuple(
                (
                    r.seat,
                    r.combination,
                    tuple(r.dice or ()),
                    tuple(r.extra or ()),
                    r.rerolled,
                    r.score,
                    tuple(r.rolloff or ()),
                )
                for r in board.rows
            ),
        )
        cached = getattr(self, "_board_cache", None)
        if cached is None or cached[0] != key:
            pad = 12
            surf = pygame.Surface((rect.width + 2 * pad, rect.height + 2 * pad), pygame.SRCALPHA)
            paint.score_board(
                surf, pygame.Rect(pad, pad, *rect.size), board, self.name, self.seat_look
            )
            cached = (key, surf)
            self._board_cache = cached
        return cached[1], (rect.left - 12, rect.top - 12)

    def _board_shown(self) -> bool:
        """The score board stands on the cloth from the show until the next bets are revealed."""
        return self.board is not None and self.shown.get("phase") in (
            "bet",
            "show",
            "thyatis",
            "over",
        )

    def _pot_spot(self) -> tuple[int, int]:
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
            self.shown_pot,
        )
        hit: tuple[tuple[object, ...], tuple[int, int]] | None = getattr(self, "_pot_cache", None)
        if hit is None or hit[0] != key:
            hit = (key, self._pot_spot_beside(tray, board))
            self._pot_cache = hit
        return hit[1]

    def _pot_spot_beside(self, tray: pygame.Rect, board: pygame.Rect) -> tuple[int, int]:
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

    def _pot_footprint(self, spot: tuple[int, int]) -> pygame.Rect:
        """Where the pot standing on `spot` (bottom-centre of its chips) paints: its
        chips above, its amount and caption below, with a hair of air around."""
        d = self.ring.chip_diameter()
        pot = felt.pile_rect(max(1, self.shown_pot), spot, d, money, tr("wyr.ui.pot"))
        return pot.inflate(2, 2)

    def _board_rect(self) -> pygame.Rect:
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
        rows = len(self.board.rows) if self.board else 4
        area.height = min(area.height, 60 + 24 * (rows + 1))
        # The pot's banner needs a band under the board, clear of the cards below
        # (its compact form, with a second line); the board gives up height for it
        # down to its smallest rows.
        width = int(o.width * self.BANNER_WIDTHS[0])
        need = self.banner.height(width, compact=True, subtitle=True) + 10
        least = paint.board_least_height(rows)
        plaque: pygame.Rect | None = getattr(self, "_plaque_rect", None)
        if plaque is not None and plaque.inflate(8, 8).colliderect(area):
            # The round plaque stays readable: the board starts under it or
            # right of it, whichever takes less of the board -- or right of it
            # when only there the banner's band fits under the board.
            under = pygame.Rect(area.left, max(area.top, plaque.bottom + 8), area.width, 0)
            under.height = area.bottom - under.top
            left = max(area.left, plaque.right + 8)
            right = pygame.Rect(left, area.top, area.right - left, area.height)

            def band(r: pygame.Rect) -> int:
                return self._banner_floor(r.top + least, width) - (r.top + least)

            prefer_under = plaque.bottom - area.top < plaque.right - area.left
            if prefer_under and band(under) < need <= band(right):
                prefer_under = False
            area = under if prefer_under else right
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

    def _draw_bets(self, surface: pygame.Surface) -> None:
        for s, value in self.bet_marks.items():
            spot = self._bet_spot(s)
            text = "?" if value is None else str(value)
            felt.draw_marker(surface, spot, text, "big" if value is not None else "plain", 15)

    def _plate(self, s: int, view: dict[str, Any]) -> felt.PlateInfo:
        """A seat plate's words and looks, built again only when one of them changes
        (the translations and money words cost more than the plate's painting)."""
        active = s in self._movers() and not self.match.is_over
        key = (
            language(),
            self.viewer,
            self.notes.get(s),
            bool(view["out"][s]),
            int(view["dealer"]),
            self.shown_money[s],
            active,
            seat_tag(view, s),
            self.seat_look(s),
        )
        cache: dict[int, tuple[tuple[Any, ...], felt.PlateInfo]] = self.__dict__.setdefault(
            "_plate_cache", {}
        )
        hit = cache.get(s)
        if hit is not None and hit[0] == key:
            return hit[1]
        info = self._plate_info(s, view, active)
        cache[s] = (key, info)
        return info

    def _plate_info(self, s: int, view: dict[str, Any], active: bool) -> felt.PlateInfo:
        colour, emblem = self.seat_look(s)
        tag = seat_tag(view, s)
        if s == self.viewer and self.is_human(s):
            subtitle = tr("wyrtable.you")
        elif self.seats[s].bot:
            subtitle = tr("wyrtable.bot", level=tr(f"wyr.bots.{self.seats[s].bot}"))
        else:
            subtitle = tr("ui.table.human")
        if tag:
            subtitle = f"{tag} · {subtitle}"
        badge, kind = self.notes.get(s, ("", "info"))
        out = bool(view["out"][s])
        if out:
            badge, kind = tr("wyrtable.note.out"), "out"
        elif s == int(view["dealer"]) and not badge:
            badge, kind = tr("wyr.ui.lorde_de_wyr"), "info"
        return felt.PlateInfo(
            self.name(s),
            subtitle,
            money(self.shown_money[s]),
            colour,
            emblem,
            badge=badge,
            badge_kind=kind,
            active=active,
            dimmed=out,
            hero=s == self.viewer,
        )

    def _plaque_lines(self, view: dict[str, Any]) -> list[Line]:
        """The round indicator: round, Lorde de Wyr, who has dealt, how the game ends ([Y10])."""
        info = round_info(view)
        if self._compact_plaque():
            # Seats crowd the corner: the same facts in fewer, shorter lines.
            lines = [
                (
                    tr(
                        "wyrtable.round.compact_title",
                        round=info.round,
                        name=self.name(info.dealer),
                    ),
                    12,
                    style.INK,
                    "bold",
                ),
                (
                    tr("wyrtable.round.compact_dealt", dealt=info.dealt, total=info.dealers_total),
                    11,
                    style.INK_SOFT,
                    "sans",
                ),
                (tr("wyrtable.round.compact_ends", out=info.out), 11, style.INK_SOFT, "sans"),
            ]
            if view.get("table_bet") is not None:
                key = "wyrtable.round.group_bet" if view.get("groups") else "wyrtable.round.bet"
                lines.append((tr(key, amount=money(int(view["table_bet"]))), 12, style.RED, "bold"))
            return lines
        lines: list[Line] = [
            (tr("wyrtable.round.title", round=info.round), 17, style.INK, "serif"),
            (tr("wyrtable.round.dealer", name=self.name(info.dealer)), 13, style.INK, "bold"),
            (
                tr("wyrtable.round.dealt", dealt=info.dealt, total=info.dealers_total),
                12,
                style.INK_SOFT,
                "sans",
            ),
            (tr("wyrtable.round.ends", out=info.out), 12, style.INK_SOFT, "sans"),
        ]
        if view.get("table_bet") is not None:
            key = "wyrtable.round.group_bet" if view.get("groups") else "wyrtable.round.bet"
            lines.append((tr(key, amount=money(int(view["table_bet"]))), 13, style.RED, "bold"))
        return lines

    def _plaque_width(self, lines: list[Line]) -> int:
        """As wide as the corner allows, so the lines stay few: narrower than a seat's
        plate (its combination tag above it) or cards it would reach, taller instead
        (at five lords the top-left plate covered the plaque's last lines)."""
        a = self.felt_area
        seats = []
        for s in range(self.match.n_seats):
            plate = self.ring.plate_rect(s)
            seats.append(pygame.Rect(plate.left, plate.top - 14, plate.width, plate.height + 14))
            if s != self.viewer and self.fans[s].sprites:
                seats.append(self.fans[s].rect)
        width = 320
        for _ in range(4):  # narrowing makes it taller: check again
            rect = pygame.Rect(a.left + 4, a.top + 4, width, paint.plaque_height(lines, width))
            hit = [r.left for r in seats if r.colliderect(rect) and r.left > rect.left + 60]
            if not hit:
                break
            width = max(100, min(hit) - rect.left - 10)
        return width

    def _compact_plaque(self) -> bool:
        """True when a seat's plate stands close under the round plaque's corner."""
        a = self.felt_area
        for s in range(self.match.n_seats):
            plate = self.ring.plate_rect(s)
            if plate.left < a.left + 230 and plate.top < a.top + 150:
                return True
        return False

    def _group_lines(self, view: dict[str, Any]) -> list[Line]:
        """Each group's members and money ([Y1], [Y10])."""
        totals = group_totals(view)
        if not totals:
            return []
        lines: list[Line] = [(tr("wyrtable.groups.title"), 15, style.INK, "serif")]
        for letter, members, amount in totals:
            text = tr(
                "wyrtable.groups.line",
                group=letter,
                names=", ".join(self.name(m) for m in members),
                amount=money(amount),
            )
            lines.append((text, 12, style.INK, "sans"))
        return lines

    def _groups_width(self, lines: list[Line], least: int) -> int:
        """Wide enough that no group's line wraps (a wrapped line reached down under the
        top-right plate), yet clear of the plate at the head of the table."""
        a = self.felt_area
        need = max(style.font(size, kind).size(text)[0] for text, size, _, kind in lines) + 22
        heads = [
            self.ring.plate_rect(s).right
            for s in range(self.match.n_seats)
            if self.ring.plate_rect(s).top < a.top + 40
        ]
        room = a.right - 4 - (max(heads, default=a.centerx) + 14)
        return max(least, min(need, room))

    def _badge_room(self) -> pygame.Rect:
        """The free bottom-left corner of the cloth: left of the bottom lord's plate,
        under every plate and hand of the lords on that side."""
        a = self.felt_area
        left = a.left + 4
        right = max(left + 120, self.ring.plate_rect(self.ring.bottom).left - 8)
        top = a.top + a.height // 2
        blocks = [self.ring.plate_rect(s) for s in range(self.match.n_seats)]
        blocks += [fan.rect for fan in self.fans.values() if fan.sprites]
        for r in blocks:
            if r.right > left and r.left < right and r.centery > a.centery:
                top = max(top, r.bottom + 4)
        return pygame.Rect(left, top, right - left, max(0, a.bottom - top))

    def _draw_corner_plaques(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Round indicator (top left), variant badges (bottom left), groups (top right)."""
        a = self.felt_area
        width = base_width = 210 if a.width > 800 else 178
        lines = self._plaque_lines(view)
        if self._compact_plaque():
            width = self._plaque_width(lines)
        self._plaque_rect = paint.plaque(surface, (a.left + 4, a.top + 4), lines, width)
        variants = active_variants(view)
        if variants:
            # The bottom-left corner of the cloth, under the seats beside it (with
            # five or six lords one sits there and covered the badges): as wide as
            # the room to the bottom lord's plate, in short names if need be.
            room = self._badge_room()
            jokers = int(view["variants"]["hyninn"])
            for short in (False, True):
                height = paint.variant_badges(None, variants, (0, 0), room.width, jokers, short)
                if height <= room.height:
                    break
            self._badges_rect = pygame.Rect(room.left, room.bottom - height, room.width, height)
            paint.variant_badges(
                surface, variants, self._badges_rect.topleft, room.width, jokers, short
            )
        glines = self._group_lines(view)
        if glines:
            gw = self._groups_width(glines, base_width + 30)
            r = paint.plaque(surface, (a.right - gw - 4, a.top + 4), glines, gw)
            self._groups_rect = r
            for i, members in enumerate(view["groups"]):
                colour, emblem = self.seat_look(members[0])
                style.draw_emblem(
                    surface, emblem, (r.left - 8, r.top + 7 + 19 + i * 16 + 7), 6, colour
                )

    def _draw_panel(self, surface: pygame.Surface, lines: list[Line]) -> None:
        """The controls panel's parchment and words (the still layer)."""
        p = self.panel
        surface.blit(style.shadow(p.size, 10, 120), (p.left - 8, p.top - 3))
        surface.blit(style.parchment(p.size), p.topleft)
        area = self._hand_area()
        if self.viewer is not None:
            pygame.draw.rect(surface, style.FELT_DARK, area, border_radius=10)
        x = area.right + 14 if self.viewer is not None else p.left + 18
        width = p.right - 16 - x
        y = p.top + 10
        for text, size, colour, kind in lines:
            for line in wrap(text, size, width, kind)[:2]:
                if y + size > p.bottom - 58:
                    return
                style.blit_text(surface, line, size, (x, y), colour, kind=kind)
                y += size + 4

    def _draw_hand(self, surface: pygame.Surface) -> None:
        """The viewer's hand and the combination it makes."""
        area = self._hand_area()
        self.hand.draw(surface)
        hand = [s.card for s in self.hand.sprites if s.card is not None and s.face_up]
        if hand and len(hand) == len(self.hand.sprites) and len(hand) <= 5:
            style.blit_text(
                surface,
                hand_combo(hand),
                13,
                (area.centerx, area.bottom - 2),
                style.GOLD_LIGHT,
                kind="bold",
                anchor="midbottom",
                shadow=style.BLACK,
            )

    def _panel_lines(
        self, view: dict[str, Any]
    ) -> list[tuple[str, int, tuple[int, int, int], str]]:
        """What the controls panel says: the decision, whose turn, the round of trade."""
        out: list[tuple[str, int, tuple[int, int, int], str]] = []
        phase = str(view.get("phase"))
        mine = self.my_turn()
        if phase == "over":
            return [(tr("wyr.phases.over"), 22, style.INK, "serif")]
        if phase == "bet":
            out.append((tr("wyrtable.bet.title"), 20, style.INK, "serif"))
            if mine:
                out.append((tr("wyrtable.bet.help"), 14, style.INK, "sans"))
            elif view.get("my_pick") is not None:
                out.append(
                    (
                        tr("wyrtable.bet.picked", amount=money(int(view["my_pick"]))),
                        15,
                        style.INK,
                        "bold",
                    )
                )
                waiting = [self.name(s) for s in self._movers()]
                if waiting:
                    out.append(
                        (
                            tr("wyrtable.bet.waiting", names=", ".join(waiting)),
                            13,
                            style.INK_SOFT,
                            "sans",
                        )
                    )
            else:
                out.append((tr("wyrtable.phrase.bet"), 14, style.INK_SOFT, "sans"))
        elif phase == "mulligan":
            out.append((tr("wyr.phases.mulligan"), 20, style.INK, "serif"))
            out.append((tr("wyrtable.mulligan_help"), 14, style.INK, "sans"))
        elif phase == "trade":
            params = trade_round_text_params(view) or {"round": 1, "turn": 1, "turns": 1}
            who = self.name(int(view["trade"]["seat"]))
            mao = bool(view["trade"]["mao_de_wyr"])
            title = tr("wyr.ui.mao_de_wyr") if mao else tr("wyrtable.trade.title", **params)
            out.append((title, 20, style.INK, "serif"))
            if mine and mao:
                out.append((tr("wyrtable.mao.help"), 13, style.INK, "sans"))
                options = "  ·  ".join(f"{k}: " + tr(f"wyr.ui.mao_option_{k}") for k in (1, 2, 3))
                out.append((options, 12, style.INK_SOFT, "sans"))
            elif mine:
                out.append((tr("wyrtable.trade.help"), 13, style.INK, "sans"))
                ch = self.choice
                if ch is not None and ch.selected and ch.need("table"):
                    out.append(
                        (
                            tr(
                                "wyrtable.trade.chosen",
                                chosen=len(ch.takes),
                                count=ch.need("table"),
                            ),
                            13,
                            style.INK,
                            "bold",
                        )
                    )
                if view.get("variants", {}).get("tenebra"):
                    out.append((tr("wyrtable.trade.tenebra"), 13, style.INK_SOFT, "sans"))
            else:
                out.append((tr("wyrtable.trade.whose", name=who, **params), 15, style.INK, "bold"))
            if mine and self.choice is not None and self.choice.selected:
                out.append(
                    (
                        tr("wyrtable.trade.selected", cards=cards_text(self.choice.discard)),
                        13,
                        style.RED,
                        "bold",
                    )
                )
        elif phase == "show":
            out.append((tr("wyr.ui.hora_da_verdade"), 20, style.INK, "serif"))
            out.append((tr("wyrtable.phrase.hora"), 14, style.INK_SOFT, "sans"))
            out.append((tr("wyrtable.show_help"), 13, style.INK, "sans"))
        elif phase == "thyatis":
            out.append((tr("wyr.ui.hora_da_verdade"), 20, style.INK, "serif"))
            show = view.get("show") or {}
            pending = show.get("pending")
            if mine:
                out.append((tr("wyrtable.thyatis.help"), 14, style.INK, "sans"))
            elif pending is not None and int(pending) in self._movers():
                # only once the rolls on screen have caught up: the snapshot's
                # "pending" is one decision behind while they play out
                out.append(
                    (
                        tr("wyrtable.thyatis.waiting", name=self.name(int(pending))),
                        14,
                        style.INK,
                        "sans",
                    )
                )
        return out

    def _draw_aids(
        self,
        surface: pygame.Surface,
        lines: list[str],
        hist: tuple[list[tuple[int, float]], int | None] | None,
    ) -> None:
        """The practice panel (the still layer)."""
        r = self.aids_rect
        if r.width <= 0:
            return
        surface.blit(style.parchment(r.size), r.topleft)
        style.blit_text(
            surface,
            tr("wyrtable.aids.title"),
            16,
            (r.left + 12, r.top + 8),
            style.INK,
            kind="serif",
        )
        y = r.top + 32
        for line in lines:
            for part in wrap(line, 13, r.width - 24):
                if y > r.bottom - 16:
                    return
                style.blit_text(surface, part, 13, (r.left + 12, y), style.INK)
                y += 17
        if hist is not None and y < r.bottom - 50:
            values, mark = hist
            paint.histogram(
                surface,
                pygame.Rect(r.left + 12, y + 4, r.width - 24, r.bottom - y - 12),
                values,
                mark,
            )

    def _aid_lines(self, view: dict[str, Any]) -> list[str]:
        """The practice panel's words, cached per decision and selection."""
        ch = self.choice
        key = (
            len(self.match.log),
            self.viewer,
            tuple(ch.selected) if ch else (),
            tuple(ch.takes) if ch else (),
            id(self.match),
        )
        if self._aid_cache is not None and self._aid_cache[0] == key:
            return self._aid_cache[1]
        lines = self._compute_aid_lines(view)
        self._aid_cache = (key, lines)
        return lines

    def _compute_aid_lines(self, view: dict[str, Any]) -> list[str]:
        phase = view.get("phase")
        seat = self.viewer
        if seat is None:
            return []
        if phase == "trade" and view["hand"] and not view["hand_hidden"]:
            trade = view.get("trade") or {}
            mao = bool(trade.get("mao_de_wyr"))
            lines = []
            ch = self.choice if self.my_turn() else None
            if ch is not None and ch.selected:
                pile = aids.improve_chance(view, ch.selected, "pile")
                lines.append(tr("wyrtable.aids.pile", percent=round(pile * 100)))
                if "table" in ch.sources():
                    table = aids.improve_chance(view, ch.selected, "table", ch.takes)
                    lines.append(tr("wyrtable.aids.table", percent=round(table * 100)))
            lines.append(tr("wyrtable.aids.best"))
            hand = aids.hand_cards(view)
            for idx, p in aids.best_discards(view, mao):
                lines.append(
                    tr(
                        "wyrtable.aids.best_line",
                        cards=cards_text([hand[i] for i in idx]),
                        percent=round(p * 100),
                    )
                )
            return lines
        if phase == "thyatis":
            show = view["show"]
            pending = show.get("pending")
            lines = []
            if pending == seat:
                keep, again = aids.reroll_chances(view, seat)
                lines.append(
                    tr("wyrtable.aids.thyatis", keep=round(keep * 100), again=round(again * 100))
                )
            elif show["scores"][seat] is not None or show["points"][seat] is not None:
                lines.append(
                    tr("wyrtable.aids.pot", percent=round(aids.pot_chance(view, seat) * 100))
                )
            lines.append(tr("wyrtable.aids.spread"))
            return lines
        if phase == "bet":
            return [tr("wyrtable.aids.bet_help")]
        return []

    def _aid_histogram(
        self, view: dict[str, Any]
    ) -> tuple[list[tuple[int, float]], int | None] | None:
        show = view.get("show")
        seat = self.viewer
        if not show or seat is None or show["points"][seat] is None:
            return None
        nimb = bool(view["variants"]["nimb"])
        dist = aids.score_distribution(int(show["points"][seat]), nimb)
        scored = [int(x) for i, x in enumerate(show["scores"]) if x is not None and i != seat]
        return dist, (max(scored) if scored else None)

    def draw_status(self, surface: pygame.Surface) -> None:
        """The top line: the phase, who acts, a thinking bot, and Space to skip ahead;
        painted again only when its words or room change."""
        view = self.shown
        phase = str(view.get("phase"))
        thinking = self.worker.seat if self.worker.busy else None
        key = (
            language(),
            phase,
            tuple(self._movers()),
            thinking,
            self.skip_note(),
            self.status_width(),
        )
        cached = self.__dict__.get("_status_cache")
        if cached is None or cached[0] != key:
            if phase == "over":
                text = tr("ui.table.over")
            else:
                movers = ", ".join(self.name(s) for s in key[2])
                text = tr(f"wyr.phases.{phase}")
                if movers:
                    text = tr("wyrtable.status", phase=text, names=movers)
                if thinking is not None:
                    text += "  ·  " + tr("ui.table.thinking", name=self.name(thinking))
                text += key[4]
            layer = pygame.Surface((surface.get_width(), 52), pygame.SRCALPHA)
            self.blit_status(layer, text, 18)
            cached = (key, layer)
            self._status_cache = cached
        surface.blit(cached[1], (0, 0))

    def _movers(self) -> list[int]:
        """Who the screen says must act: the engine's seats once the show has caught up."""
        frame = getattr(self, "_frame_movers", None)
        if frame is not None:
            return frame
        if self.events or self.animating():
            trade = self.shown.get("trade")
            return [int(trade["seat"])] if trade else []
        return list(self.match.to_move)
