"""The harness deals Wyrt's hidden hands and deck anew and compares what each seat
is shown ([G4]); the showdown ([T6]), steals ([T9]) and relic powers are reveals."""

from __future__ import annotations

from typing import Any

import pytest

from game.harness import hidden_shape_leaks
from game.wyrt.match import WyrtMatch
from tests.game.wyrt.test_harness import steer


def _caught(seats: int, options: dict[str, Any], seeds: range = range(1, 4)) -> bool:
    return hidden_shape_leaks("wyrt", seats, seeds, options, chooser=steer, max_actions=300)


@pytest.mark.parametrize(
    ("seats", "options"),
    [
        (3, {"cheating": True, "straddle": True}),
        (4, {"mode": "death_match", "cheating": True}),
        (4, {"mode": "life_cassino", "cheating": True}),
    ],
)
def test_the_engine_shows_nothing_hidden_g4(seats: int, options: dict[str, Any]) -> None:
    assert not _caught(seats, options, range(1, 3))


def test_the_harness_sees_a_view_that_depends_on_others_hands_g4(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = WyrtMatch.view

    def leaky(self: WyrtMatch, seat: int) -> dict[str, Any]:
        v = real(self, seat)
        v["aces_out"] = sum(1 for h in self.hands for c in h if c.rank == 14)
        return v

    monkeypatch.setattr(WyrtMatch, "view", leaky)
    assert _caught(3, {})
