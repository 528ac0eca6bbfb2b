"""Harness runs, property tests, views, determinisation, bots: [G1], [G4], [C1], [C8]."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game.chama import INFO, actions, events, timed_score
from game.chama.bots import SearchBot, make_bot
from game.chama.checks import check_view
from game.chama.match import ChamaMatch
from game.core import Action, Event
from game.harness import full_check, random_playthrough
from game.rng import Rng
from game.runner import simulate

ROOT = Path(__file__).resolve().parents[3]

COMBOS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"mode": "guerrilha"}),
    (3, {"mode": "guerrilha", "aliados": True}),
    (4, {"mode": "duplas"}),
    (4, {"mode": "duplas", "aliados": True, "xisum": True}),
    (2, {"mode": "conquistadores", "xisum": True}),
    (4, {"mode": "conquistadores", "aliados": True}),
    (3, {"xisum": True, "tournament": True}),
    (2, {"turn_limit": 10, "tournament": True}),
    (4, {"turn_limit": 9, "aliados": True, "mode": "guerrilha"}),
]


@pytest.mark.parametrize(("seats", "options"), COMBOS)
def test_full_harness_every_mode_and_variant_g1(seats: int, options: dict[str, Any]) -> None:
    """[G1]/[G3]/[G4] random play to the end: invariants and views after every step,
    illegal probes, determinism, save/load (also from half the log)."""
    for seed in (1, 2):
        m = full_check("chama", seats, seed=seed, options=options)
        assert m.is_over


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    seats=st.sampled_from([2, 3, 4]),
    mode=st.sampled_from(["campeonato", "guerrilha", "conquistadores", "duplas"]),
    aliados=st.booleans(),
    xisum=st.booleans(),
)
def test_cards_conserved_at_every_step_c1(
    seed: int, seats: int, mode: str, aliados: bool, xisum: bool
) -> None:
    """[C1]/[C8] 52 cards per player across pile, hand, formation, pool, battle and
    discard after every action; no commander in two incursions of a battle."""
    if mode == "duplas":
        seats = 4
    opts = {"mode": mode, "aliados": aliados, "xisum": xisum}
    m, report = random_playthrough("chama", seats, seed=seed, options=opts, probe_every=0)
    assert report.finished


@settings(max_examples=30, deadline=None)
@given(r=st.integers(0, 6), cmd=st.integers(0, 16), arm=st.integers(0, 16), extra=st.integers(1, 3))
def test_timed_score_is_monotone_c16(r: int, cmd: int, arm: int, extra: int) -> None:
    """[C16] more realms, commanders or armies never lower the score."""
    base = timed_score(r, cmd, arm)
    assert timed_score(min(r + 1, 6), cmd, arm) >= base
    assert timed_score(r, cmd + extra, arm) == base + 2 * extra
    assert timed_score(r, cmd, arm + extra) == base + extra


def _positions(seed: int, seats: int, options: dict[str, Any]) -> list[ChamaMatch]:
    m = game.new_match("chama", seats, seed=seed, options=options)
    rng = Rng(seed)
    out = []
    while not m.is_over:
        seat = m.to_move[0]
        m.apply(seat, rng.choice(m.legal_actions(seat)))
        if len(m.log) % 3 == 0 and not m.is_over:
            out.append(m.clone())
    return out


@pytest.mark.parametrize(
    ("seats", "options"), [(2, {}), (3, {"aliados": True, "xisum": True}), (4, {"mode": "duplas"})]
)
def test_determinisation_agrees_with_the_view_g4(seats: int, options: dict[str, Any]) -> None:
    """[G4] a position rebuilt from a view shows the same view and keeps every law."""
    rng = Rng(3)
    for m in _positions(7, seats, options)[::2]:
        for seat in range(seats):
            view = m.view(seat)
            again = ChamaMatch.from_view(view, rng)
            assert again.view(seat) == view
            assert INFO.invariants is not None
            INFO.invariants(again)
            assert again.to_move == m.to_move
            assert again.legal_actions(m.to_move[0]) == m.legal_actions(m.to_move[0]) or (
                m.to_move[0] != seat
            )


def test_views_hide_other_hands_and_piles_g4() -> None:
    """[G4] a view has counts of other hands and piles, never their cards."""
    m = game.new_match("chama", 3, seed=4)
    assert isinstance(m, ChamaMatch)
    v = m.view(0)
    assert v["hand"] == [c.code for c in m.hands[0]]
    assert [p["hand_count"] for p in v["players"]] == [len(h) for h in m.hands]
    assert [p["draw_count"] for p in v["players"]] == [len(d) for d in m.draw]
    text = json.dumps(v)
    assert "hands" not in v and '"draw"' not in text
    pub = m.public_view()
    assert pub["hand"] is None
    json.dumps(pub)


def test_check_view_catches_a_leak_g4() -> None:
    """[G4] the leak check notices another seat's hand in a view."""
    m = game.new_match("chama", 2, seed=4)
    assert isinstance(m, ChamaMatch)
    v = m.view(0)
    v["players"][1]["discard"] = [c.code for c in m.hands[1]]
    with pytest.raises(AssertionError):
        check_view(m, 0, v)


