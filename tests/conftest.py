"""Test set-up: headless SDL before pygame loads; a private data folder."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL's own SIGINT/SIGTERM handlers turn the signal into a window-close event that
# no test reads, so `kill -TERM` on a run with a live pygame display did nothing.
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
# Tables' bots think in threads in tests (a process per table is slow to start);
# tests/scenes/test_bot_worker.py covers the process worker itself.
os.environ.setdefault("TAVERNA_BOT_WORKER", "thread")
# Tests send nothing but to loopback: no table is announced or looked for on a LAN.
os.environ.setdefault("TAVERNA_NO_LAN", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

from game.registry import GAMES  # noqa: E402
from tests.game.tiny_game import INFO as TINY_INFO  # noqa: E402

GAMES.register(TINY_INFO)

# No property test may fail for being slow: on a loaded machine (or beside another
# xdist worker) an example can take far longer than hypothesis' 200 ms default.
# Tests that set their own `deadline` keep it; example counts stay per test.
settings.register_profile("taverna", deadline=None)
settings.load_profile("taverna")


@pytest.fixture(autouse=True)
def _one_translation_path_each() -> Iterator[None]:
    """pygame-gui appends its translation folders to python-i18n's global search path
    for every UIManager and never removes them: after a few hundred Apps in one
    worker each lookup listed hundreds of folders (a 1 s test took 17 s late in a run).
    Each folder is kept once, in order (scenes.i18n adds ours only once per process)."""
    yield
    i18n = sys.modules.get("i18n")  # pygame-gui's dependency, once something loaded it
    if i18n is not None:
        i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))


@pytest.fixture(autouse=True)
def _private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test writes settings, saves and databases under its own tmp folder."""
    home = tmp_path / "taverna-home"
    monkeypatch.setenv("TAVERNA_HOME", str(home))
    return home
