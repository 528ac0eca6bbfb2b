"""`taverna simulate`'s statistics: intervals, rotation, duplicate deals, budgets."""

from __future__ import annotations

import pytest

from game.runner import ratio_interval, simulate, wilson_interval


def test_wilson_interval_matches_known_values() -> None:
    """The 95% Wilson interval of 50/100 is about 40.4%-59.6%; bounds stay in [0, 1]."""
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.2 < high < 0.35
    low, high = wilson_interval(10, 10)
    assert high == 1.0 and 0.65 < low < 0.8
    assert wilson_interval(0, 0) == (0.0, 1.0)
    # More games, narrower interval around the same rate.
    assert wilson_interval(500, 1000)[1] - wilson_interval(500, 1000)[0] < high - low


def test_ratio_interval_pools_games_of_different_lengths() -> None:
    """Chips per hand = all chips over all hands; the spread comes from the games."""
    rate, low, high = ratio_interval([10, -10, 30], [10, 10, 10])
    assert rate == pytest.approx(30 / 30)
    assert low < rate < high
    rate, low, high = ratio_interval([5, 5], [5, 5])
    assert rate == low == high == 1.0  # no spread, no doubt
    assert ratio_interval([], []) == (0.0, 0.0, 0.0)


def test_simulate_reports_intervals_and_rotates_seats() -> None:
    out = simulate("wyr", ["normal", "easy"], games=6, seed=2)
    assert out["rotated"] and not out["duplicate"]
    for s in out["seats"]:
        assert 0.0 <= s["win_low"] <= s["win_rate"] <= s["win_high"] <= 1.0
        assert "chips_per_100" not in s  # Wyr is not played for a stack of chips


def test_duplicate_deals_play_each_seed_once_per_seat() -> None:
    """Duplicate deals: games round up to whole rotations; chips balance per deal."""
    out = simulate(
        "wyrt",
        ["cliente_casual", "nobre_genial"],
        games=3,
        seed=5,
        options={"hand_limit": 1},
        duplicate=True,
    )
    assert out["games"] == 4 and out["duplicate"]
    a, b = out["seats"]
    assert a["hands"] == b["hands"] == 4
    assert a["chips"] == -b["chips"]
    assert a["chips_per_100_low"] <= a["chips_per_100"] <= a["chips_per_100_high"]


def test_wyrt_chips_are_also_counted_luck_adjusted() -> None:
    """Games that count the luck of chance (Wyrt's dice cards, see game.wyrt.luck)
    report chips with that luck taken out beside the chips won: both balance to
    nothing over the seats."""
    out = simulate(
        "wyrt",
        ["cliente_casual", "clandestino", "morto"],
        games=18,
        seed=3,
        options={"hand_limit": 1},
        duplicate=True,
    )
    assert out["luck_events"] > 0
    seats = out["seats"]
    for s in seats:
        assert s["adjusted_per_100_low"] <= s["adjusted_per_100"] <= s["adjusted_per_100_high"]
    assert sum(s["adjusted_per_100"] for s in seats) == pytest.approx(0.0, abs=0.05)
    assert [s["adjusted_per_100"] for s in seats] != [s["chips_per_100"] for s in seats]
    for k, d in enumerate(out["pairs"]):
        lead = seats[k + 1]["adjusted_per_100"] - seats[k]["adjusted_per_100"]
        assert d["adjusted_per_100"] == pytest.approx(lead, abs=0.05)
    wyr = simulate("wyr", ["normal", "easy"], games=2, seed=2)
    assert "luck_events" not in wyr and "adjusted_per_100" not in wyr["seats"][0]


def test_time_budget_override_reaches_every_bot() -> None:
    """`--budget` sets every bot's seconds per decision (quick runs of heavy bots)."""
    seen: list[float] = []
    import game.runner as runner

    real = runner.play_out

    def spy(match, bots, rng, **kw):  # type: ignore[no-untyped-def]
        seen.extend(b.time_budget for b in bots)
        return real(match, bots, rng, **kw)

    runner.play_out = spy
    try:
        simulate("wyr", ["hard", "easy"], games=2, seed=1, time_budget=0.01)
    finally:
        runner.play_out = real
    assert seen and all(t == 0.01 for t in seen)


def test_worker_processes_give_the_same_summary() -> None:
    """`jobs`: the same deals, seats and bot generators in any process, so
    every figure but the decision times matches a one-process run (duplicate
    deals keep their rotations together for the paired chips)."""

    def without_times(out: dict) -> dict:  # type: ignore[type-arg]
        for s in out["seats"]:
            for k in ("p50_ms", "p95_ms", "max_ms"):
                s.pop(k)
        return out

    kw = {"games": 14, "seed": 7, "options": {"hand_limit": 1}, "duplicate": True}
    bots = ["cliente_casual", "nobre_genial", "nobre_expert"]
    one = without_times(simulate("wyrt", bots, **kw))  # type: ignore[arg-type]
    two = without_times(simulate("wyrt", bots, jobs=2, **kw))  # type: ignore[arg-type]
    assert one == two
    assert one["games"] == 15 and one["pairs"]


def test_bad_options_fail_before_any_worker_starts() -> None:
    """An impossible option is the caller's own OptionsError, as with one process."""
    import pytest

    from game import OptionsError

    with pytest.raises(OptionsError):
        simulate(
            "wyrt",
            ["nobre_genial", "nobre_expert"],
            games=4,
            seed=1,
            jobs=2,
            options={"hand_limit": -5},
        )
