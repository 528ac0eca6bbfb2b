"""The Wyrt table: five cards in hand, two dice cards on the felt, no-limit betting.

The scene holds no rules. Engine events move a *shown* copy of the table
(`Shown`) one step at a time — blinds slide in, cards are dealt one by one,
bets go to the front of each seat, the pot is gathered, the dice card ritual
tumbles in the tray, the showdown raises each best five and the pots slide to
their winners — and whenever nothing is animating the copy is re-read from the
match's view. The pieces are the shared felt (`scenes.tables.felt`); this
module only knows Wyrt's events and controls.
"""

from __future__ import annotations

import math
import threading
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import Action, Event, Match
from game.cards import Card, rank_text
from game.wyrt import records as R
from game.wyrt.dice_cards import SUIT_OF_DIE
from scenes import style
from scenes.i18n import has, language, tr
from scenes.tables import felt
from scenes.tables.base import SeatSetup, TableScene
from scenes.tables.wyrt.controls import BetControls
from scenes.tables.wyrt.money import money
from scenes.tables.wyrt.morto import draw_dealer, draw_relic_marks, morto_badge
from scenes.tables.wyrt.practice import PracticeAids
from scenes.tables.wyrt.shown import Shown
from scenes.tables.wyrt.words import card_text, cards_text, category_text, unit_words

if TYPE_CHECKING:
    from scenes.app import App

TOP = 56
#: where the banner goes: (centre, width, compact)
BannerPlace = tuple[tuple[int, int], int, bool]
#: a seat's state -> (badge key, badge kind)
STATUS_BADGES: dict[str, tuple[str, str]] = {
    "busted": ("wyrt.status.busted", "out"),
    "expelled": ("wyrt.status.expelled", "expelled"),
    "left": ("wyrt.status.left", "out"),
    "away": ("wyrt.status.away", "out"),
    "dead": ("wyrt.status.dead", "dead"),
    "defeated": ("wyrt.status.defeated", "dead"),
}


def seat_personas(seats: list[SeatSetup], options: dict[str, Any]) -> dict[str, Any]:
    """The personas option as the table means it ([T10], [T11]).

    A person plays the default persona unless one was chosen for the seat: the
    engine's reading of seat names ("carteador") is for the command line's bot
    seats, and a person called Carteador is not the card sharp. At a Death Match
    O Morto sits at his own table: when nobody chose him he takes the last bot
    seat, never a person's; with no bot seat at all the match is refused in words.
    """
    from game.wyrt.options import AUTO
    from game.wyrt.personas import DEFAULT_PERSONA, MORTO

    n = len(seats)
    personas = list(options.get("personas") or [AUTO] * n)
    if len(personas) != n:
        return options  # the engine refuses it with its own reason
    for i, seat in enumerate(seats):
        if not seat.is_bot and personas[i] == AUTO:
            personas[i] = DEFAULT_PERSONA
    chosen = MORTO in personas or any(seat.bot == MORTO for seat in seats)
    if options.get("mode") == "death_match" and not chosen:
        bots = [i for i, seat in enumerate(seats) if seat.is_bot]
        if not bots:
            raise ValueError(tr("wyrttable.morto_needs_bot"))
        unchosen = [i for i in bots if personas[i] == AUTO]
        personas[(unchosen or bots)[-1]] = MORTO
    return {**options, "personas": personas}


