"""Replay files: every finished match's log, kept in the replays folder.

A replay file is `Match.save()` plus a `"replay"` block (version, when the
match ended, its winners). Watching it replays the log ([G1]); a file that does
not replay is refused in plain words and moved aside.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

from game import storage
from game.core import Match, SaveError
from game.rng import seed_label
from game.version import VERSION

REPLAY_VERSION = 1


class ReplayRefused(Exception):
    """A replay file that cannot be watched; `key` names the message for the user."""

    def __init__(self, key: str, path: Path, **params: Any) -> None:
        super().__init__(f"{key}: {path}")
        self.key = key
        self.path = path
        self.params = params


def write_replay(match: Match, folder: Path | None = None) -> Path:
    """Keep a finished match as a replay file; returns its path."""
    folder = folder or storage.replays_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    seed = seed_label(match.seed)  # a hosted match's secret seed is no file name
    path = folder / f"{match.game_name}-{stamp}-{seed}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{match.game_name}-{stamp}-{seed}-{n}.json"
    data = match.save()
    data["replay"] = {
        "version": REPLAY_VERSION,
        "app": VERSION,
        "finished_at": time.time(),
        "winners": match.winners(),
        "turns": int(match.turn),
    }
    storage.atomic_write_json(path, data)
    return path


def read_replay(path: Path, move_bad: bool = True) -> dict[str, Any]:
    """The save document of a replay file, checked to replay to its end.

    Raises `ReplayRefused`; a broken file in our own replays folder is moved
    aside (`move_bad`), a file opened from elsewhere is left where it is.
    """
    from game.registry import load_match

    if move_bad:
        loaded = storage.read_json(path, None)
        result: Any = "corrupt" if loaded.problem else loaded.data
    else:
        result = _read_plain(path)
    if result is None:
        raise ReplayRefused("life.replay.missing", path)
    if result == "corrupt":
        raise ReplayRefused("life.replay.damaged", path)
    data = result
    if not isinstance(data, dict):
        raise ReplayRefused("life.replay.damaged", path)
    block = data.get("replay", {"version": REPLAY_VERSION})
    version = block.get("version") if isinstance(block, dict) else None
    if isinstance(version, bool) or not isinstance(version, int):
        _aside(path, move_bad)
        raise ReplayRefused("life.replay.damaged", path)
    if version > REPLAY_VERSION:  # kept as it is: the version that wrote it can show it
        raise ReplayRefused("life.replay.newer", path, app=str(block.get("app", "?")))
    # (an older replay would be migrated here, a step a version: none yet)
    doc = {k: v for k, v in data.items() if k != "replay"}
    try:
        load_match(doc)
    except SaveError as e:
        _aside(path, move_bad)
        raise ReplayRefused("life.replay.unplayable", path, reason=str(e)) from e
    return doc


def _read_plain(path: Path) -> Any:
    import json

    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return "corrupt"


def _aside(path: Path, move_bad: bool) -> None:
    if move_bad and path.exists():
        storage.move_aside(path)


def exports_dir() -> Path:
    """Where exported replays go: the user's documents (or the data folder)."""
    import os

    if os.environ.get("TAVERNA_HOME"):
        return storage.data_dir() / "exports"
    try:
        import platformdirs

        return Path(platformdirs.user_documents_dir()) / "Taverna"
    except Exception:  # no documents folder on this system  # noqa: BLE001
        return storage.data_dir() / "exports"


def export_replay(path: Path, folder: Path | None = None) -> Path:
    """Copy a replay file where the user can find it; returns the copy's path."""
    folder = folder or exports_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / path.name
    tmp = folder / f".{path.name}.tmp"
    shutil.copyfile(path, tmp)
    tmp.replace(target)
    return target
