"""How the Wyrt table paints itself: the cloth and its pieces (`ClothPainter`,
handed the cloth and a `ClothFrame` the table works out each frame), the bar
under the table (blinds, the hand's name, what is owed) and the status line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame
import pygame_gui

from game.cards import Card
from scenes import style
from scenes.i18n import tr
from scenes.manager import AppHost
from scenes.tables import felt
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt.cloth import WyrtCloth
from scenes.tables.wyrt.controls import BetControls
from scenes.tables.wyrt.look import BannerPlace
from scenes.tables.wyrt.morto import draw_dealer, draw_relic_marks, morto_badge
from scenes.tables.wyrt.plates import BannerPlacer
from scenes.tables.wyrt.practice import PracticeAids
from scenes.tables.wyrt.shown import Shown
from scenes.tables.wyrt.words import category_text
from scenes.text_scale import scaled
from scenes.widgets.log_panel import LogPanel


@dataclass(frozen=True)
class ClothFrame:
    """What one frame of the cloth shows, worked out by the table."""

    clock: float
    pulse: float
    #: O Morto deals (the Life Cassino): his hooded figure at the head of the table
    morto_deals: bool
    #: O Morto's deck: its relic cards wear their frame
    relic_cards: bool
    morto_seat: int
    #: what each seat's plate says
    plates: tuple[felt.PlateInfo, ...]
    #: the table as drawn (bets, dealer and blind markers)
    shown: Shown
    money: Callable[[int], str]
    #: where the banner goes (None: no banner shows)
    banner_place: BannerPlace | None


class ClothPainter:
    """Paints the Wyrt cloth and what lies on it (the felt itself is in the backdrop)."""

    def __init__(self, cloth: WyrtCloth) -> None:
        self.cloth = cloth
        self._backdrop: tuple[Any, pygame.Surface] | None = None

    def backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The wall and the empty cloth, composed once per size and look."""
        ring, look = self.cloth.ring, self.cloth.look
        key = (size, tuple(ring.oval), look)
        if self._backdrop is None or self._backdrop[0] != key:
            wall = style.wood_background(size)
            self._backdrop = (
                key,
                felt.felt_scene(wall, ring.oval, look, 90 if look.candles else 0),
            )
        return self._backdrop[1]

    def draw(self, surface: pygame.Surface, frame: ClothFrame) -> None:
        """Candles, dealer, deck, tray, cards, pots, plates, bets, markers, chips in
        flight and the banner, in that order."""
        c = self.cloth
        ring = c.ring
        if c.look.candles:
            o = ring.oval
            for fx in (0.16, 0.84):
                felt.candle(
                    surface,
                    (round(o.left + o.width * fx), o.top + o.height // 9),
                    22,
                    frame.clock + fx,
                )
        if frame.morto_deals:
            draw_dealer(surface, ring, frame.clock)
        felt.draw_deck(surface, ring.deck_spot, ring.card_width(), c.look.back, 40)
        c.tray.draw(surface)
        c.board.draw(surface)
        if frame.relic_cards:
            draw_relic_marks(surface, c.board.sprites)
        c.pots.draw(surface, frame.money)
        d = ring.chip_diameter()
        for s, fan in c.fans.items():
            if s != ring.bottom:
                fan.draw(surface)
                if frame.relic_cards:
                    draw_relic_marks(surface, fan.sprites)
        # the person's own cards lie tucked under his plate, like the others'
        hero = c.fans.get(ring.bottom)
        if hero is not None:
            hero.draw(surface)
            if frame.relic_cards:
                plate_top = felt.badge_top(ring.plate_rect(ring.bottom))
                draw_relic_marks(surface, hero.sprites, plate_top)
        for s, info in enumerate(frame.plates):
            rect = ring.plate_rect(s)
            if s in c.shake:
                rect = rect.move(round(6 * math.sin(frame.clock * 40)), 0)
            felt.draw_plate(surface, rect, info, frame.pulse)
            if s == frame.morto_seat:
                morto_badge(surface, rect)
            bet = frame.shown.bets[s]
            if bet > 0:
                felt.draw_pile(surface, bet, ring.bet_spot(s), d, frame.money)
        self.draw_markers(surface, frame.shown)
        c.flights.draw(surface, d)
        if frame.banner_place is not None:
            centre, width, compact = frame.banner_place
            c.banner.draw(surface, centre, width, compact=compact)

    def draw_markers(self, surface: pygame.Surface, sh: Shown) -> None:
        """The buck and the blinds' markers by their seats, where no shown hand lies."""
        ring = self.cloth.ring
        marks: dict[int, list[tuple[str, str]]] = {}
        if sh.buck >= 0:
            marks.setdefault(sh.buck, []).append((tr("wyrttable.marker_buck"), "dealer"))
        if sh.small_blind >= 0:
            marks.setdefault(sh.small_blind, []).append((tr("wyrttable.marker_sb"), "small"))
        if sh.big_blind >= 0:
            marks.setdefault(sh.big_blind, []).append((tr("wyrttable.marker_bb"), "big"))
        if sh.straddle >= 0:
            marks.setdefault(sh.straddle, []).append((tr("wyrttable.marker_straddle"), "straddle"))
        shown = {t: f.rect for t, f in self.cloth.fans.items() if f.raised}
        for s, items in marks.items():
            if s != ring.bottom and s in shown:
                continue  # a hand shown at the showdown spreads over its markers
            others = [r for t, r in shown.items() if t != s]
            for i, (text, kind) in enumerate(items):
                spot = ring.marker_spot(s, i)
                if felt.marker_rect(spot, 12).collidelist(others) >= 0:
                    continue  # so does a neighbour's (seven seats on a small window)
                felt.draw_marker(surface, spot, text, kind, 12)


class PaintingHost(Protocol):
    """What the Wyrt painting reads of its table, and the caches it keeps on it."""

    @property
    def app(self) -> AppHost: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def practice(self) -> bool: ...
    @property
    def mode(self) -> str: ...
    @property
    def shown(self) -> Shown: ...
    @property
    def fans(self) -> dict[int, felt.CardFan]: ...
    @property
    def painter(self) -> ClothPainter: ...
    @property
    def banner_placer(self) -> BannerPlacer: ...
    @property
    def banner(self) -> felt.Banner: ...
    @property
    def clock(self) -> float: ...
    @property
    def pulse(self) -> float: ...
    @property
    def log(self) -> LogPanel: ...
    @property
    def aids(self) -> PracticeAids: ...
    @property
    def aids_rect(self) -> pygame.Rect: ...
    @property
    def bar(self) -> pygame.Rect: ...
    @property
    def controls(self) -> BetControls | None: ...
    @property
    def buttons(self) -> dict[str, pygame_gui.elements.UIButton]: ...
    @property
    def extra_buttons(self) -> dict[str, pygame_gui.elements.UIButton]: ...

    _bar: tuple[Any, pygame.Surface] | None
    bar_lines_cut: int
    bar_text_rect: pygame.Rect
    _cat_key: tuple[Card, ...] | None
    _cat: str

    def view(self) -> dict[str, Any]: ...
    def money(self, amount: int) -> str: ...
    def my_turn(self) -> bool: ...
    def playing_out(self) -> bool: ...
    def shows_the_end(self) -> bool: ...
    def to_act_note(self) -> str: ...
    def skip_note(self) -> str: ...
    def plate_info(self, s: int, view: dict[str, Any]) -> felt.PlateInfo: ...
    def draw_table(self, surface: pygame.Surface) -> None: ...
    def draw_status(self, surface: pygame.Surface) -> None: ...
    def status_text(self) -> str: ...
    def _draw_bar(self, surface: pygame.Surface, view: dict[str, Any]) -> None: ...
    def _shown_hand_category(self) -> str: ...
    def _top_room(self) -> int: ...


class WyrtPainting:
    """Painting (mixed into `WyrtTable`)."""

    # the caches it keeps on the table (set first in `WyrtTable.__init__`); declared
    # here too, as mypy takes a mix-in's writes for attributes of its own
    _bar: tuple[Any, pygame.Surface] | None
    bar_lines_cut: int
    bar_text_rect: pygame.Rect
    _cat_key: tuple[Card, ...] | None
    _cat: str

    def draw(self: PaintingHost, surface: pygame.Surface) -> None:
        surface.blit(self.painter.backdrop(surface.get_size()), (0, 0))
        self.draw_table(surface)
        self.log.draw(surface)
        if self.practice:
            self.aids.draw(surface, self.aids_rect)
        self.draw_status(surface)

    def draw_table(self: PaintingHost, surface: pygame.Surface) -> None:
        view = self.view()
        frame = ClothFrame(
            clock=self.clock,
            pulse=self.pulse,
            morto_deals=view["dealer"] == "morto",
            relic_cards=bool(view["relics"]["cards"]),
            morto_seat=view["morto_seat"],
            plates=tuple(self.plate_info(s, view) for s in range(len(self.seats))),
            shown=self.shown,
            money=self.money,
            # its place weighs every seat: not idly
            banner_place=self.banner_placer.place() if self.banner.visible else None,
        )
        self.painter.draw(surface, frame)
        self._draw_bar(surface, view)

    def _draw_bar(self: PaintingHost, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The bar under the table: what the person at the screen holds and owes."""
        bar = self.bar
        pygame.draw.rect(surface, (30, 20, 14), bar, border_radius=10)
        pygame.draw.rect(surface, style.GOLD_DARK, bar, 2, border_radius=10)
        left = bar.left + 14
        width = (self.controls.rect.left if self.controls else bar.right) - left - 12
        lines: list[tuple[str, tuple[int, int, int], str]] = []
        if self._top_room() < 430:
            lines.append((self.status_text(), style.CREAM, "bold"))
        blinds = tr(
            "wyrttable.blinds_line",
            sb=self.money(view["small_blind"]),
            bb=self.money(view["big_blind"]),
            hand=max(1, self.shown.hand),
        )
        lines.append((blinds, style.GOLD_LIGHT, "bold"))
        shown_cat = self._shown_hand_category()
        if shown_cat:
            lines.append(
                (tr("wyrttable.your_hand", category=category_text(shown_cat)), style.CREAM, "sans")
            )
        # what to do now only once the table shows the position it is about: while
        # a showdown still plays out, the next hand's straddle prompt stood under
        # the last hand's result
        deciding = self.my_turn() and not self.playing_out()
        if deciding and view["phase"] == "betting":
            owe = int(view.get("to_call", 0))
            if owe > 0:
                lines.append(
                    (
                        tr(
                            "wyrttable.to_call_line",
                            amount=self.money(owe),
                            pot=self.money(self.shown.pot_total()),
                        ),
                        style.CREAM,
                        "sans",
                    )
                )
            if view.get("can_raise"):
                lines.append(
                    (
                        tr(
                            "wyrttable.min_raise_line", amount=self.money(int(view["min_raise_to"]))
                        ),
                        (200, 190, 170),
                        "sans",
                    )
                )
        elif deciding and view["phase"] == "straddle":
            lines.append((tr("wyrttable.straddle_prompt"), style.CREAM, "sans"))
        elif deciding and view["phase"] == "between":
            lines.append((tr("wyrttable.between_prompt"), style.CREAM, "sans"))
        if self.mode != "standard" and view["profile_seat"] >= 0:
            lines.append(
                (
                    tr("wyrttable.profile_line", pv=self.shown.stacks[view["profile_seat"]]),
                    (230, 120, 100),
                    "bold",
                )
            )
        key = (tuple(lines), width, bar.height, scaled(100))
        cached = self._bar
        if cached is None or cached[0] != key:
            text_surf = pygame.Surface((max(1, width), bar.height), pygame.SRCALPHA)
            # every line fits: smaller letters when there are more than the bar
            # holds at 15 px (practice at 1024x640 in Portuguese cut the last one)
            texts = [(text, kind) for text, _colour, kind in lines]
            # (down to 9 px: at a large text size 11 px did not fit, and the end
            # of the straddle's sentence was lost; even 9 px reads larger then)
            size, wrapped = style.wrap_to_fit(
                texts, width, bar.height - 10, (15, 13, 12, 11, 10, 9)
            )
            parts = [(part, lines[i][1], lines[i][2]) for i, part in wrapped]
            step = scaled(size) + 4
            fits = 10 + step * len(parts) <= bar.height - 4
            y = 10 if fits else max(4, (bar.height - step * len(parts)) // 2)
            used = 0
            #: lines that did not fit even at the smallest size (a test keeps it 0)
            self.bar_lines_cut = 0
            room = max(1, (bar.height - 4 - y) // step)
            if room < len(parts):  # what cannot show: the last line that does ends in "…"
                self.bar_lines_cut = len(parts) - room
                part, colour, kind = parts[room - 1]
                parts = parts[: room - 1] + [
                    (style.ellipsize(part + " …", size, width, kind), colour, kind)
                ]
            for part, colour, kind in parts:
                r = style.blit_text(
                    text_surf, part, size, (0, y), colour, kind=kind, max_width=width
                )
                used = max(used, r.right)
                y += step
            #: where the bar's words lie (a test keeps every widget off them)
            self.bar_text_rect = pygame.Rect(left, bar.top, used, y)
            cached = (key, text_surf)
            self._bar = cached
        surface.blit(cached[1], (left, bar.top))

    def _shown_hand_category(self: PaintingHost) -> str:
        """The category of the viewer's cards with the dice cards on the felt now."""
        fan = self.fans.get(self.viewer) if self.viewer is not None else None
        if fan is None or not fan.sprites or not all(sp.face_up for sp in fan.sprites):
            return ""
        cards = [sp.card for sp in fan.sprites if sp.card is not None] + list(self.shown.board)
        if not 5 <= len(cards) <= 7:
            return ""
        key = tuple(cards)
        if self._cat_key != key:
            from game.wyrt import evaluate

            self._cat_key = key
            self._cat = evaluate(cards).category
        return str(self._cat)

    def _top_room(self: PaintingHost) -> int:
        """Pixels left of the top-bar buttons for the status line."""
        return min(
            [b.rect.left for b in self.buttons.values()]
            + [b.rect.left for b in self.extra_buttons.values() if b.visible],
            default=self.app.size[0] - 16,
        )

    def draw_status(self: PaintingHost, surface: pygame.Surface) -> None:
        if self._top_room() < 430:
            return  # no room at the top: the bar under the table says it (see _draw_bar)
        surface_text = self.status_text()
        room = max(100, self._top_room() - 40)
        if style.text_width(surface_text + self.skip_note(), 18, "bold") <= room:
            surface_text += self.skip_note()  # only where it fits: never shrink the line
        style.blit_text(
            surface,
            surface_text,
            18,
            (20, 20),
            style.CREAM,
            kind="bold",
            shadow=style.BLACK,
            max_width=room,
        )

    def status_text(self: PaintingHost) -> str:
        """The table, its mode and who is to act."""
        view = self.view()
        if self.shows_the_end():
            text = tr("ui.table.over")
        elif self.mode == "death_match":
            text = tr(
                "wyrttable.status_death_match"
                if not view["morto_defeated"]
                else "wyrttable.status_morto_down"
            )
        elif self.mode == "life_cassino":
            text = tr("wyrttable.status_cassino")
        else:
            text = tr(f"wyrt.options.table.choices.{view['table']}")
        return text + self.to_act_note()
