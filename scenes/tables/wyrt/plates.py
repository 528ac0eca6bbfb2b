"""What the Wyrt plates say (name, persona or stats, chips, the last act) and
where the banner may lie without covering anybody's cards (`BannerPlacer`; the
dealer and blind markers keep off them where `painting` draws them).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from game import Event
from game.core import TableMatch
from scenes.i18n import has, language, tr
from scenes.names import is_tavern_name
from scenes.tables import felt
from scenes.tables.bot_worker import BotWorker
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt.cloth import WyrtCloth
from scenes.tables.wyrt.look import STATUS_BADGES, BannerPlace
from scenes.tables.wyrt.shown import Act, Shown
from scenes.tables.wyrt.words import category_text


class BannerPlacer:
    """Where the banner lies on the cloth, clear of the seats, their cards, the
    community row, the dice tray and the pots; it keeps its place while it shows."""

    #: widths of the banner, as shares of the oval, tried in turn (the widest is
    #: also held to 540 px): a narrower ribbon keeps off the seats beside it (its
    #: letters stop shrinking at 18 px; a long title is fitted to the ribbon)
    WIDTHS = (0.62, 0.56, 0.5, 0.45, 0.4)

    def __init__(self, cloth: WyrtCloth, n_seats: int, money: Callable[[int], str]) -> None:
        self.cloth = cloth
        self.n_seats = n_seats
        self.money = money
        #: the seats' plates and hands, by ring area (for the banner's place)
        self._seat_blocks: dict[tuple[object, ...], list[pygame.Rect]] = {}
        #: the banner's place: (seats' layout and banner shown, place, ribbon)
        self._banner_at: tuple[tuple[object, ...], BannerPlace, pygame.Rect] | None = None

    def place(self) -> BannerPlace:
        """Under the community row, so the board and the shown hands stay in sight;
        narrower, higher (up to the row), above the row, under the pots, to the
        side or with less padding (`compact`) where a seat's plate (with its
        badge) or cards, the dice tray or the pots would lie under it -- at six
        seats at 1024x640 it hid a side seat's name, and the pots at the start
        of a betting round or while a side pot waited to be paid."""
        ring = self.cloth.ring
        b = ring.board_rect
        y = b.bottom + b.height // 2 + 10
        key = (tuple(ring.area), ring.bottom, self.n_seats)
        seats = self._seat_blocks.get(key)
        if seats is None:  # where each seat's plate, badge and hand lie, dealt or not
            large = ring.card_width(large=True)
            seats = []
            for s in range(self.n_seats):
                plate = ring.plate_rect(s)
                top = felt.badge_top(plate)
                seats.append(pygame.Rect(plate.left, top, plate.width, plate.bottom - top))
                hand = ring.hero_cards_rect(large) if s == ring.bottom else ring.cards_rect(s)
                seats.append(hand)
            self._seat_blocks = {key: seats}
        # One banner keeps its place (no jumping about) unless pots gathered or
        # paid while it shows come to lie under it.
        pots = self.cloth.pots.rect(self.money)
        shown = (key, self.cloth.banner.serial)
        if self._banner_at is not None and self._banner_at[0] == shown:
            place, ribbon = self._banner_at[1], self._banner_at[2]
            if pots is None or not ribbon.colliderect(pots):
                return place
        # the hands as they lie now too (a hand shown at the showdown spreads wider)
        fans = [fan.rect for fan in self.cloth.fans.values() if fan.sprites]
        place = self.find(y, [*seats, *fans], pots)
        (x, cy), width, compact = place
        ribbon = pygame.Rect(0, 0, width, self.cloth.banner.height(width, compact=compact))
        ribbon.center = (x, cy)
        self._banner_at = (shown, place, ribbon)
        return place

    def find(self, y: int, seats: list[pygame.Rect], pots: pygame.Rect | None) -> BannerPlace:
        """The first place for the banner clear of `seats`, the community row, the
        dice tray and `pots`: from `y` up to the row, then above the row, then
        under the pots, the middle of the cloth first. A small window crowded
        with seats may have no such place: then the pots may lie under it, and
        if need be the row and the tray (never a seat; see `place`)."""
        b = self.cloth.ring.board_rect
        o = self.cloth.ring.oval
        table = [*seats, b, self.cloth.ring.tray_rect]
        # clear of the seats at least, first near the row, then anywhere on the cloth
        tiers = [(table, True), (seats, False), (seats, True)]
        if pots is not None:
            tiers.insert(0, ([*table, pots], True))
        widths = [min(int(o.width * share), 540) for share in self.WIDTHS]
        for blocks, everywhere in tiers:
            for compact in (False, True):
                for width in widths:
                    h = self.cloth.banner.height(width, compact=compact)
                    ribbon = pygame.Rect(0, 0, width, h)
                    # up to the community row (it still shows whole) ...
                    places = [
                        y - lift for lift in range(0, max(0, y - b.bottom - 2 - h // 2) + 1, 4)
                    ]
                    if everywhere:
                        # ... above it, under the seat across the cloth, or under the pots
                        places += range(b.top - 2 - h // 2, o.top + 8 + h // 2 - 1, -4)
                        if pots is not None:
                            places += range(
                                max(y, pots.bottom + 3 + h // 2), o.bottom - h // 2 - 7, 4
                            )
                    # the middle first, then ever further to the sides
                    xs = [b.centerx, o.centerx]
                    if everywhere:
                        xs += [
                            o.centerx + k * d for d in range(16, o.width // 5, 16) for k in (1, -1)
                        ]
                    for cy in places:
                        for x in xs:
                            ribbon.center = (x, cy)
                            if ribbon.collidelist(blocks) < 0:
                                return (x, cy), width, compact
        # Nowhere clear (seven seats at 1024x640): the narrowest banner where it
        # covers the least of the seats' plates and cards.
        width = widths[-1]
        h = self.cloth.banner.height(width, compact=True)
        ribbon = pygame.Rect(0, 0, width, h)
        best: tuple[int, tuple[int, int]] | None = None
        for cy in range(o.top + 8 + h // 2, o.bottom - h // 2 - 7, 4):
            for x in range(o.centerx - o.width // 5, o.centerx + o.width // 5 + 1, 16):
                ribbon.center = (x, cy)
                covered = sum(ribbon.clip(r).width * ribbon.clip(r).height for r in seats)
                if best is None or covered < best[0]:
                    best = (covered, (x, cy))
        assert best is not None
        return best[1], width, True


class PlatesHost(Protocol):
    """What the Wyrt plates read of their table, and the cache they keep on it."""

    @property
    def match(self) -> TableMatch: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def events(self) -> deque[Event]: ...
    @property
    def worker(self) -> BotWorker: ...
    @property
    def shown(self) -> Shown: ...

    _plates: dict[int, tuple[Any, felt.PlateInfo]]

    def money(self, amount: int) -> str: ...
    def animating(self) -> bool: ...
    def seat_look(self, seat: int) -> tuple[tuple[int, int, int], str]: ...
    def act_text(self, act: Act) -> str: ...
    def _plate_info(self, s: int, view: dict[str, Any], active: bool) -> felt.PlateInfo: ...


class WyrtPlates:
    """What the plates say (mixed into `WyrtTable`)."""

    def plate_info(self: PlatesHost, s: int, view: dict[str, Any]) -> felt.PlateInfo:
        """What seat `s`'s plate says now (rebuilt only when something it shows changed)."""
        sh = self.shown
        active = s in self.match.to_move and not self.events and not self.animating()
        key = (
            len(self.match.log),
            self.viewer,
            sh.status[s],
            sh.folded[s],
            sh.all_in[s],
            sh.in_hand[s],
            sh.stacks[s],
            sh.last_act.get(s),
            sh.shown_category.get(s),
            s in sh.winners,
            self.worker.busy and self.worker.seat == s,
            active,
            language(),
        )
        cached = self._plates.get(s)
        if cached is not None and cached[0] == key:
            return cached[1]
        info = self._plate_info(s, view, active)
        self._plates[s] = (key, info)
        return info

    def act_text(self: PlatesHost, act: Act) -> str:
        """A seat's last act in today's language ("Call T$ 10", "Pagou T$ 1.250")."""
        if act.amount is None:
            return tr(act.key)
        return tr(act.key, amount=self.money(act.amount))

    def _plate_info(self: PlatesHost, s: int, view: dict[str, Any], active: bool) -> felt.PlateInfo:
        sh = self.shown
        seat_view = view["seats"][s]
        colour, emblem = self.seat_look(s)
        p = seat_view["persona"]
        short = f"wyrt.seat_names.{p['id']}"  # a plate has no room for the full title
        persona = tr(short) if has(short) else tr(f"wyrt.bots.{p['id']}")
        if s == self.viewer:
            subtitle = tr("wyrttable.you", persona=persona)
        elif p["id"] == self.seats[s].bot and not is_tavern_name(self.seats[s].name):
            # the seat is named after its persona: the plate gives its stats
            subtitle = tr("wyrttable.stats_line", h=p["h"], i=p["i"])
        else:
            subtitle = persona
        badge, kind = "", "info"
        status = sh.status[s]
        if status in STATUS_BADGES:
            key, kind = STATUS_BADGES[status]
            badge = tr(key)
        elif s in sh.shown_category:
            badge, kind = (
                category_text(sh.shown_category[s]),
                ("winner" if s in sh.winners else "info"),
            )
        elif sh.folded[s]:
            badge, kind = tr("wyrttable.folded"), "folded"
        elif sh.all_in[s]:
            badge, kind = tr("wyrt.actions.allin"), "all_in"
        elif self.worker.busy and self.worker.seat == s:
            badge, kind = tr("wyrttable.thinking"), "thinking"
        elif s in sh.last_act:
            badge = self.act_text(sh.last_act[s])
        elif s in sh.winners:
            badge, kind = tr("wyrttable.winner"), "winner"
        return felt.PlateInfo(
            name=self.seats[s].name,
            subtitle=subtitle,
            money=self.money(sh.stacks[s]),
            colour=colour,
            emblem=emblem,
            badge=badge,
            badge_kind=kind,
            active=active,
            dimmed=sh.folded[s] or status != "playing" or not sh.in_hand[s],
            hero=s == self.viewer,
        )
