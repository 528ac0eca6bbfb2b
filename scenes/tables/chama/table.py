"""The Chama table: every seat's formation, pool and piles, the battle in the
centre, the turn bar, the hand, and the controls.

The scene holds no rules. What may be clicked is what `legal_actions` lists;
a click the engine refuses comes back with the rule's own reason. Engine
events drive the animations (cards flying, realms razed, spoils drawn).
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import Action, Event, Match
from game.cards import Card, parse_card
from game.chama import actions as A
from game.chama import events as E
from game.chama.rules import role
from scenes import style, ui
from scenes.i18n import has, language, tr
from scenes.tables.base import SeatSetup, TableScene
from scenes.tables.chama import layout as L
from scenes.tables.chama.battle_view import draw_battle, draw_spoils, geometry
from scenes.tables.chama.calculator import battle_calc
from scenes.tables.chama.controls import ControlRow, Entry, button_actions, button_label
from scenes.tables.chama.display import Display
from scenes.tables.chama.effects import XisumDuel
from scenes.tables.chama.formation_view import AreaMarks, AreaPainter, unit_rects
from scenes.tables.chama.hints import hint_text, pretty
from scenes.tables.chama.look import LEGAL, chama_back, chama_card, seat_colour, seat_emblem
from scenes.tables.chama.turn_bar import Badge, TurnBarState, draw_turn_bar
from scenes.tables.war.effects import FloatingText, MovingArmy

if TYPE_CHECKING:
    from scenes.app import App

ROLE_ORDER = {"realm": 0, "commander": 1, "army": 2, "armistice": 3}
SLOTS = "ABCDEF"
FLY = 0.38  # seconds a card takes to cross the table at normal speed


def _needs_target(action: Action) -> bool:
    """Whether a card move also names a slot, a commander or a player."""
    return any(hasattr(action, k) for k in ("slot", "uid", "target"))


def hand_order(codes: list[str]) -> list[str]:
    """The hand as shown: realms, commanders, armies, armistices; high first."""
    return sorted(codes, key=lambda c: (ROLE_ORDER[role(parse_card(c))], -parse_card(c).rank, c))


class ChamaTable(TableScene):
    """Plays a `ChamaMatch`."""

    BOT_PACE = 0.35

    def __init__(
        self, app: App, match: Match, seats: list[SeatSetup], practice: bool = False, **hooks: Any
    ) -> None:
        super().__init__(app, match, seats, practice=practice, **hooks)
        self.lay: L.Layout | None = None
        self.display = Display()
        self._view_cache: tuple[tuple[int, int | None], dict[str, Any]] | None = None
        self.settled: dict[str, Any] = self.current_view()
        self.fx: list[Any] = []
        self.row: ControlRow | None = None
        self.selected: str | None = None  # a hand card (code)
        self.selected_unit: int | None = None
        self.rebuild_slot: int | None = None
        self.rebuild_pick: list[str] = []
        self.xisum_unit: int | None = None
        self.drag: dict[str, Any] | None = None
        self.hover: tuple[str, int, int] | None = None
        self.show_hands = False
        self.show_calc = practice
        self.pulse = 0.0
        self.turn_key: tuple[Any, ...] = ()
        self.last_result = ""
        self.extra_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.battle_geo = None
        self._xisum_commander: str | None = None
        self.painter = AreaPainter()
        self._bar: tuple[Any, pygame.Surface] | None = None
        self._felt: tuple[Any, pygame.Surface] | None = None
        self._warm: list[tuple[Card, int]] = []
        self.badge_rects: list[tuple[pygame.Rect, Badge]] = []
        self.hint_mark: tuple[str, int, int] | None = None

    # -- views ------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """The viewer's view, computed once per change of the match."""
        key = (len(self.match.log), self.viewer)
        if self._view_cache is None or self._view_cache[0] != key:
            self._view_cache = (key, self.current_view())
        return self._view_cache[1]

    def shown(self) -> dict[str, Any]:
        """What the table paints now: the animated copy, or the engine's view."""
        return self.display.view if self.display.view is not None else self.view()

    def my_turn(self) -> bool:
        """True when the person at the screen must act now (and nothing is moving)."""
        return (
            self.viewer is not None
            and self.viewer in self.match.to_move
            and self.is_human(self.viewer)
            and not self.events
            and not self.fx
        )

    def legal(self) -> list[Action]:
        """The viewer's legal moves now (none when it is not his move)."""
        if not self.my_turn() or self.viewer is None:
            return []
        return self.match.legal_actions(self.viewer)

    def bottom_seat(self) -> int:
        """Who sits at the bottom: the person at the screen, else the first human, else 0."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else 0

    @property
    def duplas(self) -> bool:
        """Duplas mode ([C14])."""
        return self.settled.get("mode") == "duplas"

    def seat_look(self, seat: int) -> tuple[tuple[int, int, int], str]:
        return seat_colour(seat, self.duplas), seat_emblem(seat)

    # -- layout -----------------------------------------------------------------
    def layout(self) -> None:
        self.painter.clear()
        self.lay = L.compute(self.app.size, len(self.seats), self.bottom_seat())
        lay = self.lay
        n = max(1, len(self.seats))
        seat_h = min(n * 74, int(lay.right.height * 0.5))
        self.seat_panel.set_rect(
            pygame.Rect(lay.right.left + 14, lay.right.top, lay.right.width - 14, seat_h)
        )
        self.log.set_rect(
            pygame.Rect(
                lay.right.left,
                lay.right.top + seat_h + 6,
                lay.right.width,
                lay.right.height - seat_h - 6,
            )
        )
        self.row = ControlRow(self.app.ui_manager, self.ui, lay.controls)
        suits = [p["suit"] for p in self.settled["players"]]
        self._warm = [
            (parse_card(f"{r}{s}"), w)
            for w in self.warm_sizes()
            for s in suits
            for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
        ]
        self.extra_buttons = {}
        left_of = min((b.rect.left for b in self.buttons.values()), default=self.app.size[0] - 16)
        if self.practice:
            for i, name in enumerate(("hands", "calc")):
                self.extra_buttons[name] = ui.button(
                    pygame.Rect(left_of - (i + 1) * 128, 12, 120, 36),
                    tr(f"chamatable.practice.{name}"),
                    self.app.ui_manager,
                    self.ui,
                    tooltip=tr(f"chamatable.practice.{name}_tip"),
                )
            if len(self.humans) > 1:
                self.extra_buttons["hands"].disable()
        self.refresh_controls()

    def _relayout_if_rotated(self) -> None:
        if self.lay is not None and self.lay.positions.get(self.bottom_seat()) != "bottom":
            self.lay = L.compute(self.app.size, len(self.seats), self.bottom_seat())

    # -- the flow -----------------------------------------------------------------
    def animating(self) -> bool:
        return bool(self.fx)

    def update(self, dt: float) -> None:
        self.pulse = (self.pulse + dt) % 1.6
        if self._warm:
            self._warm_up()
        for fx in list(self.fx):
            fx.update(dt)
            if fx.done:
                self.fx.remove(fx)
        busy = bool(self.events) or bool(self.fx) or self.tweens.busy
        super().update(dt)
        if not self.events and not self.fx and not self.tweens.busy:
            if self.display.view is not None or busy:
                self.display.stop()
                self._view_cache = None
                self.settled = self.view()
                human = self.human_to_act()
                if human is not None and human == self.viewer:
                    self.on_human_turn(human)  # the same frame the table settles
                self.refresh_controls()
        elif self.display.view is None:
            self.display.start(self.settled)

    def sync(self) -> None:
        """Snap to the engine (undo, load, curtain)."""
        self._view_cache = None
        self.display.stop()
        self.fx.clear()
        self.settled = self.view()
        self._clear_selection()
        self._relayout_if_rotated()
        self.turn_key = ()
        self.refresh_controls()

    def on_human_turn(self, seat: int) -> None:
        self._relayout_if_rotated()
        view = self.view()
        key = (seat, len(self.match.log), view.get("phase"))
        if key == self.turn_key:
            return
        self.turn_key = key
        self._clear_selection(keep_rebuild=False)
        spoils = view.get("spoils_card")
        if spoils and view.get("phase") == "spoils":
            self.selected = spoils
        self.refresh_controls()

    def _clear_selection(self, keep_rebuild: bool = False) -> None:
        self.hint_mark = None
        self.selected = None
        self.selected_unit = None
        self.xisum_unit = None
        if not keep_rebuild:
            self.rebuild_slot = None
            self.rebuild_pick = []

    def submit(self, action: Action, seat: int | None = None) -> bool:
        self.display.start(self.view())
        ok = super().submit(action, seat)
        self._view_cache = None
        if ok:
            self._clear_selection()
        else:
            self.display.stop()
        self.refresh_controls()
        return ok

    # -- controls -----------------------------------------------------------------
    def refresh_controls(self) -> None:
        """Buttons and prompt for the viewer's move now."""
        if self.row is None:
            return
        legal = self.legal()
        view = self.view()
        phase = str(view.get("phase"))
        entries: list[Entry] = []
        if not legal:
            self.row.set([], self._waiting_prompt(view))
            return
        if self.rebuild_slot is not None:
            entries.append(
                Entry(
                    tr("chamatable.rebuild.confirm", count=len(self.rebuild_pick)),
                    self._do_rebuild,
                    primary=True,
                    enabled=len(self.rebuild_pick) == 3,
                )
            )
            entries.append(Entry(tr("ui.common.back"), self._cancel_rebuild))
            self.row.set(entries, tr("chamatable.prompt.rebuild", slot=SLOTS[self.rebuild_slot]))
            return
        for action in button_actions(legal):
            name = type(action).__name__
            run = self._runner(action, forced=len(legal) == 1)
            primary = len(legal) == 1 or (
                name in ("EndStep", "ContinueBattle", "KeepHand", "Stop")
                and not (name == "Stop" and self._can_turn_battle(legal))
            )
            label = button_label(action, phase)
            b = view.get("battle")
            if name == "Stop" and b and self.viewer not in (b["attacker"], b["defender"]):
                label = tr("chamatable.buttons.stay_out")  # an Aliados helper [C15]
            entries.append(Entry(label, run, primary=primary, action=action))
        self.row.set(entries, self._prompt(view, legal))

    def _can_turn_battle(self, legal: list[Action]) -> bool:
        return any(isinstance(a, (A.Reinforce, A.PlayArmistice)) for a in legal)

    def _runner(self, action: Action, forced: bool = False) -> Any:
        if isinstance(action, A.Redraw):
            return lambda: self.app.confirm(
                tr("chamatable.redraw.title"),
                tr("chamatable.redraw.message"),
                lambda: self.submit(action),
                yes=tr("chamatable.redraw.yes"),
            )
        if isinstance(action, A.Decline) and not forced:  # a forced decline needs no warning
            return lambda: self.app.confirm(
                tr("chamatable.decline.title"),
                tr("chamatable.decline.message"),
                lambda: self.submit(action),
                yes=tr("chamatable.decline.yes"),
            )
        return lambda: self.submit(action)

    def _waiting_prompt(self, view: dict[str, Any]) -> str:
        if self.match.is_over:
            return tr("chamatable.prompt.over")
        movers = self.match.to_move
        if not movers:
            return ""
        return tr("chamatable.prompt.waiting", name=self.seats[movers[0]].name)

    def _prompt(self, view: dict[str, Any], legal: list[Action]) -> str:
        phase = view.get("phase")
        b = view.get("battle")
        if phase == "mulligan":
            return tr("chamatable.prompt.mulligan")
        if phase == "realm":
            if self.xisum_unit is not None:
                return tr("chamatable.prompt.xisum_target")
            if self.selected:
                return tr("chamatable.prompt.realm_selected", card=pretty(self.selected))
            xisum = (
                " " + tr("chamatable.prompt.xisum_offer")
                if any(isinstance(a, A.CallXisum) for a in legal)
                else ""
            )
            rebuild = (
                " " + tr("chamatable.prompt.rebuild_too")
                if any(isinstance(a, A.RebuildRealm) for a in legal)
                else ""
            )
            if any(isinstance(a, A.PlayRealm) for a in legal):
                return tr("chamatable.prompt.realm") + rebuild + xisum
            if any(isinstance(a, A.RebuildRealm) for a in legal):
                return tr("chamatable.prompt.rebuild_offer")
            if any(isinstance(a, A.Redraw) for a in legal):
                return tr("chamatable.prompt.redraw")
            return tr("chamatable.prompt.realm_none")
        if phase == "pool":
            if self.selected:
                return tr("chamatable.prompt.attach", card=pretty(self.selected))
            return tr("chamatable.prompt.pool")
        if phase == "attack":
            return tr("chamatable.prompt.attack")
        if phase == "spoils":
            card = view.get("spoils_card")
            kind = role(parse_card(card)) if card else "none"
            if len(legal) == 1:  # only keeping it is allowed (a helper, or outside one's turn)
                return tr("chamatable.prompt.spoils_keep")
            return tr(f"chamatable.prompt.spoils_{kind}")
        if phase == "discard":
            over = len(view.get("hand") or []) - 8
            return tr("chamatable.prompt.discard", count=max(1, over))
        if phase == "battle" and b:
            stage = b["stage"]
            if stage == "present_attacker":
                return tr("chamatable.prompt.present_attack")
            if stage == "present_defender":
                return tr("chamatable.prompt.present_defense", name=self.seats[b["attacker"]].name)
            if stage == "continue":
                return tr("chamatable.prompt.continue")
            if stage == "fight":
                if self.viewer not in (b["attacker"], b["defender"]):
                    return tr("chamatable.prompt.ally", side=tr(f"chama.sides.{b.get('losing')}"))
                return tr("chamatable.prompt.fight")
        return ""

    # -- clicks ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if self.row is not None and self.row.press(event.ui_element):
                return
            if event.ui_element is self.extra_buttons.get("hands"):
                self.toggle_hands()
                return
            if event.ui_element is self.extra_buttons.get("calc"):
                self.show_calc = not self.show_calc
                return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.target_at(event.pos)
            if self.drag is not None:
                self.drag["pos"] = event.pos
                if (
                    abs(event.pos[0] - self.drag["start"][0])
                    + abs(event.pos[1] - self.drag["start"][1])
                    > 8
                ):
                    self.drag["moving"] = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.target_at(event.pos)
            if hit is not None and hit[0] == "hand":
                self.drag = {
                    "code": self._hand_codes()[hit[2]],
                    "start": event.pos,
                    "pos": event.pos,
                    "moving": False,
                }
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            drag, self.drag = self.drag, None
            hit = self.target_at(event.pos)
            if drag is not None and drag["moving"]:
                self.drop(drag["code"], hit)
            elif hit is not None:
                self.click(hit)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self._clear_selection()
            self.refresh_controls()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE:
                self.fx.clear()  # skip the animations; the base finishes its tweens
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row is not None:
                entry = self.row.first_primary()
                if entry is not None:
                    entry.run()
                return
            if event.key == pygame.K_h and self.practice:
                self.toggle_hands()
                return
            if event.key == pygame.K_c and self.practice:
                self.show_calc = not self.show_calc
                return
            if event.key == pygame.K_ESCAPE and (
                self.selected or self.rebuild_slot is not None or self.xisum_unit
            ):
                self._clear_selection()
                self.refresh_controls()
                return
        super().handle_event(event)

    def toggle_hands(self) -> None:
        """Practice: show or hide the bots' hands (never with two people at the screen)."""
        if not self.practice or len(self.humans) > 1:
            return
        self.show_hands = not self.show_hands

    def calc_room(self, view: dict[str, Any]) -> int:
        """Width kept in the hand strip for the battle calculator (0 when not shown)."""
        if not self.show_calc or self.lay is None or battle_calc(view) is None:
            return 0
        return min(380, int(self.lay.hand.width * 0.42))

    def _hand_codes(self) -> list[str]:
        return hand_order(list(self.shown().get("hand") or []))

    def target_at(self, pos: tuple[int, int]) -> tuple[str, int, int] | None:
        """What is under the mouse: ("hand", seat, index), ("slot", seat, i),
        ("unit", seat, uid), ("battle", 0, 0) or ("area", seat, 0)."""
        lay = self.lay
        if lay is None:
            return None
        view = self.shown()
        if self.viewer is not None:
            rects = lay.hand_cards(len(view.get("hand") or []), self.calc_room(view))
            for i in range(len(rects) - 1, -1, -1):
                if rects[i].collidepoint(pos):
                    return ("hand", self.viewer, i)
        for seat, area in lay.areas.items():
            for i in reversed(area.slot_order()):
                if area.slots[i].collidepoint(pos):
                    return ("slot", seat, i)
            for uid, r in unit_rects(area, view["players"][seat]["pool"]).items():
                if (
                    r.inflate(0, round(area.card_h * 0.45))
                    .move(0, round(area.card_h * 0.22))
                    .collidepoint(pos)
                ):
                    return ("unit", seat, uid)
        if lay.centre.collidepoint(pos):
            return ("battle", 0, 0)
        for seat, area in lay.areas.items():
            if area.rect.collidepoint(pos):
                if area.pool.collidepoint(pos):
                    return ("pool", seat, 0)
                return ("area", seat, 0)
        return None

    def click(self, hit: tuple[str, int, int]) -> None:
        """A click on the table, read in the light of what the engine asks now."""
        kind, seat, idx = hit
        if not self.my_turn():
            if kind in ("hand", "slot", "unit"):
                self.app.notify(self._waiting_prompt(self.view()), "warn")
            return
        view = self.view()
        me = self.viewer
        phase = view.get("phase")
        legal = self.legal()
        if kind == "hand":
            self.click_card(self._hand_codes()[idx], view, legal)
        elif kind == "slot" and seat == me:
            self.click_own_slot(idx, view, legal)
        elif kind == "slot":
            if phase == "attack":
                self.submit(A.Attack(seat, SLOTS[idx]))
            elif self.xisum_unit is not None:
                self.submit(A.CallXisum(self.xisum_unit, seat))
            else:
                self.app.notify(tr("chamatable.why.not_attack_step"), "warn")
        elif kind == "unit" and seat == me:
            self.click_own_unit(idx, view, legal)
        elif kind == "area" and seat != me and self.xisum_unit is not None:
            self.submit(A.CallXisum(self.xisum_unit, seat))
        elif kind == "pool" and seat == me and self.selected and phase == "pool":
            self.submit(A.PoolCommander(parse_card(self.selected)))
        self.refresh_controls()

    def click_card(self, code: str, view: dict[str, Any], legal: list[Action]) -> None:
        """A hand card: select it, or play it when its move needs no target."""
        card = parse_card(code)
        phase = view.get("phase")
        kind = role(card)
        b = view.get("battle")
        if self.rebuild_slot is not None:
            if code in self.rebuild_pick:
                self.rebuild_pick.remove(code)
            elif len(self.rebuild_pick) < 3:
                self.rebuild_pick.append(code)
            self.refresh_controls()
            return
        if phase == "discard":
            self.submit(A.DiscardCard(card))
            return
        # whatever the engine offers for this card: a move that needs a target
        # selects the card (its targets light up), one that does not is made now
        moves = [a for a in legal if getattr(a, "card", None) == card]
        if phase == "spoils" and code == view.get("spoils_card"):
            spoils_moves = (A.PlaySpoilsRealm, A.PoolSpoilsCommander, A.AttachSpoilsArmy)
            moves += [a for a in legal if isinstance(a, spoils_moves)]
        if moves:
            if any(_needs_target(a) for a in moves):
                self.selected = None if self.selected == code else code
            else:
                self.submit(moves[0])
            return
        if phase in ("realm", "spoils"):
            if kind != "realm":
                self.app.notify(tr(f"chamatable.why.{kind}_in_realm_step"), "warn")
                return
            if phase == "spoils" and code != view.get("spoils_card"):
                self.app.notify(tr("chamatable.why.only_spoils"), "warn")
                return
            self.selected = None if self.selected == code else code
            if self.selected and not self._slots_for(code, legal):
                self.submit(A.PlayRealm(card, "A"))  # the engine says why not
                self.selected = None
            return
        if phase == "pool":
            if kind == "commander":
                self.submit(A.PoolCommander(card))
            elif kind == "army":
                self.selected = None if self.selected == code else code
                if self.selected and not self._units_for(code, legal):
                    self.app.notify(tr("chamatable.why.no_free_commander"), "warn")
                    self.selected = None
            else:
                self.app.notify(tr(f"chamatable.why.{kind}_in_pool_step"), "warn")
            return
        if phase == "attack":
            self.app.notify(tr("chamatable.why.pick_target"), "warn")
            return
        if phase == "battle" and b:
            if b["stage"] in ("present_attacker", "present_defender"):
                if kind != "commander":
                    self.app.notify(tr("chamatable.why.present_commander"), "warn")
                    return
                self.submit(A.PresentHand(card))
            elif b["stage"] == "fight":
                if kind == "armistice":
                    self.submit(A.PlayArmistice(card))
                else:
                    self.submit(A.Reinforce(card))
            else:
                self.app.notify(tr("chamatable.why.continue_or_stop"), "warn")

    def click_own_slot(self, idx: int, view: dict[str, Any], legal: list[Action]) -> None:
        """A slot of the viewer's own formation."""
        phase = view.get("phase")
        slot = view["players"][self.viewer]["formation"][idx]  # type: ignore[index]
        move = self._move_to(self.selected, legal, "slot", SLOTS[idx]) if self.selected else None
        if move is not None:
            self.submit(move)
        elif phase == "spoils" and self.selected:
            self.submit(A.PlaySpoilsRealm(SLOTS[idx]))
        elif phase == "realm" and self.selected:
            self.submit(A.PlayRealm(parse_card(self.selected), SLOTS[idx]))
        elif phase == "realm" and slot["card"] and slot["razed"]:
            offer = next((a for a in legal if isinstance(a, A.RebuildRealm)), None)
            if offer is None:
                self.app.notify(tr("chamatable.why.no_rebuild"), "warn")
                return
            self.rebuild_slot = idx
            self.rebuild_pick = [c.code for c in offer.discards]
        elif phase == "realm":
            self.app.notify(tr("chamatable.why.pick_realm_first"), "warn")
        elif phase == "attack":
            self.app.notify(tr("chamatable.why.own_realm"), "warn")

    def click_own_unit(self, uid: int, view: dict[str, Any], legal: list[Action]) -> None:
        """A commander in the viewer's own pool."""
        phase = view.get("phase")
        move = self._move_to(self.selected, legal, "uid", uid) if self.selected else None
        if move is not None:
            self.submit(move)
        elif phase == "pool" and self.selected:
            self.submit(A.AttachArmy(uid, parse_card(self.selected)))
        elif phase == "battle":
            self.submit(A.PresentPool(uid))
        elif phase == "realm" and any(isinstance(a, A.CallXisum) and a.uid == uid for a in legal):
            self.xisum_unit = None if self.xisum_unit == uid else uid
        elif phase == "pool":
            self.app.notify(tr("chamatable.why.pick_army_first"), "warn")
        else:
            self.app.notify(tr("chamatable.why.pool_not_now"), "warn")

    def drop(self, code: str, hit: tuple[str, int, int] | None) -> None:
        """A hand card dragged onto the table."""
        if hit is None or not self.my_turn():
            return
        kind, seat, idx = hit
        view = self.view()
        phase = view.get("phase")
        card = parse_card(code)
        legal = self.legal()
        target = {"slot": ("slot", SLOTS[idx] if kind == "slot" else ""), "unit": ("uid", idx)}
        if kind in target and seat == self.viewer:
            move = self._move_to(code, legal, *target[kind])
            if move is not None:
                self.submit(move)
                self.refresh_controls()
                return
        if kind == "slot" and seat == self.viewer:
            if phase == "spoils":
                self.submit(A.PlaySpoilsRealm(SLOTS[idx]))
            else:
                self.submit(A.PlayRealm(card, SLOTS[idx]))
        elif kind == "unit" and seat == self.viewer:
            self.submit(A.AttachArmy(idx, card))
        elif kind in ("pool", "area") and seat == self.viewer and role(card) == "commander":
            spoils = next((a for a in legal if isinstance(a, A.PoolSpoilsCommander)), None)
            if spoils is not None and code == view.get("spoils_card"):
                self.submit(spoils)
            else:
                self.submit(A.PoolCommander(card))
        elif kind == "battle":
            self.click_card(code, view, self.legal())
        self.refresh_controls()

    def _do_rebuild(self) -> None:
        if self.rebuild_slot is None or len(self.rebuild_pick) != 3:
            return
        slot = SLOTS[self.rebuild_slot]
        cards = tuple(parse_card(c) for c in self.rebuild_pick)
        self.submit(A.RebuildRealm(slot, cards))

    def _cancel_rebuild(self) -> None:
        self.rebuild_slot = None
        self.rebuild_pick = []
        self.refresh_controls()

    # -- what is lit ------------------------------------------------------------------
    def _slots_for(self, code: str | None, legal: list[Action]) -> set[int]:
        """Own slots where the card `code` may go now."""
        return {SLOTS.index(a.slot) for a in self._moves_with(code, legal, "slot")}  # type: ignore[attr-defined]

    def _units_for(self, code: str | None, legal: list[Action]) -> set[int]:
        """Own pool commanders the card `code` may go to now."""
        return {int(a.uid) for a in self._moves_with(code, legal, "uid")}  # type: ignore[attr-defined]

    def _moves_with(self, code: str | None, legal: list[Action], target: str) -> list[Action]:
        """Legal moves of card `code` that name a `target` (slot or uid)."""
        if not code:
            return []
        card = parse_card(code)
        spoils = self.view().get("spoils_card") == code
        out = []
        for a in legal:
            if not hasattr(a, target):
                continue
            spoils_move = isinstance(a, (A.PlaySpoilsRealm, A.AttachSpoilsArmy))
            if getattr(a, "card", None) == card or (spoils and spoils_move):
                out.append(a)
        return out

    def _move_to(self, code: str, legal: list[Action], target: str, value: Any) -> Action | None:
        """The legal move of card `code` onto this slot or commander, if any."""
        for a in self._moves_with(code, legal, target):
            if getattr(a, target) == value:
                return a
        return None

    def lit_hand(self, legal: list[Action]) -> set[str]:
        """Hand cards with a legal move now (the losing side's playable cards in a fight)."""
        out: set[str] = set()
        for a in legal:
            card = getattr(a, "card", None)
            if isinstance(card, Card) and not isinstance(a, A.DiscardCard):
                out.add(card.code)
        return out

    def marks_for(self, seat: int, view: dict[str, Any], legal: list[Action]) -> AreaMarks:
        """Highlights of one area for this frame."""
        m = AreaMarks(active=view.get("active") == seat and not view.get("over"))
        b = view.get("battle")
        if b and b["defender"] == seat:
            m.attacked = SLOTS.index(b["slot"])
        if self.hover and self.hover[0] == "slot" and self.hover[1] == seat:
            m.hover_slot = self.hover[2]
        if not legal:
            return m
        if self.hint_mark is not None and self.hint_mark[1] == seat:
            if self.hint_mark[0] == "slot":
                m.selected_slot = self.hint_mark[2]
            else:
                m.selected_unit = self.hint_mark[2]
        if seat == self.viewer:
            code = self.selected or (
                self.drag["code"] if self.drag and self.drag.get("moving") else None
            )
            m.lit_slots = self._slots_for(code, legal)
            if self.rebuild_slot is not None:
                m.selected_slot = self.rebuild_slot
            m.lit_units = self._units_for(code, legal)
            m.lit_units |= {a.uid for a in legal if isinstance(a, A.PresentPool)}
            if view.get("phase") == "realm" and self.selected is None:
                m.lit_units |= {a.uid for a in legal if isinstance(a, A.CallXisum)}
            if self.xisum_unit is not None:
                m.selected_unit = self.xisum_unit
        else:
            m.lit_slots = {
                SLOTS.index(a.slot) for a in legal if isinstance(a, A.Attack) and a.target == seat
            }
            if self.xisum_unit is not None:
                m.lit_area = any(
                    isinstance(a, A.CallXisum) and a.uid == self.xisum_unit and a.target == seat
                    for a in legal
                )
        return m

    # -- the side panel and the end -------------------------------------------------------
    def header_for(self, seat: int, view: dict[str, Any]) -> list[tuple[str, tuple[int, int, int]]]:
        """The words on top of a seat's area."""
        p = view["players"][seat]
        unrazed = sum(1 for f in p["formation"] if f["card"] and not f["razed"])
        out: list[tuple[str, tuple[int, int, int]]] = [(self.seats[seat].name, style.CREAM)]
        out.append(
            (tr(f"chamatable.estates.{p['suit']}"), style.PARCHMENT_DARK)
        )  # the suit's estate
        if not p["alive"]:
            out.append((tr("chamatable.seat.out"), (255, 120, 100)))
            return out
        mode = view.get("mode")
        if mode == "duplas":
            team = sum(
                1
                for s in p["team"]
                for f in view["players"][s]["formation"]
                if f["card"] and not f["razed"]
            )
            out.append((tr("chamatable.seat.team", count=team), LEGAL))
        elif mode == "conquistadores":
            out.append((tr("chamatable.seat.conquests", razes=p["razes"], realms=unrazed), LEGAL))
        else:
            out.append((tr("chamatable.seat.realms", count=unrazed), LEGAL))
        out.append((tr("chamatable.seat.hand", count=p["hand_count"]), style.PARCHMENT))
        if view.get("turn_limit"):
            out.append((tr("chamatable.seat.score", score=p["score"]), style.GOLD_LIGHT))
        if p.get("pineapple"):
            out.append((tr("chamatable.badges.pineapple"), (240, 220, 150)))
        return out

    def seat_lines(self, seat: int) -> list[str]:
        view = self.view()
        p = view["players"][seat]
        if not p["alive"]:
            return [tr("chamatable.seat.out")]
        unrazed = sum(1 for f in p["formation"] if f["card"] and not f["razed"])
        line = tr(
            "chamatable.seat.line",
            realms=unrazed,
            hand=p["hand_count"],
            deck=p["draw_count"],
            pool=len(p["pool"]),
        )
        lines = [line]
        if view.get("turn_limit"):
            lines.append(tr("chamatable.seat.score", score=p["score"]))
        if p.get("pineapple"):
            lines.append(tr("chamatable.seat.pineapple"))
        return lines

    def victory_lines(self) -> list[str]:
        """Each seat's table at the end: realms, razes, score."""
        view = self.match.public_view()
        lines = []
        for s, p in enumerate(view["players"]):
            unrazed = sum(1 for f in p["formation"] if f["card"] and not f["razed"])
            line = tr(
                "chamatable.victory.line", name=self.seats[s].name, realms=unrazed, razes=p["razes"]
            )
            if view.get("turn_limit"):
                line += " · " + tr("chamatable.seat.score", score=p["score"])
            lines.append(line)
        if view.get("timed_out"):
            lines.append(tr("chamatable.victory.timed"))
        return lines

    def describe_action(self, action: Action) -> str:
        from scenes.tables.chama.hints import move_text

        return move_text(action, [s.name for s in self.seats])

    def show_hint(self, action: Action) -> None:
        view = self.view()
        self.app.notify(hint_text(view, action, [s.name for s in self.seats]))
        card = getattr(action, "card", None)
        if isinstance(action, (A.PlayRealm, A.AttachArmy)) and isinstance(card, Card):
            self.selected = card.code
        # the hinted target is framed on the table until the next move
        if isinstance(action, A.Attack):
            self.hint_mark = ("slot", action.target, SLOTS.index(action.slot))
        elif isinstance(action, (A.PresentPool, A.CallXisum)) and self.viewer is not None:
            self.hint_mark = ("unit", self.viewer, action.uid)
        elif isinstance(action, (A.PlaySpoilsRealm, A.RebuildRealm)) and self.viewer is not None:
            self.hint_mark = ("slot", self.viewer, SLOTS.index(action.slot))
        self.refresh_controls()

    # -- events ---------------------------------------------------------------------
    def log_event(self, event: Event, **extra: Any) -> None:
        if isinstance(event, E.StepStarted):
            return  # the turn bar shows the step; the log keeps what happened
        if event.PRIVATE and (not event.visible_to(self.viewer) or len(self.humans) > 1):
            return  # hot-seat: a private line would stay in the log for the next person
        fields = event.to_dict()
        for k, v in fields.items():
            if k in ("card", "commander", "army", "replaced") and isinstance(v, str):
                extra.setdefault(k, pretty(v))
            elif k in ("cards", "hand", "discards") and isinstance(v, list):
                extra.setdefault(k, " ".join(pretty(c) for c in v) or "—")
            elif k in (
                "reason",
                "how",
                "result",
                "side",
                "winner",
                "outcome",
                "losing",
            ) and isinstance(v, str):
                word = f"chamatable.words.{v}"
                extra.setdefault(k, tr(word) if has(word) else v.replace("_", " "))
        for k in ("target", "caster"):
            v = fields.get(k)
            if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(self.seats):
                extra.setdefault(k, self.seats[v].name)
        if isinstance(event, (E.RealmPlayed, E.CommanderPooled, E.ArmyAttached, E.ArmisticeCast)):
            extra["card"] = event.card.code[:-1]  # the line already names the card's role
        if isinstance(event, E.CutForFirst):
            extra["cards"] = ", ".join(
                f"{self.seats[s].name} {pretty(c)}"
                for s, c in zip(event.seats, event.cards, strict=True)
            )
        if isinstance(event, E.MulliganTaken):
            extra["kept"] = tr("chamatable.words.yes" if event.kept else "chamatable.words.no")
        super().log_event(event, **extra)

    def _d(self, seconds: float) -> float:
        return self.tweens.scaled(seconds)

    def play_event(self, event: Event) -> None:
        self.log_event(event)
        self.display.start(self.settled)
        before = self.shown()
        self.display.apply(event, self.view(), self.viewer)
        self._view_cache = None
        if self._d(1.0) <= 0 or self.lay is None:
            return
        # an animation never stops the table; the state is drawn anyway
        with contextlib.suppress(KeyError, IndexError, ValueError):
            self._animate(event, before)

    def _area(self, seat: int) -> L.Area | None:
        return self.lay.areas.get(seat) if self.lay else None

    def _hand_pos(self, seat: int) -> tuple[int, int]:
        assert self.lay is not None
        if seat == self.viewer:
            return self.lay.hand.center
        area = self._area(seat)
        return area.header.center if area else self.lay.centre.center

    def _fly(
        self,
        image: pygame.Surface,
        start: tuple[int, int],
        end: tuple[int, int],
        seconds: float = FLY,
    ) -> None:
        self.fx.append(MovingArmy(start, end, image, self._d(seconds) or 0.01))

    def _float(
        self,
        text: str,
        pos: tuple[int, int],
        colour: tuple[int, int, int],
        size: int = 24,
        seconds: float = 1.0,
    ) -> None:
        self.fx.append(FloatingText(text, pos, colour, self._d(seconds) or 0.01, size))

    def _face(self, code: str | Card, width: int = 0) -> pygame.Surface:
        """A card in flight, at a size already painted for the table."""
        assert self.lay is not None
        card = parse_card(code) if isinstance(code, str) else code
        return chama_card(card, width or self.fly_w)

    @property
    def fly_w(self) -> int:
        """The width of cards in flight (the battle's card size, painted anyway)."""
        assert self.lay is not None
        return geometry(self.lay.centre).card_w

    def warm_sizes(self) -> list[int]:
        """Every card width this layout paints (the warm-up renders them ahead)."""
        lay = self.lay
        if lay is None:
            return []
        sizes = {lay.hand_w, self.fly_w, 34}
        for a in lay.areas.values():
            sizes |= {a.card_w, a.draw_pile.width, a.discard_pile.width}
        return sorted(sizes)

    def _warm_up(self, budget: float = 0.0015) -> None:
        """Paint a few card faces ahead while the frame has time (no first-use hitch)."""
        start = time.perf_counter()
        while self._warm and time.perf_counter() - start < budget:
            card, width = self._warm.pop()
            chama_card(card, width)

    def _animate(self, event: Event, before: dict[str, Any]) -> None:
        lay = self.lay
        assert lay is not None
        if isinstance(event, E.CardsDrawn) and event.seat == self.viewer:
            area = self._area(event.seat)
            if area is None or not event.visible_to(self.viewer):
                return
            # the viewer sees his own draw face up, one card after the other
            for k, card in enumerate(event.cards[:5]):
                self.fx.append(
                    MovingArmy(
                        area.draw_pile.center,
                        self._hand_pos(event.seat),
                        self._face(card),
                        self._d(FLY + 0.1 * k) or 0.01,
                    )
                )
            return
        if isinstance(event, E.DrewCards) and event.count:
            area = self._area(event.seat)
            if area is None:
                return
            if event.reason == "spoils":
                self._float(tr("chamatable.fx.spoils"), area.draw_pile.center, LEGAL, 24, 1.2)
            if event.seat == self.viewer:
                return  # his own cards fly face up with the private event
            for k in range(min(event.count, 3)):
                self.fx.append(
                    MovingArmy(
                        area.draw_pile.center,
                        self._hand_pos(event.seat),
                        chama_back(self.fly_w),
                        self._d(FLY + 0.08 * k) or 0.01,
                    )
                )
            self.app.sound.play("card")
        elif isinstance(event, E.RealmPlayed):
            area = self._area(event.seat)
            if area:
                self._fly(
                    self._face(event.card),
                    self._hand_pos(event.seat),
                    area.slots[SLOTS.index(event.slot)].center,
                )
                self.app.sound.play("card")
        elif isinstance(event, E.RealmRazed):
            area = self._area(event.seat)
            if area:
                self._float(
                    tr("chamatable.fx.razed"),
                    area.slots[SLOTS.index(event.slot)].center,
                    (255, 110, 80),
                    26,
                    1.3,
                )
                self.app.sound.play("chips")
        elif isinstance(event, E.RealmRebuilt):
            area = self._area(event.seat)
            if area:
                self._float(
                    tr("chamatable.fx.rebuilt"),
                    area.slots[SLOTS.index(event.slot)].center,
                    LEGAL,
                    22,
                )
        elif isinstance(event, (E.CommanderPooled, E.ArmyAttached)):
            area = self._area(event.seat)
            if area:
                self._fly(self._face(event.card), self._hand_pos(event.seat), area.pool.center)
        elif isinstance(event, E.BattleStarted):
            area = self._area(event.defender)
            if area:
                self._float(
                    tr("chamatable.fx.attack"),
                    area.slots[SLOTS.index(event.slot)].center,
                    (255, 90, 60),
                    26,
                    1.0,
                )
            self.app.sound.play("dice")
        elif isinstance(event, E.CommanderPresented):
            g = geometry(lay.centre)
            end = (g.attack if event.side == "attack" else g.defense).center
            start = self._hand_pos(event.seat)
            if not event.from_hand:
                area = self._area(event.seat)
                start = area.pool.center if area else start
            self._fly(self._face(event.commander), start, end)
        elif isinstance(event, E.Reinforced):
            g = geometry(lay.centre)
            end = (g.attack if event.side == "attack" else g.defense).center
            self._fly(self._face(event.card), self._hand_pos(event.seat), end)
            self._float(f"+{event.card.rank}", end, LEGAL, 28)
            self.app.sound.play("card")
        elif isinstance(event, E.DefenseDeclined):
            self._float(tr("chamatable.fx.declined"), lay.centre.center, (255, 140, 100), 24)
        elif isinstance(event, E.IncursionResolved):
            text = tr(
                "chamatable.fx.incursion",
                side=tr(f"chama.sides.{event.winner}"),
                a=event.attack_level,
                d=event.defense_level,
            )
            self.last_result = text
            self._float(text, lay.centre.center, style.GOLD_LIGHT, 26, 1.4)
        elif isinstance(event, E.ArmisticeCast):
            self._fly(
                self._face(event.card),
                self._hand_pos(event.caster),
                self._between(event.caster, event.target),
                0.6,
            )
            self._float(tr("chamatable.fx.armistice"), lay.centre.center, (240, 240, 240), 28, 1.4)
        elif isinstance(event, E.BattleEnded):
            self.last_result = tr(
                "chamatable.fx.battle_end",
                attacker=self.seats[event.attacker].name,
                defender=self.seats[event.defender].name,
                slot=event.slot,
                result=tr(f"chama.results.{event.result}"),
            )
        elif isinstance(event, E.CardsDiscarded):
            area = self._area(event.seat)
            if area and event.reason == "guerrilha":
                self._fly(
                    self._face(event.cards[0]),
                    self._hand_pos(event.seat),
                    area.discard_pile.center,
                    0.7,
                )
                self._float(
                    tr("chamatable.fx.guerrilha", card=pretty(event.cards[0])),
                    area.header.center,
                    (255, 170, 90),
                    20,
                    1.6,
                )
            elif area:
                for c in event.cards[:3]:
                    self._fly(
                        self._face(c), self._hand_pos(event.seat), area.discard_pile.center, 0.3
                    )
        elif isinstance(event, E.XisumCalled):
            self._xisum_commander = event.commander.code
            self._float(
                tr("chamatable.fx.xisum", name=self.seats[event.target].name),
                lay.centre.center,
                LEGAL,
                30,
                1.2,
            )
        elif isinstance(event, E.XisumRevealed) and event.card is not None:
            area = self._area(event.target)
            if area:
                self._fly(self._face(event.card), area.draw_pile.center, lay.centre.center, 0.4)
            challenger = parse_card(self._xisum_commander) if self._xisum_commander else None
            outcome = tr(f"chamatable.fx.xisum_{event.outcome}")
            self.fx.append(
                XisumDuel(lay.centre, challenger, event.card, outcome, self._d(2.0) or 0.01)
            )
        elif isinstance(event, E.PlayerEliminated):
            self._float(
                tr("chamatable.fx.out", name=self.seats[event.seat].name),
                lay.centre.center,
                (255, 90, 70),
                30,
                1.8,
            )
        elif isinstance(event, E.RedrawDeclared):
            self._float(
                tr(
                    "chamatable.fx.redraw",
                    name=self.seats[event.seat].name,
                    hand=" ".join(pretty(c) for c in event.hand),
                ),
                lay.centre.center,
                style.CREAM,
                20,
                2.2,
            )
        elif isinstance(event, E.TurnStarted):
            self._float(
                tr("chamatable.fx.turn", name=self.seats[event.seat].name),
                lay.centre.center,
                style.CREAM,
                22,
                0.7,
            )

    def _between(self, a: int, b: int) -> tuple[int, int]:
        """A point on the line between two seats' areas (the armistice marker)."""
        assert self.lay is not None
        ra, rb = self._area(a), self._area(b)
        if ra is None or rb is None:
            return self.lay.centre.center
        x = (ra.rect.centerx + rb.rect.centerx) // 2
        y = (ra.rect.centery + rb.rect.centery) // 2
        c = self.lay.centre
        return (min(max(x, c.left + 30), c.right - 30), min(max(y, c.top + 30), c.bottom - 30))

    # -- drawing ------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        lay = self.lay
        if lay is None:
            return
        view = self.shown()
        surface.blit(self._felt_surface(), lay.felt.topleft)
        pygame.draw.rect(surface, style.GOLD_DARK, lay.felt, width=2, border_radius=10)
        legal = self.legal()
        self._draw_turn_bar(surface, view)
        for seat, area in lay.areas.items():
            colour, emblem = self.seat_look(seat)
            self.painter.draw(
                surface,
                area,
                view["players"][seat],
                self.header_for(seat, view),
                colour,
                emblem,
                self.marks_for(seat, view, legal),
                self.pulse,
            )
            if (
                self.show_hands
                and self.practice
                and seat != self.viewer
                and not self.is_human(seat)
            ):
                self._draw_bot_hand(surface, area, seat)
        self._draw_armistices(surface, view)
        self._draw_centre(surface, view, legal)
        self._draw_controls(surface)
        self._draw_hand(surface, view, legal)
        if self.show_calc:
            self._draw_calc(surface, view)
        for fx in self.fx:
            fx.draw(surface)
        if self.drag is not None and self.drag.get("moving"):
            img = chama_card(parse_card(self.drag["code"]), lay.hand_w)
            surface.blit(img, img.get_rect(center=self.drag["pos"]))
        self._draw_badge_tip(surface)

    def _felt_surface(self) -> pygame.Surface:
        """The felt with its hand strip, in the display's format (one opaque blit a frame)."""
        assert self.lay is not None
        key = (tuple(self.lay.felt), tuple(self.lay.hand))
        if self._felt is None or self._felt[0] != key:
            felt = style.felt(self.lay.felt.size).copy()
            hand = self.lay.hand.move(-self.lay.felt.left, -self.lay.felt.top)
            veil = pygame.Surface(hand.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (0, 0, 0, 60), veil.get_rect(), border_radius=8)
            felt.blit(veil, hand.topleft)
            if pygame.display.get_surface() is not None:
                felt = felt.convert()
            self._felt = (key, felt)
        return self._felt[1]

    def _draw_turn_bar(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        assert self.lay is not None
        active = int(view.get("active", 0))
        mode = view.get("mode", "campeonato")
        badges = [
            Badge(
                tr(f"chama.options.mode.choices.{mode}"),
                style.PARCHMENT,
                tip=tr(f"chamatable.badge_tips.{mode}"),
            )
        ]
        if view.get("aliados"):
            badges.append(
                Badge(
                    tr("chama.options.aliados.label"),
                    (200, 220, 190),
                    tip=tr("chamatable.badge_tips.aliados"),
                )
            )
        if view.get("xisum"):
            badges.append(
                Badge(
                    tr("chama.options.xisum.label"),
                    (220, 200, 230),
                    tip=tr("chamatable.badge_tips.xisum"),
                )
            )
        pines = [self.seats[i].name for i, p in enumerate(view["players"]) if p.get("pineapple")]
        if pines:
            badges.append(
                Badge(
                    tr("chamatable.badges.pineapple"),
                    (240, 220, 150),
                    icon="pineapple",
                    tip=tr("chamatable.badge_tips.pineapple", names=", ".join(pines)),
                )
            )
        limit = int(view.get("turn_limit") or 0)
        if limit:
            badges.append(
                Badge(
                    tr("chamatable.badges.clock", turn=view.get("turn", 0), limit=limit),
                    (240, 210, 180),
                    icon="clock",
                    fraction=min(1.0, view.get("turn", 0) / limit),
                    tip=tr("chamatable.badge_tips.clock", limit=limit),
                )
            )
        state = TurnBarState(
            self.seats[active].name, self.seat_look(active)[0], int(view.get("step") or 0), badges
        )
        key = (repr(state), tuple(self.lay.turn_bar), language())
        if self._bar is None or self._bar[0] != key:
            r = self.lay.turn_bar
            layer = pygame.Surface(r.size, pygame.SRCALPHA)
            placed = draw_turn_bar(layer, pygame.Rect(0, 0, r.width, r.height), state)
            self.badge_rects = [(br.move(r.topleft), b) for br, b in placed]
            self._bar = (key, layer)
        surface.blit(self._bar[1], self.lay.turn_bar.topleft)

    def _draw_badge_tip(self, surface: pygame.Surface) -> None:
        """What a badge means, while the mouse rests on it."""
        pos = pygame.mouse.get_pos()
        for rect, badge in self.badge_rects:
            if badge.tip and rect.collidepoint(pos):
                lines = style.wrap_text(badge.tip, 14, 320)
                box = pygame.Rect(0, 0, 340, 12 + 18 * len(lines))
                box.topright = (rect.right, rect.bottom + 6)
                box.clamp_ip(surface.get_rect())
                surface.blit(style.parchment(box.size), box.topleft)
                for i, line in enumerate(lines):
                    style.blit_text(surface, line, 14, (box.left + 10, box.top + 6 + 18 * i))
                return

    def _draw_armistices(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Each armistice in play: the ace between caster and target, a dashed line ([C11])."""
        for a in view.get("armistices", []):
            ra, rb = self._area(a["caster"]), self._area(a["target"])
            if ra is None or rb is None:
                continue
            p = self._between(a["caster"], a["target"])
            for src in (ra.rect.center, rb.rect.center):
                steps = 12
                for k in range(0, steps, 2):
                    t0, t1 = k / steps, (k + 1) / steps
                    x0 = p[0] + (src[0] - p[0]) * t0 * 0.5
                    y0 = p[1] + (src[1] - p[1]) * t0 * 0.5
                    x1 = p[0] + (src[0] - p[0]) * t1 * 0.5
                    y1 = p[1] + (src[1] - p[1]) * t1 * 0.5
                    pygame.draw.line(surface, (240, 240, 240), (x0, y0), (x1, y1), 2)
            img = chama_card(parse_card(a["card"]), 34)
            r = img.get_rect(center=p)
            surface.blit(img, r)
            style.blit_text(
                surface,
                tr(
                    "chamatable.armistice_marker",
                    caster=self.seats[a["caster"]].name,
                    target=self.seats[a["target"]].name,
                ),
                12,
                (r.centerx, r.top - 2),
                style.CREAM,
                "bold",
                "midbottom",
                style.BLACK,
            )

    def _draw_centre(
        self, surface: pygame.Surface, view: dict[str, Any], legal: list[Action]
    ) -> None:
        assert self.lay is not None
        c = self.lay.centre
        b = view.get("battle")
        names = [s.name for s in self.seats]
        if b:
            realm = view["players"][b["defender"]]["formation"][SLOTS.index(b["slot"])]["card"]
            self.battle_geo = draw_battle(surface, c, b, realm, names, pulse=self.pulse)
            return
        spoils = view.get("spoils_card")
        if spoils and view.get("phase") == "spoils" and self.my_turn():
            draw_spoils(surface, c, spoils)
            return
        if self.last_result:
            style.blit_text(
                surface,
                self.last_result,
                15,
                (c.centerx, c.bottom - 6),
                style.PARCHMENT,
                "sans",
                "midbottom",
                style.BLACK,
                c.width - 20,
            )

    def _draw_calc(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Practice: the battle calculator, in the hand strip beside the cards."""
        calc = battle_calc(view)
        room = self.calc_room(view)
        if calc is None or self.lay is None or not room:
            return
        if calc.need == 0:
            lines = [tr("chamatable.calc.ahead", mine=calc.mine, theirs=calc.theirs)]
        else:
            key = f"chamatable.calc.need_{calc.side}"
            lines = [tr(key, need=calc.need, mine=calc.mine, theirs=calc.theirs)]
            if calc.hand_singles:
                cards = ", ".join(pretty(x) for x in calc.hand_singles)
                lines.append(tr("chamatable.calc.hand_singles", cards=cards))
            elif calc.hand_total_enough:
                cards = ", ".join(pretty(x) for x in calc.hand_armies)
                lines.append(tr("chamatable.calc.hand_together", cards=cards))
            else:
                lines.append(tr("chamatable.calc.hand_short"))
            deck = ", ".join(f"{r}×{n}" for r, n in sorted(calc.deck_singles.items()))
            lines.append(tr("chamatable.calc.deck", cards=deck or "—", left=calc.deck_left))
        r = self.lay.hand
        box = pygame.Rect(r.right - 120 - room, r.top + 6, room - 8, r.height - 12)
        pygame.draw.rect(surface, (16, 10, 6), box, border_radius=8)
        pygame.draw.rect(surface, style.GOLD_DARK, box, width=1, border_radius=8)
        style.blit_text(
            surface,
            tr("chamatable.calc.title"),
            13,
            (box.left + 8, box.top + 4),
            style.GOLD,
            "bold",
        )
        y = box.top + 22
        for line in lines:
            for part in style.wrap_text(line, 12, box.width - 16):
                if y + 14 > box.bottom:
                    return
                style.blit_text(surface, part, 12, (box.left + 8, y), style.CREAM)
                y += 15

    def _draw_controls(self, surface: pygame.Surface) -> None:
        if self.row is None or self.lay is None:
            return
        r = self.lay.controls
        room = self.row.left_edge - r.left - 16
        if self.row.prompt and room > 60:
            lines = style.wrap_text(self.row.prompt, 15, room, "bold")[:2]
            y = r.centery - 9 * len(lines)
            for line in lines:
                style.blit_text(
                    surface, line, 15, (r.left + 4, y), style.CREAM, "bold", shadow=style.BLACK
                )
                y += 18

    def _draw_hand(
        self, surface: pygame.Surface, view: dict[str, Any], legal: list[Action]
    ) -> None:
        lay = self.lay
        assert lay is not None
        hand = view.get("hand")
        r = lay.hand
        if hand is None:
            style.blit_text(
                surface,
                tr("chamatable.spectator"),
                16,
                r.center,
                style.PARCHMENT,
                "bold",
                "center",
                style.BLACK,
            )
            return
        codes = hand_order(list(hand))
        rects = lay.hand_cards(len(codes), self.calc_room(view))
        lit = self.lit_hand(legal)
        hover = self.hover[2] if self.hover and self.hover[0] == "hand" else None
        dragging = self.drag["code"] if self.drag and self.drag.get("moving") else None
        discard_step = view.get("phase") == "discard" and bool(legal)
        for i, (code, rect) in enumerate(zip(codes, rects, strict=True)):
            if code == dragging:
                continue
            chosen = code == self.selected or code in self.rebuild_pick
            rr = rect.move(0, -10 if (chosen or i == hover) else 0)
            surface.blit(style.shadow(rr.size, 6, 100), (rr.left - 5, rr.top - 2))
            surface.blit(chama_card(parse_card(code), lay.hand_w), rr.topleft)
            if chosen:
                pygame.draw.rect(
                    surface, style.GOLD_LIGHT, rr.inflate(6, 6), width=3, border_radius=7
                )
            elif code in lit or discard_step or (self.rebuild_slot is not None):
                pygame.draw.rect(surface, LEGAL, rr.inflate(4, 4), width=2, border_radius=7)
        # the viewer's piles, named, at the strip's right end
        seat = self.viewer
        if seat is not None:
            p = view["players"][seat]
            x = r.right - 110
            style.blit_text(
                surface,
                tr("chamatable.hand_label", count=len(codes)),
                14,
                (x, r.top + 10),
                style.CREAM,
                "bold",
                shadow=style.BLACK,
            )
            style.blit_text(
                surface,
                tr("chamatable.deck_label", count=p["draw_count"]),
                13,
                (x, r.top + 30),
                style.PARCHMENT,
                shadow=style.BLACK,
            )
            style.blit_text(
                surface,
                tr("chamatable.discard_label", count=len(p["discard"])),
                13,
                (x, r.top + 48),
                style.PARCHMENT,
                shadow=style.BLACK,
            )

    def _draw_bot_hand(self, surface: pygame.Surface, area: L.Area, seat: int) -> None:
        """Practice: a bot's hand, face up, in a strip under its header."""
        cards = hand_order([c.code for c in self.match.hands[seat]])  # type: ignore[attr-defined]
        text = tr("chamatable.practice.bot_hand", cards=" ".join(pretty(c) for c in cards) or "—")
        r = area.header
        label = style.render_text(text, 13, style.INK, "bold", max_width=r.width - 12)
        box = label.get_rect(topleft=(r.left + 6, r.bottom + 1)).inflate(8, 4)
        pygame.draw.rect(surface, style.PARCHMENT, box, border_radius=5)
        surface.blit(label, (box.left + 4, box.top + 2))

    def draw_status(self, surface: pygame.Surface) -> None:
        view = self.view()
        if self.match.is_over:
            super().draw_status(surface)
            return
        text = tr("chamatable.status", game=view.get("game_no", 1), turn=view.get("turn", 0))
        movers = self.match.to_move
        if movers:
            text += "  ·  " + tr(
                "ui.table.to_act", names=", ".join(self.seats[s].name for s in movers)
            )
        if self.worker.busy and self.worker.seat is not None:
            text += "  ·  " + tr("ui.table.thinking", name=self.seats[self.worker.seat].name)
        left_of = min(
            [b.rect.left for b in self.buttons.values()]
            + [b.rect.left for b in self.extra_buttons.values()],
            default=surface.get_width() - 16,
        )
        style.blit_text(
            surface,
            text,
            17,
            (20, 20),
            style.CREAM,
            kind="bold",
            shadow=style.BLACK,
            max_width=left_of - 40,
        )


def bench_frames(frames: int = 600, size: tuple[int, int] = (1280, 800)) -> tuple[float, float]:
    """Bots play a 4-seat Chama match at normal speed; (p99 frame seconds, average fps)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import main
    from game import new_match
    from game.runner import percentile
    from scenes.app import App
    from scenes.main_menu import MainMenu

    app = App(main.build_parser().parse_args(["--size", f"{size[0]}x{size[1]}", "--lang", "en"]))
    app.settings.animation_speed = "normal"
    seats = [SeatSetup(f"Bot {i + 1}", "normal") for i in range(4)]
    match = new_match("chama", [s.name for s in seats], seed=7)
    table = ChamaTable(app, match, seats)
    app.scenes.push(MainMenu(app), fade=False)
    app.scenes.push(table, fade=False)
    times: list[float] = []
    for i in range(frames + 60):
        t0 = time.perf_counter()
        app.step(1 / 60, pygame.event.get())
        pygame.display.flip()
        took = time.perf_counter() - t0
        if i >= 60:
            times.append(took)
        time.sleep(max(0.0, 1 / 60 - took))
    table.worker.close()
    pygame.quit()
    return percentile(times, 99), len(times) / sum(times) if times else 0.0
