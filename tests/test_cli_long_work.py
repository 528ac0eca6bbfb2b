"""Issue 34, the command line: progress on stderr, tournament --jobs, War's
bots-only turn limit [R7], `--scene rules:<tab>` and `bot:<level>` for Wyrt."""

from __future__ import annotations

import json

import pytest

import game.progress
import main
from game import get_info


@pytest.fixture
def chatty(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plain progress line at every step (tests never wait 5 s)."""
    monkeypatch.setattr(game.progress, "PLAIN_EVERY", 0.0)


WYR = ["simulate", "wyr", "--seats", "bot:easy,bot:normal", "--games", "3", "--seed", "5"]


def test_simulate_progress_goes_to_stderr_and_json_stays_clean(
    chatty: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main.cli([*WYR, "--json"]) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)  # stdout is the document and nothing else
    assert doc["games"] == 3
    lines = err.splitlines()
    # capsys's stderr is not a terminal: plain lines, no bar
    assert lines[0].startswith("simulate: 1/3 games, ") and "\r" not in err
    assert lines[-1].startswith("simulate: 3/3 games, ") and "done in" in lines[-1]


def test_simulate_json_is_the_same_with_or_without_progress(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main.cli([*WYR, "--json"]) == 0
    quiet = capsys.readouterr()
    monkeypatch.setattr(game.progress, "PLAIN_EVERY", 0.0)
    assert main.cli([*WYR, "--json"]) == 0
    chatty = capsys.readouterr()
    assert quiet.err == "" and chatty.err != ""

    def figures(text: str) -> list[object]:
        doc = json.loads(text)
        return [doc["games"], doc["average_turns"], [s["wins"] for s in doc["seats"]]]

    assert figures(quiet.out) == figures(chatty.out)


def _tournament(capsys: pytest.CaptureFixture[str], fmt: str, jobs: str) -> tuple[str, str]:
    args = ["tournament", "wyr", "--format", fmt, "--entrants", "5", "--bots", "easy"]
    assert main.cli([*args, "--simulate", "--seed", "4", "--json", "--jobs", jobs]) == 0
    out, err = capsys.readouterr()
    return out, err


@pytest.mark.parametrize("fmt", ["swiss", "elimination"])
def test_tournament_jobs_give_the_same_json(
    fmt: str, chatty: None, capsys: pytest.CaptureFixture[str]
) -> None:
    one, err_one = _tournament(capsys, fmt, "1")
    two, err_two = _tournament(capsys, fmt, "2")
    assert json.loads(one)["tournament"]["finished"]
    assert one == two
    # the estimate comes first, on stderr, then the progress
    assert err_one.splitlines()[0].startswith("tournament: about ")
    assert "s a round when hard bots play" in err_one and "one at a time" in err_one
    assert "2 at a time" in err_two.splitlines()[0]
    assert err_two.splitlines()[-1].startswith("tournament: ") and "matches" in err_two


def test_tournament_refuses_negative_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.cli(["tournament", "wyr", "--simulate", "--jobs", "-2"]) == 2
    assert "--jobs" in capsys.readouterr().err


def test_round_estimate_follows_the_budgets_and_the_jobs() -> None:
    from game.tournament.headless import build
    from game.tournament.pace import TYPICAL, hard_budget, round_seconds

    args = main.build_parser().parse_args(["tournament", "chama", "--entrants", "9", "--simulate"])
    t = build(args)
    decisions, share = TYPICAL["chama"]
    one_match = 2 * decisions * share * hard_budget("chama")
    assert round_seconds(t, 1) == pytest.approx(4 * one_match)  # 9 entrants: 4 tables
    assert round_seconds(t, 2) == pytest.approx(2 * one_match)
    assert round_seconds(t, 8) == pytest.approx(one_match)
    assert hard_budget("chama") == 0.9 and hard_budget("war") == 1.0


def test_war_simulate_ends_on_time_by_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """[R7]: bots-only War gets the timed end without being asked (a tiny limit
    here: one round), and -o turn_limit=0 turns it off."""
    monkeypatch.setitem(get_info("war").extra, "bots_only_rounds", 1)
    args = ["simulate", "war", "--seats", "bot:easy,bot:easy", "--games", "2", "--seed", "3"]
    assert main.cli([*args, "--json"]) == 0
    timed = json.loads(capsys.readouterr().out)
    assert timed["timed_games"] == 2 and timed["average_turns"] == 2
    assert main.cli(args) == 0
    assert "turn limit 2 turns [R7]: 2 games ended on time" in capsys.readouterr().out
    assert main.cli([*args, "--json", "-o", "turn_limit=0"]) == 0
    free = json.loads(capsys.readouterr().out)
    assert free["timed_games"] == 0 and free["average_turns"] > 2


def test_war_bots_only_limit_is_the_one_help_names() -> None:
    from game.registry import bots_only_options
    from game.war import BOTS_ONLY_ROUNDS

    assert main.WAR_BOTS_ROUNDS == BOTS_ONLY_ROUNDS
    war = get_info("war")
    assert bots_only_options(war, 4, {}) == {"turn_limit": 4 * BOTS_ONLY_ROUNDS}
    assert bots_only_options(war, 4, {"turn_limit": 0}) == {"turn_limit": 0}
    assert bots_only_options(get_info("wyr"), 4, {}) == {}
    sub = main.build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert f"after {BOTS_ONLY_ROUNDS} rounds" in sub["simulate"].format_help()
    assert "turn_limit" in sub["play"].format_help()


def test_autoplay_war_table_gets_the_timed_end() -> None:
    from scenes.app import App
    from scenes.tables import open_table_from_args

    args = main.build_parser().parse_args(
        ["play", "war", "--seats", "bot:easy,bot:easy", "--autoplay", "--frames", "1"]
    )
    app = App(args)
    try:
        table = open_table_from_args(app, args)
        assert table.match.options["turn_limit"] == 2 * main.WAR_BOTS_ROUNDS
    finally:
        import pygame

        pygame.quit()


def test_unknown_rules_tab_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.cli(["--scene", "rules:zzz", "--frames", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "rules:<tab>" in err[0] and "'zzz'" in err[0]


def test_a_known_rules_tab_opens() -> None:
    assert main.cli(["--scene", "rules:war", "--frames", "1"]) == 0


def test_wyrt_takes_bot_levels(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's `bot:normal` works for Wyrt: the levels name personas of the
    roster's low, middle and high tier."""
    from game.registry import make_bot
    from game.wyrt.personas import PERSONAS, TIERS

    args = ["simulate", "wyrt", "--seats", "bot:easy,bot:normal,bot:hard", "--games", "1"]
    assert main.cli([*args, "-o", "hand_limit=1", "--budget", "0.02", "--json"]) == 0
    bots = [s["bot"] for s in json.loads(capsys.readouterr().out)["seats"]]
    tiers = [TIERS.index(PERSONAS[b].tier) for b in bots]
    assert tiers == sorted(tiers) and len(set(tiers)) == 3
    assert make_bot("wyrt", "normal").time_budget > 0


def test_wyrt_tournament_takes_bot_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.cli(["tournament", "wyrt", "--entrants", "4", "--bots", "easy,hard", "--json"]) == 0
    bots = {
        s["bot"]
        for t in json.loads(capsys.readouterr().out)["rounds"][0]["tables"]
        for s in t["seats"]
    }
    assert bots == {"cliente_casual", "nobre_invicto"}


def test_wyrt_table_opens_with_a_bot_level() -> None:
    assert main.cli(["play", "wyrt", "--seats", "Ana,bot:normal", "--frames", "1"]) == 0
