"""The app's log and its crash reports, under the data folder's `logs/`.

`setup()` sends Python's logging to `logs/taverna.log` (rotating: 1 MiB, three
older files kept) and keeps the last lines in memory; warnings still reach
stderr. `crash_report(error, where)` writes `logs/crash-<time>.txt` with the
version, the platform, where it happened, the traceback and the last log lines.
Nothing a seat keeps secret is ever logged (cards, objectives and bets are
never log arguments), and a traceback shows code, not values: a report carries
no secret either.
"""

from __future__ import annotations

import logging
import logging.handlers
import platform
import sys
import time
import traceback
from collections import deque
from pathlib import Path

from game import storage
from game.version import VERSION

LOG_FILE = "taverna.log"
#: bytes of a log file before it rolls over, and the older files kept
ROLL_BYTES = 1024 * 1024
KEEP = 3
#: log lines a crash report repeats
RECENT = 200
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: marks the handlers `setup` added, so a second call replaces them
_TAG = "_taverna"


class _Recent(logging.Handler):
    """The last log lines, for a crash report."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: deque[str] = deque(maxlen=RECENT)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(self.format(record))
        except Exception:  # noqa: BLE001 -- a log line must never raise
            self.handleError(record)


_recent = _Recent()
_recent.setFormatter(logging.Formatter(_FORMAT))


def logs_dir() -> Path:
    """The folder of the log and the crash reports."""
    return storage.data_dir() / "logs"


def setup(console: int = logging.WARNING) -> Path | None:
    """Log to `logs/taverna.log` (and stderr from `console` up); returns the
    log's path, or None when the folder cannot be written (then stderr only)."""
    shutdown()
    root = logging.getLogger()
    handlers: list[logging.Handler] = [_recent]
    stream = logging.StreamHandler(sys.stderr)
    stream.setLevel(console)
    stream.setFormatter(logging.Formatter("taverna: %(levelname)s %(name)s: %(message)s"))
    handlers.append(stream)
    path: Path | None = logs_dir() / LOG_FILE
    try:
        assert path is not None
        path.parent.mkdir(parents=True, exist_ok=True)
        rolling = logging.handlers.RotatingFileHandler(
            path, maxBytes=ROLL_BYTES, backupCount=KEEP, encoding="utf-8"
        )
        rolling.setFormatter(logging.Formatter(_FORMAT))
        handlers.append(rolling)
    except OSError:
        path = None
    for handler in handlers:
        setattr(handler, _TAG, True)
        root.addHandler(handler)
    root.setLevel(logging.INFO)
    frozen = " (standalone build)" if getattr(sys, "frozen", False) else ""
    logging.getLogger(__name__).info(
        "Taverna %s%s on %s, Python %s",
        VERSION,
        frozen,
        platform.platform(),
        platform.python_version(),
    )
    return path


def shutdown() -> None:
    """Take the handlers `setup` added off the root logger (tests, a second app)."""
    root = logging.getLogger()
    for handler in [h for h in root.handlers if getattr(h, _TAG, False)]:
        root.removeHandler(handler)
        if handler is not _recent:
            handler.close()


def recent_lines() -> list[str]:
    """The last lines logged (since `setup`)."""
    return list(_recent.lines)


def crash_report(error: BaseException, where: str) -> Path | None:
    """Write a crash report for `error` (raised in `where`: "a frame", "a bot");
    returns its path, or None when it could not be written. Never raises."""
    try:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        folder = logs_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{stamp}.txt"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"crash-{stamp}-{n}.txt"
        frozen = " (standalone build)" if getattr(sys, "frozen", False) else ""
        lines = [
            f"Taverna {VERSION}{frozen} crash report, {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
            f"Platform: {platform.platform()}; Python {platform.python_version()}",
            f"Where: {where}",
            "",
            "".join(traceback.format_exception(type(error), error, error.__traceback__)).rstrip(),
            "",
            "Last log lines:",
            *recent_lines(),
            "",
        ]
        storage.atomic_write_text(path, "\n".join(lines))
        logging.getLogger(__name__).error("crash in %s, report: %s", where, path)
        return path
    except Exception:  # noqa: BLE001 -- the report of a crash must not crash
        return None
