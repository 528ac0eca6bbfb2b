"""Benchmark rows for `taverna bench`: Chama bot decision time per level."""

from __future__ import annotations

import time
from typing import Any

from game.chama.bots import make_bot
from game.core import Action
from game.registry import new_match
from game.rng import Rng
from game.runner import percentile

BUDGET_MS = {"easy": 200.0, "normal": 200.0, "hard": 1000.0}


def sample_positions(
    games: int, seats: int, seed: int
) -> list[tuple[dict[str, Any], list[Action]]]:
    """Views and legal actions of real decisions (several choices) from normal-bot games."""
    out: list[tuple[dict[str, Any], list[Action]]] = []
    for g in range(games):
        m = new_match("chama", seats, seed=seed + g)
        bots = [make_bot("normal") for _ in range(seats)]
        rng = Rng(f"bench/{seed}/{g}")
        while not m.is_over:
            seat = m.to_move[0]
            view = m.view(seat)
            legal = m.legal_actions(seat)
            if len(legal) > 1:
                out.append((view, legal))
            m.apply(seat, bots[seat].choose(view, legal, rng))
    return out


def bench(quick: bool) -> list[dict[str, Any]]:
    """Decision p95 per bot level on positions taken from real games."""
    positions = sample_positions(1 if quick else 4, 2, 11) + sample_positions(
        1 if quick else 2, 4, 23
    )
    step = max(1, len(positions) // (12 if quick else 300))
    chosen = positions[::step]
    rows: list[dict[str, Any]] = []
    for level in ("easy", "normal", "hard"):
        bot = make_bot(level)
        rng = Rng(f"bench/{level}")
        times: list[float] = []
        for view, legal in chosen:
            t0 = time.perf_counter()
            bot.choose(view, legal, rng)
            times.append(time.perf_counter() - t0)
        p95 = percentile(times, 95) * 1000
        rows.append(
            {
                "name": f"chama bot decision p95 ({level}, {len(times)} positions)",
                "value": round(p95, 2),
                "unit": "ms",
                "budget": f"<= {BUDGET_MS[level]:.0f} ms",
                "ok": p95 <= BUDGET_MS[level],
            }
        )
    return rows
