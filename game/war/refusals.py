"""Why a War action is refused ([G3]): the phase, the territory, the trade, the
placement, the attack and the move checked against the rulings, before the
match changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from game.core import Action, IllegalAction
from game.war import records as R
from game.war.board import BOARD
from game.war.phases import (
    PHASE_ATTACK,
    PHASE_MOVE,
    PHASE_OCCUPY,
    PHASE_REINFORCE,
)
from game.war.trades import contains, is_set


class WarFacts(Protocol):
    """What the refusals read of a match (`WarMatch` fits it; it imports this module)."""

    @property
    def phase(self) -> str: ...
    @property
    def round(self) -> int: ...
    @property
    def owner(self) -> Sequence[int]: ...
    @property
    def armies(self) -> Sequence[int]: ...
    @property
    def hands(self) -> Sequence[Sequence[str]]: ...
    @property
    def movable(self) -> Sequence[int]: ...
    @property
    def occupy(self) -> tuple[int, int, int] | None: ...
    @property
    def must_trade(self) -> bool: ...
    @property
    def pending_total(self) -> int: ...
    @property
    def pending_continents(self) -> Mapping[str, int]: ...


def territory(m: WarFacts, name: str, rule: str) -> int:
    """The index of a named territory, or a refusal naming `rule`."""
    i = BOARD.index.get(name)
    if i is None:
        raise IllegalAction(rule, "war.illegal.unknown_territory", territory=str(name))
    return i


def check(m: WarFacts, seat: int, action: Action) -> None:
    """Raise `IllegalAction` naming the ruling unless `action` is legal now."""
    phase = m.phase
    if isinstance(action, R.Trade):
        check_trade(m, seat, action)
    elif isinstance(action, R.Place):
        check_place(m, seat, action)
    elif isinstance(action, R.Attack):
        check_attack(m, seat, action)
    elif isinstance(action, R.Occupy):
        if phase != PHASE_OCCUPY or m.occupy is None:
            raise IllegalAction("W7", "war.illegal.nothing_to_occupy")
        if not 1 <= action.count <= m.occupy[2]:
            raise IllegalAction(
                "W7", "war.illegal.occupy_count", count=action.count, maximum=m.occupy[2]
            )
    elif isinstance(action, R.EndAttacks):
        if phase != PHASE_ATTACK:
            raise IllegalAction(phase_rule(m), "war.illegal.not_attacking")
    elif isinstance(action, R.Move):
        check_move(m, seat, action)
    elif isinstance(action, R.EndTurn):
        if phase == PHASE_REINFORCE:
            raise IllegalAction("W3", "war.illegal.place_first")
        if phase == PHASE_OCCUPY:
            raise IllegalAction("W7", "war.illegal.occupy_first")
    else:
        raise IllegalAction("G3", "core.illegal.not_allowed_now", action=action.TYPE)


def phase_rule(m: WarFacts) -> str:
    return {PHASE_REINFORCE: "W3", PHASE_OCCUPY: "W7", PHASE_MOVE: "W8"}.get(m.phase, "W6")


def check_trade(m: WarFacts, seat: int, action: R.Trade) -> None:
    if m.phase != PHASE_REINFORCE:
        raise IllegalAction("W5", "war.illegal.trade_timing")
    cards = tuple(action.cards)
    if len(cards) != 3 or not contains(m.hands[seat], cards):
        raise IllegalAction("W5", "war.illegal.cards_not_held")
    if not is_set(cards):
        raise IllegalAction("W5", "war.illegal.not_a_set")


def check_place(m: WarFacts, seat: int, action: R.Place) -> None:
    if m.phase != PHASE_REINFORCE:
        raise IllegalAction(phase_rule(m), "war.illegal.nothing_to_place")
    if m.must_trade:
        raise IllegalAction("W5", "war.illegal.must_trade", cards=len(m.hands[seat]))
    if not isinstance(action.armies, dict):
        raise IllegalAction("W3", "war.illegal.place_total", expected=m.pending_total, got=0)
    total = 0
    per_continent: dict[str, int] = {}
    for name, count in action.armies.items():
        i = territory(m, name, "W3")
        if m.owner[i] != seat:
            raise IllegalAction("W3", "war.illegal.not_your_territory", territory=name)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise IllegalAction("W3", "war.illegal.bad_count", territory=name)
        total += count
        c = BOARD.continent_of[name]
        per_continent[c] = per_continent.get(c, 0) + count
    if total != m.pending_total:
        raise IllegalAction("W3", "war.illegal.place_total", expected=m.pending_total, got=total)
    for c, need in m.pending_continents.items():
        if per_continent.get(c, 0) < need:
            raise IllegalAction(
                "W3",
                "war.illegal.continent_bonus",
                continent=c,
                needed=need,
                got=per_continent.get(c, 0),
            )


def check_attack(m: WarFacts, seat: int, action: R.Attack) -> None:
    if m.phase == PHASE_REINFORCE and m.round == 1:
        raise IllegalAction("W4", "war.illegal.first_round")
    if m.phase != PHASE_ATTACK:
        raise IllegalAction(phase_rule(m), "war.illegal.not_attacking")
    s = territory(m, action.source, "W6")
    t = territory(m, action.target, "W6")
    if m.owner[s] != seat:
        raise IllegalAction("W6", "war.illegal.not_your_territory", territory=action.source)
    if m.owner[t] == seat:
        raise IllegalAction("W6", "war.illegal.attack_own", territory=action.target)
    if t not in BOARD.adj_idx[s]:
        raise IllegalAction(
            "W6", "war.illegal.not_neighbors", source=action.source, target=action.target
        )
    if m.armies[s] < 2:
        raise IllegalAction("W6", "war.illegal.too_few_armies", territory=action.source)
    most = min(3, m.armies[s] - 1)
    if isinstance(action.dice, bool) or not isinstance(action.dice, int):
        raise IllegalAction("W6", "war.illegal.dice_count", dice=0, maximum=most)
    if not 1 <= action.dice <= most:
        raise IllegalAction("W6", "war.illegal.dice_count", dice=action.dice, maximum=most)


def check_move(m: WarFacts, seat: int, action: R.Move) -> None:
    if m.phase != PHASE_MOVE:
        raise IllegalAction("W4" if m.round == 1 else "W8", "war.illegal.moves_after_attacks")
    s = territory(m, action.source, "W8")
    t = territory(m, action.target, "W8")
    if m.owner[s] != seat:
        raise IllegalAction("W8", "war.illegal.not_your_territory", territory=action.source)
    if m.owner[t] != seat:
        raise IllegalAction("W8", "war.illegal.not_your_territory", territory=action.target)
    if t not in BOARD.adj_idx[s]:
        raise IllegalAction(
            "W8", "war.illegal.not_neighbors", source=action.source, target=action.target
        )
    if isinstance(action.count, bool) or not isinstance(action.count, int):
        raise IllegalAction("W8", "war.illegal.move_count", count=0, maximum=m.movable[s])
    if not 1 <= action.count <= m.movable[s]:
        raise IllegalAction(
            "W8", "war.illegal.move_count", count=action.count, maximum=m.movable[s]
        )
