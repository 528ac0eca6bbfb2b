"""Nothing lost across versions: the files every released version wrote
(tests/data/compat/<version>/, made by tools/make_compat_corpus.py) open with
today's code. Saves continue where they stood, replays play to the same end,
settings, the profile, the statistics and the tournaments read the same, and
nothing is refused or moved aside for being old."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from game import history, replays, saves
from game.registry import load_match

CORPUS = Path(__file__).resolve().parent / "data" / "compat"
VERSIONS = sorted(p.name for p in CORPUS.iterdir() if p.is_dir())


def state_hash(match: Any) -> str:
    """As the corpus tool computes it: the whole state, not the generator's memory."""
    blob = json.dumps(match.snapshot(), sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


@pytest.fixture(params=VERSIONS)
def old_home(request: pytest.FixtureRequest, _private_home: Path) -> tuple[Path, dict[str, Any]]:
    """The private home filled with one version's files."""
    source = CORPUS / request.param
    shutil.copytree(source / "data", _private_home / "data")
    shutil.copytree(source / "config", _private_home / "config")
    expected = json.loads((source / "expected.json").read_text(encoding="utf-8"))
    return _private_home, expected


def test_there_is_a_corpus_of_this_version() -> None:
    from game.version import VERSION

    assert VERSION in VERSIONS, "a new version writes its corpus: tools/make_compat_corpus.py"


def test_old_saves_continue_where_they_stood(old_home: tuple[Path, dict[str, Any]]) -> None:
    home, expected = old_home
    found, refused = saves.list_saves()
    assert not refused and {f.path.name for f in found} == set(expected["saves"])
    for name, want in expected["saves"].items():
        match = saves.load_save(home / "data" / "saves" / name)
        assert match.game_name == want["game"] and len(match.log) == want["actions"], name
        assert state_hash(match) == want["state"], name
        seat = match.to_move[0]  # and it plays on
        match.apply(seat, match.legal_actions(seat)[0])
    assert not list((home / "data").rglob("*.corrupt-*"))


def test_old_replays_play_to_the_same_end(old_home: tuple[Path, dict[str, Any]]) -> None:
    home, expected = old_home
    for name, want in expected["replays"].items():
        doc = replays.read_replay(home / "data" / "replays" / name)
        match = load_match(doc)
        assert match.is_over and match.winners() == want["winners"], name
        assert int(match.turn) == want["turns"] and len(match.log) == want["actions"], name


def test_old_settings_profile_and_join_form_read_the_same(
    old_home: tuple[Path, dict[str, Any]],
) -> None:
    from game.net import tickets
    from game.wyrt.profile import load_profile
    from scenes.prefs import load_settings

    _home, expected = old_home
    settings, problem = load_settings()
    assert not problem
    for key, value in expected["settings"].items():
        assert getattr(settings, key) == value, key
    profile, problem = load_profile()
    assert not problem
    assert {k: getattr(profile, k) for k in expected["profile"]} == expected["profile"]
    assert tickets.last_form() == expected["join_form"]


def test_old_statistics_and_tournaments_read_the_same(
    old_home: tuple[Path, dict[str, Any]],
) -> None:
    from game.tournament.persistence import open_store

    _home, expected = old_home
    rows = history.matches()
    assert len(rows) == expected["history"]["matches"] and history.take_problem() is None
    assert sorted({r.game for r in rows}) == expected["history"]["games"]
    assert history.statistics()  # the statistics screen's groups
    want = expected["tournament"]
    with open_store() as store:
        t = store.load(want["id"])
    champion = t.champion()
    assert (t.name, t.is_finished, len(t.rounds)) == (
        want["name"],
        want["finished"],
        want["rounds"],
    )
    assert (champion.name if champion else None) == want["champion"]
