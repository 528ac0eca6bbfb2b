"""Save files on disk: one autosave per game, named saves, and their refusal.

A save file is `Match.save()` (format, game, options, seats, seed, action log,
meta) plus a `"save"` block: the save-file version, the app version that wrote
it, the kind (auto/named), the name, when it was written, the turn, and a
checksum of the match part. A damaged file or a hand-edited one (checksum
differs, or its log no longer replays) is refused in plain words and moved
aside with its thumbnail; no other save is touched.

Nothing is refused for being old: a save of an older version is migrated when
it is read (`MIGRATIONS`, one step a version; the bare match of the first
versions, without a block, is version 0). A save of a newer version is kept
where it is, untouched, and the refusal names the version that wrote it.

The thumbnail is a small PNG beside the JSON (`<stem>.png`): the JSON stays
small and readable, listing the saves never decodes an image, and `game/`
stays free of pygame. A missing or broken PNG only costs the picture.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import storage
from game.core import SAVE_FORMAT, Match, SaveError
from game.version import VERSION

#: version of the save-file envelope (the match part has its own `format`)
SAVE_FILE_VERSION = 1


def _from_bare_match(document: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (the first versions wrote `Match.save()` alone) to 1: given a
    block. It had no checksum to check; its log is checked by replaying it."""
    match_part = {k: v for k, v in document.items() if k != "save"}
    block = {"version": 1, "kind": "named", "name": "", "saved_at": 0.0, "turn": 0}
    return {**match_part, "save": {**block, "checksum": checksum(match_part)}}


#: save-file version -> the function that turns such a document into the next
#: version's (a change that would break an old save bumps the version and adds
#: its step here, with a test; tests/test_compat.py reads every released corpus)
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _from_bare_match}
AUTOSAVE_PREFIX = "autosave-"


class SaveRefused(Exception):
    """A save that cannot be loaded: `key` names the message for the user."""

    def __init__(self, key: str, path: Path, moved_to: Path | None = None, **params: Any) -> None:
        super().__init__(f"{key}: {path.name} {params}")
        self.key = key
        self.path = path
        self.moved_to = moved_to
        self.params = params
        #: set by `list_saves`: the game the file's name says, and when the file
        #: was last written (its own time is unreadable: the file is broken)
        self.game = ""
        self.written_at = 0.0


@dataclass
class SaveInfo:
    """What the load screen lists about a save (read without replaying it)."""

    path: Path
    game: str
    kind: str
    name: str
    saved_at: float
    turn: int
    players: list[dict[str, Any]] = field(default_factory=list)
    practice: bool = False

    @property
    def thumbnail(self) -> Path:
        """The PNG beside the save (may not exist)."""
        return thumbnail_path(self.path)


def thumbnail_path(path: Path) -> Path:
    """Where the thumbnail of a save file lives."""
    return path.with_suffix(".png")


def autosave_path(game: str) -> Path:
    """The single autosave of a game."""
    return storage.saves_dir() / f"{AUTOSAVE_PREFIX}{game}.json"


