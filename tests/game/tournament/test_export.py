"""Export of standings and pairings to CSV and JSON (round trips)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.tournament import (
    create_tournament,
    export_pairings_csv,
    export_pairings_json,
    export_standings_csv,
    export_standings_json,
    export_tournament_json,
    import_tournament_json,
    pairing_rows,
    simulate_tournament,
    standings_rows,
)
from game.tournament.export import PAIRING_COLUMNS, csv_cell, read_csv
from game.tournament.organizer import Tournament


@pytest.fixture(params=[("swiss", {"top_cut": 4}), ("melee", {}), ("elimination", {})])
def finished(request: pytest.FixtureRequest) -> Tournament:
    fmt, kw = request.param
    t = create_tournament(
        "alta", [(f"Bot ção {i}", "random") for i in range(9)], format=fmt, seed=4, **kw
    )
    simulate_tournament(t)
    return t


def test_standings_csv_round_trip(finished: Tournament, tmp_path: Path) -> None:
    for final in (True, False):
        path = tmp_path / f"standings-{final}.csv"
        export_standings_csv(finished, path, final=final)
        back = read_csv(path)
        rows = standings_rows(finished, final=final)
        assert list(back[0]) == list(finished.columns(final))
        assert back == [{k: csv_cell(v) for k, v in r.items()} for r in rows]


def test_standings_json_round_trip(finished: Tournament, tmp_path: Path) -> None:
    path = tmp_path / "standings.json"
    export_standings_json(finished, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["standings"] == standings_rows(finished)
    assert data["columns"] == list(finished.columns(True))
    assert data["tournament"]["champion"] == finished.champion().name  # type: ignore[union-attr]


def test_pairings_csv_and_json_round_trip(finished: Tournament, tmp_path: Path) -> None:
    rows = pairing_rows(finished)
    seats = sum(len(tb.seats) for r in finished.rounds for tb in r.tables)
    assert len(rows) == seats
    export_pairings_csv(finished, tmp_path / "p.csv")
    back = read_csv(tmp_path / "p.csv")
    assert list(back[0]) == list(PAIRING_COLUMNS)
    assert back == [{k: csv_cell(v) for k, v in r.items()} for r in rows]
    export_pairings_json(finished, tmp_path / "p.json")
    data = json.loads((tmp_path / "p.json").read_text(encoding="utf-8"))
    assert data["pairings"] == rows


def test_whole_tournament_json_round_trip(finished: Tournament, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    export_tournament_json(finished, path)
    again = import_tournament_json(path)
    assert again.to_dict() == finished.to_dict()
    assert [r.to_dict() for r in again.final_standings()] == [
        r.to_dict() for r in finished.final_standings()
    ]


def test_pairings_of_an_unfinished_round_export_blank_results(tmp_path: Path) -> None:
    t = create_tournament("alta", ["A", "B", "C"], seed=1)
    t.start_round()
    export_pairings_csv(t, tmp_path / "p.csv")
    back = read_csv(tmp_path / "p.csv")
    duel = [r for r in back if r["outcome"] == ""]
    assert len(duel) == 2 and all(r["points"] == "" for r in duel)
    bye = [r for r in back if r["outcome"] == "bye"]
    assert len(bye) == 1 and bye[0]["points"] == "5"
