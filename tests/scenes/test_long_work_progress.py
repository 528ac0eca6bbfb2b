"""`taverna bench` and `taverna soak` show their progress on stderr, never on stdout."""

from __future__ import annotations

import json
from typing import Any

import pytest

import game.progress
from scenes import bench, soak


@pytest.fixture(autouse=True)
def chatty(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plain progress line at every step (tests never wait 5 s)."""
    monkeypatch.setattr(game.progress, "PLAIN_EVERY", 0.0)


def test_bench_counts_its_sections_on_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def one_row(*_args: Any) -> list[dict[str, Any]]:
        return [bench.row("test", "a row", "1", "")]

    for name in ("startup_rows", "table_rows", "pace_rows", "network_rows", "evaluator_rows"):
        monkeypatch.setattr(bench, name, one_row)
    for name in ("engine_rows", "bot_rows", "memory_rows", "extra_rows", "host_load_rows"):
        monkeypatch.setattr(bench, name, one_row)
    for name in ("war_fastsim_rows", "hardening_rows", "server_rows"):
        monkeypatch.setattr(bench, name, one_row)
    assert bench.run_bench(quick=True, as_json=True) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)["rows"]) == 1 + 12  # the machine row and one a section
    lines = err.splitlines()
    assert [line.split(",")[0] for line in lines[:12]] == [
        f"bench: {n}/12 sections" for n in range(1, 13)
    ]


def test_soak_reports_seconds_on_stderr_and_json_on_stdout(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a line at every count: on a loaded machine the 2 s soak could end before
    # its first timed line (the suite failed so with the load average at 9)
    monkeypatch.setattr(game.progress, "PLAIN_EVERY", 0.0)
    assert soak.run_soak(0.03, seed=2, as_json=True, games=["alta"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["tables"] == ["alta"]
    assert err.startswith("soak: ") and "/1 s" in err and "games/s" not in err
