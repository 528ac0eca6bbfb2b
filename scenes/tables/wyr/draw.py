"""How the Wyr table paints itself: a cached still layer (wood, cloth, plaques,
the controls panel, the practice panel) under the moving parts (cards, chips,
dice, plates, banner), so a frame costs a handful of blits.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes import style
from scenes.i18n import language, tr
from scenes.tables import felt
from scenes.tables.wyr.banner_view import WyrBanner
from scenes.tables.wyr.board_view import WyrBoard
from scenes.tables.wyr.look import LOOK
from scenes.tables.wyr.model import (
    active_variants,
)
from scenes.tables.wyr.panel_view import WyrPanel
from scenes.tables.wyr.plaques_view import WyrPlaques
from scenes.tables.wyr.words import money


class WyrDrawing(WyrBanner, WyrBoard, WyrPlaques, WyrPanel):
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
            self.viewer,
            self.skip_note(),
            self.status_width(),
        )
        cached = self.__dict__.get("_status_cache")
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

    def _movers(self) -> list[int]:
        """Who the screen says must act: the engine's seats once the show has caught up."""
        frame = getattr(self, "_frame_movers", None)
        if frame is not None:
            return frame
        if self.events or self.animating():
            trade = self.shown.get("trade")
            return [int(trade["seat"])] if trade else []
        return list(self.match.to_move)
