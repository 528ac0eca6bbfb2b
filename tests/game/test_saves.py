"""Save files: versioned, checksummed, refused in plain words and moved aside
when another version wrote them, when damaged or when edited by hand; no other
save is ever touched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game
from game import saves, storage


def _played(seed: int = 3, moves: int = 3) -> game.Match:
    m = game.new_match("alta", ["Ana", "Bia"], seed=seed)
    m.meta = {"players": [{"name": "Ana", "bot": None}, {"name": "Bia", "bot": "random"}]}
    for _ in range(moves):
        s = m.to_move[0]
        m.apply(s, m.legal_actions(s)[0])
    return m


def _files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_round_trip_lists_and_loads_the_same_state() -> None:
    m = _played()
    path = saves.write_save(m, saves.autosave_path("alta"), "auto", thumbnail=b"\x89PNG fake")
    assert path.name == "autosave-alta.json" and saves.thumbnail_path(path).exists()
    found, refused = saves.list_saves()
    assert not refused and len(found) == 1
    info = found[0]
    assert (info.game, info.kind, info.turn) == ("alta", "auto", m.turn)
    assert [p["name"] for p in info.players] == ["Ana", "Bia"]
    loaded = saves.load_save(path)
    assert loaded.fingerprint() == m.fingerprint() and loaded.meta == m.meta


def test_latest_save_is_the_most_recent_of_all(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter([100.0, 200.0, 300.0])
    monkeypatch.setattr(saves.time, "time", lambda: next(clock))
    saves.write_save(_played(1), saves.autosave_path("alta"), "auto")
    named = saves.write_save(_played(2), saves.named_save_path("alta"), "named", "mine")
    latest = saves.latest_save()
    assert latest is not None and latest.path == named and latest.name == "mine"


def test_a_save_of_a_newer_version_is_kept_untouched_and_names_that_version() -> None:
    keep = saves.write_save(_played(1), saves.named_save_path("alta"), "named", "keep")
    path = saves.write_save(_played(2), saves.autosave_path("alta"), thumbnail=b"png")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["save"]["version"] = saves.SAVE_FILE_VERSION + 1
    data["save"]["app"] = "9.1.0"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(saves.SaveRefused) as err:
        saves.load_save(path)
    assert err.value.key == "life.saves.newer" and err.value.params["app"] == "9.1.0"
    # never moved aside for its version: the version that wrote it opens it
    assert path.exists() and saves.thumbnail_path(path).exists() and err.value.moved_to is None
    assert keep.exists() and saves.load_save(keep).turn >= 0  # the other save is untouched


def test_a_save_of_the_first_versions_without_a_block_is_migrated() -> None:
    path = storage.saves_dir() / "alta-old.json"
    played = _played()
    storage.atomic_write_json(path, played.save())  # what the first versions wrote
    found, refused = saves.list_saves()
    assert not refused and [f.path for f in found] == [path]
    assert saves.load_save(path).fingerprint() == played.fingerprint()
    assert saves.save_document(played)["save"]["app"]  # saves now say who wrote them


def test_a_damaged_file_is_refused_and_moved_aside() -> None:
    keep = saves.write_save(_played(1), saves.named_save_path("alta"), "named")
    bad = storage.saves_dir() / "alta-broken.json"
    bad.write_text('{"format": 1, "game": "alta", "act', encoding="utf-8")
    found, refused = saves.list_saves()
    assert [f.path for f in found] == [keep]
    assert [r.key for r in refused] == ["life.saves.damaged"]
    assert not bad.exists() and any(
        n.startswith("alta-broken.json.corrupt-") for n in _files(bad.parent)
    )


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.__setitem__("seed", d["seed"] + 1),
        lambda d: d["actions"].pop(),
        lambda d: d["seats"].reverse(),
        lambda d: d["meta"]["players"][1].__setitem__("bot", None),
    ],
)
def test_a_hand_edited_save_is_refused(edit) -> None:  # type: ignore[no-untyped-def]
    path = saves.write_save(_played(), saves.autosave_path("alta"))
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(saves.SaveRefused) as err:
        saves.load_save(path)
    assert err.value.key == "life.saves.edited" and not path.exists()


def test_a_log_that_no_longer_replays_is_refused_in_words() -> None:
    m = _played()
    data = m.save()
    data["actions"][0][1] = {
        "type": "tests.game.tiny_game.Pick",
        "card": "JK",
    }  # not in anyone's hand
    data["save"] = {
        "version": saves.SAVE_FILE_VERSION,
        "kind": "auto",
        "name": "",
        "saved_at": 1.0,
        "turn": 0,
        "checksum": saves.checksum(data),
    }
    path = storage.saves_dir() / "alta-x.json"
    storage.atomic_write_json(path, data)
    with pytest.raises(saves.SaveRefused) as err:
        saves.load_save(path)
    assert err.value.key == "life.saves.unplayable" and err.value.params["reason"]
    assert not path.exists()


def test_same_match_and_delete() -> None:
    m = _played()
    path = saves.write_save(m, saves.autosave_path("alta"), thumbnail=b"x")
    assert saves.same_match(path, m)
    assert not saves.same_match(path, _played(seed=99))
    saves.delete_save(path)
    assert not path.exists() and not saves.thumbnail_path(path).exists()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("saved_at", None),
        ("saved_at", "ontem"),
        ("saved_at", float("nan")),
        ("turn", "três"),
        ("turn", 2.5),
        ("turn", True),
        ("kind", "tournament"),
        ("name", 7),
    ],
)
def test_a_save_block_edited_by_hand_is_refused_not_a_crash(field: str, value: object) -> None:
    """The checksum covers the match, not the save block: a "saved_at": null or a
    "turn": "três" raised from the listing and crashed Continue, Load and every
    new-match screen for as long as the file stayed. Such a file is refused as
    edited and moved aside; the other saves are listed as before."""
    good = saves.write_save(_played(), saves.autosave_path("alta"))
    bad = saves.write_save(_played(seed=4), good.with_name("alta-edited.json"))
    data = json.loads(bad.read_text(encoding="utf-8"))
    data["save"][field] = value
    bad.write_text(json.dumps(data), encoding="utf-8")
    found, refused = saves.list_saves(good.parent)
    assert [f.path for f in found] == [good]
    assert [r.key for r in refused] == ["life.saves.edited"] and not bad.exists()


def test_a_refused_save_keeps_its_game_and_time_and_the_newest_is_found() -> None:
    import os
    import time

    sound = saves.write_save(_played(), saves.autosave_path("alta"), "auto")
    broken = storage.saves_dir() / "war-20261128-120000.json"
    broken.write_text("{ not json", encoding="utf-8")
    older = storage.saves_dir() / "autosave-zzz.json"  # a name that says no game we know
    older.write_text("[1, 2", encoding="utf-8")
    now = time.time()
    os.utime(broken, (now + 60, now + 60))
    os.utime(older, (now - 600, now - 600))
    found, refused = saves.list_saves()
    assert [i.path for i in found] == [sound]
    assert [r.path for r in refused] == [broken, older]  # newest first
    assert (refused[0].game, refused[1].game) == ("war", "")
    assert refused[0].written_at == pytest.approx(now + 60)
    assert saves.newest_refused(found, refused) is refused[0]
    assert saves.newest_refused(found, refused[1:]) is None  # older than the sound save
    assert saves.newest_refused([], refused[1:]) is refused[1]
    assert saves.newest_refused(found, []) is None
