"""A crash loses nothing and says what happened; the app says what it is.

An error raised inside a table's frame saves the match (the shutdown's
autosave), writes logs/crash-<time>.txt (version, platform, traceback, the
last log lines, no secret of any seat) and shows the crash screen over the
menu; a bot that fails leaves a report and the table goes on. The version is
on the menu and `taverna --version`; the About screen opens the data folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import main
from game import logs, saves, storage
from game.version import VERSION
from scenes.about import AboutScene
from scenes.crash_screen import CrashScene
from scenes.main_menu import MainMenu
from scenes.tables.face import SeatSetup
from tests.scenes.conftest import click_widget, open_test_table, pump


@pytest.fixture(autouse=True)
def _logging() -> Iterator[None]:
    """The app's log in the test's own home, taken off again afterwards."""
    logs.setup()
    yield
    logs.shutdown()


def test_a_crash_in_a_tables_frame_saves_reports_and_says_so(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    table = open_test_table(app, "war", [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3)
    pump(app, 5)
    secrets = {str(o) for o in table.match.snapshot().get("objectives", [])}

    def boom(dt: float) -> None:
        raise RuntimeError("boom in a frame")

    monkeypatch.setattr(table, "update", boom)
    app.guarded_step(1 / 60, [])
    assert isinstance(app.scenes.top, CrashScene) and isinstance(app.scenes.stack[0], MainMenu)
    assert saves.autosave_path("war").exists()  # Continue picks it up
    crash = app.scenes.top
    assert crash.saved and crash.report is not None and crash.report.exists()
    text = crash.report.read_text(encoding="utf-8")
    assert VERSION in text and "RuntimeError: boom in a frame" in text and "Last log lines" in text
    assert not any(s in text for s in secrets if len(s) > 6)  # nobody's objective
    pump(app, 3)  # the screen draws, and takes the player back to the menu
    click_widget(app, crash.back)
    assert isinstance(app.scenes.top, MainMenu)
    loaded = saves.load_save(saves.autosave_path("war"))
    assert len(loaded.log) == len(table.match.log)


def test_the_crash_screen_opens_the_reports_folder(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    opened: list[Path] = []
    monkeypatch.setattr("scenes.crash_screen.open_folder", lambda p: opened.append(p) or True)
    report = logs.logs_dir() / "crash-x.txt"
    app.scenes.push(MainMenu(app), fade=False)
    app.scenes.push(CrashScene(app, report, []), fade=False)
    pump(app)
    click_widget(app, app.scenes.top.folder)
    assert opened == [report.parent]


def test_a_failing_bot_leaves_a_report_and_the_table_goes_on(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.war.bots import WarBot

    def broken(self: object, view: object, legal: list, rng: object) -> object:  # type: ignore[type-arg]
        raise ValueError("a bot's bad day")

    monkeypatch.setattr(WarBot, "choose", broken)
    table = open_test_table(app, "war", [SeatSetup("Ana", "easy"), SeatSetup("Borin", "easy")], 3)
    for _ in range(60):
        pump(app)
        if list(logs.logs_dir().glob("crash-*.txt")):
            break
    reports = list(logs.logs_dir().glob("crash-*.txt"))
    assert reports and "a bot's bad day" in reports[0].read_text(encoding="utf-8")
    assert len(table.match.log) >= 1 and app.scenes.top is table  # it played the first legal move


def test_the_version_is_on_the_menu_and_the_command_line(app, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as done:
        main.cli(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.strip() == f"taverna {VERSION}"
    menu = MainMenu(app)
    app.scenes.push(menu, fade=False)
    pump(app, 2)
    assert VERSION in menu.buttons["about"].text
    menu.open("about")
    pump(app, 2)
    assert isinstance(app.scenes.top, AboutScene)


def test_about_says_where_the_data_lives_and_opens_it(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    opened: list[Path] = []
    monkeypatch.setattr("scenes.about.open_folder", lambda p: opened.append(p) or True)
    app.scenes.push(MainMenu(app), fade=False)
    about = AboutScene(app)
    app.scenes.push(about, fade=False)
    pump(app)
    words = " ".join(text for text, _size, _colour in about.lines())
    assert VERSION in words and str(storage.data_dir()) in words and "EB Garamond" in words
    click_widget(app, about.folder)
    assert opened == [storage.data_dir()]


def test_the_log_keeps_its_last_lines_for_a_report() -> None:
    import logging

    path = logs.setup()
    logging.getLogger("game.test").warning("a line to remember")
    assert path is not None and "a line to remember" in path.read_text(encoding="utf-8")
    try:
        raise KeyError("inner")
    except KeyError as e:
        report = logs.crash_report(e, "a test")
    assert report is not None and "a line to remember" in report.read_text(encoding="utf-8")
