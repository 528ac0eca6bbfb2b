"""Match history and statistics in the SQLite database of the data folder.

Explicit functions only: `record_match` after a match ends, `summary`,
`statistics` and `matches` for the statistics screen, `reset` to start afresh.
A damaged database is moved aside and started afresh. Practice matches are
kept in the history (their replays can be watched) but never counted in the
ranked statistics.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import storage
from game.core import Action, Event, TableMatch, local_match

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

#: columns added after the first version (added in place to an older database)
_EXTRA_COLUMNS = {
    "mode": "TEXT NOT NULL DEFAULT 'standard'",
    "level": "TEXT NOT NULL DEFAULT ''",
    "human_won": "INTEGER NOT NULL DEFAULT 0",
    "best_kind": "TEXT NOT NULL DEFAULT ''",
    "best_value": "INTEGER",
    "best_label": "TEXT NOT NULL DEFAULT ''",
    "replay": "TEXT NOT NULL DEFAULT ''",
}


def _prepare(con: sqlite3.Connection) -> None:
    con.execute(_SCHEMA)
    have = {row[1] for row in con.execute("PRAGMA table_info(matches)")}
    for name, decl in _EXTRA_COLUMNS.items():
        if name not in have:
            con.execute(f"ALTER TABLE matches ADD COLUMN {name} {decl}")
    if "human_won" not in have:  # an older database: work out who won from its columns
        for rid, humans_s, winners_s in con.execute(
            "SELECT id, humans, winners FROM matches"
        ).fetchall():
            parsed = _parse_row("", "[]", humans_s, winners_s, 0)
            if parsed is None:
                continue  # a row written by another program: left as it is
            won = any(w in parsed[1] for w in parsed[2])
            con.execute("UPDATE matches SET human_won = ? WHERE id = ?", (int(won), rid))
    con.commit()


#: set when a damaged database was moved aside, until a screen tells the player
_problem: str | None = None


def take_problem() -> str | None:
    """The translation key of a problem met since the last call (a damaged
    database put aside), or None; the caller tells the player."""
    global _problem
    problem, _problem = _problem, None
    return problem


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
        _prepare(con)  # the columns added since the first version
        con.execute("SELECT count(*) FROM matches").fetchone()
        con.commit()
    except sqlite3.DatabaseError:
        con.close()
        raise
    return con


def connect(path: Path | None = None) -> sqlite3.Connection:
    """Open (and create or upgrade) the database; a corrupt file is moved aside
    (and `take_problem` says so)."""
    global _problem
    path = path or storage.database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return _open(path)
    except sqlite3.DatabaseError:
        storage.move_aside(path)
        _problem = "life.stats.damaged"
        return _open(path)


# ---------------------------------------------------------------------------
# What a match was: mode, opponents' level, best result


def mode_of(match: TableMatch) -> str:
    """The game's mode for the statistics ("standard" when the game has none)."""
    opts = match.options
    for key in ("mode", "groups"):
        value = opts.get(key)
        if isinstance(value, str) and value not in ("", "none", "standard"):
            return value
    return "standard"


def level_of(match: TableMatch, humans: list[int]) -> str:
    """The opponents: one bot id, "mixed" levels, or "people" (no bot at all)."""
    players = match.meta.get("players") if isinstance(match.meta, dict) else None
    bots: set[str] = set()
    if isinstance(players, list):
        for seat, p in enumerate(players):
            if seat not in humans and isinstance(p, dict) and p.get("bot"):
                bots.add(str(p["bot"]))
    if not bots:
        return "people"
    return bots.pop() if len(bots) == 1 else "mixed"


def replay_events(data: dict[str, Any]) -> Iterator[Event]:
    """Every event of a saved match, in order, by replaying its log ([G1])."""
    from game.registry import new_match

    match = new_match(data["game"], data["seats"], seed=data["seed"], options=data["options"])
    yield from match.start_events
    for seat, raw in data["actions"]:
        yield from match.apply(seat, Action.parse(raw))


@dataclass(frozen=True)
class Best:
    """A best result: its kind, a number (compared by `better`) and a label."""

    kind: str
    value: int
    label: str = ""


