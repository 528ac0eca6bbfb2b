"""Where everything sits on the Chama table, for one window size and seat count.

The person at the screen sits at the bottom; the others go clockwise: two
players face each other, three or four surround the centre (in Duplas the
partner sits opposite, [C14]). Each seat's area holds its pyramid (A nearest
the centre, [C5]), its pool (left of the formation, as the rules put it) and
its draw and discard piles. Pure geometry: no drawing here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from scenes.text_scale import scaled
from scenes.widgets.cards import CARD_RATIO

TOP = 56
#: a side seat's header: its words wrap to a second line
SIDE_HEADER_H = 40
#: (depth row, lateral offset in half-cards) of slots A..F: A at the apex
PYRAMID: tuple[tuple[int, int], ...] = ((0, 0), (1, -1), (1, 1), (2, -2), (2, 0), (2, 2))


@dataclass
class Area:
    """One seat's part of the table."""

    seat: int
    rect: pygame.Rect
    #: where the centre of the table is seen from this area: up, down, left, right
    facing: str
    card_w: int
    header: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    slots: list[pygame.Rect] = field(default_factory=list)
    pool: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    draw_pile: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    discard_pile: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    #: pile counts written on the piles (narrow side areas) instead of under them
    counts_inside: bool = False

    @property
    def card_h(self) -> int:
        """Card height in this area."""
        return round(self.card_w * CARD_RATIO)

    def slot_order(self) -> list[int]:
        """Slots in painting order: farther rows first, so each card's index stays visible."""
        if self.facing == "down":
            return [3, 4, 5, 1, 2, 0]
        if self.facing == "up":
            return [0, 1, 2, 3, 4, 5]
        return [3, 1, 0, 4, 2, 5]  # side seats: top to bottom

    def empty_pool(self) -> pygame.Rect:
        """The outline that marks an empty pool: where its first commander lands
        (it stood beside the pyramid, a hand's width right of that at 1024x640)."""
        return pygame.Rect(self.pool.left, self.pool.top, self.card_w, self.card_h)

    def pool_units(self, n: int) -> list[pygame.Rect]:
        """Rects of `n` pool commanders (the attached army fans out below each)."""
        if n <= 0:
            return []
        w, h = self.card_w, self.card_h
        p = self.pool
        if n > 1 and n * (w + 6) - 6 > p.width:
            # smaller cards side by side before any overlap: a third commander
            # covered the second's army and its level
            narrow = max(round(w * 0.62), (p.width - 6 * (n - 1)) // n)
            h, w = round(h * narrow / w), narrow
        step = w + 6
        if n > 1 and n * step - 6 > p.width:
            step = max(8, (p.width - w) // (n - 1))
        return [pygame.Rect(p.left + i * step, p.top, w, h) for i in range(n)]


@dataclass
class Layout:
    """Every rectangle of the table for one size."""

    size: tuple[int, int]
    felt: pygame.Rect
    right: pygame.Rect
    turn_bar: pygame.Rect
    board: pygame.Rect
    centre: pygame.Rect
    controls: pygame.Rect
    hand: pygame.Rect
    hand_w: int
    areas: dict[int, Area]
    positions: dict[int, str]

    def hand_cards(self, n: int, reserve: int = 0) -> list[pygame.Rect]:
        """Rects of the viewer's `n` hand cards, fanned to fit the strip
        (`reserve` pixels at the right end are kept for the calculator)."""
        if n <= 0:
            return []
        w = self.hand_w
        h = round(w * CARD_RATIO)
        step = w + 8
        avail = self.hand.width - 120 - reserve  # the pile labels keep the right end
        if n > 1 and (n - 1) * step + w > avail:
            step = max(14, (avail - w) // (n - 1))
        total = (n - 1) * step + w
        x0 = self.hand.left + max(0, (avail - total) // 2)
        y = self.hand.top + 8
        return [pygame.Rect(x0 + i * step, y, w, h) for i in range(n)]


def positions_for(n: int, bottom: int) -> dict[int, str]:
    """Seat -> bottom/left/top/right, clockwise from the person at the screen."""
    order = {
        2: ("bottom", "top"),
        3: ("bottom", "left", "right"),
        4: ("bottom", "left", "top", "right"),
    }
    names = order.get(n, order[4])
    return {(bottom + i) % n: names[i] for i in range(n)}


def _pyramid_rects(block: pygame.Rect, w: int, h: int, facing: str) -> list[pygame.Rect]:
    """Slot rects of a pyramid drawn inside `block` with A toward `facing`."""
    out = []
    lat = w * 0.56  # half a card plus a gap, sideways
    if facing in ("up", "down"):
        depth = h * 0.6  # rows overlap: each card's top (its level) stays in view
        cx = block.centerx
        for d, k in PYRAMID:
            x = cx + k * lat - w / 2
            y = block.top + d * depth if facing == "up" else block.bottom - h - d * depth
            out.append(pygame.Rect(round(x), round(y), w, h))
    else:
        depth = w * 1.1
        latv = min(h * 0.56, max(h * 0.36, (block.height - h) / 4))
        cy = block.centery
        for d, k in PYRAMID:
            y = cy + k * latv - h / 2
            # A is the card nearest the centre of the table
            x = block.left + d * depth if facing == "left" else block.right - w - d * depth
            out.append(pygame.Rect(round(x), round(y), w, h))
    return out


def _horizontal_area(area: Area) -> None:
    """Top or bottom seat: [pool | pyramid | piles] in a row under a header."""
    r = area.rect
    head = scaled(18)  # one line of 14 px words, taller at a larger text size
    area.header = pygame.Rect(r.left, r.top, r.width, head)
    body = pygame.Rect(r.left, r.top + head + 2, r.width, r.height - head - 2)
    w = area.card_w
    h = area.card_h
    pyr_w = round(w * 1.12 * 2 + w)
    pyr_h = round(h + 2 * h * 0.6)
    pile_w = max(26, round(w * 0.8))
    piles_x = body.centerx + pyr_w // 2 + 14
    pyramid_block = pygame.Rect(body.centerx - pyr_w // 2, body.top, pyr_w, min(pyr_h, body.height))
    area.slots = _pyramid_rects(pyramid_block, w, h, "up" if area.facing == "up" else "down")
    ph = round(pile_w * CARD_RATIO)
    area.draw_pile = pygame.Rect(piles_x, body.top + 2, pile_w, ph)
    area.discard_pile = pygame.Rect(piles_x + pile_w + 10, body.top + 2, pile_w, ph)
    pool_right = pyramid_block.left - 14
    pool_w = max(w, pool_right - r.left - 4)
    area.pool = pygame.Rect(pool_right - pool_w, body.top, pool_w, body.height)


def _side_area(area: Area) -> None:
    """Left or right seat: header, the pyramid pointing at the centre, then pool and piles."""
    r = area.rect
    # two lines of 14 px text (20 px each, the second 17 px down, and a shadow):
    # at 36 px a revealed bot hand laid just under it covered the second line
    head = scaled(SIDE_HEADER_H)
    area.header = pygame.Rect(r.left, r.top, r.width, head)
    w, h = area.card_w, area.card_h
    pyr_w = round(w * 1.1 * 2 + w)
    pyr_h = round(min(h + 4 * h * 0.56, max(h + 4 * h * 0.36, r.height * 0.45)))
    block = pygame.Rect(0, r.top + head, pyr_w, pyr_h)
    block.centerx = r.centerx
    area.slots = _pyramid_rects(block, w, h, area.facing)
    # the pool's commanders (army fanned below, level under it) must end inside the area
    # the piles sit in the free corners of A's column, above and below A
    a = area.slots[0]
    pile_w = max(22, round(w * 0.62))
    ph = round(pile_w * CARD_RATIO)
    x = a.centerx - pile_w // 2
    area.draw_pile = pygame.Rect(x, max(block.top, a.top - ph - 6), pile_w, ph)
    area.discard_pile = pygame.Rect(x, min(block.bottom - ph, a.bottom + 6), pile_w, ph)
    area.counts_inside = True
    below = block.bottom + 8
    area.pool = pygame.Rect(r.left + 6, below, r.width - 12, max(h, r.bottom - below))


def compute(size: tuple[int, int], n_seats: int, bottom: int) -> Layout:
    """The whole table for a window `size`, `n_seats` players, `bottom` at the screen."""
    w, h = size
    rw = 250 if w >= 1200 else 214
    right = pygame.Rect(w - rw - 10, TOP, rw, h - TOP - 10)
    felt = pygame.Rect(10, TOP, w - rw - 30, h - TOP - 10)
    inner = felt.inflate(-12, -10)
    turn_bar = pygame.Rect(inner.left, inner.top, inner.width, 30)
    hand_w = 66 if h >= 760 else 52
    hand_h = round(hand_w * CARD_RATIO) + 16
    hand = pygame.Rect(inner.left, inner.bottom - hand_h, inner.width, hand_h)
    controls = pygame.Rect(inner.left, hand.top - 44, inner.width, 40)
    board = pygame.Rect(
        inner.left, turn_bar.bottom + 6, inner.width, controls.top - turn_bar.bottom - 10
    )
    positions = positions_for(n_seats, bottom)
    areas: dict[int, Area] = {}
    sides = [s for s, p in positions.items() if p in ("left", "right")]
    has_top = "top" in positions.values()
    # three players leave the top of the board to the centre, which needs less
    # than all of it: the room goes to wider side seats and a taller bottom seat
    # (bigger cards), and the centre is what remains between them
    side_w = round(board.width * (0.26 if not has_top else 0.235)) if sides else 0
    band_h = round(board.height * (0.34 if n_seats == 2 else 0.35 if has_top else 0.42))
    mid = pygame.Rect(board.left + side_w, board.top, board.width - 2 * side_w, board.height)
    card_h_horiz = (band_h - 22) / 2.2
    card_w_h = max(24, min(56, int(card_h_horiz / CARD_RATIO)))
    for seat, pos in positions.items():
        if pos == "bottom":
            rect = pygame.Rect(mid.left, board.bottom - band_h, mid.width, band_h)
            areas[seat] = Area(seat, rect, "up", card_w_h)
        elif pos == "top":
            rect = pygame.Rect(mid.left, board.top, mid.width, band_h)
            areas[seat] = Area(seat, rect, "down", card_w_h)
        else:
            rect = pygame.Rect(
                board.left if pos == "left" else board.right - side_w,
                board.top,
                side_w,
                board.height,
            )
            # the pyramid spans 3.3 card widths across and 2.3 card heights down
            # (cards sized as at four seats: the extra width of three is room for the
            # pool and a revealed hand beside the pyramid, the height has none to spare)
            sized_w = min(side_w, round(board.width * 0.235))
            cw = int(min((sized_w - 12) / 3.3, (board.height * 0.5) / (2.3 * CARD_RATIO)))
            areas[seat] = Area(
                seat, rect, "right" if pos == "left" else "left", max(24, min(56, cw))
            )
    for area in areas.values():
        if area.facing in ("up", "down"):
            _horizontal_area(area)
        else:
            _side_area(area)
    top_edge = board.top + (band_h if has_top else 0)
    centre = pygame.Rect(mid.left, top_edge + 4, mid.width, board.bottom - band_h - top_edge - 8)
    return Layout(
        size, felt, right, turn_bar, board, centre, controls, hand, hand_w, areas, positions
    )
