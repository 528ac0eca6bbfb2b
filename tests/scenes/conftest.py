"""Fixtures for scene tests: a real App on the dummy video driver."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

import main
from scenes.app import App
from scenes.tables import register_table
from scenes.tutorial import TUTORIALS

register_table("alta", "tests.scenes.alta_table:AltaTable")


def make_app(*argv: str) -> App:
    """An App built from command-line words, without running its loop."""
    args = main.build_parser().parse_args(list(argv))
    return App(args)


@pytest.fixture(autouse=True)
def _fresh_caches() -> None:
    """Fonts and surfaces cached by an earlier pygame session are dead."""
    from scenes import style

    style.reset_caches()


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app("--lang", "en")
    a.settings.animation_speed = "instant"
    # A person who has met every table: starting a match opens it at once.
    # The first-match offer of the guided game has its own tests.
    a.settings.guided_offered = sorted(p.stem for p in TUTORIALS.glob("*.json"))
    yield a
    pygame.quit()


def pump(app: App, frames: int = 1, dt: float = 1 / 60) -> None:
    """Run frames, delivering whatever pygame-gui posted in between."""
    for _ in range(frames):
        app.step(dt, pygame.event.get())


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """A real mouse click at `pos`, then the frames that deliver its UI events."""
    pygame.mouse.set_pos(pos)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step(1 / 60, [motion])
    app.step(1 / 60, [down])
    app.step(1 / 60, [up])
    pump(app, 2)


def click_widget(app: App, widget: object) -> None:
    """Click the centre of a pygame-gui widget."""
    rect = widget.rect  # type: ignore[attr-defined]
    click(app, rect.center)


def key(app: App, k: int, mod: int = 0) -> None:
    """Press and release a key."""
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])
    app.step(1 / 60, [pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)])


def open_test_table(
    app: App,
    game: str,
    seats: list,  # type: ignore[type-arg]
    seed: int,
    practice: bool = False,
    options: dict | None = None,  # type: ignore[type-arg]
):  # type: ignore[no-untyped-def]
    """A table of `game` over the main menu, as the new-match screen opens it, one frame in."""
    from scenes.main_menu import MainMenu
    from scenes.tables import open_table

    app.scenes.push(MainMenu(app), fade=False)
    t = open_table(app, game, seats, seed=seed, options=options or {}, practice=practice)
    app.scenes.push(t, fade=False)
    pump(app)
    return t


def pump_until(app: App, cond, frames: int, message: str = "timed out") -> None:  # type: ignore[no-untyped-def]
    """Frames until `cond()` holds; fails after `frames` frames."""
    for _ in range(frames):
        if cond():
            return
        pump(app)
    assert cond(), message


def spy_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text `style.blit_text` draws from now on, in order (it still draws)."""
    from scenes import style

    drawn: list[str] = []
    real = style.blit_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return real(surface, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(style, "blit_text", spy)
    return drawn


def pump_past_curtains(app: App, cond, frames: int = 3000) -> None:  # type: ignore[no-untyped-def]
    """Frames until `cond()` holds, opening every hot-seat curtain on the way;
    fails after `frames` frames."""
    from scenes.curtain import Curtain

    for _ in range(frames):
        if cond():
            return
        if isinstance(app.scenes.top, Curtain):
            click_widget(app, app.scenes.top.button)
            continue
        pump(app)
    assert cond(), "timed out"


def open_curtain(app: App, frames: int = 4000) -> str:
    """Wait for the hot-seat curtain, let its short guard pass, click it open;
    the name it showed."""
    from scenes.curtain import Curtain

    pump_until(app, lambda: isinstance(app.scenes.top, Curtain), frames)
    curtain = app.scenes.top
    assert isinstance(curtain, Curtain)
    pump(app, 30)
    click(app, curtain.button.rect.center)
    assert app.scenes.top is not curtain
    return str(curtain.name)
