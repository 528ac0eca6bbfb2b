"""Random play to the end under the generic harness: invariants, views, illegal
probes, determinism and save/load ([G1], [G3], [G4]), over seats and options."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.harness import full_check, random_playthrough
from game.wyr.match import WyrMatch
from game.wyr.rules import HAND_SIZE, STARTING_MONEY

TABLES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (5, {}),
    (4, {"groups": "pairs"}),
    (6, {"groups": "pairs"}),
    (6, {"groups": "trios"}),
    (3, {"hyninn": 2}),
    (4, {"hyninn": 4, "nimb": True}),
    (3, {"azgher": True, "thyatis": True}),
    (5, {"tenebra": True, "hyninn": 4}),
    (
        6,
        {
            "groups": "trios",
            "hyninn": 4,
            "nimb": True,
            "azgher": True,
            "thyatis": True,
            "tenebra": True,
        },
    ),
    (3, {"tournament": True, "tenebra": True}),
    (4, {"turn_limit": 2}),
]


@pytest.mark.parametrize(("seats", "options"), TABLES)
@pytest.mark.parametrize("seed", [1, 2])
def test_full_harness(seats: int, options: dict[str, Any], seed: int) -> None:
    m = full_check("wyr", seats, seed=seed, options=options)
    assert m.is_over and m.standings()


variant = st.fixed_dictionaries(
    {
        "hyninn": st.sampled_from([0, 2, 4]),
        "nimb": st.booleans(),
        "azgher": st.booleans(),
        "thyatis": st.booleans(),
        "tenebra": st.booleans(),
        "tournament": st.booleans(),
    }
)


def _watch(match: Any, seat: int, legal: list[Any], rng: Any) -> Any:
    """Random play that also checks, after discard & trade, that every hand holds 5."""
    assert isinstance(match, WyrMatch)
    if match.phase == "thyatis":
        assert all(len(match.hands[s]) == HAND_SIZE for s in match.active)
    assert sum(match.money) + match.pot == STARTING_MONEY * match.n_seats
    return rng.choice(legal)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 5), variant)
def test_random_games_conserve_money_and_cards(seed: int, seats: int, options: dict) -> None:
    """Money and the 52 (+ jokers) cards are conserved after every step ([Y2], [Y11])."""
    m, report = random_playthrough(
        "wyr", seats, seed=seed, options=options, probe_every=11, chooser=_watch
    )
    assert report.finished
    assert sum(m.money) == STARTING_MONEY * seats and m.pot == 0
