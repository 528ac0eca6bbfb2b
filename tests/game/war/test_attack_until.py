""" "Attack until N left": the odds shown and the rolls played are one policy.

The audit found the table rolling three dice where the odds it showed assumed
fewer (from 5 able armies against 3 with N = 5: shown 1.8%, played 13.8%).
Both now come from `until_dice` ([W6], [W12]).
"""

from __future__ import annotations

import random

import pytest

from game.war import (
    conquest_probability,
    remaining_distribution,
    resolve_battle,
    until_dice,
    until_stop,
)


def _play_until(able: int, defenders: int, stop: int, rng: random.Random) -> tuple[int, int]:
    """Carry out the policy roll by roll with real dice, as the table does."""
    while defenders > 0:
        dice = until_dice(able, stop)
        if dice == 0:
            break
        att = [rng.randint(1, 6) for _ in range(dice)]
        dfn = [rng.randint(1, 6) for _ in range(min(3, defenders))]
        la, ld = resolve_battle(att, dfn)
        able, defenders = able - la, defenders - ld
    return able, defenders


def test_until_dice_never_rolls_below_the_stop_w6() -> None:
    assert until_stop(5) == 4 and until_stop(0) == 0 and until_stop(1) == 0
    assert until_dice(5, 4) == 1  # not the three dice the audit saw
    assert until_dice(10, 4) == 3 and until_dice(6, 4) == 2 and until_dice(4, 4) == 0
    assert until_dice(2, 0) == 2


@pytest.mark.parametrize(
    ("able", "defenders", "left"), [(5, 3, 5), (10, 6, 3), (7, 4, 2), (6, 2, 0)]
)
def test_shown_odds_are_the_played_odds_w12(able: int, defenders: int, left: int) -> None:
    stop = until_stop(left)
    shown = remaining_distribution(able, defenders, stop)
    rng = random.Random(f"until/{able}/{defenders}/{left}")
    trials = 20_000
    won = 0
    for _ in range(trials):
        a, d = _play_until(able, defenders, stop, rng)
        assert a >= min(stop, able)  # never overshoots the stop
        won += d == 0
    p = float(shown["win"])
    sigma = (p * (1 - p) / trials) ** 0.5
    assert abs(won / trials - p) <= 4 * sigma + 1e-9
    assert p == pytest.approx(conquest_probability(able, defenders, stop))


def test_the_audit_case_w12() -> None:
    """5 able against 3, stopping with 5 armies in the source: 1.8%, not 13.8%."""
    assert conquest_probability(5, 3, until_stop(5)) == pytest.approx(0.0184, abs=5e-4)
