"""Playing by keys alone: move the focus ring to a thing and use it, with
nothing but KEYDOWN/KEYUP events (no mouse event, no direct call)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.app import App
from scenes.keyboard import FocusTarget
from tests.scenes.conftest import key, pump


def top_targets(app: App) -> list[FocusTarget]:
    """What the top screen's ring may land on now."""
    scene = app.scenes.top
    assert scene is not None
    return scene.focus_targets()


def focused(app: App) -> FocusTarget | None:
    """The target under the ring, if the ring shows."""
    scene = app.scenes.top
    assert scene is not None
    ring = scene.focus_ring
    return ring.current(scene.focus_targets()) if ring.visible else None


def tab_to(app: App, wanted: Callable[[FocusTarget], bool], limit: int = 400) -> FocusTarget:
    """Press Tab until the ring is on a target `wanted` accepts; fails after `limit` presses."""
    for _ in range(limit):
        now = focused(app)
        if now is not None and wanted(now):
            return now
        key(app, pygame.K_TAB)
    now = focused(app)
    assert now is not None and wanted(now), (
        f"no wanted target among {[t.key for t in top_targets(app)]}"
    )
    return now


def use_focused(app: App, frames: int = 2) -> None:
    """Enter on the ring, then the frames that deliver what it posted."""
    key(app, pygame.K_RETURN)
    pump(app, frames)


def tab_and_use(app: App, wanted: Callable[[FocusTarget], bool]) -> FocusTarget:
    """Tab to a wanted target and press Enter on it."""
    target = tab_to(app, wanted)
    use_focused(app)
    return target


def key_named(name: str) -> Callable[[FocusTarget], bool]:
    """A `wanted` for `tab_to`: the target whose key is `name`."""
    return lambda t: t.key == name


def key_starts(prefix: str) -> Callable[[FocusTarget], bool]:
    """A `wanted` for `tab_to`: a target whose key starts with `prefix`."""
    return lambda t: t.key.startswith(prefix)
