"""What each seat of a War match may see ([G4]): the public view (the map, the
cards' counts, the eliminated), a seat's own view (its objective and cards),
and the full snapshot the checks compare."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from game.war.board import BOARD, JOKER
from game.war.objectives import (
    OBJECTIVE_BY_ID,
    Objective,
)
from game.war.phases import (
    PHASE_MOVE,
    PHASE_OVER,
    PHASE_REINFORCE,
)
from game.war.trades import possible_sets, trade_value


class WarState(Protocol):
    """What the views read of a match: `WarMatch` fits it (and imports this module,
    so the views name this instead)."""

    @property
    def seats(self) -> Sequence[str]: ...
    @property
    def n_seats(self) -> int: ...
    @property
    def colors(self) -> Sequence[str]: ...
    @property
    def alive(self) -> Sequence[bool]: ...
    @property
    def eliminated_by(self) -> Sequence[int | None]: ...
    @property
    def eliminated_order(self) -> Sequence[int]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def timed_out(self) -> bool: ...
    @property
    def owner(self) -> Sequence[int]: ...
    @property
    def armies(self) -> Sequence[int]: ...
    @property
    def hands(self) -> Sequence[Sequence[str]]: ...
    @property
    def deck(self) -> Sequence[str]: ...
    @property
    def pile(self) -> Sequence[str]: ...
    @property
    def trades(self) -> int: ...
    @property
    def objective_card(self) -> Sequence[str]: ...
    @property
    def objective_active(self) -> Sequence[str]: ...
    @property
    def round(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def current(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def first_player(self) -> int: ...
    @property
    def pending_free(self) -> int: ...
    @property
    def pending_total(self) -> int: ...
    @property
    def pending_continents(self) -> Mapping[str, int]: ...
    @property
    def reinforcement(self) -> Mapping[str, Any]: ...
    @property
    def must_trade(self) -> bool: ...
    @property
    def conquered(self) -> bool: ...
    @property
    def occupy(self) -> tuple[int, int, int] | None: ...
    @property
    def movable(self) -> Sequence[int]: ...
    @property
    def last_battle(self) -> Mapping[str, Any] | None: ...
    @property
    def placed(self) -> Sequence[Sequence[int]]: ...
    @property
    def taken(self) -> Sequence[Sequence[int]]: ...
    @property
    def attacks(self) -> Sequence[Sequence[int]]: ...
    @property
    def last_conquest(self) -> Sequence[int]: ...
    @property
    def armies_added(self) -> int: ...
    @property
    def armies_lost(self) -> int: ...

    def objective_of(self, seat: int) -> Objective: ...
    def missing(self, seat: int) -> int: ...
    def distance_to_victory(self, seat: int) -> float: ...


def public_view(m: WarState) -> dict[str, Any]:
    """Everything on the table: map, phase, counts, public history."""
    n = m.n_seats
    over = m.phase == PHASE_OVER
    v: dict[str, Any] = {
        "game": "war",
        "seats": list(m.seats),
        "colors": list(m.colors),
        "alive": list(m.alive),
        "eliminated_by": list(m.eliminated_by),
        "owners": {t: m.owner[i] for i, t in enumerate(BOARD.territories)},
        "armies": {t: m.armies[i] for i, t in enumerate(BOARD.territories)},
        "current": None if over else m.current,
        "phase": m.phase,
        "round": m.round,
        "turn": m.turn,
        "dealer": m.dealer,
        "first_player": m.first_player,
        "pending": {
            "total": m.pending_total,
            "free": m.pending_free,
            "continents": dict(m.pending_continents),
        }
        if m.phase == PHASE_REINFORCE
        else None,
        "reinforcement": _jsonable(m.reinforcement),
        "card_counts": [len(h) for h in m.hands],
        "deck_size": len(m.deck),
        "pile_size": len(m.pile),
        "trades_done": m.trades,
        "next_trade_value": trade_value(m.trades + 1),
        "occupy": None
        if m.occupy is None
        else {
            "source": BOARD.territories[m.occupy[0]],
            "target": BOARD.territories[m.occupy[1]],
            "min": 1,
            "max": m.occupy[2],
        },
        "movable": {BOARD.territories[i]: m for i, m in enumerate(m.movable) if m > 0}
        if m.phase == PHASE_MOVE
        else {},
        "last_battle": dict(m.last_battle) if m.last_battle else None,
        "conquered_this_turn": m.conquered,
        "history": {
            "placed": [list(r) for r in m.placed],
            "taken": [list(r) for r in m.taken],
            "attacks": [list(r) for r in m.attacks],
            "last_conquest": list(m.last_conquest),
        },
        "winner": m.winner,
        "timed_out": m.timed_out,
        "n_seats": n,
    }
    if over:
        v["objectives"] = {
            str(s): {
                **OBJECTIVE_BY_ID[m.objective_card[s]].describe(),
                "active": m.objective_active[s],
                "fallback": m.objective_active[s] != m.objective_card[s],
            }
            for s in range(n)
        }
        v["distances"] = [m.distance_to_victory(s) for s in range(n)]
    return v


def view(m: WarState, seat: int) -> dict[str, Any]:
    """The public table plus `seat`'s own cards and objective ([G4])."""
    v = public_view(m)
    v["seat"] = seat
    v["cards"] = [
        {"card": c, "territory": None if c == JOKER else c, "figure": BOARD.figure(c)}
        for c in m.hands[seat]
    ]
    v["sets"] = [list(s) for s in possible_sets(m.hands[seat])]
    v["must_trade"] = m.must_trade and seat == m.current
    card = OBJECTIVE_BY_ID[m.objective_card[seat]]
    active = m.objective_of(seat)
    v["objective"] = {
        **active.describe(),
        "card": card.id,
        "active": active.id,
        "fallback": card.id != active.id,
        "target_color": card.destroy or None,
        "missing": m.missing(seat),
    }
    return v


def snapshot(m: WarState) -> dict[str, Any]:
    """The full state, hidden parts included."""
    return {
        "colors": list(m.colors),
        "objective_card": list(m.objective_card),
        "objective_active": list(m.objective_active),
        "owner": list(m.owner),
        "armies": list(m.armies),
        "hands": [list(h) for h in m.hands],
        "deck": list(m.deck),
        "pile": list(m.pile),
        "trades": m.trades,
        "alive": list(m.alive),
        "eliminated_by": list(m.eliminated_by),
        "eliminated_order": list(m.eliminated_order),
        "winner": m.winner,
        "round": m.round,
        "turn": m.turn,
        "phase": m.phase,
        "current": m.current,
        "dealer": m.dealer,
        "first_player": m.first_player,
        "pending_free": m.pending_free,
        "pending_continents": dict(m.pending_continents),
        "reinforcement": _jsonable(m.reinforcement),
        "conquered": m.conquered,
        "occupy": list(m.occupy) if m.occupy else None,
        "movable": list(m.movable),
        "last_battle": m.last_battle,
        "placed": [list(r) for r in m.placed],
        "taken": [list(r) for r in m.taken],
        "attacks": [list(r) for r in m.attacks],
        "last_conquest": list(m.last_conquest),
        "armies_added": m.armies_added,
        "armies_lost": m.armies_lost,
        "timed_out": m.timed_out,
    }


def _jsonable(d: Mapping[str, Any]) -> dict[str, Any]:
    return {k: dict(v) if isinstance(v, dict) else v for k, v in d.items()}
