"""Painting the Wyr table: a cached still layer (wood, cloth, pile, plaques, the
controls panel, the practice panel) under the moving parts (the score board or
the table cards, chips, bets, plates, fans, dice, banner, the viewer's hand), so
a frame costs a handful of blits.

`WyrPainter` is handed the felt once and keeps the layers it paints; the table
builds a `StillFrame` and a `TableFrame` for each frame from its state (see
`draw.py`): the still one first, since the plaques it paints are where the
board and the tray then keep clear of.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from scenes import style
from scenes.i18n import language, tr
from scenes.tables import felt
from scenes.tables.wyr import paint
from scenes.tables.wyr.layout import BET_RADIUS
from scenes.tables.wyr.look import LOOK, Line, wrap
from scenes.tables.wyr.model import ScoreBoard
from scenes.tables.wyr.parts import SeatFacts, WyrFelt
from scenes.tables.wyr.words import hand_combo, money
from scenes.text_scale import scaled

Point = tuple[int, int]
#: the practice panel's spread of the score: (score, chance) bars and a mark
Histogram = tuple[list[tuple[int, float]], int | None]
#: a painted layer and the key it was painted for
Cached = tuple[tuple[Any, ...], pygame.Surface]


@dataclass(frozen=True)
class StillFrame:
    """What the still layer shows; it is painted again only when its `key` changes."""

    size: tuple[int, int]
    #: the score board stands on the cloth (the draw pile does not)
    board: bool
    pile_size: int
    plaque_lines: list[Line]
    group_lines: list[Line]
    variants: list[str]
    #: the controls panel's words
    panel_lines: list[Line]
    #: the practice panel's words and spread (practice only)
    aid_lines: list[str]
    hist: Histogram | None
    viewer: int | None
    practice: bool
    panel: pygame.Rect
    hand_area: pygame.Rect
    aids_rect: pygame.Rect
    #: paints the corner plaques (the table keeps where they fell)
    corners: Callable[[pygame.Surface], None] = field(compare=False)

    def key(self) -> tuple[Any, ...]:
        """Everything the layer's pixels depend on but the window's layout."""
        hist = self.hist
        return (
            self.size,
            language(),
            self.board,
            self.pile_size,
            tuple(self.plaque_lines),
            tuple(self.group_lines),
            tuple(self.variants),
            tuple(self.panel_lines),
            tuple(self.aid_lines),
            (tuple(hist[0]), hist[1]) if hist else None,
            self.viewer is not None,
            self.practice,
        )


@dataclass(frozen=True)
class TableFrame:
    """The moving parts of one frame, as the table places them now."""

    viewer: int | None
    n_seats: int
    pulse: float
    #: the pot as the chips have landed so far
    pot: int
    pot_spot: Point
    #: the score board and where it stands (None: the table cards show)
    board: tuple[ScoreBoard, pygame.Rect] | None
    #: the dice are rolling (or lie in the tray): the tray is painted
    rolling: bool
    #: the bet tokens: where, and the value (None: a secret pick)
    bets: list[tuple[Point, int | None]]
    #: each seat's plate: where, what it says, and whether its badge goes below
    plates: list[tuple[pygame.Rect, felt.PlateInfo, bool]]
    #: where the banner goes (centre, width, compact), when it shows
    banner_place: tuple[Point, int, bool] | None
    hand_area: pygame.Rect


class WyrPainter:
    """Paints the Wyr table's felt; keeps the still layer, the cloth under it and the
    score board."""

    def __init__(self, felt_pieces: WyrFelt, seats: SeatFacts) -> None:
        self.felt = felt_pieces
        self.seats = seats
        #: the score board and the key it was painted for
        self._board: Cached | None = None
        #: the still layer and its key
        self._layer: Cached | None = None
        #: the wood and the cloth, for a size and an oval
        self._base: Cached | None = None

    def still(self, surface: pygame.Surface, frame: StillFrame) -> None:
        """Blit the still layer, painted again only when its words or room change."""
        surface.blit(self._still_layer(frame), (0, 0))

    def _still_layer(self, frame: StillFrame) -> pygame.Surface:
        key = frame.key()
        cached = self._layer
        if cached is not None and cached[0] == key:
            return cached[1]
        size = frame.size
        ring = self.felt.ring
        base = self._base
        if base is None or base[0] != (size, tuple(ring.oval)):
            surf = pygame.Surface(size).convert()
            surf.blit(style.wood_background(size), (0, 0))
            felt.draw_felt(surf, ring.oval, LOOK)
            base = ((size, tuple(ring.oval)), surf)
            self._base = base
        layer = base[1].copy()
        if not frame.board:
            deck = felt.draw_deck(
                layer, ring.deck_spot, ring.card_width(), LOOK.back, frame.pile_size
            )
            words = tr("wyrtable.pile", count=frame.pile_size)
            label = pygame.Rect(0, 0, style.text_width(words, 12), style.font(12).get_linesize())
            label.midbottom = (deck.centerx, deck.top - 4)
            # under the deck when a plate stands over its top (a large text size)
            under = any(label.colliderect(ring.plate_rect(s)) for s in range(ring.n))
            style.blit_text(
                layer,
                words,
                12,
                (deck.centerx, deck.bottom + 4) if under else (deck.centerx, deck.top - 4),
                style.CREAM,
                anchor="midtop" if under else "midbottom",
                shadow=style.BLACK,
            )
        frame.corners(layer)
        _draw_panel(layer, frame)
        if frame.practice:
            _draw_aids(layer, frame.aids_rect, frame.aid_lines, frame.hist)
        self._layer = (key, layer)
        return layer

    def table(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """The moving parts, over the still layer."""
        f = self.felt
        d = f.ring.chip_diameter()
        if frame.board is not None:
            board, rect = frame.board
            surface.blit(self._board_surface(board, rect), (rect.left - 12, rect.top - 12))
        else:
            f.board_fan.draw(surface)
        f.pots.set_spot(frame.pot_spot, d)
        f.pots.set_pots([(frame.pot, tr("wyr.ui.pot"))] if frame.pot > 0 else [])
        f.pots.draw(surface, money)
        for spot, value in frame.bets:
            text = "?" if value is None else str(value)
            felt.draw_marker(
                surface, spot, text, "big" if value is not None else "plain", BET_RADIUS
            )
        for s, (rect, info, below) in enumerate(frame.plates):
            felt.draw_plate(surface, rect, info, frame.pulse, badge_below=below)
            if s != frame.viewer:
                f.fans[s].draw(surface)
        if frame.rolling:  # over the lords' cards: while the dice roll they are what matters
            f.tray.draw(surface)
        f.flights.draw(surface, d)
        if frame.banner_place is not None:
            centre, width, compact = frame.banner_place
            f.banner.draw(surface, centre, width, compact=compact)
        if frame.viewer is not None:
            _draw_hand(surface, f.hand, frame.hand_area)

    def _board_surface(self, board: ScoreBoard, rect: pygame.Rect) -> pygame.Surface:
        """The score board for `rect`, painted once per change of its rows."""
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
        cached = self._board
        if cached is None or cached[0] != key:
            pad = 12
            surf = pygame.Surface((rect.width + 2 * pad, rect.height + 2 * pad), pygame.SRCALPHA)
            paint.score_board(
                surf, pygame.Rect(pad, pad, *rect.size), board, self.seats.name, self.seats.look
            )
            cached = (key, surf)
            self._board = cached
        return cached[1]


def _draw_panel(surface: pygame.Surface, frame: StillFrame) -> None:
    """The controls panel's parchment and words (the still layer)."""
    p = frame.panel
    surface.blit(style.shadow(p.size, 10, 120), (p.left - 8, p.top - 3))
    surface.blit(style.parchment(p.size), p.topleft)
    area = frame.hand_area
    if frame.viewer is not None:
        pygame.draw.rect(surface, style.FELT_DARK, area, border_radius=10)
    x = area.right + 14 if frame.viewer is not None else p.left + 18
    width = p.right - 16 - x
    y = p.top + 10
    room = p.bottom - 58 - y
    # Every line shown: a size smaller while they do not fit (150 % text in
    # Portuguese lost the end of the secret bet's sentence), then "…" at the end.
    for shrink in range(4):
        laid = [
            (line, size - shrink, colour, kind)
            for text, size, colour, kind in frame.panel_lines
            for line in wrap(text, size - shrink, width, kind)
        ]
        if sum(scaled(size) + 4 for _, size, _, _ in laid) <= room:
            break
    for k, (line, size, colour, kind) in enumerate(laid):
        if y + scaled(size) > p.bottom - 58:
            return
        last = k + 1 < len(laid) and y + scaled(size) + 4 + scaled(laid[k + 1][1]) > p.bottom - 58
        if last:
            line = style.ellipsize(line + " …", size, width, kind)
        style.blit_text(surface, line, size, (x, y), colour, kind=kind)
        y += scaled(size) + 4


def _draw_aids(
    surface: pygame.Surface, r: pygame.Rect, lines: list[str], hist: Histogram | None
) -> None:
    """The practice panel (the still layer)."""
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


def _draw_hand(surface: pygame.Surface, hand: felt.CardFan, area: pygame.Rect) -> None:
    """The viewer's hand and the combination it makes."""
    hand.draw(surface)
    cards = [s.card for s in hand.sprites if s.card is not None and s.face_up]
    if cards and len(cards) == len(hand.sprites) and len(cards) <= 5:
        style.blit_text(
            surface,
            hand_combo(cards),
            13,
            (area.centerx, area.bottom - 2),
            style.GOLD_LIGHT,
            kind="bold",
            anchor="midbottom",
            shadow=style.BLACK,
        )
