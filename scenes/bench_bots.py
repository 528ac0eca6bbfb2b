"""`taverna bench` rows of the bots: decision times p50/p95 for every bot level of
every engine, against the budget of its level.
"""

from __future__ import annotations

import time
from typing import Any

from scenes.bench_engines import seat_count
from scenes.bench_rows import pct, row


def bot_levels(game: str) -> dict[str, tuple[str, float]]:
    """level -> (a bot id of that level, its p95 budget in seconds), weakest first."""
    from game import get_info, make_bot

    info = get_info(game)
    by_level: dict[str, list[tuple[str, float]]] = {}
    for bot_id in info.bot_ids:
        bot = make_bot(game, bot_id)
        by_level.setdefault(bot.level, []).append((bot_id, float(bot.time_budget)))
    out = {}
    for level, ids in by_level.items():
        bot_id, own = ids[len(ids) // 2]
        # ARCHITECTURE.md: 200 ms (normal), 1 s for the heavy thinkers.
        out[level] = (bot_id, 1.0 if own > 0.2 else 0.2)
    return out


def bot_decision_times(game: str, seconds: float, seed: int = 11) -> dict[str, list[float]]:
    """Seconds per decision, by level, in matches where every level takes turns sitting.

    The time is shared evenly among the levels (each gets its own matches, with
    the other levels as opponents); a match stops when its share is spent.
    """
    from game import get_info, make_bot, new_match
    from game.registry import with_bot_choices
    from game.rng import Rng

    info = get_info(game)
    levels = bot_levels(game)
    names = list(levels)
    n = seat_count(info)
    times: dict[str, list[float]] = {lvl: [] for lvl in names}
    share = seconds / len(names)
    for k, focus in enumerate(names):
        end = time.perf_counter() + share
        g = 0
        while time.perf_counter() < end or not times[focus]:
            others = [x for x in names if x != focus] or [focus]
            seat_levels = [focus] + [others[(g + i) % len(others)] for i in range(n - 1)]
            rot = g % n  # the focus level takes every seat in turn
            seat_levels = seat_levels[-rot:] + seat_levels[:-rot] if rot else seat_levels
            ids = [levels[lvl][0] for lvl in seat_levels]
            options = with_bot_choices(info, list(ids), {})
            match = new_match(
                game,
                [f"{b}#{i + 1}" for i, b in enumerate(ids)],
                seed=seed + 97 * k + g,
                options=options,
            )
            bots = [make_bot(game, b) for b in ids]
            rng = Rng(f"bench/{game}/{k}/{g}")
            while not match.is_over and (time.perf_counter() < end or not times[focus]):
                seat = match.to_move[0]
                view = match.view(seat)
                legal = match.legal_actions(seat)
                t0 = time.perf_counter()
                action = bots[seat].choose(view, legal, rng)
                times[seat_levels[seat]].append(time.perf_counter() - t0)
                match.apply(seat, action)
            g += 1
    return times


def bot_rows(quick: bool) -> list[dict[str, Any]]:
    """Decision p50/p95 per level per engine."""
    from game import GAMES

    rows = []
    for game in GAMES:
        levels = bot_levels(game)
        times = bot_decision_times(game, 4.0 if quick else 40.0)
        for level, (bot_id, budget) in levels.items():
            ts = times[level]
            p50, p95 = pct(ts, 50), pct(ts, 95)
            who = level if bot_id == level else f"{level} ({bot_id})"
            rows.append(
                row(
                    "bots",
                    f"{game} {who}: decision p50 {p50 * 1000:.1f} ms / p95 ({len(ts)} decisions)",
                    round(p95 * 1000, 1),
                    "ms",
                    f"<= {budget * 1000:.0f} ms",
                    p95 <= budget,
                    p50_ms=round(p50 * 1000, 2),
                    decisions=len(ts),
                )
            )
    return rows
