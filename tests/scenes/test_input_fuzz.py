"""Synthetic input fuzzing on every screen: random clicks, drags, wheels and keys.

Each screen (main menu, settings, new match for every game, rules, statistics,
practice, the tournament screens and every registered table) gets a seeded
stream of real pygame events: half of the clicks land on a visible widget so
buttons are really pressed, the rest anywhere. Whatever the screens do with
them (open tables, pause, quit), no event may raise. Tables come from
`scenes.tables.TABLES`, engines from `game.KNOWN_GAMES`: new ones join here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game import KNOWN_GAMES
from scenes.app import App
from scenes.main_menu import MainMenu
from scenes.manager import Scene
from scenes.tables import TABLES, table_ready
from tests.scenes.conftest import make_app

#: events per screen (enough to open, press and leave things; bounded for CI)
EVENTS = 70

_KEYS = [
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_z,
    pygame.K_o,
    pygame.K_t,
    pygame.K_c,
    pygame.K_h,
    pygame.K_a,
    pygame.K_1,
    pygame.K_9,
    pygame.K_F1,
]


def _visible_widgets(app: App) -> list[Any]:
    return [
        w
        for w in app.ui_manager.get_sprite_group().sprites()
        if getattr(w, "visible", False) and getattr(w, "rect", None) is not None and w.rect.w > 2
    ]


def _events(app: App, rng: random.Random) -> list[list[pygame.event.Event]]:
    """One random gesture as the frames of events it takes."""
    w, h = app.size
    widgets = _visible_widgets(app)
    if widgets and rng.random() < 0.5:
        r = rng.choice(widgets).rect
        pos = (
            rng.randint(r.left, max(r.left, r.right - 1)),
            rng.randint(r.top, max(r.top, r.bottom - 1)),
        )
    else:
        pos = (rng.randrange(w), rng.randrange(h))
    kind = rng.random()
    E = pygame.event.Event
    motion = E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if kind < 0.55:  # a click: left mostly, sometimes right or middle
        button = rng.choice((1, 1, 1, 1, 3, 2))
        pygame.mouse.set_pos(pos)
        return [
            [motion],
            [E(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)],
            [E(pygame.MOUSEBUTTONUP, pos=pos, button=button)],
        ]
    if kind < 0.7:  # a drag
        end = (rng.randrange(w), rng.randrange(h))
        steps = [
            (pos[0] + (end[0] - pos[0]) * i // 4, pos[1] + (end[1] - pos[1]) * i // 4)
            for i in range(1, 5)
        ]
        frames = [[motion], [E(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]]
        frames += [[E(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))] for p in steps]
        frames.append([E(pygame.MOUSEBUTTONUP, pos=end, button=1)])
        return frames
    if kind < 0.8:  # the wheel
        dy = rng.choice((-3, -1, 1, 3))
        return [
            [
                motion,
                E(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy)),
            ]
        ]
    if kind < 0.83:  # the window is resized
        size = (rng.randint(1024, 1500), rng.randint(640, 950))
        return [[E(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)]]
    k = rng.choice(_KEYS)
    mod = rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
    text = pygame.key.name(k) if len(pygame.key.name(k)) == 1 else ""
    frames = [[E(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)]]
    if text:
        frames.append([E(pygame.TEXTINPUT, text=text)])
    frames.append([E(pygame.KEYUP, key=k, mod=mod, unicode=text, scancode=0)])
    return frames


def fuzz(app: App, seed: int, events: int = EVENTS) -> list[str]:
    """Send `events` random gestures; returns the trail (raises with it on failure)."""
    rng = random.Random(seed)
    trail: list[str] = []
    for _ in range(events):
        if not app.running:  # "Quit" was pressed: a player would reopen the app
            app.running = True
            app.scenes.reset(MainMenu(app), fade=False)
        gesture = _events(app, rng)
        trail.append(
            f"{type(app.scenes.top).__name__}: {[pygame.event.event_name(e.type) for f in gesture for e in f]}"
        )
        try:
            for frame in gesture:
                app.step(1 / 60, frame + pygame.event.get())
            app.step(1 / 60, pygame.event.get())
        except Exception as e:
            raise AssertionError("input fuzz raised after:\n" + "\n".join(trail[-8:])) from e
    return trail


def _app() -> App:
    app = make_app("--lang", "en")
    app.settings.animation_speed = "instant"
    app.settings.confirm_quit = True
    return app


def _tournament() -> Any:
    from tests.scenes.tournament.helpers import swiss

    return swiss(["Ana"], 5)


SCREENS: dict[str, Callable[[App], Scene]] = {
    "menu": lambda app: MainMenu(app),
    "settings": lambda app: __import__("scenes.settings_scene", fromlist=["x"]).SettingsScene(app),
    "stats": lambda app: __import__("scenes.stats", fromlist=["x"]).StatsScene(app),
    "practice": lambda app: __import__("scenes.practice", fromlist=["x"]).PracticeChooser(app),
    "tournament-home": lambda app: __import__("scenes.tournament", fromlist=["x"]).TournamentHome(
        app
    ),
    "tournament-create": lambda app: __import__(
        "scenes.tournament.create", fromlist=["x"]
    ).CreateTournament(app),
    "tournament-hub": lambda app: __import__("scenes.tournament.hub", fromlist=["x"]).TournamentHub(
        app, _tournament()
    ),
    "tournament-standings": lambda app: __import__(
        "scenes.tournament.standings_view", fromlist=["x"]
    ).StandingsScene(app, _tournament()),
    "tournament-bracket": lambda app: __import__(
        "scenes.tournament.bracket_view", fromlist=["x"]
    ).BracketScene(app, _tournament()),
}
for _tab in __import__("scenes.rules_viewer", fromlist=["x"]).TABS:
    SCREENS[f"rules:{_tab}"] = lambda app, t=_tab: __import__(
        "scenes.rules_viewer", fromlist=["x"]
    ).RulesScene(app, t)
for _game in (*KNOWN_GAMES, "alta"):
    SCREENS[f"new:{_game}"] = lambda app, g=_game: __import__(
        "scenes.new_match", fromlist=["x"]
    ).NewMatchScene(app, g)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_random_input_on_every_screen_never_raises(name: str) -> None:
    app = _app()
    try:
        app.scenes.push(MainMenu(app), fade=False)
        app.scenes.push(SCREENS[name](app), fade=False)
        app.step(1 / 60, [])
        fuzz(app, seed=sum(map(ord, name)))
    finally:
        pygame.quit()


def _tables() -> list[str]:
    return sorted(g for g in TABLES if table_ready(g))


@pytest.mark.slow
@pytest.mark.parametrize("practice", [False, True], ids=["match", "practice"])
@pytest.mark.parametrize("game", _tables())
def test_random_input_on_every_table_never_raises(game: str, practice: bool) -> None:
    from game import get_info
    from scenes.tables import open_table
    from scenes.tables.face import SeatSetup

    app = _app()
    try:
        info = get_info(game)
        n = max(2, info.min_seats)
        seats = [SeatSetup("Ana")] + [SeatSetup(f"Bot {i}", info.bot_ids[0]) for i in range(1, n)]
        if practice and n < info.max_seats:  # hot-seat: two people, the curtain between them
            seats.append(SeatSetup("Bia"))
        table = open_table(app, game, seats, seed=11, options={}, practice=practice)
        app.scenes.push(MainMenu(app), fade=False)
        app.scenes.push(table, fade=False)
        app.step(1 / 60, [])
        fuzz(app, seed=len(game) + practice, events=EVENTS * 2)
    finally:
        for scene in list(app.scenes.stack):
            worker = getattr(scene, "worker", None)
            if worker is not None:
                worker.close()
        pygame.quit()