def test_private_draw_events_name_their_seat_g4() -> None:
    """[G4] drawn cards travel only in private events with the drawing seat."""
    m = game.new_match("chama", 2, seed=4)
    priv = [e for e in m.start_events if e.PRIVATE]
    assert priv and all(isinstance(e, events.CardsDrawn) for e in priv)
    assert all(e.visible_to(e.seat) and not e.visible_to(1 - e.seat) for e in priv)


def test_every_event_action_and_option_is_translated() -> None:
    """Log lines for every event, names for actions, labels for options and bots."""
    for lang in ("en", "pt"):
        data = json.loads(
            (ROOT / "assets" / "translations" / f"chama.{lang}.json").read_text("utf-8")
        )[lang]
        for name, cls in inspect.getmembers(events, inspect.isclass):
            if issubclass(cls, Event) and cls.__module__ == events.__name__:
                # a private event's line is only for its owner ([G4]): events_private
                where = data["events_private"] if cls.PRIVATE else data["events"]
                assert name in where, name
                fields = set(cls.__dataclass_fields__)
                import re

                entry = where[name]  # a line, or its plural forms
                text = " ".join(entry.values()) if isinstance(entry, dict) else entry
                used = set(re.findall(r"%\{(\w+)\}", text))
                assert used <= fields, (name, used - fields)
        for name, cls in inspect.getmembers(actions, inspect.isclass):
            if issubclass(cls, Action) and cls.__module__ == actions.__name__:
                assert name in data["actions"], name
        for opt in INFO.options:
            if opt.key in ("turn_limit", "tournament"):
                continue
            assert "label" in data["options"][opt.key]
            for choice in opt.choices:
                assert str(choice) in data["options"][opt.key]["choices"]
        assert set(data["bots"]) == set(INFO.bot_ids)
    for lang in ("en", "pt"):
        text = (ROOT / "assets" / "rules" / f"chama.{lang}.md").read_text("utf-8")
        for rid in [f"C{i}" for i in range(1, 17)] + ["R7", "R8"]:
            assert f"[{rid}]" in text, (lang, rid)
        assert "[house]" in text


def test_bots_play_headless_every_mode() -> None:
    """Bot matches through the runner in every mode (small and fast)."""
    for seats, opts in [
        (2, {}),
        (3, {"mode": "guerrilha", "aliados": True}),
        (4, {"mode": "duplas", "xisum": True}),
        (2, {"mode": "conquistadores", "turn_limit": 16}),
    ]:
        bots = ["normal", "easy", "normal", "easy"][:seats]
        out = simulate("chama", bots, games=2, seed=5, options=opts)
        assert out["invariants_held"] and out["capped_games"] == 0
        assert abs(sum(s["wins"] for s in out["seats"]) - 2) < 1e-9


def test_bots_are_deterministic_and_legal() -> None:
    """Same view and rng -> same choice; the choice is legal."""
    m = game.new_match("chama", 2, seed=8)
    seat = m.to_move[0]
    view, legal = m.view(seat), m.legal_actions(seat)
    for level in ("easy", "normal"):
        a = make_bot(level).choose(view, legal, Rng(1))
        b = make_bot(level).choose(view, legal, Rng(1))
        assert a == b and a in legal
    hard = SearchBot(iterations=15, time_budget=5.0)
    a = hard.choose(view, legal, Rng(1))
    b = SearchBot(iterations=15, time_budget=5.0).choose(view, legal, Rng(1))
    assert a == b and a in legal
    assert make_bot("hard").time_budget <= 1.0


def test_hard_bot_finishes_a_game() -> None:
    """The searching bot drives a whole match (few iterations to stay fast)."""
    from game.runner import play_out

    m = game.new_match("chama", 2, seed=12)
    res = play_out(m, [SearchBot(iterations=8), make_bot("easy")], Rng(2))
    assert m.is_over and not res.capped


@pytest.mark.slow
def test_bench_rows() -> None:
    """`bench(quick=True)` reports decision p95 per level against the budgets."""
    from game.chama.bench import bench

    rows = bench(quick=True)
    assert [r["name"].split("(")[1].split(",")[0] for r in rows] == ["easy", "normal", "hard"]
    for r in rows:
        assert set(r) == {"name", "value", "unit", "budget", "ok"} and r["unit"] == "ms"
