"""Who this machine is on each Taverna server: a player id and its secret.

A server issues the pair at the first `hello` and knows the player by it
afterwards (his events, his tables, his rating). `taverna event …` keeps one
pair per server address in a small JSON file under the data folder
(`identities.json`, readable by its owner only), as the app's online screens
will: the organizer's `create` and `start` are the same player.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

#: the file's name under the data folder
FILE_NAME = "identities.json"
#: servers one file remembers at most (the oldest are forgotten)
MAX_SERVERS = 200


def identity_path() -> Path:
    """The file (under `game.storage.data_dir()`, which TAVERNA_HOME moves)."""
    from game import storage

    return storage.data_dir() / FILE_NAME


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def load_identity(server: str, path: Path | None = None) -> tuple[str, str] | None:
    """The (player id, secret) kept for `server` ("HOST:PORT"), if any."""
    entry = _read(path or identity_path()).get(server)
    if not isinstance(entry, dict):
        return None
    pid, secret = entry.get("player"), entry.get("secret")
    if isinstance(pid, str) and isinstance(secret, str) and pid and secret:
        return pid, secret
    return None


def save_identity(server: str, player: str, secret: str, path: Path | None = None) -> None:
    """Remember the pair a server issued (written whole, then renamed into place)."""
    target = path or identity_path()
    data = _read(target)
    data.pop(server, None)
    data[server] = {"player": player, "secret": secret}
    while len(data) > MAX_SERVERS:
        data.pop(next(iter(data)))
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # a secret: owner only
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    os.replace(tmp, target)
    with contextlib.suppress(OSError):
        os.chmod(target, 0o600)
