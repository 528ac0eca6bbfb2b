"""The command line: headless commands and clear one-line errors."""

from __future__ import annotations

import json

import pytest

import main


def test_unknown_game_fails_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.cli(["simulate", "xadrez", "--seats", "bot:easy,bot:easy"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown game" in err[0]


def test_simulate_requires_bots(capsys: pytest.CaptureFixture[str]) -> None:
    from game import GAMES

    name = next(iter(GAMES), None)
    if name is None:
        pytest.skip("no game engine in this build")
    assert main.cli(["simulate", name, "--seats", "Ana,bot:easy"]) == 2
    assert "bot:" in capsys.readouterr().err


def test_games_not_ready_exit_non_zero(capsys: pytest.CaptureFixture[str]) -> None:
    from game import GAMES, KNOWN_GAMES

    missing = [g for g in KNOWN_GAMES if g not in GAMES]
    for g in missing:
        assert main.cli(["simulate", g, "--seats", "bot:easy,bot:easy"]) == 2
        assert main.cli(["play", g, "--frames", "1"]) == 2
    out = capsys.readouterr().err.strip().splitlines()
    assert all("not ready" in line for line in out)


def test_bad_size_is_rejected(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main.cli(["--size", "big"])
    assert "1280x800" in capsys.readouterr().err


def test_simulate_every_ready_game_json(capsys: pytest.CaptureFixture[str]) -> None:
    from game import GAMES, get_info

    for name in GAMES:
        info = get_info(name)
        seats = ",".join(f"bot:{info.bot_ids[0]}" for _ in range(info.min_seats))
        assert (
            main.cli(["simulate", name, "--seats", seats, "--games", "2", "--seed", "3", "--json"])
            == 0
        )
        out = json.loads(capsys.readouterr().out)
        assert out["games"] == 2 and out["invariants_held"]


def test_gui_runs_frames_and_saves_a_screenshot(tmp_path) -> None:  # type: ignore[no-untyped-def]
    shot = tmp_path / "menu.png"
    assert main.cli(["--frames", "3", "--screenshot", str(shot), "--lang", "pt"]) == 0
    assert shot.exists() and shot.stat().st_size > 10_000


def test_unknown_scene_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.cli(["--scene", "nowhere", "--frames", "1"]) == 2
    assert "unknown scene" in capsys.readouterr().err


def test_simulate_text_shows_intervals_and_chips(capsys: pytest.CaptureFixture[str]) -> None:
    """The text table names the rotation and gives each win rate a 95% interval;
    Wyrt adds chips per 100 hands; --duplicate and --budget reach the runner."""
    args = ["simulate", "wyrt", "--seats", "bot:cliente_casual,bot:nobre_genial"]
    args += ["--games", "2", "--seed", "2", "--duplicate", "--budget", "0.05"]
    assert main.cli([*args, "-o", "hand_limit=1"]) == 0
    out = capsys.readouterr().out
    assert "seats rotated, duplicate deals" in out
    assert out.count("95% ") >= 4 and "chips/100 hands" in out
    assert "luck-adjusted" in out and "dice rolls taken out" in out


def test_simulate_refuses_an_empty_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.cli(["simulate", "wyr", "--seats", "bot:easy,bot:easy", "--budget", "0"]) == 2
    assert "--budget" in capsys.readouterr().err


def test_simulate_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    """--jobs N plays in N processes and prints the same table; a negative count is refused."""
    args = ["simulate", "wyr", "--seats", "bot:easy,bot:normal", "--games", "4", "--seed", "5"]
    assert main.cli([*args, "--json"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main.cli([*args, "--json", "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert [s["wins"] for s in one["seats"]] == [s["wins"] for s in two["seats"]]
    assert main.cli([*args, "--jobs", "-1"]) == 2
    assert "--jobs" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "en", "--size", "1024x640", "--frames", "5", "play", "wyrt"],
        ["play", "wyrt", "--lang", "en", "--size", "1024x640", "--frames", "5"],
        ["--lang", "pt", "play", "wyrt", "--lang", "en", "--size", "1024x640", "--frames", "5"],
    ],
)
def test_window_flags_count_before_or_after_play(argv: list[str]) -> None:
    """`taverna --size 1024x640 play wyrt` opened at 1280x800 in the saved language:
    the subcommand's own empty defaults overwrote the flags given before it."""
    args = main.build_parser().parse_args(argv)
    assert (args.lang, args.size, args.frames) == ("en", (1024, 640), 5)
    plain = main.build_parser().parse_args(["play", "wyrt"])
    assert (plain.lang, plain.size, plain.frames, plain.autoplay) == (None, None, 0, False)
