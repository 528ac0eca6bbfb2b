"""The harness's hidden-shape check over what each client is actually sent ([G4]).

At each step of a match the same action is applied in two copies of the host's
session whose hidden cards are dealt anew (the game's `scramble` hook, keeping
what the observer and the actor may see); the `state` message each remote
observer is sent must look the same in both, up to which card is which (the
harness's masking, the game's `mask` hook)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from game.core import Action
from game.harness import _mask
from game.net.session import HostSession, parse_seat_kinds
from game.registry import get_info, make_bot
from game.rng import Rng
from tests.game.net.memlink import MemHost, join_all, stay

CODE = "ACDEFGHJ"


def _shown(session: HostSession, world_seed: str, keep: frozenset[int], seat: int, action: Action):
    """What every remote seat is sent when `seat` plays `action` in a copy of the
    session whose hidden cards were dealt anew; None when the action reveals."""
    info = get_info(session.game)
    assert info.scramble is not None and session.match is not None
    twin = copy.deepcopy(session)
    twin.match = info.scramble(session.match, keep, Rng(world_seed))
    twin.take_output()
    events = twin.match.apply(seat, action)
    if info.reveals is not None and info.reveals(twin.match, action, events):
        return None
    twin._after_action(events)
    shown: dict[int, Any] = {}
    for cid, text in twin.take_output():
        msg = json.loads(text)
        if msg["t"] != "state":
            continue
        observer = twin.conns[cid].seat
        assert observer is not None
        seen = {"view": msg["view"], "to_move": msg["to_move"], "events": msg["events"]}
        if info.mask is not None:
            seen = info.mask(observer, seen)
        shown[observer] = _mask({**seen, "public_view": msg["public_view"]})
    return shown


@pytest.mark.parametrize(
    ("game", "options", "steps"),
    [
        ("wyr", {}, 40),
        ("wyrt", {"hand_limit": 3}, 40),
        ("war", {"turn_limit": 4}, 40),
        ("chama", {"turn_limit": 4}, 40),
    ],
)
def test_what_each_client_receives_does_not_depend_on_hidden_cards(
    game: str, options: dict, steps: int
) -> None:
    info = get_info(game)
    session = HostSession(
        game, parse_seat_kinds("remote,remote,bot:random"), seed=11, options=options, code=CODE
    )
    host = MemHost(session)
    remotes = join_all(host, ["Ana", "Bia"], CODE)
    bot = make_bot(game, "random")
    rng = Rng(f"net-shape/{game}")
    compared = 0
    for step in range(steps):
        match = session.match
        assert match is not None
        if match.is_over:
            break
        seat = rng.choice(match.to_move)
        action = bot.choose(match.view(seat), stay(match.legal_actions(seat)), rng)
        if info.reveals is None or not info.reveals(match, action, None):
            for observer in (0, 1):
                keep = frozenset({observer, seat})
                a = _shown(session, f"a/{step}/{observer}", keep, seat, action)
                b = _shown(session, f"b/{step}/{observer}", keep, seat, action)
                if a is None or b is None:
                    continue
                assert a[observer] == b[observer], (
                    f"seat {observer} sees hidden cards after {action}"
                )
                compared += 1
        session.act_local(seat, action) if session.seats[seat].kind == "bot" else _remote_act(
            remotes[seat], action
        )
        host.deliver()
    assert compared >= 10


def _remote_act(remote: Any, action: Action) -> None:
    remote.pump()
    remote.apply(remote.seat, action)
    remote.pump()
    assert remote.refusal is None, remote.refusal
