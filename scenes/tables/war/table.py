"""The War table: the world map, reinforcements, attacks with dice, conquests,
moves, card trades and the secret objective.

The scene holds no rules. It keeps a *display* copy of owners and armies that
engine events move step by step (so a battle shows its dice before the counters
change), and snaps back to the engine's view whenever nothing is animating.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import Action, Event, Match
from game.war import BOARD, until_dice, until_stop, win_probability
from game.war import records as R
from scenes import style, ui
from scenes.i18n import tr
from scenes.paths import ASSETS
from scenes.tables.base import SeatSetup, TableScene
from scenes.tables.war.cards_view import war_card
from scenes.tables.war.dialogs import ObjectiveOverlay, TradeDialog, objective_text
from scenes.tables.war.effects import BattleFx
from scenes.tables.war.look import army_look
from scenes.tables.war.odds_worker import OddsWorker
from scenes.tables.war.placement import PlacementBuffer
from scenes.tables.war.places import (
    card_name,
    continent_compact,
    continent_name,
    continent_short,
    place_fields,
    territory_name,
    trp,
)
from scenes.widgets.floating import FloatingText, GlidingImage
from scenes.widgets.map_view import CONTINENT_TINTS, MapData, MapView

if TYPE_CHECKING:
    from scenes.app import App

TOP = 56
#: "attack until" choices: stop when this many armies are left in the source (0 = conquer
#: or bust); rolled and priced by the same policy, game.war.until_dice / until_stop
UNTIL_CHOICES = (0, 2, 3, 5, 10)


@cache
def map_data() -> MapData:
    """The world map asset, read once."""
    return MapData.load(ASSETS / "war" / "map.json")


class WarTable(TableScene):
    """Plays a `WarMatch`."""

    BOT_PACE = 0.12
    #: how long others' moves animate, as a share of the viewer's own
    OTHERS_TEMPO = 0.5

    def __init__(
        self, app: App, match: Match, seats: list[SeatSetup], practice: bool = False, **hooks: Any
    ) -> None:
        super().__init__(app, match, seats, practice=practice, **hooks)
        self.map = MapView(map_data())
        view = match.public_view()
        dealt = bool(match.log)  # a loaded match shows its map at once
        self.shown_owner: dict[str, int] = dict(view["owners"]) if dealt else {}
        self.shown_armies: dict[str, int] = dict(view["armies"]) if dealt else {}
        self.colours: list[str] = list(view["colors"])
        self.source: str | None = None
        #: the phase the selection was made in (a new phase starts it afresh)
        self._selection_phase: str | None = None
        self.target: str | None = None
        self.dice = 3
        self.until = 0
        self.buffer: PlacementBuffer | None = None
        self.fx: list[Any] = []
        self.auto: dict[str, Any] | None = None
        self.hover: str | None = None
        self.show_continents = False
        self.turn_key: tuple[Any, ...] = ()
        self.trade_offered_for: tuple[int, int] | None = None
        self.controls: dict[str, Any] = {}
        self.panel = pygame.Rect(0, 0, 1, 1)
        self.right = pygame.Rect(0, 0, 1, 1)
        self._view_cache: tuple[tuple[int, int | None], dict[str, Any]] | None = None
        self._tempo = 1.0
        #: the chances on screen, swept off the render loop for big stacks
        self.odds = OddsWorker()

    # -- looks ----------------------------------------------------------------
    def seat_look(self, seat: int) -> tuple[tuple[int, int, int], str]:
        return (
            army_look(self.colours[seat]) if seat < len(self.colours) else super().seat_look(seat)
        )

    def view(self) -> dict[str, Any]:
        """The viewer's view, computed once per change of the match."""
        key = (len(self.match.log), self.viewer)
        if self._view_cache is None or self._view_cache[0] != key:
            self._view_cache = (key, self.current_view())
        return self._view_cache[1]

    def my_turn(self) -> bool:
        """True when the person at the screen must act now."""
        return (
            self.viewer is not None
            and self.viewer in self.match.to_move
            and self.is_human(self.viewer)
        )

    # -- layout and widgets -----------------------------------------------------
    def layout(self) -> None:
        w, h = self.app.size
        rw = 290 if w >= 1200 else 250
        # the map's names follow the language (a switch calls layout again)
        self.map.set_labels({t: territory_name(t) for t in BOARD.territories})
        self.right = pygame.Rect(w - rw - 10, TOP, rw, h - TOP - 10)
        # The map is as wide as it can be, at the top; the panel takes what is left.
        self.map.set_rect(pygame.Rect(10, TOP, w - rw - 30, h - TOP - 10 - 150))
        mr = self.map.map_rect
        self.map.set_rect(pygame.Rect(10, TOP, w - rw - 30, mr.height))
        top = self.map.map_rect.bottom + 10
        self.panel = pygame.Rect(10, top, w - rw - 30, h - top - 10)
        n = max(1, len(self.seats))
        seat_h = min(n * 78, int(self.right.height * 0.55))
        self.seat_panel.set_rect(
            pygame.Rect(self.right.left + 14, self.right.top, self.right.width - 14, seat_h)
        )
        self.log.set_rect(
            pygame.Rect(
                self.right.left,
                self.right.top + seat_h + 6,
                self.right.width,
                self.right.bottom - self.right.top - seat_h - 6,
            )
        )
        self._build_controls()
        self.refresh_controls()

    def _build_controls(self) -> None:
        m, c = self.app.ui_manager, self.ui
        p = self.panel
        xr = p.right - 14
        y1, y2 = p.top + 18, p.top + 72
        ctl: dict[str, Any] = {}

        def button(
            name: str, rect: pygame.Rect, text: str, primary: bool = False, tip: str | None = None
        ) -> None:
            ctl[name] = ui.button(
                rect, text, m, c, "#primary_button" if primary else None, tooltip=tip
            )

        # top bar, left of the menu buttons: the secret objective and the cards
        left_of = min((b.rect.left for b in self.buttons.values()), default=self.app.size[0] - 16)
        button(
            "cards",
            pygame.Rect(left_of - 8 - 120, 12, 120, 36),
            tr("wartable.cards", count=0),
            tip=tr("wartable.cards_tip"),
        )
        button(
            "objective",
            pygame.Rect(left_of - 16 - 240, 12, 120, 36),
            tr("wartable.objective"),
            tip=tr("wartable.objective_tip"),
        )
        # reinforcement
        button("place", pygame.Rect(xr - 220, y2, 220, 44), tr("war.actions.place"), primary=True)
        button("unplace", pygame.Rect(xr - 220, y1, 220, 44), tr("wartable.take_back_all"))
        # attack: dice and roll on the first row, "attack until" and end on the second
        button("roll", pygame.Rect(xr - 170, y1, 170, 44), tr("wartable.roll"), primary=True)
        for i, n in enumerate((1, 2, 3)):
            button(
                f"dice{n}",
                pygame.Rect(xr - 170 - 10 - 150 + i * 52, y1, 46, 44),
                str(n),
                tip=tr("wartable.dice_tip"),
            )
        button(
            "end_attacks",
            pygame.Rect(xr - 170 - 10 - 150 - 10 - 150, y1, 150, 44),
            tr("war.actions.end_attacks"),
        )
        button("until", pygame.Rect(xr - 170, y2, 170, 44), tr("wartable.until"))
        until_opts = [
            (
                tr("wartable.until_conquest") if k == 0 else tr("wartable.until_left", count=k),
                str(k),
            )
            for k in UNTIL_CHOICES
        ]
        ctl["until_choice"] = ui.dropdown(
            pygame.Rect(xr - 170 - 10 - 200, y2, 200, 44), until_opts, str(self.until), m, c
        )
        # occupation and moves share a slider
        ctl["slider"] = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(xr - 200 - 10 - 240, y1 + 4, 240, 36), 1, (1, 2), m, c
        )
        button(
            "occupy",
            pygame.Rect(xr - 200, y1, 200, 44),
            tr("wartable.occupy", count=1),
            primary=True,
        )
        button(
            "move", pygame.Rect(xr - 200, y1, 200, 44), tr("wartable.move", count=1), primary=True
        )
        button("end_turn", pygame.Rect(xr - 200, y2, 200, 44), tr("war.actions.end_turn"))
        self.controls = ctl

    def _show(self, names: set[str]) -> None:
        for name, widget in self.controls.items():
            if name in names:
                widget.show()
            else:
                widget.hide()

    def refresh_controls(self) -> None:
        """Show the controls of the current phase (only to the player who acts)."""
        if not self.controls:
            return
        view = self.view()
        visible = {"objective", "cards"} if self.viewer is not None else set()
        if self.match.is_over:
            visible = set()
        n_cards = len(view.get("cards", []))
        self.controls["cards"].set_text(tr("wartable.cards", count=n_cards))
        can_act = self.my_turn() and not self.events and self.auto is None
        phase = view.get("phase")
        if can_act and phase == "reinforce":
            visible |= {"place", "unplace"}
            ready = self.buffer is not None and self.buffer.left == 0
            self._enable("place", ready)
            self._enable("unplace", self.buffer is not None and bool(self.buffer.placed))
        elif can_act and phase == "attack":
            visible |= {"dice1", "dice2", "dice3", "roll", "until", "until_choice", "end_attacks"}
            most = self._max_dice()
            for n in (1, 2, 3):
                self._enable(f"dice{n}", n <= most)
                if n == min(self.dice, most):
                    self.controls[f"dice{n}"].select()
                else:
                    self.controls[f"dice{n}"].unselect()
            self._enable("roll", most > 0 and self.target is not None)
            self._enable("until", most > 0 and self.target is not None)
        elif can_act and phase == "occupy":
            visible |= {"slider", "occupy"}
            occ = view.get("occupy") or {}
            self._slider_range(int(occ.get("min", 1)), int(occ.get("max", 1)), default_max=True)
        elif can_act and phase == "move":
            visible |= {"end_turn"}
            movable = (view.get("movable") or {}).get(self.source or "", 0)
            if self.source and self.target and movable > 0:
                visible |= {"slider", "move"}
                self._slider_range(1, movable, default_max=False)
        self._enable("cards", n_cards > 0)
        self._show(visible)

    def _enable(self, name: str, on: bool) -> None:
        widget = self.controls[name]
        if on:
            widget.enable()
        else:
            widget.disable()

    def _slider_range(self, low: int, high: int, default_max: bool) -> None:
        slider = self.controls["slider"]
        if slider.value_range != (low, max(high, low + 1)):
            # pygame-gui needs a non-empty range; a single choice shows as a full bar
            slider.value_range = (low, max(high, low + 1))
            slider.set_current_value(high if default_max else low)
        value = min(max(int(slider.get_current_value()), low), high)
        label = "occupy" if self.view().get("phase") == "occupy" else "move"
        self.controls[label].set_text(tr(f"wartable.{label}", count=value))
        if high <= low:
            slider.disable()
        else:
            slider.enable()

    def _max_dice(self) -> int:
        if self.source is None:
            return 0
        return max(0, min(3, self.view()["armies"].get(self.source, 0) - 1))

    # -- the turn ------------------------------------------------------------------
    def on_human_turn(self, seat: int) -> None:
        view = self.view()
        key = (seat, view.get("turn"), view.get("phase"), len(self.match.log))
        if key == self.turn_key:
            return
        self.turn_key = key
        phase = view.get("phase")
        if phase == "reinforce":
            pending = view.get("pending") or {}
            owners = view["owners"]
            self.buffer = PlacementBuffer(
                int(pending.get("free", 0)),
                {k: int(v) for k, v in (pending.get("continents") or {}).items()},
                lambda t: owners.get(t) == seat,
                BOARD.continent_of.__getitem__,
            )
            offer = (view.get("turn", 0), len(view.get("cards", [])))
            if view.get("must_trade") and self.trade_offered_for != offer:
                self.trade_offered_for = offer
                self.app.scenes.push(TradeDialog(self.app, self, view))
        else:
            self.buffer = None
        if phase == "occupy":
            occ = view.get("occupy") or {}
            self.source, self.target = occ.get("source"), occ.get("target")
        elif (
            phase == "attack"
            and self.target is not None
            and view["owners"].get(self.target) == seat
        ):
            self.target = None  # it was just conquered: choose the next one
        elif phase == "move" and (
            self._selection_phase != "move"
            or (self.source is not None and view["owners"].get(self.source) != seat)
        ):
            # the moves start afresh: the last attack's source stayed selected and
            # the first click of a move became its target
            self.source = self.target = None
        self._selection_phase = phase
        self.refresh_controls()

    def sync(self) -> None:
        """Snap the display to the engine (after animations, undo, curtain)."""
        self._view_cache = None
        view = self.view()
        self.shown_owner = dict(view["owners"])
        self.shown_armies = dict(view["armies"])
        self.turn_key = ()
        if view.get("phase") not in ("attack", "move", "occupy"):
            self.source = self.target = None
        self.refresh_controls()

    def animating(self) -> bool:
        return any(fx.blocking for fx in self.fx)

    def battle_in_flight(self) -> bool:
        """True while battle dice are still rolling (their result is not shown yet)."""
        return any(isinstance(fx, BattleFx) and not fx.landed for fx in self.fx)

    def toast_area(self) -> pygame.Rect | None:
        """Messages stand above the panel of buttons at the bottom, as wide as it
        (they lay over the log's newest lines and the continents' legend)."""
        return pygame.Rect(self.panel.left, 0, self.panel.width, self.panel.top - 8)

    def finish_animations(self) -> None:
        for fx in self.fx:
            if isinstance(fx, BattleFx):
                fx.land()  # the result is shown (losses, log) before the dice go
        self.fx.clear()  # other effects on the counters are tweens, finished by the base

    def hide_secrets(self) -> None:
        self.buffer = None
        self.source = self.target = None
        self.auto = None

    def update(self, dt: float) -> None:
        for fx in list(self.fx):  # durations were scaled by the speed setting when made
            fx.update(dt)
            if fx.done:
                self.fx.remove(fx)
        was_busy = bool(self.events) or self.animating() or self.tweens.busy
        super().update(dt)
        if was_busy and not self.events and not self.animating() and not self.tweens.busy:
            self.sync()
        if self.auto is not None and not self.events and not self.animating():
            self._continue_auto()

    # -- attack until ----------------------------------------------------------------
    def _start_auto(self) -> None:
        if self.source is None or self.target is None:
            return
        view = self.view()
        self.auto = {
            "source": self.source,
            "target": self.target,
            "stop": self.until,
            "rolls": 0,
            "lost": 0,
            "killed": 0,
            "start": view["armies"].get(self.source, 0),
        }
        self.refresh_controls()

    def _continue_auto(self) -> None:
        auto = self.auto
        assert auto is not None
        view = self.match.view(self.viewer) if self.viewer is not None else {}
        seat = self.viewer
        src, dst = auto["source"], auto["target"]
        armies = view.get("armies", {})
        conquered = view.get("owners", {}).get(dst) == seat
        able = armies.get(src, 0) - 1
        # The same policy as the odds shown (game.war.until_dice): never below the stop.
        dice = until_dice(able, until_stop(auto["stop"]))
        stop = view.get("phase") != "attack" or conquered or dice == 0
        if stop or seat is None or seat not in self.match.to_move:
            self.auto = None
            key = "wartable.until_won" if conquered else "wartable.until_stopped"
            self.app.notify(
                tr(
                    key,
                    target=dst,
                    rolls=tr("wartable.n_rolls", count=auto["rolls"]),
                    lost=tr("wartable.n_armies", count=auto["start"] - armies.get(src, 0)),
                )
            )
            self.sync()
            return
        auto["rolls"] += 1
        self.submit(R.Attack(src, dst, dice))

    # -- events ---------------------------------------------------------------------
    def _factor(self) -> float:
        """Animations run three times faster during "attack until", and faster
        for others' moves than for the viewer's own."""
        return (0.35 if self.auto else 1.0) * self._tempo

    def _d(self, seconds: float) -> float:
        """A duration scaled by the speed setting (and "attack until")."""
        return self.tweens.scaled(seconds * self._factor())

    def play_event(self, event: Event) -> None:
        # A person's own moves play at full length; everyone else's (bots, the
        # other humans' already-seen turns) briskly ([issue 11] pace).
        actor = getattr(event, "seat", None)
        self._tempo = 1.0 if actor is not None and actor == self.viewer else self.OTHERS_TEMPO
        if not isinstance(event, R.BattleFought):  # a battle is logged when its dice land
            self.log_event(event)
        self._view_cache = None
        if isinstance(event, R.TerritoriesDealt):
            self.shown_owner, self.shown_armies = {}, {}
            step = self._d(0.045)
            for i, t in enumerate(event.order):
                self.tweens.after(step * i, lambda t=t: self._reveal(t, event.owners[t]))
            self.app.sound.play("shuffle")
        elif isinstance(event, R.ArmiesPlaced):
            for i, (t, n) in enumerate(sorted(event.armies.items())):
                self.tweens.after(
                    self._d(0.04) * i, lambda t=t, n=n: self._add_armies(t, n, style.GOLD_LIGHT)
                )
            self.app.sound.play("chips")
        elif isinstance(event, R.CardsTraded):
            for t in event.bonus_territories:
                self._add_armies(t, 2, style.GOLD_LIGHT)
            self.fx.append(
                FloatingText(
                    tr("wartable.traded", value=event.value),
                    self.map.map_rect.center,
                    style.GOLD_LIGHT,
                    self._d(1.4) or 0.01,
                    30,
                )
            )
            self.app.sound.play("card")
        elif isinstance(event, R.BattleFought):
            self._battle(event)
        elif isinstance(event, R.TerritoryConquered):
            self.shown_owner[event.target] = event.seat
            self.fx.append(
                FloatingText(
                    tr("wartable.conquered"),
                    self.map.anchor(event.target),
                    style.GOLD_LIGHT,
                    self._d(1.0) or 0.01,
                    24,
                )
            )
            self.app.sound.play("chips")
        elif isinstance(event, (R.TerritoryOccupied, R.ArmiesMoved)):
            self._glide(event.source, event.target, event.count, event.seat)
        elif isinstance(event, R.CardDrawn):
            self._card_drawn(event)
        elif isinstance(event, R.PlayerEliminated):
            text = tr("wartable.eliminated", name=self.seats[event.seat].name)
            self.fx.append(
                FloatingText(text, self.map.map_rect.center, style.RED, self._d(2.0) or 0.01, 34)
            )
        elif isinstance(event, R.TurnStarted):
            self.source = self.target = None
            if self.is_human(event.seat):
                self.app.sound.play("click")

    def _reveal(self, territory: str, owner: int) -> None:
        self.shown_owner[territory] = owner
        self.shown_armies[territory] = 1

    def _add_armies(self, territory: str, n: int, colour: tuple[int, int, int]) -> None:
        self.shown_armies[territory] = self.shown_armies.get(territory, 0) + n
        self.fx.append(
            FloatingText(f"+{n}", self.map.anchor(territory), colour, self._d(0.9) or 0.01)
        )

    def _battle(self, ev: R.BattleFought) -> None:
        """Dice tumble beside the fight (never over it); when they land the
        counters lose their armies and the log tells the result."""
        duration = self._d(1.3)
        where = self.map.anchor(ev.target)

        def landed() -> None:
            self.log_event(ev)
            if ev.attacker_losses:
                self.shown_armies[ev.source] = (
                    self.shown_armies.get(ev.source, 0) - ev.attacker_losses
                )
                self.fx.append(
                    FloatingText(
                        f"-{ev.attacker_losses}",
                        self.map.anchor(ev.source),
                        style.RED,
                        self._d(0.9) or 0.01,
                    )
                )
            if ev.defender_losses:
                self.shown_armies[ev.target] = (
                    self.shown_armies.get(ev.target, 0) - ev.defender_losses
                )
                self.fx.append(
                    FloatingText(f"-{ev.defender_losses}", where, style.RED, self._d(0.9) or 0.01)
                )

        fx = BattleFx(
            ev.attack_dice,
            ev.defense_dice,
            where,
            self.map.map_rect,
            duration or 0.01,
            seed=len(self.match.log),
            source=self.map.anchor(ev.source),
            on_landed=landed,
        )
        self.fx.append(fx)
        self.app.sound.play("dice")

    def _glide(self, source: str, target: str, count: int, seat: int) -> None:
        colour, emblem = self.seat_look(seat)
        image = self.map.counter_surface(count, colour, emblem)
        self.shown_armies[source] = self.shown_armies.get(source, 0) - count
        duration = self._d(0.6)
        self.fx.append(
            GlidingImage(self.map.anchor(source), self.map.anchor(target), image, duration or 0.01)
        )

        def arrive() -> None:
            self.shown_armies[target] = self.shown_armies.get(target, 0) + count

        self.tweens.after(0.6 * self._factor(), arrive)

    def _card_drawn(self, ev: R.CardDrawn) -> None:
        mine = ev.visible_to(self.viewer)
        image = war_card(ev.card, 90, card_name(ev.card)) if mine else war_card_back(90)
        start = (self.map.map_rect.centerx, self.map.map_rect.bottom)
        end = (self.panel.right - 80, self.panel.top + 30)
        self.fx.append(GlidingImage(start, end, image, self._d(0.9) or 0.01))
        self.app.sound.play("card")

    # -- input ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self._on_button(event.ui_element):
            return
        if (
            event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
            and event.ui_element == self.controls.get("until_choice")
        ):
            self.until = int(ui.selected_id(self.controls["until_choice"]))
            return
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            self.refresh_controls()
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = (
                self.map.territory_at(event.pos)
                if self.map.map_rect.collidepoint(event.pos)
                else None
            )
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button in (1, 3)
            and self.map.map_rect.collidepoint(event.pos)
        ):
            territory = self.map.territory_at(event.pos)
            if territory is not None:
                self.click_territory(
                    territory,
                    right=event.button == 3,
                    shift=bool(pygame.key.get_mods() & pygame.KMOD_SHIFT),
                )
                return
        elif event.type == pygame.KEYDOWN and self._on_key(event):
            return
        super().handle_event(event)

    def _on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE and (self.source or self.target):
            self.source = self.target = None
            self.refresh_controls()
            return True
        if event.key == pygame.K_o:
            self.peek_objective()
        elif event.key == pygame.K_c:
            self.show_continents = not self.show_continents
        elif event.key == pygame.K_t:
            self.open_cards()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif event.key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.dice = int(event.unicode or 1)
            self.refresh_controls()
        else:
            return False
        return True

    def _on_button(self, element: Any) -> bool:
        name = next((n for n, w in self.controls.items() if w is element), None)
        if name is None:
            return False
        if name == "objective":
            self.peek_objective()
        elif name == "cards":
            self.open_cards()
        elif name == "place":
            self.confirm_placement()
        elif name == "unplace" and self.buffer is not None:
            self.buffer.clear()
            self.refresh_controls()
        elif name.startswith("dice"):
            self.dice = int(name[-1])
            self.refresh_controls()
        elif name == "roll":
            self.roll()
        elif name == "until":
            self._start_auto()
        elif name == "end_attacks":
            self.submit(R.EndAttacks())
        elif name == "occupy":
            self.submit(R.Occupy(int(self.controls["slider"].get_current_value())))
        elif name == "move":
            self.do_move()
        elif name == "end_turn":
            self.submit(R.EndTurn())
        return True

    def click_territory(self, territory: str, right: bool = False, shift: bool = False) -> None:
        """A click on the map, read in the light of the phase."""
        if not self.my_turn() or self.events or self.auto is not None:
            return
        view = self.view()
        seat = self.viewer
        phase = view.get("phase")
        mine = view["owners"].get(territory) == seat
        if phase == "reinforce" and self.buffer is not None:
            if right:
                if not self.buffer.remove(territory, 5 if shift else 1):
                    self.app.notify(
                        trp("wartable.nothing_to_take_back", territory=territory), "warn"
                    )
            elif not mine:
                self.app.notify(tr("wartable.place_own"), "error")
            elif not self.buffer.add(territory, 5 if shift else 1):
                key = "wartable.none_left" if self.buffer.left == 0 else "wartable.bound_elsewhere"
                self.app.notify(trp(key, territory=territory), "warn")
            else:
                self.app.sound.play("click")
        elif phase == "attack":
            if mine:
                if territory == self.source:
                    self.source = self.target = None
                elif view["armies"].get(territory, 0) < 2:
                    self.app.notify(trp("wartable.need_two", territory=territory), "error")
                else:
                    self.source, self.target = territory, None
                    self.dice = 3
            elif self.source is None:
                self.app.notify(tr("wartable.pick_source"), "warn")
            elif not BOARD.are_neighbors(self.source, territory):
                self.app.notify(
                    trp("wartable.not_neighbour", source=self.source, target=territory), "error"
                )
            elif territory == self.target:
                self.roll()  # a second click on the target rolls
            else:
                self.target = territory
        elif phase == "move":
            movable = view.get("movable") or {}
            if not mine:
                self.app.notify(tr("wartable.move_own"), "error")
            elif self.source is None or territory == self.source:
                if territory == self.source:
                    self.source = self.target = None
                elif movable.get(territory, 0) <= 0:
                    self.app.notify(trp("wartable.nothing_movable", territory=territory), "warn")
                else:
                    self.source, self.target = territory, None
            elif not BOARD.are_neighbors(self.source, territory):
                self.app.notify(
                    trp("wartable.not_neighbour", source=self.source, target=territory), "error"
                )
            else:
                self.target = territory
                self.controls["slider"].value_range = (0, 0)  # force a fresh range
        self.refresh_controls()

    def confirm(self) -> None:
        """Enter: the obvious next step of the phase."""
        phase = self.view().get("phase")
        if phase == "reinforce":
            self.confirm_placement()
        elif phase == "attack":
            self.roll()
        elif phase == "occupy":
            self.submit(R.Occupy(int(self.controls["slider"].get_current_value())))
        elif phase == "move":
            self.do_move()

    def confirm_placement(self) -> None:
        """Send the whole buffer as one `Place`."""
        if self.buffer is None:
            return
        if self.buffer.left:
            self.app.notify(tr("war.ui.pending", count=self.buffer.left), "warn")
            return
        if self.submit(R.Place(self.buffer.placed)):
            self.buffer = None

    def roll(self) -> None:
        """One attack roll with the chosen dice."""
        if self.source is None or self.target is None:
            self.app.notify(tr("wartable.pick_target"), "warn")
            return
        self.submit(R.Attack(self.source, self.target, max(1, min(self.dice, self._max_dice()))))

    def do_move(self) -> None:
        """Move the slider's count from source to target."""
        if self.source is None or self.target is None:
            return
        count = int(self.controls["slider"].get_current_value())
        if self.submit(R.Move(self.source, self.target, count)):
            self.source = self.target = None

    def submit(self, action: Action, seat: int | None = None) -> bool:
        ok = super().submit(action, seat)
        self._view_cache = None
        self.refresh_controls()
        return ok

    def open_cards(self) -> None:
        """The trade dialog (it only trades in the player's reinforcement)."""
        if self.viewer is None:
            self.app.notify(tr("wartable.secrets_hidden"), "warn")
            return
        view = self.view()
        if not view.get("cards"):
            self.app.notify(tr("wartable.no_cards"), "warn")
            return
        self.app.scenes.push(
            TradeDialog(
                self.app,
                self,
                view
                if self.my_turn() and view.get("phase") == "reinforce"
                else {**view, "sets": [], "must_trade": False},
            )
        )

    def peek_objective(self) -> None:
        """Show the viewer's secret objective."""
        if self.viewer is None:
            self.app.notify(tr("wartable.secrets_hidden"), "warn")
            return
        self.app.scenes.push(
            ObjectiveOverlay(self.app, self.view()["objective"], self.seats[self.viewer].name)
        )

    def describe_action(self, action: Action) -> str:
        if isinstance(action, R.Place):
            return tr(
                "wartable.hint_place",
                where=", ".join(
                    f"{territory_name(t)} +{n}" for t, n in sorted(action.armies.items())
                ),
            )
        if isinstance(action, R.Attack):
            return trp(
                "wartable.hint_attack", source=action.source, target=action.target, dice=action.dice
            )
        if isinstance(action, R.Occupy):
            return tr("wartable.occupy", count=action.count)
        if isinstance(action, R.Move):
            return trp(
                "wartable.hint_move", source=action.source, target=action.target, count=action.count
            )
        if isinstance(action, R.Trade):
            return tr("wartable.hint_trade", cards=", ".join(card_name(c) for c in action.cards))
        if isinstance(action, R.EndAttacks):
            return tr("war.actions.end_attacks")
        return tr("war.actions.end_turn")

    def show_hint(self, action: Action) -> None:
        super().show_hint(action)
        if isinstance(action, (R.Attack, R.Move)):
            self.source, self.target = action.source, action.target
        self.refresh_controls()

    # -- the side panel ----------------------------------------------------------------
    def event_extra(self, event: Event) -> dict[str, Any]:
        """Counts in words with their plural ("moves 1 army", not "1 armies")."""
        if isinstance(event, (R.TerritoryOccupied, R.ArmiesMoved)):
            return {"armies": tr("wartable.n_armies", count=event.count)}
        if isinstance(event, R.CardsTransferred):
            return {"cards": tr("wartable.n_cards", count=event.count)}
        return {}

    def event_text(self, event: Event, **extra: Any) -> str:
        """The base's log line, with territories, cards and continents named in the
        language of the moment (worded here, not in `event_extra`, so a log told
        again after a language switch changes its place names too)."""
        fields = {k: v for k, v in event.to_dict().items() if k != "type"}
        named = place_fields(fields)
        places = {k: v for k, v in named.items() if v is not fields[k]}  # seats stay the base's
        return super().event_text(event, **{**places, **extra})

    def seat_lines(self, seat: int) -> list[str]:
        view = self.view()
        if not view["alive"][seat]:
            return [tr("war.ui.eliminated")]
        owned = [t for t, o in view["owners"].items() if o == seat]
        armies = sum(view["armies"][t] for t in owned)
        held = [
            continent_short(c)
            for c in BOARD.continents
            if all(view["owners"][t] == seat for t in BOARD.territories_of(c))
        ]
        lines = [
            tr(
                "wartable.seat_line",
                territories=len(owned),
                armies=tr("wartable.n_armies", count=armies),
                cards=tr("wartable.n_cards", count=view["card_counts"][seat]),
            )
        ]
        if held:
            lines.append(tr("wartable.continents", names=" ".join(held)))
        if seat in self.revealed_seats():  # practice: the bot's secrets, from its own view
            secret = self.match.view(seat)
            if secret.get("objective"):
                lines.append(self.short_objective(secret["objective"]))
            cards = [
                card_name(c.get("territory", "?") if isinstance(c, dict) else str(c))
                for c in secret.get("cards", [])
            ]
            if cards:
                lines.append(", ".join(cards))
        return lines

    @staticmethod
    def short_objective(obj: dict[str, Any]) -> str:
        """A revealed objective in a few words (practice), e.g. "Obj.: Ásia, Am. do Sul"."""
        kind = obj.get("kind")
        if obj.get("fallback"):
            what = objective_text(obj)  # the card's own words say what replaced it
        elif kind == "destroy" and obj.get("target_color"):
            what = tr("life.war.secret_destroy", color=tr(f"war.colors.{obj['target_color']}"))
        elif kind == "territories" or obj.get("territories"):
            what = tr(
                "life.war.secret_territories",
                count=obj.get("territories", 0),
                armies=obj.get("min_armies", 1),
            )
        elif obj.get("continents"):
            names = [continent_compact(c) for c in obj["continents"]]
            if obj.get("extra_continents"):
                names.append(tr("life.war.secret_extra", count=obj["extra_continents"]))
            what = ", ".join(names)
        else:
            what = objective_text(obj)
        return tr("life.war.secret", what=what)

    def status_width(self) -> int:
        tops = [c.rect.left for n, c in self.controls.items() if n in ("cards", "objective")]
        return min([super().status_width(), *(x - 40 for x in tops)])

    def hint_reason(self, action: Action) -> str:
        if isinstance(action, R.Attack):
            view = self.view()
            chance = win_probability(
                view["armies"][action.source] - 1, view["armies"][action.target]
            )
            return tr("life.war.hint_odds", percent=round(100 * chance))
        return ""

    def tutorial_targets(self) -> dict[str, pygame.Rect]:
        out = super().tutorial_targets()
        out.update({"map": self.map.map_rect, "panel": self.panel})
        for name, widget in self.controls.items():
            if getattr(widget, "visible", False) and hasattr(widget, "rect"):
                out[f"button:{name}"] = widget.rect
        return out

    def victory_lines(self) -> list[str]:
        """Every objective, revealed at the end."""
        objectives = self.match.public_view().get("objectives") or {}
        lines = []
        for seat in range(len(self.seats)):
            obj = objectives.get(str(seat))
            if obj:
                lines.append(f"{self.seats[seat].name}: {objective_text(obj)}")
        return lines

    # -- drawing ------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        view = self.view()
        self._paint_map(surface, view)
        for fx in self.fx:
            fx.draw(surface)
        self._paint_panel(surface, view)

    def under_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The wood, the map's shadow and the map without counters, put together
        once per change of owners or size: three large blits a frame were a
        third of the table's frame time."""
        if self.show_continents:
            self.map.set_owner_colours({})
        else:
            self.map.set_owner_colours(
                {t: self.seat_look(o)[0] for t, o in self.shown_owner.items()}
            )
        mr = self.map.map_rect
        key = (size, tuple(mr))
        wood: tuple[Any, pygame.Surface] | None = getattr(self, "_wood", None)
        if wood is None or wood[0] != key:
            surf = style.wood_background(size).copy()
            surf.blit(style.shadow(mr.size, 14, 150), (mr.left - 12, mr.top - 6))
            wood = (key, surf.convert() if pygame.display.get_surface() else surf)
            self._wood = wood
        under: tuple[Any, int, pygame.Surface] | None = getattr(self, "_under", None)
        if under is None or under[0] != key or under[1] != self.map.base_version:
            surf = wood[1].copy()
            self.map.paint_base(surf, mr.topleft)  # straight onto it: no map copy between
            under = (key, self.map.base_version, surf)
            self._under = under
        return under[2]

    def _paint_map(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        # the map itself lies in the layer under the frame (`under_layer`)
        # highlights: hover, selection, reachable neighbours
        seat = self.viewer
        if self.hover:
            self.map.glow(surface, self.hover, (255, 255, 255), 60)
        if self.source:
            self.map.outline(surface, self.source, style.GOLD_LIGHT, 4)
            phase = view.get("phase")
            for n in BOARD.neighbors(self.source):
                enemy = view["owners"].get(n) != seat
                if phase == "attack" and enemy:
                    self.map.outline(surface, n, (220, 60, 50), 2)
                elif phase == "move" and not enemy:
                    self.map.outline(surface, n, (120, 200, 120), 2)
        if self.target:
            self.map.outline(
                surface,
                self.target,
                (255, 90, 70) if view.get("phase") != "move" else (150, 230, 150),
                4,
            )
        counters = []
        big = {t for t in (self.source, self.target) if t}
        for t, owner in self.shown_owner.items():
            colour, emblem = self.seat_look(owner)
            counters.append((t, max(0, self.shown_armies.get(t, 0)), colour, emblem))
        self.map.draw_counters(surface, counters, big)
        self._paint_badges(surface, view)
        if self.hover and (self.practice or self.app.settings.show_odds):
            self._paint_hover_odds(surface, view)

    def _paint_badges(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Unconfirmed reinforcements (+n) and armies still free to move."""
        badges: dict[str, tuple[str, tuple[int, int, int], bool]] = {}
        if self.buffer is not None:
            for t, n in self.buffer.placed.items():
                badges[t] = (f"+{n}", style.GOLD_LIGHT, False)
        if view.get("phase") == "move" and self.my_turn():
            for t, n in (view.get("movable") or {}).items():
                badges[t] = (str(n), (170, 230, 170), True)
        for t, (text, colour, arrow) in badges.items():
            x, y = self.map.anchor(t)
            label = style.render_text(text, 15, colour, "bold", shadow=style.BLACK)
            r = label.get_rect(midleft=(x + (28 if arrow else 14), y - 12))
            box = r.inflate(8, 4)
            if arrow:  # a little two-headed arrow: "can still move"
                box.width += 16
                box.left -= 16
            pygame.draw.rect(surface, (30, 20, 12), box, border_radius=6)
            if arrow:
                ax, ay = box.left + 4, box.centery
                pygame.draw.line(surface, colour, (ax + 2, ay), (ax + 12, ay), 2)
                pygame.draw.polygon(surface, colour, [(ax, ay), (ax + 4, ay - 3), (ax + 4, ay + 3)])
                pygame.draw.polygon(
                    surface, colour, [(ax + 14, ay), (ax + 10, ay - 3), (ax + 10, ay + 3)]
                )
            surface.blit(label, r)

    def _paint_hover_odds(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        if view.get("phase") != "attack" or self.source is None or self.hover is None:
            return
        if view["owners"].get(self.hover) == self.viewer or not BOARD.are_neighbors(
            self.source, self.hover
        ):
            return
        able = view["armies"].get(self.source, 0) - 1
        text = self.odds_text(able, view["armies"].get(self.hover, 0))
        mx, my = pygame.mouse.get_pos()
        label = style.render_text(text, 15, style.CREAM, "bold")
        r = label.get_rect(topleft=(mx + 16, my + 16)).inflate(12, 8)
        pygame.draw.rect(surface, (30, 20, 12), r, border_radius=6)
        pygame.draw.rect(surface, style.GOLD, r, width=1, border_radius=6)
        surface.blit(label, r.inflate(-12, -8))

    def odds_text(self, able: int, defenders: int, until: int = 0) -> str:
        """ "Chance to conquer: 73%" (or, with `until`, the chance of "attack until
        `until` are left"); "…" while a big battle is still being swept."""
        stop = until_stop(until)
        p = self.odds.get(able, defenders, stop) if able > stop else 0.0
        if until:
            if p is None:
                return tr("wartable.odds_until_pending", count=until)
            return tr("wartable.odds_until", percent=round(p * 100), count=until)
        if p is None:
            return tr("war.ui.odds_pending")
        return tr("war.ui.odds", percent=round(p * 100))

    def exit(self) -> None:
        self.odds.close()
        super().exit()

    def _paint_panel(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        p = self.panel
        surface.blit(style.parchment(p.size), p.topleft)
        self._paint_legend(surface, view)
        x = p.left + 18
        width = self._text_width()
        lines = self._panel_text(view)
        y = p.top + 12
        for i, (text, size, colour, kind) in enumerate(lines):
            for line in style.wrap_text(text, size, width, kind)[:2]:
                if y + size > p.bottom - 6:
                    return
                style.blit_text(surface, line, size, (x, y), colour, kind=kind)
                y += size + (8 if i == 0 else 5)

    def _paint_legend(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Continents, their bonus and who holds each, along the panel's foot."""
        p = self.panel
        if p.height < 150:
            return
        y = p.bottom - 34
        pygame.draw.line(surface, style.GOLD_DARK, (p.left + 14, y - 8), (p.right - 14, y - 8), 1)
        owners = view.get("owners", {})
        width = p.width - 28
        conts = list(BOARD.continents)
        held: dict[str, int | None] = {}
        for c in conts:
            holders = {owners.get(t) for t in BOARD.territories_of(c)}
            held[c] = (
                int(next(iter(holders))) if len(holders) == 1 and None not in holders else None
            )  # type: ignore[arg-type]

        size = 14

        def need(c: str, name: str) -> int:  # swatch, label, the holder's emblem, a gap
            label = f"{name} +{BOARD.bonus(c)}"
            return 20 + style.font(size).size(label)[0] + (22 if held[c] is not None else 0) + 8

        names = {c: continent_name(c) for c in conts}
        if sum(need(c, names[c]) for c in conts) > width:
            names = {c: continent_compact(c) for c in conts}
        while size > 11 and sum(need(c, names[c]) for c in conts) > width:
            size -= 1
        # Each slot is as wide as its label needs, the rest shared out evenly.
        spare = max(0, width - sum(need(c, names[c]) for c in conts)) // len(conts)
        x = p.left + 14
        for c in conts:
            slot = need(c, names[c]) + spare
            pygame.draw.rect(
                surface,
                CONTINENT_TINTS.get(c, style.PARCHMENT_DARK),
                pygame.Rect(x, y + 4, 14, 14),
                border_radius=3,
            )
            pygame.draw.rect(
                surface, style.INK, pygame.Rect(x, y + 4, 14, 14), width=1, border_radius=3
            )
            label = f"{names[c]} +{BOARD.bonus(c)}"
            r = style.blit_text(surface, label, size, (x + 20, y + 2), style.INK)
            holder = held[c]
            if holder is not None:  # right after its own continent's name
                colour, emblem = self.seat_look(holder)
                style.draw_emblem(surface, emblem, (r.right + 12, y + 11), 8, colour)
            x += slot

    def _text_width(self) -> int:
        visible = [w for w in self.controls.values() if w.visible]
        left_edge = min((w.rect.left for w in visible), default=self.panel.right - 20)
        return max(160, left_edge - self.panel.left - 36)

    def _panel_text(self, view: dict[str, Any]) -> list[tuple[str, int, tuple[int, int, int], str]]:
        """What the bottom panel says: phase title and the facts that matter now."""
        out: list[tuple[str, int, tuple[int, int, int], str]] = []
        phase = view.get("phase", "over")
        current = view.get("current")
        if phase == "over" or current is None:
            return [(tr("war.phases.over"), 26, style.INK, "serif")]
        who = self.seats[current].name
        # while the dice of a conquest still roll, "Occupy" would tell the result
        shown = "attack" if phase == "occupy" and self.battle_in_flight() else phase
        title = tr(
            "wartable.phase_title",
            phase=tr(f"war.phases.{shown}"),
            name=who,
            round=view.get("round", 1),
        )
        out.append((title, 24, style.INK, "serif"))
        if not self.my_turn():
            if self.worker.busy:
                out.append((tr("ui.table.thinking", name=who), 16, style.INK_SOFT, "sans"))
            battle = view.get("last_battle")
            if battle and phase in ("attack", "occupy") and not self.battle_in_flight():
                out.append((self._battle_text(battle), 16, style.INK, "sans"))
            return out
        if phase == "reinforce" and self.buffer is not None:
            out.append(
                (
                    tr("war.ui.pending", count=self.buffer.left),
                    18,
                    style.RED if self.buffer.left else style.INK,
                    "bold",
                )
            )
            bound = [
                trp("war.ui.pending_continent", count=n, continent=c)
                for c, n in self.buffer.bound.items()
                if n
            ]
            if bound:
                out.append(("  ·  ".join(bound), 15, style.INK, "sans"))
            out.append((tr("wartable.place_help"), 14, style.INK_SOFT, "sans"))
        elif phase == "attack":
            if self.source and self.target:
                able = view["armies"].get(self.source, 0) - 1
                defenders = view["armies"].get(self.target, 0)
                out.append(
                    (
                        trp(
                            "wartable.attack_line",
                            source=self.source,
                            a=view["armies"].get(self.source, 0),
                            target=self.target,
                            d=defenders,
                        ),
                        17,
                        style.INK,
                        "bold",
                    )
                )
                if self.practice or self.app.settings.show_odds:
                    text = self.odds_text(able, defenders)
                    if self.until:
                        text += "  ·  " + self.odds_text(able, defenders, self.until)
                    out.append((text, 15, style.INK, "sans"))
            elif self.source:
                out.append(
                    (trp("wartable.pick_target_line", source=self.source), 16, style.INK, "sans")
                )
            else:
                out.append((tr("wartable.attack_help"), 15, style.INK_SOFT, "sans"))
        elif phase == "occupy":
            occ = view.get("occupy") or {}
            out.append(
                (
                    trp(
                        "wartable.occupy_help",
                        target=occ.get("target", "?"),
                        high=occ.get("max", 1),
                    ),
                    16,
                    style.INK,
                    "sans",
                )
            )
        elif phase == "move":
            if self.source and self.target:
                out.append(
                    (
                        trp("wartable.move_line", source=self.source, target=self.target),
                        16,
                        style.INK,
                        "bold",
                    )
                )
            out.append((tr("wartable.move_help"), 14, style.INK_SOFT, "sans"))
        return out

    def _battle_text(self, b: dict[str, Any]) -> str:
        """The last roll in words, dice included."""
        return trp(
            "wartable.last_battle",
            source=b["source"],
            target=b["target"],
            attack="-".join(str(d) for d in b["attack_dice"]),
            defence="-".join(str(d) for d in b["defense_dice"]),
            lost_a=b["attacker_losses"],
            lost_d=b["defender_losses"],
        )

    def draw_status(self, surface: pygame.Surface) -> None:
        view = self.view()
        if view.get("phase") == "over":
            super().draw_status(surface)
            return
        text = tr(
            "wartable.status",
            round=view.get("round", 1),
            turn=view.get("turn", 0),
            deck=tr("wartable.n_cards", count=view.get("deck_size", 0)),
            value=tr("wartable.n_armies", count=view.get("next_trade_value", 0)),
        )
        self.blit_status(surface, text + self.skip_note(), 18)


@cache
def war_card_back(width: int) -> pygame.Surface:
    """The back of a territory card (someone else's draw)."""
    from scenes.widgets.cards import back_surface

    return back_surface(width, "forest")
