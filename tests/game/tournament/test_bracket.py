"""Seeded brackets [R4]: 1 v last, 2 v second last, top seeds apart."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.tournament.bracket import (
    bracket_order,
    bracket_size,
    initial_slots,
    round_label,
    rounds_needed,
    slot_pairs,
)


def test_bracket_orders_r4() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(ValueError):
        bracket_order(6)


@given(st.integers(1, 6))
def test_first_round_pairs_seed_k_with_last_minus_k_r4(k: int) -> None:
    size = 2**k
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    for a, b in slot_pairs(order):
        assert a + b == size + 1


@given(st.integers(1, 6), st.data())
def test_the_best_seeds_meet_as_late_as_possible_r4(k: int, data: st.DataObject) -> None:
    """Seeds i < j can meet only in a round where j would be the weaker half's best."""
    size = 2**k
    order = bracket_order(size)
    pos = {s: i for i, s in enumerate(order)}
    i = data.draw(st.integers(1, size - 1))
    j = data.draw(st.integers(i + 1, size))
    # The round where they can meet: the first block size holding both.
    block = 2
    while pos[i] // block != pos[j] // block:
        block *= 2
    # Among the top `size // block * 2` seeds, any two are in different blocks of
    # that size: i and j share a block only if j is weaker than that many seeds.
    assert j > size // block
    # 1 and 2 only ever meet in the final.
    if (i, j) == (1, 2):
        assert block == size


def test_byes_go_to_the_top_seeds() -> None:
    slots = initial_slots([11, 12, 13, 14, 15])  # seeds 1-5 in an 8-slot bracket
    matches = slot_pairs(slots)
    assert matches == [(11, None), (14, 15), (12, None), (13, None)]
    assert bracket_size(5) == 8 and rounds_needed(5) == 3 and rounds_needed(2) == 1


def test_round_labels() -> None:
    assert [round_label(m) for m in (1, 2, 4, 8)] == [
        "final",
        "semifinal",
        "quarterfinal",
        "round_of",
    ]
