"""`kill -TERM` ends a test run even while a test holds a pygame window.

SDL installs its own SIGTERM handler when a display opens and turns the signal
into a window-close event; no test reads those, so a run once ignored SIGTERM.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

HOLDER = """
import time
from pathlib import Path

import pygame


def test_holds_a_window() -> None:
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    Path({ready!r}).write_text("open", encoding="utf-8")
    time.sleep(600)
"""


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigterm_ends_a_run_whose_test_holds_a_window(tmp_path: Path) -> None:
    ready = tmp_path / "ready"
    (tmp_path / "test_holder.py").write_text(HOLDER.format(ready=str(ready)), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "SDL_NO_SIGNAL_HANDLERS"}
    # The suite's own conftest as a plugin, so the run is set up as ours is.
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider"]
        + ["-c", os.devnull, "--rootdir", str(tmp_path), "-n", "0", str(tmp_path)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        # Bounds, not speeds: the window opens within seconds; the test then sleeps ten minutes.
        for _ in range(1200):
            if ready.exists() or run.poll() is not None:
                break
            time.sleep(0.1)
        assert ready.exists(), "the inner test never opened its window"
        run.send_signal(signal.SIGTERM)
        code = run.wait(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert code == -signal.SIGTERM
