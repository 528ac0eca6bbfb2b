"""`taverna bench` for the Wyr table: frame times while bots play and animate."""

from __future__ import annotations

import time


def bench_frames(frames: int = 600, size: tuple[int, int] = (1280, 800)) -> tuple[float, float]:
    """Four bots play at normal speed; (p99 frame seconds, average fps).

    Frame time is the work of one frame (events, update, draw), not the wait for
    the next vsync; the first second (fonts, the cloth, card faces) is left out.
    """
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    import main
    from game import new_match
    from game.runner import percentile
    from scenes.app import App
    from scenes.main_menu import MainMenu
    from scenes.tables.base import SeatSetup
    from scenes.tables.wyr.table import WyrTable

    app = App(main.build_parser().parse_args(["--size", f"{size[0]}x{size[1]}", "--lang", "en"]))
    app.settings.animation_speed = "normal"
    seats = [SeatSetup(f"Bot {i + 1}", "normal") for i in range(4)]
    match = new_match("wyr", [s.name for s in seats], seed=7, options={"thyatis": True})
    table = WyrTable(app, match, seats)
    app.scenes.push(MainMenu(app), fade=False)
    app.scenes.push(table, fade=False)
    times: list[float] = []
    for i in range(frames + 60):
        t0 = time.perf_counter()
        app.step(1 / 60, pygame.event.get())
        pygame.display.flip()
        took = time.perf_counter() - t0
        if i >= 60:
            times.append(took)
        time.sleep(max(0.0, 1 / 60 - took))
    table.worker.close()
    pygame.quit()
    return percentile(times, 99), len(times) / sum(times) if times else 0.0
