"""An in-memory wire between `RemoteMatch`es and a `HostSession` (no sockets)."""

from __future__ import annotations

import json
from typing import Any

from game.net.remote_match import RemoteMatch
from game.net.session import HostSession
from game.registry import make_bot
from game.rng import Rng


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class MemHost:
    """Delivers the session's output to each connection's inbox at once."""

    def __init__(self, session: HostSession) -> None:
        self.session = session
        self.links: dict[int, MemLink] = {}

    def link(self, address: str = "local") -> MemLink:
        cid = self.session.connect(address)
        link = MemLink(self, cid)
        self.links[cid] = link
        return link

    def tick(self) -> None:
        """Let the session's clock work run (slotted joins, deadlines), then deliver."""
        self.session.tick()
        self.deliver()

    def deliver(self) -> None:
        for cid, text in self.session.take_output():
            link = self.links.get(cid)
            if link is not None and not link.closed:
                link.inbox.append(text)
                link.received.append(text)
        for cid, _reason in self.session.take_closing():
            link = self.links.get(cid)
            if link is not None:
                link.closed = True


class MemLink:
    """One client's end: `send` goes straight into the session."""

    def __init__(self, host: MemHost, cid: int) -> None:
        self.host = host
        self.cid = cid
        self.inbox: list[str] = []
        self.received: list[str] = []
        self.closed = False

    def send(self, text: str | bytes) -> None:
        if self.closed:
            return
        self.host.session.receive(self.cid, text)
        self.host.deliver()

    def poll(self) -> list[str]:
        out, self.inbox = self.inbox, []
        return out

    def drop(self) -> None:
        self.closed = True
        self.host.session.disconnect(self.cid)
        self.host.deliver()

    def messages(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in map(json.loads, self.received) if m["t"] == kind]


def join_all(host: MemHost, names: list[str], code: str) -> list[RemoteMatch]:
    """A RemoteMatch per name, each joined and up to date."""
    remotes = []
    for name in names:
        r = RemoteMatch(host.link(), name=name, code=code)
        r.join()
        remotes.append(r)
    for r in remotes:
        r.pump()
    return remotes


def stay(legal: list[Any]) -> list[Any]:
    """The legal actions but leaving the table (Wyrt's Leave), when there are others:
    random play otherwise ends most tables in a few actions."""
    kept = [a for a in legal if not a.TYPE.endswith(".Leave")]
    return kept or legal


def play_to_end(
    host: MemHost, remotes: list[RemoteMatch], seed: int = 0, max_steps: int = 20_000
) -> int:
    """Random bots play every seat (remote ones through their RemoteMatch)."""
    session = host.session
    rng = Rng(f"memplay/{seed}")
    bot = make_bot(session.game, "random")
    steps = 0
    while not session.is_over and steps < max_steps:
        moved = False
        for seat in session.bot_seats_to_move():
            m = session.match
            assert m is not None
            session.act_local(seat, bot.choose(m.view(seat), stay(m.legal_actions(seat)), rng))
            host.deliver()
            moved = True
        for r in remotes:
            r.pump()
            if r.seat is not None and r.seat in r.to_move:
                legal = r.legal_actions(r.seat)
                if legal:
                    r.apply(r.seat, bot.choose(r.view(r.seat), stay(legal), rng))
                    r.pump()
                    moved = True
        steps += 1
        assert moved, "no one could move"
    for r in remotes:
        r.pump()
    return steps
