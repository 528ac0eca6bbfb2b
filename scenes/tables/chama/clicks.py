"""The Chama table's input: clicks and drags on cards, slots and commanders,
read in the light of the moves the engine lists now, and what they light up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import Action
from game.cards import Card, parse_card
from game.chama import actions as A
from game.chama.rules import role
from scenes.i18n import tr
from scenes.tables.chama.calculator import battle_calc
from scenes.tables.chama.formation_view import AreaMarks, unit_rects
from scenes.tables.chama.look import hand_order

if TYPE_CHECKING:
    pass

SLOTS = "ABCDEF"


def _needs_target(action: Action) -> bool:
    """Whether a card move also names a slot, a commander or a player."""
    return any(hasattr(action, k) for k in ("slot", "uid", "target"))


class TableClicks:
    """Mixin of `ChamaTable`: turning clicks into engine actions."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if self.row is not None and self.row.press(event.ui_element):
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
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row is not None:
                entry = self.row.first_primary()
                if entry is not None:
                    entry.run()
                return
            if event.key == pygame.K_h and self.practice:
                self.tools.toggle_reveal(self)  # the pause menu's switch, one state
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
