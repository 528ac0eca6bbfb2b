"""An in-memory wire to a server's `Hub` (no sockets), for the server's tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.net.protocol import PROTOCOL_VERSION
from game.net.server.bots import BotPool
from game.net.server.hub import Hub
from game.net.server.store import Store
from tests.game.net.memlink import Clock


class Net:
    """A hub, its clock, and clients whose inboxes fill as soon as it speaks."""

    def __init__(
        self, store: Store | Path | None = None, clock: Clock | None = None, **kw: Any
    ) -> None:
        self.clock = clock or Clock()
        if store is None or isinstance(store, Path):
            store = Store(store or ":memory:", wall=lambda: self.clock.now)
        self.store = store
        kw.setdefault("fallback_bot", "random")
        self.hub = Hub(store, clock=self.clock, bots=BotPool(0, self.clock), **kw)
        self.clients: dict[int, Client] = {}

    def client(self, name: str = "Ana", address: str = "10.0.0.1", hello: bool = True) -> Client:
        c = Client(self, self.hub.connect(address))
        self.clients[c.cid] = c
        if hello:
            c.send("hello", version=PROTOCOL_VERSION, name=name)
        return c

    def deliver(self) -> None:
        for cid, text in self.hub.take_output():
            c = self.clients.get(cid)
            if c is not None and not c.closed:
                c.inbox.append(json.loads(text))
        for cid, reason in self.hub.take_closing():
            c = self.clients.get(cid)
            if c is not None:
                c.closed, c.reason = True, reason

    def tick(self, seconds: float = 0.0, times: int = 1) -> None:
        for _ in range(times):
            self.clock.now += seconds
            self.hub.tick()
            self.deliver()

    def run_bots(self, limit: int = 3000) -> None:
        """Tick until no table has a bot's move waiting (bounded)."""
        for _ in range(limit):
            before = self.hub.version
            self.tick()
            if self.hub.version == before:
                return


class Client:
    """One connection's end."""

    def __init__(self, net: Net, cid: int) -> None:
        self.net = net
        self.cid = cid
        self.inbox: list[dict[str, Any]] = []
        self.closed = False
        self.reason = ""
        self.seq = 0

    def send(self, kind: str, **fields: Any) -> None:
        self.net.hub.receive(self.cid, json.dumps({"t": kind, **fields}))
        self.net.deliver()

    def raw(self, text: str) -> None:
        self.net.hub.receive(self.cid, text)
        self.net.deliver()

    def msgs(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.inbox if m["t"] == kind]

    def last(self, kind: str) -> dict[str, Any]:
        found = self.msgs(kind)
        assert found, f"no {kind} in {[m['t'] for m in self.inbox]}"
        return found[-1]

    def refused(self) -> str:
        return self.last("refused")["code"]

    def join(self, table: str = "", **fields: Any) -> None:
        msg: dict[str, Any] = {"version": PROTOCOL_VERSION, "code": "", "name": ""}
        if table:
            msg["table"] = table
        self.send("join", **{**msg, **fields})

    def create(self, game: str = "alta", seats: list[str] | None = None, **fields: Any) -> str:
        self.send("create", game=game, seats=seats or ["remote", "remote"], **fields)
        return str(self.last("created")["table"])

    def act_first(self) -> bool:
        """Play the first legal action of the last state, if asked to."""
        states = self.msgs("state")
        if not states or not states[-1]["legal"] or states[-1]["is_over"]:
            return False
        self.seq += 1
        self.send("act", seq=self.seq, action=states[-1]["legal"][0])
        return True


def play(net: Net, clients: list[Client], limit: int = 2000) -> None:
    """Humans play their first legal action, bots theirs, until nobody moves."""
    for _ in range(limit):
        moved = any([c.act_first() for c in clients])
        before = net.hub.version
        net.tick()
        if not moved and net.hub.version == before:
            return
