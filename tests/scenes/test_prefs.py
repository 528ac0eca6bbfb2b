"""Settings persistence, hand-edited and corrupt files (storage rules of ARCHITECTURE.md)."""

from __future__ import annotations

import json

from game import storage
from scenes.prefs import Settings, load_settings, save_settings, settings_path


def test_round_trip() -> None:
    s = Settings(language="pt", music_volume=0.1, animation_speed="fast", confirm_quit=False)
    save_settings(s)
    loaded, problem = load_settings()
    assert loaded == s and problem == ""


def test_missing_file_gives_defaults_quietly() -> None:
    s, problem = load_settings()
    assert problem == "" and s.animation_speed == "normal"


def test_corrupt_file_is_moved_aside_and_reported() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("{ not json", encoding="utf-8")
    s, problem = load_settings()
    assert problem == "core.storage.corrupt"
    assert s.animation_speed == "normal"
    assert not path.exists()
    assert len(list(path.parent.glob("settings.json.corrupt-*"))) == 1


def test_hand_edited_bad_values_reset_one_by_one() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps(
            {"language": "pt", "music_volume": 7, "animation_speed": "warp", "window_width": 100}
        ),
        encoding="utf-8",
    )
    s, problem = load_settings()
    assert problem == "ui.settings.some_reset"
    assert (
        s.language == "pt"
        and s.music_volume == Settings().music_volume
        and s.animation_speed == "normal"
    )
    assert s.window_width >= 1024


def test_not_an_object_is_treated_as_corrupt() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("[1, 2]", encoding="utf-8")
    _, problem = load_settings()
    assert problem == "core.storage.corrupt"


def test_atomic_write_leaves_no_temp_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "x" / "f.json"
    storage.atomic_write_json(target, {"a": 1})
    storage.atomic_write_json(target, {"a": 2})
    assert json.loads(target.read_text()) == {"a": 2}
    assert [p.name for p in target.parent.iterdir()] == ["f.json"]
