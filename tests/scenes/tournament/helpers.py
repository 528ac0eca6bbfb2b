"""Helpers of the tournament screens' tests: ready-made tournaments and frame loops."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pygame
import pygame_gui

from game.tournament import Tournament, create_tournament, open_store
from scenes.app import App
from scenes.main_menu import MainMenu
from scenes.manager import Scene
from tests.scenes.conftest import pump

S = TypeVar("S", bound=Scene)


def run_until(app: App, cond: Callable[[], bool], frames: int = 600) -> None:
    """Pump frames until `cond()` holds (fails the test if it never does)."""
    for _ in range(frames):
        if cond():
            return
        pump(app)
    assert cond()


def bots(n: int, start: int = 1) -> list[tuple[str, str]]:
    """`n` bot entrants of the tiny game."""
    return [(f"Bot {i}", "random") for i in range(start, start + n)]


def saved(t: Tournament) -> Tournament:
    """Save a tournament to the store (it gets its id)."""
    with open_store() as store:
        store.save(t)
    return t


def swiss(humans: list[str], n_bots: int, **kw: object) -> Tournament:
    """A saved Swiss tournament of the tiny game "alta"."""
    t = create_tournament("alta", [*humans, *bots(n_bots)], format="swiss", seed=7, **kw)  # type: ignore[arg-type]
    return saved(t)


def open_scene(app: App, scene: S) -> S:
    """Push the main menu and `scene` on it, and paint a frame."""
    app.scenes.push(MainMenu(app), fade=False)
    app.scenes.push(scene, fade=False)
    pump(app)
    return scene


def choose(app: App, menu: pygame_gui.elements.UIDropDownMenu, option_id: str) -> None:
    """Pick an option of a drop-down the way pygame-gui reports it."""
    text = next(o[0] for o in menu.options_list if o[1] == option_id)
    menu.selected_option = (text, option_id)
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            ui_element=menu,
            text=text,
            selected_option_id=option_id,
        )
    )
    pump(app, 2)


def resize(app: App, size: tuple[int, int]) -> None:
    """A window resize, as the window manager sends it."""
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
    pump(app)
