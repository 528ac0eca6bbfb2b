"""A real Taverna server (a `Hub` behind the websockets transport) on
127.0.0.1 in this process, for the app's online screens, and a second player
that is a plain `LobbyClient` over its own websocket."""

from __future__ import annotations

from typing import Any

from game.net.lobby_client import LobbyClient
from game.net.server.bots import BotPool
from game.net.server.hub import Hub
from game.net.server.store import Store
from game.net.transport import ClientConnection, HostServer


class Served:
    """A hub on an ephemeral port of 127.0.0.1; stop it with `close`."""

    def __init__(self, **kw: Any) -> None:
        kw.setdefault("fallback_bot", "easy")
        self.store = Store(":memory:")
        self.hub = Hub(self.store, bots=BotPool(0), **kw)
        self.server = HostServer(self.hub, "127.0.0.1", 0)
        self.port = self.server.start()
        self.address = f"127.0.0.1:{self.port}"
        self.url = f"ws://{self.address}"

    def player(self, name: str) -> LobbyClient:
        """Another player, greeted (not remembered in this app's profile)."""
        c = LobbyClient(ClientConnection(self.url), self.url, name, remember=False)
        c.hello()
        wait(c, lambda: c.greeted)
        return c

    def close(self) -> None:
        self.server.stop()
        self.store.close()


def wait(c: LobbyClient, cond: Any, seconds: float = 10.0) -> None:
    """Pump a plain client until `cond()` holds (bounded)."""
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        c.pump()
        if cond():
            return
        time.sleep(0.01)
    assert cond(), "timed out"
