"""The event messages' shapes (issue 47) are checked before the server reads
them, and `taverna event` keeps one player id and secret per server (in the
app's own store, `game.net.identities`)."""

from __future__ import annotations

import json
import stat
from typing import Any

import pytest

from game import storage
from game.net import identities
from game.net.protocol import ProtocolError, decode
from tests.game.net.serverlink import Net


def _raw(kind: str, **fields: Any) -> str:
    return json.dumps({"t": kind, **fields})


@pytest.mark.parametrize(
    "kind,fields",
    [
        ("event_create", {"game": "alta", "format": "swiss", "seats": "8"}),
        ("event_create", {"game": "alta", "format": "swiss", "seats": -1}),
        ("event_create", {"game": "alta", "format": "swiss", "seats": 8, "rounds": 10**9}),
        ("event_create", {"game": "alta", "format": "swiss", "seats": 8, "name": "x" * 33}),
        (
            "event_create",
            {"game": "alta", "format": "swiss", "seats": 8, "options": {"a": "b" * 3000}},
        ),
        ("event_create", {"game": "alta", "format": "swiss", "seats": 8, "secret": 1}),
        ("event_join", {"event": "A" * 40}),
        ("event_join", {}),
        ("event_remove", {"event": "ABCD", "number": True}),
        ("event_result", {"event": "E", "round": 1, "table": 1, "order": [[9]], "reason": "r"}),
        ("event_result", {"event": "E", "round": 1, "table": 1, "order": [0, 1], "reason": "r"}),
        (
            "event_result",
            {"event": "E", "round": 1, "table": 1, "order": [[0]], "reason": "r" * 201},
        ),
    ],
)
def test_bad_event_messages_are_refused_before_they_are_read(
    kind: str, fields: dict[str, Any]
) -> None:
    with pytest.raises(ProtocolError) as e:
        decode(_raw(kind, **fields))
    assert e.value.code == "bad_shape"


def test_good_event_messages_pass() -> None:
    msg = decode(
        _raw("event_result", event="ABCD", round=2, table=1, order=[[1], [0]], reason="typo")
    )
    assert msg.get("order") == [[1], [0]]
    assert decode(_raw("event_create", game="alta", format="melee", seats=16, semifinal=True)).type


def test_event_messages_need_a_hello_first() -> None:
    net = Net()
    c = net.client("Ana", hello=False)
    c.send("event_list")
    assert c.refused() == "hello_first"


def test_an_identity_per_server_is_kept_for_its_owner_only() -> None:
    assert identities.identity_for("ws://127.0.0.1:1") is None
    identities.remember_identity("ws://127.0.0.1:1", "p1", "s1", "Ana")
    identities.remember_identity("ws://127.0.0.1:2", "p2", "s2", "Ana")
    assert identities.identity_for("ws://127.0.0.1:1") == identities.Identity("p1", "s1", "Ana")
    assert identities.identity_for("ws://127.0.0.1:2").player == "p2"  # type: ignore[union-attr]
    path = storage.data_dir() / identities.FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text("{not json", encoding="utf-8")
    assert identities.identity_for("ws://127.0.0.1:1") is None  # a broken file: a fresh id


def test_a_pair_an_older_event_command_kept_is_moved_into_the_shared_store() -> None:
    legacy = storage.data_dir() / identities.LEGACY_FILE
    legacy.parent.mkdir(parents=True, exist_ok=True)
    pairs = {
        "127.0.0.1:1": {"player": "p1", "secret": "s1"},
        "h:2": {"player": "p2", "secret": "s2"},
    }
    legacy.write_text(json.dumps(pairs), encoding="utf-8")
    assert identities.identity_for("ws://127.0.0.1:1").player == "p1"  # type: ignore[union-attr]
    assert json.loads(legacy.read_text(encoding="utf-8")) == {"h:2": pairs["h:2"]}
    assert identities.load().identities["ws://127.0.0.1:1"].secret == "s1"
    identities.forget_identity("ws://127.0.0.1:1")  # a server that forgot us: not found again
    assert identities.identity_for("ws://127.0.0.1:1") is None
    assert identities.identity_for("ws://H:2").player == "p2"  # type: ignore[union-attr]
    assert not legacy.exists()
