"""Wires from `LobbyClient`s to an in-memory server `Hub` (no sockets)."""

from __future__ import annotations

from typing import Any

from game.net.lobby_client import LobbyClient
from tests.game.net.serverlink import Net


class HubWire:
    """One connection to the hub, as `LobbyClient` sees a websocket."""

    def __init__(self, room: Room, address: str) -> None:
        self.room = room
        self.cid = room.net.hub.connect(address)
        self.inbox: list[str] = []
        self.closed = False
        self.sent: list[str] = []
        room.wires[self.cid] = self

    def send(self, text: str) -> None:
        self.sent.append(text)
        self.room.net.hub.receive(self.cid, text)
        self.room.route()

    def poll(self) -> list[str]:
        out, self.inbox = self.inbox, []
        return out


class Room:
    """A hub and the lobby clients connected to it."""

    def __init__(self, **kw: Any) -> None:
        self.net = Net(**kw)
        self.wires: dict[int, HubWire] = {}

    def route(self) -> None:
        hub = self.net.hub
        for cid, text in hub.take_output():
            wire = self.wires.get(cid)
            if wire is not None and not wire.closed:
                wire.inbox.append(text)
        for cid, _reason in hub.take_closing():
            wire = self.wires.get(cid)
            if wire is not None:
                wire.closed = True

    def client(
        self, name: str = "Ana", url: str = "ws://127.0.0.1:1", address: str = "10.0.0.1"
    ) -> LobbyClient:
        c = LobbyClient(HubWire(self, address), url, name)
        c.hello()
        c.pump()
        return c

    def tick(self, seconds: float = 0.0, times: int = 1) -> None:
        for _ in range(times):
            self.net.clock.now += seconds
            self.net.hub.tick()
            self.route()

    def settle(self, clients: list[LobbyClient], limit: int = 3000) -> None:
        """Tick (bots think inline) until the hub has nothing more to say."""
        for _ in range(limit):
            before = self.net.hub.version
            self.tick()
            for c in clients:
                c.pump()
            if self.net.hub.version == before:
                return
