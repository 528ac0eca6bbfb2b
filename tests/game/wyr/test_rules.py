"""Pure rules: the table bet ([Y2]), seating ([Y1]), pot splits ([Y9]), options."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.registry import OptionsError, new_match
from game.wyr import INFO
from game.wyr.rules import BET_CHOICES, group_members, split_pot, table_bet


@pytest.mark.parametrize(
    ("picks", "bet"),
    [
        ([20, 20, 20, 10, 50], 20),  # the majority wins
        ([10, 20, 50], 10),  # all different: the lowest
        ([20, 20, 50, 50, 10], 20),  # tie for most frequent: the lowest of those
        ([50, 50, 10, 10], 10),
        ([50, 50, 20], 50),  # a clear majority may be the highest
        ([50, 20], 20),
        ([50, 50], 50),
    ],
)
def test_table_bet_majority_then_lowest_y2(picks: list[int], bet: int) -> None:
    assert table_bet(picks) == bet


@given(st.lists(st.sampled_from(BET_CHOICES), min_size=2, max_size=6))
def test_table_bet_is_a_most_frequent_pick_y2(picks: list[int]) -> None:
    bet = table_bet(picks)
    top = max(picks.count(v) for v in BET_CHOICES)
    assert picks.count(bet) == top
    assert all(v >= bet for v in BET_CHOICES if picks.count(v) == top)


def test_groups_interleave_y1() -> None:
    assert group_members(6, "pairs") == [[0, 3], [1, 4], [2, 5]]
    assert group_members(6, "trios") == [[0, 2, 4], [1, 3, 5]]
    assert group_members(4, "pairs") == [[0, 2], [1, 3]]
    assert group_members(3, "none") == [[0], [1], [2]]


def test_pot_split_remainder_to_the_tiebreak_winner_y9() -> None:
    assert split_pot(55, [1, 2], 2) == {1: 27, 2: 28}
    assert split_pot(50, [0, 1, 2], 0) == {0: 18, 1: 16, 2: 16}
    assert split_pot(60, [0, 1], 1) == {0: 30, 1: 30}
    with pytest.raises(ValueError):
        split_pot(10, [0, 1], 3)


@pytest.mark.parametrize(
    ("seats", "groups"),
    [(2, "none"), (5, "none"), (4, "pairs"), (6, "pairs"), (6, "trios")],
)
def test_possible_tables_y1(seats: int, groups: str) -> None:
    m = new_match("wyr", seats, seed=1, options={"groups": groups})
    assert m.money == [100] * seats  # everyone starts with T$ 100


@pytest.mark.parametrize(
    ("seats", "groups"),
    [(6, "none"), (5, "pairs"), (3, "pairs"), (4, "trios"), (5, "trios"), (2, "pairs")],
)
def test_impossible_tables_raise_options_error_y1(seats: int, groups: str) -> None:
    with pytest.raises(OptionsError):
        INFO.resolve_options(seats, {"groups": groups})
    with pytest.raises(OptionsError):
        new_match("wyr", seats, seed=1, options={"groups": groups})


def test_seven_seats_never_fit() -> None:
    with pytest.raises(OptionsError):
        new_match("wyr", 7, seed=1, options={"groups": "pairs"})


def test_option_schema_has_the_common_options() -> None:
    keys = {o.key for o in INFO.options}
    assert {"groups", "hyninn", "nimb", "azgher", "thyatis", "tenebra"} <= keys
    assert {"turn_limit", "tournament"} <= keys
    with pytest.raises(OptionsError):
        INFO.resolve_options(3, {"hyninn": 3})


def test_check_options_hook_directly_y1() -> None:
    assert INFO.check_options is not None
    INFO.check_options(6, {"groups": "trios"})
    with pytest.raises(OptionsError) as e:
        INFO.check_options(5, {"groups": "pairs"})
    assert e.value.key == "wyr.options.groups_dont_fit"
    with pytest.raises(OptionsError) as e:
        INFO.check_options(6, {"groups": "none"})
    assert e.value.key == "wyr.options.alone_needs_2_to_5"
