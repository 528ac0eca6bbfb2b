"""Where a server keeps its online events: one row an event in its SQLite file.

The row holds the event's whole document (`ServerEvent.to_dict`, a few KiB),
written after every change, so an event survives a restart as its tables do.
The table is created beside the server's own (`CREATE TABLE IF NOT EXISTS`):
an older store simply gains it, and the store's schema version is untouched.
"""

from __future__ import annotations

import json
from typing import Any

from game.net.server.store import Store

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    code TEXT PRIMARY KEY, organizer TEXT NOT NULL, status TEXT NOT NULL,
    doc TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL
);
"""


class EventStore:
    """The events of a server's `Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        store.db.executescript(_SCHEMA)

    def save(self, doc: dict[str, Any]) -> None:
        """Insert or replace an event's document."""
        now = self.store.wall()
        self.store.db.execute(
            "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(code) DO UPDATE SET "
            "status = excluded.status, doc = excluded.doc, updated = excluded.updated",
            (doc["code"], doc["organizer"], doc["status"], json.dumps(doc), now, now),
        )

    def load_all(self) -> list[dict[str, Any]]:
        """Every stored event (finished ones too: their final standings stay), oldest first."""
        rows = self.store.db.execute("SELECT doc FROM events ORDER BY created").fetchall()
        return [json.loads(r[0]) for r in rows]

    def table_status(self, table_id: str) -> str | None:
        """A stored table's status ("finished", "crashed", …), or None if unknown."""
        row = self.store.db.execute(
            "SELECT status FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        return str(row[0]) if row else None
