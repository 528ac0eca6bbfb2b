"""What the online screen tests share: frames until something holds (time,
not frames, is the bound: the other machines are threads and processes), and
a person at the host's table who plays as a bot would."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.registry import make_bot
from game.rng import Rng
from tests.scenes.conftest import pump


def pump_until(app: Any, cond: Callable[[], bool], seconds: float = 60.0) -> None:
    """Frames until `cond()` holds; fails after `seconds` (a bound, not a budget)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return
        pump(app)
        time.sleep(0.002)
    assert cond(), "timed out"


def person_plays(table: Any, game: str, name: str = "ana") -> Callable[[], bool]:
    """A step for `pump_until`: the person at the screen moves when it is his
    turn (as the easy bot would, through the table's own submit); True at the end."""
    bot, rng = make_bot(game, "easy"), Rng(name)

    def step() -> bool:
        seat = table.human_to_act()
        if seat is not None and not table.events and not table.tweens.busy:
            legal = table.legal_actions(seat)
            assert table.submit(bot.choose(table.match.view(seat), legal, rng), seat)
        return bool(table.finished)

    return step
