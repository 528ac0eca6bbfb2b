"""Tournaments in the SQLite database of the data folder (`game.storage.database_path`).

One row per tournament holds its whole state as JSON (`Tournament.to_dict`), plus
a few columns for the history list; match saves (`Match.save()` dicts) of the
tables live in a second table, so a match left half-played can be reloaded with
`game.load_match`. Saving after every result is what lets a tournament survive
the app closing mid-round and resume exactly: nothing random is kept outside
the seed, so the reloaded tournament plays on as if it had never stopped.

Open with `open_store()` and always `close()` (or use it as a context manager).
Tables are prefixed `tournament_` because the database file is shared with the
match history and statistics. A database file SQLite cannot read is moved aside
(`.corrupt-<time>`) and a fresh one started; `store.problem` then holds the
translation key of the message for the user.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from game.storage import database_path, move_aside
from game.tournament.errors import TournamentError
from game.tournament.organizer import Tournament

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tournament_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    format TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    entrants INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    champion TEXT,
    state TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tournament_matches (
    event_id INTEGER NOT NULL REFERENCES tournament_events(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    attempt INTEGER NOT NULL,
    save TEXT NOT NULL,
    PRIMARY KEY (event_id, round, table_no, attempt)
);
"""


@dataclass(frozen=True)
class TournamentSummary:
    """A line of the tournament history."""

    id: int
    name: str
    game: str
    format: str
    created: str
    updated: str
    entrants: int
    finished: bool
    champion: str | None


class TournamentStore:
    """Saved tournaments; safe to share between the UI thread and a worker."""

    def __init__(self, conn: sqlite3.Connection, path: Path, problem: str = "") -> None:
        self._conn = conn
        self._lock = threading.Lock()
        self.path = path
        #: translation key of a problem to tell the user about ("" when none)
        self.problem = problem

    # -- lifecycle ------------------------------------------------------------

    def close(self) -> None:
        """Close the database (everything saved is already committed)."""
        with self._lock:
            self._conn.close()

    def __enter__(self) -> TournamentStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- tournaments ----------------------------------------------------------

    def save(self, t: Tournament) -> int:
        """Insert or update a tournament; sets and returns `t.id`."""
        state = json.dumps(t.to_dict(), ensure_ascii=False, separators=(",", ":"))
        now = datetime.datetime.now().isoformat(timespec="seconds")
        champion = t.champion()
        row = (
            t.name,
            t.game,
            t.format,
            t.created,
            now,
            len(t.entrants),
            int(t.is_finished),
            champion.name if champion else None,
            state,
        )
        with self._lock, self._conn:
            if t.id is None:
                cur = self._conn.execute(
                    "INSERT INTO tournament_events (name, game, format, created, updated,"
                    " entrants, finished, champion, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    row,
                )
                t.id = int(cur.lastrowid or 0)
            else:
                cur = self._conn.execute(
                    "UPDATE tournament_events SET name=?, game=?, format=?, created=?, updated=?,"
                    " entrants=?, finished=?, champion=?, state=? WHERE id=?",
                    (*row, t.id),
                )
                if cur.rowcount == 0:
                    raise TournamentError(
                        "tournament.errors.not_saved",
                        f"tournament {t.id} is not in the database",
                        id=t.id,
                    )
        return t.id

    def load(self, tournament_id: int) -> Tournament:
        """The saved tournament with that id."""
        with self._lock:
            row = self._conn.execute(
                "SELECT state FROM tournament_events WHERE id=?", (tournament_id,)
            ).fetchone()
        if row is None:
            raise TournamentError(
                "tournament.errors.not_saved",
                f"tournament {tournament_id} is not in the database",
                id=tournament_id,
            )
        try:
            data = json.loads(row[0])
        except (TypeError, ValueError, RecursionError) as e:
            raise TournamentError(
                "tournament.errors.corrupt_record", f"the saved tournament cannot be read: {e}"
            ) from e
        if not isinstance(data, dict):  # `null`, a list, a number: not a tournament
            raise TournamentError(
                "tournament.errors.corrupt_record",
                "the saved tournament cannot be read: it is not an object",
            )
        return Tournament.from_dict(data, id=tournament_id)

    def history(self) -> list[TournamentSummary]:
        """Every saved tournament, newest first."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT id, name, game, format, created, updated, entrants, finished, champion"
                " FROM tournament_events ORDER BY created DESC, id DESC"
            ).fetchall()
        return [
            TournamentSummary(
                id=r[0],
                name=r[1],
                game=r[2],
                format=r[3],
                created=r[4],
                updated=r[5],
                entrants=r[6],
                finished=bool(r[7]),
                champion=r[8],
            )
            for r in rows
        ]

    def delete(self, tournament_id: int) -> None:
        """Forget a tournament and its match saves."""
        with self._lock, self._conn:
            self._conn.execute("DELETE FROM tournament_matches WHERE event_id=?", (tournament_id,))
            self._conn.execute("DELETE FROM tournament_events WHERE id=?", (tournament_id,))

    # -- match saves ----------------------------------------------------------

    def save_match(
        self, t: Tournament, round_no: int, table_no: int, save: dict[str, Any], attempt: int = 0
    ) -> None:
        """Keep a table's `Match.save()` (played, or half-played to resume later)."""
        if t.id is None:
            self.save(t)
        text = json.dumps(save, ensure_ascii=False, separators=(",", ":"))
        with self._lock, self._conn:
            self._conn.execute(
                "INSERT OR REPLACE INTO tournament_matches (event_id, round, table_no, attempt,"
                " save) VALUES (?, ?, ?, ?, ?)",
                (t.id, round_no, table_no, attempt, text),
            )

    def load_match(
        self, t: Tournament, round_no: int, table_no: int, attempt: int | None = None
    ) -> dict[str, Any] | None:
        """A table's stored match save (the latest attempt by default), or None."""
        if t.id is None:
            return None
        query = "SELECT save FROM tournament_matches WHERE event_id=? AND round=? AND table_no=?"
        params: tuple[Any, ...] = (t.id, round_no, table_no)
        if attempt is not None:
            query += " AND attempt=?"
            params += (attempt,)
        query += " ORDER BY attempt DESC LIMIT 1"
        with self._lock:
            row = self._conn.execute(query, params).fetchone()
        if row is None:
            return None
        try:
            data = json.loads(row[0])
        except (TypeError, ValueError, RecursionError):  # not text, not JSON, nested too deep
            return None
        return data if isinstance(data, dict) else None


def open_store(path: Path | None = None) -> TournamentStore:
    """Open (creating if needed) the tournament tables of the database."""
    target = Path(path) if path is not None else database_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    problem = ""
    try:
        conn = _connect(target)
    except sqlite3.DatabaseError:
        # Not a database (or damaged beyond use): keep it aside, start afresh.
        move_aside(target)
        problem = "tournament.storage.corrupt"
        conn = _connect(target)
    return TournamentStore(conn, target, problem)


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, check_same_thread=False)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.executescript(_SCHEMA)
        conn.execute("SELECT count(*) FROM tournament_events").fetchone()
    except sqlite3.DatabaseError:
        conn.close()
        raise
    return conn