def _fastest_win(match: TableMatch, humans: list[int], _events: list[Event]) -> Best | None:
    """War, Chama and any game: the fewest turns to a person's victory."""
    if any(w in humans for w in match.winners()) and not match.timed_out:
        return Best("fastest_win", int(match.turn))
    return None


def _biggest_pot(_match: TableMatch, humans: list[int], events: list[Event]) -> Best | None:
    """Wyrt: the biggest pot a person took."""
    best = 0
    for ev in events:
        name = type(ev).__name__
        taken = (name == "PotWon" and any(w in humans for w in getattr(ev, "winners", ()))) or (
            name == "PotWonUncontested" and getattr(ev, "seat", -1) in humans
        )
        if taken:
            best = max(best, int(getattr(ev, "amount", 0)))
    return Best("biggest_pot", best) if best else None


def _best_combination(_match: TableMatch, humans: list[int], events: list[Event]) -> Best | None:
    """Wyr: a person's best combination at the Hora da Verdade."""
    best: Best | None = None
    for ev in events:
        if type(ev).__name__ == "ScoreSet" and getattr(ev, "seat", -1) in humans:
            points = int(getattr(ev, "points", 0))
            if best is None or points > best.value:
                best = Best("best_combination", points, str(getattr(ev, "combination", "")))
    return best


#: per game, how its best result is read from a finished match and its events
EXTRACTORS: dict[str, Callable[[TableMatch, list[int], list[Event]], Best | None]] = {
    "war": _fastest_win,
    "chama": _fastest_win,
    "wyrt": _biggest_pot,
    "wyr": _best_combination,
}
#: kinds where a smaller number is better
LOWER_IS_BETTER = {"fastest_win"}


def best_result(match: TableMatch, humans: list[int]) -> Best | None:
    """The best result a person had in this finished match, if any."""
    extractor = EXTRACTORS.get(match.game_name, _fastest_win)
    events: list[Event] = []
    if extractor is not _fastest_win:  # a joiner's match has no log to tell (TypeError)
        events = list(replay_events(local_match(match).save()))
    return extractor(match, humans, events)


def better(kind: str, a: int, b: int) -> bool:
    """Whether value `a` beats value `b` for a best result of `kind`."""
    return a < b if kind in LOWER_IS_BETTER else a > b


# ---------------------------------------------------------------------------
# Writing


def record_match(
    match: TableMatch,
    humans: list[int],
    practice: bool = False,
    path: Path | None = None,
    replay: str = "",
) -> None:
    """Store a finished match (who sat, who was human, who won, its best result)."""
    winners = match.winners()
    try:
        best = best_result(match, humans) if humans else None
    except Exception:  # a best result must never cost the record itself  # noqa: BLE001
        best = None
    con = connect(path)
    try:
        con.execute(
            "INSERT INTO matches (game, finished_at, seats, humans, winners, turns, timed,"
            " practice, mode, level, human_won, best_kind, best_value, best_label, replay)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                match.game_name,
                time.time(),
                json.dumps(match.seats, ensure_ascii=False),
                json.dumps(humans),
                json.dumps(winners),
                int(match.turn),
                int(match.timed_out),
                int(practice),
                mode_of(match),
                level_of(match, humans),
                int(any(w in humans for w in winners)),
                best.kind if best else "",
                best.value if best else None,
                best.label if best else "",
                replay,
            ),
        )
        con.commit()
    finally:
        con.close()


def reset(path: Path | None = None) -> int:
    """Forget every recorded match; returns how many were removed."""
    con = connect(path)
    try:
        n = con.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        con.execute("DELETE FROM matches")
        con.commit()
        return int(n)
    finally:
        con.close()


# ---------------------------------------------------------------------------
# Reading


@dataclass
class MatchRow:
    """One line of the match history."""

    id: int
    game: str
    finished_at: float
    seats: list[str]
    humans: list[int]
    winners: list[int]
    turns: int
    practice: bool
    mode: str
    level: str
    human_won: bool
    best_kind: str
    best_value: int | None
    best_label: str
    replay: str


