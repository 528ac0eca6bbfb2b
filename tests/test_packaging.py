"""A proper install for Python users: the wheel carries every data file. It is
built, installed without -e into a fresh virtual environment, and plays a
headless autoplay match from another folder (the way pipx installs it).

Slow and it downloads the dependencies: run by CI's packaging step
(TAVERNA_PACKAGING=1 python -m pytest -n 0 tests/test_packaging.py), skipped
otherwise."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("TAVERNA_PACKAGING") != "1",
        reason="CI's packaging step (TAVERNA_PACKAGING=1)",
    ),
]


def test_the_wheel_installs_and_plays_from_anywhere(tmp_path: Path) -> None:
    from game.version import VERSION

    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(wheels)],
        check=True,
        timeout=600,
    )
    (wheel,) = wheels.glob("taverna-*.whl")
    assert f"taverna-{VERSION}-" in wheel.name
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {p.relative_to(ROOT).as_posix() for p in (ROOT / "assets").rglob("*") if p.is_file()}
    shipped = {n for n in shipped if "__pycache__" not in n}
    assert shipped <= names, sorted(shipped - names)[:10]  # every data file, fonts and icon too
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    bindir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    subprocess.run(
        [str(bindir / "python"), "-m", "pip", "install", "-q", str(wheel)], check=True, timeout=900
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {
        **os.environ,
        "TAVERNA_HOME": str(tmp_path / "home"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONPATH": "",
    }
    taverna = str(bindir / "taverna")
    version = subprocess.run(
        [taverna, "--version"], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=60
    )
    assert version.stdout.strip() == f"taverna {VERSION}"
    played = subprocess.run(
        [taverna, "play", "war", "--autoplay", "--frames", "300", "-o", "turn_limit=8"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert played.returncode == 0, played.stderr[-2000:]
    assert not list((tmp_path / "home").rglob("crash-*.txt"))
