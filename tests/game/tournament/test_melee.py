"""Melee table splits and seating [R5], the final table [R6]."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rng import Rng
from game.tournament import Result, create_tournament, simulate_tournament
from game.tournament.melee import (
    SOURCE_SPLITS,
    repeated_pairs,
    seat_tables,
    seating_cost,
    source_split,
    table_split,
)

SOURCE_TABLE = {
    3: [3],
    4: [4],
    5: [5],
    6: [3, 3],
    7: [3, 4],
    8: [4, 4],
    9: [3, 3, 3],
    10: [3, 3, 4],
    11: [4, 4, 3],
    12: [4, 4, 4],
}


@pytest.mark.parametrize("n", range(3, 13))
def test_source_splits_for_3_to_12_r5(n: int) -> None:
    assert Counter(source_split(n)) == Counter(SOURCE_TABLE[n])
    assert Counter(SOURCE_SPLITS[n]) == Counter(SOURCE_TABLE[n])


@pytest.mark.parametrize("n", range(13, 31))
def test_above_12_adds_a_table_of_four_r5(n: int) -> None:
    assert Counter(source_split(n)) == Counter([*source_split(n - 4), 4])
    assert sum(source_split(n)) == n
    assert set(source_split(n)) <= {3, 4}


def test_source_example_13_is_nine_plus_four_r5() -> None:
    assert Counter(source_split(13)) == Counter([3, 3, 3, 4])


@pytest.mark.parametrize("n", range(3, 31))
@pytest.mark.parametrize("limits", [(2, 5), (2, 4), (2, 3), (3, 6), (4, 6), (2, 6)])
def test_adapted_splits_fit_the_game_r5(n: int, limits: tuple[int, int]) -> None:
    low, high = limits
    sizes = table_split(n, low, high)
    if sizes is None:
        # Only impossible when no table sizes in low..high add up to n.
        assert not any(
            sum(c) == n
            for k in range(1, n + 1)
            for c in _combos_with_replacement(range(max(2, low), high + 1), k)
        )
        return
    assert sum(sizes) == n
    assert all(max(low, 2) <= s <= high for s in sizes)
    if all(low <= s <= high for s in source_split(n)):
        assert sizes == source_split(n)
    # Tables of 2 only when tables of 3+ cannot seat everyone.
    if 2 in sizes:
        assert table_split(n, max(3, low), high) is None


def _combos_with_replacement(values: range, k: int) -> list[tuple[int, ...]]:
    from itertools import combinations_with_replacement

    return list(combinations_with_replacement(values, k)) if k <= 12 else []


def test_nearest_split_examples_r5() -> None:
    assert table_split(5, 2, 4) == (3, 2)  # 5 seats only at a 5-table: nearest is 3 + 2
    assert table_split(12, 2, 3) == (3, 3, 3, 3)
    assert table_split(9, 4, 6) == (5, 4)
    assert table_split(2, 2, 5) is None  # a melee needs 3
    assert table_split(10, 2, 2) is None  # a 2-seat game cannot play melee


def _brute_best(players: list[int], sizes: tuple[int, ...], met, past) -> int:  # type: ignore[no-untyped-def]
    best = None
    for perm in permutations(players):
        tables, at = [], 0
        for s in sizes:
            tables.append(list(perm[at : at + s]))
            at += s
        c = seating_cost(tables, met, past)
        best = c if best is None else min(best, c)
    assert best is not None
    return best


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([6, 7, 8]),
    st.lists(st.tuples(st.integers(1, 8), st.integers(1, 8)), max_size=12),
    st.integers(0, 10**6),
)
def test_seating_minimises_repeated_opponents_r5(
    n: int, history: list[tuple[int, int]], seed: int
) -> None:
    players = list(range(1, n + 1))
    met: dict[int, dict[int, int]] = defaultdict(dict)
    for a, b in history:
        if a != b and a <= n and b <= n:
            met[a][b] = met[a].get(b, 0) + 1
            met[b][a] = met[b].get(a, 0) + 1
    sizes = source_split(n)
    tables = seat_tables(players, sizes, met, Rng(seed), past=set())
    assert sorted(p for t in tables for p in t) == players
    assert sorted(len(t) for t in tables) == sorted(sizes)
    assert seating_cost(tables, met) == _brute_best(players, sizes, met, set())


def test_second_round_has_no_repeats_when_possible_r5() -> None:
    """9 players in 3 tables of 3 (and 16 in 4 of 4): round 2 separates every pair."""
    for n in (9, 16):
        players = list(range(1, n + 1))
        sizes = source_split(n)
        first = seat_tables(players, sizes, {}, Rng(1))
        met: dict[int, dict[int, int]] = defaultdict(dict)
        for t in first:
            for a, b in combinations(t, 2):
                met[a][b] = met[b][a] = 1
        second = seat_tables(players, sizes, met, Rng(2), {frozenset(t) for t in first})
        assert repeated_pairs(second, met) == 0


def test_big_melee_field_is_seated_by_search_r5() -> None:
    players = list(range(1, 41))
    sizes = source_split(40)
    first = seat_tables(players, sizes, {}, Rng(1))
    met: dict[int, dict[int, int]] = defaultdict(dict)
    for t in first:
        for a, b in combinations(t, 2):
            met[a][b] = met[b][a] = 1
    second = seat_tables(players, sizes, met, Rng(2), {frozenset(t) for t in first})
    assert sorted(p for t in second for p in t) == players
    assert repeated_pairs(second, met) == 0


@pytest.mark.parametrize("entrants,final", [(9, 3), (11, 3), (12, 4), (14, 4)])
def test_final_table_top3_or_top4_r6(entrants: int, final: int) -> None:
    t = create_tournament(
        "alta", [(f"b{i}", "random") for i in range(entrants)], format="melee", rounds=2, seed=5
    )
    simulate_tournament(t)
    finals = t.stage_rounds("final")
    assert len(finals) == 1 and len(finals[0].tables) == 1
    seated = finals[0].tables[0].seats
    assert len(seated) == final
    top = [r.number for r in t.prelim_standings()[:final]]
    assert sorted(seated) == sorted(top)
    # The final table decides the top places; the rest follow the prelim standings.
    rows = t.final_standings()
    assert {r.number for r in rows[:final]} == set(top)
    assert [r.number for r in rows[final:]] == [r.number for r in t.prelim_standings()[final:]]


def test_final_table_order_and_ties_by_prelim_rank_r6() -> None:
    t = create_tournament(
        "alta", [(f"b{i}", "random") for i in range(9)], format="melee", rounds=1, seed=2
    )
    simulate_tournament(t, progress=None)
    final = t.stage_rounds("final")[0]
    table = final.tables[0]
    prelim = {r.number: r.place for r in t.prelim_standings()}
    # Re-enter the final as a three-way tie: the preliminary ranks decide.
    t.override_result(final.number, table.number, Result.ranking([list(table.seats)]))
    rows = t.final_standings()
    assert [r.number for r in rows[:3]] == sorted(table.seats, key=prelim.__getitem__)
    assert rows[0].reached == "champion"
    # A clear winner at the final table is champion whatever his prelim rank.
    last = max(table.seats, key=prelim.__getitem__)
    others = [n for n in table.seats if n != last]
    t.override_result(final.number, table.number, Result.ranking([[last], others]))
    assert t.champion() is not None and t.champion().number == last  # type: ignore[union-attr]


def test_melee_seats_respect_a_three_seat_game_r5(fake_games: None) -> None:
    t = create_tournament(
        "alta_three", [(f"b{i}", "random") for i in range(8)], format="melee", rounds=2, seed=1
    )
    rnd = t.start_round()
    assert sorted(len(tb.seats) for tb in rnd.tables) == [2, 3, 3]


@pytest.mark.parametrize("seed", range(8))
def test_above_twelve_a_repeat_free_seating_is_found_whenever_one_exists_r5(seed: int) -> None:
    """[R5] (revised): 16 players met as the rows, then the columns, of a 4x4 grid.
    A third round without a repeated pair exists (the diagonals); the seating
    must find one whatever the order it starts from (swaps alone did not)."""
    grid = [[r * 4 + c + 1 for c in range(4)] for r in range(4)]
    rounds = [grid, [[grid[r][c] for r in range(4)] for c in range(4)]]
    met: dict[int, dict[int, int]] = defaultdict(dict)
    for rnd in rounds:
        for t in rnd:
            for a, b in combinations(t, 2):
                met[a][b] = met[b][a] = 1
    players = list(range(1, 17))
    past = {frozenset(t) for rnd in rounds for t in rnd}
    tables = seat_tables(players, source_split(16), met, Rng(seed), past)
    assert sorted(p for t in tables for p in t) == players
    assert repeated_pairs(tables, met) == 0
