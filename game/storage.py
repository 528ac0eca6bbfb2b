"""Where Taverna keeps its files, and how it writes them safely.

Folders come from platformdirs (app name "Taverna"); the environment variable
`TAVERNA_HOME` moves everything under one folder (tests, portable installs).
Every write goes to a temp file in the same folder, is flushed and fsync'ed, then
`os.replace`d. A file that fails to parse is moved aside as `.corrupt-<time>` and
the caller gets defaults plus a message for the user; nothing crashes.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

APP_NAME = "Taverna"


def _home_override() -> Path | None:
    home = os.environ.get("TAVERNA_HOME")
    return Path(home) if home else None


def config_dir() -> Path:
    """The folder of settings.json."""
    home = _home_override()
    if home is not None:
        return home / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The folder of saves, replays, profile and the database."""
    home = _home_override()
    if home is not None:
        return home / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    """Saved matches."""
    return data_dir() / "saves"


def replays_dir() -> Path:
    """Finished matches kept as replays."""
    return data_dir() / "replays"


def database_path() -> Path:
    """The SQLite file of match history, statistics and tournaments."""
    return data_dir() / "taverna.sqlite3"


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that a crash leaves either old or new content."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` so that a crash leaves either old or new content."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, data: Any) -> None:
    """Write JSON atomically (pretty, UTF-8, keys in given order)."""
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")


@dataclass
class LoadResult:
    """What `read_json` found: the data, and a problem to tell the user, if any."""

    data: Any
    #: translation key (e.g. "core.storage.corrupt") of the message for the user, or "" when all was well
    problem: str = ""
    #: where a broken file was moved to
    moved_to: Path | None = None


def move_aside(path: Path) -> Path:
    """Rename a broken file to `<name>.corrupt-<time>` and return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    return target


def copy_aside(path: Path) -> Path | None:
    """Keep a copy of a file the app is about to overwrite with repaired content.

    Returns the copy's path, or None when the copy could not be made.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    try:
        shutil.copy2(path, target)
    except OSError:
        return None
    return target


def read_json(path: Path, default: Any) -> LoadResult:
    """Read a JSON file; missing -> default; broken -> moved aside + default.

    Never raises: a file that cannot even be moved aside (read-only folder) is
    reported as unreadable and left where it is.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return LoadResult(default)
    except (OSError, UnicodeDecodeError) as e:
        if isinstance(e, UnicodeDecodeError):
            return _broken(path, default)
        return LoadResult(default, problem="core.storage.unreadable")
    try:
        return LoadResult(json.loads(text))
    # RecursionError: "[[[[…" nested deeper than the parser's stack.
    except (ValueError, RecursionError):
        return _broken(path, default)


def _broken(path: Path, default: Any) -> LoadResult:
    try:
        moved = move_aside(path)
    except OSError:
        return LoadResult(default, problem="core.storage.unreadable")
    return LoadResult(default, problem="core.storage.corrupt", moved_to=moved)
