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

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import Action, Event
from game.cards import Card
from game.core import TableMatch
from game.wyrt import records as R
from scenes import style
from scenes.i18n import Words, later, tr
from scenes.tables import felt
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt.cloth import WyrtCloth
from scenes.tables.wyrt.controls import BetControls
from scenes.tables.wyrt.event_words import WyrtEventWords, own_event_keys
from scenes.tables.wyrt.focus import KEY_LINES, WyrtFocus
from scenes.tables.wyrt.hand_animations import HandAnimations
from scenes.tables.wyrt.keys import WyrtKeys
from scenes.tables.wyrt.layout import WyrtLayout
from scenes.tables.wyrt.money import money
from scenes.tables.wyrt.painting import ClothPainter, WyrtPainting
from scenes.tables.wyrt.plates import BannerPlacer, WyrtPlates
from scenes.tables.wyrt.practice import PracticeAids
from scenes.tables.wyrt.session_events import SessionEvents
from scenes.tables.wyrt.shown import Shown
from scenes.tables.wyrt.words import action_words, unit_words
from scenes.tables.you_words import say_about

if TYPE_CHECKING:
    from scenes.manager import AppHost, Scene


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


class WyrtTable(
    WyrtLayout,
    WyrtKeys,
    WyrtFocus,
    WyrtEventWords,
    WyrtPlates,
    WyrtPainting,
    TableScene,
):
    """Plays a `WyrtMatch`."""

    BOT_PACE = 0.35
    KEY_LINES = KEY_LINES

    #: event fields naming seats, beyond the base's
    SEAT_FIELDS = (*TableScene.SEAT_FIELDS, "buck", "small_blind", "big_blind", "first")

    def __init__(
        self,
        app: AppHost,
        match: TableMatch,
        seats: list[SeatSetup],
        practice: bool = False,
        **hooks: Any,
    ) -> None:
        super().__init__(app, match, seats, practice=practice, **hooks)
        view = match.public_view()
        self.unit: str = view["unit"]
        self.mode: str = view["mode"]
        self.look = felt.TAVERN if self.mode == "standard" else felt.CANDLELIGHT
        n = len(seats)
        self.ring = felt.SeatRing(n, bottom=self._bottom_seat())
        #: the log, split in hands (the base's `log`, with its own type)
        self.hand_history = felt.HandHistory(pygame.Rect(0, 0, 10, 10), tr("wyrttable.history"))
        self.log = self.hand_history
        self.flights = felt.Flights(self.tweens)
        self.pots = felt.PotRow()
        self.tray = felt.DiceTray()
        self.banner = felt.Banner()
        self.tray.hide_when_empty = True
        self.fans: dict[int, felt.CardFan] = {}
        self.board = felt.CardFan(self.tweens, 40, self.look.back)
        self.board.overlap = -0.12
        self.shake: dict[int, float] = {}
        self.cloth = WyrtCloth(
            self.tweens,
            self.look,
            self.ring,
            self.fans,
            self.board,
            self.tray,
            self.banner,
            self.flights,
            self.pots,
            self.shake,
        )
        # a loaded match shows the table as it stands; a new one starts empty
        self.shown = Shown.from_view(view) if match.log else self._empty_shown(view)
        #: a loaded match starts mid-hand: its cards never come as events (the
        #: deal is not replayed), so the first layout lays them out from the match
        self._lay_out_loaded = bool(match.log)
        self.controls: BetControls | None = None
        self.aids = PracticeAids(self)
        self.pulse = 0.0
        self.clock = 0.0
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
        self.painter = ClothPainter(self.cloth)
        self.banner_placer = BannerPlacer(self.cloth, n, self.money)
        self._plates: dict[int, tuple[Any, felt.PlateInfo]] = {}
        self._bar: tuple[Any, pygame.Surface] | None = None
        #: the viewer's cards and the dice cards, and the category they make (painting)
        self._cat_key: tuple[Card, ...] | None = None
        self._cat = ""
        self.hand = HandAnimations(self.cloth, self)
        self.session_events = SessionEvents(self.cloth, self)
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

    # -- sync ----------------------------------------------------------------------
    def sync(self) -> None:
        """Everything from the match (undo, load, a new person at the screen)."""
        self.flights.clear()
        self.banner.hide()
        view = self.view()
        self.shown = Shown.from_view(view)
        self.ring.set_bottom(self._bottom_seat())
        self.fans.clear()  # the same dict: the cloth holds it
        for s, seat in enumerate(view["seats"]):
            if seat["in_hand"] and not seat["folded"] and seat["hand_size"]:
                cards = self._known_cards(s, view)
                fan = self.cloth.fan(s)
                if cards:
                    fan.show(list(cards), face_up=True)
                else:
                    fan.show([None] * seat["hand_size"], face_up=False)
        self.board.show(list(self.shown.board), face_up=True)
        self.cloth.place_cards()
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
        self.cloth.refresh_pots(self.shown)

    # -- events and the log ------------------------------------------------------------
    def play_event(self, event: Event) -> None:
        """Animate one engine event: the hand's or the session's, else only its line."""
        name = f"on_{type(event).__name__}"
        handler = getattr(self.hand, name, None) or getattr(self.session_events, name, None)
        if handler is not None:
            handler(event)
        else:
            self.log_event(event)

    def event_keys(self, event: Event) -> list[str]:
        """The table's own line (`wyrttable.events.*`) before the game's."""
        return own_event_keys(event, self.viewer) or super().event_keys(event)

    def event_text(self, event: Event, **extra: Any) -> str:
        own = self.own_event_text(event, extra)
        if own is not None:
            return own
        return super().event_text(event, **self._words(event, extra))

    def log_heading(self, title: str) -> None:
        """A hand's heading: a line of the history too (told again from its
        HandStarted, see `rebuild_log`)."""
        self.history.append((None, title, style.GOLD_DARK, {"heading": True}))
        self.hand_history.start_hand(title)

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.handle_keys(event):
            super().handle_event(event)

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
            self.pack_extra_buttons()
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

    def _ask(self, title: Words, text: Words, yes: Callable[[], None]) -> None:
        self.app.confirm(title, text, yes)

    def controls_again(self) -> None:
        """The controls are worked out afresh on the next quiet frame."""
        self._controls_key = None

    def _ask_cheat(self) -> None:
        """Cheat after a yes: caught, a person loses the hand's bets and the rest of
        the session, and T lies next to R (raise)."""
        c = self.view().get("cheat")
        if not c:
            return

        def cheat() -> None:
            self.submit(R.Cheat())

        self._ask(
            later("wyrttable.cheat_title"),
            later(
                "wyrttable.cheat_confirm",
                steal=round(100 * c["steal_chance"]),
                caught=round(100 * c["caught_chance"]),
            ),
            cheat,
        )

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
        return action_words(action, self.money)

    # -- input --------------------------------------------------------------------------
    def finish_animations(self) -> None:
        """Skip ahead (Space): every sprite of the table ends now."""
        for fan in self.fans.values():
            fan.finish()
        self.board.finish()
        self.tray.finish()

    # -- the end ----------------------------------------------------------------------------
    def on_match_over(self) -> None:
        self._record_profile()
        super().on_match_over()

    def end_screen(self) -> Scene:
        """The session's standings beside the chip (or life point) chart."""
        from scenes.tables.wyrt.dialogs import SessionEnd

        return SessionEnd(self.app, self)

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
            winner = view["wish_winner"]
            # the end screen: said to the person only when he alone plays here
            line = say_about(
                "wyrttable.wish_line", winner, self.sole_person(), name=self.seats[winner].name
            )
            out.append(line)
        return out
