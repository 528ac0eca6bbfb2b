"""The permanent life points of the Life Cassino ([T11]) in the player profile."""

from __future__ import annotations

import json
from pathlib import Path

from game import storage
from game.wyrt import profile
from game.wyrt.results import ProfileResult


def _result(**kw: object) -> ProfileResult:
    base = dict(
        mode="life_cassino", seat=0, start_pv=20, pv=25, dead=False, wish=False, expelled=False
    )
    base.update(kw)
    return ProfileResult(**base)  # type: ignore[arg-type]


def test_missing_profile_is_a_new_character_t11() -> None:
    p, problem = profile.load_profile()
    assert p == profile.Profile() and problem == "" and p.can_wager


def test_profile_lives_in_the_data_dir(_private_home: Path) -> None:
    assert profile.profile_path() == storage.data_dir() / "profile.json"
    assert str(profile.profile_path()).startswith(str(_private_home))


def test_save_and_load_round_trip_keeps_other_sections_t11() -> None:
    path = profile.profile_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"other": {"x": 1}}), encoding="utf-8")
    saved = profile.Profile(pv=33, wishes=1, sessions=4)
    profile.save_profile(saved)
    loaded, problem = profile.load_profile()
    assert loaded == saved and problem == ""
    assert json.loads(path.read_text(encoding="utf-8"))["other"] == {"x": 1}
    assert not list(path.parent.glob("*.tmp"))


def test_corrupt_profile_is_moved_aside_t11() -> None:
    path = profile.profile_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    p, problem = profile.load_profile()
    assert p == profile.Profile() and problem == "core.storage.corrupt"
    assert not path.exists() and list(path.parent.glob("profile.json.corrupt-*"))


def test_wrong_shape_is_moved_aside_too_t11() -> None:
    path = profile.profile_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"wyrt": {"pv": -3}}), encoding="utf-8")
    p, problem = profile.load_profile()
    assert p == profile.Profile() and problem == "core.storage.corrupt"
    assert list(path.parent.glob("profile.json.corrupt-*"))


def test_life_cassino_result_is_permanent_t11() -> None:
    p = profile.apply_result(profile.Profile(pv=20), _result(pv=27))
    assert p.pv == 27 and p.sessions == 1 and len(p.history) == 1


def test_soul_taken_marks_the_profile_dead_t11() -> None:
    p = profile.apply_result(profile.Profile(pv=20), _result(pv=0, dead=True))
    assert p.dead and p.pv == 0 and not p.can_wager
    assert profile.new_character().can_wager


def test_death_match_changes_only_life_and_wishes_t11() -> None:
    p = profile.apply_result(profile.Profile(pv=20), _result(mode="death_match", pv=20, wish=True))
    assert p.pv == 20 and p.wishes == 1 and not p.dead


def test_record_result_writes_the_file_t11() -> None:
    p = profile.record_result(_result(pv=31))
    again, _ = profile.load_profile()
    assert again == p and again.pv == 31
    assert profile.record_result(None) == again
