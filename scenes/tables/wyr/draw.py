"""How the Wyr table paints itself: a cached still layer (wood, cloth, plaques,
the controls panel, the practice panel) under the moving parts (cards, chips,
dice, plates, banner), so a frame costs a handful of blits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sized
from typing import Any, Protocol

import pygame

from game import Match
from scenes import style
from scenes.i18n import language, tr
from scenes.tables import felt
from scenes.tables.bot_worker import BotWorker
from scenes.tables.wyr.banner_view import WyrBanner
from scenes.tables.wyr.board_view import WyrBoard
from scenes.tables.wyr.look import LOOK, Line
from scenes.tables.wyr.model import (
    active_variants,
)
from scenes.tables.wyr.panel_view import WyrPanel
from scenes.tables.wyr.plaques_view import WyrPlaques
from scenes.tables.wyr.shown import WyrShown
from scenes.tables.wyr.words import money

#: a painted layer and the key it was painted for
Cached = tuple[tuple[Any, ...], pygame.Surface]


class WyrDrawingHost(Protocol):
    """What painting a frame reads, caches and calls on the Wyr table."""

    @property
    def match(self) -> Match: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def practice(self) -> bool: ...
    @property
    def events(self) -> Sized: ...
    @property
    def worker(self) -> BotWorker: ...
    @property
    def ring(self) -> felt.SeatRing: ...
    @property
    def fans(self) -> Mapping[int, felt.CardFan]: ...
    @property
    def board_fan(self) -> felt.CardFan: ...
    @property
    def tray(self) -> felt.DiceTray: ...
    @property
    def banner(self) -> felt.Banner: ...
    @property
    def flights(self) -> felt.Flights: ...
    @property
    def pots(self) -> felt.PotRow: ...
    @property
    def log(self) -> felt.HandHistory: ...
    @property
    def shown(self) -> WyrShown: ...
    @property
    def pulse(self) -> float: ...

    _frame_movers: list[int] | None
    _layer: Cached | None
    _base: Cached | None
    _status_cache: Cached | None

    def view(self) -> dict[str, Any]: ...
    def animating(self) -> bool: ...
    def is_human(self, seat: int) -> bool: ...
    def name(self, seat: int) -> str: ...
    def skip_note(self) -> str: ...
    def status_width(self) -> int: ...
    def blit_status(self, surface: pygame.Surface, text: str, y: int) -> None: ...
    def _movers(self) -> list[int]: ...
    def _still_layer(self, size: tuple[int, int], view: dict[str, Any]) -> pygame.Surface: ...
    def draw_table(self, surface: pygame.Surface) -> None: ...
    def draw_status(self, surface: pygame.Surface) -> None: ...
    def _board_shown(self) -> bool: ...
    def _board_surface(self) -> tuple[pygame.Surface, tuple[int, int]]: ...
    def _tray_rect(self) -> pygame.Rect: ...
    def _pot_spot(self) -> tuple[int, int]: ...
    def _draw_bets(self, surface: pygame.Surface) -> None: ...
    def _plate(self, s: int, view: dict[str, Any]) -> felt.PlateInfo: ...
    def _cards_over_plate(self, s: int) -> bool: ...
    def _banner_place(self, subtitle: bool | None = None) -> tuple[tuple[int, int], int, bool]: ...
    def _draw_hand(self, surface: pygame.Surface) -> None: ...
    def _panel_lines(self, view: dict[str, Any]) -> list[Line]: ...
    def _draw_panel(self, surface: pygame.Surface, lines: list[Line]) -> None: ...
    def _aid_lines(self, view: dict[str, Any]) -> list[str]: ...
    def _aid_histogram(
        self, view: dict[str, Any]
    ) -> tuple[list[tuple[int, float]], int | None] | None: ...
    def _draw_aids(
        self,
        surface: pygame.Surface,
        lines: list[str],
        hist: tuple[list[tuple[int, float]], int | None] | None,
    ) -> None: ...
    def _plaque_lines(self, view: dict[str, Any]) -> list[Line]: ...
    def _group_lines(self, view: dict[str, Any]) -> list[Line]: ...
    def _draw_corner_plaques(self, surface: pygame.Surface, view: dict[str, Any]) -> None: ...


class WyrDrawing(WyrBanner, WyrBoard, WyrPlaques, WyrPanel):
    """Painting of the Wyr table (mixed into `WyrTable`)."""

    # what it keeps on the table (declared: mypy would type them from the first write)
    _frame_movers: list[int] | None
    _layer: Cached | None
    _base: Cached | None
    _status_cache: Cached | None

    def draw(self: WyrDrawingHost, surface: pygame.Surface) -> None:
        view = self.shown.view
        # Who must act is asked by every plate and the status line: once a frame.
        self._frame_movers = None
        self._frame_movers = self._movers()
        try:
            surface.blit(self._still_layer(surface.get_size(), view), (0, 0))
            self.draw_table(surface)
            self.log.draw(surface)
            self.draw_status(surface)
        finally:
            self._frame_movers = None

    def _still_layer(
        self: WyrDrawingHost, size: tuple[int, int], view: dict[str, Any]
    ) -> pygame.Surface:
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
        cached = self._layer
        if cached is not None and cached[0] == key:
            return cached[1]
        base = self._base
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

    def draw_table(self: WyrDrawingHost, surface: pygame.Surface) -> None:
        """The moving parts, over the still layer."""
        view = self.shown.view
        ring = self.ring
        if self._board_shown() and self.shown.board is not None:
            surface.blit(*self._board_surface())
        else:
            self.board_fan.draw(surface)
        rolling = view.get("phase") in ("show", "thyatis") or bool(self.tray.rows)
        if rolling:
            tray = self._tray_rect()
            if tray != self.tray.rect:  # first: the banner's band (and the pot) go by it
                self.tray.set_rect(tray)
        self.pots.set_spot(self._pot_spot(), ring.chip_diameter())
        self.pots.set_pots([(self.shown.pot, tr("wyr.ui.pot"))] if self.shown.pot > 0 else [])
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

    def draw_status(self: WyrDrawingHost, surface: pygame.Surface) -> None:
        """The top line: the phase, who acts, a thinking bot, and Space to skip ahead;
        painted again only when its words or room change."""
        view = self.shown.view
        phase = str(view.get("phase"))
        thinking = self.worker.seat if self.worker.busy else None
        key = (
            language(),
            phase,
            tuple(self._movers()),
            thinking,
            self.viewer,
            self.skip_note(),
            self.status_width(),
        )
        cached = self._status_cache
        if cached is None or cached[0] != key:
            if phase == "over":
                text = tr("ui.table.over")
            else:
                viewer = self.viewer
                mine = viewer in key[2] and viewer is not None and self.is_human(viewer)
                others = [s for s in key[2] if not (mine and s == viewer)]
                movers = ", ".join(self.name(s) for s in others)
                text = tr(f"wyr.phases.{phase}")
                if mine:  # said to the person at the screen, not by his name
                    text += "  ·  " + tr("ui.table.your_turn")
                if movers:
                    text = tr("wyrtable.status", phase=text, names=movers)
                if thinking is not None:
                    text += "  ·  " + tr("ui.table.thinking", name=self.name(thinking))
                text += key[5]
            layer = pygame.Surface((surface.get_width(), 52), pygame.SRCALPHA)
            self.blit_status(layer, text, 18)
            cached = (key, layer)
            self._status_cache = cached
        surface.blit(cached[1], (0, 0))

    def _movers(self: WyrDrawingHost) -> list[int]:
        """Who the screen says must act: the engine's seats once the show has caught up."""
        frame = self._frame_movers
        if frame is not None:
            return frame
        if self.events or self.animating():
            trade = self.shown.view.get("trade")
            return [int(trade["seat"])] if trade else []
        return list(self.match.to_move)
