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

from game import Action, Event
from game.core import TableMatch
from game.war import BOARD
from game.war import records as R
from scenes import style
from scenes.i18n import tr
from scenes.paths import ASSETS
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from scenes.tables.war.animations import WarAnimations
from scenes.tables.war.clicks import WarClicks
from scenes.tables.war.dialogs import TradeDialog, objective_text
from scenes.tables.war.effects import BattleFx, Effect
from scenes.tables.war.focus import WarFocus
from scenes.tables.war.layout import WarLayout
from scenes.tables.war.look import army_look
from scenes.tables.war.odds_worker import OddsWorker
from scenes.tables.war.painting import MapFrame, WarPainter
from scenes.tables.war.panel_words import WarPanelWords, place_words
from scenes.tables.war.placement import PlacementBuffer
from scenes.tables.war.places import (
    card_name,
    territory_name,
    trp,
)
from scenes.tables.war.until import AttackUntil, Stopped
from scenes.widgets.map_view import MapData, MapView

if TYPE_CHECKING:
    from scenes.manager import AppHost


@cache
def map_data() -> MapData:
    """The world map asset, read once."""
    return MapData.load(ASSETS / "war" / "map.json")


class WarTable(WarLayout, WarClicks, WarFocus, WarPanelWords, TableScene):
    """Plays a `WarMatch`."""

    BOT_PACE = 0.12
    #: how long others' moves animate, as a share of the viewer's own
    OTHERS_TEMPO = 0.5
    KEY_LINES = tuple(
        f"wartable.keys.{k}"
        for k in ("territory", "enter", "dice", "back", "cards", "objective", "continents")
    )

    def __init__(
        self,
        app: AppHost,
        match: TableMatch,
        seats: list[SeatSetup],
        practice: bool = False,
        **hooks: Any,
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
        #: effects over the map (dice, floating numbers, gliding counters and cards)
        self.fx: list[Effect] = []
        #: "attack until" while it rolls on
        self.auto: AttackUntil | None = None
        self.hover: str | None = None
        self.show_continents = False
        self.turn_key: tuple[Any, ...] = ()
        self.trade_offered_for: tuple[int, int] | None = None
        self.controls: dict[str, Any] = {}
        self.panel = pygame.Rect(0, 0, 1, 1)
        self.right = pygame.Rect(0, 0, 1, 1)
        self._view_cache: tuple[tuple[int, int | None], dict[str, Any]] | None = None
        #: the chances on screen, swept off the render loop for big stacks
        self.odds = OddsWorker()
        #: (log length, attack) of a hint waiting for its odds from `odds`
        self._hint_waiting: tuple[int, R.Attack] | None = None
        self.painter = WarPainter(self.map, self.seat_look)
        self.anim = WarAnimations(
            self.map,
            self.shown_owner,
            self.shown_armies,
            self.fx,
            self.tweens,
            lambda: self.auto is not None,
        )

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
                self.app.scenes.push(TradeDialog(self.app, self.submit, view))
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
        # the same dicts, refilled: the animations hold them
        self.shown_owner.clear()
        self.shown_owner.update(view["owners"])
        self.shown_armies.clear()
        self.shown_armies.update(view["armies"])
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
            self.continue_until()
        if self._hint_waiting is not None:
            stamp, attack = self._hint_waiting
            if stamp != len(self.match.log):  # the person moved on: the hint is stale
                self._hint_waiting = None
            elif self.attack_odds(attack) is not None:
                self._hint_waiting = None
                self.show_hint(attack)

    # -- attack until -------------------------------------------------------------------
    def start_until(self) -> None:
        """Roll on from the source at the target until the chosen stop."""
        if self.source is None or self.target is None:
            return
        start = self.view()["armies"].get(self.source, 0)
        self.auto = AttackUntil(self.source, self.target, self.until, start)
        self.refresh_controls()

    def continue_until(self) -> None:
        """The next roll of "attack until", or its end told."""
        auto = self.auto
        assert auto is not None
        view = self.match.view(self.viewer) if self.viewer is not None else {}
        step = auto.next_roll(view, self.viewer, self.match.to_move)
        if isinstance(step, Stopped):
            self.auto = None
            key = "wartable.until_won" if step.won else "wartable.until_stopped"
            self.app.notify(
                tr(
                    key,
                    target=auto.target,
                    rolls=tr("wartable.n_rolls", count=step.rolls),
                    lost=tr("wartable.n_armies", count=step.lost),
                )
            )
            self.sync()
            return
        self.submit(step)

    # -- events on screen -----------------------------------------------------------------
    def play_event(self, event: Event) -> None:
        # A person's own moves play at full length; everyone else's (bots, the
        # other humans' already-seen turns) briskly ([issue 11] pace).
        actor = getattr(event, "seat", None)
        self.anim.tempo = 1.0 if actor is not None and actor == self.viewer else self.OTHERS_TEMPO
        if not isinstance(event, R.BattleFought):  # a battle is logged when its dice land
            self.log_event(event)
        self._view_cache = None
        if isinstance(event, R.TerritoriesDealt):
            self.anim.deal(event)
            self.app.sound.play("shuffle")
        elif isinstance(event, R.ArmiesPlaced):
            self.anim.placed(event)
            self.app.sound.play("chips")
        elif isinstance(event, R.CardsTraded):
            self.anim.traded(event)
            self.app.sound.play("card")
        elif isinstance(event, R.BattleFought):
            battle = event
            self.anim.battle(battle, len(self.match.log), lambda: self.log_event(battle))
            self.app.sound.play("dice")
        elif isinstance(event, R.TerritoryConquered):
            self.anim.conquered(event)
            self.app.sound.play("chips")
        elif isinstance(event, (R.TerritoryOccupied, R.ArmiesMoved)):
            self.anim.glide(event.source, event.target, event.count, self.seat_look(event.seat))
        elif isinstance(event, R.CardDrawn):
            self.anim.card_drawn(event, event.visible_to(self.viewer), self.panel)
            self.app.sound.play("card")
        elif isinstance(event, R.PlayerEliminated):
            text = self.said_of("wartable.eliminated", event.seat, name=self.seats[event.seat].name)
            self.anim.announce(text, style.RED, 2.0, 34)
        elif isinstance(event, R.TurnStarted):
            self.source = self.target = None
            if self.is_human(event.seat):
                self.app.sound.play("click")

    def event_text(self, event: Event, **extra: Any) -> str:
        """The base's log line, with territories, cards and continents named in the
        language of the moment (worded here, not in `event_extra`, so a log told
        again after a language switch changes its place names too)."""
        return super().event_text(event, **{**place_words(event), **extra})

    # -- painting ------------------------------------------------------------------------
    def under_layer(self, size: tuple[int, int]) -> pygame.Surface:
        return self.painter.under_layer(size, None if self.show_continents else self.shown_owner)

    def draw_table(self, surface: pygame.Surface) -> None:
        view = self.view()
        frame = MapFrame(
            view=view,
            viewer=self.viewer,
            owners=self.shown_owner,
            armies=self.shown_armies,
            hover=self.hover,
            source=self.source,
            target=self.target,
            placed=self.buffer.placed if self.buffer is not None else {},
            my_turn=self.my_turn(),
            show_odds=self.practice or self.app.settings.show_odds,
            odds=self.odds,
        )
        self.painter.draw_map(surface, frame)
        for fx in self.fx:
            fx.draw(surface)
        self.painter.draw_panel(
            surface, self.panel, view, self._panel_text(view), self._text_width()
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

    # -- input ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.on_input(event):
            super().handle_event(event)

    def submit(self, action: Action, seat: int | None = None) -> bool:
        ok = super().submit(action, seat)
        self._view_cache = None
        self.refresh_controls()
        return ok

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
        if isinstance(action, R.Attack) and self.attack_odds(action) is None:
            # Big stacks: the odds worker sweeps the battle; the hint (with its
            # chance) shows once that is done, never by a sweep on the render loop.
            self._hint_waiting = (len(self.match.log), action)
            return
        super().show_hint(action)
        if isinstance(action, (R.Attack, R.Move)):
            self.source, self.target = action.source, action.target
        self.refresh_controls()

    # -- the side panel ----------------------------------------------------------------
    def status_width(self) -> int:
        tops = [c.rect.left for n, c in self.controls.items() if n in ("cards", "objective")]
        return min([super().status_width(), *(x - 40 for x in tops)])

    def hint_reason(self, action: Action) -> str:
        chance = self.attack_odds(action) if isinstance(action, R.Attack) else None
        if chance is None:
            return ""
        return tr("life.war.hint_odds", percent=round(100 * chance))

    def attack_odds(self, attack: R.Attack) -> float | None:
        """P(conquest) of attacking until conquest from the source, by the same
        worker as the odds on hover (None while a big battle is swept)."""
        armies = self.view()["armies"]
        return self.odds.get(max(0, armies[attack.source] - 1), armies[attack.target])

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

    # -- leaving -------------------------------------------------------------------------
    def exit(self) -> None:
        self.odds.close()
        super().exit()
