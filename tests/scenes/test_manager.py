from __future__ import annotations

import pygame

from scenes.manager import Scene
from tests.scenes.conftest import pump


class Probe(Scene):
    def __init__(self, app, name: str, overlay: bool = False) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.name = name
        self.overlay = overlay
        self.calls: list[str] = []

    def enter(self) -> None:
        super().enter()
        self.calls.append("enter")

    def exit(self) -> None:
        self.calls.append("exit")
        super().exit()

    def cover(self) -> None:
        super().cover()
        self.calls.append("cover")

    def uncover(self) -> None:
        super().uncover()
        self.calls.append("uncover")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((10, 200, 10) if self.name == "a" else (200, 10, 10))


def test_push_pop_replace_and_lifecycle(app) -> None:  # type: ignore[no-untyped-def]
    a, b, c = Probe(app, "a"), Probe(app, "b"), Probe(app, "c")
    app.scenes.push(a)
    app.scenes.push(b)
    assert app.scenes.top is b and a.calls == ["enter", "cover"]
    app.scenes.replace(c)
    assert app.scenes.top is c and b.calls == ["enter", "exit"]
    app.scenes.pop()
    assert app.scenes.top is a and a.calls[-1] == "uncover"
    app.scenes.reset(Probe(app, "d"))
    assert len(app.scenes.stack) == 1 and a.calls[-1] == "exit"


def test_fades_run_and_block_input(app) -> None:  # type: ignore[no-untyped-def]
    app.settings.animation_speed = "normal"
    a, b = Probe(app, "a"), Probe(app, "b")
    app.scenes.push(a)
    app.scenes.push(b)
    assert app.scenes.busy and app.scenes.top is a  # still fading out
    pump(app, 30)
    assert not app.scenes.busy and app.scenes.top is b


def test_overlay_draws_over_captured_frame(app) -> None:  # type: ignore[no-untyped-def]
    a = Probe(app, "a")
    app.scenes.push(a)
    pump(app)
    over = Probe(app, "o", overlay=True)
    over.draw = lambda surface: None  # type: ignore[method-assign]
    app.scenes.push(over)
    assert over.backdrop is not None
    pump(app)
    assert app.screen.get_at((5, 5))[:3] == (10, 200, 10)


def test_resize_rebuilds_every_scene(app) -> None:  # type: ignore[no-untyped-def]
    a = Probe(app, "a")
    app.scenes.push(a)
    app.step(0.016, [pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700))])
    assert app.size == (1100, 700) and a.ui is not None and a.ui.rect.size == (1100, 700)


def test_window_never_smaller_than_minimum(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(Probe(app, "a"))
    app.step(0.016, [pygame.event.Event(pygame.VIDEORESIZE, w=400, h=300, size=(400, 300))])
    assert app.size[0] >= 1024 and app.size[1] >= 640
