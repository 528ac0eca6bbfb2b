"""The Chama table's input: clicks and drags on cards, slots and commanders,
read in the light of the moves the engine lists now.

`target_at` says what lies under the mouse (geometry only); `ChamaClicks`
decides what a click or a drop does with the viewer's `Selection` and the
moves of the `Turn`, and hands back an action to submit or words to show;
`TableInput` is the table's slice of `handle_event` that feeds them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame
import pygame_gui

from game import Action
from game.cards import parse_card
from game.chama import actions as A
from game.chama.rules import role
from scenes.i18n import tr
from scenes.tables.chama.controls import ControlRow
from scenes.tables.chama.formation_view import unit_rects
from scenes.tables.chama.layout import Layout
from scenes.tables.chama.look import hand_order
from scenes.tables.chama.selection import SLOTS, Drag, Hit, Selection, move_to, slots_for, units_for


def _needs_target(action: Action) -> bool:
    """Whether a card move also names a slot, a commander or a player."""
    return any(hasattr(action, k) for k in ("slot", "uid", "target"))


def target_at(
    lay: Layout, view: dict[str, Any], viewer: int | None, calc_room: int, pos: tuple[int, int]
) -> Hit | None:
    """What is under the mouse on the table painted from `view`: ("hand", seat,
    index), ("slot", seat, i), ("unit", seat, uid), ("battle", 0, 0), ("pool",
    seat, 0) or ("area", seat, 0). `calc_room` is the hand strip kept for the
    calculator."""
    if viewer is not None:
        rects = lay.hand_cards(len(view.get("hand") or []), calc_room)
        for i in range(len(rects) - 1, -1, -1):
            if rects[i].collidepoint(pos):
                return ("hand", viewer, i)
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


@dataclass(frozen=True)
class Turn:
    """What a click is read against: the engine's view for the viewer and his moves now."""

    view: dict[str, Any]
    legal: list[Action]
    viewer: int | None
    #: the person at the screen must act now (and nothing is moving)
    mine: bool
    #: the hand as painted (`hand_codes` of the shown view): a click's index is into it
    hand: list[str]

    @property
    def spoils(self) -> str | None:
        """The spoils card on offer, if any."""
        card = self.view.get("spoils_card")
        return str(card) if card else None


