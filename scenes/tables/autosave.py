"""Saving a table: the autosave after every turn, named saves and the replay
at the end (reopening a save is `scenes.tables.reopen`).

`write_table_save` is the single writer of a table's save files (the pause
menu, the autosave and a shutdown all go through it). The thumbnail is the
table drawn off screen; in hot-seat it is drawn as a spectator sees it, so a
save's picture never carries anybody's hidden cards.
"""

from __future__ import annotations

import struct
import threading
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import history, replays, saves
from game.core import Match, TableMatch, local_match
from scenes.i18n import tr
from scenes.reasons import detail_words, reason_words
from scenes.widgets.log_panel import LogPanel

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.online.links import TableLink


class SaveRules(Protocol):
    """What decides whether a table keeps its own saves."""

    @property
    def link(self) -> TableLink | None: ...
    @property
    def on_result(self) -> Callable[[Match], None] | None: ...
    @property
    def on_leave(self) -> Callable[[Match], None] | None: ...
    @property
    def spectator(self) -> bool: ...


class PicturedTable(Protocol):
    """A table its save's picture is taken of (drawn again for nobody in hot-seat)."""

    #: set to None for the picture, then back
    viewer: int | None

    @property
    def app(self) -> AppHost: ...
    @property
    def needs_curtain(self) -> bool: ...
    @property
    def log(self) -> LogPanel: ...
    def rebuild_log(self) -> None: ...
    def sync(self) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...


class SavedTable(SaveRules, PicturedTable, Protocol):
    """A table whose match is saved, with its picture."""

    @property
    def match(self) -> TableMatch: ...
    @property
    def autosaver(self) -> Autosaver: ...
    def human_to_act(self) -> int | None: ...


class EndingTable(SaveRules, Protocol):
    """A table whose match ended: its replay and its history line."""

    @property
    def match(self) -> TableMatch: ...
    @property
    def autosaver(self) -> Autosaver: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def practice(self) -> bool: ...


THUMB_WIDTH = 256


def date_text(stamp: float) -> str:
    """A save's date in the user's local time."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def _shown_frame(table: PicturedTable) -> pygame.Surface | None:
    """The frame on screen when it shows this table (directly or under an overlay)."""
    stack = table.app.scenes.stack
    # (by identity: the stack holds scenes, the table is seen through a Protocol)
    at = next((i for i, scene in enumerate(stack) if scene is table), None)
    if at is None:
        return None
    top = stack[-1]
    if top is table:
        return table.app.screen
    above = stack[at + 1] if at + 1 < len(stack) else None
    if above is not None and above.overlay and above.backdrop is not None:
        return above.backdrop
    return None


def thumbnail_png(table: PicturedTable) -> bytes | None:
    """A small PNG of the table as it stands (see `thumbnail_surface`)."""
    small = thumbnail_surface(table)
    return None if small is None else png_bytes(*rgb_pixels(small))


def rgb_pixels(small: pygame.Surface) -> tuple[bytes, int, int]:
    """The raw RGB rows of a thumbnail (fast; taken on the render loop)."""
    w, h = small.get_size()
    return pygame.image.tobytes(small, "RGB"), w, h


def png_bytes(rgb: bytes, w: int, h: int) -> bytes:
    """A PNG file of raw RGB rows.

    Written by hand on purpose: pygame's PNG writer holds the interpreter lock
    for the 20-50 ms a map picture takes, while zlib lets the render loop run,
    so the autosave thread makes the picture without a hitch.
    """
    stride = w * 3
    rows = b"".join(b"\x00" + rgb[y * stride : (y + 1) * stride] for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 6))
        + chunk(b"IEND", b"")
    )


def thumbnail_surface(table: PicturedTable) -> pygame.Surface | None:
    """A small picture of the table as it stands.

    The frame already on screen is reused (cheap); in hot-seat the table is
    drawn again off screen as a spectator sees it, so the picture never
    carries anybody's hidden cards ([G4]).
    """
    try:
        frame = None if table.needs_curtain else _shown_frame(table)
        if frame is None:
            frame = pygame.Surface(table.app.size)
            viewer = table.viewer
            public = table.needs_curtain and viewer is not None
            scroll = table.log.scroll
            if public:  # the log too, not just the cards (nothing the person holds
                # in hand -- a placement half made, a selection -- is dropped)
                table.viewer = None
                table.rebuild_log()
                table.sync()
            try:
                table.draw(frame)
            finally:
                if public:
                    table.viewer = viewer
                    table.rebuild_log()
                    table.sync()
                    table.log.scroll = scroll
        w, h = frame.get_size()
        return pygame.transform.smoothscale(frame, (THUMB_WIDTH, max(1, THUMB_WIDTH * h // w)))
    except (pygame.error, ValueError):
        return None


def keeps_saves(table: SaveRules) -> bool:
    """Tables opened by a tournament keep their matches in the tournament's store."""
    online = table.link is not None and not table.link.keeps_saves  # a joiner has no match
    return table.on_result is None and table.on_leave is None and not table.spectator and not online


