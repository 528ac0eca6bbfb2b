"""`taverna bench`: the budgets of ARCHITECTURE.md, measured and tabulated.

- main-menu first frame vs a bare pygame-gui window, each in a fresh process,
  median of several runs (budget: ratio <= 1.5);
- frame times of the tables (p99 <= 8 ms at 60 fps) where tables exist;
- whatever each game's `game/<name>/bench.py` reports (bot decisions, evaluators).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

_BARE = """
import os, time
import pygame, pygame_gui
pygame.display.init(); pygame.font.init()
screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
manager = pygame_gui.UIManager((1280, 800))
pygame_gui.elements.UIButton(pygame.Rect(100, 100, 200, 50), "Hello", manager)
manager.update(0.016)
screen.fill((0, 0, 0))
manager.draw_ui(screen)
pygame.display.flip()
print(f"first-frame {time.time():.6f}", flush=True)
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["TAVERNA_REPORT_FIRST_FRAME"] = "1"
    # Measure what a player's machine does: Python caches compiled modules
    # (some sandboxes switch that off, which would charge our ~100 modules
    # a fresh compile on every start while pygame's are precompiled).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _time_process(argv: list[str]) -> float:
    """Seconds from spawning a process to its first-frame line."""
    start = time.time()
    out = subprocess.run(argv, capture_output=True, text=True, env=_env(), cwd=ROOT, timeout=120)
    for line in out.stdout.splitlines():
        if line.startswith("first-frame "):
            return float(line.split()[1]) - start
    raise RuntimeError(f"no first frame from {argv}: {out.stderr[-400:]}")


def first_frame(runs: int) -> dict[str, Any]:
    """Median first-frame times of a bare window and of our main menu."""
    bare, menu = [], []
    _time_process(
        [sys.executable, str(ROOT / "main.py"), "--frames", "1"]
    )  # warm the bytecode cache
    for _ in range(runs):  # interleaved so machine noise hits both alike
        bare.append(_time_process([sys.executable, "-c", _BARE]))
        menu.append(_time_process([sys.executable, str(ROOT / "main.py"), "--frames", "1"]))
    b, m = statistics.median(bare), statistics.median(menu)
    return {"bare_s": b, "menu_s": m, "ratio": m / b}


def table_frames(quick: bool) -> list[dict[str, Any]]:
    """Frame-time p99 of each table with bots playing (tables expose `bench_frames`)."""
    from scenes.tables import TABLES

    rows = []
    for game in sorted(TABLES):
        module = importlib.import_module(TABLES[game].partition(":")[0])
        fn = getattr(module, "bench_frames", None)
        if fn is None:
            continue
        p99, fps = fn(frames=240 if quick else 1200)
        rows.append(
            {
                "name": f"{game} table frame p99",
                "value": round(p99 * 1000, 2),
                "unit": "ms",
                "budget": "<= 8 ms",
                "ok": p99 <= 0.008,
            }
        )
        rows.append(
            {
                "name": f"{game} table average fps (uncapped)",
                "value": round(fps, 1),
                "unit": "fps",
                "budget": ">= 60",
                "ok": fps >= 60,
            }
        )
    return rows


def game_rows(quick: bool) -> list[dict[str, Any]]:
    """Rows from every game's own bench module."""
    from game import KNOWN_GAMES

    rows: list[dict[str, Any]] = []
    for name in (*KNOWN_GAMES, "tournament"):
        if (
            importlib.util.find_spec(f"game.{name}") is None
            or importlib.util.find_spec(f"game.{name}.bench") is None
        ):
            continue
        module = importlib.import_module(f"game.{name}.bench")
        rows.extend(module.bench(quick))
    return rows


def run_bench(quick: bool = False, as_json: bool = False) -> int:
    """Measure and print the table of budgets."""
    rows: list[dict[str, Any]] = []
    ff = first_frame(3 if quick else 7)
    rows.append(
        {
            "name": "bare pygame-gui window first frame",
            "value": round(ff["bare_s"] * 1000, 1),
            "unit": "ms",
            "budget": "reference",
            "ok": None,
        }
    )
    rows.append(
        {
            "name": "main menu first frame",
            "value": round(ff["menu_s"] * 1000, 1),
            "unit": "ms",
            "budget": "reference",
            "ok": None,
        }
    )
    rows.append(
        {
            "name": "main menu / bare window",
            "value": round(ff["ratio"], 2),
            "unit": "x",
            "budget": "<= 1.5x",
            "ok": ff["ratio"] <= 1.5,
        }
    )
    rows.extend(table_frames(quick))
    rows.extend(game_rows(quick))
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        width = max(len(r["name"]) for r in rows)
        for r in rows:
            mark = {True: "ok", False: "OVER", None: ""}[r["ok"]]
            print(f"{r['name']:<{width}}  {r['value']:>10} {r['unit']:<4} {r['budget']:<12} {mark}")
    return 0
