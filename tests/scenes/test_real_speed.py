"""Every table plays a while at a speed players use, with its optional rules on.

The whole-game scene tests and the soak run at "instant" speed, where effects
that only exist while something moves are never made: a Xisum duel killed the
Chama table at every other speed and no test saw it. Here bots play each table
at "fast" speed for a few thousand frames with the options that add effects.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes.tables.face import SeatSetup
from tests.scenes.conftest import make_app, open_test_table, pump

CASES: list[tuple[str, list[tuple[str, str]], dict[str, Any]]] = [
    (
        "chama",
        [("B1", "normal"), ("B2", "normal"), ("B3", "easy")],
        {"aliados": True, "xisum": True},
    ),
    ("chama", [("B1", "normal"), ("B2", "easy")], {"mode": "conquistadores", "xisum": True}),
    ("wyrt", [("B1", "clandestino"), ("B2", "nobre_expert"), ("B3", "morto")], {"cheating": True}),
    ("wyr", [("B1", "normal"), ("B2", "hard"), ("B3", "easy")], {"thyatis": True, "hyninn": 2}),
    (
        "wyr",
        [("B1", "normal"), ("B2", "hard"), ("B3", "easy"), ("B4", "easy")],
        {"tenebra": True, "groups": "pairs"},
    ),
    ("war", [("B1", "normal"), ("B2", "hard"), ("B3", "easy")], {}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "bots", "options"), CASES)
def test_a_table_plays_on_at_fast_speed_with_its_options(
    game_id: str, bots: list[tuple[str, str]], options: dict[str, Any]
) -> None:
    app = make_app("--lang", "pt", "--size", "1024x640", "--autoplay")
    app.settings.animation_speed = "fast"
    seats = [SeatSetup(name, bot) for name, bot in bots]
    t = open_test_table(app, game_id, seats, 7, options=options)
    try:
        for _ in range(2500):
            pump(app, 1, 1 / 30)
            if t.match.is_over:
                break
        assert len(t.match.log) > 10  # the match moved on, frame after frame
    finally:
        t.worker.close()
        pygame.quit()
