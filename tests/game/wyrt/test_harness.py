"""Random play through the generic harness, and property tests of the invariants.

Conservation of chips and cards, views that leak nothing, illegal actions that
change nothing, determinism and save/load ([G1]-[G4]), plus the Wyrt properties:
no folded player wins chips, all-in players are eligible for what they paid
([T4]), a short all-in never reopens betting ([T3]).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import Action, IllegalAction
from game.harness import (
    check_determinism,
    check_save_load,
    full_check,
    random_playthrough,
)
from game.registry import load_match
from game.rng import Rng
from game.wyrt.match import WyrtMatch
from game.wyrt.pots import build_pots, uncalled
from game.wyrt.records import (
    AllIn,
    Cheat,
    CheatPress,
    HandStarted,
    InvokeRelic,
    Join,
    Leave,
    PotWon,
    PotWonUncontested,
    Raise,
    Steal,
)


@pytest.mark.parametrize(
    ("seats", "options"),
    [
        (2, {}),
        (3, {"table": "casual"}),
        (5, {"straddle": True, "cheating": True}),
        (4, {"tournament": True}),
        (3, {"mode": "death_match", "cheating": True}),
        (4, {"mode": "life_cassino"}),
        (6, {"table": "ahlen", "hand_limit": 3}),
        (3, {"turn_limit": 2}),
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_full_harness(seats: int, options: dict[str, Any], seed: int) -> None:
    """[G1]-[G4] random play to the end, views, illegal probes, determinism, save/load."""
    m = full_check("wyrt", seats, seed=seed, options=options)
    assert m.is_over


def steer(match: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Random play that seldom leaves, mostly checks and calls, and tries the rare actions."""
    rare = [a for a in legal if isinstance(a, (Cheat, CheatPress, Steal, InvokeRelic, Join))]
    if rare and rng.random() < 0.12:
        return rng.choice(rare)
    names = {type(a).__name__: a for a in legal}
    roll = rng.random()
    for name in ("Steal", "CheatGiveUp", "Stay", "Straddle", "NoStraddle"):
        if name in names and roll < 0.9:
            return names[name]
    if roll < 0.6:
        for name in ("Check", "Call"):
            if name in names:
                return names[name]
    calm = [a for a in legal if not isinstance(a, (Leave, AllIn, Cheat, InvokeRelic))]
    if calm and rng.random() < 0.995:
        return rng.choice(calm)
    return rng.choice(legal)


@pytest.mark.parametrize(
    "options",
    [
        {"cheating": True, "straddle": True, "stack_bb": 300},
        {"mode": "death_match", "cheating": True, "start_pv": 150},
        {"mode": "life_cassino", "cheating": True, "profile_seat": 1, "profile_pv": 90},
    ],
)
@pytest.mark.parametrize("seats", [3, 6])
def test_long_steered_sessions(options: dict[str, Any], seats: int) -> None:
    """Longer sessions with cheats and relics; mid-game saves load and continue alike."""
    m, report = random_playthrough(
        "wyrt", seats, seed=seats, options=options, chooser=steer, max_actions=1500
    )
    assert report.finished or report.actions == 1500
    check_determinism(m)
    check_save_load(m)
    half = len(m.log) // 2
    partial = load_match(m.save(), upto=half)
    for seat, action in m.log[half:]:
        partial.apply(seat, action)
    assert partial.fingerprint() == m.fingerprint()


# ---------------------------------------------------------------------------
# Property tests


