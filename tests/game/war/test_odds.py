"""Battles and exact odds ([W6], [W12])."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.war import (
    attack_distribution,
    conquest_probability,
    remaining_distribution,
    resolve_battle,
    trade_value,
    win_probability,
)
from game.war.odds import expected_after_win, roll_outcomes_exact

dice = st.integers(min_value=1, max_value=6)


def test_seed_example_5_4_1_against_6_3_1_w6() -> None:
    """The rulebook's example: attack loses 2, defence loses 1."""
    assert resolve_battle((5, 4, 1), (6, 3, 1)) == (2, 1)
    assert resolve_battle([1, 5, 4], [3, 1, 6]) == (2, 1)  # order does not matter


def test_defender_wins_ties_w6() -> None:
    assert resolve_battle((6,), (6,)) == (1, 0)
    assert resolve_battle((4, 4, 4), (4, 4, 4)) == (3, 0)


def test_only_min_dice_pairs_compared_w6() -> None:
    """3 and 2 against 6: only the highest pair counts; the attack loses one."""
    assert resolve_battle((3, 2), (6,)) == (1, 0)
    assert resolve_battle((6, 6, 6), (1,)) == (0, 1)
    assert resolve_battle((1,), (6, 6, 6)) == (1, 0)


@given(st.lists(dice, min_size=1, max_size=3), st.lists(dice, min_size=1, max_size=3))
def test_losses_add_up_to_pairs_w6(att: list[int], dfn: list[int]) -> None:
    la, ld = resolve_battle(att, dfn)
    assert la + ld == min(len(att), len(dfn))
    assert la >= 0 and ld >= 0


def test_reference_values_w12() -> None:
    assert win_probability(1, 1) == pytest.approx(0.417, abs=5e-4)
    assert win_probability(3, 3) == pytest.approx(0.328, abs=5e-4)
    assert win_probability(5, 3) == pytest.approx(0.567, abs=5e-4)
    assert win_probability(10, 10) == pytest.approx(0.190, abs=5e-4)


def test_one_die_against_one_is_15_in_36_w12() -> None:
    assert win_probability(1, 1) == pytest.approx(15 / 36, abs=1e-12)


@cache
def _exact(a: int, d: int) -> Fraction:
    """An independent exact solver with Fractions over brute-forced rolls."""
    if d == 0:
        return Fraction(1)
    if a == 0:
        return Fraction(0)
    na, nd = min(3, a), min(3, d)
    total = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=na + nd):
        la, ld = resolve_battle(faces[:na], faces[na:])
        total += _exact(a - la, d - ld)
    return total / 6 ** (na + nd)


@pytest.mark.parametrize("a,d", [(1, 1), (2, 1), (1, 2), (2, 2), (3, 2), (4, 3), (3, 4), (6, 5)])
def test_markov_chain_is_exact_w12(a: int, d: int) -> None:
    assert win_probability(a, d) == pytest.approx(float(_exact(a, d)), abs=1e-12)


def test_roll_outcomes_sum_to_one() -> None:
    for na in (1, 2, 3):
        for nd in (1, 2, 3):
            assert sum(p for _, p in roll_outcomes_exact(na, nd)) == 1


@pytest.mark.parametrize("na,nd", [(a, d) for a in (1, 2, 3) for d in (1, 2, 3)])
def test_roll_outcomes_match_every_roll_one_by_one_w6(na: int, nd: int) -> None:
    """The outcomes are counted over sorted faces (fast); they must equal the
    plain count over all 6**(na+nd) rolls, fraction for fraction."""
    counts: dict[tuple[int, int], int] = {}
    for faces in itertools.product(range(1, 7), repeat=na + nd):
        key = resolve_battle(faces[:na], faces[na:])
        counts[key] = counts.get(key, 0) + 1
    brute = tuple(sorted((k, Fraction(v, 6 ** (na + nd))) for k, v in counts.items()))
    assert roll_outcomes_exact(na, nd) == brute


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 40), st.integers(0, 40))
def test_win_probability_bounds_and_monotone_w12(a: int, d: int) -> None:
    p = win_probability(a, d)
    assert 0.0 <= p <= 1.0
    assert win_probability(a + 1, d) >= p - 1e-12
    if d > 0:
        assert win_probability(a, d - 1) >= p - 1e-12


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 25), st.integers(0, 25), st.integers(0, 5))
def test_distribution_is_a_distribution(a: int, d: int, stop: int) -> None:
    dist = attack_distribution(a, d, stop)
    assert sum(p for _, p in dist) == pytest.approx(1.0, abs=1e-9)
    for (al, dl), p in dist:
        assert p >= 0
        # never below the stop line, and the battle ended for a reason
        assert al >= min(stop, a)
        assert dl == 0 or al <= stop or d == 0
    if stop == 0:
        won = sum(p for (_, dl), p in dist if dl == 0)
        assert won == pytest.approx(win_probability(a, d), abs=1e-9)


