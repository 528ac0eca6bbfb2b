"""The host's frames while joiners play (`taverna bench`, section "network").

The host's table runs in this process, as on a host's machine; the joiners
are `taverna join --autoplay --headless` processes on 127.0.0.1, so their
bots never hold this process's interpreter lock (on a real table they sit on
other machines). Frame work is measured as the render thread's CPU time, the
same figure the local tables' rows give, so the two can be compared.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def hosted_frame_times(
    game: str, joiners: int, frames: int, options: dict[str, Any], home: str
) -> dict[str, Any]:
    """Frame CPU times of a host's table (one host bot, `joiners` remote seats)."""
    import os

    import pygame

    from scenes.app import App
    from scenes.main_menu import MainMenu
    from scenes.online.lobby import HostLobby, open_lobby
    from scenes.tables.face import SeatSetup
    from scenes.window_flags import window_args

    app = App(window_args(["--size", "1280x800", "--lang", "en"]))
    app.settings.animation_speed = "normal"
    seats = [SeatSetup("Borin", "normal")] + [
        SeatSetup("?", elsewhere=True) for _ in range(joiners)
    ]
    app.scenes.push(MainMenu(app), fade=False)
    lobby = open_lobby(app, game, seats, options, bind="127.0.0.1", port=0)
    app.scenes.push(lobby, fade=False)
    env = {**os.environ, "TAVERNA_HOME": home, "SDL_VIDEODRIVER": "dummy"}
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "main.py"),
                "join",
                f"127.0.0.1:{lobby.port}",
                "--name",
                f"P{i + 1}",
                "--code",
                lobby.session.code,
                "--autoplay",
                "--headless",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        for i in range(joiners)
    ]
    cpu: list[float] = []
    try:
        deadline = time.monotonic() + 60
        while isinstance(app.scenes.top, HostLobby) and time.monotonic() < deadline:
            app.step(1 / 60, pygame.event.get())
            time.sleep(0.01)
        for i in range(frames + 60):
            c0 = time.thread_time()
            t0 = time.perf_counter()
            app.step(1 / 60, pygame.event.get())
            pygame.display.flip()
            if i >= 60:
                cpu.append(time.thread_time() - c0)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
    finally:
        # a table played online has a link to close; other scenes have none
        link = getattr(app.scenes.top, "link", None)
        if link is not None:
            link.close()
        lobby.server.stop()
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(10)
        pygame.quit()
    return {"cpu": cpu}
