"""`--scene NAME`: open a screen directly (screenshots, manual checks).

Names: menu, settings, practice, stats, rules[:<tab>], new:<game>, tournament,
curtain, confirm. Overlays are opened over the main menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.i18n import later, tr

if TYPE_CHECKING:
    from scenes.manager import AppHost, Scene

NAMES = (
    "menu",
    "settings",
    "practice",
    "stats",
    "rules",
    "new:<game>",
    "tournament",
    "curtain",
    "confirm",
    "load",
    "tutorial:<game>",
    "replay[:<file>]",
    "join",
    "lobby:<game>",
    "about",
    "crash",
)


def scene_by_name(app: AppHost, name: str) -> list[Scene]:
    """The scenes to push, bottom first; raises ValueError for unknown names."""
    from scenes.main_menu import MainMenu

    kind, _, arg = name.partition(":")
    if kind == "menu":
        return [MainMenu(app)]
    if kind == "settings":
        from scenes.settings_scene import SettingsScene

        return [MainMenu(app), SettingsScene(app)]
    if kind == "practice":
        from scenes.practice import PracticeChooser

        return [MainMenu(app), PracticeChooser(app)]
    if kind == "stats":
        from scenes.stats import StatsScene

        return [MainMenu(app), StatsScene(app)]
    if kind == "rules":
        from scenes.rules_viewer import TABS, RulesScene

        if arg and arg not in TABS:  # the viewer would quietly open its first tab
            raise ValueError(f"rules:<tab> needs one of {', '.join(TABS)}, not {arg!r}")
        return [MainMenu(app), RulesScene(app, arg or "wyr")]
    if kind == "new":
        from game import KNOWN_GAMES
        from scenes.new_match import NewMatchScene

        if arg not in KNOWN_GAMES:
            raise ValueError(f"new:<game> needs one of {', '.join(KNOWN_GAMES)}")
        return [MainMenu(app), NewMatchScene(app, arg)]
    if kind == "tournament":
        from scenes.tournament import TournamentHome

        return [MainMenu(app), TournamentHome(app)]
    if kind == "curtain":
        from scenes.curtain import Curtain

        return [MainMenu(app), Curtain(app, arg or "Ana", lambda: None)]
    if kind == "confirm":
        from scenes.dialogs import ConfirmDialog

        return [
            MainMenu(app),
            ConfirmDialog(
                app, later("ui.confirm.quit_title"), later("ui.confirm.quit_match"), lambda: None
            ),
        ]
    if kind == "load":
        from scenes.load_screen import LoadScreen

        return [MainMenu(app), LoadScreen(app)]
    if kind == "tutorial":
        from scenes.tutorial import start_tutorial

        table = start_tutorial(app, arg or "war")
        if table is None:
            raise ValueError(f"no guided game for {arg!r}")
        return [MainMenu(app), table]
    if kind == "replay":
        from pathlib import Path

        from game import storage
        from scenes.replay import open_replay_file
        from scenes.tables import table_ready

        files = (
            [Path(arg)]
            if arg
            else [
                p
                for p in sorted(storage.replays_dir().glob("*.json"))
                if table_ready(p.name.split("-")[0])
            ][-1:]
        )
        viewer = open_replay_file(app, files[0], ours=not arg) if files else None
        if viewer is None:
            raise ValueError("replay: no replay file to open")
        return [MainMenu(app), viewer]
    if kind == "join":
        from scenes.online.join import JoinScene

        return [MainMenu(app), JoinScene(app)]
    if kind == "lobby":
        from game import KNOWN_GAMES
        from scenes.online.lobby import open_lobby
        from scenes.tables.face import SeatSetup

        if arg not in KNOWN_GAMES:
            raise ValueError(f"lobby:<game> needs one of {', '.join(KNOWN_GAMES)}")
        remote = SeatSetup("?", elsewhere=True)
        seats = [
            SeatSetup(tr("ui.table_base.first_player")),
            remote,
            remote,
            SeatSetup("Borin", "normal"),
        ]
        return [MainMenu(app), open_lobby(app, arg, seats, {})]
    if kind == "about":
        from scenes.about import AboutScene

        return [MainMenu(app), AboutScene(app)]
    if kind == "crash":  # the screen an unexpected error shows (with a sample report path)
        from game import logs
        from scenes.crash_screen import CrashScene

        sample = logs.logs_dir() / "crash-20261207-120000.txt"
        return [MainMenu(app), CrashScene(app, sample, ["autosave-war.json"])]
    raise ValueError(f"unknown scene {name!r}; choose one of {', '.join(NAMES)}")
