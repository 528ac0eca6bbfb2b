"""Finished tables' replays fetched from a server's lobby (issue 47: an
event's entrants study each other's matches), without pygame.

`ReplayShelf` asks with `replay{table}` and takes the server's `replay`
answers, whole or in chunks (`game.net.replay_wire.ReplayParts`), only for
tables it asked for. A document is checked before it is kept: a dict of a
replay version this app reads, of a game it knows, that `load_match` plays
to its end; a bad one is dropped and reported (`bad_replay`, words under
`net.refused.bad_replay`). The last `MAX_KEPT` documents wait, by table id,
for a screen to `take` them. Whatever else comes (wrong types, too many
parts, a pile of chunks past `MAX_BYTES`) is dropped; nothing raises.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core import SaveError
from game.net.protocol import Message, printable
from game.net.replay_wire import MAX_PARTS, ReplayParts
from game.registry import get_info, load_match
from game.replays import REPLAY_VERSION

#: documents kept until a screen takes them (the newest)
MAX_KEPT = 3
#: tables asked for and not answered yet (the oldest forgotten first)
MAX_ASKED = 3
#: the chunks of one replay at most, in characters (a long War match is about 1 MB)
MAX_BYTES = 16 * 1024 * 1024
_ID_MAX = 40


def check_replay(doc: Any) -> dict[str, Any] | None:
    """A server's replay document if this app can show it (None if not)."""
    if not isinstance(doc, dict):
        return None
    block = doc.get("replay", {"version": REPLAY_VERSION})
    version = block.get("version") if isinstance(block, dict) else None
    if isinstance(version, bool) or not isinstance(version, int) or version > REPLAY_VERSION:
        return None
    game = doc.get("game")
    try:
        get_info(str(game))
        load_match(doc)  # it plays to its end, or it is not kept
    except (KeyError, SaveError):
        return None
    return doc


class ReplayShelf:
    """The replays of one lobby connection; see the module docstring."""

    def __init__(self, send: Callable[..., None]) -> None:
        self._send = send
        #: tables asked for, oldest first -> their chunks so far and their size
        self._asked: dict[str, tuple[ReplayParts, int]] = {}
        #: checked documents by table id, oldest first
        self.docs: dict[str, dict[str, Any]] = {}

    def ask(self, table: str) -> None:
        """Ask the server for a finished table's replay."""
        table = printable(table)[:_ID_MAX]
        if not table:
            return
        self._asked.pop(table, None)
        self._asked[table] = (ReplayParts(), 0)
        while len(self._asked) > MAX_ASKED:
            del self._asked[next(iter(self._asked))]
        self._send("replay", table=table)

    def waiting(self, table: str) -> bool:
        """Asked and neither answered nor refused yet."""
        return table in self._asked

    def forget(self, table: str | None = None) -> None:
        """Stop waiting for a table (the screen gave up), or for all (refused)."""
        if table is None:
            self._asked.clear()
        else:
            self._asked.pop(table, None)

    def take(self, table: str) -> dict[str, Any] | None:
        """A table's checked document, once."""
        return self.docs.pop(table, None)

    def handle(self, msg: Message) -> str:
        """One `replay` message; returns the table whose replay was bad ("" if none)."""
        table = msg.get("table")
        if not isinstance(table, str) or table not in self._asked:
            return ""  # not asked for: dropped
        parts, size = self._asked[table]
        if "doc" in msg.data:
            return self._done(table, msg.get("doc"))
        chunk, part, count = msg.get("chunk"), msg.get("part"), msg.get("parts")
        if not isinstance(chunk, str) or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in (part, count)
        ):
            return ""
        if not 0 <= part < count <= MAX_PARTS:
            return self._bad(table)  # more parts than any replay has
        size += len(chunk)
        if size > MAX_BYTES:
            return self._bad(table)
        self._asked[table] = (parts, size)
        doc = parts.add(msg)
        if doc is not None:
            return self._done(table, doc)
        if parts.held(table):
            return ""  # more parts to come
        return self._bad(table)  # all in, and not a document

    def _done(self, table: str, doc: Any) -> str:
        checked = check_replay(doc)
        if checked is None:
            return self._bad(table)
        del self._asked[table]
        self.docs.pop(table, None)
        self.docs[table] = checked
        while len(self.docs) > MAX_KEPT:
            del self.docs[next(iter(self.docs))]
        return ""

    def _bad(self, table: str) -> str:
        self._asked.pop(table, None)
        return table
