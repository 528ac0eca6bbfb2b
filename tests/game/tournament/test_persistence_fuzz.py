"""Fuzzing of the tournament tables of the database ([R1]–[R11] state on disk).

A damaged file, or a tournament row or match save edited by another program,
ends in a fresh store, a `TournamentError` in words or "no save", never in an
exception the screens do not expect; a file put aside keeps its bytes.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from game.tournament import TournamentError, create_tournament, open_store
from tests.fuzzing import FUZZ, damaged, fresh_home, json_values, kept_aside


def _store_bytes() -> tuple[bytes, str]:
    path = Path(tempfile.mkdtemp(prefix="taverna-fuzz-")) / "t.sqlite3"
    t = create_tournament(
        "alta", [(f"bot {i}", "random") for i in range(6)], format="swiss", seed=3
    )
    with open_store(path) as store:
        store.save(t)
    with sqlite3.connect(path) as con:
        state = con.execute("SELECT state FROM tournament_events").fetchone()[0]
    return path.read_bytes(), state


_DB, _STATE = _store_bytes()


@FUZZ
@given(damaged(_DB))
def test_a_damaged_tournament_database_opens_fresh_or_as_it_was(raw: bytes) -> None:
    path = fresh_home() / "taverna.sqlite3"
    path.write_bytes(raw)
    try:
        store = open_store(path)
    except sqlite3.DatabaseError as e:  # pragma: no cover - would be the defect
        raise AssertionError(f"open_store let {e!r} out") from e
    with store:
        if store.problem:
            assert kept_aside(path, raw)
        for summary in store.history():
            with contextlib.suppress(TournamentError):
                store.load(summary.id)


def _mutate(state: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    out = dict(state)
    out[key] = value
    return out


@FUZZ
@given(
    st.one_of(
        st.tuples(st.sampled_from(sorted(json.loads(_STATE))), json_values).map(
            lambda kv: json.dumps(_mutate(json.loads(_STATE), *kv))
        ),
        json_values.map(json.dumps),
        st.text(max_size=30),
    )
)
def test_an_edited_tournament_row_loads_or_is_refused_in_words(state: str) -> None:
    path = fresh_home() / "taverna.sqlite3"
    path.write_bytes(_DB)
    with sqlite3.connect(path) as con:
        con.execute("UPDATE tournament_events SET state=?", (state,))
    with open_store(path) as store:
        tid = store.history()[0].id
        try:
            store.load(tid)
        except TournamentError as e:
            assert str(e)


def test_a_tournament_row_of_null_is_refused_in_words_not_an_attribute_error() -> None:
    path = fresh_home() / "taverna.sqlite3"
    path.write_bytes(_DB)
    with sqlite3.connect(path) as con:
        con.execute("UPDATE tournament_events SET state='null'")
    with open_store(path) as store:
        try:
            store.load(store.history()[0].id)
        except TournamentError as e:
            assert e.key == "tournament.errors.corrupt_record"
        else:
            raise AssertionError("a null tournament loaded")
