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

from game import Action, Match
from game.war import BOARD
from game.war import records as R
from scenes.i18n import tr
from scenes.paths import ASSETS
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from scenes.tables.war.animations import WarAnimations
from scenes.tables.war.clicks import WarClicks
from scenes.tables.war.dialogs import TradeDialog, objective_text
from scenes.tables.war.effects import BattleFx
from scenes.tables.war.layout import WarLayout
from scenes.tables.war.look import army_look
from scenes.tables.war.odds_worker import OddsWorker
from scenes.tables.war.painting import WarPainting
from scenes.tables.war.panel_words import WarPanelWords
from scenes.tables.war.placement import PlacementBuffer
from scenes.tables.war.places import (
    card_name,
    territory_name,
    trp,
)
from scenes.widgets.map_view import MapData, MapView

if TYPE_CHECKING:
    from scenes.manager import AppHost


@cache
def map_data() -> MapData:
    """The world map asset, read once."""
    return MapData.load(ASSETS / "war" / "map.json")


class WarTable(WarLayout, WarClicks, WarAnimations, WarPanelWords, WarPainting, TableScene):
    """Plays a `WarMatch`."""

    BOT_PACE = 0.12
    #: how long others' moves animate, as a share of the viewer's own
    OTHERS_TEMPO = 0.5

    def __init__(
        self,
        app: AppHost,
        match: Match,
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
        #: (log length, attack) of a hint waiting for its odds from `odds`
        self._hint_waiting: tuple[int, R.Attack] | None = None

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
        if self._hint_waiting is not None:
            stamp, attack = self._hint_waiting
            if stamp != len(self.match.log):  # the person moved on: the hint is stale
                self._hint_waiting = None
            elif self.attack_odds(attack) is not None:
                self._hint_waiting = None
                self.show_hint(attack)

    # -- input ------------------------------------------------------------------------
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
