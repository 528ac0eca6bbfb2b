"""A resize forgets the panels painted for the old window size (found by the soak).

Kept, every size a player dragged the window through stayed cached as
full-window surfaces: a few minutes of resizing grew the app by ~250 MiB.
"""

from __future__ import annotations

import pygame

from scenes import style
from scenes.main_menu import MainMenu
from tests.scenes.conftest import pump


def test_window_sized_panels_are_dropped_on_resize_and_repainted_once(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    pump(app, 2)
    for w, h in ((1100, 700), (1300, 820), (1500, 900)):
        app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])
        pump(app, 2)
    assert style.wood_background.cache_info().currsize == 1  # only the current size
    assert app.size == (1500, 900)
