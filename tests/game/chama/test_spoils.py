"""[C10] (revised) spoils: whoever draws them is asked, whatever the card; the
player whose turn it is may pool a spoils commander or attach a spoils army."""

from __future__ import annotations

import pytest

from game.chama.actions import (
    AttachSpoilsArmy,
    Attack,
    EndStep,
    KeepSpoils,
    PlaySpoilsRealm,
    PoolSpoilsCommander,
    PresentPool,
)
from game.chama.match import ATTACK, POOL, REALM, SPOILS, ChamaMatch
from game.core import IllegalAction
from tests.game.chama.helpers import c, check, fresh, give


def _raze(top: str, pool: str = "5") -> tuple[ChamaMatch, list[int]]:
    """Seat 0 attacks seat 1's A; seat 1 (empty hand and pool) falls; seat 0
    draws `top` as spoils."""
    m = fresh()
    give(m, 0, slots="A:J")
    uids = give(m, 0, pool=pool, top=top)
    give(m, 1, slots="A:K")
    while m.phase in (REALM, POOL):
        m.apply(0, EndStep())
    assert m.phase == ATTACK
    m.apply(0, Attack(1, "A"))
    m.apply(0, PresentPool(uids[0]))
    return m, uids


def _shape(m: ChamaMatch, seat: int) -> dict:
    v = m.view(seat)
    v.pop("players")  # the drawer's hand count grew either way
    return {"phase": v["phase"], "to_move": v["to_move"], "pending": v["spoils_pending"]}


@pytest.mark.parametrize("top", ["Q", "4", "8", "A"])
def test_whoever_draws_spoils_is_asked_whatever_the_card_c10(top: str) -> None:
    m, _ = _raze(top)
    assert m.phase == SPOILS and m.to_move == [0]
    assert KeepSpoils() in m.legal_actions(0)
    # The opponent sees the same thing whether a realm, commander, army or ace came.
    other, _ = _raze("Q")
    assert _shape(m, 1) == _shape(other, 1)
    assert m.view(1)["spoils_card"] is None and m.view(0)["spoils_card"] == c(m, 0, top).code
    m.apply(0, KeepSpoils())
    assert c(m, 0, top) in m.hands[0]
    check(m)


def test_a_spoils_commander_may_go_into_the_pool_on_ones_turn_c10() -> None:
    m, _ = _raze("4")
    assert set(m.legal_actions(0)) == {PoolSpoilsCommander(), KeepSpoils()}
    m.apply(0, PoolSpoilsCommander())
    assert c(m, 0, "4") in [u.commander for u in m.pool[0]]
    assert c(m, 0, "4") not in m.hands[0]
    check(m)


def test_a_spoils_army_may_join_a_pool_commander_without_one_c10() -> None:
    m, uids = _raze("8", pool="5 3+7")
    free, loaded = uids
    assert set(m.legal_actions(0)) == {AttachSpoilsArmy(free), KeepSpoils()}
    with pytest.raises(IllegalAction) as err:
        m.apply(0, AttachSpoilsArmy(loaded))
    assert err.value.rule == "C10"
    m.apply(0, AttachSpoilsArmy(free))
    unit = next(u for u in m.pool[0] if u.uid == free)
    assert unit.army == c(m, 0, "8")
    check(m)


def test_defender_spoils_commander_cannot_be_pooled_outside_his_turn_c10() -> None:
    m = fresh()
    give(m, 0, slots="A:J")
    (u,) = give(m, 0, pool="2")
    (d,) = give(m, 1, pool="5", slots="A:K", top="4")
    while m.phase in (REALM, POOL):
        m.apply(0, EndStep())
    m.apply(0, Attack(1, "A"))
    m.apply(0, PresentPool(u))
    m.apply(1, PresentPool(d))  # 2 vs 5; the attacker's hand is empty (public): he stops
    assert m.phase == SPOILS and m.to_move == [1]
    assert m.legal_actions(1) == [KeepSpoils()]
    with pytest.raises(IllegalAction):
        m.apply(1, PoolSpoilsCommander())
    m.apply(1, KeepSpoils())
    check(m)


def test_a_spoils_realm_still_goes_to_the_formation_c10() -> None:
    m, _ = _raze("Q")
    assert PlaySpoilsRealm("B") in m.legal_actions(0)
    m.apply(0, PlaySpoilsRealm("B"))
    assert m.slot_card[0][1] == c(m, 0, "Q")
