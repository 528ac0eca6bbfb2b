"""What a server keeps across restarts: SQLite in its data folder.

Players (id, the SHA-256 of their secret, name), ratings per game (players and
bot levels), tables (game, options, seats with their tokens' hashes, the
server's secret seed, the join code, status) and each table's action log, one
row an action. The hub stores every accepted action before the state it
produced is handed to the transport (write-ahead), so a server killed at any
moment loses at most the action in flight; a table in progress is rebuilt on
start by replaying its log. A finished table keeps its replay (the format of
`game.replays`: `Match.save()` plus a "replay" block) for its players.

WAL journal with `synchronous=NORMAL`: a commit survives the process being
killed (not a power cut mid-write, which costs at most the last commits).
`schema` holds the version; `MIGRATIONS` turns one version into the next.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.net.server.ratings import Rating

SCHEMA_VERSION = 1

_SCHEMA_1 = """
CREATE TABLE IF NOT EXISTS schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY, secret_hash TEXT NOT NULL, name TEXT NOT NULL, created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
    rid TEXT NOT NULL, game TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
    games INTEGER NOT NULL, PRIMARY KEY (rid, game)
);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, kinds TEXT NOT NULL,
    seats TEXT NOT NULL, players TEXT NOT NULL, seed TEXT NOT NULL, code TEXT NOT NULL,
    public INTEGER NOT NULL, watchers INTEGER NOT NULL, clock TEXT NOT NULL,
    creator TEXT NOT NULL, names TEXT, status TEXT NOT NULL,
    created REAL NOT NULL, active REAL NOT NULL, replay TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""

#: version -> the SQL that brings a store of that version to the next
MIGRATIONS: dict[int, str] = {}

#: table statuses that are rebuilt on start
LIVE = ("open", "playing")


def secret_hash(secret: str) -> str:
    """What the store keeps of a player's secret (a random 192-bit string)."""
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


@dataclass
class TableRow:
    """One stored table, as the hub rebuilds it."""

    id: str
    game: str
    options: dict[str, Any]
    kinds: list[list[Any]]
    seats: list[dict[str, Any]]
    players: list[str | None]
    seed: str
    code: str
    public: bool
    watchers: bool
    clock: str
    creator: str
    names: list[str] | None
    status: str
    actions: list[list[Any]]


