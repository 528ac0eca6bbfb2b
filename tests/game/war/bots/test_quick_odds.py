"""The bots' quick battle odds: scaled beyond QUICK_LIMIT, memoised without
mixing battles up, and the armies a territory needs to hold."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.war.bots.quick_odds import (
    QUICK_LIMIT,
    armies_needed,
    cached_qexp,
    qexp,
    qwin,
)
from game.war.odds import win_probability


def test_the_memo_never_answers_one_battle_with_another() -> None:
    # The memo's key was a * 4096 + d: after a battle against 5000 armies (a long
    # rollout without a turn limit reaches such stacks) it answered 2 against 904
    # with the odds of 1 against 5000 for the rest of the process.
    cached_qexp(1, 5000)
    assert cached_qexp(2, 904) == qexp(2, 904)
    cached_qexp(3, 4096 + 7)
    assert cached_qexp(4, 7) == qexp(4, 7)
    assert cached_qexp(4, 7)[0] > cached_qexp(3, 4096 + 7)[0]


@given(st.integers(1, 400), st.integers(1, 400))
def test_cached_odds_are_the_odds(a: int, d: int) -> None:
    assert cached_qexp(a, d) == qexp(a, d)
    assert qexp(a, d)[0] == qwin(a, d)


def test_small_battles_are_exact_and_big_ones_scaled() -> None:
    assert qwin(10, 10) == win_probability(10, 10)
    big = 2 * QUICK_LIMIT
    assert qwin(big, big) == win_probability(QUICK_LIMIT, QUICK_LIMIT)
    assert qwin(0, 5) == 0.0 and qwin(5, 0) == 1.0


@given(st.integers(1, 60), st.sampled_from([0.1, 0.3, 0.5]))
def test_armies_needed_is_the_fewest_that_hold(threat: int, risk: float) -> None:
    need = armies_needed(threat, risk)
    assert qwin(threat, need) <= risk
    assert need == 1 or qwin(threat, need - 1) > risk


def test_armies_needed_heeds_its_risk_and_an_empty_threat() -> None:
    # the memo keys the risk too: a safer holding needs more armies
    assert armies_needed(20, 0.1) > armies_needed(20, 0.3) > armies_needed(20, 0.6)
    assert armies_needed(0) == 1
