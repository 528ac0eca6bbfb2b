"""The position value the search scores its rollouts with (on `FastState`)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.war.board import BOARD
from game.war.bots.fastsim import FastState
from game.war.bots.value import features, win_chance
from game.war.match import WarMatch
from tests.game.war.bots.test_world import played
from tests.game.war.helpers import new, position


def fast(m: WarMatch) -> FastState:
    return FastState.from_match(m)


def test_chances_of_the_seats_still_playing_sum_to_one() -> None:
    st_ = fast(new(4, seed=3))
    assert sum(win_chance(st_, s) for s in range(4)) == pytest.approx(1.0)


def test_a_finished_match_scores_its_winner_one_and_the_others_zero() -> None:
    """[W11]: the moment an objective is met the match is won."""
    m = new(3, seed=2)
    m.winner = 1
    m.phase = "over"
    assert [win_chance(fast(m), s) for s in range(3)] == [0.0, 1.0, 0.0]


def test_fewer_territories_missing_means_a_better_chance() -> None:
    """Same map, same armies: a seat one territory from its objective is worth
    more than the same seat holding an objective it is far from."""
    samerica = set(BOARD.territories_of("América do Sul"))
    asia = BOARD.territories_of("Ásia")
    owners = {t: 0 for t in samerica} | {t: 0 for t in asia[:-1]} | {asia[-1]: 1}
    m = position(new(2, seed=1), owners, default_owner=1)
    m.objective_card = ["asia_america_do_sul", "asia_america_do_sul"]
    m.objective_active = list(m.objective_card)
    near = win_chance(fast(m), 0)
    assert features(fast(m), 0)[0] == pytest.approx(1 / 2)
    m.objective_card[0] = m.objective_active[0] = "america_do_norte_africa"
    assert features(fast(m), 0)[0] < 1 / 2
    assert win_chance(fast(m), 0) < near


def test_an_eliminated_seat_has_no_chance() -> None:
    m = new(3, seed=5)
    m.alive[2] = False
    for i, o in enumerate(m.owner):
        if o == 2:
            m.owner[i] = 0
    st_ = fast(m)
    assert win_chance(st_, 2) == 0.0
    assert win_chance(st_, 0) + win_chance(st_, 1) == pytest.approx(1.0)


@settings(max_examples=12)
@given(seed=st.integers(0, 10_000), rounds=st.integers(2, 7))
def test_missing_agrees_with_the_engine(seed: int, rounds: int) -> None:
    """The leaf's objective distance is the engine's, for every objective of
    every seat ([W1] fallbacks included)."""
    m = played(seed, rounds)
    assume(not m.is_over)  # a quick win leaves no position to compare
    st_ = fast(m)
    for s in range(m.n_seats):
        if m.alive[s]:
            assert st_.missing(s) == m.missing(s), m.objective_active[s]
