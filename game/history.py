"""Match history and statistics in the SQLite database of the data folder.

Explicit functions only: `record_match` after a match ends, `summary` for the
statistics screen. A damaged database is moved aside and started afresh.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from game import storage
from game.core import Match

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    finished_at REAL NOT NULL,
    seats TEXT NOT NULL,
    humans TEXT NOT NULL,
    winners TEXT NOT NULL,
    turns INTEGER NOT NULL,
    timed INTEGER NOT NULL DEFAULT 0,
    practice INTEGER NOT NULL DEFAULT 0
)
"""


_COLUMNS = {"id", "game", "finished_at", "seats", "humans", "winners", "turns", "timed", "practice"}


def _open(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path)
    try:
        con.execute(_SCHEMA)
        have = {row[1] for row in con.execute("PRAGMA table_info(matches)")}
        if not have >= _COLUMNS:
            # A `matches` table of another shape (an old or foreign file): keep it,
            # renamed, in the same database, and start the history afresh.
            con.execute(f"ALTER TABLE matches RENAME TO matches_damaged_{int(time.time())}")
            con.execute(_SCHEMA)
        con.execute("SELECT count(*) FROM matches").fetchone()
        con.commit()
    except sqlite3.DatabaseError:
        con.close()
        raise
    return con


def connect(path: Path | None = None) -> sqlite3.Connection:
    """Open (and create) the database; a corrupt file is moved aside."""
    path = path or storage.database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return _open(path)
    except sqlite3.DatabaseError:
        storage.move_aside(path)
        return _open(path)


def record_match(
    match: Match, humans: list[int], practice: bool = False, path: Path | None = None
) -> None:
    """Store a finished match (who sat, who was human, who won)."""
    con = connect(path)
    try:
        con.execute(
            "INSERT INTO matches (game, finished_at, seats, humans, winners, turns, timed, practice) VALUES (?,?,?,?,?,?,?,?)",
            (
                match.game_name,
                time.time(),
                json.dumps(match.seats, ensure_ascii=False),
                json.dumps(humans),
                json.dumps(match.winners()),
                int(match.turn),
                int(match.timed_out),
                int(practice),
            ),
        )
        con.commit()
    finally:
        con.close()


def summary(path: Path | None = None) -> dict[str, Any]:
    """Per game: matches, human wins, average turns; per human name: played/won."""
    con = connect(path)
    try:
        rows = con.execute("SELECT game, seats, humans, winners, turns FROM matches").fetchall()
    except sqlite3.DatabaseError:
        # Damaged pages behind a readable header: keep the file aside, start afresh.
        storage.move_aside(path or storage.database_path())
        return {"games": {}, "players": {}, "total": 0}
    finally:
        con.close()
    games: dict[str, dict[str, Any]] = {}
    players: dict[str, dict[str, int]] = {}
    kept = 0
    for game, seats_s, humans_s, winners_s, turns in rows:
        parsed = _parse_row(game, seats_s, humans_s, winners_s, turns)
        if parsed is None:
            continue  # a row written by hand or by another program: skipped, not fatal
        seats, humans, winners = parsed
        kept += 1
        g = games.setdefault(game, {"matches": 0, "human_wins": 0, "turns": 0})
        g["matches"] += 1
        g["turns"] += turns
        if any(w in humans for w in winners):
            g["human_wins"] += 1
        for h in humans:
            if 0 <= h < len(seats):
                p = players.setdefault(seats[h], {"played": 0, "won": 0})
                p["played"] += 1
                p["won"] += int(h in winners)
    for g in games.values():
        g["average_turns"] = round(g.pop("turns") / g["matches"], 1) if g["matches"] else 0
    return {"games": games, "players": players, "total": kept}


def _parse_row(
    game: Any, seats_s: Any, humans_s: Any, winners_s: Any, turns: Any
) -> tuple[list[str], list[int], list[int]] | None:
    """The row's seats, humans and winners when every field has its shape, else None."""
    if not isinstance(game, str) or isinstance(turns, bool) or not isinstance(turns, int):
        return None
    try:
        seats, humans, winners = (json.loads(x) for x in (seats_s, humans_s, winners_s))
    except (TypeError, ValueError, RecursionError):
        return None
    if not (isinstance(seats, list) and all(isinstance(x, str) for x in seats)):
        return None
    for seq in (humans, winners):
        if not (
            isinstance(seq, list)
            and all(isinstance(x, int) and not isinstance(x, bool) for x in seq)
        ):
            return None
    return seats, humans, winners
