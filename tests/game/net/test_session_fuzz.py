"""Fuzz the host with mangled actions: each is refused or played, the session
never raises, and a refused one leaves the match exactly as it was ([G3])."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.net.protocol import encode
from game.net.session import HostSession, parse_seat_kinds
from tests.game.net.memlink import MemHost, join_all

CODE = "ACDEFGHJ"
OPTIONS = {
    "wyr": {},
    "wyrt": {"hand_limit": 3},
    "war": {"turn_limit": 6},
    "chama": {"turn_limit": 6},
}

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False)
    | st.sampled_from(["AS", "10H", "JK", "", "x", "Brasil", "pile", "deck"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def _mangle(action: dict[str, Any], draw: Any) -> dict[str, Any]:
    out = dict(action)
    keys = [k for k in out if k != "type"]
    choice = draw(st.integers(0, 3))
    if choice == 0 and keys:
        out[draw(st.sampled_from(keys))] = draw(json_values)
    elif choice == 1 and keys:
        out.pop(draw(st.sampled_from(keys)))
    elif choice == 2:
        out[draw(st.text(max_size=6))] = draw(json_values)
    else:
        out["type"] = draw(st.sampled_from([out["type"], "wyr.Trade", "war.Attack", "x.Y", 7]))
    return out


@pytest.mark.parametrize("game", sorted(OPTIONS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mangled_actions_are_refused_cleanly(game: str, data: st.DataObject) -> None:
    session = HostSession(
        game,
        parse_seat_kinds("remote,remote"),
        seed=data.draw(st.integers(0, 5)),
        options=OPTIONS[game],
        code=CODE,
    )
    host = MemHost(session)
    remotes = join_all(host, ["Ana", "Bia"], CODE)
    match = session.match
    assert match is not None
    mover = next(r for r in remotes if r.seat in match.to_move)
    legal = [a.to_dict() for a in match.legal_actions(mover.seat)]
    for seq in range(1, 6):
        action = _mangle(data.draw(st.sampled_from(legal)), data.draw)
        before = match.fingerprint()
        log_len = len(match.log)
        mover.link.send(encode("act", seq=seq, action=action))
        msgs = [json.loads(t) for t in mover.link.inbox]
        mover.link.inbox.clear()
        if len(match.log) == log_len:
            assert msgs and msgs[-1]["t"] == "refused", (action, msgs)
            assert match.fingerprint() == before
        else:
            legal = [a.to_dict() for a in match.legal_actions(mover.seat)] or legal
            if mover.seat not in match.to_move:
                return
