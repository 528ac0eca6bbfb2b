"""What the viewer has picked on the Chama table (a hand card, a realm to
rebuild, a commander for the Xisum, a card in the hand being dragged) and what
that lights up, read from the moves the engine lists now.

No pixels and no table here: the clicks change a `Selection`, the painter
reads it, and these functions say which slots and commanders light up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from game import Action
from game.cards import Card, parse_card
from game.chama import actions as A
from scenes.tables.chama.formation_view import AreaMarks

SLOTS = "ABCDEF"

#: what is under the mouse: ("hand", seat, index), ("slot", seat, i), ("unit", seat, uid),
#: ("pool", seat, 0), ("battle", 0, 0) or ("area", seat, 0)
Hit = tuple[str, int, int]


@runtime_checkable
class NamesSlot(Protocol):
    """A move onto a slot of a formation."""

    slot: str


@runtime_checkable
class NamesUnit(Protocol):
    """A move onto a commander of a pool."""

    uid: int


@dataclass
class Drag:
    """A hand card held by the mouse."""

    code: str
    start: tuple[int, int]
    pos: tuple[int, int]
    #: it moved far enough to be a drag, not a click
    moving: bool = False


@dataclass
class Selection:
    """The viewer's picks on the table, kept between frames."""

    selected: str | None = None  # a hand card (code)
    rebuild_slot: int | None = None
    rebuild_pick: list[str] = field(default_factory=list)
    xisum_unit: int | None = None
    drag: Drag | None = None
    hover: Hit | None = None
    #: the hinted target, framed on the table until the next move
    hint_mark: Hit | None = None

    def clear(self, keep_rebuild: bool = False) -> None:
        """Forget the picks (the rebuild's too unless `keep_rebuild`)."""
        self.hint_mark = None
        self.selected = None
        self.xisum_unit = None
        if not keep_rebuild:
            self.rebuild_slot = None
            self.rebuild_pick = []

    def dragged(self) -> str | None:
        """The card being dragged, once it moved."""
        return self.drag.code if self.drag and self.drag.moving else None


def moves_with(
    code: str | None, legal: list[Action], target: str, spoils: str | None
) -> list[Action]:
    """Legal moves of card `code` that name a `target` (slot or uid); `spoils` is
    the spoils card of the engine's view (its moves name no card)."""
    if not code:
        return []
    card = parse_card(code)
    is_spoils = spoils == code
    out = []
    for a in legal:
        if not hasattr(a, target):
            continue
        spoils_move = isinstance(a, (A.PlaySpoilsRealm, A.AttachSpoilsArmy))
        if getattr(a, "card", None) == card or (is_spoils and spoils_move):
            out.append(a)
    return out


def move_to(
    code: str, legal: list[Action], target: str, value: object, spoils: str | None
) -> Action | None:
    """The legal move of card `code` onto this slot or commander, if any."""
    for a in moves_with(code, legal, target, spoils):
        if getattr(a, target) == value:
            return a
    return None


def slots_for(code: str | None, legal: list[Action], spoils: str | None) -> set[int]:
    """Own slots where the card `code` may go now."""
    moves = moves_with(code, legal, "slot", spoils)  # each has a slot (`moves_with`)
    return {SLOTS.index(a.slot) for a in moves if isinstance(a, NamesSlot)}


def units_for(code: str | None, legal: list[Action], spoils: str | None) -> set[int]:
    """Own pool commanders the card `code` may go to now."""
    moves = moves_with(code, legal, "uid", spoils)  # each has a uid (`moves_with`)
    return {int(a.uid) for a in moves if isinstance(a, NamesUnit)}


def lit_hand(legal: list[Action]) -> set[str]:
    """Hand cards with a legal move now (the losing side's playable cards in a fight)."""
    out: set[str] = set()
    for a in legal:
        card = getattr(a, "card", None)
        if isinstance(card, Card) and not isinstance(a, A.DiscardCard):
            out.add(card.code)
    return out


def marks_for(
    seat: int,
    view: dict[str, Any],
    legal: list[Action],
    sel: Selection,
    viewer: int | None,
    spoils: str | None,
) -> AreaMarks:
    """Highlights of one area for this frame (`view` is the one painted, `spoils`
    the engine's spoils card)."""
    m = AreaMarks(active=view.get("active") == seat and not view.get("over"))
    b = view.get("battle")
    if b and b["defender"] == seat:
        m.attacked = SLOTS.index(b["slot"])
    if sel.hover and sel.hover[0] == "slot" and sel.hover[1] == seat:
        m.hover_slot = sel.hover[2]
    if not legal:
        return m
    if sel.hint_mark is not None and sel.hint_mark[1] == seat:
        if sel.hint_mark[0] == "slot":
            m.selected_slot = sel.hint_mark[2]
        else:
            m.selected_unit = sel.hint_mark[2]
    if seat == viewer:
        code = sel.selected or sel.dragged()
        m.lit_slots = slots_for(code, legal, spoils)
        if sel.rebuild_slot is not None:
            m.selected_slot = sel.rebuild_slot
        m.lit_units = units_for(code, legal, spoils)
        m.lit_units |= {a.uid for a in legal if isinstance(a, A.PresentPool)}
        if view.get("phase") == "realm" and sel.selected is None:
            m.lit_units |= {a.uid for a in legal if isinstance(a, A.CallXisum)}
        if sel.xisum_unit is not None:
            m.selected_unit = sel.xisum_unit
    else:
        m.lit_slots = {
            SLOTS.index(a.slot) for a in legal if isinstance(a, A.Attack) and a.target == seat
        }
        if sel.xisum_unit is not None:
            m.lit_area = any(
                isinstance(a, A.CallXisum) and a.uid == sel.xisum_unit and a.target == seat
                for a in legal
            )
    return m
