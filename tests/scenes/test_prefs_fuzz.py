"""Fuzzing of settings.json: any bytes, any JSON, any field value.

The app always starts with valid settings; an unusable file is moved aside and
a partly repaired one is copied aside first, so the player's bytes are kept.
"""

from __future__ import annotations

import json
from dataclasses import fields

from hypothesis import given
from hypothesis import strategies as st

from scenes.prefs import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    Settings,
    _valid,
    load_settings,
    settings_path,
)
from tests.fuzzing import FUZZ, damaged, fresh_home, json_values, kept_aside

_GOOD = json.dumps({"language": "pt", "music_volume": 0.3, "animation_speed": "fast"}).encode()
_NAMES = [f.name for f in fields(Settings)]


def _assert_valid(s: Settings) -> None:
    for name in _NAMES:
        assert _valid(name, getattr(s, name)), name
    assert s.animation_speed in ANIMATION_SPEEDS and s.card_back in CARD_BACKS


def _write(raw: bytes) -> None:
    fresh_home()
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)


@FUZZ
@given(damaged(_GOOD))
def test_damaged_settings_bytes_give_valid_settings_and_keep_the_file(raw: bytes) -> None:
    _write(raw)
    s, problem = load_settings()
    _assert_valid(s)
    if problem:
        assert kept_aside(settings_path(), raw)


@FUZZ
@given(st.dictionaries(st.sampled_from(_NAMES + ["unknown", ""]), json_values, max_size=8))
def test_any_field_values_are_kept_when_valid_and_reset_one_by_one(data: dict) -> None:  # type: ignore[type-arg]
    raw = json.dumps(data).encode()
    _write(raw)
    s, problem = load_settings()
    _assert_valid(s)
    for name, value in data.items():
        if name in _NAMES and _valid(name, value) and name not in ("window_width", "window_height"):
            assert getattr(s, name) == value, name  # the player's good values survive
    if problem == "ui.settings.some_reset":
        assert kept_aside(settings_path(), raw) and settings_path().exists()


@FUZZ
@given(json_values.filter(lambda v: not isinstance(v, dict)))
def test_a_document_that_is_not_an_object_is_moved_aside(value: object) -> None:
    raw = json.dumps(value).encode()
    _write(raw)
    s, problem = load_settings()
    _assert_valid(s)
    assert problem == "core.storage.corrupt" and kept_aside(settings_path(), raw)


def test_a_list_where_a_word_belongs_is_reset_not_a_crash() -> None:
    _write(
        json.dumps({"animation_speed": ["fast"], "language": {"pt": 1}, "card_back": []}).encode()
    )
    s, problem = load_settings()
    assert problem == "ui.settings.some_reset" and s.animation_speed == "normal"


def test_null_settings_are_put_aside_not_silently_overwritten() -> None:
    _write(b"null")
    s, problem = load_settings()
    assert problem == "core.storage.corrupt" and kept_aside(settings_path(), b"null")
