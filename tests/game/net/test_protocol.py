"""The wire format: decode refuses anything but a well-formed message, and only
with `ProtocolError` (fuzzed with hypothesis)."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net.protocol import (
    MAX_DEPTH,
    MAX_MESSAGE,
    PROTOCOL_VERSION,
    SCHEMA,
    ProtocolError,
    decode,
    encode,
    reason_key,
    refusal,
)

JOIN = {"t": "join", "version": PROTOCOL_VERSION, "code": "ACDEFGHJ", "name": "Bia"}


def _code(raw: str | bytes) -> str:
    with pytest.raises(ProtocolError) as e:
        decode(raw)
    return e.value.code


def test_a_join_round_trips() -> None:
    msg = decode(json.dumps(JOIN))
    assert msg.type == "join" and msg.get("name") == "Bia" and msg.get("token") is None


def test_every_refusal_code_has_a_translation_key() -> None:
    text = refusal("wrong_code", "x")
    msg = decode(text, limit=10**6)
    assert msg.get("reason") == reason_key("wrong_code") == "net.refused.wrong_code"


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("x" * (MAX_MESSAGE + 1), "too_big"),
        ("{", "bad_json"),
        (b"\xff\xfe", "bad_json"),
        ("[1, 2]", "bad_shape"),
        ('{"t": "dance"}', "unknown_type"),
        ('{"t": "act", "seq": "1", "action": {}}', "bad_shape"),
        ('{"t": "act", "seq": true, "action": {}}', "bad_shape"),
        ('{"t": "act", "seq": 1}', "bad_shape"),
        ('{"t": "act", "seq": 1, "action": {}, "extra": 1}', "bad_shape"),
        (json.dumps({**JOIN, "version": PROTOCOL_VERSION + 1}), "version"),
        (json.dumps({**JOIN, "version": PROTOCOL_VERSION + 1, "new": 1}), "version"),
        (json.dumps({**JOIN, "name": "x" * 100}), "bad_shape"),
        ("[" * 5000 + "]" * 5000, "bad_json"),
        (json.dumps({"t": "ping", "n": 1, "d": [[[[]]]]}), "bad_shape"),
    ],
)
def test_bad_messages_get_a_stable_code(raw: str | bytes, code: str) -> None:
    got = _code(raw)
    # A deep list is either too deep for the parser or for our depth check.
    assert got == code or (code == "bad_json" and got == "bad_shape")


def test_too_deep_is_refused() -> None:
    nested: object = {}
    for _ in range(MAX_DEPTH + 2):
        nested = {"a": nested}
    assert _code(json.dumps({"t": "act", "seq": 1, "action": nested})) == "bad_shape"


def test_truncated_messages_are_refused() -> None:
    text = encode("act", seq=3, action={"type": "wyr.Bet", "seat": 0, "amount": 2})
    for cut in range(len(text)):
        with pytest.raises(ProtocolError):
            decode(text[:cut])


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_raise_only_protocol_errors(raw: bytes) -> None:
    with contextlib.suppress(ProtocolError):
        decode(raw)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(sorted(SCHEMA)),
    st.dictionaries(
        st.sampled_from(
            ["version", "code", "name", "token", "seat", "seq", "action", "n", "game", "view", "x"]
        ),
        json_values,
        max_size=6,
    ),
)
def test_random_shapes_raise_only_protocol_errors(kind: str, fields: dict) -> None:
    try:
        msg = decode(json.dumps({"t": kind, **fields}))
    except ProtocolError:
        return
    # Whatever passes has exactly the declared field types.
    for key, (kinds, _required) in SCHEMA[kind].items():
        if key in msg.data:
            value = msg.data[key]
            assert isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
