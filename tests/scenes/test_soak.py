"""`taverna soak`, short: bots through every registered table, and a crash is counted.

The long soak is a command in the README (`taverna soak --minutes 30`); CI runs
these few seconds of it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import main
from scenes import soak
from scenes.tables import TABLES


def test_the_command_line_offers_soak() -> None:
    args = main.build_parser().parse_args(["soak", "--minutes", "0.5", "--seed", "3", "--json"])
    assert args.command == "soak" and args.minutes == 0.5 and args.seed == 3 and args.json
    assert main.cli(["soak", "--minutes", "0"]) == 2  # refused in words


@pytest.mark.slow
def test_a_short_soak_plays_every_registered_table_without_a_crash() -> None:
    # one leg per table whatever the machine's load (the deadline alone left the last
    # tables unvisited on a busy machine), and time kept in frames, not seconds
    report = soak.Soak(
        minutes=0.12, seed=4, leg_seconds=2.5, min_legs=len(TABLES), frame_clock=True
    ).run()
    assert report.crashes == 0, report.crash_samples
    assert set(report.tables) >= {"war", "alta"}  # discovered, not listed
    assert all(report.matches_started.get(g, 0) >= 1 for g in report.tables)
    assert report.frames > 100
    assert report.rss_start_mb > 0 and report.peak_rss_mb >= report.rss_end_mb * 0.5
    assert "crashes: 0" in "\n".join(report.lines())


@pytest.mark.slow
def test_the_soak_pauses_saves_loads_resizes_and_switches_language() -> None:
    s = soak.Soak(minutes=0.08, seed=8, games=["alta"], leg_seconds=4, frame_clock=True)
    # Make the rare things happen every leg, so a few seconds cover them.
    s.rng.random = lambda: 0.001  # type: ignore[method-assign]
    report = s.run()
    assert report.crashes == 0, report.crash_samples
    assert report.pauses and report.saves and report.loads and not report.loads_failed


class _Boom(Exception):
    pass


@pytest.mark.slow
def test_a_table_that_raises_is_counted_as_a_crash_and_the_soak_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.scenes.alta_table import AltaTable

    calls = {"n": 0}

    def draw_table(self, surface) -> None:  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 20:
            raise _Boom("drawn badly")

    monkeypatch.setattr(AltaTable, "draw_table", draw_table)
    report = soak.Soak(minutes=0.08, seed=2, games=["alta"], leg_seconds=2, frame_clock=True).run()
    assert report.crashes >= 1 and "_Boom" in report.crash_samples[0]
    # It recovered and went on drawing; counted in draws over a leg kept in frames,
    # not seconds, so a busy machine cannot fail it.
    assert calls["n"] > 20 + 10


@pytest.mark.slow
def test_run_soak_never_touches_the_players_folder(capsys: pytest.CaptureFixture[str]) -> None:
    home = Path(os.environ["TAVERNA_HOME"])
    assert soak.run_soak(0.05, seed=1, games=["alta"]) == 0
    assert "crashes: 0" in capsys.readouterr().out
    assert not home.exists() or not any(home.rglob("*.json"))
    assert os.environ["TAVERNA_HOME"] == str(home)


def test_random_options_stay_inside_every_schema() -> None:
    import random

    from game import GAMES, get_info

    rng = random.Random(3)
    for game in GAMES:
        info = get_info(game)
        for _ in range(20):
            opts = soak.random_options(info, info.min_seats, rng)
            specs = {o.key: o for o in info.options}
            for k, v in opts.items():
                specs[k].validate(v, info.min_seats)
    assert "alta" in TABLES


@pytest.mark.slow
def test_soak_json_is_data_only(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert soak.run_soak(0.03, seed=2, as_json=True, games=["alta"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["crashes"] == 0 and report["tables"] == ["alta"]


@pytest.mark.slow
def test_the_soak_plays_legs_at_a_speed_players_use_too() -> None:
    # "instant" skips the effects a player sees; a Xisum duel once crashed only
    # at the other speeds, so some legs must animate
    s = soak.Soak(
        minutes=0.05, seed=5, games=["alta"], leg_seconds=1.5, min_legs=6, frame_clock=True
    )
    report = s.run()
    assert report.crashes == 0, report.crash_samples
    assert report.legs_by_speed.get("fast", 0) >= 1
    assert report.legs_by_speed.get("instant", 0) >= 1
    assert "legs by animation speed" in "\n".join(report.lines())


def test_a_frame_clock_soak_ends_after_its_frames_however_slow_each_one() -> None:
    import time

    s = soak.Soak(minutes=0.02, seed=6, games=["alta"], leg_seconds=60, frame_clock=True)
    real_frame = s.frame

    def slow_frame(events=None) -> bool:  # type: ignore[no-untyped-def]
        time.sleep(0.002)  # a loaded machine: the frame count decides, not the seconds
        return real_frame(events)

    s.frame = slow_frame  # type: ignore[method-assign]
    report = s.run()
    assert report.crashes == 0, report.crash_samples
    # 0.02 minutes = 72 frames of 1/60 s, plus the few the menu and the leg's end take
    assert 72 <= report.frames <= 72 + 40
