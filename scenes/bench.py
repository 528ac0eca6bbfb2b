"""`taverna bench`: one table of the budgets of ARCHITECTURE.md, measured side by side.

Every row is measured in the same run, on the same machine, next to its
reference:

- start-up: the main menu's first frame against a bare pygame-gui window, each
  in a fresh process, interleaved, median of several runs (ratio <= 1.5x);
- tables: for every table of `scenes.tables.TABLES`, bots playing at normal speed
  through the real scene: median and p99 of the work of one frame (p99 <= 6 ms,
  the issue's budget, under ARCHITECTURE.md's 8 ms), and the table's first frame
  from a fresh `taverna play <game> --autoplay` process;
- evaluators: Wyrt's hand evaluator against `treys` (pure Python, >= 2x) and
  `eval7` (compiled, for reference) on the same random 7-card hands;
- engines: full games per second with random bots, per engine of `game.GAMES`;
- bots: decision p50/p95 per bot level of every engine (levels from each bot's
  `level`; budget 200 ms, or 1 s for bots whose own time budget is larger);
- memory: the peak of a long session (a `taverna soak` in a fresh process).

Reference libraries (`treys`, `eval7`) come from the `bench` extra and are never
needed to play: a missing one gives a row that says so. Tables and engines are
discovered, so a new one joins the table without a change here. `--extras`
appends each game's own `game/<name>/bench.py` rows.

The sections are made in `bench_processes` (start-up, memory), `bench_tables`
(frames, pace), `bench_network` (play across machines, a server under load), `bench_engines`
(evaluators, engines, the War fast simulator, extras) and `bench_bots`;
a row and the text table in `bench_rows`. This module runs them in order.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from typing import Any

from game.progress import Progress

# The sections live in modules of their own; they are named here so that
# `run_bench` finds them on this module when it runs (tests replace them).
from scenes.bench_bots import bot_decision_times, bot_levels, bot_rows
from scenes.bench_engines import (
    engine_rows,
    evaluator_rows,
    extra_rows,
    random_games_rate,
    war_fastsim_rows,
)
from scenes.bench_network import hardening_rows, host_load_rows, network_rows, server_rows
from scenes.bench_processes import memory_rows, startup_rows
from scenes.bench_rows import format_table, row
from scenes.bench_tables import pace_rows, table_frame_times, table_rows

__all__ = [
    "bot_decision_times",
    "bot_levels",
    "bot_rows",
    "engine_rows",
    "evaluator_rows",
    "extra_rows",
    "format_table",
    "hardening_rows",
    "host_load_rows",
    "machine_row",
    "memory_rows",
    "network_rows",
    "pace_rows",
    "random_games_rate",
    "row",
    "run_bench",
    "server_rows",
    "startup_rows",
    "table_frame_times",
    "table_rows",
    "war_fastsim_rows",
]


def machine_row() -> dict[str, Any]:
    """How busy the machine was (frame and start-up times depend on it)."""
    try:
        load = os.getloadavg()[0]
    except OSError:
        return row("machine", "load average", "unknown")
    return row(
        "machine",
        f"load average (1 min) on {os.cpu_count()} CPUs, at the start",
        round(load, 1),
        "",
        "reference",
    )


def run_bench(quick: bool = False, as_json: bool = False, extras: bool = False) -> int:
    """Measure and print the table; exit status 0 even when a budget is over (it says so)."""
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # --json: stdout is data only
    with tempfile.TemporaryDirectory(prefix="taverna-bench-") as home:
        previous = os.environ.get("TAVERNA_HOME")
        os.environ["TAVERNA_HOME"] = home
        try:
            started = time.perf_counter()
            steps: list[Callable[[], list[dict[str, Any]]]] = [
                lambda: startup_rows(3 if quick else 7, home),
                lambda: table_rows(quick, home),
                lambda: pace_rows(quick),
                lambda: network_rows(quick),
                lambda: hardening_rows(quick),
                lambda: host_load_rows(quick, home),
                lambda: server_rows(quick),
                lambda: evaluator_rows(quick),
                lambda: engine_rows(quick),
                lambda: bot_rows(quick),
                lambda: war_fastsim_rows(quick),
                lambda: memory_rows(quick, home),
            ]
            if extras:
                steps.append(lambda: extra_rows(quick))
            rows = [machine_row()]
            with Progress("bench", len(steps), "sections") as progress:
                for done, step in enumerate(steps, 1):
                    rows += step()
                    progress(done)
            spent = time.perf_counter() - started
        finally:
            if previous is None:
                os.environ.pop("TAVERNA_HOME", None)
            else:
                os.environ["TAVERNA_HOME"] = previous
    if as_json:
        print(
            json.dumps(
                {"quick": quick, "seconds": round(spent, 1), "rows": rows},
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        print(format_table(rows))
        over = [r["name"] for r in rows if r["ok"] is False]
        print(
            f"\n{len(rows)} rows in {spent:.0f} s; "
            + (f"{len(over)} over budget" if over else "every budget met")
        )
    return 0
