"""Bots use the [C10] (revised) spoils options: a spoils commander goes into the
pool and a spoils army onto a pool commander when that helps, at every level."""

from __future__ import annotations

import pytest

from game.chama.actions import (
    AttachSpoilsArmy,
    Attack,
    EndStep,
    KeepSpoils,
    PoolSpoilsCommander,
    PresentPool,
)
from game.chama.bots import SearchBot, make_bot
from game.chama.match import ATTACK, POOL, REALM, SPOILS, ChamaMatch
from game.core import Action
from game.rng import Rng
from tests.game.chama.helpers import fresh, give

LEVELS = ("easy", "normal", "hard")


def _spoils(top: str, pool: str = "5", hand: str = "", realm: bool = True) -> ChamaMatch:
    """Seat 0 razes seat 1's A (seat 1 has nothing to defend with) and draws
    `top` as spoils; seat 0 holds `hand` and `pool`."""
    m = fresh()
    if realm:
        give(m, 0, slots="A:J")
    uids = give(m, 0, hand=hand, pool=pool, top=top)
    give(m, 1, slots="A:K")
    while m.phase in (REALM, POOL):
        m.apply(0, EndStep())
    assert m.phase == ATTACK
    m.apply(0, Attack(1, "A"))
    m.apply(0, PresentPool(uids[0]))
    assert m.phase == SPOILS and m.to_move == [0]
    return m


def _choose(m: ChamaMatch, level: str) -> Action:
    # Hard searches this decision too; a fixed number of iterations keeps the test
    # deterministic (its rules of thumb are the search's prior).
    bot = SearchBot(iterations=300, time_budget=60.0) if level == "hard" else make_bot(level)
    return bot.choose(m.view(0), m.legal_actions(0), Rng(7))


@pytest.mark.parametrize("level", LEVELS)
def test_bot_pools_a_spoils_commander_c10(level: str) -> None:
    """A commander drawn as spoils goes into the pool at once (it frees a place
    under the hand limit, as step 3 would have pooled it)."""
    m = _spoils("4", hand="9 7")
    assert _choose(m, level) == PoolSpoilsCommander()


@pytest.mark.parametrize("level", LEVELS)
def test_bot_keeps_spoils_commander_without_a_realm_c10_c12(level: str) -> None:
    """With no realm in the formation the pool is discarded at the end of the turn
    ([C12]), so the spoils commander stays in hand."""
    m = _spoils("4", realm=False)
    assert PoolSpoilsCommander() in m.legal_actions(0)
    assert _choose(m, level) == KeepSpoils()


@pytest.mark.parametrize("level", LEVELS)
def test_bot_attaches_a_spoils_army_beyond_the_armies_it_keeps_c10(level: str) -> None:
    """A spoils army joins the strongest pool commander without one when the hand
    already holds the armies that level keeps as reinforcements."""
    m = _spoils("8", pool="3 5 4+7", hand="9 10")
    free = [u.uid for u in m.pool[0] if u.army is None]
    assert set(m.legal_actions(0)) == {AttachSpoilsArmy(u) for u in free} | {KeepSpoils()}
    five = next(u.uid for u in m.pool[0] if u.commander.rank == 5)
    assert _choose(m, level) == AttachSpoilsArmy(five)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_keeps_a_spoils_army_as_its_reinforcement_c10(level: str) -> None:
    """The only army in hand is kept back as a reinforcement (normal keeps one,
    hard two); easy attaches it anyway."""
    m = _spoils("8", pool="3 5")
    assert _choose(m, level) == KeepSpoils()
    assert isinstance(_choose(m, "easy"), AttachSpoilsArmy)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_attaches_a_spoils_army_above_the_hand_limit_c10(level: str) -> None:
    """Above the hand limit the army would be discarded at step 5: attach it."""
    m = _spoils("8", pool="3 5", hand="K Q J K Q J K A")
    assert len(m.hands[0]) == 9
    assert isinstance(_choose(m, level), AttachSpoilsArmy)
