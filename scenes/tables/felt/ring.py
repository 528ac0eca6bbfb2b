"""Where everything sits around an oval table, for 2–8 seats, at any window size.

`SeatRing` is pure geometry: give it the number of seats, which seat sits at
the bottom (the person at the screen) and the area it may use; it answers
where each seat's plate, cards, bet and markers go, and where the pot, the
community row, the deck and the dice tray sit on the cloth. Call `set_area`
again on a window resize; nothing else needs to be rebuilt.

Seats go clockwise seen from above: from the bottom seat to the left, over the
top and down the right, so "the seat on my left" is the next one on screen.
"""

from __future__ import annotations

import math

import pygame

from scenes.text_scale import text_size

Point = tuple[int, int]


class SeatRing:
    """Seat positions around an oval table."""

    def __init__(self, n_seats: int, bottom: int = 0) -> None:
        if not 2 <= n_seats <= 8:
            raise ValueError("a felt table seats 2 to 8")
        self.n = n_seats
        self.bottom = bottom
        self.area = pygame.Rect(0, 0, 800, 500)
        self.oval = pygame.Rect(0, 0, 1, 1)
        self.plate_size = (160, 64)
        #: width of the bottom seat's own large cards (0: it shows a small fan like
        #: the others); its bet then stands beside them, not on them
        self.hero_large = 0
        #: answers already worked out for this area and bottom seat (drawn every frame)
        self._memo: dict[tuple[object, ...], Point] = {}
        #: the same for the plates' rectangles (handed out as copies)
        self._plates: dict[int, pygame.Rect] = {}
        self.set_area(self.area)

    # -- set-up ------------------------------------------------------------------
    def set_area(self, area: pygame.Rect) -> None:
        """Fit the table and its seats into `area` (call again on resize)."""
        self.area = pygame.Rect(area)
        self._forget()
        base = max(118, min(190, int(self.area.width * 0.17)))
        # a plate holds three lines of words: taller and wider at a larger text
        # size (wider only as far as the cloth can spare: names end in "…" then)
        pw = max(base, min(int(self.area.width * 0.24), base * text_size() // 100))
        ph = max(52, min(70, int(base * 0.4))) * text_size() // 100
        self.plate_size = (pw, ph)
        # the cloth leaves room for plates on every side
        ow = self.area.width - int(pw * 0.9)
        oh = self.area.height - int(ph * 1.6)
        self.oval = pygame.Rect(0, 0, max(100, ow), max(80, oh))
        self.oval.center = self.area.center

    def set_hero_large(self, width: int) -> None:
        """The bottom seat shows its own cards large, `width` px each (0: a small fan)."""
        if width != self.hero_large:
            self._forget()
        self.hero_large = width

    def set_bottom(self, seat: int) -> None:
        """Turn the table so that `seat` sits at the bottom."""
        if seat != self.bottom:
            self._forget()
        self.bottom = seat

    def _forget(self) -> None:
        """Drop the answers worked out for the last area, bottom seat or large cards."""
        self._memo = {}
        self._plates = {}

    # -- seats -------------------------------------------------------------------
    def angle(self, seat: int) -> float:
        """Angle of a seat in radians, screen coordinates (pi/2 = bottom)."""
        k = (seat - self.bottom) % self.n
        return math.pi / 2 + 2 * math.pi * k / self.n

    def _on_oval(self, seat: int, scale: float) -> Point:
        a = self.angle(seat)
        cx, cy = self.oval.center
        return (
            round(cx + math.cos(a) * self.oval.width / 2 * scale),
            round(cy + math.sin(a) * self.oval.height / 2 * scale),
        )

    def seat_center(self, seat: int) -> Point:
        """Centre of a seat's plate (on the rail)."""
        x, y = self._on_oval(seat, 1.0)
        # keep the plate inside the area
        pw, ph = self.plate_size
        x = max(self.area.left + pw // 2, min(self.area.right - (pw - pw // 2), x))
        y = max(self.area.top + ph // 2, min(self.area.bottom - (ph - ph // 2), y))
        return x, y

    def plate_rect(self, seat: int) -> pygame.Rect:
        """The rectangle of a seat's plate."""
        if seat not in self._plates:
            self._plates[seat] = self._plate_rect(seat)
        return pygame.Rect(self._plates[seat])

    def _plate_rect(self, seat: int) -> pygame.Rect:
        """The rectangle of a seat's plate."""
        r = pygame.Rect((0, 0), self.plate_size)
        r.center = self.seat_center(seat)
        return r

    def toward_centre(self, seat: int, fraction: float) -> Point:
        """A point on the way from a seat to the table centre (0 = the seat, 1 = the centre)."""
        sx, sy = self.seat_center(seat)
        cx, cy = self.oval.center
        return round(sx + (cx - sx) * fraction), round(sy + (cy - sy) * fraction)

    def _beyond(self, seat: int, box: pygame.Rect, size: tuple[int, int], gap: int) -> Point:
        """Centre of a `size` box placed just past `box`, on the way from the seat to the centre."""
        sx, sy = self.seat_center(seat)
        cx, cy = self.oval.center
        dx, dy = cx - sx, cy - sy
        dist = math.hypot(dx, dy) or 1.0
        ux, uy = dx / dist, dy / dist
        # distance along the ray to leave `box` grown by half the new box (so they touch)
        grown = box.inflate(size[0] + 2 * gap, size[1] + 2 * gap)
        t = _exit_distance(grown, (sx, sy), (ux, uy))
        t = min(t, dist * 0.8)
        return round(sx + ux * t), round(sy + uy * t)

    def cards_box(self, seat: int, count: int = 5, overlap: float = 0.72) -> tuple[int, int]:
        """Size of a seat's face-down fan of `count` cards."""
        w = self.card_width()
        h = round(w * 1.4)
        return round(w + w * (1 - overlap) * max(0, count - 1)), h

    def cards_spot(self, seat: int, count: int = 5, overlap: float = 0.72) -> Point:
        """Centre of a seat's cards: on the cloth, just inside its plate."""
        key = ("cards_spot", seat, count, overlap)
        if key not in self._memo:
            self._memo[key] = self._cards_spot(seat, count, overlap)
        return self._memo[key]

    def _cards_spot(self, seat: int, count: int = 5, overlap: float = 0.72) -> Point:
        """Centre of a seat's cards: on the cloth, just inside its plate."""
        box = self.cards_box(seat, count, overlap)
        # tucked a little under the plate's inner edge, as dealt cards lie (draw fans first)
        return self._beyond(seat, self.plate_rect(seat), box, -min(box) // 4)

    def cards_rect(self, seat: int, count: int = 5, overlap: float = 0.72) -> pygame.Rect:
        """The area of a seat's cards (see `cards_spot`)."""
        r = pygame.Rect((0, 0), self.cards_box(seat, count, overlap))
        r.center = self.cards_spot(seat, count, overlap)
        return r

    def bet_spot(self, seat: int) -> Point:
        """Where a seat's bet of this round stands (bottom-centre of its chips), past its cards."""
        key = ("bet_spot", seat)
        if key not in self._memo:
            self._memo[key] = self._bet_spot(seat)
        return self._memo[key]

    def _bet_spot(self, seat: int) -> Point:
        """Where a seat's bet of this round stands (bottom-centre of its chips), past its cards."""
        d = self.chip_diameter()
        if seat == self.bottom and self.hero_large:
            return self._hero_bet_spot(d)
        box = self.plate_rect(seat).union(self.cards_rect(seat))
        x, y = self._beyond(seat, box, (d * 2, d * 2), 4)
        y += d // 2
        # A side seat's bet lay on the deck (three and four seats): slide it along
        # the deck's edge, away from the deck's middle.
        deck = self.deck_rect.inflate(6, 6)
        foot = self._bet_box((x, y), d)
        if foot.colliderect(deck):
            if self.seat_center(seat)[1] >= deck.centery:
                y += deck.bottom - foot.top
            else:
                y -= foot.bottom - deck.top
        return x, y

    def bet_rect(self, seat: int) -> pygame.Rect:
        """What a seat's bet covers: its chips and the amount written under them."""
        return self._bet_box(self.bet_spot(seat), self.chip_diameter())

    @staticmethod
    def _bet_box(spot: Point, d: int) -> pygame.Rect:
        # a few chips' height and the amount under them ("T$ 1.000")
        half = max(d // 2 + 4, 28)
        high = round(d * 1.6)
        return pygame.Rect(spot[0] - half, spot[1] - high, 2 * half, high + 16)

    def _hero_bet_spot(self, d: int) -> Point:
        """The person's bet beside their large cards (straight up the ray it would lie
        on them, and above them lies the pot): left of them, else right, else above
        their outer corners, else beside them low, under the neighbours' plates
        (eight seats on a small window) — the first spot clear of the other seats,
        the pot and the person's dealer and blind markers."""
        fan = self.hero_cards_rect(self.hero_large)
        box = self._bet_box((0, 0), d)
        half = box.width // 2
        low = fan.bottom + (-box.top) - 4  # the box's top level with the fan's foot
        candidates = [
            (fan.left - 8 - half, fan.centery + d),
            (fan.right + 8 + half, fan.centery + d),
            (fan.left + half, fan.top - 20),
            (fan.right - half, fan.top - 20),
            (fan.right + 8 + half, low),
            (fan.left - 8 - half, low),
        ]
        pot = self._bet_box(self.pot_spot, d)
        blockers = [pot, fan, self.plate_rect(self.bottom), self.deck_rect]
        for i in range(2):  # the dealer and blind markers beside the plate
            x, y = self.marker_spot(self.bottom, i)
            blockers.append(pygame.Rect(x - 12, y - 12, 24, 24))
        for t in range(self.n):
            if t != self.bottom:
                blockers += [self.plate_rect(t), self.cards_rect(t), self.bet_rect(t)]

        path = self.hero_deal_path(fan)

        def covered(spot: Point) -> tuple[int, int]:
            r = self._bet_box(spot, d)
            clipped = [r.clip(b) for b in blockers]
            outside = r.width * r.height - r.clip(self.area).width * r.clip(self.area).height
            # the chips are drawn over the cards, so cards dealt across them hid
            # under them on the way (heads-up the deck is right beside the fan):
            # a spot off the deal's path wins among those clear of everything else
            crossed = sum(r.clip(p).width * r.clip(p).height for p in path)
            return sum(c.width * c.height for c in clipped) + outside, crossed

        return min(candidates, key=covered)  # the first of the clear ones

    def hero_deal_path(self, fan: pygame.Rect) -> list[pygame.Rect]:
        """Where the person's large cards pass on their way from the deck to `fan`:
        card-sized steps toward its first and last card."""
        w = self.hero_large or self.card_width(large=True)
        h = round(w * 1.4)
        x0, y0 = self.deck_rect.center
        out = []
        for x1 in (fan.left + w // 2, fan.right - w // 2):
            for k in range(1, 10):
                t = k / 10
                r = pygame.Rect(0, 0, w, h)
                r.center = (round(x0 + (x1 - x0) * t), round(y0 + (fan.centery - y0) * t))
                out.append(r)
        return out

    def hero_cards_spot(
        self, large_width: int, count: int = 5, overlap: float = 0.12, tuck: float = 1 / 3
    ) -> Point:
        """Centre of the bottom seat's own large cards: above its plate, on the cloth,
        their lower edge tucked `tuck` of the plate's height behind it."""
        h = round(large_width * 1.4)
        plate = self.plate_rect(self.bottom)
        return plate.centerx, plate.top - h // 2 + round(plate.height * tuck)

    def hero_cards_rect(
        self, large_width: int, count: int = 5, overlap: float = 0.12, tuck: float = 0.08
    ) -> pygame.Rect:
        """The area of the bottom seat's own large cards (see `hero_cards_spot`)."""
        h = round(large_width * 1.4)
        w = round(large_width + large_width * (1 - overlap) * max(0, count - 1))
        r = pygame.Rect(0, 0, w, h)
        r.center = self.hero_cards_spot(large_width, count, overlap, tuck)
        return r

    def shown_cards_place(
        self, seat: int, avoid: tuple[pygame.Rect, ...] = (), count: int = 5
    ) -> tuple[Point, int, float]:
        """Where a hand shown at the showdown lies (centre, card width, overlap): as
        large and spread as the room allows, clear of `avoid` (the dice tray, the
        community row) and of the other seats' plates. Raised cards included. It
        may tuck under its own plate, but never so far that the plate hides the
        cards' upper part, where their corners show rank and suit (a top seat's
        raised cards slid under its plate and could not be read)."""
        w = self.card_width()
        # spread first (each card's face shows, not only its corner), then closer
        tries = (
            (round(w * 1.15), 0.25),
            (w, 0.25),
            (round(w * 1.15), 0.4),
            (w, 0.4),
            (w, 0.5),
            (w, 0.6),
            (w, 0.7),
        )
        own = self.plate_rect(seat)
        others = [self.plate_rect(t) for t in range(self.n) if t != seat]
        best: tuple[int, tuple[Point, int, float]] | None = None
        for width, overlap in tries:
            h = round(width * 1.4)
            box = (round(width + width * (1 - overlap) * max(0, count - 1)), h)
            for gap in (-min(box) // 4, -min(box) // 2, 0, round(h * 0.22)):
                centre = self._beyond(seat, own, box, gap)
                r = pygame.Rect(0, 0, box[0], round(h * 1.2))
                r.midbottom = (round(centre[0]), round(centre[1] + h / 2))
                corners = pygame.Rect(r.left, r.top, r.width, round(h * 0.7))
                place = (centre, width, overlap)
                covered = sum(c.width * c.height for c in (r.clip(o) for o in (*avoid, *others)))
                hidden = corners.clip(own)
                # where nothing is clear (eight seats at 1024x640, two seats of
                # each layout), the tray, the row and the other plates come first
                covered = 10 * covered + hidden.width * hidden.height
                if covered == 0:
                    return place
                if best is None or covered < best[0]:
                    best = (covered, place)  # no room anywhere: hide the least
            # a seat at the cloth's end: over or under its plate, as spread, before
            # squeezing the hand between the plate and the deck
            spot = self._shown_beside_plate(seat, box, avoid)
            if spot is not None:
                return spot, width, overlap
        assert best is not None
        return best[1]

    def _shown_beside_plate(
        self, seat: int, box: tuple[int, int], avoid: tuple[pygame.Rect, ...]
    ) -> Point | None:
        """For a seat at the cloth's left or right end: a shown hand of `box`
        under or over its plate, where nothing lies (seven seats at 1024x640:
        between the left plate and the deck the hand showed as slivers)."""
        sx, sy = self.seat_center(seat)
        cx, cy = self.oval.center
        if abs(sx - cx) * self.oval.height <= abs(sy - cy) * self.oval.width:
            return None  # a top or bottom seat: its cards lie toward the middle
        own = self.plate_rect(seat)
        inward = 1 if cx > own.centerx else -1
        w, h = box
        # where the others' shown hands may lie: the largest spread, tucked or not
        big_w = round(self.card_width() * 1.15)
        big = (round(big_w + big_w * 0.55 * 4), round(big_w * 1.4))
        blockers = [*avoid, own]
        for t in range(self.n):
            if t == seat:
                continue
            blockers += [self.plate_rect(t), self.cards_rect(t)]
            for gap in (-min(big) // 4, 0):
                shown = pygame.Rect(0, 0, big[0], round(big[1] * 1.2))
                shown.center = self._beyond(t, self.plate_rect(t), big, gap)
                blockers.append(shown)
        for below in (True, False):
            for shift in (0, w // 4, w // 2, 3 * w // 4, w):
                r = pygame.Rect(0, 0, w, round(h * 1.2))  # raised cards included
                r.centerx = own.centerx + inward * shift
                if below:
                    r.top = own.bottom + 4
                else:
                    r.bottom = own.top - 18  # the plate's badge stands on its top edge
                if not self._on_cloth(r) or r.collidelist(blockers) >= 0:
                    continue
                return r.centerx, r.bottom - h // 2
        return None

    def _on_cloth(self, r: pygame.Rect) -> bool:
        """Whether every corner of `r` lies on the oval cloth."""
        o = self.oval
        a, b = o.width / 2, o.height / 2
        return all(
            ((x - o.centerx) / a) ** 2 + ((y - o.centery) / b) ** 2 <= 1.0
            for x, y in (r.topleft, r.topright, r.bottomleft, r.bottomright)
        )

    def marker_spot(self, seat: int, index: int = 0) -> Point:
        """Where the dealer/blind markers of a seat lie: beside its cards (`index` for a second)."""
        key = ("marker_spot", seat, index)
        if key not in self._memo:
            self._memo[key] = self._marker_spot(seat, index)
        return self._memo[key]

    def _marker_spot(self, seat: int, index: int = 0) -> Point:
        """Where the dealer/blind markers of a seat lie: beside its cards (`index` for a second)."""
        if seat == self.bottom and self.hero_large:
            # the person's own large cards are wider: markers lie left of the plate
            plate = self.plate_rect(seat)
            edge = min(plate.left, self.hero_cards_rect(self.hero_large).left)
            return edge - 18 - index * 28, plate.centery
        cx, cy = self.cards_spot(seat)
        cw, ch = self.cards_box(seat)
        a = self.angle(seat) + math.pi / 2
        px, py = math.cos(a), math.sin(a)
        half = abs(px) * cw / 2 + abs(py) * ch / 2
        off = half + 16 + index * 28
        return round(cx + px * off), round(cy + py * off)

    def direction(self, seat: int) -> tuple[float, float]:
        """Unit vector from the table centre toward a seat."""
        a = self.angle(seat)
        return math.cos(a), math.sin(a)

    # -- the cloth ---------------------------------------------------------------
    @property
    def centre(self) -> Point:
        """The centre of the table."""
        return self.oval.center

    @property
    def board_rect(self) -> pygame.Rect:
        """The community row (room for two large cards); it and the dice tray
        share the middle of the cloth, side by side, clear of the seats' bets."""
        cw = self.card_width()
        r = pygame.Rect(0, 0, round(cw * 2.8) + 16, round(cw * 1.4 * 1.33) + 12)
        total = r.width + 12 + self._tray_width()
        r.left = self.oval.centerx - total // 2
        r.centery = self.oval.centery - self.oval.height // 20
        return r

    @property
    def deck_spot(self) -> Point:
        """Top-left of the deck on the cloth (left of the community row)."""
        b = self.board_rect
        return b.left - int(self.card_width() * 1.6), b.top + 6

    @property
    def deck_rect(self) -> pygame.Rect:
        """The deck's area on the cloth."""
        cw = self.card_width()
        x, y = self.deck_spot
        return pygame.Rect(x - 5, y - 5, cw + 5, round(cw * 1.4) + 5)  # its thickness too

    def _tray_width(self) -> int:
        return max(130, int(self.oval.width * 0.17))

    @property
    def tray_rect(self) -> pygame.Rect:
        """The dice tray, right of the community row."""
        b = self.board_rect
        h = max(b.height + 20, 110)
        return pygame.Rect(b.right + 12, b.centery - h // 2, self._tray_width(), h)

    @property
    def pot_spot(self) -> Point:
        """Bottom-centre of the (main) pot's chips: under the middle of the cloth."""
        b = self.board_rect
        return self.oval.centerx, b.bottom + self.chip_diameter() + 8

    def card_width(self, large: bool = False) -> int:
        """A good card width at this size (large: the person's own hand)."""
        base = max(24, min(40, self.oval.height // 12))
        return int(base * (1.75 if self.n <= 6 else 1.5)) if large else base

    def chip_diameter(self) -> int:
        """A good chip size at this table size."""
        return max(18, min(32, self.oval.height // 16))


def _exit_distance(rect: pygame.Rect, origin: tuple[float, float], u: tuple[float, float]) -> float:
    """How far along unit vector `u` from `origin` (inside `rect`) the ray leaves `rect`."""
    best = math.inf
    ox, oy = origin
    if u[0] > 1e-9:
        best = min(best, (rect.right - ox) / u[0])
    elif u[0] < -1e-9:
        best = min(best, (rect.left - ox) / u[0])
    if u[1] > 1e-9:
        best = min(best, (rect.bottom - oy) / u[1])
    elif u[1] < -1e-9:
        best = min(best, (rect.top - oy) / u[1])
    return max(0.0, best if best != math.inf else 0.0)
