"""Tables on the local network: what an announcement carries, and that the
test suite never announces or listens (it sends nothing but to loopback)."""

from __future__ import annotations

import socket
from types import SimpleNamespace

from game.net import lan


def test_the_suite_never_touches_the_lan() -> None:
    assert not lan.enabled()
    assert lan.LanBrowser().tables() == []
    lan.Announcement("war", "Ana", 47474, ["192.168.0.5"]).close()  # a no-op here


def test_an_announced_table_is_read_back_without_its_code() -> None:
    info = SimpleNamespace(
        name="Ana 47474._taverna._tcp.local.",
        addresses=[socket.inet_aton("192.168.0.5")],
        port=47474,
        properties={b"game": b"war", b"host": b"Ana"},
    )
    table = lan.table_from_info(info)
    assert table == lan.LanTable("Ana", "war", "192.168.0.5", 47474)
    assert table.where == "192.168.0.5:47474"


def test_a_service_that_is_not_a_table_is_ignored() -> None:
    assert lan.table_from_info(SimpleNamespace(addresses=[], port=1, properties={})) is None
    no_game = SimpleNamespace(addresses=[socket.inet_aton("10.0.0.1")], port=9, properties={})
    assert lan.table_from_info(no_game) is None
