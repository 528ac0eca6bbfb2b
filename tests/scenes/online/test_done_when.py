"""Issue 31's "done when", as it is said: a headless host and two `taverna join
--autoplay` clients (each a window, on SDL's dummy driver) on 127.0.0.1 play a
whole match of each game to the end and exit 0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scenes.online.test_join_table import Host

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["chama", "war", "wyr", "wyrt"])
def test_a_headless_host_and_two_windowed_autoplay_joiners_finish_a_match(
    game: str, tmp_path: Path
) -> None:
    host = Host(game, "remote,remote,bot:easy" if game != "wyrt" else "remote,remote")
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "TAVERNA_BOT_WORKER": "thread",
    }
    joiners = []
    for name in ("Ana", "Bia"):
        home = tmp_path / name
        # players who chose the instant animation speed (the settings screen's
        # fastest): the match is played whole, only not at a watcher's pace
        (home / "config").mkdir(parents=True)
        (home / "config" / "settings.json").write_text('{"animation_speed": "instant"}')
        joiners.append(
            subprocess.Popen(
                [
                    sys.executable,
                    str(ROOT / "main.py"),
                    "join",
                    host.address,
                    "--name",
                    name,
                    "--code",
                    "ACDEFGHJ",
                    "--autoplay",
                    "--lang",
                    "en",
                ],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env={**env, "TAVERNA_HOME": str(home)},
                cwd=ROOT,
            )
        )
    try:
        for p in joiners:
            out, err = p.communicate(timeout=240)
            assert p.returncode == 0, err[-800:]
            assert "match over:" in out
    finally:
        for p in joiners:
            if p.poll() is None:
                p.kill()
        host.close()
    assert host.status == 0 and "match over:" in host.out.getvalue()
