"""The position value the search scores its rollouts with."""

from __future__ import annotations

import pytest

from game.war.board import BOARD
from game.war.bots.value import features, win_chance
from tests.game.war.helpers import new, position


def test_chances_of_the_seats_still_playing_sum_to_one() -> None:
    m = new(4, seed=3)
    assert sum(win_chance(m, s) for s in range(4)) == pytest.approx(1.0)


def test_a_finished_match_scores_its_winner_one_and_the_others_zero() -> None:
    """[W11]: the moment an objective is met the match is won."""
    m = new(3, seed=2)
    m.winner = 1
    m.phase = "over"
    assert [win_chance(m, s) for s in range(3)] == [0.0, 1.0, 0.0]


def test_fewer_territories_missing_means_a_better_chance() -> None:
    """Same map, same armies: a seat one territory from its objective is worth
    more than the same seat holding an objective it is far from."""
    samerica = set(BOARD.territories_of("América do Sul"))
    asia = BOARD.territories_of("Ásia")
    owners = {t: 0 for t in samerica} | {t: 0 for t in asia[:-1]} | {asia[-1]: 1}
    m = position(new(2, seed=1), owners, default_owner=1)
    m.objective_card = ["asia_america_do_sul", "asia_america_do_sul"]
    m.objective_active = list(m.objective_card)
    near = win_chance(m, 0)
    assert features(m, 0)[0] == pytest.approx(1 / 2)
    m.objective_card[0] = m.objective_active[0] = "america_do_norte_africa"
    assert features(m, 0)[0] < 1 / 2
    assert win_chance(m, 0) < near


def test_an_eliminated_seat_has_no_chance() -> None:
    m = new(3, seed=5)
    m.alive[2] = False
    for i, o in enumerate(m.owner):
        if o == 2:
            m.owner[i] = 0
    assert win_chance(m, 2) == 0.0
    assert win_chance(m, 0) + win_chance(m, 1) == pytest.approx(1.0)
