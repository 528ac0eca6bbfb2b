"""The load generator (issue 46): a short run's report has every figure, and
runs out of bounds are refused in words. Shape only: timing is the bench's."""

from __future__ import annotations

import pytest

from game.net import loadtest
from game.net.server import lobby


def test_a_short_run_reports_every_figure() -> None:
    args = loadtest.parse(
        ["--tables", "2", "--game", "chama", "--seconds", "3", "--pace", "0.2", "--bots", "1"]
    )
    report = loadtest.run(args)
    assert report["errors"] == {}, report
    assert report["tables_held_open"] == 2 and report["server_live_tables_max"] == 2
    assert report["connections"] == 4
    assert report["actions"] > 0 and report["round_trips"] > 0
    assert 0 < report["rtt_ms_p50"] <= report["rtt_ms_p99"]
    for key in (
        "server_tick_ms_max",
        "server_loop_lag_ms_max",
        "bot_longest_wait_s",
        "players_loop_lag_ms_max",
    ):
        assert isinstance(report[key], float), key
    assert report["bot_decisions"] >= 0
    # the server's own costs: CPU, actions per CPU second, memory
    assert report["server_cpu_s"] > 0 and report["server_cpu_ms_per_table_s"] > 0
    assert report["server_actions_per_cpu_s"] > 0
    assert report["server_rss_mb"] > 10 and isinstance(report["server_rss_kb_per_table"], float)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--tables", "501", "--game", "wyr"], "--tables must be 1 to 500"),
        (["--tables", "2", "--game", "wyr", "--seconds", "9999"], "--seconds"),
        (["--tables", "2", "--game", "wyr", "--server", "10.0.0.1:47474"], "127.0.0.1"),
        (["--tables", "2", "--game", "nope"], "unknown game"),
        (["--tables", "2", "--game", "chama", "--seats", "4", "--bots", "1"], "seats 2 to 4"),
    ],
)
def test_a_run_out_of_bounds_is_refused(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        loadtest.parse(argv)
    assert words in capsys.readouterr().err


def test_many_guessing_addresses_get_the_server_s_rate() -> None:
    g = loadtest.guess_flood(addresses=100, seconds=20.0, tables=5, warmup=10.0)
    assert g["busy"] > 0
    # 100 addresses at one guess each per DELAY_MAX would be 50 a second
    assert g["guesses_per_s"] <= lobby.GUESS_RATE + lobby.GUESS_BURST / 20.0
    assert g["expected_years_1000_tables"] > 1000