class Store:
    """The server's SQLite file (":memory:" for tests)."""

    def __init__(self, path: Path | str, wall: Callable[[], float] = time.time) -> None:
        if isinstance(path, Path):
            path.parent.mkdir(parents=True, exist_ok=True)
        self.wall = wall
        # one connection, used under the transport's lock from whichever thread holds it
        self.db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self._migrate()

    def _migrate(self) -> None:
        have = self.db.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name='schema'"
        ).fetchone()
        if have is None:
            self.db.executescript(_SCHEMA_1)
            self.db.execute("INSERT INTO schema (version) VALUES (?)", (SCHEMA_VERSION,))
            return
        (version,) = self.db.execute("SELECT version FROM schema").fetchone()
        if version > SCHEMA_VERSION:
            raise RuntimeError(f"the server's store is version {version}; this is {SCHEMA_VERSION}")
        while version < SCHEMA_VERSION:
            self.db.executescript(MIGRATIONS[version])
            version += 1
            self.db.execute("UPDATE schema SET version = ?", (version,))

    def close(self) -> None:
        """Close the file."""
        self.db.close()

    # -- players ------------------------------------------------------------

    def new_player(self, name: str) -> tuple[str, str]:
        """A fresh player id and secret (only the secret's hash is kept)."""
        pid, secret = "p" + secrets.token_hex(8), secrets.token_urlsafe(24)
        self.db.execute(
            "INSERT INTO players VALUES (?, ?, ?, ?)", (pid, secret_hash(secret), name, self.wall())
        )
        return pid, secret

    def check_player(self, pid: str, secret: str) -> bool:
        """Whether `secret` is player `pid`'s (constant time)."""
        row = self.db.execute("SELECT secret_hash FROM players WHERE id = ?", (pid,)).fetchone()
        given = secret_hash(secret)
        return row is not None and secrets.compare_digest(row[0], given)

    def rename(self, pid: str, name: str) -> None:
        """The name a player showed last (the leaderboard's)."""
        self.db.execute("UPDATE players SET name = ? WHERE id = ?", (name, pid))

    # -- ratings ------------------------------------------------------------

    def ratings(self, game: str, ids: Iterable[str]) -> dict[str, Rating]:
        """The stored ratings of `ids` at `game` (missing ones are absent)."""
        out: dict[str, Rating] = {}
        for rid in ids:
            row = self.db.execute(
                "SELECT mu, sigma, games FROM ratings WHERE rid = ? AND game = ?", (rid, game)
            ).fetchone()
            if row is not None:
                out[rid] = Rating(row[0], row[1], row[2])
        return out

    def save_ratings(self, game: str, new: dict[str, Rating]) -> None:
        """Store new ratings in one transaction."""
        with self._transaction():
            for rid, r in new.items():
                self.db.execute(
                    "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?)",
                    (rid, game, r.mu, r.sigma, r.games),
                )

    def leaderboard(self, game: str, limit: int = 20) -> list[dict[str, Any]]:
        """The best ratings at `game` (mu - 3 sigma), players' names and bots' ids."""
        rows = self.db.execute(
            "SELECT r.rid, r.mu, r.sigma, r.games, p.name FROM ratings r "
            "LEFT JOIN players p ON p.id = r.rid WHERE r.game = ? "
            "ORDER BY r.mu - 3 * r.sigma DESC LIMIT ?",
            (game, limit),
        ).fetchall()
        return [
            {
                "name": name or rid,
                "bot": name is None,
                "rating": round(mu - 3 * sigma, 2),
                "mu": round(mu, 3),
                "sigma": round(sigma, 3),
                "games": games,
            }
            for rid, mu, sigma, games, name in rows
        ]

    # -- tables -------------------------------------------------------------

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        # isolation_level None: each statement commits alone unless wrapped here
        self.db.execute("BEGIN")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def add_table(self, row: TableRow) -> None:
        """A table just created."""
        now = self.wall()
        self.db.execute(
            "INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,NULL)",
            (
                row.id,
                row.game,
                json.dumps(row.options),
                json.dumps(row.kinds),
                json.dumps(row.seats),
                json.dumps(row.players),
                row.seed,
                row.code,
                int(row.public),
                int(row.watchers),
                row.clock,
                row.creator,
                json.dumps(row.names) if row.names is not None else None,
                row.status,
                now,
                now,
            ),
        )

    def update_table(
        self,
        table_id: str,
        *,
        seats: list[dict[str, Any]],
        players: list[str | None],
        names: list[str] | None,
        status: str,
        actions: Iterable[tuple[int, int, dict[str, Any]]] = (),
    ) -> None:
        """New actions (numbered from 0) and the table's seats, in one commit."""
        with self._transaction():
            self.db.executemany(
                "INSERT INTO actions VALUES (?, ?, ?, ?)",
                [(table_id, n, seat, json.dumps(a)) for n, seat, a in actions],
            )
            self.db.execute(
                "UPDATE tables SET seats = ?, players = ?, names = ?, status = ?, active = ? "
                "WHERE id = ?",
                (
                    json.dumps(seats),
                    json.dumps(players),
                    json.dumps(names) if names is not None else None,
                    status,
                    self.wall(),
                    table_id,
                ),
            )

    def end_table(self, table_id: str, status: str, replay: dict[str, Any] | None) -> None:
        """A table ended ("finished" keeps its replay; "crashed", "expired" its log)."""
        self.db.execute(
            "UPDATE tables SET status = ?, replay = ?, active = ? WHERE id = ?",
            (status, json.dumps(replay) if replay else None, self.wall(), table_id),
        )

    def live_tables(self) -> list[TableRow]:
        """Tables to rebuild on start, oldest first, with their action logs."""
        rows = self.db.execute(
            "SELECT id, game, options, kinds, seats, players, seed, code, public, watchers, "
            "clock, creator, names, status FROM tables WHERE status IN (?, ?) ORDER BY created",
            LIVE,
        ).fetchall()
        out = []
        for r in rows:
            acts = self.db.execute(
                "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY n", (r[0],)
            ).fetchall()
            out.append(
                TableRow(
                    r[0],
                    r[1],
                    json.loads(r[2]),
                    json.loads(r[3]),
                    json.loads(r[4]),
                    json.loads(r[5]),
                    r[6],
                    r[7],
                    bool(r[8]),
                    bool(r[9]),
                    r[10],
                    r[11],
                    json.loads(r[12]) if r[12] else None,
                    r[13],
                    [[seat, json.loads(a)] for seat, a in acts],
                )
            )
        return out

    def tables_of(self, pid: str, limit: int = 50) -> list[dict[str, Any]]:
        """The tables a player sat at, newest first (live ones and replays)."""
        rows = self.db.execute(
            "SELECT id, game, status, players, replay IS NOT NULL FROM tables "
            "WHERE players LIKE ? ORDER BY active DESC LIMIT ?",
            (f'%"{pid}"%', limit),
        ).fetchall()
        out = []
        for tid, game, status, players, has_replay in rows:
            seats = [n for n, p in enumerate(json.loads(players)) if p == pid]
            if seats:  # LIKE also matches an id inside a longer one: check exactly
                out.append(
                    {
                        "table": tid,
                        "game": game,
                        "status": status,
                        "seats": seats,
                        "replay": bool(has_replay),
                    }
                )
        return out

    def replay_for(self, table_id: str, pid: str) -> dict[str, Any] | None:
        """A finished table's replay, for a player who sat there (else None)."""
        row = self.db.execute(
            "SELECT players, replay FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None or not row[1] or pid not in json.loads(row[0]):
            return None
        doc = json.loads(row[1])
        return doc if isinstance(doc, dict) else None

    def replay(self, table_id: str) -> dict[str, Any] | None:
        """A finished table's replay document."""
        row = self.db.execute("SELECT replay FROM tables WHERE id = ?", (table_id,)).fetchone()
        return json.loads(row[0]) if row and row[0] else None