def _play_checking(m: WyrtMatch, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if m.is_over:
            return
        seat = m.to_move[0]
        legal = m.legal_actions(seat)
        # [T3] a short all-in never reopens betting for who already acted.
        closed = m.current_bet - m.acted_level[seat] < m.min_inc
        if m.phase == "betting" and m.pending is None and m.acted[seat] and closed:
            assert not any(isinstance(a, Raise) for a in legal)
            with pytest.raises(IllegalAction):
                m.check(seat, Raise(m.bets[seat] + m.stacks[seat]))
        folded_before = [m.in_hand[s] and m.folded[s] for s in range(m.n_seats)]
        contrib_before = list(m.contrib)
        all_in_before = list(m.all_in)
        action = steer(m, seat, legal, rng)
        events = m.apply(seat, action)
        json.dumps([e.to_dict() for e in events])
        # Chips are conserved after every action ([T4]).
        assert sum(m.stacks) + sum(m.contrib) == m.total_chips
        # No folded player wins chips ([T4]).
        end = next((i for i, e in enumerate(events) if isinstance(e, HandStarted)), len(events))
        for e in events[:end]:
            winners = (
                e.winners
                if isinstance(e, PotWon)
                else ((e.seat,) if isinstance(e, PotWonUncontested) else ())
            )
            for w in winners:
                assert not folded_before[w], f"folded seat {w} won chips"
            # An all-in player who wins a pot must have paid its whole level.
            if isinstance(e, PotWon):
                for w in e.winners:
                    if all_in_before[w]:
                        assert contrib_before[w] > 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    seats=st.integers(2, 6),
    mode=st.sampled_from(["standard", "death_match", "life_cassino"]),
    cheating=st.booleans(),
    straddle=st.booleans(),
)
def test_properties_hold_in_random_play(
    seed: int, seats: int, mode: str, cheating: bool, straddle: bool
) -> None:
    """[T3][T4] conservation, folded players never win, short all-ins never reopen."""
    m = WyrtMatch(
        [f"S{i}" for i in range(seats)],
        seed,
        {
            "mode": mode,
            "cheating": cheating,
            "straddle": straddle,
            "table": "casual",
            "start_pv": 10,
        },
    )
    _play_checking(m, Rng(seed), 400)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 500), st.booleans()), min_size=2, max_size=8),
)
def test_pots_conserve_and_pay_what_was_paid_t4(entries: list[tuple[int, bool]]) -> None:
    """[T4] tiers conserve chips; a player is eligible for exactly the tiers he paid in full."""
    contrib = [c for c, _ in entries]
    live = [alive for _, alive in entries]
    if not any(live):
        live[0] = True
    seat, extra = uncalled(contrib)
    if seat >= 0:
        contrib[seat] -= extra
    pots = build_pots(contrib, live)
    assert sum(p.amount for p in pots) == sum(contrib)
    levels = sorted({c for s, c in enumerate(contrib) if live[s] and c > 0})
    real = [p for p in pots]
    for s, c in enumerate(contrib):
        for level, pot in zip(levels, real, strict=False):
            if live[s]:
                assert (s in pot.eligible) == (c >= level)
            else:
                assert s not in pot.eligible


def test_views_hide_hands_until_showdown_g4() -> None:
    """[G4] mid-hand a view holds no other seat's cards; shown hands appear after showdown."""
    m = WyrtMatch(["A", "B", "C"], 5, {"straddle": False})
    v = m.view(0)
    for s in (1, 2):
        other = sorted(c.code for c in m.hands[s])
        assert other != sorted(v["hand_cards"])
        assert json.dumps(other) not in json.dumps(v)
    assert "deck" not in json.dumps(m.public_view()).replace("deck_size", "")
    # Play to a showdown: the shown hands become public.
    while m.hand_no == 1:
        seat = m.to_move[0]
        legal = m.legal_actions(seat)
        m.apply(seat, next(a for a in legal if type(a).__name__ in ("Check", "Call")))
    shown = m.public_view()["last_hand"]["shown"]
    assert set(shown) == {"0", "1", "2"}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), chips=st.lists(st.integers(1, 40), min_size=3, max_size=6))
def test_short_all_ins_never_reopen_betting_t3(seed: int, chips: list[int]) -> None:
    """[T3] with short stacks all around, whoever already acted never gets to raise again
    unless a full raise (or short all-ins adding up to one) came after him."""
    m = WyrtMatch(
        [f"S{i}" for i in range(len(chips))], seed, {"table": "casual", "straddle": False}
    )
    for s, v in enumerate(chips):
        m.stacks[s] = v
    m.total_chips = sum(m.stacks) + sum(m.contrib)
    rng = Rng(seed)
    while not m.is_over and m.hand_no <= 3:
        seat = m.to_move[0]
        legal = m.legal_actions(seat)
        if m.acted[seat] and m.current_bet - m.acted_level[seat] < m.min_inc:
            assert not any(isinstance(a, (Raise, AllIn)) for a in legal) or (
                AllIn() in legal and m.stacks[seat] <= m.current_bet - m.bets[seat]
            )
        pick = [a for a in legal if isinstance(a, (AllIn, Raise))]
        calls = [a for a in legal if type(a).__name__ in ("Call", "Check")]
        action = rng.choice(pick) if pick and rng.random() < 0.5 else rng.choice(calls or legal)
        m.apply(seat, action)
        assert sum(m.stacks) + sum(m.contrib) == m.total_chips
