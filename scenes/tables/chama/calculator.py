"""Practice: the battle calculator. From the seat's own view only ([G4]): the
level the seat needs to take the lead (ties go to the defender, [C8]), the
armies in hand that answer it alone or together, and how many armies that
answer it are still in the seat's own unseen cards (draw pile).

Pure arithmetic on the view; no pygame, so it is tested directly.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.cards import Card, parse_card

ARMY_RANKS = range(6, 11)


@dataclass
class Calc:
    """What the calculator tells the seat."""

    side: str  # "attack" or "defense"
    mine: int
    theirs: int
    #: extra levels needed to be winning (0: already winning)
    need: int
    #: single armies in hand that are enough on their own
    hand_singles: list[str] = field(default_factory=list)
    #: all armies in hand together reach the lead
    hand_total_enough: bool = False
    hand_armies: list[str] = field(default_factory=list)
    #: army rank -> copies still unseen in the seat's own deck that are enough alone
    deck_singles: dict[int, int] = field(default_factory=dict)
    deck_left: int = 0
    aces_in_hand: int = 0


def _seen_cards(view: dict[str, Any], seat: int) -> list[Card]:
    """Every card of `seat`'s deck the seat can see outside its draw pile."""
    p = view["players"][seat]
    seen = [parse_card(c) for c in p["discard"]]
    seen += [parse_card(f["card"]) for f in p["formation"] if f["card"]]
    for u in p["pool"]:
        seen.append(parse_card(u["commander"]))
        if u.get("army"):
            seen.append(parse_card(u["army"]))
    b = view.get("battle")
    if b:
        for side, who in (("attack", b["attacker"]), ("defense", b["defender"])):
            unit = b[side].get("unit")
            if unit and who == seat:
                seen.append(parse_card(unit["commander"]))
                if unit.get("army"):
                    seen.append(parse_card(unit["army"]))
        for side in ("attack", "defense"):
            seen += [parse_card(c) for o, c in b[side].get("reinforcements", []) if o == seat]
        seen += [parse_card(c) for o, c in b.get("spent", []) if o == seat]
    seen += [parse_card(a["card"]) for a in view.get("armistices", []) if a["caster"] == seat]
    seen += [parse_card(c) for c in view.get("hand") or []]
    return seen


def unseen_ranks(view: dict[str, Any], seat: int) -> Counter[int]:
    """Ranks still in `seat`'s draw pile as far as the seat knows (4 of each, [C1])."""
    left: Counter[int] = Counter({r: 4 for r in range(2, 15)})
    for c in _seen_cards(view, seat):
        left[c.rank] -= 1
    return +left


def battle_calc(view: dict[str, Any]) -> Calc | None:
    """The calculator for the viewer's side of the battle in progress (None: not in one)."""
    b = view.get("battle")
    seat = view.get("seat")
    if not b or seat is None or b["stage"] != "fight":
        return None
    if seat == b["attacker"]:
        side = "attack"
    elif seat == b["defender"]:
        side = "defense"
    elif b.get("losing") and b.get("actor") == seat:
        side = b["losing"]  # an Aliados helper, asked for the losing side
    else:
        return None
    other = "defense" if side == "attack" else "attack"
    mine, theirs = int(b[side]["level"]), int(b[other]["level"])
    # ties favour the defender: the attacker must pass, the defender only equal
    need = max(0, theirs - mine + (1 if side == "attack" else 0))
    hand = [parse_card(c) for c in view.get("hand") or []]
    armies = sorted((c for c in hand if c.rank in ARMY_RANKS), key=lambda c: -c.rank)
    calc = Calc(side, mine, theirs, need)
    calc.hand_armies = [c.code for c in armies]
    calc.hand_singles = [c.code for c in armies if c.rank >= need] if need else []
    calc.hand_total_enough = need > 0 and sum(c.rank for c in armies) >= need
    calc.aces_in_hand = sum(1 for c in hand if c.rank == 14)
    left = unseen_ranks(view, seat)
    calc.deck_left = int(view["players"][seat]["draw_count"])
    if need:
        calc.deck_singles = {r: left[r] for r in ARMY_RANKS if r >= need and left[r] > 0}
    return calc


def calc_room(view: dict[str, Any], hand: pygame.Rect | None, shown: bool) -> int:
    """Width kept in the hand strip `hand` for the battle calculator (0 when not shown)."""
    if not shown or hand is None or battle_calc(view) is None:
        return 0
    return min(380, int(hand.width * 0.42))
