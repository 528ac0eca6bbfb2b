from __future__ import annotations

import pytest

import game
from game.harness import check_save_load, full_check, probe_illegal, random_playthrough
from game.rng import Rng
from game.runner import percentile, simulate


@pytest.mark.parametrize("seats", [2, 3, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tiny_game_passes_the_full_harness(seats: int, seed: int) -> None:
    m = full_check("alta", seats, seed=seed)
    assert m.is_over and m.turn == 3


def test_harness_catches_broken_invariants(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.game import tiny_game

    def lose_a_card(self, seat, action):  # type: ignore[no-untyped-def]
        self.hands[seat].clear()
        return []

    monkeypatch.setattr(tiny_game.AltaMatch, "_apply", lose_a_card)
    with pytest.raises(AssertionError):
        random_playthrough("alta", 2, seed=1)


def test_harness_catches_a_leaky_view(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.game import tiny_game

    orig = tiny_game.AltaMatch.view

    def leaky(self, seat):  # type: ignore[no-untyped-def]
        v = orig(self, seat)
        v["hand"] = [c.code for c in self.hands[(seat + 1) % self.n_seats]]
        return v

    monkeypatch.setattr(tiny_game.AltaMatch, "view", leaky)
    with pytest.raises(AssertionError):
        random_playthrough("alta", 2, seed=1)


def test_probe_detects_out_of_turn_acceptance(monkeypatch: pytest.MonkeyPatch) -> None:
    m = game.new_match("alta", 2, seed=1)
    m.apply(0, m.legal_actions(0)[0])
    monkeypatch.setattr(type(m), "to_move", property(lambda self: [1]))
    # seat 0 holds the probe's cards only when they are its own; force acceptance:
    monkeypatch.setattr(type(m), "apply", lambda self, s, a: [])
    with pytest.raises(AssertionError):
        probe_illegal(m, Rng(0))


def test_save_load_detects_divergence(monkeypatch: pytest.MonkeyPatch) -> None:
    m = game.new_match("alta", 2, seed=1)
    m.apply(0, m.legal_actions(0)[0])
    m.score[1] = 5  # state no action explains
    with pytest.raises(AssertionError):
        check_save_load(m)


def test_simulate_reports_per_entry() -> None:
    out = simulate("alta", ["random", "random", "random"], games=6, seed=2)
    assert out["games"] == 6 and out["invariants_held"]
    assert abs(sum(s["wins"] for s in out["seats"]) - 6) < 1e-9
    assert out["average_turns"] == 3


def test_percentile() -> None:
    assert percentile([], 95) == 0.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.0
    assert percentile([float(i) for i in range(1, 101)], 95) == 95.0
