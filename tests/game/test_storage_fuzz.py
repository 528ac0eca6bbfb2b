"""Fuzzing of the files under the data folder: any JSON file and the history database.

Whatever the bytes, reading ends in data or a clear problem key, never an
exception, and a file that is put aside keeps the player's bytes exactly.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import history, storage
from tests.fuzzing import FUZZ, damaged, fresh_home, json_bytes, json_values, kept_aside


@FUZZ
@given(st.one_of(json_values.map(json_bytes), damaged(json_bytes({"a": [1, 2, {"b": "c"}]}))))
def test_read_json_never_raises_and_keeps_what_it_moves(raw: bytes) -> None:
    path = fresh_home() / "data" / "thing.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(raw)
    result = storage.read_json(path, "default")
    if result.problem:
        assert result.problem == "core.storage.corrupt" and result.data == "default"
        assert not path.exists() and kept_aside(path, raw)
    else:
        assert path.read_bytes() == raw  # a good file is left alone


def test_read_json_of_a_nesting_deeper_than_the_parser_is_corrupt_not_a_crash() -> None:
    path = fresh_home() / "deep.json"
    path.write_text("[" * 100_000, encoding="utf-8")
    result = storage.read_json(path, None)
    assert result.problem == "core.storage.corrupt" and kept_aside(path, b"[" * 100_000)


def test_read_json_in_a_folder_it_cannot_write_reports_instead_of_raising(tmp_path: Path) -> None:
    path = fresh_home() / "ro" / "s.json"
    path.parent.mkdir()
    path.write_text("{ broken", encoding="utf-8")
    path.parent.chmod(0o500)
    try:
        result = storage.read_json(path, 0)
    finally:
        path.parent.chmod(0o700)
    # root may still write there; either way the caller gets defaults and a problem
    assert result.data == 0 and result.problem in (
        "core.storage.corrupt",
        "core.storage.unreadable",
    )


def test_copy_aside_keeps_the_bytes_and_the_original() -> None:
    path = fresh_home() / "settings.json"
    path.write_bytes(b'{"x": 1}')
    copy = storage.copy_aside(path)
    assert copy is not None and copy.read_bytes() == b'{"x": 1}' and path.exists()


# -- the history database --------------------------------------------------------------
_SQLITE_HEADER = b"SQLite format 3\x00"


def _real_database() -> bytes:
    import tempfile

    path = Path(tempfile.mkdtemp(prefix="taverna-fuzz-")) / "seed.sqlite3"
    con = history.connect(path)
    con.execute(
        "INSERT INTO matches (game, finished_at, seats, humans, winners, turns) VALUES (?,?,?,?,?,?)",
        ("war", 1.0, '["Ana","Bot"]', "[0]", "[0]", 12),
    )
    con.commit()
    con.close()
    return path.read_bytes()


_DB = _real_database()


@pytest.mark.slow
@FUZZ
@given(st.one_of(damaged(_DB), st.binary(max_size=200).map(lambda b: _SQLITE_HEADER + b)))
def test_a_damaged_database_gives_statistics_or_a_fresh_start(raw: bytes) -> None:
    path = fresh_home() / "data" / "taverna.sqlite3"
    path.parent.mkdir(parents=True)
    path.write_bytes(raw)
    out = history.summary(path)
    assert set(out) == {"games", "players", "total"}
    if not path.exists() or path.read_bytes() != raw:
        # it was put aside (or rewritten by SQLite after a recovery): the original survives
        assert kept_aside(path, raw) or path.exists()
    con = history.connect(path)  # and the history is usable afterwards
    con.execute("SELECT count(*) FROM matches").fetchone()
    con.close()


_cell = st.one_of(
    st.none(),
    st.integers(-5, 5),
    st.booleans().map(int),
    st.text(max_size=6),
    json_values.map(json.dumps),
    st.binary(max_size=6),
)


@pytest.mark.slow
@FUZZ
@given(st.lists(st.tuples(_cell, _cell, _cell, _cell, _cell), min_size=1, max_size=6))
def test_rows_written_by_another_program_are_skipped_not_fatal(rows: list[tuple]) -> None:  # type: ignore[type-arg]
    path = fresh_home() / "h.sqlite3"
    con = sqlite3.connect(path)
    con.execute(
        "CREATE TABLE matches (id INTEGER PRIMARY KEY, game, finished_at, seats, humans, winners,"
        " turns, timed DEFAULT 0, practice DEFAULT 0)"
    )
    con.executemany(
        "INSERT INTO matches (game, finished_at, seats, humans, winners, turns) VALUES (?,0,?,?,?,?)",
        rows,
    )
    con.commit()
    con.close()
    out = history.summary(path)
    assert 0 <= out["total"] <= len(rows)
    assert sum(g["matches"] for g in out["games"].values()) == out["total"]


def test_a_matches_table_of_another_shape_is_kept_renamed_and_history_restarts() -> None:
    path = fresh_home() / "h.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE matches (who TEXT, score INTEGER)")
    con.execute("INSERT INTO matches VALUES ('Ana', 3)")
    con.execute("CREATE TABLE tournament_events (id INTEGER PRIMARY KEY, name TEXT)")
    con.commit()
    con.close()
    assert history.summary(path)["total"] == 0
    con = sqlite3.connect(path)
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    kept = next(n for n in names if n.startswith("matches_damaged_"))
    assert con.execute(f"SELECT * FROM {kept}").fetchall() == [("Ana", 3)]
    assert "tournament_events" in names  # the other tables of the file are untouched
    con.close()
