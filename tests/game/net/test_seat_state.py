"""The per-position memo (`game.net.seat_state`) sends exactly what the match says.

Every state a seat is sent while whole random matches are played through the
session is compared with the same fields worked out afresh from the match, and
the fast `to_dict` with the plain one it replaced.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from game.core import Action, Record
from game.core import encode as encode_field
from game.net.protocol import PROTOCOL_VERSION
from game.net.seat_state import PositionCache
from game.net.session import HostSession


def _reference_to_dict(record: Record) -> dict[str, Any]:
    """`Record.to_dict` as it was before its fast path (the reference)."""
    out: dict[str, Any] = {"type": record.TYPE}
    for f in dataclasses.fields(record):  # type: ignore[arg-type]
        out[f.name] = encode_field(getattr(record, f.name))
    return out


def _play(game: str, seed: int, actions: int) -> int:
    """Play random legal actions through a 3-seat session; check every state."""
    rng = random.Random(seed)
    session = HostSession(game, [("remote", None)] * 3)
    cids = [session.connect(f"a{i}") for i in range(3)]
    for i, cid in enumerate(cids):
        join = {"t": "join", "code": session.code, "name": f"P{i}", "version": PROTOCOL_VERSION}
        session.receive(cid, json.dumps(join))
    match = session.match
    assert match is not None
    seq = dict.fromkeys(cids, 0)
    checked = 0
    for _ in range(actions):
        if match.is_over:
            break
        for cid, text in session.take_output():
            msg = json.loads(text)
            if msg["t"] != "state":
                continue
            seat = session.conns[cid].seat
            assert seat is not None
            legal = match.legal_actions(seat) if seat in match.to_move else []
            assert msg["legal"] == [_reference_to_dict(a) for a in legal]
            assert msg["public_view"] == json.loads(json.dumps(match.public_view()))
            assert msg["view"] == json.loads(json.dumps(match.view(seat)))
            checked += 1
        seat = rng.choice(match.to_move)
        cid = cids[seat]
        action = rng.choice(match.legal_actions(seat))
        assert action.to_dict() == _reference_to_dict(action)
        seq[cid] += 1
        session.receive(cid, json.dumps({"t": "act", "seq": seq[cid], "action": action.to_dict()}))
    return checked


@pytest.mark.parametrize("game", ["wyr", "chama", "war"])
def test_every_state_matches_the_match_worked_out_afresh(game: str) -> None:
    assert _play(game, 7, 60) > 60


def test_the_memo_starts_afresh_after_every_action() -> None:
    session = HostSession("wyr", [("remote", None)] * 3)
    cids = [session.connect(f"a{i}") for i in range(3)]
    for i, cid in enumerate(cids):
        join = {"t": "join", "code": session.code, "name": f"P{i}", "version": PROTOCOL_VERSION}
        session.receive(cid, json.dumps(join))
    match = session.match
    assert match is not None
    seat = match.to_move[0]
    before = session.legal(seat)
    assert session.legal(seat) is before  # one position: worked out once
    action = before.actions[0]
    assert action in before
    session.act_local(seat, action, stand_in=True)
    after = session.legal(seat)
    assert after is not before
    assert after.actions == match.legal_actions(seat)


def test_an_unhashable_action_is_still_found() -> None:
    @dataclasses.dataclass(frozen=True)
    class Listy(Action):
        cards: list[int]

    cache = PositionCache()

    class Stub:
        log: list[Any] = []

        def legal_actions(self, seat: int) -> list[Action]:
            return [Listy([1, 2])]

    legal = cache.legal(Stub(), 0)  # type: ignore[arg-type]
    assert Listy([1, 2]) in legal
    assert Listy([3]) not in legal
