"""`taverna tournament …` through `main.cli`, with the tiny game alta."""

from __future__ import annotations

import json

import pytest

import main


@pytest.fixture(autouse=True)
def _alta_is_a_known_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # main._known_game only knows the packaged games; alta is registered by the tests.
    monkeypatch.setattr(main, "_known_game", lambda name: None)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main.cli(["tournament", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_swiss_json_document(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "alta",
        "--entrants",
        "9",
        "--bots",
        "random",
        "--simulate",
        "--seed",
        "3",
        "--top-cut",
        "4",
        "--turn-limit",
        "2",
        "--json",
    )
    assert code == 0, err
    doc = json.loads(out)
    assert doc["tournament"]["format"] == "swiss" and doc["tournament"]["finished"]
    assert [r["stage"] for r in doc["rounds"]] == ["swiss"] * 4 + ["cut", "cut"]
    assert len(doc["final_standings"]) == 9 and doc["champion"]["name"]
    assert doc["final_standings"][0]["number"] == doc["champion"]["number"]
    assert [b["label"] for b in doc["bracket"]] == ["semifinal", "final"]
    # Deterministic: the same command prints the same document.
    code2, out2, _ = run(
        capsys,
        "alta",
        "--entrants",
        "9",
        "--bots",
        "random",
        "--simulate",
        "--seed",
        "3",
        "--top-cut",
        "4",
        "--turn-limit",
        "2",
        "--json",
    )
    assert code2 == 0 and out2 == out


@pytest.mark.parametrize("fmt", ["swiss", "melee", "elimination"])
def test_text_output_for_every_format(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    code, out, err = run(
        capsys,
        "alta",
        "--format",
        fmt,
        "--entrants",
        "10",
        "--bots",
        "random",
        "--simulate",
    )
    assert code == 0, err
    assert "Round 1" in out and "Final standings" in out and "Champion:" in out


def test_options_reach_the_matches(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "alta",
        "--entrants",
        "4",
        "--bots",
        "random",
        "--simulate",
        "--json",
        "--option",
        "hand=1",
    )
    assert code == 0, err
    doc = json.loads(out)
    assert doc["tournament"]["options"] == {"hand": 1}
    turns = {tb["result"]["turns"] for r in doc["rounds"] for tb in r["tables"]}
    assert turns == {1}


def test_without_simulate_only_round_one_is_paired(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "alta", "--entrants", "4", "--bots", "random")
    assert code == 0
    assert "Round 1" in out and "Round 2" not in out and "--simulate" in out


def test_default_bots_are_the_games_own(
    capsys: pytest.CaptureFixture[str], fake_games: None
) -> None:
    code, out, err = run(capsys, "alta_bots", "--entrants", "6", "--simulate", "--json")
    assert code == 0, err
    bots = {s["bot"] for s in json.loads(out)["final_standings"]}
    assert bots == {"easy", "normal", "hard"}


@pytest.mark.parametrize(
    "args,words",
    [
        (["alta", "--bots", "grandmaster", "--simulate"], "no bot 'grandmaster'"),
        (["alta_duel", "--format", "melee", "--simulate"], "cannot seat"),
        (["alta", "--format", "melee", "--top-cut", "4", "--simulate"], "top cut"),
        (["alta", "--entrants", "1", "--bots", "random", "--simulate"], "at least 2"),
        (["alta", "--bots", "random", "--option", "turn_limit=3"], "turn limit"),
        (["alta", "--bots", "random", "--option", "hand=40"], "hand"),
        (["chama", "--entrants", "6", "--simulate"], "at least 8"),
    ],
)
def test_errors_print_one_line_and_return_2(
    capsys: pytest.CaptureFixture[str],
    fake_games: None,
    fake_chama: object,
    args: list[str],
    words: str,
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("taverna: ") and words in lines[0]


def test_semifinal_stage_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """--semifinal: the top 16 play four semifinal tables, their winners the final
    table; places 5-16 come from the semifinal (seed 004)."""
    code, out, err = run(
        capsys,
        "alta",
        "--format",
        "melee",
        "--entrants",
        "16",
        "--bots",
        "random",
        "--semifinal",
        "--simulate",
        "--seed",
        "4",
        "--json",
    )
    assert code == 0, err
    doc = json.loads(out)
    assert doc["tournament"]["semifinal"] is True
    stages = [r["stage"] for r in doc["rounds"]]
    assert stages[-2:] == ["semifinal", "final"]
    semi = doc["rounds"][-2]["tables"]
    assert len(semi) == 4 and all(len(t["seats"]) == 4 for t in semi)
    # One finalist from each semifinal table: its winner (a tie for first goes by
    # preliminary standing).
    finalists = {s["name"] for s in doc["rounds"][-1]["tables"][0]["seats"]}
    for t in semi:
        at_table = [s for s in t["seats"] if s["name"] in finalists]
        assert len(at_table) == 1 and at_table[0]["place"] == 1
    code, out, _ = run(
        capsys,
        "alta",
        "--format",
        "melee",
        "--entrants",
        "16",
        "--bots",
        "random",
        "--semifinal",
    )
    assert code == 0 and "semifinal stage" in out.splitlines()[0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["alta", "--format", "melee", "--entrants", "12", "--semifinal"], "16 entrants"),
        (["alta", "--format", "swiss", "--entrants", "16", "--semifinal"], "final table"),
        (["alta", "--entrants", "8", "--double-points"], "Chama"),
    ],
)
def test_impossible_stage_or_points_print_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, out, err = run(capsys, *args, "--bots", "random")
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("taverna: ") and words in lines[0]


def test_double_points_for_a_ranked_chama_event_r9(
    capsys: pytest.CaptureFixture[str], fake_games: None, fake_chama: object
) -> None:
    code, out, err = run(
        capsys, "chama", "--entrants", "8", "--double-points", "--simulate", "--json"
    )
    assert code == 0, err
    doc = json.loads(out)
    assert doc["tournament"]["ranked"] and doc["tournament"]["double_points"]
    # Placement points doubled: 25 for first place becomes 50 ([R9]).
    first = doc["final_standings"][0]
    points = [v for k, v in first.items() if "placement" in k or k == "ranking_points"]
    assert points and points[0] == 50, first
