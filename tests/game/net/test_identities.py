"""Who the app is on each server, and the recent server addresses (`servers.json`)."""

from __future__ import annotations

import json

from game import storage
from game.net import identities, tickets


def test_identity_is_kept_per_server_and_survives_reload() -> None:
    identities.remember_identity("ws://A.example:47474/", "p1", "s-1_x", "Ana")
    identities.remember_identity("ws://b.example:47474", "p2", "s2", "Bia")
    assert identities.identity_for("ws://a.example:47474") == identities.Identity(
        "p1", "s-1_x", "Ana"
    )
    assert identities.identity_for("ws://b.example:47474").player == "p2"  # type: ignore[union-attr]
    assert identities.identity_for("ws://c.example:47474") is None
    assert identities.last_name() == "Bia"
    identities.forget_identity("ws://a.example:47474")
    assert identities.identity_for("ws://a.example:47474") is None
    assert identities.identity_for("ws://b.example:47474") is not None


def test_recent_addresses_keep_the_last_five_newest_first() -> None:
    for i in range(7):
        identities.remember_address(f"host{i}:47474")
    identities.remember_address("host3:47474")  # used again: first, not twice
    assert identities.recent() == [
        "host3:47474",
        "host6:47474",
        "host5:47474",
        "host4:47474",
        "host2:47474",
    ]
    identities.remember_address("bad address with spaces")
    assert "bad address with spaces" not in identities.recent()


def test_a_damaged_file_is_moved_aside_with_words_and_nothing_else_is_lost() -> None:
    tickets.remember_form("10.0.0.1:47474", "ABCD", "Ana")  # the profile: another file
    path = storage.data_dir() / identities.FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    book = identities.load()
    assert book.problem == "core.storage.corrupt"
    assert book.moved_to is not None and book.moved_to.exists()
    assert book.identities == {} and book.recent == []
    assert tickets.last_form()["code"] == "ABCD"
    identities.remember_address("x:1")  # and the app goes on writing a good one
    assert identities.recent() == ["x:1"]


def test_a_hand_edited_file_loads_what_it_can_and_keeps_the_rest() -> None:
    path = storage.data_dir() / identities.FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = {
        "recent": ["good:1", 7, None, "good:1", "two:2"],
        "servers": {
            "ws://ok:1": {"player": "p1", "secret": "s1", "name": "Ana"},
            "ws://bad:1": {"player": 5, "secret": "s"},
            "ws://evil:1": {"player": "p 1;drop", "secret": "x"},
            "ws://odd:1": "text",
        },
        "future": {"kept": True},
    }
    path.write_text(json.dumps(raw), encoding="utf-8")
    book = identities.load()
    assert book.problem == ""
    assert book.recent == ["good:1", "two:2"]
    assert list(book.identities) == ["ws://ok:1"]
    identities.remember_identity("ws://new:1", "p9", "s9", "Bia")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["future"] == {"kept": True}  # what this version does not read stays
    assert data["servers"]["ws://odd:1"] == "text"
    assert identities.identity_for("ws://new:1") is not None


def test_json_of_another_shape_starts_afresh() -> None:
    path = storage.data_dir() / identities.FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[1, 2, 3]", encoding="utf-8")
    book = identities.load()
    assert book.problem == "core.storage.corrupt" and book.identities == {}
    identities.remember_address("x:1")
    assert identities.recent() == ["x:1"]
