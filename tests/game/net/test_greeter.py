"""A joiner's greeting (`game.net.greeter`): a single host never hears a hello
unless asked for a table id, a server's `hello_first` is answered with the
kept identity, a forgotten one is replaced once."""

from __future__ import annotations

import json

from game.net import identities
from game.net.greeter import Greeter
from game.net.protocol import PROTOCOL_VERSION, encode, refusal

URL = "ws://127.0.0.1:9"


class Wire:
    def __init__(self) -> None:
        self.sent: list[dict[str, object]] = []
        self.joins = 0

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def join(self) -> None:
        self.joins += 1


def _greeted(player: str, secret: str | None) -> str:
    return encode("greeted", version=PROTOCOL_VERSION, player=player, secret=secret, name="Ana")


def test_a_servers_hello_first_is_answered_with_the_kept_identity_then_the_join() -> None:
    identities.remember_identity(URL, "p1", "s1", "Ana")
    g, wire = Greeter(URL, "Ana"), Wire()
    assert not g.take(encode("pong", n=1), wire, wire.join)  # the table's business
    assert g.take(refusal("hello_first"), wire, wire.join)
    assert wire.sent[-1] == {
        "t": "hello",
        "version": PROTOCOL_VERSION,
        "name": "Ana",
        "player": "p1",
        "secret": "s1",
    }
    assert wire.joins == 0
    assert g.take(_greeted("p1", None), wire, wire.join)
    assert wire.joins == 1 and g.state == "server"
    assert not g.take(refusal("wrong_code"), wire, wire.join)  # the joiner prints it


def test_a_fresh_pair_is_kept_and_a_forgotten_one_replaced_once() -> None:
    identities.remember_identity(URL, "pold", "sold", "Ana")
    g, wire = Greeter(URL, "Ana"), Wire()
    g.hello(wire, wire.join)
    assert g.take(refusal("bad_player"), wire, wire.join)
    assert "player" not in wire.sent[-1] and identities.identity_for(URL) is None
    assert not g.take(refusal("bad_player"), wire, wire.join)  # not twice
    assert g.take(_greeted("pnew", "snew"), wire, wire.join)
    assert identities.identity_for(URL) == identities.Identity("pnew", "snew", "Ana")


def test_a_single_host_that_does_not_know_hello_is_simply_joined() -> None:
    g, wire = Greeter(URL, "Ana"), Wire()
    g.hello(wire, wire.join)
    assert g.take(refusal("unknown_type", "hello"), wire, wire.join)
    assert wire.joins == 1 and g.state == "host" and not g.server
    assert not g.take(refusal("hello_first"), wire, wire.join)  # only while unknown
    assert identities.identity_for(URL) is None
