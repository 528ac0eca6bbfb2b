"""Tournaments in SQLite survive closing the app mid-round and resume exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.registry import load_match
from game.storage import database_path
from game.tournament import (
    TournamentError,
    create_tournament,
    new_table_match,
    open_store,
    play_table,
    record_match,
    simulate_tournament,
)
from game.tournament.organizer import Tournament


def _make(fmt: str = "swiss", **kw: object) -> Tournament:
    entrants = [(f"bot {i}", "random") for i in range(1, 14)]
    return create_tournament(
        "alta", entrants, format=fmt, seed=21, created="2025-01-01T10:00:00", **kw
    )  # type: ignore[arg-type]


def _comparable(t: Tournament) -> dict[str, object]:
    return t.to_dict()


@pytest.mark.parametrize(
    "fmt,kw",
    [("swiss", {"top_cut": 4, "turn_limit": 2}), ("melee", {}), ("elimination", {})],
)
def test_close_mid_round_and_resume_gives_the_same_tournament(
    fmt: str, kw: dict[str, object]
) -> None:
    straight = _make(fmt, **kw)
    simulate_tournament(straight)

    t = _make(fmt, **kw)
    store = open_store()
    assert store.path == database_path()
    t.start_round()
    rnd = t.current_round
    assert rnd is not None
    half = [tb for tb in rnd.pending][: max(1, len(rnd.pending) // 2)]
    for tb in half:
        play_table(t, rnd.number, tb.number)
        store.save(t)
    assert not rnd.complete
    tid = t.id
    store.close()  # the app closes mid-round

    store = open_store()
    resumed = store.load(tid)  # type: ignore[arg-type]
    assert resumed.current_round is not None and not resumed.current_round.complete
    simulate_tournament(resumed, on_table=lambda r, tb, m: store.save(resumed))
    store.save(resumed)
    store.close()

    with open_store() as store:
        final = store.load(tid)  # type: ignore[arg-type]
    assert _comparable(final) == _comparable(straight)
    assert [r.to_dict() for r in final.final_standings()] == [
        r.to_dict() for r in straight.final_standings()
    ]


def test_a_half_played_human_match_resumes_from_its_save() -> None:
    t = create_tournament("alta", ["Ana", "Bia", "Caio", "Duda"], seed=5)
    t.start_round()
    tb = t.round(1).tables[0]

    def first_legal(m):  # type: ignore[no-untyped-def]
        while not m.is_over:
            seat = m.to_move[0]
            m.apply(seat, m.legal_actions(seat)[0])
            yield

    straight = new_table_match(t, 1, tb.number)
    for _ in first_legal(straight):
        pass

    with open_store() as store:
        store.save(t)
        m = new_table_match(t, 1, tb.number)
        steps = first_legal(m)
        next(steps)
        next(steps)
        store.save_match(t, 1, tb.number, m.save())
        tid = t.id

    with open_store() as store:
        again = store.load(tid)  # type: ignore[arg-type]
        saved = store.load_match(again, 1, tb.number)
        assert saved is not None
        m2 = load_match(saved)
        for _ in first_legal(m2):
            pass
        assert record_match(again, 1, tb.number, m2)
        store.save(again)
        store.save_match(again, 1, tb.number, m2.save())
    assert m2.standings() == straight.standings()
    assert m2.fingerprint() == straight.fingerprint()


def test_history_lists_saved_tournaments_newest_first() -> None:
    with open_store() as store:
        a = _make()
        store.save(a)
        b = create_tournament(
            "alta", ["X", "Y"], seed=1, name="Copa", created="2025-02-01T00:00:00"
        )
        store.save(b)
        simulate_tournament(a)  # bots only
        store.save(a)
        rows = store.history()
        assert [r.id for r in rows] == [b.id, a.id]
        assert rows[0].name == "Copa" and not rows[0].finished
        assert rows[1].finished and rows[1].champion == a.champion().name  # type: ignore[union-attr]
        store.delete(b.id)  # type: ignore[arg-type]
        assert [r.id for r in store.history()] == [a.id]
        with pytest.raises(TournamentError) as e:
            store.load(b.id)  # type: ignore[arg-type]
        assert e.value.key == "tournament.errors.not_saved"


def test_a_damaged_database_is_moved_aside(tmp_path: Path) -> None:
    path = database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database at all" * 100)
    with open_store() as store:
        assert store.problem == "tournament.storage.corrupt"
        store.save(_make())
        assert len(store.history()) == 1
    assert any(p.name.startswith("taverna.sqlite3.corrupt-") for p in path.parent.iterdir())


def test_a_damaged_record_raises_a_clear_error() -> None:
    with open_store() as store:
        t = _make()
        store.save(t)
        store._conn.execute("UPDATE tournament_events SET state='{' WHERE id=?", (t.id,))
        store._conn.commit()
        with pytest.raises(TournamentError) as e:
            store.load(t.id)  # type: ignore[arg-type]
        assert e.value.key == "tournament.errors.corrupt_record"
