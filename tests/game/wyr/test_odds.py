"""Property tests of the odds the bots rely on."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.wyr.odds import (
    dice_dist,
    draw_outcomes,
    reis_dice_dist,
    reroll_dist,
    thyatis_dice_dist,
    tie_share,
    win_table,
)


@pytest.mark.parametrize("n", [2, 3])
def test_dice_distributions_sum_to_one(n: int) -> None:
    for dist in (dice_dist(n), reis_dice_dist(n), thyatis_dice_dist(n, False, 3)):
        assert abs(sum(p for _, p in dist) - 1) < 1e-12
    assert dict(dice_dist(2))[7] == pytest.approx(6 / 36)
    assert dict(reis_dice_dist(2))[2] == pytest.approx(1 / 36**2)  # both rolls snake eyes


@pytest.mark.parametrize("n", [2, 3])
def test_reis_and_thyatis_only_help_y9_y11(n: int) -> None:
    def mean(d):  # type: ignore[no-untyped-def]
        return sum(t * p for t, p in d)

    base = mean(dice_dist(n))
    assert mean(reis_dice_dist(n)) > base
    assert mean(thyatis_dice_dist(n, False, 3)) > base  # reroll 1-3 only
    assert mean(thyatis_dice_dist(n, True, 3)) > mean(reis_dice_dist(n))


@given(st.lists(st.integers(1, 6), min_size=2, max_size=3))
def test_reroll_replaces_the_lowest_die(d: list[int]) -> None:
    dist = reroll_dist(d)
    assert min(dist) == sum(d) - min(d) + 1 and max(dist) == sum(d) - min(d) + 6
    assert abs(sum(dist.values()) - 1) < 1e-12


counts = st.lists(
    st.tuples(st.sampled_from([0, *range(2, 15)]), st.integers(1, 4)),
    min_size=1,
    max_size=6,
    unique_by=lambda x: x[0],
)


@settings(max_examples=80, deadline=None)
@given(counts, st.integers(0, 3))
def test_draw_outcomes_are_hypergeometric(pool: list[tuple[int, int]], k: int) -> None:
    pool_t = tuple(sorted(pool))
    total = sum(c for _, c in pool_t)
    out = draw_outcomes(pool_t, k)
    assert abs(sum(p for _, p in out) - 1) < 1e-9
    take = min(k, total)
    assert all(len(ranks) == take for ranks, _ in out)
    # The chance to draw no card of the first rank matches the formula.
    r0, c0 = pool_t[0]
    none = sum(p for ranks, p in out if r0 not in ranks)
    assert none == pytest.approx(comb(total - c0, take) / comb(total, take))


@pytest.mark.parametrize("opponents", [1, 2, 4])
@pytest.mark.parametrize("nimb", [False, True])
def test_win_chance_grows_with_points(opponents: int, nimb: bool) -> None:
    table = win_table(opponents, nimb)
    assert all(0 <= p <= 1 for p in table)
    assert list(table) == sorted(table)
    assert win_table(opponents + 1, nimb)[1] < table[1]  # more rivals, less chance


def test_tie_shares_follow_y8_y9_y11() -> None:
    reis = (6, ())
    dragao = (5, (9, 4))
    par = (2, (9, 8, 5, 3))
    assert tie_share(reis, dragao, False) == 1.0
    assert tie_share(par, dragao, False) == 0.0
    assert tie_share(par, par, False) == 0.5
    assert tie_share(reis, dragao, True) == 0.5  # Nimb: the dice decide
