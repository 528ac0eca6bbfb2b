"""One connection's outgoing queue on the host, bounded in messages and bytes.

The host hands every message for a client to its `Outbox`; a writer task sends
them in order as fast as the client reads. A client that stops reading (slow
or hostile) would otherwise make the host buffer without limit, so once the
backlog would pass `max_messages` or `max_bytes` the outbox drops everything it
holds and refuses more: the transport then cuts the connection, and the seat
goes through the ordinary reconnect path (its token brings back the full
state, so nothing is lost by dropping the backlog).

Items put with `counted=False` pass outside the bound: the history a seat is
sent when it reconnects comes as one burst, as large as the match so far (the
host holds it anyway), and must not cut a client that reads perfectly well.
"""

from __future__ import annotations

import asyncio
from collections import deque

#: a cut client's backlog is dropped: these are the defaults for every connection
MAX_MESSAGES = 512
MAX_BYTES = 4 * 1024 * 1024


class Outbox:
    """A FIFO of (kind, text) items with a hard bound; lives on the event loop."""

    def __init__(self, max_messages: int = MAX_MESSAGES, max_bytes: int = MAX_BYTES) -> None:
        self.max_messages = max_messages
        self.max_bytes = max_bytes
        #: (kind, text, UTF-8 size, counted against the bound)
        self._items: deque[tuple[str, str, int, bool]] = deque()
        self._ready = asyncio.Event()
        self._ended = False
        #: bytes queued now (UTF-8 size of the texts)
        self.bytes = 0
        #: the part of the backlog the bound applies to: (messages, bytes)
        self._counted = [0, 0]
        #: the largest backlog seen, as (messages, bytes)
        self.peak = (0, 0)
        #: True once the bound was passed: nothing more is queued
        self.overflowed = False

    @property
    def messages(self) -> int:
        """Items queued now."""
        return len(self._items)

    def empty(self) -> bool:
        """Nothing left to send."""
        return not self._items

    def put(self, kind: str, text: str, *, counted: bool = True) -> bool:
        """Queue one item; False (and the backlog dropped) once past the bound."""
        if self.overflowed or self._ended:
            return False
        size = len(text.encode("utf-8"))
        n, held = self._counted
        if counted and (n + 1 > self.max_messages or held + size > self.max_bytes):
            self.overflowed = True
            self._items.clear()
            self.bytes = 0
            self._counted = [0, 0]
            self._ready.set()
            return False
        self._items.append((kind, text, size, counted))
        self.bytes += size
        if counted:
            self._counted = [n + 1, held + size]
        self.peak = max(self.peak, (len(self._items), self.bytes))
        self._ready.set()
        return True

    def end(self) -> None:
        """No more items: the writer stops once the queued ones are sent."""
        self._ended = True
        self._ready.set()

    async def get(self) -> tuple[str, str] | None:
        """The next item, waiting for one; None once ended (or cut) and empty."""
        while not self._items:
            if self._ended or self.overflowed:
                return None
            self._ready.clear()
            await self._ready.wait()
        kind, text, size, counted = self._items.popleft()
        self.bytes -= size
        if counted:
            self._counted[0] -= 1
            self._counted[1] -= size
        return kind, text