def named_save_path(game: str) -> Path:
    """A fresh file name for a named save."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = storage.saves_dir() / f"{game}-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = storage.saves_dir() / f"{game}-{stamp}-{n}.json"
    return path


def checksum(match_part: dict[str, Any]) -> str:
    """A hash of the match part of a save (detects hand edits)."""
    blob = json.dumps(match_part, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def save_document(match: Match, kind: str = "auto", name: str = "") -> dict[str, Any]:
    """The JSON document of a save file for `match`."""
    data = match.save()
    data["save"] = {
        "version": SAVE_FILE_VERSION,
        "app": VERSION,
        "kind": kind,
        "name": name,
        "saved_at": time.time(),
        "turn": int(match.turn),
        "checksum": checksum(data),
    }
    return data


def write_document(path: Path, document: dict[str, Any], thumbnail: bytes | None = None) -> Path:
    """Write a save document (and its thumbnail PNG bytes) atomically; returns the path."""
    if thumbnail is not None:  # first, so a listed save already has its picture
        with contextlib.suppress(OSError):  # the picture is a nicety, the save is not
            storage.atomic_write_bytes(thumbnail_path(path), thumbnail)
    storage.atomic_write_json(path, document)
    return path


def write_save(
    match: Match, path: Path, kind: str = "auto", name: str = "", thumbnail: bytes | None = None
) -> Path:
    """Write a save of `match` (and its thumbnail) atomically; returns the path."""
    return write_document(path, save_document(match, kind, name), thumbnail)


def refuse(path: Path, key: str, **params: Any) -> SaveRefused:
    """Move a bad save (and its thumbnail) aside and build the refusal."""
    moved: Path | None = None
    with contextlib.suppress(OSError):
        if path.exists():
            moved = storage.move_aside(path)
        thumb = thumbnail_path(path)
        if thumb.exists():
            storage.move_aside(thumb)
    return SaveRefused(key, path, moved, **params)


def _checked(path: Path) -> dict[str, Any]:
    """The document of a save file, refused unless its envelope is sound."""
    result = storage.read_json(path, None)
    if result.problem == "core.storage.corrupt":
        raise SaveRefused("life.saves.damaged", path, result.moved_to)
    if result.problem:
        raise SaveRefused("life.saves.unreadable", path)
    data = result.data
    if data is None:
        if path.exists():  # a file that holds only `null`: damaged, kept aside
            raise refuse(path, "life.saves.damaged")
        raise SaveRefused("life.saves.missing", path)
    if isinstance(data, dict) and "save" not in data and "actions" in data and "game" in data:
        data = {**data, "save": {"version": 0}}  # a bare match: the first versions' saves
    if not isinstance(data, dict) or not isinstance(data.get("save"), dict):
        raise refuse(path, "life.saves.damaged")
    version = data["save"].get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise refuse(path, "life.saves.damaged")
    fmt = data.get("format", SAVE_FORMAT)
    newer = version > SAVE_FILE_VERSION or (isinstance(fmt, int) and fmt > SAVE_FORMAT)
    if newer:  # kept as it is: the version that wrote it can open it
        app = str(data["save"].get("app", "?"))
        raise SaveRefused("life.saves.newer", path, None, app=app, version=version)
    while version < SAVE_FILE_VERSION:
        data = MIGRATIONS[version](data)
        version = data["save"]["version"]
    block = data["save"]
    match_part = {k: v for k, v in data.items() if k != "save"}
    if block.get("checksum") != checksum(match_part) or not _sound_block(block):
        raise refuse(path, "life.saves.edited")
    return data


def _sound_block(block: dict[str, Any]) -> bool:
    """Whether the save block's own fields (outside the checksum) are what we
    write: a "saved_at": null or a "turn": "três" once crashed every screen
    that lists saves, for as long as the file stayed."""

    def number(v: object) -> bool:
        return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)

    return (
        block.get("kind", "named") in ("auto", "named")
        and isinstance(block.get("name", ""), str)
        and number(block.get("saved_at", 0.0))
        and isinstance(block.get("turn", 0), int)
        and not isinstance(block.get("turn", 0), bool)
    )


def info_of(path: Path, data: dict[str, Any]) -> SaveInfo:
    """The listing line of a checked save document."""
    block = data["save"]
    raw_meta = data.get("meta")
    meta: dict[str, Any] = raw_meta if isinstance(raw_meta, dict) else {}
    players = meta.get("players") if isinstance(meta.get("players"), list) else None
    if not players:
        players = [{"name": n, "bot": None} for n in data.get("seats", [])]
    return SaveInfo(
        path=path,
        game=str(data.get("game", "?")),
        kind=str(block.get("kind", "named")),
        name=str(block.get("name", "")),
        saved_at=float(block.get("saved_at", 0.0)),
        turn=int(block.get("turn", 0)),
        players=players,
        practice=bool(meta.get("practice", False)),
    )


def list_saves(folder: Path | None = None) -> tuple[list[SaveInfo], list[SaveRefused]]:
    """Every sound save, newest first, and the refusals of the broken ones (moved aside)."""
    folder = folder or storage.saves_dir()
    found: list[SaveInfo] = []
    refused: list[SaveRefused] = []
    if not folder.exists():
        return found, refused
    for path in sorted(folder.glob("*.json")):
        try:
            written = path.stat().st_mtime
        except OSError:
            written = 0.0
        try:
            found.append(info_of(path, _checked(path)))
        except SaveRefused as r:
            r.game, r.written_at = game_of_file(path), written
            refused.append(r)
    found.sort(key=lambda s: s.saved_at, reverse=True)
    refused.sort(key=lambda r: r.written_at, reverse=True)
    return found, refused


def game_of_file(path: Path) -> str:
    """The game a save file's name says it holds ("" when it names none we know)."""
    from game.registry import GAMES

    stem = path.stem
    name = (
        stem.removeprefix(AUTOSAVE_PREFIX)
        if stem.startswith(AUTOSAVE_PREFIX)
        else stem.split("-", 1)[0]
    )
    return name if name in GAMES else ""


def newest_refused(found: list[SaveInfo], refused: list[SaveRefused]) -> SaveRefused | None:
    """The refused save written after every sound one, if any: the one "Continue"
    would have opened, had it not been broken (see `list_saves`, newest first)."""
    if not refused:
        return None
    newest = refused[0]
    if found and newest.written_at <= found[0].saved_at:
        return None
    return newest


def latest_save(folder: Path | None = None) -> SaveInfo | None:
    """The most recently written save, if any (what "Continue" resumes)."""
    found, _ = list_saves(folder)
    return found[0] if found else None


def load_save(path: Path) -> Match:
    """Load a save file into a match, or raise `SaveRefused` (file moved aside)."""
    from game.registry import load_match

    data = _checked(path)
    try:
        return load_match({k: v for k, v in data.items() if k != "save"})
    except SaveError as e:
        raise refuse(path, "life.saves.unplayable", reason=str(e)) from e


def delete_save(path: Path) -> None:
    """Remove a save and its thumbnail (the user asked, or the match ended)."""
    for p in (path, thumbnail_path(path)):
        with contextlib.suppress(FileNotFoundError):
            p.unlink()


def same_match(path: Path, match: Match) -> bool:
    """Whether the save at `path` holds this match (same game, seats and seed)."""
    result = storage.read_json(path, None)
    data = result.data
    return (
        isinstance(data, dict)
        and data.get("game") == match.game_name
        and data.get("seats") == match.seats
        and data.get("seed") == match.seed
    )
