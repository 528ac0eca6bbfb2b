"""Hand-built War positions for rule tests."""

from __future__ import annotations

from typing import Any

import pytest

from game.core import Action, IllegalAction
from game.war.board import BOARD, FULL_DECK
from game.war.match import PHASE_ATTACK, PHASE_MOVE, PHASE_REINFORCE, WarMatch
from game.war.objectives import continents_held

OPTS: dict[str, Any] = {"colors": [], "turn_limit": 0, "tournament": False}


def new(n: int = 3, seed: int = 1, **options: Any) -> WarMatch:
    """A fresh match (colours drawn) with default options."""
    return WarMatch([f"P{i}" for i in range(n)], seed, {**OPTS, **options})


def position(
    m: WarMatch,
    owners: dict[str, int],
    *,
    default_owner: int | None = None,
    armies: dict[str, int] | None = None,
    current: int = 0,
    phase: str = PHASE_ATTACK,
    round_: int = 2,
    hands: dict[int, list[str]] | None = None,
    objectives: dict[int, str] | None = None,
) -> WarMatch:
    """Overwrite the map: `owners` for named territories, the rest to
    `default_owner` (or spread over the other seats); 1 army unless `armies`
    says otherwise. Cards not in `hands` stay in the deck; pile empty."""
    others = [s for s in range(m.n_seats)]
    k = 0
    for i, t in enumerate(BOARD.territories):
        if t in owners:
            m.owner[i] = owners[t]
        elif default_owner is not None:
            m.owner[i] = default_owner
        else:
            m.owner[i] = others[k % len(others)]
            k += 1
        m.armies[i] = (armies or {}).get(t, 1)
    m.armies_added = sum(m.armies)
    m.armies_lost = 0
    hands = hands or {}
    m.hands = [list(hands.get(s, [])) for s in range(m.n_seats)]
    held = [c for h in m.hands for c in h]
    deck = list(FULL_DECK)
    for c in held:
        deck.remove(c)
    m.deck = deck
    m.pile = []
    m.current = current
    m.round = round_
    m.phase = phase
    m.conquered = False
    m.occupy = None
    m.winner = None
    if objectives:
        for s, oid in objectives.items():
            m.objective_card[s] = oid
            m.objective_active[s] = oid
    if phase == PHASE_REINFORCE:
        count = sum(1 for o in m.owner if o == current)
        m.pending_free = max(3, count // 2)
        m.pending_continents = {c: BOARD.bonus(c) for c in continents_held(m.owner, current)}
    else:
        m.pending_free = 0
        m.pending_continents = {}
    if phase == PHASE_MOVE:
        m.movable = [m.armies[i] - 1 if m.owner[i] == current else 0 for i in range(len(m.owner))]
    return m


def arm(m: WarMatch, t: str) -> int:
    """Armies on territory `t`."""
    return m.armies[BOARD.index[t]]


def own(m: WarMatch, t: str) -> int:
    """Owner of territory `t`."""
    return m.owner[BOARD.index[t]]


def rig_dice(m: WarMatch, rolls: list[tuple[int, ...]]) -> None:
    """Make the next dice rolls of `m` return `rolls` in order (attack first,
    then defence, per battle)."""
    queue = list(rolls)
    real = m.rng.roll

    def fake(n: int, sides: int = 6) -> tuple[int, ...]:
        if queue:
            r = queue.pop(0)
            assert len(r) == n, f"rigged roll {r} but {n} dice were rolled"
            return r
        return real(n, sides)

    m.rng.roll = fake  # type: ignore[method-assign]


def illegal(m: WarMatch, seat: int, action: Action, rule: str) -> IllegalAction:
    """Assert `action` is refused citing `rule` and leaves the match untouched [G3]."""
    before = m.fingerprint()
    with pytest.raises(IllegalAction) as err:
        m.apply(seat, action)
    assert err.value.rule == rule, err.value
    assert m.fingerprint() == before  # [G3] untouched
    return err.value
