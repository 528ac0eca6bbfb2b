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


#: set when a damaged database was moved aside, until a screen tells the player
_problem: str | None = None


def take_problem() -> str | None:
    """The translation key of a problem met since the last call (a damaged
    database put aside), or None; the caller tells the player."""
    global _problem
    problem, _problem = _problem, None
    return problem


def connect(path: Path | None = None) -> sqlite3.Connection:
    """Open (and create) the database; a corrupt file is moved aside (and
    `take_problem` says so)."""
    global _problem
    path = path or storage.database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        con = sqlite3.connect(path)
        con.execute(_SCHEMA)
        con.commit()
        return con
    except sqlite3.DatabaseError:
        storage.move_aside(path)
        _problem = "ui.table_base.stats_damaged"
        con = sqlite3.connect(path)
        con.execute(_SCHEMA)
        con.commit()
        return con


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
    finally:
        con.close()
    games: dict[str, dict[str, Any]] = {}
    players: dict[str, dict[str, int]] = {}
    for game, seats_s, humans_s, winners_s, turns in rows:
        try:
            seats, humans, winners = (
                json.loads(seats_s),
                json.loads(humans_s),
                json.loads(winners_s),
            )
        except json.JSONDecodeError:
            continue
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
    return {"games": games, "players": players, "total": len(rows)}