def matches(path: Path | None = None, game: str | None = None) -> list[MatchRow]:
    """Every recorded match (practice too), oldest first."""
    con = connect(path)
    try:
        sql = (
            "SELECT id, game, finished_at, seats, humans, winners, turns, practice, mode, level,"
            " human_won, best_kind, best_value, best_label, replay FROM matches"
        )
        args: tuple[Any, ...] = ()
        if game:
            sql += " WHERE game = ?"
            args = (game,)
        rows = con.execute(sql + " ORDER BY finished_at, id", args).fetchall()
    except sqlite3.DatabaseError:
        # Damaged pages behind a readable header: keep the file aside, start afresh.
        global _problem
        con.close()
        storage.move_aside(path or storage.database_path())
        _problem = "life.stats.damaged"
        return []
    finally:
        con.close()
    out: list[MatchRow] = []
    for r in rows:
        parsed = _parse_row(r[1], r[3], r[4], r[5], r[6])
        if parsed is None:
            continue  # a row written by hand or by another program: skipped, not fatal
        seats, humans, winners = parsed
        out.append(
            MatchRow(
                r[0], r[1], r[2], seats, humans, winners, r[6], bool(r[7]), r[8], r[9],
                bool(r[10]), r[11], r[12], r[13], r[14],
            )
        )  # fmt: skip
    return out


@dataclass
class Group:
    """Ranked statistics of one (game, mode, opponents' level)."""

    game: str
    mode: str
    level: str
    played: int = 0
    won: int = 0
    #: wins (positive) or losses (negative) in a row, up to the latest match
    streak: int = 0
    best_streak: int = 0
    best_kind: str = ""
    best_value: int | None = None
    best_label: str = ""

    @property
    def win_rate(self) -> float:
        """Won / played (0 when nothing was played)."""
        return self.won / self.played if self.played else 0.0


def aggregate(rows: list[MatchRow]) -> list[Group]:
    """Ranked statistics per game, mode and level from history rows (practice left out).

    Only matches a person played count; streaks follow the order of the rows.
    """
    groups: dict[tuple[str, str, str], Group] = {}
    for row in rows:
        if row.practice or not row.humans:
            continue
        g = groups.setdefault((row.game, row.mode, row.level), Group(row.game, row.mode, row.level))
        g.played += 1
        if row.human_won:
            g.won += 1
            g.streak = g.streak + 1 if g.streak > 0 else 1
        else:
            g.streak = g.streak - 1 if g.streak < 0 else -1
        g.best_streak = max(g.best_streak, g.streak)
        if (
            row.best_kind
            and row.best_value is not None
            and (g.best_value is None or better(row.best_kind, row.best_value, g.best_value))
        ):
            g.best_kind, g.best_value, g.best_label = row.best_kind, row.best_value, row.best_label
    return sorted(groups.values(), key=lambda g: (g.game, g.mode, g.level))


def win_rate_series(rows: list[MatchRow], game: str | None = None) -> list[float]:
    """The running win rate after each ranked match (the line chart)."""
    out: list[float] = []
    played = won = 0
    for row in rows:
        if row.practice or not row.humans or (game and row.game != game):
            continue
        played += 1
        won += int(row.human_won)
        out.append(won / played)
    return out


def statistics(path: Path | None = None) -> list[Group]:
    """Ranked statistics straight from the database."""
    return aggregate(matches(path))


def summary(path: Path | None = None) -> dict[str, Any]:
    """Per game: ranked matches, human wins, average turns; per human name: played/won.

    `total` counts every recorded match, practice included; the rest is ranked only.
    """
    rows = matches(path)
    games: dict[str, dict[str, Any]] = {}
    players: dict[str, dict[str, int]] = {}
    for row in rows:
        if row.practice:
            continue
        g = games.setdefault(row.game, {"matches": 0, "human_wins": 0, "turns": 0})
        g["matches"] += 1
        g["turns"] += row.turns
        g["human_wins"] += int(any(w in row.humans for w in row.winners))
        for h in row.humans:
            if 0 <= h < len(row.seats):
                p = players.setdefault(row.seats[h], {"played": 0, "won": 0})
                p["played"] += 1
                p["won"] += int(h in row.winners)
    for g in games.values():
        g["average_turns"] = round(g.pop("turns") / g["matches"], 1) if g["matches"] else 0
    return {"games": games, "players": players, "total": len(rows)}


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
