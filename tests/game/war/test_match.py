"""The War match through the generic harness, property tests and bot games."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game.harness import check_save_load, full_check, random_playthrough
from game.registry import OptionsError, make_bot
from game.rng import Rng
from game.runner import simulate
from game.war import INFO
from game.war import records as R
from game.war.checks import check_view, invariants
from game.war.match import WarMatch
from tests.game.war.helpers import OPTS


@pytest.mark.parametrize(
    "seats,seed",
    [(2, 0), (2, 1), (2, 3), (3, 0), (3, 5), (3, 10), (4, 5), (4, 11)],
)
def test_random_games_reach_the_end(seats: int, seed: int) -> None:
    """Random legal play to a winner: invariants, views, probes, replay, save/load."""
    m = full_check("war", seats, seed=seed, max_actions=6000)
    assert m.is_over and m.winner is not None and not m.timed_out


@pytest.mark.parametrize("seats,seed,limit", [(4, 1, 25), (5, 2, 20), (6, 3, 18), (6, 4, 12)])
def test_random_games_with_a_turn_limit(seats: int, seed: int, limit: int) -> None:
    """[R7] the limit ends the match on time with everyone ranked."""
    m = full_check("war", seats, seed=seed, options={"turn_limit": limit}, max_actions=6000)
    assert m.is_over
    if m.winner is None:
        assert m.timed_out and m.turn == limit
    assert sorted(s for g in m.standings() for s in g) == list(range(seats))


def test_tournament_option_plays_normally_r8() -> None:
    m = full_check("war", 3, seed=5, options={"tournament": True}, max_actions=6000)
    assert m.is_over


def test_colour_choices_are_kept_and_checked() -> None:
    m = WarMatch(["a", "b", "c"], 1, {**OPTS, "colors": ["verde", "random", "azul"]})
    assert m.colors[0] == "verde" and m.colors[2] == "azul"
    assert m.colors[1] not in ("verde", "azul")
    with pytest.raises(OptionsError):
        INFO.check_options(3, {"colors": ["verde", "verde", "random"]})
    with pytest.raises(OptionsError):
        game.new_match("war", 7, seed=1)
    with pytest.raises(OptionsError):
        game.new_match("war", 1, seed=1)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 6))
def test_invariants_hold_in_random_play(seed: int, seats: int) -> None:
    """42 territories always held, armies >= 1, cards conserved, views leak nothing."""
    m, rep = random_playthrough(
        "war", seats, seed=seed, options={"turn_limit": 14}, max_actions=3000, probe_every=5
    )
    assert rep.finished
    invariants(m)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_save_load_mid_game(seed: int) -> None:
    m, _ = random_playthrough(
        "war", 4, seed=seed, options={"turn_limit": 8}, max_actions=400, views_every=0
    )
    loaded = check_save_load(m)
    assert loaded.snapshot() == m.snapshot()


def test_actions_and_events_round_trip() -> None:
    m = game.new_match("war", 3, seed=4)
    for ev in m.start_events:
        data = json.loads(json.dumps(ev.to_dict()))
        assert game.Event.from_dict(data) == ev  # type: ignore[attr-defined]
    a = R.Place({"Brasil": 3, "Peru": 2})
    assert game.Action.parse(json.loads(json.dumps(a.to_dict()))) == a


def test_views_are_json_and_pass_the_leak_check() -> None:
    m = game.new_match("war", 4, seed=8)
    for s in range(4):
        v = m.view(s)
        json.dumps(v)
        check_view(m, s, v)
        assert v["objective"]["card"] == m.objective_card[s]
    pv = m.public_view()
    assert "objective" not in pv and "cards" not in pv and "objectives" not in pv


def test_check_view_catches_a_leak() -> None:
    m = game.new_match("war", 3, seed=8)
    v = m.view(0)
    v["peek"] = m.objective_card[1]
    with pytest.raises(AssertionError):
        check_view(m, 0, v)


# ------------------------------------------------------------------ bots


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_choose_legal_actions(level: str) -> None:
    m = game.new_match("war", 4, seed=21)
    bot = make_bot("war", level)
    assert bot.level == level and bot.time_budget > 0
    bot.time_budget = min(bot.time_budget, 0.2)  # legality does not need hard's whole second
    rng = Rng("t")
    for _ in range(300):
        if m.is_over:
            break
        seat = m.to_move[0]
        action = bot.choose(m.view(seat), m.legal_actions(seat), rng)
        m.check(seat, action)
        m.apply(seat, action)
        invariants(m)


def test_bots_are_deterministic_given_the_rng() -> None:
    m = game.new_match("war", 3, seed=2)
    view = m.view(m.current)
    legal = m.legal_actions(m.current)
    for level in ("easy", "normal", "hard"):
        bots = [make_bot("war", level) for _ in range(2)]
        for bot in bots:
            # no clock guard: hard's worlds come from an unbounded budget
            bot.time_budget = math.inf
        a, b = (bot.choose(view, legal, Rng(5)) for bot in bots)
        assert a == b


def test_bot_games_end_with_a_winner() -> None:
    out = simulate("war", ["hard", "normal", "easy"], games=3, seed=1, time_budget=0.2)
    assert out["invariants_held"] and out["capped_games"] == 0
    assert sum(s["wins"] for s in out["seats"]) == pytest.approx(3)


def test_hard_infers_objectives_from_public_behaviour() -> None:
    """A player who pours armies into Ásia and África looks like Ásia + África."""
    from game.war.bots.brain import Brain, Params
    from game.war.bots.inference import beliefs

    m = game.new_match("war", 3, seed=3)
    asia, africa = 4, 3  # continent indices in board order
    m.placed[1][asia] = 40
    m.placed[1][africa] = 30
    m.taken[1][asia] = 6
    m.taken[1][africa] = 5
    me = next(s for s in range(3) if m.objective_card[s] != "asia_africa" and s != 1)
    b = beliefs(Brain(m.view(me), Params()))
    probs = b[1]
    assert max(probs, key=probs.__getitem__) == "asia_africa"
    assert abs(sum(probs.values()) - 1) < 1e-9
    assert m.objective_card[me] not in probs


def test_bench_rows_have_the_expected_shape() -> None:
    from game.war.bench import bench

    rows = bench(True, budget=0.02)  # the shape, not the speed: hard's search kept short
    assert {r["name"].split(":")[0] for r in rows} >= {
        "war bot easy",
        "war bot normal",
        "war bot hard",
    }
    for r in rows:
        assert set(r) == {"name", "value", "unit", "budget", "ok"}
        assert isinstance(r["value"], float)
