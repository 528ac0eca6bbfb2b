"""The rules of thumb the hard bot plays by (its own unsearched moves and its
search's prior)."""

from __future__ import annotations

from game.chama import policy
from game.chama.actions import Attack, Decline, EndStep, PlayArmistice, PresentPool
from game.chama.match import ATTACK, POOL, REALM, ChamaMatch
from game.rng import Rng
from tests.game.chama.helpers import fresh, give


def _to_attack(m: ChamaMatch) -> None:
    while m.phase in (REALM, POOL):
        m.apply(m.active, EndStep())
    assert m.phase == ATTACK


def test_hard_attacks_a_player_with_six_realms_whatever_the_odds_c4() -> None:
    """Six unrazed realms win at the owner's next draw step ([C4]): hard attacks
    even with a weak commander against a strong pool; normal waits for an edge."""
    m = fresh()
    give(m, 0, slots="A:K B:Q C:J", pool="2")
    give(m, 1, slots="A:K B:K C:Q D:Q E:J F:J", pool="5+10 5+9 4+9")
    _to_attack(m)
    legal = m.legal_actions(0)
    assert Attack(1, "A") in legal
    assert policy.choose(m, 0, legal, Rng(1), "hard") == Attack(1, "A")
    assert policy.choose(m, 0, legal, Rng(1), "normal") == EndStep()


def test_hard_defends_behind_its_armistice_rather_than_decline_c11() -> None:
    """Holding an ace, hard presents its weakest commander against a far stronger
    attacker: if the incursion is lost the armistice ends the battle and sends the
    commander home ([C11]), so the realm is not given away; normal declines."""
    m = fresh()
    give(m, 0, slots="A:K B:Q C:J", pool="3 2", hand="A")
    att = give(m, 1, slots="A:K", pool="5+10")
    m.active, m.turns_taken[1] = 1, 1
    _to_attack(m)
    m.apply(1, Attack(0, "A"))
    m.apply(1, PresentPool(att[0]))
    assert m.to_move == [0]
    legal = m.legal_actions(0)
    two = next(u.uid for u in m.pool[0] if u.commander.rank == 2)
    assert policy.choose(m, 0, legal, Rng(1), "hard") == PresentPool(two)
    assert policy.choose(m, 0, legal, Rng(1), "normal") == Decline()
    m.apply(0, PresentPool(two))
    assert isinstance(policy.choose(m, 0, m.legal_actions(0), Rng(1), "hard"), PlayArmistice)


def test_leaf_counts_the_table_score_near_the_turn_limit_c16() -> None:
    """Two commanders score 4 and one 2 in a timed match ([C16]): with equal pool
    levels the search's leaf prefers the higher table score in the last rounds
    before the limit, and sees no difference in an untimed match."""
    m = fresh()
    give(m, 0, slots="A:K", pool="2 2")
    give(m, 1, slots="A:K", pool="4")
    assert m.score(0) > m.score(1)
    even = policy.evaluate(m)
    assert even[0] == even[1]
    m.turn_limit = m.turn + 2
    timed = policy.evaluate(m)
    assert timed[0] > timed[1]
