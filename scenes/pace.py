"""The pace of a table as a person feels it: how long, in game time, a person
waits between two of their own decisions while three bots play.

Played through the real table on whatever video driver is set (the bench uses
SDL's dummy driver) at the default animation speed. Game time is the frames'
dt added up, so the figure does not depend on the machine: a bot's thinking
runs in the table's worker meanwhile, and while it thinks the frames keep to
real time, so its thinking counts as it would on screen. The person answers at once (the same
hint bot `--autoplay` uses), so every second counted is the table's own.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from scenes.window_flags import window_args

#: the goal of issue 34: no wait over this between a person's decisions
WAIT_GOAL = 8.0
FRAME = 1 / 60


@dataclass
class PaceReport:
    """The waits of one table session (game seconds)."""

    game: str
    waits: list[float]
    first: float
    finished: bool

    @property
    def longest(self) -> float:
        """The longest wait, the first one (the deal) included."""
        return max([self.first, *self.waits], default=0.0)


def pace_seats(game: str) -> list[Any]:
    """A person and three bots of the middle level (fewer where the game allows fewer)."""
    from game import get_info
    from scenes.tables.face import SeatSetup

    info = get_info(game)
    n = max(info.min_seats, min(info.max_seats, 4))
    bot = info.bot_ids[len(info.bot_ids) // 2]
    return [SeatSetup("Ana")] + [SeatSetup(f"Bot {i + 1}", bot) for i in range(n - 1)]


def measure_pace(
    game: str,
    *,
    seed: int = 7,
    decisions: int = 12,
    size: tuple[int, int] = (1280, 800),
    speed: str = "normal",
    game_seconds: float = 900.0,
    options: dict[str, Any] | None = None,
) -> PaceReport:
    """Play `decisions` of the person's decisions (or to the match's end) and
    return the game seconds waited before each: `first` from the table's first
    frame, then between one decision and the next."""
    import pygame

    from game.registry import make_bot
    from game.rng import Rng
    from scenes.app import App
    from scenes.main_menu import MainMenu
    from scenes.tables import open_table

    app = App(window_args(["--size", f"{size[0]}x{size[1]}", "--lang", "en"]))
    app.settings.animation_speed = speed
    seats = pace_seats(game)
    table = open_table(app, game, seats, seed, dict(options or {}))
    app.scenes.push(MainMenu(app), fade=False)
    app.scenes.push(table, fade=False)
    info_bot = seats[1].bot or "random"
    me = make_bot(game, info_bot)
    rng = Rng(f"pace/{game}/{seed}")
    clock = 0.0
    last = 0.0
    first = -1.0
    waits: list[float] = []
    try:
        while clock < game_seconds and len(waits) < decisions and not table.finished:
            seat = table.human_to_act()
            ready = (
                seat is not None
                and app.scenes.top is table
                and not table.events
                and not table.tweens.busy
                and not table.animating()
            )
            if ready and seat is not None:
                if first < 0:
                    first = clock
                else:
                    waits.append(clock - last)
                view = table.match.view(seat)
                action = me.choose(view, table.legal_actions(seat), rng)
                table.submit(action, seat)
                last = clock
            if app.scenes.top is not table and not table.finished:
                app.scenes.pop(fade=False)  # a curtain or a dialog the person would close
            if table.worker.busy:
                time.sleep(FRAME)  # a bot thinks in real time: the frames wait for it
            app.step(FRAME, pygame.event.get())
            clock += FRAME
    finally:
        table.worker.close()
        pygame.quit()
    return PaceReport(game, waits, max(first, 0.0), table.finished)