def test_attack_until_n_left_never_overshoots() -> None:
    """With 10 attackers stopping at 4, the attacker keeps at least 4 (fewer dice
    near the line) and the odds drop compared with fighting to the end."""
    d = remaining_distribution(10, 6, stop=4)
    assert min(d["attackers_left"], default=4) >= 4
    assert conquest_probability(10, 6, stop=4) < win_probability(10, 6)
    assert d["win"] == pytest.approx(conquest_probability(10, 6, stop=4))


def test_expected_after_win_matches_distribution() -> None:
    for a, d in ((7, 4), (12, 9), (3, 1)):
        w, left, loss = expected_after_win(a, d)
        dist = remaining_distribution(a, d)
        assert w == pytest.approx(dist["win"], abs=1e-12)
        mean = sum(k * p for k, p in dist["attackers_left"].items()) / dist["win"]
        assert left == pytest.approx(mean, abs=1e-9)
        assert loss == pytest.approx(dist["expected_attacker_losses"], abs=1e-9)


def test_trade_values_w5() -> None:
    assert [trade_value(n) for n in range(1, 11)] == [4, 6, 8, 10, 12, 15, 20, 25, 30, 35]
    with pytest.raises(ValueError):
        trade_value(0)


def test_negative_armies_rejected() -> None:
    with pytest.raises(ValueError):
        win_probability(-1, 2)
    with pytest.raises(ValueError):
        attack_distribution(2, -1)


def test_tables_grow_safely_from_two_threads() -> None:
    """Bots think in a worker thread while the table may ask for odds."""
    import threading

    from game.war import odds

    fresh = odds._WinTable()
    reference = odds._WinTable()
    reference._grow(120)
    errors: list[str] = []

    def ask(order: range) -> None:
        for n in order:
            if abs(fresh.get(n, n // 2) - reference.get(n, n // 2)) > 1e-12:
                errors.append(f"{n}")

    threads = [threading.Thread(target=ask, args=(range(1, 110, k),)) for k in (1, 3, 7)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_a_long_games_stacks_are_swept_alone_not_tabled_w12() -> None:
    """Hovering a 1,200-army stack grew the full table to 1,200 x 1,200 floats:
    3.3 s of frozen window and about 40 MiB kept for good. Past `TABLE_LIMIT`
    a battle is swept on its own; the table stays at the limit."""
    from game.war import odds

    win_probability(odds.TABLE_LIMIT - 1, 250)  # fill the table to the limit
    p = win_probability(1200, 760)
    assert 0.0 < p < 1.0
    assert win_probability(1300, 760) > p > win_probability(1200, 800)  # monotone
    assert odds._WIN.size <= odds.TABLE_LIMIT


def test_dropping_negligible_states_moves_the_odds_by_less_than_1e_12_w12() -> None:
    """The sweep past the table drops states under `NEGLIGIBLE`; at the limit it
    agrees with the exact table and with a sweep that drops nothing."""
    from game.war import odds

    a, d = odds.TABLE_LIMIT - 1, 250
    table = odds._WIN.get(a, d)
    swept = odds._sweep(a, d, 0, odds.NEGLIGIBLE)
    whole = odds._sweep(a, d, 0, 0.0)
    won = sum(p for (_, left), p in swept.items() if left == 0)
    assert won == pytest.approx(table, abs=1e-12)
    assert won == pytest.approx(sum(p for (_, left), p in whole.items() if left == 0), abs=1e-12)
    big = attack_distribution(odds.TABLE_LIMIT + 20, 260, 3)
    assert sum(p for _, p in big) == pytest.approx(1.0, abs=1e-12)
    assert all(al >= 3 and (dl == 0 or al == 3) for (al, dl), _ in big)