class WyrtTable(TableScene):
    """Plays a `WyrtMatch`."""

    BOT_PACE = 0.35

    def __init__(
        self, app: App, match: Match, seats: list[SeatSetup], practice: bool = False, **hooks: Any
    ) -> None:
        super().__init__(app, match, seats, practice=practice, **hooks)
        view = match.public_view()
        self.unit: str = view["unit"]
        self.mode: str = view["mode"]
        self.look = felt.TAVERN if self.mode == "standard" else felt.CANDLELIGHT
        n = len(seats)
        self.ring = felt.SeatRing(n, bottom=self._bottom_seat())
        self.log = felt.HandHistory(pygame.Rect(0, 0, 10, 10), tr("wyrttable.history"))
        self.flights = felt.Flights(self.tweens)
        self.pots = felt.PotRow()
        self.tray = felt.DiceTray()
        self.banner = felt.Banner()
        self.tray.hide_when_empty = True
        self.fans: dict[int, felt.CardFan] = {}
        #: the seats' plates and hands, by ring area (for the banner's place)
        self._seat_blocks: dict[tuple[object, ...], list[pygame.Rect]] = {}
        #: the banner's place: (seats' layout and banner shown, place, ribbon)
        self._banner_at: tuple[tuple[object, ...], BannerPlace, pygame.Rect] | None = None
        self.board = felt.CardFan(self.tweens, 40, self.look.back)
        self.board.overlap = -0.12
        # a loaded match shows the table as it stands; a new one starts empty
        self.shown = Shown.from_view(view) if match.log else self._empty_shown(view)
        #: a loaded match starts mid-hand: its cards never come as events (the
        #: deal is not replayed), so the first layout lays them out from the match
        self._lay_out_loaded = bool(match.log)
        self.controls: BetControls | None = None
        self.aids = PracticeAids(self)
        self.pulse = 0.0
        self.clock = 0.0
        self.shake: dict[int, float] = {}
        self.bar = pygame.Rect(0, 0, 1, 1)
        self.bar_text_rect = pygame.Rect(0, 0, 0, 0)
        self.bar_lines_cut = 0
        self.side = pygame.Rect(0, 0, 1, 1)
        self.aids_rect = pygame.Rect(0, 0, 1, 1)
        self._settled_key: tuple[Any, ...] | None = None
        self._controls_key: tuple[Any, ...] | None = None
        self._view_cache: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        #: chips of every seat at the start of each hand (the end-of-session chart)
        self.chip_history: list[list[int]] = [list(self.shown.stacks)]
        self.extra_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._backdrop: tuple[Any, pygame.Surface] | None = None
        self._plates: dict[int, tuple[Any, felt.PlateInfo]] = {}
        self._bar: tuple[Any, pygame.Surface] | None = None
        if self.history:  # a continued match: its log told again, hand by hand
            self.rebuild_log()
        # the evaluator's tables take a second to build: not on the render loop
        from game.wyrt.equity import warm_up

        threading.Thread(target=warm_up, name="wyrt-warm-up", daemon=True).start()

    @classmethod
    def prepare_options(cls, seats: list[SeatSetup], options: dict[str, Any]) -> dict[str, Any]:
        """Who plays which persona (`seat_personas`); at O Morto's tables the first
        person wagers the life points of the profile ([T11])."""
        options = seat_personas(seats, options)
        if options.get("mode", "standard") == "standard" or "profile_seat" in options:
            return options
        humans = [i for i, s in enumerate(seats) if not s.is_bot]
        if not humans:
            return options
        from game.wyrt.profile import load_profile

        profile, _problem = load_profile()
        if not profile.can_wager:
            raise ValueError(tr("wyrttable.menu_dead"))
        options["profile_seat"] = humans[0]
        options["profile_pv"] = profile.pv
        return options

    def rematch_options(self) -> dict[str, Any]:
        """The profile's wager is worked out anew: its life points now, or a refusal
        once O Morto holds the soul ([T11])."""
        options = super().rematch_options()
        options.pop("profile_seat", None)
        options.pop("profile_pv", None)
        return options

    # -- seats, views -----------------------------------------------------------
    def _bottom_seat(self) -> int:
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else 0

    def _empty_shown(self, view: dict[str, Any]) -> Shown:
        s = Shown.from_view(view)
        # the opening events (blinds, the deal) will move chips from full stacks
        s.stacks = [x["stack"] + x["contributed"] for x in view["seats"]]
        s.bets = [0] * s.n
        s.contrib = [0] * s.n
        s.board = []
        s.folded = [False] * s.n
        s.all_in = [False] * s.n
        s.buck = s.small_blind = s.big_blind = s.straddle = -1
        return s

    @property
    def show_bots(self) -> bool:
        """Practice: the bots' cards are shown (the pause menu's one reveal switch)."""
        return bool(self.practice and self.tools.reveal)

    def view(self) -> dict[str, Any]:
        """The viewer's view, computed once per change of the match."""
        key = (len(self.match.log), self.viewer, self.match.is_over)
        if self._view_cache is None or self._view_cache[0] != key:
            self._view_cache = (key, self.current_view())
        return self._view_cache[1]

    def money(self, amount: int) -> str:
        """An amount in this table's unit."""
        return money(amount, self.unit)

    def seat_look(self, seat: int) -> tuple[tuple[int, int, int], str]:
        if seat == self.view()["morto_seat"]:
            return (24, 20, 22), "hexagon"
        return super().seat_look(seat)

    def my_turn(self) -> bool:
        """True when the person at the screen must act now."""
        return (
            self.viewer is not None
            and self.viewer in self.match.to_move
            and self.is_human(self.viewer)
        )

    # -- layout ------------------------------------------------------------------
    def layout(self) -> None:
        w, h = self.app.size
        rw = 290 if w >= 1200 else 250
        self.side = pygame.Rect(w - rw - 10, TOP, rw, h - TOP - 10)
        bar_h = 104
        self.bar = pygame.Rect(10, h - bar_h - 8, self.side.left - 20, bar_h)
        area = pygame.Rect(10, TOP, self.side.left - 20, self.bar.top - TOP - 4)
        self.ring.set_bottom(self._bottom_seat())
        self.ring.set_area(area)
        if self.practice:
            aids_h = min(230, self.side.height // 2)
            self.aids_rect = pygame.Rect(
                self.side.left, self.side.bottom - aids_h, self.side.width, aids_h
            )
            self.log.set_rect(
                pygame.Rect(
                    self.side.left, self.side.top, self.side.width, self.side.height - aids_h - 8
                )
            )
        else:
            self.log.set_rect(self.side)
        self.tray.set_rect(self.ring.tray_rect)
        self.pots.set_spot(self.ring.pot_spot, self.ring.chip_diameter())
        self._place_cards()
        if self.controls is not None:
            self.controls.kill()
        cw = min(560, self.bar.width - 250)
        self.controls = BetControls(
            self.app.ui_manager,
            self.ui,
            pygame.Rect(self.bar.right - cw - 8, self.bar.top + 6, cw, self.bar.height - 12),
            self.submit,
            self._ask,
        )
        self._controls_key = None
        self._build_extra_buttons()
        if self._lay_out_loaded:  # once the ring knows where the cards go
            self._lay_out_loaded = False
            self.sync()

    def _build_extra_buttons(self) -> None:
        from scenes import ui

        for b in self.extra_buttons.values():
            b.kill()
        self.extra_buttons = {}
        x = min((b.rect.left for b in self.buttons.values()), default=self.app.size[0] - 16)
        narrow = self.app.size[0] < 1200
        for name in ("cheat", "relic", "leave"):
            w = 104 if narrow else 120
            x -= w + 8
            tips = {
                "cheat": "",
                "relic": tr("wyrttable.relic_tip"),
                "leave": tr("wyrttable.tips.leave"),
            }
            self.extra_buttons[name] = ui.button(
                pygame.Rect(x, 12, w, 36),
                tr(
                    {
                        "cheat": "wyrt.actions.cheat",
                        "relic": "wyrttable.relic_button",
                        "leave": "wyrttable.get_up",
                    }[name]
                ),
                self.app.ui_manager,
                self.ui,
                tooltip=tips[name] or None,
            )
        for name in ("cheat", "relic", "leave"):
            self.extra_buttons[name].hide()

    def _place_cards(self) -> None:
        """Put every fan and the board where the ring says (resize, new viewer)."""
        large = self.ring.card_width(large=True)
        small = self.ring.card_width()
        self.ring.set_hero_large(large)  # the bottom seat always sees its cards large
        for s, fan in self.fans.items():
            if s == self.ring.bottom:
                fan.place(self.ring.hero_cards_spot(large, tuck=0.08), large, 0.12)
            else:
                fan.place(self.ring.cards_spot(s), small, 0.72)
        self.board.place(self.ring.board_rect.center, small + small // 3)

    def _fan(self, seat: int) -> felt.CardFan:
        fan = self.fans.get(seat)
        if fan is None:
            fan = felt.CardFan(self.tweens, self.ring.card_width(), self.look.back)
            self.fans[seat] = fan
            self._place_cards()
        return fan

    def _deck_centre(self) -> tuple[float, float]:
        x, y = self.ring.deck_spot
        self.ring.card_width()
        return x, y

    # -- sync ----------------------------------------------------------------------
    def sync(self) -> None:
        """Everything from the match (undo, load, a new person at the screen)."""
        self.flights.clear()
        self.banner.hide()
        view = self.view()
        self.shown = Shown.from_view(view)
        self.ring.set_bottom(self._bottom_seat())
        self.fans = {}
        for s, seat in enumerate(view["seats"]):
            if seat["in_hand"] and not seat["folded"] and seat["hand_size"]:
                cards = self._known_cards(s, view)
                fan = self._fan(s)
                if cards:
                    fan.show(list(cards), face_up=True)
                else:
                    fan.show([None] * seat["hand_size"], face_up=False)
        self.board.show(list(self.shown.board), face_up=True)
        self._place_cards()
        self.tray.clear()
        self._refresh_pots()
        self._settled_key = None
        self._controls_key = None

    def _known_cards(self, seat: int, view: dict[str, Any]) -> list[Card] | None:
        """The cards of `seat` the person at the screen may see now, if any."""
        if seat == self.viewer and view.get("seat") == seat:
            return [Card.from_code(c) for c in view["hand_cards"]]
        if self.show_bots and self.practice and not self.is_human(seat):
            return [Card.from_code(c) for c in self.match.view(seat)["hand_cards"]]
        return None

    def _settle(self) -> None:
        """Nothing is moving: make sure the numbers are the match's."""
        key = (len(self.match.log), self.viewer, self.match.is_over)
        if key == self._settled_key:
            return
        self._settled_key = key
        view = self.view()
        fresh = Shown.from_view(view)
        if view["phase"] in ("betting", "straddle"):
            # keep the words of the round (last actions, showdown) and refresh the numbers
            fresh.last_act = self.shown.last_act
            fresh.shown_category = self.shown.shown_category
            fresh.winners = self.shown.winners
            self.shown = fresh
            self._refresh_pots()
            me = self.viewer
            mine = view["seats"][me] if me is not None else None
            if (
                me is not None
                and me in self.fans
                and view.get("seat") == me
                and mine is not None
                and mine["in_hand"]
                and not mine["folded"]
            ):
                cards = [Card.from_code(c) for c in view["hand_cards"]]
                if [sp.card for sp in self.fans[me].sprites] != cards:
                    self.fans[me].show(list(cards), face_up=True)
        else:
            self.shown.stacks = fresh.stacks
            self.shown.status = fresh.status

    def _refresh_pots(self) -> None:
        pots = self.shown.pots()
        if len(pots) <= 1:
            self.pots.set_pots([(p.amount, tr("wyrttable.pot")) for p in pots])
        else:
            self.pots.set_pots(
                [
                    (
                        p.amount,
                        tr("wyrttable.main_pot") if i == 0 else tr("wyrttable.side_pot", n=i),
                    )
                    for i, p in enumerate(pots)
                ]
            )

    # -- the flow ----------------------------------------------------------------------
    def animating(self) -> bool:
        return (
            self.flights.busy
            or not self.tray.settled
            or any(f.busy for f in self.fans.values())
            or self.board.busy
        )

    def update(self, dt: float) -> None:
        self.clock += dt
        self.pulse = (self.pulse + dt / 1.4) % 1.0
        self.banner.update(dt)
        self.tray.update(dt)
        self.board.update(dt)
        for fan in self.fans.values():
            fan.update(dt)
        for s in list(self.shake):
            self.shake[s] -= dt
            if self.shake[s] <= 0:
                del self.shake[s]
        super().update(dt)
        idle = not self.events and not self.tweens.busy and not self.animating()
        if idle:
            self._settle()
            self._refresh_controls()
            if self.practice:
                self.aids.refresh()
        elif self.controls is not None and (
            self.controls.view is not None or any(b.visible for b in self._turn_buttons())
        ):
            self.controls.hide()
            for b in self._turn_buttons():
                b.hide()
            self._controls_key = None

    def _turn_buttons(self) -> list[pygame_gui.elements.UIButton]:
        """The top-bar buttons that only make sense on one's own turn."""
        return [b for n, b in self.extra_buttons.items() if n in ("cheat", "relic", "leave")]

    def refresh_controls(self) -> None:
        """Exactly this decision's controls, worked out afresh (after an overlay,
        a viewer change or undo): everything hides now and the next quiet frame
        shows what the decision calls for (a dialog that submits after closing
        is not opened again meanwhile)."""
        self._controls_key = None
        if self.controls is not None:
            self.controls.hide()
        for b in self._turn_buttons():
            b.hide()

    def hide_secrets(self) -> None:
        """Nobody looks: the bottom hand goes face down (sync redraws it from the
        public view) and the practice aids forget the last person's numbers."""
        self.aids.forget()

    def show_secrets(self) -> None:
        """A person looks again: their aids are worked out for them."""
        self.aids.forget()

    def hint_reason(self, action: Action) -> str:
        return self.aids.reason(action)

    def tutorial_targets(self) -> dict[str, pygame.Rect]:
        """The person's cards ("hand"), the cloth ("felt"), the dice tray ("tray"),
        the pot ("pot"), the bet controls ("controls"), the log and the buttons."""
        out = super().tutorial_targets()
        out["felt"] = pygame.Rect(self.ring.oval)
        out["seats"] = pygame.Rect(self.ring.oval)  # the plates sit around the cloth
        fan = self.fans.get(self.ring.bottom)
        if fan is not None and fan.sprites:
            out["hand"] = fan.rect
        else:
            out["hand"] = self.ring.plate_rect(self.ring.bottom)
        out["tray"] = pygame.Rect(self.ring.tray_rect)
        x, y = self.ring.pot_spot
        d = self.ring.chip_diameter()
        out["pot"] = pygame.Rect(round(x) - 3 * d, round(y) - 2 * d, 6 * d, 3 * d)
        if self.controls is not None:
            out["controls"] = pygame.Rect(self.controls.rect)
        return out

    def _refresh_controls(self) -> None:
        if self.controls is None:
            return
        key = (len(self.match.log), self.viewer, tuple(self.match.to_move), self.curtain_for)
        if key == self._controls_key:
            return
        self._controls_key = key
        cheat, leave = self.extra_buttons.get("cheat"), self.extra_buttons.get("leave")
        if self.my_turn() and self.curtain_for is None:
            seat = self.viewer
            assert seat is not None
            legal = self.match.legal_actions(seat)
            self.controls.show_for(self.view(), legal)
            kinds = {type(a) for a in legal}
            betting = R.Fold in kinds
            if cheat is not None:
                if R.Cheat in kinds:
                    cheat.set_tooltip(self.controls.cheat_tip(self.view()))
                    cheat.show()
                else:
                    cheat.hide()
            if leave is not None:
                leave.show() if betting and R.Leave in kinds else leave.hide()
            relic = self.extra_buttons.get("relic")
            if relic is not None:
                relic.show() if R.InvokeRelic in kinds else relic.hide()
            self._maybe_open_steal()
        else:
            self.controls.hide()
            for b in (cheat, leave, self.extra_buttons.get("relic")):
                if b is not None:
                    b.hide()

    def _maybe_open_steal(self) -> None:
        view = self.view()
        if view.get("steal") and self.viewer is not None:
            from scenes.tables.wyrt.dialogs import StealDialog

            self.app.scenes.push(StealDialog(self.app, self, view))

    def on_human_turn(self, seat: int) -> None:
        if self.ring.bottom != seat:
            self.ring.set_bottom(seat)
            self.sync()

    def submit(self, action: Action, seat: int | None = None) -> bool:
        ok = super().submit(action, seat)
        if ok:
            self._controls_key = None
            if self.controls is not None:
                self.controls.hide()
        return ok

    def _ask(self, title: str, text: str, yes: Any) -> None:
        self.app.confirm(title, text, yes)

    def _ask_cheat(self) -> None:
        """Cheat after a yes: caught, a person loses the hand's bets and the rest of
        the session, and T lies next to R (raise)."""
        c = self.view().get("cheat")
        if not c:
            return
        self._ask(
            tr("wyrttable.cheat_title"),
            tr(
                "wyrttable.cheat_confirm",
                steal=round(100 * c["steal_chance"]),
                caught=round(100 * c["caught_chance"]),
            ),
            lambda: self.submit(R.Cheat()),
        )

    # -- events -----------------------------------------------------------------------
    def _d(self, seconds: float) -> float:
        return self.tweens.scaled(seconds)

    def play_event(self, event: Event) -> None:
        handler = getattr(self, f"_on_{type(event).__name__}", None)
        if handler is not None:
            handler(event)
        else:
            self.log_event(event)

    #: event fields naming seats, beyond the base's
    SEAT_FIELDS = (*TableScene.SEAT_FIELDS, "buck", "small_blind", "big_blind", "first")

    def event_text(self, event: Event, **extra: Any) -> str:
        if event.PRIVATE and not event.visible_to(self.viewer):
            # another seat's secret ([G4]): never its words, even when the log is told again
            public = f"wyrttable.events_public.{type(event).__name__}"
            if not has(public):
                return ""
            return tr(public, seat=self.seats[getattr(event, "seat", 0)].name)
        extra = self._words(event, extra)
        if isinstance(event, R.PlayerRaised) and extra.get("opening"):
            # the first bet of a round is a bet, not a raise
            return tr("wyrttable.bet_log", seat=self.seats[event.seat].name, amount=extra["to"])
        key = f"wyrttable.events.{type(event).__name__}"
        if has(key) and not (event.PRIVATE and event.visible_to(self.viewer)):
            fields: dict[str, Any] = {k: v for k, v in event.to_dict().items() if k != "type"}
            for k in self.SEAT_FIELDS:
                v = fields.get(k)
                if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(self.seats):
                    fields[k] = self.seats[v].name
            fields.update(extra)
            return tr(key, **fields)
        return super().event_text(event, **extra)

    def _words(self, event: Event, extra: dict[str, Any]) -> dict[str, Any]:
        """Cards and amounts in words the fonts can draw, in the table's unit (worked
        out whenever a line is worded, so a log told again reads the same)."""
        extra = dict(extra)
        fields = event.to_dict()
        for k in ("amount", "to", "stack", "forfeited"):
            if isinstance(fields.get(k), int) and k not in extra:
                extra[k] = self.money(fields[k])
        for k in ("card", "old", "given", "drawn"):
            v = getattr(event, k, None)
            if isinstance(v, Card) and k not in extra:
                extra[k] = card_text(v)
        for k in ("cards", "taken", "discarded", "best_five"):
            v = getattr(event, k, None)
            if isinstance(v, tuple) and k not in extra:
                extra[k] = cards_text(v)
        if "category" in fields and fields["category"]:
            extra.setdefault("category", category_text(fields["category"]))
        if isinstance(event, R.BlindPosted):
            extra.setdefault("blind", tr(f"wyrt.blinds.{event.blind}"))
        elif isinstance(event, R.PotWon):
            extra.setdefault("winners", ", ".join(self.seats[w].name for w in event.winners))
        elif isinstance(event, R.CheatTested):
            extra.setdefault("test", tr(f"wyrttable.test_name_{event.test}"))
            extra.setdefault("level", tr(f"wyrt.difficulty.{event.level}"))
            extra["target"] = max(0, event.target)
        elif isinstance(event, R.RelicInvoked):
            extra.setdefault("relic", tr(f"wyrttable.relic_short.{event.relic}"))
        elif isinstance(event, R.MaskWorn):
            extra.setdefault("suit", tr(f"wyrttable.suit_name.{event.suit}"))
        return extra

    def _plate_centre(self, seat: int) -> tuple[int, int]:
        return self.ring.plate_rect(seat).center

    def _bet_flight(self, seat: int, amount: int) -> None:
        """Chips slide from a seat's stack to its bet (the last roll leaves the tray)."""
        self._tray_done()
        self.flights.launch(amount, self._plate_centre(seat), self.ring.bet_spot(seat), 0.3)

    def _hand_title(self, ev: R.HandStarted) -> str:
        return tr("wyrttable.hand_title", hand=ev.hand, deck=tr(f"wyrt.decks.{ev.deck}"))

    def rebuild_log(self) -> None:
        """Tell the log again for whoever looks now, hand by hand (used by a base
        table that keeps its log as events; each line is worded by `event_text`,
        which never words another seat's secret)."""
        if not isinstance(self.log, felt.HandHistory):
            return  # the base's constructor, before the hand history exists: told below
        self.log.title = tr("wyrttable.history")
        self.log.clear()
        bet_made = False  # whether a raise is a round's first bet (worded as a bet)
        for event, text, colour, extra in self.history[-self.LOG_REBUILD :]:
            if extra.get("heading"):
                continue  # a hand's heading: worded again from its HandStarted below
            if isinstance(event, R.HandStarted):
                self.log.start_hand(self._hand_title(event))
            if isinstance(event, R.BettingRoundStarted):
                bet_made = event.number == 1  # the blinds are the first round's bets
            elif isinstance(event, R.PlayerRaised) and "opening" not in extra:
                extra = {**extra, "opening": not bet_made}
            if isinstance(event, (R.BlindPosted, R.PlayerRaised, R.PlayerAllIn)):
                bet_made = True
            if event is not None:
                text = self.event_text(event, **extra)
            else:
                text = self.note_text(text, extra)
            if text:
                self.log.add(text, colour)

    def _on_HandStarted(self, ev: R.HandStarted) -> None:
        if self.shown.hand:
            self.chip_history.append(list(self.shown.stacks))
        for fan in self.fans.values():
            fan.clear()
        self._place_cards()  # shown hands were spread: back to the deal's places
        self.board.clear()
        self.tray.clear()
        self.shown.new_hand(ev.hand, ev.buck, ev.small_blind, ev.big_blind)
        self._refresh_pots()
        title = self._hand_title(ev)
        # the heading is a line of the history too (told again from the event, see rebuild_log)
        self.history.append((None, title, style.GOLD_DARK, {"heading": True}))
        self.log.start_hand(title)
        self.log_event(ev)

    def _on_BlindPosted(self, ev: R.BlindPosted) -> None:
        self.shown.put(ev.seat, ev.amount, ev.all_in)
        if ev.blind == "straddle":
            self.shown.straddle = ev.seat
            self.banner.show(
                tr("wyrttable.straddle_banner", name=self.seats[ev.seat].name),
                self.money(ev.amount),
                self._d(1.4),
                "info",
            )
        self.shown.last_act[ev.seat] = tr(f"wyrt.blinds.{ev.blind}")
        self._bet_flight(ev.seat, ev.amount)
        self.log_event(ev)

    def _on_StraddleDeclined(self, ev: R.StraddleDeclined) -> None:
        self.log_event(ev)

    def _on_CardsDealt(self, ev: R.CardsDealt) -> None:
        origin = self._deck_centre()
        k = 0
        for s in ev.seats:
            self._fan(s).clear()
        for _ in range(ev.count):
            for s in ev.seats:
                self._fan(s).deal(None, origin, False, 0.22, k * 0.045)
                k += 1
        self.tweens.after(k * 0.045 + 0.22, lambda: None)
        self.log_event(ev)

    def _on_HoleCards(self, ev: R.HoleCards) -> None:
        view_seat = self.viewer
        self.log_event(ev)  # kept for everyone; worded only for its owner ([G4])
        mine = ev.seat == view_seat and self.is_human(ev.seat)
        if mine or (self.show_bots and not self.is_human(ev.seat)):
            self._fan(ev.seat).reveal(list(ev.cards), 0.3)

    def _on_BettingRoundStarted(self, ev: R.BettingRoundStarted) -> None:
        if ev.number > 1:
            self.shown.last_act = {}
        self.log_event(ev)

    def _on_PlayerFolded(self, ev: R.PlayerFolded) -> None:
        self.shown.folded[ev.seat] = True
        self.shown.last_act[ev.seat] = tr("wyrt.actions.fold")
        fan = self.fans.get(ev.seat)
        if fan is not None:
            fan.muck(self._deck_centre(), 0.3)
        self.log_event(ev)

    def _tray_done(self) -> None:
        """Betting goes on: the dice of the last card leave the felt to the bets."""
        if self.tray.rows and self.tray.settled:
            self.tray.clear()

    def _on_PlayerChecked(self, ev: R.PlayerChecked) -> None:
        self._tray_done()
        self.shown.last_act[ev.seat] = tr("wyrt.actions.check")
        self.tweens.after(0.15, lambda: None)
        self.log_event(ev)

    def _on_PlayerCalled(self, ev: R.PlayerCalled) -> None:
        self.shown.put(ev.seat, ev.amount)
        self.shown.last_act[ev.seat] = tr("wyrttable.called", amount=self.money(ev.amount))
        self._bet_flight(ev.seat, ev.amount)
        self.log_event(ev)

    def _on_PlayerRaised(self, ev: R.PlayerRaised) -> None:
        opening = max(self.shown.bets) == 0  # the first bet of a round is a bet, not a raise
        self.shown.put(ev.seat, ev.amount)
        key = "wyrttable.bet_made" if opening else "wyrttable.raised"
        self.shown.last_act[ev.seat] = tr(key, amount=self.money(ev.to))
        self._bet_flight(ev.seat, ev.amount)
        self.log_event(ev, opening=opening)

    def _on_PlayerAllIn(self, ev: R.PlayerAllIn) -> None:
        self.shown.put(ev.seat, ev.amount, all_in=True)
        self.shown.last_act[ev.seat] = tr("wyrt.actions.allin")
        self._bet_flight(ev.seat, ev.amount)
        self.app.sound.play("chips") if hasattr(self.app, "sound") else None
        self.log_event(ev)

    def _gather(self) -> float:
        """Bets slide into the pot; returns how long that takes (unscaled)."""
        bets = [(s, b) for s, b in enumerate(self.shown.bets) if b > 0]
        if not bets:
            return 0.0
        spot = self.pots.pot_spot(0, 1)
        for i, (s, b) in enumerate(bets):
            start = self.ring.bet_spot(s)
            self.shown.bets[s] = 0
            last = i == len(bets) - 1
            self.flights.launch(b, start, spot, 0.35, 0.0, self._refresh_pots if last else None)
        return 0.4

    def _on_DiceCardRolled(self, ev: R.DiceCardRolled) -> None:
        t = self._gather()
        self.shown.last_act = {}
        caption_suit = tr("wyrttable.suit_die")
        caption_value = tr("wyrttable.value_dice")

        def clear() -> None:
            self.tray.clear()

        self.tweens.after(t, clear)
        t += 0.05
        if ev.forced_suit:  # the Rosa chose the suit: the die is laid, not thrown
            caption_suit = tr("wyrttable.rosa_suit")
        for die in ev.suit_dice:
            t = self._throw_suit(die, caption_suit, t)
        a, b = ev.value_dice

        def values() -> None:
            row = self.tray.throw([a, b], caption_value, "ivory", self._d(0.6), seed=a * 7 + b)
            row.note = tr("wyrttable.value_note", total=a + b, rank=rank_text(ev.card.rank))

        self.tweens.after(t, values)
        t += 0.85

        def land() -> None:
            self.shown.board.append(ev.card)
            tr_rect = self.tray.rect
            self.board.deal(ev.card, (tr_rect.left, tr_rect.top), face_up=True, duration=0.3)
            self.banner.show(
                tr("wyrttable.dice_card_banner", number=ev.number),
                card_text(ev.card),
                self._d(1.1),
                "info",
            )

        self.tweens.after(t, land)
        self.tweens.after(t + 0.45, lambda: self.log_event(ev))  # logged when seen, not before

    def _throw_suit(self, die: int, caption: str, t: float) -> float:
        def go() -> None:
            row = self.tray.throw([die], caption, "red", self._d(0.5), seed=die * 13 + int(t * 10))
            suit = SUIT_OF_DIE.get(die)
            if suit is None:
                row.note = tr("wyrttable.reroll")
                self.tweens.after(0.55, lambda: self.tray.strike(row, tr("wyrttable.reroll")))
            else:
                row.suit = suit
                row.note = tr(f"wyrttable.suit_name.{suit}")

        self.tweens.after(t, go)
        return t + 0.7

    def _on_DiceCardRerolled(self, ev: R.DiceCardRerolled) -> None:
        if 0 < ev.number <= len(self.shown.board):
            self.shown.board[ev.number - 1] = ev.card
        self.board.show(list(self.shown.board), face_up=True)
        self.banner.show(tr("wyrttable.cetro_banner"), card_text(ev.card), self._d(1.2), "dark")
        self.log_event(ev)

    def _on_RunOut(self, ev: R.RunOut) -> None:
        t = self._gather()
        self.banner.show(tr("wyrttable.run_out"), "", self._d(1.0), "info")
        self.tweens.after(t + 0.4, lambda: None)
        self.log_event(ev)

    def _on_HandShown(self, ev: R.HandShown) -> None:
        self._gather()
        fan = self._fan(ev.seat)
        if ev.seat != self.ring.bottom:
            # spread and enlarge a shown hand so it can be read across the table,
            # as far as the room between the tray, the community row and the plates allows
            cw = self.ring.card_width()
            deck = pygame.Rect(self.ring.deck_spot, (cw, round(cw * 1.4))).inflate(8, 8)
            avoid = (self.ring.tray_rect, self.ring.board_rect, deck)
            centre, width, overlap = self.ring.shown_cards_place(ev.seat, avoid)
            fan.place(centre, width, overlap)
        fan.reveal(list(ev.cards), 0.3)
        in_hand = list(ev.best_five)
        fan.raise_cards(in_hand)
        # cards of the best five that are not in the hand come from the dice cards
        used = [sp.card for i, sp in enumerate(fan.sprites) if i in fan.raised]
        rest = list(ev.best_five)
        for c in used:
            if c in rest:
                rest.remove(c)
        for sp in self.board.sprites:
            if sp.card in rest:
                sp.highlighted = True
                rest.remove(sp.card)
        self.shown.shown_category[ev.seat] = category_text(ev.category)
        self.tweens.after(0.6, lambda: None)
        self.log_event(ev)

    def _on_UncalledReturned(self, ev: R.UncalledReturned) -> None:
        s = ev.seat
        bet = self.shown.bets[s]
        start = self.ring.bet_spot(s) if bet >= ev.amount else self.pots.pot_spot(0)
        if bet >= ev.amount:
            self.shown.bets[s] -= ev.amount
        self.shown.contrib[s] -= ev.amount

        def back() -> None:
            self.shown.stacks[s] += ev.amount
            self._refresh_pots()

        self.flights.launch(ev.amount, start, self._plate_centre(s), 0.35, 0.0, back)
        self.log_event(ev)

    def _pay(self, start: tuple[int, int], shares: list[tuple[int, int]], t: float) -> None:
        def go() -> None:
            for seat, amount in shares:

                def arrive(seat: int = seat, amount: int = amount) -> None:
                    self.shown.stacks[seat] += amount

                self.flights.launch(amount, start, self._plate_centre(seat), 0.5, 0.0, arrive)

        self.tweens.after(t, go)

    def _on_PotWon(self, ev: R.PotWon) -> None:
        t = self._gather()
        count = max(1, len(self.shown.pots()))
        spot = self.pots.pot_spot(0, count)
        first_pot = ev.pot == 1
        self._pot_paid()
        self.shown.winners.update(ev.winners)
        names = ", ".join(self.seats[w].name for w in ev.winners)
        if first_pot and count == 1:
            pot_name = tr("wyrttable.pot")
        elif first_pot:
            pot_name = tr("wyrttable.main_pot")
        else:
            pot_name = tr("wyrttable.side_pot", n=ev.pot - 1)
        self.banner.show(
            category_text(ev.category),
            tr("wyrttable.pot_banner", names=names, amount=self.money(ev.amount), pot=pot_name),
            self._d(1.8),
        )
        self._pay(spot, list(zip(ev.winners, ev.shares, strict=True)), t + 0.5)
        self.tweens.after(t + 1.6, lambda: None)
        self.log_event(ev)

    def _pot_paid(self) -> None:
        """Take the first pot off the shown table (its chips are on their way).

        Pots are paid main pot first, so the pot paid is always the lowest tier
        of what is left: every seat's chips up to the lowest live level.
        """
        g = self.shown.gathered()
        live = self.shown.live()
        levels = sorted({c for s, c in enumerate(g) if live[s] and c > 0})
        last = len(levels) <= 1
        top = levels[0] if levels else 0
        for s in range(self.shown.n):
            take = g[s] if last else min(g[s], top)
            self.shown.contrib[s] -= take
        self._refresh_pots()

    def _on_PotWonUncontested(self, ev: R.PotWonUncontested) -> None:
        t = self._gather()
        total = self.shown.pot_total()
        self.shown.contrib = [0] * self.shown.n
        self.shown.winners.add(ev.seat)

        def go() -> None:
            self._refresh_pots()

            def arrive() -> None:
                self.shown.stacks[ev.seat] += ev.amount

            self.flights.launch(
                ev.amount or total,
                self.ring.pot_spot,
                self._plate_centre(ev.seat),
                0.5,
                0.0,
                arrive,
            )

        self.tweens.after(t, go)
        self.banner.show(
            tr("wyrttable.uncontested", name=self.seats[ev.seat].name),
            self.money(ev.amount),
            self._d(1.3),
            "info",
        )
        self.tweens.after(t + 0.9, lambda: None)
        self.log_event(ev)

    def _on_PlayerBusted(self, ev: R.PlayerBusted) -> None:
        self.shown.status[ev.seat] = "busted"
        self.log_event(ev)

    def _on_CheatTested(self, ev: R.CheatTested) -> None:
        if not ev.visible_to(self.viewer):
            return
        caption = tr(f"wyrttable.test_{ev.test}")
        row = self.tray.throw([ev.roll], caption, "black", self._d(0.6), seed=ev.roll * 3)
        row.note = tr(
            "wyrttable.test_pass" if ev.success else "wyrttable.test_fail", target=max(0, ev.target)
        )
        row.note_colour = (150, 220, 140) if ev.success else (240, 120, 100)
        self.tweens.after(0.8, lambda: None)
        self.log_event(ev)

    def _on_CheatAbandoned(self, ev: R.CheatAbandoned) -> None:
        self.log_event(ev)  # worded only for its owner ([G4])

    def _on_CheatSucceeded(self, ev: R.CheatSucceeded) -> None:
        if not ev.visible_to(self.viewer):
            self.log_event(ev)  # kept for its owner's log; another seat reads nothing
            return
        row = self.tray.throw([ev.roll], tr("wyrttable.steal_count"), "gold", self._d(0.6))
        row.note = tr("wyrttable.steal_note", count=ev.count)
        self.banner.show(
            tr("wyrttable.unnoticed"),
            tr("wyrttable.steal_note", count=ev.count),
            self._d(1.2),
            "info",
        )
        self.tweens.after(0.9, lambda: None)
        self.log_event(ev)

    def _on_CardsStolen(self, ev: R.CardsStolen) -> None:
        if not ev.visible_to(self.viewer):
            self.log_event(ev)  # kept for its owner's log; another seat reads nothing
            return
        cards = self.view().get("hand_cards")
        if cards is not None and ev.seat == self.viewer:
            self._fan(ev.seat).show([Card.from_code(c) for c in cards], face_up=True)
        self.log_event(ev)

    def _on_CheatCaught(self, ev: R.CheatCaught) -> None:
        s = ev.seat
        self.shake[s] = self._d(1.0)
        row = self.tray.throw(
            [ev.roll], tr("wyrttable.test_H"), "black", self._d(0.5), seed=ev.roll
        )
        row.note = tr("wyrttable.test_fail", target=max(0, ev.target))
        row.note_colour = (240, 120, 100)
        self.banner.show(
            tr("wyrttable.caught_banner", name=self.seats[s].name),
            tr("wyrttable.caught_sub", amount=self.money(ev.forfeited)),
            self._d(2.2),
            "dark",
        )
        self.shown.folded[s] = True
        fan = self.fans.get(s)
        if fan is not None:
            fan.muck(self._deck_centre(), 0.4)
        self.app.sound.play("error") if hasattr(self.app, "sound") else None
        self.tweens.after(1.6, lambda: None)
        self.log_event(ev)

    def _on_PlayerExpelled(self, ev: R.PlayerExpelled) -> None:
        s = ev.seat
        self.shown.status[s] = "expelled"
        if ev.stack > 0:
            self.shown.stacks[s] = 0
            edge = self.ring.plate_rect(s).center
            dx, dy = self.ring.direction(s)
            out = (edge[0] + dx * 400, edge[1] + dy * 400)
            self.flights.launch(ev.stack, edge, out, 0.6)
        self.log_event(ev)

    def _on_PlayerLeft(self, ev: R.PlayerLeft) -> None:
        self.shown.status[ev.seat] = "away" if self.mode == "life_cassino" else "left"
        fan = self.fans.get(ev.seat)
        if fan is not None and fan.sprites:
            self.shown.folded[ev.seat] = True
            fan.muck(self._deck_centre(), 0.3)
        self.log_event(ev)

    def _on_PlayerJoined(self, ev: R.PlayerJoined) -> None:
        self.shown.status[ev.seat] = "playing"
        self.log_event(ev)

    def _on_SoulTaken(self, ev: R.SoulTaken) -> None:
        self.shown.status[ev.seat] = "dead"
        name = self.seats[ev.seat].name
        self.banner.show(tr("wyrttable.soul_banner", name=name), "", self._d(2.0), "dark")
        self.log_event(ev)
        if self.is_human(ev.seat):
            from scenes.tables.wyrt.dialogs import SoulTakenScreen

            profile = ev.seat == self.view()["profile_seat"]
            self.tweens.after(
                0.8, lambda: self.app.scenes.push(SoulTakenScreen(self.app, name, profile))
            )

    def _on_MortoDefeated(self, ev: R.MortoDefeated) -> None:
        self.shown.status[ev.seat] = "defeated"
        key = "wyrttable.morto_caught" if ev.reason == "caught" else "wyrttable.morto_falls"
        self.banner.show(tr(key), tr("wyrttable.morto_rises"), self._d(2.4), "gold")
        self.tweens.after(1.2, lambda: None)
        self.log_event(ev)

    def _on_WishGranted(self, ev: R.WishGranted) -> None:
        self.banner.show(
            tr("wyrttable.wish_banner", name=self.seats[ev.seat].name), "", self._d(2.4), "gold"
        )
        self.log_event(ev)

    def _on_RelicInvoked(self, ev: R.RelicInvoked) -> None:
        relic = tr(f"wyrttable.relic_short.{ev.relic}")
        self.banner.show(
            tr("wyrttable.relic_banner", name=self.seats[ev.seat].name, relic=relic),
            tr(f"wyrt.relics.{ev.relic}.power"),
            self._d(1.6),
            "dark",
        )
        self.log_event(ev)

    def _on_RelicPeek(self, ev: R.RelicPeek) -> None:
        self.log_event(ev)  # worded only for its owner ([G4])

    def _on_RelicExchange(self, ev: R.RelicExchange) -> None:
        if ev.visible_to(self.viewer):
            cards = self.view().get("hand_cards")
            if cards is not None and ev.seat == self.viewer:
                self._fan(ev.seat).show([Card.from_code(c) for c in cards], face_up=True)
        self.log_event(ev)  # worded only for its owner ([G4])

    def _on_MaskWorn(self, ev: R.MaskWorn) -> None:
        self.log_event(ev)  # worded only for its owner ([G4])

    def _on_SessionEnded(self, ev: R.SessionEnded) -> None:
        self.chip_history.append(
            list(self.view()["seats"][s]["stack"] for s in range(len(self.seats)))
        )
        self.log_event(ev)
        self.log_note(lambda: unit_words(f"wyrt.end_reason.{ev.reason}", self.unit), style.INK_SOFT)

    # -- practice ------------------------------------------------------------------------
    def show_hint(self, action: Action) -> None:
        self.app.notify(
            tr(
                "wyrttable.hint",
                action=self.describe_action(action),
                reason=self.aids.reason(action),
            )
        )

    def describe_action(self, action: Action) -> str:
        if isinstance(action, R.Raise):
            return tr("wyrttable.raised", amount=self.money(action.to))
        names = {
            R.Fold: "fold",
            R.Check: "check",
            R.Call: "call",
            R.AllIn: "allin",
            R.Straddle: "straddle",
            R.NoStraddle: "no_straddle",
            R.Cheat: "cheat",
            R.CheatPress: "cheat_press",
            R.CheatGiveUp: "cheat_give_up",
            R.Steal: "steal",
            R.Leave: "leave",
            R.Stay: "stay",
            R.Join: "join",
            R.InvokeRelic: "relic",
        }
        name = names.get(type(action))
        return tr(f"wyrt.actions.{name}") if name else type(action).__name__

    # -- input --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (
            pygame_gui.UI_BUTTON_PRESSED,
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
            pygame_gui.UI_TEXT_ENTRY_FINISHED,
            pygame_gui.UI_TEXT_ENTRY_CHANGED,
        ):
            if event.type == pygame_gui.UI_BUTTON_PRESSED:
                if event.ui_element is self.extra_buttons.get("cheat"):
                    self._ask_cheat()
                    return
                if event.ui_element is self.extra_buttons.get("relic") and self.viewer is not None:
                    from scenes.tables.wyrt.dialogs import RelicDialog

                    legal = self.match.legal_actions(self.viewer)
                    choices = [a for a in legal if isinstance(a, R.InvokeRelic)]
                    moeda = next((a for a in choices if a.relic == "moeda"), None)
                    if moeda is not None:  # the Moeda may give back any card of the hand
                        choices.remove(moeda)
                        hand = self.view().get("hand_cards", [])
                        choices += [R.InvokeRelic("moeda", card=Card.from_code(c)) for c in hand]
                    self.app.scenes.push(RelicDialog(self.app, self, choices))
                    return
                if event.ui_element is self.extra_buttons.get("leave"):
                    self._ask(
                        tr("wyrttable.get_up_title"),
                        unit_words("wyrttable.get_up_confirm", self.unit),
                        lambda: self.submit(R.Leave()),
                    )
                    return
            if self.controls is not None and self.controls.handle_ui(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and self.practice:
                self.tools.toggle_reveal(self)  # the same switch as the pause menu's
                return
            cheat = self.extra_buttons.get("cheat")
            if event.key == pygame.K_t and cheat is not None and cheat.visible:
                self._ask_cheat()
                return
            if self.controls is not None and self.controls.handle_key(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and self.log.handle_event(event):
            return
        super().handle_event(event)

    def toast_area(self) -> pygame.Rect | None:
        """Messages stand above the bar of buttons at the bottom, as wide as it."""
        return pygame.Rect(self.bar.left, 0, self.bar.width, self.bar.top - 8)

    def finish_animations(self) -> None:
        """Skip ahead (Space): every sprite of the table ends now."""
        for fan in self.fans.values():
            fan.finish()
        self.board.finish()
        self.tray.finish()

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        key = (surface.get_size(), tuple(self.ring.oval), self.look)
        if self._backdrop is None or self._backdrop[0] != key:
            wall = style.wood_background(surface.get_size())
            self._backdrop = (
                key,
                felt.felt_scene(wall, self.ring.oval, self.look, 90 if self.look.candles else 0),
            )
        surface.blit(self._backdrop[1], (0, 0))
        self.draw_table(surface)
        self.log.draw(surface)
        if self.practice:
            self.aids.draw(surface, self.aids_rect)
        self.draw_status(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        ring = self.ring  # the felt itself is in the backdrop (see draw)
        view = self.view()
        if self.look.candles:
            o = ring.oval
            for fx in (0.16, 0.84):
                felt.candle(
                    surface,
                    (round(o.left + o.width * fx), o.top + o.height // 9),
                    22,
                    self.clock + fx,
                )
        if view["dealer"] == "morto":
            draw_dealer(surface, ring, self.clock)
        felt.draw_deck(surface, ring.deck_spot, ring.card_width(), self.look.back, 40)
        self.tray.draw(surface)
        self.board.draw(surface)
        if view["relics"]["cards"]:
            draw_relic_marks(surface, self.board.sprites)
        self.pots.draw(surface, self.money)
        d = ring.chip_diameter()
        for s, fan in self.fans.items():
            if s != ring.bottom:
                fan.draw(surface)
                if view["relics"]["cards"]:
                    draw_relic_marks(surface, fan.sprites)
        # the person's own cards lie tucked under his plate, like the others'
        hero = self.fans.get(ring.bottom)
        if hero is not None:
            hero.draw(surface)
            if view["relics"]["cards"]:
                plate_top = felt.badge_top(ring.plate_rect(ring.bottom))
                draw_relic_marks(surface, hero.sprites, plate_top)
        for s in range(len(self.seats)):
            rect = ring.plate_rect(s)
            if s in self.shake:
                rect = rect.move(round(6 * math.sin(self.clock * 40)), 0)
            felt.draw_plate(surface, rect, self.plate_info(s, view), self.pulse)
            if s == view["morto_seat"]:
                morto_badge(surface, rect)
            bet = self.shown.bets[s]
            if bet > 0:
                felt.draw_pile(surface, bet, ring.bet_spot(s), d, self.money)
        self._draw_markers(surface)
        self.flights.draw(surface, d)
        if self.banner.visible:  # its place weighs every seat: not idly
            centre, width, compact = self._banner_place()
            self.banner.draw(surface, centre, width, compact=compact)
        self._draw_bar(surface, view)

    #: widths of the banner, as shares of the oval, tried in turn (the widest is
    #: also held to 540 px): a narrower ribbon keeps off the seats beside it (its
    #: letters stop shrinking at 18 px; a long title is fitted to the ribbon)
    BANNER_WIDTHS = (0.62, 0.56, 0.5, 0.45, 0.4)

    def _banner_place(self) -> BannerPlace:
        """Under the community row, so the board and the shown hands stay in sight;
        narrower, higher (up to the row), above the row, under the pots, to the
        side or with less padding (`compact`) where a seat's plate (with its
        badge) or cards, the dice tray or the pots would lie under it -- at six
        seats at 1024x640 it hid a side seat's name, and the pots at the start
        of a betting round or while a side pot waited to be paid."""
        ring = self.ring
        b = ring.board_rect
        y = b.bottom + b.height // 2 + 10
        key = (tuple(ring.area), ring.bottom, len(self.seats))
        seats = self._seat_blocks.get(key)
        if seats is None:  # where each seat's plate, badge and hand lie, dealt or not
            large = ring.card_width(large=True)
            seats = []
            for s in range(len(self.seats)):
                plate = ring.plate_rect(s)
                top = felt.badge_top(plate)
                seats.append(pygame.Rect(plate.left, top, plate.width, plate.bottom - top))
                hand = ring.hero_cards_rect(large) if s == ring.bottom else ring.cards_rect(s)
                seats.append(hand)
            self._seat_blocks = {key: seats}
        # One banner keeps its place (no jumping about) unless pots gathered or
        # paid while it shows come to lie under it.
        pots = self.pots.rect(self.money)
        shown = (key, self.banner.serial)
        if self._banner_at is not None and self._banner_at[0] == shown:
            place, ribbon = self._banner_at[1], self._banner_at[2]
            if pots is None or not ribbon.colliderect(pots):
                return place
        # the hands as they lie now too (a hand shown at the showdown spreads wider)
        fans = [fan.rect for fan in self.fans.values() if fan.sprites]
        place = self._find_banner_place(y, [*seats, *fans], pots)
        (x, cy), width, compact = place
        ribbon = pygame.Rect(0, 0, width, self.banner.height(width, compact=compact))
        ribbon.center = (x, cy)
        self._banner_at = (shown, place, ribbon)
        return place

    def _find_banner_place(
        self, y: int, seats: list[pygame.Rect], pots: pygame.Rect | None
    ) -> BannerPlace:
        """The first place for the banner clear of `seats`, the community row, the
        dice tray and `pots`: from `y` up to the row, then above the row, then
        under the pots, the middle of the cloth first. A small window crowded
        with seats may have no such place: then the pots may lie under it, and
        if need be the row and the tray (never a seat; see `_banner_place`)."""
        b = self.ring.board_rect
        o = self.ring.oval
        table = [*seats, b, self.ring.tray_rect]
        # clear of the seats at least, first near the row, then anywhere on the cloth
        tiers = [(table, True), (seats, False), (seats, True)]
        if pots is not None:
            tiers.insert(0, ([*table, pots], True))
        widths = [min(int(o.width * share), 540) for share in self.BANNER_WIDTHS]
        for blocks, everywhere in tiers:
            for compact in (False, True):
                for width in widths:
                    h = self.banner.height(width, compact=compact)
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
        h = self.banner.height(width, compact=True)
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

    def _draw_markers(self, surface: pygame.Surface) -> None:
        sh = self.shown
        marks: dict[int, list[tuple[str, str]]] = {}
        if sh.buck >= 0:
            marks.setdefault(sh.buck, []).append((tr("wyrttable.marker_buck"), "dealer"))
        if sh.small_blind >= 0:
            marks.setdefault(sh.small_blind, []).append((tr("wyrttable.marker_sb"), "small"))
        if sh.big_blind >= 0:
            marks.setdefault(sh.big_blind, []).append((tr("wyrttable.marker_bb"), "big"))
        if sh.straddle >= 0:
            marks.setdefault(sh.straddle, []).append((tr("wyrttable.marker_straddle"), "straddle"))
        shown = {t: f.rect for t, f in self.fans.items() if f.raised}
        for s, items in marks.items():
            if s != self.ring.bottom and s in shown:
                continue  # a hand shown at the showdown spreads over its markers
            others = [r for t, r in shown.items() if t != s]
            for i, (text, kind) in enumerate(items):
                spot = self.ring.marker_spot(s, i)
                if felt.marker_rect(spot, 12).collidelist(others) >= 0:
                    continue  # so does a neighbour's (seven seats on a small window)
                felt.draw_marker(surface, spot, text, kind, 12)

    def plate_info(self, s: int, view: dict[str, Any]) -> felt.PlateInfo:
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

    def _plate_info(self, s: int, view: dict[str, Any], active: bool) -> felt.PlateInfo:
        sh = self.shown
        seat_view = view["seats"][s]
        colour, emblem = self.seat_look(s)
        p = seat_view["persona"]
        persona = tr(f"wyrt.bots.{p['id']}")
        if s == self.viewer:
            subtitle = tr("wyrttable.you", persona=persona)
        elif p["id"] == self.seats[s].bot:  # the seat is named after its persona
            subtitle = tr("wyrttable.stats_line", h=p["h"], i=p["i"])
        else:
            subtitle = persona
        badge, kind = "", "info"
        status = sh.status[s]
        if status in STATUS_BADGES:
            key, kind = STATUS_BADGES[status]
            badge = tr(key)
        elif s in sh.shown_category:
            badge, kind = sh.shown_category[s], ("winner" if s in sh.winners else "info")
        elif sh.folded[s]:
            badge, kind = tr("wyrttable.folded"), "folded"
        elif sh.all_in[s]:
            badge, kind = tr("wyrt.actions.allin"), "all_in"
        elif self.worker.busy and self.worker.seat == s:
            badge, kind = tr("wyrttable.thinking"), "thinking"
        elif s in sh.last_act:
            badge = sh.last_act[s]
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

    def _draw_bar(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
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
        key = (tuple(lines), width, bar.height)
        if self._bar is None or self._bar[0] != key:
            text_surf = pygame.Surface((max(1, width), bar.height), pygame.SRCALPHA)
            # every line fits: smaller letters when there are more than the bar
            # holds at 15 px (practice at 1024x640 in Portuguese cut the last one)
            texts = [(text, kind) for text, _colour, kind in lines]
            size, wrapped = style.wrap_to_fit(texts, width, bar.height - 10, (15, 13, 12, 11))
            parts = [(part, lines[i][1], lines[i][2]) for i, part in wrapped]
            step = size + 4
            fits = 10 + step * len(parts) <= bar.height - 4
            y = 10 if fits else max(4, (bar.height - step * len(parts)) // 2)
            used = 0
            #: lines that did not fit even at the smallest size (a test keeps it 0)
            self.bar_lines_cut = 0
            for part, colour, kind in parts:
                if y + step > bar.height - 4:
                    self.bar_lines_cut += 1
                    continue
                r = style.blit_text(
                    text_surf, part, size, (0, y), colour, kind=kind, max_width=width
                )
                used = max(used, r.right)
                y += step
            #: where the bar's words lie (a test keeps every widget off them)
            self.bar_text_rect = pygame.Rect(left, bar.top, used, y)
            self._bar = (key, text_surf)
        surface.blit(self._bar[1], (left, bar.top))

    def _shown_hand_category(self) -> str:
        """The category of the viewer's cards with the dice cards on the felt now."""
        fan = self.fans.get(self.viewer) if self.viewer is not None else None
        if fan is None or not fan.sprites or not all(sp.face_up for sp in fan.sprites):
            return ""
        cards = [sp.card for sp in fan.sprites if sp.card is not None] + list(self.shown.board)
        if not 5 <= len(cards) <= 7:
            return ""
        key = tuple(cards)
        if getattr(self, "_cat_key", None) != key:
            from game.wyrt import evaluate

            self._cat_key = key
            self._cat = evaluate(cards).category
        return str(self._cat)

    def _top_room(self) -> int:
        """Pixels left of the top-bar buttons for the status line."""
        return min(
            [b.rect.left for b in self.buttons.values()]
            + [b.rect.left for b in self.extra_buttons.values() if b.visible],
            default=self.app.size[0] - 16,
        )

    def draw_status(self, surface: pygame.Surface) -> None:
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

    def status_text(self) -> str:
        """The table, its mode and who is to act."""
        view = self.view()
        if self.match.is_over:
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

    # -- the end ----------------------------------------------------------------------------
    def on_match_over(self) -> None:
        self._record_profile()
        if self.on_result is not None:
            self.on_result(self.match)
        from game import history

        try:
            history.record_match(self.match, self.humans, self.practice)
        except Exception:  # statistics must never break the end of a match  # noqa: BLE001
            self.app.notify(tr("ui.table.stats_failed"), "warn")
        self.app.sound.play("victory")
        from scenes.tables.wyrt.dialogs import SessionEnd

        self.app.scenes.push(SessionEnd(self.app, self))

    def _record_profile(self) -> None:
        """Write what the session did to the player's permanent life points ([T11])."""
        from game.wyrt import profile_result
        from game.wyrt.profile import record_result

        result = profile_result(self.match)
        if result is None or getattr(self, "_profile_recorded", False):
            return
        self._profile_recorded = True
        try:
            record_result(result)
        except OSError as e:
            self.app.notify(tr("wyrttable.profile_not_saved", reason=str(e)), "error")

    def _bound_to_the_table(self) -> bool:
        """A Death Match while O Morto stands: nobody may get up ([T11]), and the
        engine has no way to give up, so leaving only pauses the match."""
        return (
            self.mode == "death_match"
            and not self.match.is_over
            and not self.match.public_view()["morto_defeated"]
            and self.on_leave is None
            and self.on_result is None
        )

    def leave_warning(self) -> str:
        if self._bound_to_the_table():
            return tr("wyrttable.leave_death_match")
        return super().leave_warning()

    def quit_to_menu(self) -> None:
        if self.mode == "life_cassino" and not self.match.is_over:
            self._record_profile()
        if self._bound_to_the_table() and not self.saved_now and self.autosave() is None:
            # the warning promises the match waits: say so when the disk refused
            self.app.notify(tr("wyrttable.death_match_not_saved"), "error")
        super().quit_to_menu()

    def victory_lines(self) -> list[str]:
        """Lines under the standings: each seat's chips, the reason the session ended."""
        view = self.view()
        out = []
        if view["end_reason"]:
            out.append(unit_words(f"wyrt.end_reason.{view['end_reason']}", self.unit))
        if view["wish_winner"] >= 0:
            out.append(tr("wyrttable.wish_line", name=self.seats[view["wish_winner"]].name))
        return out
