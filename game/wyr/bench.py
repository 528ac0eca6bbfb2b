"""Wyr's benchmark rows for `taverna bench`: bot decision p95 per level.

Bots play whole matches (easy, normal and hard together, seats rotating, with
and without variants); every `choose` call is timed. The budget is 200 ms at
p95 for every level (ARCHITECTURE.md allows hard 1 s; issue 6 asks 200 ms).
"""

from __future__ import annotations

import time
from typing import Any

from game.cards import standard_deck
from game.registry import make_bot, new_match
from game.rng import Rng
from game.runner import percentile, play_out
from game.wyr.combos import best_combination

BUDGET_MS = 200.0

_TABLES: tuple[tuple[tuple[str, ...], dict[str, Any]], ...] = (
    (("hard", "normal", "easy"), {}),
    (("hard", "normal", "easy", "hard", "normal"), {"hyninn": 4, "thyatis": True}),
    (("hard", "normal", "hard", "easy"), {"groups": "pairs", "azgher": True, "tenebra": True}),
)


def decision_times(games: int, seed: int = 11) -> dict[str, list[float]]:
    """Seconds per `choose` call, by bot level, over `games` matches per table."""
    times: dict[str, list[float]] = {}
    for t, (levels, options) in enumerate(_TABLES):
        n = len(levels)
        for g in range(games):
            seats = [levels[(i + g) % n] for i in range(n)]
            match = new_match("wyr", n, seed=seed + 1000 * t + g, options=options)
            bots = [make_bot("wyr", level) for level in seats]
            result = play_out(match, bots, Rng(f"wyr-bench/{t}/{g}"))
            for seat, spent in result.decision_times.items():
                times.setdefault(seats[seat], []).extend(spent)
    return times


def bench(quick: bool) -> list[dict[str, Any]]:
    """Rows {name, value, unit, budget, ok}; `quick` finishes in a few seconds."""
    times = decision_times(2 if quick else 40)
    rows: list[dict[str, Any]] = []
    for level in ("easy", "normal", "hard"):
        p95 = percentile(times.get(level, []), 95) * 1000
        rows.append(
            {
                "name": f"wyr bot decision p95 ({level})",
                "value": round(p95, 2),
                "unit": "ms",
                "budget": f"<= {BUDGET_MS:.0f} ms",
                "ok": p95 <= BUDGET_MS,
            }
        )
    # Evaluator throughput on random hands, jokers included (cached by ranks).
    rng = Rng("wyr-bench")
    deck = standard_deck(4)
    hands = [rng.sample(deck, 5) for _ in range(2000 if quick else 20000)]
    start = time.perf_counter()
    for h in hands:
        best_combination(h)
    per = (time.perf_counter() - start) / len(hands)
    rows.append(
        {
            "name": "wyr best_combination throughput",
            "value": round(1 / per),
            "unit": "hands/s",
            "budget": "",
            "ok": None,
        }
    )
    return rows
