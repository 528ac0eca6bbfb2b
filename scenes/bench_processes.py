"""`taverna bench` rows measured in fresh processes: the start-up (the main menu's
first frame against a bare pygame-gui window) and the memory of a long session
(a `taverna soak`). Never the player's settings or saves: each process gets
the bench's own home.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from scenes.bench_rows import row

ROOT = Path(__file__).resolve().parent.parent


FIRST_FRAME_RATIO_BUDGET = 1.5


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
print(f"first-frame {time.time():.6f} {time.process_time():.6f}", flush=True)
"""


def _env(home: str) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["TAVERNA_REPORT_FIRST_FRAME"] = "1"
    env["TAVERNA_HOME"] = home  # never the player's settings or saves
    # Measure what a player's machine does: Python caches compiled modules
    # (some sandboxes switch that off, which would charge our ~100 modules
    # a fresh compile on every start while pygame's are precompiled).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _time_process_cpu(argv: list[str], home: str) -> tuple[float, float]:
    """(wall seconds from spawning a process to its first-frame line, CPU seconds
    the process had spent by then). The CPU time does not grow when other
    programs crowd the machine; the wall time does."""
    start = time.time()
    out = subprocess.run(
        argv, capture_output=True, text=True, env=_env(home), cwd=ROOT, timeout=180
    )
    for line in out.stdout.splitlines():
        if line.startswith("first-frame "):
            parts = line.split()
            cpu = float(parts[2]) if len(parts) > 2 else 0.0
            return float(parts[1]) - start, cpu
    raise RuntimeError(f"no first frame from {argv}: {out.stderr[-400:]}")


def time_process(argv: list[str], home: str) -> float:
    """Seconds from spawning a process to its first-frame line."""
    return _time_process_cpu(argv, home)[0]


def startup_rows(runs: int, home: str) -> list[dict[str, Any]]:
    """Main menu against a bare pygame-gui window, interleaved so noise hits both."""
    menu_argv = [sys.executable, str(ROOT / "main.py"), "--frames", "1"]
    time_process(menu_argv, home)  # warm the bytecode cache
    bare, menu, bare_cpu, menu_cpu = [], [], [], []
    for _ in range(runs):
        wall, cpu = _time_process_cpu([sys.executable, "-c", _BARE], home)
        bare.append(wall)
        bare_cpu.append(cpu)
        wall, cpu = _time_process_cpu(menu_argv, home)
        menu.append(wall)
        menu_cpu.append(cpu)
    b, m = statistics.median(bare), statistics.median(menu)
    ratio = m / b
    cpu_ratio = statistics.median(menu_cpu) / max(statistics.median(bare_cpu), 1e-9)
    return [
        row("start-up", "bare pygame-gui window: first frame", round(b * 1000), "ms", "reference"),
        row("start-up", "main menu: first frame", round(m * 1000), "ms", "reference"),
        row(
            "start-up",
            f"main menu / bare window (median of {runs})",
            round(ratio, 2),
            "x",
            f"<= {FIRST_FRAME_RATIO_BUDGET}x",
            ratio <= FIRST_FRAME_RATIO_BUDGET,
        ),
        row(
            "start-up",
            "main menu / bare window, in CPU time (load-independent)",
            round(cpu_ratio, 2),
            "x",
            "reference",
            None,
            bare_cpu_ms=round(statistics.median(bare_cpu) * 1000),
            menu_cpu_ms=round(statistics.median(menu_cpu) * 1000),
        ),
    ]


def memory_rows(quick: bool, home: str) -> list[dict[str, Any]]:
    """The peak memory of a long session: a soak through every table, in a fresh process."""
    minutes = 0.5 if quick else 3.0
    argv = [sys.executable, str(ROOT / "main.py"), "soak", "--minutes", str(minutes), "--json"]
    try:
        out = subprocess.run(
            argv,
            capture_output=True,
            text=True,
            env=_env(home),
            cwd=ROOT,
            timeout=minutes * 60 + 240,
        )
        start = out.stdout.index("{")
        report = json.loads(out.stdout[start:])
    except (ValueError, subprocess.SubprocessError) as e:
        return [row("memory", "long session (soak)", f"failed: {e!r}"[:60], ok=False)]
    return [
        row(
            "memory",
            f"long session: peak RSS ({minutes:g} min soak, {report['frames']} frames,"
            f" {sum(report['matches_started'].values())} matches)",
            round(report["peak_rss_mb"]),
            "MiB",
            "reference",
            None,
            rss_start_mb=report["rss_start_mb"],
            rss_warm_mb=report["rss_warm_mb"],
            rss_end_mb=report["rss_end_mb"],
        ),
        row(
            "memory",
            "long session: growth after the first round of tables",
            round(report["rss_end_mb"] - report["rss_warm_mb"]),
            "MiB",
            "flat (caches)",
            None,
        ),
        row(
            "memory",
            "long session: crashes",
            report["crashes"],
            "",
            "0",
            report["crashes"] == 0,
        ),
    ]
