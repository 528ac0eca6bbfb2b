"""The event messages' shapes (issue 47) are checked before the server reads
them, and `taverna event` keeps one player id and secret per server."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest

from game.net.event_identity import load_identity, save_identity
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


def test_an_identity_per_server_is_kept_for_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "identities.json"
    assert load_identity("127.0.0.1:1", path) is None
    save_identity("127.0.0.1:1", "p1", "s1", path)
    save_identity("127.0.0.1:2", "p2", "s2", path)
    assert load_identity("127.0.0.1:1", path) == ("p1", "s1")
    assert load_identity("127.0.0.1:2", path) == ("p2", "s2")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text("{not json", encoding="utf-8")
    assert load_identity("127.0.0.1:1", path) is None  # a broken file: a fresh id, no crash