class ChamaClicks:
    """Turns clicks and drops into engine actions and picks in the `Selection`."""

    def __init__(
        self,
        sel: Selection,
        submit: Callable[[Action], object],
        notify: Callable[[str, str], None],
        refresh: Callable[[], None],
        waiting: Callable[[], str],
    ) -> None:
        self.sel = sel
        #: hand an action to the engine (the table shows a refusal's reason)
        self.submit = submit
        #: a message on the table's toast
        self.notify = notify
        #: the table's buttons and prompt follow the selection
        self.refresh = refresh
        #: the words while the viewer waits for someone else
        self.waiting = waiting

    def _move_to(self, code: str, turn: Turn, target: str, value: object) -> Action | None:
        return move_to(code, turn.legal, target, value, turn.spoils)

    def click(self, hit: Hit, turn: Turn) -> None:
        """A click on the table, read in the light of what the engine asks now."""
        kind, seat, idx = hit
        sel = self.sel
        if not turn.mine:
            if kind in ("hand", "slot", "unit"):
                self.notify(self.waiting(), "warn")
            return
        view = turn.view
        me = turn.viewer
        phase = view.get("phase")
        if kind == "hand":
            self.click_card(turn.hand[idx], turn)
        elif kind == "slot" and seat == me:
            self.click_own_slot(idx, turn)
        elif kind == "slot":
            if phase == "attack":
                self.submit(A.Attack(seat, SLOTS[idx]))
            elif sel.xisum_unit is not None:
                self.submit(A.CallXisum(sel.xisum_unit, seat))
            else:
                self.notify(tr("chamatable.why.not_attack_step"), "warn")
        elif kind == "unit" and seat == me:
            self.click_own_unit(idx, turn)
        elif kind == "area" and seat != me and sel.xisum_unit is not None:
            self.submit(A.CallXisum(sel.xisum_unit, seat))
        elif kind == "pool" and seat == me and sel.selected and phase == "pool":
            self.submit(A.PoolCommander(parse_card(sel.selected)))
        self.refresh()

    def click_card(self, code: str, turn: Turn) -> None:
        """A hand card: select it, or play it when its move needs no target."""
        sel, view, legal = self.sel, turn.view, turn.legal
        card = parse_card(code)
        phase = view.get("phase")
        kind = role(card)
        b = view.get("battle")
        if sel.rebuild_slot is not None:
            if code in sel.rebuild_pick:
                sel.rebuild_pick.remove(code)
            elif len(sel.rebuild_pick) < 3:
                sel.rebuild_pick.append(code)
            self.refresh()
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
                sel.selected = None if sel.selected == code else code
            else:
                self.submit(moves[0])
            return
        if phase in ("realm", "spoils"):
            if kind != "realm":
                self.notify(tr(f"chamatable.why.{kind}_in_realm_step"), "warn")
                return
            if phase == "spoils" and code != view.get("spoils_card"):
                self.notify(tr("chamatable.why.only_spoils"), "warn")
                return
            sel.selected = None if sel.selected == code else code
            if sel.selected and not slots_for(code, legal, turn.spoils):
                self.submit(A.PlayRealm(card, "A"))  # the engine says why not
                sel.selected = None
            return
        if phase == "pool":
            if kind == "commander":
                self.submit(A.PoolCommander(card))
            elif kind == "army":
                sel.selected = None if sel.selected == code else code
                if sel.selected and not units_for(code, legal, turn.spoils):
                    self.notify(tr("chamatable.why.no_free_commander"), "warn")
                    sel.selected = None
            else:
                self.notify(tr(f"chamatable.why.{kind}_in_pool_step"), "warn")
            return
        if phase == "attack":
            self.notify(tr("chamatable.why.pick_target"), "warn")
            return
        if phase == "battle" and b:
            if b["stage"] in ("present_attacker", "present_defender"):
                if kind != "commander":
                    self.notify(tr("chamatable.why.present_commander"), "warn")
                    return
                self.submit(A.PresentHand(card))
            elif b["stage"] == "fight":
                if kind == "armistice":
                    self.submit(A.PlayArmistice(card))
                else:
                    self.submit(A.Reinforce(card))
            else:
                self.notify(tr("chamatable.why.continue_or_stop"), "warn")

    def click_own_slot(self, idx: int, turn: Turn) -> None:
        """A slot of the viewer's own formation (only on the viewer's turn: a seat)."""
        sel, view, legal = self.sel, turn.view, turn.legal
        assert turn.viewer is not None  # `mine`: the viewer is the one to move
        phase = view.get("phase")
        slot = view["players"][turn.viewer]["formation"][idx]
        move = self._move_to(sel.selected, turn, "slot", SLOTS[idx]) if sel.selected else None
        if move is not None:
            self.submit(move)
        elif phase == "spoils" and sel.selected:
            self.submit(A.PlaySpoilsRealm(SLOTS[idx]))
        elif phase == "realm" and sel.selected:
            self.submit(A.PlayRealm(parse_card(sel.selected), SLOTS[idx]))
        elif phase == "realm" and slot["card"] and slot["razed"]:
            offer = next((a for a in legal if isinstance(a, A.RebuildRealm)), None)
            if offer is None:
                self.notify(tr("chamatable.why.no_rebuild"), "warn")
                return
            sel.rebuild_slot = idx
            sel.rebuild_pick = [c.code for c in offer.discards]
        elif phase == "realm":
            self.notify(tr("chamatable.why.pick_realm_first"), "warn")
        elif phase == "attack":
            self.notify(tr("chamatable.why.own_realm"), "warn")

    def click_own_unit(self, uid: int, turn: Turn) -> None:
        """A commander in the viewer's own pool."""
        sel, legal = self.sel, turn.legal
        phase = turn.view.get("phase")
        move = self._move_to(sel.selected, turn, "uid", uid) if sel.selected else None
        if move is not None:
            self.submit(move)
        elif phase == "pool" and sel.selected:
            self.submit(A.AttachArmy(uid, parse_card(sel.selected)))
        elif phase == "battle":
            self.submit(A.PresentPool(uid))
        elif phase == "realm" and any(isinstance(a, A.CallXisum) and a.uid == uid for a in legal):
            sel.xisum_unit = None if sel.xisum_unit == uid else uid
        elif phase == "pool":
            self.notify(tr("chamatable.why.pick_army_first"), "warn")
        else:
            self.notify(tr("chamatable.why.pool_not_now"), "warn")

    def drop(self, code: str, hit: Hit | None, turn: Turn) -> None:
        """A hand card dragged onto the table."""
        if hit is None or not turn.mine:
            return
        kind, seat, idx = hit
        view, legal, me = turn.view, turn.legal, turn.viewer
        phase = view.get("phase")
        card = parse_card(code)
        target = {"slot": ("slot", SLOTS[idx] if kind == "slot" else ""), "unit": ("uid", idx)}
        if kind in target and seat == me:
            name, value = target[kind]
            move = self._move_to(code, turn, name, value)
            if move is not None:
                self.submit(move)
                self.refresh()
                return
        if kind == "slot" and seat == me:
            if phase == "spoils":
                self.submit(A.PlaySpoilsRealm(SLOTS[idx]))
            else:
                self.submit(A.PlayRealm(card, SLOTS[idx]))
        elif kind == "unit" and seat == me:
            self.submit(A.AttachArmy(idx, card))
        elif kind in ("pool", "area") and seat == me and role(card) == "commander":
            spoils = next((a for a in legal if isinstance(a, A.PoolSpoilsCommander)), None)
            if spoils is not None and code == view.get("spoils_card"):
                self.submit(spoils)
            else:
                self.submit(A.PoolCommander(card))
        elif kind == "battle":
            self.click_card(code, turn)
        self.refresh()

    def do_rebuild(self) -> None:
        """The rebuild's button: the three picked cards rebuild the picked slot."""
        sel = self.sel
        if sel.rebuild_slot is None or len(sel.rebuild_pick) != 3:
            return
        slot = SLOTS[sel.rebuild_slot]
        cards = tuple(parse_card(c) for c in sel.rebuild_pick)
        self.submit(A.RebuildRealm(slot, cards))

    def cancel_rebuild(self) -> None:
        """The rebuild's Back button."""
        self.sel.rebuild_slot = None
        self.sel.rebuild_pick = []
        self.refresh()


