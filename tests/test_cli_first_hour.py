"""Issue 11 on the command line: `play` of a game without a table speaks in a
command-line sentence, `simulate` prints whole wins, no display exits non-zero,
one-off --lang/--size are not saved."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import main

ROOT = Path(__file__).resolve().parent.parent


def test_play_without_a_table_is_a_command_line_sentence(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.tables import TABLES

    game = "chama"  # every game has a table now: take one away
    monkeypatch.delitem(TABLES, game)
    code = main.cli(["play", game, "--frames", "1"])
    err = capsys.readouterr().err.strip()
    assert code != 0 and len(err.splitlines()) == 1
    assert "taverna simulate" in err and "You can set up a match here" not in err


def test_simulate_prints_whole_wins(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main.cli(
            [
                "simulate",
                "war",
                "--seats",
                "bot:easy,bot:easy,bot:easy",
                "--games",
                "2",
                "--seed",
                "1",
                "--json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert all(isinstance(s["wins"], int) for s in out["seats"])
    assert (
        main.cli(
            [
                "simulate",
                "war",
                "--seats",
                "bot:easy,bot:easy,bot:easy",
                "--games",
                "2",
                "--seed",
                "1",
            ]
        )
        == 0
    )
    wins = re.findall(r"wins\s+(\S+)", capsys.readouterr().out)
    assert wins and all(w.isdigit() for w in wins)


def test_no_display_says_so_and_exits_non_zero(tmp_path: Path) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    env["TAVERNA_HOME"] = str(tmp_path)
    run = subprocess.run(
        [sys.executable, str(ROOT / "main.py")],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode != 0
    assert "no display" in run.stderr


def test_one_off_lang_and_size_are_not_saved() -> None:
    from scenes.prefs import load_settings
    from tests.scenes.conftest import make_app

    app = make_app("--lang", "pt", "--size", "1024x640")
    before = load_settings()[0]
    app.save_settings()
    saved = load_settings()[0]
    assert (saved.language, saved.window_width, saved.window_height) == (
        before.language,
        before.window_width,
        before.window_height,
    )
    assert app.size == (1024, 640)
    app.set_language("en")  # chosen in the settings screen: kept
    assert load_settings()[0].language == "en"
    import pygame

    pygame.quit()
