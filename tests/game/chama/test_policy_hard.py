"""The rules of thumb the hard bot plays by (its own unsearched moves and its
search's prior): when to attack a player about to win, when to cast an armistice."""

from __future__ import annotations

from game.chama import policy
from game.chama.actions import Attack, EndStep, PlayArmistice, PresentPool, Stop
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


def _losing_defence(my_slots: str, their_slots: str) -> ChamaMatch:
    """Seat 1 attacks seat 0's A with 5+10; seat 0 defends with 3 and holds an ace."""
    m = fresh()
    give(m, 0, slots=my_slots, pool="3", hand="A")
    att = give(m, 1, slots=their_slots, pool="5+10")
    m.active = 1
    m.turns_taken[1] = 1
    _to_attack(m)
    m.apply(1, Attack(0, "A"))
    m.apply(1, PresentPool(att[0]))
    m.apply(0, PresentPool(m.pool[0][0].uid))
    assert m.to_move == [0]
    return m


def test_hard_keeps_its_armistice_when_behind_c11() -> None:
    """An armistice bars its caster from attacking the target until the target
    attacks him ([C11]): behind in realms, hard loses the incursion rather than
    give up attacking; normal casts it."""
    m = _losing_defence("A:K", "A:K B:Q C:J")
    legal = m.legal_actions(0)
    assert any(isinstance(a, PlayArmistice) for a in legal)
    assert policy.choose(m, 0, legal, Rng(1), "hard") == Stop()
    assert isinstance(policy.choose(m, 0, legal, Rng(1), "normal"), PlayArmistice)


def test_hard_casts_its_armistice_when_ahead_c11() -> None:
    """Ahead in realms, peace favours hard: it casts the armistice."""
    m = _losing_defence("A:K B:Q C:J", "A:K")
    legal = m.legal_actions(0)
    assert isinstance(policy.choose(m, 0, legal, Rng(1), "hard"), PlayArmistice)
