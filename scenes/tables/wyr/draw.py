"""How the Wyr table paints itself: it builds each frame's `StillFrame` and
`TableFrame` from its state and hands them to its `WyrPainter` (painting.py);
the status line (the base's hook) is worded and cached here.
"""

from __future__ import annotations

from collections.abc import Sized
from typing import Any, Protocol

import pygame

from game.core import TableMatch
from scenes.i18n import language, tr
from scenes.tables import felt
from scenes.tables.bot_worker import BotWorker
from scenes.tables.wyr.banner_view import WyrBanner
from scenes.tables.wyr.board_view import WyrBoard
from scenes.tables.wyr.choices import TradeChoice
from scenes.tables.wyr.look import Line
from scenes.tables.wyr.model import active_variants
from scenes.tables.wyr.painting import Cached, StillFrame, TableFrame, WyrPainter
from scenes.tables.wyr.panel_view import AidWords, aid_histogram, panel_lines
from scenes.tables.wyr.plaques_view import WyrPlaques
from scenes.tables.wyr.shown import WyrShown


class WyrDrawingHost(Protocol):
    """What building a frame reads, caches and calls on the Wyr table."""

    @property
    def match(self) -> TableMatch: ...
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
    def tray(self) -> felt.DiceTray: ...
    @property
    def banner(self) -> felt.Banner: ...
    @property
    def log(self) -> felt.HandHistory: ...
    @property
    def shown(self) -> WyrShown: ...
    @property
    def pulse(self) -> float: ...
    @property
    def panel(self) -> pygame.Rect: ...
    @property
    def aids_rect(self) -> pygame.Rect: ...
    @property
    def painter(self) -> WyrPainter: ...
    @property
    def aid_words(self) -> AidWords: ...
    @property
    def choice(self) -> TradeChoice | None: ...
    @property
    def plaques(self) -> WyrPlaques: ...
    @property
    def felt_area(self) -> pygame.Rect: ...

    _frame_movers: list[int] | None
    _status_cache: Cached | None

    def view(self) -> dict[str, Any]: ...
    def animating(self) -> bool: ...
    def is_human(self, seat: int) -> bool: ...
    def name(self, seat: int) -> str: ...
    def skip_note(self) -> str: ...
    def status_width(self) -> int: ...
    def blit_status(self, surface: pygame.Surface, text: str, y: int) -> None: ...
    def _movers(self) -> list[int]: ...
    def _still_frame(self, size: tuple[int, int]) -> StillFrame: ...
    def _table_frame(self) -> TableFrame: ...
    def draw_table(self, surface: pygame.Surface) -> None: ...
    def draw_status(self, surface: pygame.Surface) -> None: ...
    def _board_shown(self) -> bool: ...
    def _board_rect(self) -> pygame.Rect: ...
    def _tray_rect(self) -> pygame.Rect: ...
    def _pot_spot(self) -> tuple[int, int]: ...
    def _bet_spot(self, seat: int) -> tuple[int, int]: ...
    def _hand_area(self) -> pygame.Rect: ...
    def _plate(self, s: int, view: dict[str, Any]) -> felt.PlateInfo: ...
    def _cards_over_plate(self, s: int) -> bool: ...
    def _banner_place(self, subtitle: bool | None = None) -> tuple[tuple[int, int], int, bool]: ...
    def _panel_lines(self, view: dict[str, Any]) -> list[Line]: ...
    def _aid_lines(self, view: dict[str, Any]) -> list[str]: ...
    def my_turn(self) -> bool: ...


