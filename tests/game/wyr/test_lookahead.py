"""The hard bot's second-chance values: the draw summaries built one card at a
time give exactly the expectation over every multi-card draw ([Y3] second turn,
jokers of [Y11])."""

from __future__ import annotations

import pytest

from game.cards import JOKER_RANK, RANKS
from game.wyr.lookahead import Profile, draw_summary, hand_value, keep_value
from game.wyr.odds import AZGHER_POINTS, OPPONENT_POINTS, draw_outcomes, tie_table, win_table
from game.wyr.rules import HAND_SIZE


def _brute_keep_value(keep: tuple[int, ...], jokers: int, profile: Profile) -> float:
    """The definition: every multiset of the draw from a fresh deck minus `keep`."""
    counts = {r: 4 for r in RANKS}
    if jokers:
        counts[JOKER_RANK] = jokers
    for r in keep:
        counts[r] -= 1
    pool = tuple(sorted((r, c) for r, c in counts.items() if c > 0))
    return sum(
        p * hand_value(tuple(sorted(keep + drawn)), profile)
        for drawn, p in draw_outcomes(pool, HAND_SIZE - len(keep))
    )


WIN: Profile = (win_table(1, False, OPPONENT_POINTS), 1.0, tie_table(1, False, OPPONENT_POINTS))
LOSE: Profile = (win_table(1, False, AZGHER_POINTS), -1.0, tie_table(1, False, AZGHER_POINTS))


@pytest.mark.parametrize(
    ("keep", "jokers"),
    [
        ((13, 13), 0),
        ((2, 3, 4), 0),
        ((5, 9, 9, 14), 0),
        ((0, 7), 2),
        ((0, 0, 12), 4),
        ((10, 11, 12, 14), 4),
    ],
)
@pytest.mark.parametrize("profile", [WIN, LOSE], ids=["win", "azgher"])
def test_keep_value_is_the_exact_expectation_y3(
    keep: tuple[int, ...], jokers: int, profile: Profile
) -> None:
    assert keep_value(keep, jokers, profile) == pytest.approx(
        _brute_keep_value(keep, jokers, profile), abs=1e-12
    )


def test_draw_summary_is_a_distribution_y5() -> None:
    """The chances over points 1..6 add to one; a full hand is its own combination."""
    chance, _, _ = draw_summary((9, 9), 2)
    assert sum(chance) == pytest.approx(1.0)
    full, _, _ = draw_summary((3, 3, 3, 8, 8), 0)
    assert full == (0.0, 0.0, 0.0, 0.0, 1.0, 0.0)  # Dragão scores 5 ([Y5])
