"""A finished table's replay on the wire: one `replay` message, or chunks.

A server answers `replay{table}` with `replay{table, doc}` (the document of
`game.replays`) when it fits in `MAX_HOST_MESSAGE`, the most a client
accepts; a longer one goes as its JSON text cut into `chunk`s, each
`replay{table, chunk, part, parts}` (parts numbered from 0), which
`ReplayParts` puts back together on the client's side.
"""

from __future__ import annotations

import json
from typing import Any

from game.net.protocol import MAX_HOST_MESSAGE, Message, encode

#: room left in each chunked message for its other fields
_OVERHEAD = 256
#: the most parts a client accepts for one replay (`MAX_PARTS` MiB at most)
MAX_PARTS = 64


def replay_messages(table: str, doc: dict[str, Any], limit: int = MAX_HOST_MESSAGE) -> list[str]:
    """The messages that carry `doc` for `table`, each at most `limit` bytes."""
    whole = encode("replay", table=table, doc=doc)
    if len(whole.encode("utf-8")) <= limit:
        return [whole]
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    # a character takes at most 4 bytes in UTF-8, or 2 once escaped inside a string
    size = max(1, (limit - _OVERHEAD) // 4)
    pieces = [text[i : i + size] for i in range(0, len(text), size)]
    return [
        encode("replay", table=table, chunk=piece, part=n, parts=len(pieces))
        for n, piece in enumerate(pieces)
    ]


class ReplayParts:
    """Chunks of one table's replay as they arrive; `add` returns the document
    once every part is in, and None before (or for parts that do not fit)."""

    def __init__(self) -> None:
        self._parts: dict[str, dict[int, str]] = {}

    def held(self, table: str) -> int:
        """How many parts of `table`'s replay are in (0: none, or all given back)."""
        return len(self._parts.get(table, ()))

    def add(self, msg: Message) -> dict[str, Any] | None:
        """Take one `replay` message (whole or a chunk)."""
        table = str(msg.get("table"))
        doc = msg.get("doc")
        if isinstance(doc, dict):
            self._parts.pop(table, None)
            return doc
        chunk, part, parts = msg.get("chunk"), msg.get("part"), msg.get("parts")
        if not isinstance(chunk, str) or not isinstance(part, int) or not isinstance(parts, int):
            return None
        if not 0 <= part < parts <= MAX_PARTS:
            return None
        got = self._parts.setdefault(table, {})
        got[part] = chunk
        if len(got) < parts:
            return None
        del self._parts[table]
        try:
            out = json.loads("".join(got[n] for n in range(parts)))
        except (KeyError, ValueError, RecursionError):
            return None
        return out if isinstance(out, dict) else None
