"""What the keyboard may use on the Chama table right now (issue 50).

Tab walks, for the person whose move it is: the hand cards a click would
play or pick (left to right), then the slots of his own pyramid a picked card
may go to (A at the apex, then B C, then D E F) and his pool commanders that
may be chosen now, then the other players' things a click would use now (a
realm to attack, a realm's owner to call the Xisum on). The buttons follow on
their own. Each target's `use` is the click on that thing (`ChamaClicks.click`
with the same `Hit` the mouse gives), so a drag-and-drop move is made by
picking the card and then its target. Nothing is offered while bots play or
cards move, and nothing a click would only refuse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from game import Action
from game.cards import Card
from game.chama import actions as A
from scenes.keyboard import FocusTarget
from scenes.tables.chama.clicks import ChamaClicks, Turn
from scenes.tables.chama.formation_view import unit_rects
from scenes.tables.chama.layout import Layout
from scenes.tables.chama.selection import SLOTS, Hit, Selection, slots_for, units_for

_SPOILS_MOVES = (A.PlaySpoilsRealm, A.PoolSpoilsCommander, A.AttachSpoilsArmy)


class FocusHost(Protocol):
    """What the focus targets read and call on their table."""

    @property
    def lay(self) -> Layout | None: ...
    @property
    def sel(self) -> Selection: ...
    @property
    def clicks(self) -> ChamaClicks: ...

    def turn(self) -> Turn: ...
    def shown(self) -> dict[str, Any]: ...
    def calc_room(self, view: dict[str, Any]) -> int: ...
    def refresh_controls(self) -> None: ...


def usable_cards(turn: Turn, sel: Selection) -> set[str]:
    """Hand cards a click would play or pick now (never one it would only refuse)."""
    if sel.rebuild_slot is not None:  # picking the three discards of a rebuild
        if len(sel.rebuild_pick) >= 3:
            return set(sel.rebuild_pick)
        return set(turn.hand)
    out: set[str] = set()
    for a in turn.legal:
        card = getattr(a, "card", None)
        if isinstance(card, Card):
            out.add(card.code)
    spoils = turn.spoils
    if (
        turn.view.get("phase") == "spoils"
        and spoils
        and any(isinstance(a, _SPOILS_MOVES) for a in turn.legal)
    ):
        out.add(spoils)
    return out


def own_slots(turn: Turn, sel: Selection) -> set[int]:
    """Own slots a click would use: where the picked card may go, or a razed
    realm the rebuild is offered for."""
    if sel.rebuild_slot is not None:
        return set()
    if sel.selected:
        return slots_for(sel.selected, turn.legal, turn.spoils)
    if turn.view.get("phase") != "realm" or turn.viewer is None:
        return set()
    formation = turn.view["players"][turn.viewer]["formation"]
    return {
        SLOTS.index(a.slot)
        for a in turn.legal
        if isinstance(a, A.RebuildRealm)
        and formation[SLOTS.index(a.slot)]["card"]
        and formation[SLOTS.index(a.slot)]["razed"]
    }


def own_units(turn: Turn, sel: Selection) -> set[int]:
    """Own pool commanders a click would use: the picked army's, one to present
    in a battle, one to call the Xisum with."""
    if sel.rebuild_slot is not None:
        return set()
    if sel.selected:
        return units_for(sel.selected, turn.legal, turn.spoils)
    phase = turn.view.get("phase")
    out = {a.uid for a in turn.legal if isinstance(a, A.PresentPool)}
    if phase == "realm":
        out |= {a.uid for a in turn.legal if isinstance(a, A.CallXisum)}
    return out


def other_hits(turn: Turn, sel: Selection) -> list[Hit]:
    """The other players' things a click would use: realms to attack (seat
    by seat, apex first), or the players a picked Xisum commander may call on."""
    legal: list[Action] = turn.legal
    if sel.rebuild_slot is not None or sel.selected:
        return []
    if turn.view.get("phase") == "attack":
        attacks = [a for a in legal if isinstance(a, A.Attack)]
        return sorted(("slot", a.target, SLOTS.index(a.slot)) for a in attacks)
    if sel.xisum_unit is not None:
        seats = {a.target for a in legal if isinstance(a, A.CallXisum) and a.uid == sel.xisum_unit}
        return [("area", s, 0) for s in sorted(seats)]
    return []


def _visible_hand(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Each fanned hand card's own part: up to where the next one covers it."""
    out = []
    for i, r in enumerate(rects):
        if i + 1 < len(rects) and rects[i + 1].left < r.right:
            out.append(pygame.Rect(r.left, r.top, rects[i + 1].left - r.left, r.height))
        else:
            out.append(pygame.Rect(r))
    return out


def table_targets(host: FocusHost) -> list[FocusTarget]:
    """The table's focus targets now, in Tab order (see the module's words)."""
    lay = host.lay
    turn = host.turn()
    if lay is None or not turn.mine or turn.viewer is None or not turn.legal:
        return []
    me, sel = turn.viewer, host.sel
    view = host.shown()

    def clicker(hit: Hit) -> Callable[[], None]:
        return lambda: host.clicks.click(hit, host.turn())

    out: list[FocusTarget] = []
    cards = usable_cards(turn, sel)
    rects = _visible_hand(lay.hand_cards(len(turn.hand), host.calc_room(view)))
    for i, (code, rect) in enumerate(zip(turn.hand, rects, strict=False)):
        if code in cards:  # (a one-suit deck has four of each card: the second is "hand:8S.2")
            twin = turn.hand[:i].count(code)
            name = f"hand:{code}" + (f".{twin + 1}" if twin else "")
            out.append(FocusTarget(name, rect, clicker(("hand", me, i))))
    area = lay.areas.get(me)
    if area is not None:
        slots = own_slots(turn, sel)
        for i in range(len(SLOTS)):
            if i in slots:
                out.append(FocusTarget(f"slot:{me}:{i}", area.slots[i], clicker(("slot", me, i))))
        units = own_units(turn, sel)
        for uid, rect in unit_rects(area, view["players"][me]["pool"]).items():
            if uid in units:
                out.append(FocusTarget(f"unit:{me}:{uid}", rect, clicker(("unit", me, uid))))
    for hit in other_hits(turn, sel):
        kind, seat, idx = hit
        other = lay.areas.get(seat)
        if other is None:
            continue
        rect = other.slots[idx] if kind == "slot" else other.rect
        out.append(FocusTarget(f"{kind}:{seat}:{idx}", rect, clicker(hit)))
    return out


def back_out(host: FocusHost) -> bool:
    """Esc: drop one pick in progress (the rebuild, the picked card, the Xisum
    commander); False when nothing is picked."""
    sel = host.sel
    if sel.rebuild_slot is not None:
        host.clicks.cancel_rebuild()
    elif sel.selected is not None:
        sel.selected = None
    elif sel.xisum_unit is not None:
        sel.xisum_unit = None
    else:
        return False
    sel.hint_mark = None
    host.refresh_controls()
    return True