class WyrDrawing(WyrBanner, WyrBoard):
    """The Wyr table's frame: built from its state, painted by its `WyrPainter`
    (mixed into `WyrTable`)."""

    # what it keeps on the table (declared: mypy would type them from the first write)
    _frame_movers: list[int] | None
    _status_cache: Cached | None

    def draw(self: WyrDrawingHost, surface: pygame.Surface) -> None:
        # Who must act is asked by every plate and the status line: once a frame.
        self._frame_movers = None
        self._frame_movers = self._movers()
        try:
            # the still layer first: the plaques it paints are where the board keeps clear of
            self.painter.still(surface, self._still_frame(surface.get_size()))
            self.draw_table(surface)
            self.log.draw(surface)
            self.draw_status(surface)
        finally:
            self._frame_movers = None

    def _still_frame(self: WyrDrawingHost, size: tuple[int, int]) -> StillFrame:
        """What the still layer shows now: wood, cloth, pile, plaques and both panels."""
        view = self.shown.view
        board = self._board_shown()
        panel = self._panel_lines(view)
        aid_view = self.view() if self.practice else None
        aid_lines = self._aid_lines(aid_view) if aid_view is not None else []
        hist = aid_histogram(aid_view, self.viewer) if aid_view is not None else None

        def corners(layer: pygame.Surface) -> None:
            self.plaques.draw_corners(layer, view, self.felt_area, self.viewer)

        return StillFrame(
            size,
            board,
            int(view["pile_size"]),
            self.plaques.plaque_lines(view, self.felt_area),
            self.plaques.group_lines(view),
            active_variants(view),
            panel,
            aid_lines,
            hist,
            self.viewer,
            self.practice,
            self.panel,
            self._hand_area(),
            self.aids_rect,
            corners,
        )

    def _plate(self: WyrDrawingHost, s: int, view: dict[str, Any]) -> felt.PlateInfo:
        """A seat's plate as the frame shows it (lit while the seat must act)."""
        active = s in self._movers() and not self.match.is_over
        return self.plaques.plate(s, view, self.shown, self.viewer, active)

    def _panel_lines(self: WyrDrawingHost, view: dict[str, Any]) -> list[Line]:
        """What the controls panel says now (see `panel_view.panel_lines`)."""
        return panel_lines(view, self.my_turn(), self.choice, self._movers, self.name)

    def _aid_lines(self: WyrDrawingHost, view: dict[str, Any]) -> list[str]:
        """The practice panel's words now, cached per decision and selection."""
        position = (len(self.match.log), id(self.match))
        return self.aid_words.lines(view, self.viewer, self.choice, self.my_turn(), position)

    def draw_table(self: WyrDrawingHost, surface: pygame.Surface) -> None:
        """The moving parts, over the still layer."""
        self.painter.table(surface, self._table_frame())

    def _table_frame(self: WyrDrawingHost) -> TableFrame:
        """Where the moving parts stand now (the dice tray placed first: the pot
        and the banner go by it)."""
        view = self.shown.view
        ring = self.ring
        board_shown = self._board_shown()
        shown_board = self.shown.board
        board = (
            (shown_board, self._board_rect()) if board_shown and shown_board is not None else None
        )
        rolling = view.get("phase") in ("show", "thyatis") or bool(self.tray.rows)
        if rolling:
            tray = self._tray_rect()
            if tray != self.tray.rect:  # first: the banner's band (and the pot) go by it
                self.tray.set_rect(tray)
        pot_spot = self._pot_spot()
        # the Hora da Verdade: the bets are in the pot, and a "?" token covered the board's names
        bets = (
            []
            if board_shown
            else [(self._bet_spot(s), value) for s, value in self.shown.bet_marks.items()]
        )
        plates = [
            (ring.plate_rect(s), self._plate(s, view), self._cards_over_plate(s))
            for s in range(self.match.n_seats)
        ]
        # its place weighs the board and every seat: not idly
        banner = self._banner_place() if self.banner.visible else None
        return TableFrame(
            self.viewer,
            self.match.n_seats,
            self.pulse,
            self.shown.pot,
            pot_spot,
            board,
            rolling,
            bets,
            plates,
            banner,
            self._hand_area() if self.viewer is not None else pygame.Rect(0, 0, 0, 0),
        )

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