def hand_codes(view: dict[str, Any]) -> list[str]:
    """The hand of `view` in the order it is painted."""
    return hand_order(list(view.get("hand") or []))


class InputHost(Protocol):
    """What `TableInput` reads and calls on its table."""

    @property
    def row(self) -> ControlRow | None: ...
    @property
    def extra_buttons(self) -> dict[str, pygame_gui.elements.UIButton]: ...
    @property
    def practice(self) -> bool: ...
    @property
    def sel(self) -> Selection: ...
    @property
    def clicks(self) -> ChamaClicks: ...

    show_calc: bool

    def target_at(self, pos: tuple[int, int]) -> Hit | None: ...
    def shown(self) -> dict[str, Any]: ...
    def turn(self) -> Turn: ...
    def refresh_controls(self) -> None: ...
    def toggle_reveal(self) -> None: ...


class TableInput:
    """Mixin of `ChamaTable`: its own share of the input, before the base's."""

    def table_event(self: InputHost, event: pygame.event.Event) -> bool:
        """Take a mouse or key event meant for the Chama table; False leaves it
        to the base (pause, undo, the log)."""
        sel = self.sel
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if self.row is not None and self.row.press(event.ui_element):
                return True
            if event.ui_element is self.extra_buttons.get("calc"):
                self.show_calc = not self.show_calc
                return True
        if event.type == pygame.MOUSEMOTION:
            sel.hover = self.target_at(event.pos)
            if sel.drag is not None:
                sel.drag.pos = event.pos
                if (
                    abs(event.pos[0] - sel.drag.start[0]) + abs(event.pos[1] - sel.drag.start[1])
                    > 8
                ):
                    sel.drag.moving = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.target_at(event.pos)
            if hit is not None and hit[0] == "hand":
                sel.drag = Drag(hand_codes(self.shown())[hit[2]], event.pos, event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            drag, sel.drag = sel.drag, None
            hit = self.target_at(event.pos)
            if drag is not None and drag.moving:
                self.clicks.drop(drag.code, hit, self.turn())
            elif hit is not None:
                self.clicks.click(hit, self.turn())
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            sel.clear()
            self.refresh_controls()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row is not None:
                entry = self.row.first_primary()
                if entry is not None:
                    entry.run()
                return True
            if event.key == pygame.K_h and self.practice:
                self.toggle_reveal()  # the pause menu's switch, one state
                return True
            if event.key == pygame.K_c and self.practice:
                self.show_calc = not self.show_calc
                return True
            # Esc: the base asks `back_out` (one pick dropped) before it pauses
        return False
