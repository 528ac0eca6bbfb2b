"""The personalities as bots: legal, deterministic, and playing to their I ([T10])."""

from __future__ import annotations

import random

import pytest

from game.cards import parse_cards
from game.registry import make_bot, new_match
from game.rng import Rng
from game.runner import play_out, simulate
from game.wyrt import equity
from game.wyrt.records import AllIn, Call, Fold, Raise
from tests.game.wyrt.helpers import give, table


def test_simulate_a_few_sessions() -> None:
    """`taverna simulate wyrt` plays sessions headless with the invariants holding."""
    out = simulate(
        "wyrt", ["cliente_casual", "carteador", "morto"], games=3, seed=4, options={"hand_limit": 6}
    )
    assert out["invariants_held"] and out["capped_games"] == 0
    assert sum(s["wins"] for s in out["seats"]) == pytest.approx(3)
    assert all(s["decisions"] > 0 for s in out["seats"])


@pytest.mark.parametrize(
    "options",
    [
        {"cheating": True, "straddle": True, "hand_limit": 8},
        {"mode": "death_match", "cheating": True, "turn_limit": 8},  # [T11]: no hand limit
        {"mode": "life_cassino", "cheating": True, "hand_limit": 8},
    ],
)
def test_every_bot_plays_legally_in_every_mode(options: dict) -> None:
    """Bots only ever play actions the match accepts (cheats, relics, between hands)."""
    ids = ["cliente_casual", "carteador_genial", "nobre_invicto", "clandestino"]
    if options.get("mode") == "death_match":
        ids[-1] = "morto"
    m = new_match("wyrt", [f"{b}#{i}" for i, b in enumerate(ids)], seed=9, options=options)
    res = play_out(m, [make_bot("wyrt", b) for b in ids], Rng("t"))
    assert m.is_over and not res.capped


def test_bots_are_deterministic_given_their_rng() -> None:
    m = table(3)
    for bot_id in ("cliente_casual", "carteador", "nobre_expert", "morto"):
        bot = make_bot("wyrt", bot_id)
        a = bot.choose(m.view(0), m.legal_actions(0), Rng(5))
        b = bot.choose(m.view(0), m.legal_actions(0), Rng(5))
        assert a == b


def test_novice_is_readable_big_bets_mean_strength_t10() -> None:
    """[T10] a low-I bot bets big only with a strong hand (and the bigger, the stronger)."""
    bot = make_bot("wyrt", "cliente_casual")
    sizes = {}
    for name, cards in (("trips", "9S 9H 9D 2C 5S"), ("quads", "9S 9H 9D 9C 5S")):
        m = table(3)
        give(m, cards, "", "")
        a = bot.choose(m.view(0), m.legal_actions(0), Rng(1))
        assert isinstance(a, (Raise, AllIn))
        sizes[name] = a.to if isinstance(a, Raise) else 10**9
    assert sizes["quads"] > sizes["trips"]
    m = table(3)
    give(m, "2S 7H 9D JC 4S", "", "")
    assert isinstance(bot.choose(m.view(0), m.legal_actions(0), Rng(1)), (Call, Fold))


def test_strong_bot_folds_junk_to_a_shove_and_calls_with_the_nuts_t10() -> None:
    """[T10] O Morto weighs equity against the price."""
    bot = make_bot("wyrt", "morto")
    # Heads-up the small blind (seat 1) acts first; O Morto sits in the big blind.
    m = table(2)
    give(m, "2S 7H 9D JC 4S", "")
    m.apply(1, AllIn())
    assert bot.choose(m.view(0), m.legal_actions(0), Rng(2)) == Fold()
    m = table(2)
    give(m, "AS AH AD AC KS", "")
    m.apply(1, AllIn())
    assert bot.choose(m.view(0), m.legal_actions(0), Rng(2)) == Call()


def test_equity_is_sane() -> None:
    """Monte Carlo equity: aces beat junk, the nuts nearly always win, ties split."""
    deck = [c for c in parse_cards(" ".join(f"{r}{s}" for s in "SHDC" for r in "23456789TJQKA"))]
    mine = parse_cards("AS AH AD AC KS")
    unseen = [c for c in deck if c not in mine]
    r = random.Random(1)
    assert equity.equity(mine, [], unseen, 1, 300, r) > 0.9
    junk = parse_cards("2S 7H 9D JC 4S")
    unseen = [c for c in deck if c not in junk]
    assert equity.equity(junk, [], unseen, 3, 300, r) < 0.2
    report = equity.simulate(junk, [], unseen, 1, 200, r)
    fold, eq_called, callers = report.against([0.99])
    assert fold > 0.9 and 0 <= eq_called <= 1 and callers >= 0
    assert 0 <= equity.percentile(0, 2) <= equity.percentile(10 << 20, 2) <= 1


def test_bots_take_the_steal_and_stay_between_hands() -> None:
    from game.wyrt.records import Cheat, CheatPress, Stay, Steal

    bot = make_bot("wyrt", "carteador")
    m = table(["bot:carteador", "a", "b"], cheating=True)
    from tests.game.wyrt.helpers import act, dice

    dice(m, 1, 1, 4)
    act(m, Cheat())
    choice = bot.choose(m.view(0), m.legal_actions(0), Rng(1))
    assert isinstance(choice, Steal)
    m.apply(0, choice)
    assert m.hand_value(0).rank_index >= 7  # four cards taken: four of a kind or better
    m = table(["bot:carteador", "a", "b"], cheating=True)
    dice(m, 6, 4)  # I fails; H one level harder (easy, +2): 4+2=6 -> press
    act(m, Cheat())
    assert bot.choose(m.view(0), m.legal_actions(0), Rng(1)) == CheatPress()
    m = table(3, mode="life_cassino")
    m.apply(0, Fold())
    m.apply(1, Fold())
    assert bot.choose(m.view(0), m.legal_actions(0), Rng(1)) == Stay()


def test_simulate_pairs_adjacent_entries_deal_by_deal() -> None:
    """`simulate` reports each entry's lead over the one listed before it, paired by
    deal: at one table the pair's difference is the difference of their chips."""
    out = simulate(
        "wyrt",
        ["cliente_casual", "clandestino", "nobre_genial"],
        games=6,
        seed=11,
        options={"hand_limit": 1},
        duplicate=True,
    )
    seats, pairs = out["seats"], out["pairs"]
    assert [(p["behind"], p["ahead"]) for p in pairs] == [
        ("cliente_casual", "clandestino"),
        ("clandestino", "nobre_genial"),
    ]
    for k, p in enumerate(pairs):
        lead = seats[k + 1]["chips_per_100"] - seats[k]["chips_per_100"]
        assert p["chips_per_100"] == pytest.approx(lead, abs=0.02)
        assert p["chips_per_100_low"] <= p["chips_per_100"] <= p["chips_per_100_high"]