#: one writer at a time: the autosave thread, a named save, a shutdown
_WRITING = threading.Lock()


def write_table_save(table: SavedTable, kind: str = "auto", name: str = "") -> Path:
    """Write the table's match now: the game's autosave, or a new named save. Raises OSError."""
    match = table.match
    path = (
        saves.autosave_path(match.game_name)
        if kind == "auto"
        else saves.named_save_path(match.game_name)
    )
    table.autosaver.wait()
    with _WRITING:
        saves.write_document(
            path, saves.save_document(local_match(match), kind, name), thumbnail_png(table)
        )
    return path


class Autosaver:
    """Writes the autosave when a turn ends and when a person is to act.

    The document and the picture are made on the render loop (they must show
    this very moment); the disk write runs in a thread, so a slow disk never
    stalls a frame.
    """

    def __init__(self, table: SavedTable) -> None:
        self.last_len = len(table.match.log)
        self.last_turn = table.match.turn
        self.thread: threading.Thread | None = None
        self.error = ""

    def tick(self, table: SavedTable) -> None:
        """Called by the table when its event queue is empty."""
        if self.error:
            table.app.notify(tr("life.saves.autosave_failed", reason=self.error), "error")
            self.error = ""
        match = table.match
        if match.is_over or not keeps_saves(table) or len(match.log) == self.last_len:
            return
        if match.turn == self.last_turn and table.human_to_act() is None:
            return
        if self.thread is not None and self.thread.is_alive():
            return  # the next tick writes the newer position
        self.last_len, self.last_turn = len(match.log), match.turn
        path = saves.autosave_path(match.game_name)
        document = saves.save_document(local_match(match), "auto")
        small = thumbnail_surface(table)
        picture = rgb_pixels(small) if small is not None else None
        self.thread = threading.Thread(
            target=self._write, args=(path, document, picture), name="autosave", daemon=True
        )
        self.thread.start()

    def _write(
        self, path: Path, document: dict[str, Any], picture: tuple[bytes, int, int] | None
    ) -> None:
        png = png_bytes(*picture) if picture is not None else None
        try:
            with _WRITING:
                saves.write_document(path, document, png)
        except OSError as e:
            self.error = reason_words(e)

    def wait(self) -> None:
        """Let a write in flight finish (before a save, a delete or leaving)."""
        if self.thread is not None:
            self.thread.join()


def finish(table: EndingTable) -> str:
    """The match ended: keep its replay, drop its autosave; returns the replay's path."""
    if not keeps_saves(table):
        return ""
    match = local_match(table.match)
    table.autosaver.wait()
    auto = saves.autosave_path(match.game_name)
    if auto.exists() and saves.same_match(auto, match):
        saves.delete_save(auto)
    try:
        return str(replays.write_replay(match))
    except OSError:
        return ""


def record_end(table: EndingTable) -> None:
    """Replay file and history line of a finished match (never raises)."""
    replay = finish(table)
    history.record_match(table.match, table.humans, table.practice, replay=replay)


def refusal_text(refused: saves.SaveRefused) -> str:
    """A refused save in plain words, saying where it was moved.

    The engine's reason is an English sentence: English shows it, Portuguese
    says it in its own words (no English inside a Portuguese message).
    """
    params = dict(refused.params)
    if isinstance(params.get("reason"), str):
        params["reason"] = detail_words(params["reason"])
    text = tr(refused.key, name=refused.path.name, **params)
    if refused.moved_to is not None:
        text += " " + tr("life.saves.moved", name=refused.moved_to.name)
    return text
