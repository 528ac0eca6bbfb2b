"""A server behind a reverse proxy on this machine (issue 46): each player is
counted by the address the proxy forwards, not all as 127.0.0.1; without
`behind_proxy` the header is ignored."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from game.net.guard import Doorman
from game.net.protocol import PROTOCOL_VERSION
from game.net.server.bots import BotPool
from game.net.server.hub import Hub
from game.net.server.store import Store
from game.net.transport import HostServer, forwarded_for


@contextlib.contextmanager
def _server(behind_proxy: bool) -> Iterator[HostServer[Hub]]:
    hub = Hub(Store(":memory:"), bots=BotPool(0))
    server = HostServer(hub, "127.0.0.1", 0, behind_proxy=behind_proxy)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _open(server: HostServer[Hub], forwarded: str) -> ClientConnection:
    ws = connect(
        f"ws://127.0.0.1:{server.port}",
        open_timeout=5,
        proxy=None,
        additional_headers={"X-Forwarded-For": forwarded},
    ).__enter__()
    ws.send(json.dumps({"t": "hello", "version": PROTOCOL_VERSION, "name": "Ana"}))
    assert json.loads(ws.recv(timeout=5))["t"] == "greeted"
    return ws


def _addresses(server: HostServer[Hub]) -> list[str]:
    with server.lock:
        return sorted(link.address for link in server.session.links.values())


def test_players_behind_the_proxy_are_counted_by_their_own_address() -> None:
    cap = Doorman.MAX_PER_ADDRESS
    with _server(behind_proxy=True) as server:
        many = [_open(server, f"198.51.100.7, 203.0.113.{i}") for i in range(cap + 4)]
        assert _addresses(server) == sorted(f"203.0.113.{i}" for i in range(cap + 4))
        same = [_open(server, "192.0.2.9") for _ in range(cap)]
        with pytest.raises((ConnectionClosed, InvalidStatus, AssertionError, TimeoutError)):
            _open(server, "192.0.2.9")  # one address's cap still holds
        for ws in many + same:
            ws.close()
        end = time.monotonic() + 5
        while time.monotonic() < end:  # every admitted address is released again
            with server.lock:
                if server.session.doorman.open == 0:
                    break
            time.sleep(0.05)
        with server.lock:
            assert server.session.doorman.open == 0


def test_without_behind_proxy_the_header_is_ignored() -> None:
    with _server(behind_proxy=False) as server:
        ws = _open(server, "203.0.113.5")
        assert _addresses(server) == ["127.0.0.1"]
        ws.close()


def test_the_forwarded_address_is_the_proxy_s_own_entry() -> None:
    assert forwarded_for("1.2.3.4, 203.0.113.9") == "203.0.113.9"
    assert forwarded_for(None) == "proxy?"
    assert forwarded_for("not an address") == "proxy?"
    assert forwarded_for(" 2001:db8::1 ") == "2001:db8::1"
