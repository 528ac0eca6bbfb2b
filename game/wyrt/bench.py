"""`taverna bench` rows for Wyrt: evaluator throughput vs treys, bot decision times.

The evaluator is measured side by side with the pure-Python `treys` evaluator
(installed only through the `bench` extra; never imported at run time) on the
same random standard 7-card hands, each in its own native card format. Bot
decisions are timed per personality tier in short bot sessions.
"""

from __future__ import annotations

import random
import time
from typing import Any

from game.cards import Card, standard_deck
from game.rng import Rng
from game.runner import percentile, play_out
from game.wyrt import evaluator, personas
from game.wyrt.bots import make_bot
from game.wyrt.equity import warm_up

#: the persona timed for each tier (the middle of the tier where there is a choice)
TIER_SAMPLE: dict[str, str] = {
    "novice": "cliente_casual",
    "casual": "clandestino",
    "solid": "carteador",
    "sharp": "nobre_expert",
    "master": "nobre_invicto",
    "boss": "morto",
}


def _hands(n: int, seed: int = 20) -> list[list[Card]]:
    r = random.Random(seed)
    deck = standard_deck()
    return [r.sample(deck, 7) for _ in range(n)]


def _treys_code(c: Card) -> str:
    return ("T" if c.rank == 10 else c.code[:-1]) + c.suit.lower()


def evaluator_rates(n: int) -> dict[str, float]:
    """Hands per second: our fast path, our public `evaluate`, and treys (0 if missing)."""
    hands = _hands(n)
    evaluator.warm_up()
    codes = [[evaluator.card_code(c) for c in h] for h in hands]
    score = evaluator.score_codes
    t = time.perf_counter()
    for h in codes:
        score(h)
    ours = n / (time.perf_counter() - t)
    evaluate = evaluator.evaluate
    t = time.perf_counter()
    for hand in hands:
        evaluate(hand)
    public = n / (time.perf_counter() - t)
    theirs = 0.0
    try:
        import treys
    except ImportError:
        pass
    else:
        ev = treys.Evaluator()
        tcodes = [[treys.Card.new(_treys_code(c)) for c in h] for h in hands]
        t = time.perf_counter()
        for h in tcodes:
            ev.evaluate(h[:2], h[2:])
        theirs = n / (time.perf_counter() - t)
    return {"ours": ours, "public": public, "treys": theirs}


def decision_times(persona: str, hands: int, seed: int = 3) -> list[float]:
    """Seconds per decision of `persona` at a three-handed table of mixed opponents."""
    from game.registry import new_match

    others = ["carteador", "clandestino"] if persona != "carteador" else ["morto", "clandestino"]
    ids = [persona, *others]
    times: list[float] = []
    session = 0
    while len(times) < hands:
        match = new_match(
            "wyrt",
            [f"{b}#{i + 1}" for i, b in enumerate(ids)],
            seed=seed + session,
            options={"hand_limit": 10, "cheating": True},
        )
        bots = [make_bot(b) for b in ids]
        res = play_out(match, bots, Rng(f"bench/{seed}/{session}"))
        times.extend(res.decision_times.get(0, []))
        session += 1
    return times


def bench(quick: bool) -> list[dict[str, Any]]:
    """The Wyrt rows of the benchmark table."""
    warm_up()
    rates = evaluator_rates(20_000 if quick else 200_000)
    rows: list[dict[str, Any]] = [
        {
            "name": "wyrt 7-card evaluation (score path)",
            "value": round(rates["ours"]),
            "unit": "hands/s",
            "budget": "reference",
            "ok": None,
        },
        {
            "name": "treys 7-card evaluation (same hands)",
            "value": round(rates["treys"]),
            "unit": "hands/s",
            "budget": "reference" if rates["treys"] else "treys missing",
            "ok": None,
        },
    ]
    if rates["treys"]:
        for label, key in (("score path", "ours"), ("evaluate()", "public")):
            ratio = rates[key] / rates["treys"]
            rows.append(
                {
                    "name": f"wyrt {label} / treys throughput",
                    "value": round(ratio, 2),
                    "unit": "x",
                    "budget": ">= 2x",
                    "ok": ratio >= 2,
                }
            )
    for tier, persona in TIER_SAMPLE.items():
        bot = make_bot(persona)
        times = decision_times(persona, 12 if quick else 200)
        p95 = percentile(times, 95)
        budget = bot.time_budget
        rows.append(
            {
                "name": f"wyrt bot decision p95 ({tier}: {persona})",
                "value": round(p95 * 1000, 1),
                "unit": "ms",
                "budget": f"<= {int(budget * 1000)} ms",
                "ok": p95 <= budget,
            }
        )
    assert set(TIER_SAMPLE) == set(personas.TIERS)
    return rows
