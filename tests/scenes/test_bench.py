"""`taverna bench`: its pieces are generic over tables and engines, and degrade in words.

Timings are never asserted (ARCHITECTURE.md); these tests check that every
registered table and engine gets its rows and that a missing reference library
becomes a row that says so instead of an error.
"""

from __future__ import annotations

import sys

import pytest

import main
from scenes import bench, bench_engines


def test_the_command_line_offers_bench_with_quick_json_and_extras() -> None:
    args = main.build_parser().parse_args(["bench", "--quick", "--json", "--extras"])
    assert args.command == "bench" and args.quick and args.json and args.extras


def test_bot_levels_come_from_the_bots_themselves_with_the_architecture_budgets() -> None:
    levels = bench.bot_levels("war")
    assert list(levels) == ["easy", "normal", "hard"]
    assert levels["normal"][1] == 0.2 and levels["hard"][1] == 1.0
    wyrt = bench.bot_levels("wyrt")
    assert "boss" in wyrt and wyrt["boss"] == ("morto", 1.0)  # personas grouped by level


def test_bot_decisions_are_sampled_for_every_level_of_the_tiny_game() -> None:
    times = bench.bot_decision_times("alta", 0.3)
    assert set(times) == set(bench.bot_levels("alta"))
    assert all(times[level] for level in times)


def test_random_games_are_counted_for_a_registered_engine() -> None:
    r = bench.random_games_rate("alta", 0.1)
    assert r["games"] >= 1 and r["capped"] == 0 and r["actions"] > 0


def test_table_frames_measure_any_registered_table() -> None:
    ft = bench.table_frame_times("alta", 20, size=(1024, 640))
    assert len(ft["every"]) == 20 and len(ft["cpu"]) == 20
    assert all(t >= 0 for t in ft["every"])


@pytest.mark.parametrize("missing", ["treys", "eval7"])
def test_a_missing_reference_library_is_a_row_that_says_so(
    missing: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, missing, None)  # import fails as if not installed
    rows = bench.evaluator_rows(quick=True, hands=300)
    said = [r for r in rows if r["value"] == f"{missing} not installed"]
    assert len(said) == 1 and said[0]["ok"] is None
    assert any(r["name"].startswith("wyrt evaluate()") for r in rows)


def test_the_table_is_one_aligned_text_block() -> None:
    rows = [
        bench.row("a", "first", 1.5, "ms", "<= 6 ms", True),
        bench.row("bb", "second, longer", "eval7 not installed"),
        bench.row("a", "third", 9, "ms", "<= 6 ms", False),
    ]
    text = bench.format_table(rows).splitlines()
    assert len(text) == 5 and text[2].endswith("ok") and text[4].endswith("OVER")
    assert len({line.index("first") for line in text if "first" in line}) == 1


def test_the_war_fast_simulator_row_compares_games_per_second() -> None:
    rows = bench.war_fastsim_rows(quick=True, games=1)
    assert len(rows) == 1
    r = rows[0]
    assert r["name"].startswith("War fast simulator: games/s vs WarMatch")
    assert r["unit"] == "x" and r["games"] == 1
    assert r["fast_games_per_s"] > 0 and r["normal_games_per_s"] > 0
    assert r["ok"] == (r["value"] >= bench_engines.WAR_FASTSIM_SPEEDUP_GOAL)
