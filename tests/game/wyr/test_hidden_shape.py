"""The harness deals Wyr's hidden cards and unrevealed bets anew and compares what
each lord is shown ([G4], [Y2], [Y7], [Y11] Tenebra); the picks shown together and
the Hora da Verdade are reveals by rule."""

from __future__ import annotations

from typing import Any

import pytest

from game.harness import hidden_shape_leaks
from game.wyr.match import WyrMatch


def _caught(seats: int, options: dict[str, Any], seeds: range = range(1, 4)) -> bool:
    return hidden_shape_leaks("wyr", seats, seeds, options)


@pytest.mark.parametrize(
    ("seats", "options"),
    [(3, {}), (4, {"groups": "pairs", "thyatis": True}), (3, {"tenebra": True, "hyninn": 2})],
)
def test_the_engine_shows_nothing_hidden_g4(seats: int, options: dict[str, Any]) -> None:
    assert not _caught(seats, options, range(1, 3))


def test_the_harness_sees_a_view_that_depends_on_others_hands_g4(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = WyrMatch.view

    def leaky(self: WyrMatch, seat: int) -> dict[str, Any]:
        v = real(self, seat)
        v["table_strength"] = max(self.combination(s).points for s in self.active)
        return v

    monkeypatch.setattr(WyrMatch, "view", leaky)
    assert _caught(3, {})


def test_the_harness_sees_an_unrevealed_bet_y2(monkeypatch: pytest.MonkeyPatch) -> None:
    real = WyrMatch.view

    def leaky(self: WyrMatch, seat: int) -> dict[str, Any]:
        v = real(self, seat)
        v["highest_pick"] = max(self.picks.values(), default=0)
        return v

    monkeypatch.setattr(WyrMatch, "view", leaky)
    assert _caught(3, {})


def test_the_harness_sees_a_face_down_card_y11(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tenebra: a table that says whether a face-down card is a court card leaks it."""
    real = WyrMatch.view

    def leaky(self: WyrMatch, seat: int) -> dict[str, Any]:
        v = real(self, seat)
        v["court_on_table"] = sum(1 for c in self.table if c.rank >= 11)
        return v

    monkeypatch.setattr(WyrMatch, "view", leaky)
    assert _caught(4, {"tenebra": True})
