"""The standalone build, run as a new player would: no Python on PATH, no
checkout, its own data folder. Every game plays on screen (SDL's dummy
driver) with bots that really think, `simulate --jobs 2` plays in worker
processes, and a headless host and joiner finish a match on 127.0.0.1.

Slow (it needs the build): CI builds it after the suite and runs this file on
its own (.ci/run); skipped otherwise:

    python tools/build_bundle.py --no-archive
    TAVERNA_BUNDLE=1 python -m pytest -n 0 tests/test_bundle.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "taverna"
PROGRAM = BUNDLE / ("taverna.exe" if sys.platform == "win32" else "taverna")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("TAVERNA_BUNDLE") != "1", reason="CI's bundle step (TAVERNA_BUNDLE=1)"
    ),
]


def test_the_build_is_there() -> None:
    assert PROGRAM.exists(), "build it first: python tools/build_bundle.py --no-archive"


@pytest.fixture
def player(tmp_path: Path) -> dict[str, object]:
    """A clean environment: an empty PATH, a home of its own, nothing of ours."""
    empty = tmp_path / "bin"
    empty.mkdir()
    home = tmp_path / "home"
    env = {
        "PATH": str(empty),
        "HOME": str(home),
        "TAVERNA_HOME": str(home / "taverna"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "TAVERNA_NO_LAN": "1",
        "LANG": "C.UTF-8",
    }
    if sys.platform == "win32":
        env["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", "")
    cwd = tmp_path / "somewhere"
    cwd.mkdir()
    # a player who chose the instant animation speed: many turns in a few seconds
    config = home / "taverna" / "config"
    config.mkdir(parents=True)
    (config / "settings.json").write_text('{"animation_speed": "instant"}', encoding="utf-8")
    return {"env": env, "cwd": cwd, "home": home / "taverna"}


def _run(
    player: dict[str, object], *args: str, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(PROGRAM), *args],
        env=player["env"],  # type: ignore[arg-type]
        cwd=player["cwd"],  # type: ignore[arg-type]
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_the_program_says_its_version(player: dict[str, object]) -> None:
    from game.version import VERSION

    done = _run(player, "--version")
    assert done.returncode == 0 and done.stdout.strip() == f"taverna {VERSION}"


@pytest.mark.parametrize("game", ["wyr", "wyrt", "war", "chama"])
def test_every_game_plays_with_bots_that_think(player: dict[str, object], game: str) -> None:
    home = player["home"]
    assert isinstance(home, Path)
    shot = home / f"{game}.png"
    done = _run(player, "play", game, "--autoplay", "--frames", "900", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr[-2000:]
    assert shot.exists() and "Traceback" not in done.stderr
    # A bot that cannot think (a worker that never started) falls back to the
    # first legal move and leaves a crash report: there is none.
    assert not list((home / "data" / "logs").glob("crash-*.txt"))
    log = (home / "data" / "logs" / "taverna.log").read_text(encoding="utf-8")
    assert "(standalone build)" in log  # its own log, in the player's data folder
    # the bots played: their moves are in the autosave, or in the replay of
    # the match they finished
    kept = list((home / "data" / "saves").glob(f"autosave-{game}.json"))
    kept += list((home / "data" / "replays").glob(f"{game}-*.json"))
    assert kept, "neither an autosave nor a replay"
    assert len(json.loads(kept[0].read_text("utf-8"))["actions"]) > 3


def test_simulate_plays_in_worker_processes(player: dict[str, object]) -> None:
    done = _run(
        player, "simulate", "wyr", "--seats", "bot:easy,bot:easy,bot:easy",
        "--games", "4", "--jobs", "2", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    assert out["games"] == 4 and out["invariants_held"]


def test_a_host_and_a_joiner_finish_a_match_on_loopback(player: dict[str, object]) -> None:
    env, cwd = player["env"], player["cwd"]
    host = subprocess.Popen(
        [str(PROGRAM), "host", "chama", "--seats", "remote,bot:easy", "--bind", "127.0.0.1",
         "--headless", "--code", "ACDEFGHJ", "-o", "turn_limit=4"],
        env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,  # type: ignore[arg-type]
    )  # fmt: skip
    try:
        assert host.stdout is not None
        address = host.stdout.readline().split(" ", 1)[1].strip()
        joined = _run(
            player, "join", address, "--name", "Bia", "--code", "ACDE-FGHJ",
            "--autoplay", "--headless", timeout=180,
        )  # fmt: skip
        assert joined.returncode == 0, joined.stderr[-2000:]
        assert "match over:" in joined.stdout
        assert host.wait(30) == 0
    finally:
        if host.poll() is None:
            host.kill()
