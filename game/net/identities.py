"""Who this app is on each Taverna server, and the servers used lately.

A server issues a player id and a secret on the first visit (its `greeted`);
they keep the player's seats and rating there, so they are kept per server in
`servers.json` in the data folder, with the name used there and the last few
addresses typed (`RECENT`, newest first).

The file is a file of its own: a damaged one is moved aside by
`storage.read_json` (the player is told in words, `Book.problem`) and the
profile and everything else stay as they were. A hand-edited file loads what
it can: an entry of the wrong shape is skipped (and kept in the file as it is,
not thrown away), the others load. Reads never raise.

The app and the command line (`taverna create`, `join`, `event …`) share this
store, so one person is one player on a server. The pairs an older
`taverna event` kept in `identities.json` (keyed "HOST:PORT") are moved here
the first time that server is asked for (`identity_for`).
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import storage
from game.names import clean_name

FILE = "servers.json"
#: where an older `taverna event` kept its pairs ("HOST:PORT" -> player, secret)
LEGACY_FILE = "identities.json"
#: server addresses remembered (the newest first)
RECENT = 5
#: a player id or secret is short printable text (the server's own are ~22 characters)
_TOKEN = re.compile(r"^[A-Za-z0-9_\-]{1,64}$")
#: a remembered address is short, printable, and has no spaces
_ADDRESS = re.compile(r"^[^\s\x00-\x1f\x7f]{1,200}$")


@dataclass(frozen=True)
class Identity:
    """This app's player on one server."""

    player: str
    secret: str
    name: str = ""


@dataclass
class Book:
    """What `servers.json` holds, as far as it could be read."""

    recent: list[str] = field(default_factory=list)
    identities: dict[str, Identity] = field(default_factory=dict)
    #: translation key of a problem with the file ("" when none)
    problem: str = ""
    #: where a damaged file was moved to
    moved_to: Path | None = None


def _path() -> Path:
    return storage.data_dir() / FILE


def server_key(url: str) -> str:
    """The key a server's identity is kept under: its URL, lower case, no trailing slash."""
    return url.strip().lower().rstrip("/")


def _identity(raw: Any) -> Identity | None:
    if not isinstance(raw, dict):
        return None
    player, secret, name = raw.get("player"), raw.get("secret"), raw.get("name", "")
    if not (isinstance(player, str) and _TOKEN.match(player)):
        return None
    if not (isinstance(secret, str) and _TOKEN.match(secret)):
        return None
    return Identity(player, secret, clean_name(name) if isinstance(name, str) else "")


def _raw() -> tuple[dict[str, Any], str, Path | None]:
    result = storage.read_json(_path(), {})
    data = result.data
    if not isinstance(data, dict):  # valid JSON of another shape: start afresh, keep a copy
        with contextlib.suppress(OSError):
            moved = storage.move_aside(_path())
            return {}, "core.storage.corrupt", moved
        return {}, "core.storage.unreadable", None
    return data, result.problem, result.moved_to


def load() -> Book:
    """Everything kept, as far as it can be read (never raises)."""
    data, problem, moved = _raw()
    book = Book(problem=problem, moved_to=moved)
    recent = data.get("recent")
    if isinstance(recent, list):
        for item in recent:
            if isinstance(item, str) and _ADDRESS.match(item) and item not in book.recent:
                book.recent.append(item)
        book.recent = book.recent[:RECENT]
    servers = data.get("servers")
    if isinstance(servers, dict):
        for key, raw in servers.items():
            ident = _identity(raw)
            if isinstance(key, str) and ident is not None:
                book.identities[server_key(key)] = ident
    return book


def _update(change: Any) -> None:
    """Read the file as it is, let `change(data)` edit it, write it back whole
    (entries this version does not understand stay as they were)."""
    data, _problem, _moved = _raw()
    change(data)
    with contextlib.suppress(OSError):  # a full disk costs the convenience only
        storage.atomic_write_json(_path(), data)


def identity_for(url: str) -> Identity | None:
    """The player id and secret this app has on the server at `url`, if any
    (one an older `taverna event` kept is moved here first)."""
    found = load().identities.get(server_key(url))
    return found if found is not None else _adopt_legacy(url)


def _legacy_url(key: str) -> str:
    return key if key.startswith(("ws://", "wss://")) else f"ws://{key}"


def _adopt_legacy(url: str) -> Identity | None:
    """Move the pair `identities.json` holds for this server into this store
    (and out of that file, so a pair the server forgot is not found again)."""
    path = storage.data_dir() / LEGACY_FILE
    if not path.exists():
        return None
    result = storage.read_json(path, {})
    data = result.data
    if not isinstance(data, dict):
        return None
    want = server_key(url)
    for key, raw in list(data.items()):
        if not isinstance(key, str) or server_key(_legacy_url(key)) != want:
            continue
        ident = _identity(raw)
        del data[key]
        with contextlib.suppress(OSError):
            if data:
                storage.atomic_write_json(path, data)
            else:
                path.unlink()
        if ident is None:
            return None
        remember_identity(url, ident.player, ident.secret, ident.name or last_name())
        return ident
    return None


def remember_identity(url: str, player: str, secret: str, name: str) -> None:
    """Keep a freshly issued id and secret (or the name now used with them)."""
    if not (_TOKEN.match(player) and _TOKEN.match(secret)):
        return  # never store what the server should not have sent

    def change(data: dict[str, Any]) -> None:
        servers = data.get("servers")
        if not isinstance(servers, dict):
            servers = data["servers"] = {}
        servers[server_key(url)] = {"player": player, "secret": secret, "name": clean_name(name)}
        data["name"] = clean_name(name)

    _update(change)


def forget_identity(url: str) -> None:
    """The server does not know our id any more (its data was reset): start afresh."""

    def change(data: dict[str, Any]) -> None:
        servers = data.get("servers")
        if isinstance(servers, dict):
            servers.pop(server_key(url), None)

    _update(change)


def recent() -> list[str]:
    """The server addresses used lately, newest first."""
    return load().recent


def remember_address(address: str) -> None:
    """Put `address` first in the recent ones (the oldest beyond `RECENT` go)."""
    address = address.strip()
    if not _ADDRESS.match(address):
        return

    def change(data: dict[str, Any]) -> None:
        old = data.get("recent")
        kept = (
            [a for a in old if isinstance(a, str) and a != address] if isinstance(old, list) else []
        )
        data["recent"] = [address, *kept][:RECENT]

    _update(change)


def last_name() -> str:
    """The name used last on any server ("" when none)."""
    name = _raw()[0].get("name")
    return clean_name(name) if isinstance(name, str) else ""
