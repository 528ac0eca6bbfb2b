"""War benchmarks for `taverna bench`: bot decision p95 per level (all
decisions, placements, and hard's attacks, where it weighs stopping after each
conquest), and the odds.

Bots play whole four-player games against each other; every `choose` call is
timed. Budgets (ARCHITECTURE.md): normal p95 <= 200 ms, hard p95 <= 1 s.
"""

from __future__ import annotations

import time
from typing import Any

from game.registry import make_bot, new_match
from game.rng import Rng
from game.runner import percentile

#: p95 budget per level, seconds (easy has no budget of its own: normal's)
BUDGETS = {"easy": 0.2, "normal": 0.2, "hard": 1.0}


def _decision_times(
    level: str, games: int, seed: int, max_actions: int, budget: float | None = None
) -> tuple[list[float], list[float], list[float]]:
    """Decision times of `level` in four-player games against another level:
    (every decision, the placement decisions only — the heaviest ones —, the
    attack decisions).
    `budget` overrides the bots' seconds per decision (tests)."""
    times: list[float] = []
    placing: list[float] = []
    attacking: list[float] = []
    others = {"easy": "normal", "normal": "hard", "hard": "normal"}[level]
    for g in range(games):
        seats = [level, others, others, level] if g % 2 else [others, level, level, others]
        match = new_match("war", len(seats), seed=seed + g)
        bots = [make_bot("war", b) for b in seats]
        if budget is not None:
            for bot in bots:
                bot.time_budget = budget
        rng = Rng(f"bench/{seed}/{g}")
        for _ in range(max_actions):
            if match.is_over:
                break
            seat = match.to_move[0]
            view = match.view(seat)
            legal = match.legal_actions(seat)
            start = time.perf_counter()
            action = bots[seat].choose(view, legal, rng)
            spent = time.perf_counter() - start
            if seats[seat] == level:
                times.append(spent)
                if view["phase"] == "reinforce":
                    placing.append(spent)
                elif view["phase"] == "attack":
                    attacking.append(spent)
            match.apply(seat, action)
    return times, placing, attacking


def _odds_time() -> float:
    """Seconds to answer 10 000 win_probability queries from a cold cache."""
    from game.war import odds

    odds._WIN = odds._WinTable()
    start = time.perf_counter()
    for a in range(1, 101):
        for d in range(1, 101):
            odds.win_probability(a, d)
    return time.perf_counter() - start


def _p95_row(name: str, times: list[float], budget: float) -> dict[str, Any]:
    """A bench row: the p95 of `times` (seconds) against `budget`."""
    p95 = percentile(times, 95)
    return {
        "name": f"{name} ({len(times)} decisions)",
        "value": round(p95 * 1000, 2),
        "unit": "ms",
        "budget": f"<= {int(budget * 1000)} ms",
        "ok": p95 <= budget,
    }


def bench(quick: bool, budget: float | None = None) -> list[dict[str, Any]]:
    """Rows of the benchmark table: p95 bot decisions per level and the odds
    (`budget`: every bot's seconds per decision instead of its level's)."""
    rows: list[dict[str, Any]] = []
    games = 1 if quick else 6
    cap = 1500 if quick else 200_000
    for level in ("easy", "normal", "hard"):
        ts, placing, attacking = _decision_times(
            level, games, seed=11, max_actions=cap, budget=budget
        )
        rows.append(_p95_row(f"war bot {level}: decision p95", ts, BUDGETS[level]))
        rows.append(_p95_row(f"war bot {level}: placement decision p95", placing, BUDGETS[level]))
        if level == "hard":
            rows.append(_p95_row("war bot hard: attack decision p95", attacking, BUDGETS[level]))
    t = _odds_time()
    rows.append(
        {
            "name": "war odds: win_probability 100x100 table, cold",
            "value": round(t * 1000, 1),
            "unit": "ms",
            "budget": "informative",
            "ok": None,
        }
    )
    return rows
