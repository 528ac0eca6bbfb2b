"""A joiner that stops reading, on 127.0.0.1: the host cuts it once its bounded
outgoing queue overflows, holds nothing more for it, the others play on, and
the cut joiner comes back with its token and finishes the match."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.net import transport
from game.net.outbox import Outbox
from game.net.remote_match import RemoteMatch
from game.net.session import HostSession, parse_seat_kinds
from game.net.transport import HostServer
from game.registry import make_bot
from game.rng import Rng
from tests.game.net.test_loopback import CODE, SHORT, Table

#: the slow joiner's bound for the test: a handful of states (the real one is 512)
BOUND = 4


class StallLink:
    """A joiner's websocket that reads only while `reading` is set.

    Once it stops, websockets' reader thread pauses after one frame
    (`max_queue=1`) and the tiny receive buffer fills: a client that never reads.
    """

    def __init__(self, port: int) -> None:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", port))
        self.ws = connect(
            f"ws://127.0.0.1:{port}", sock=sock, max_queue=1, ping_interval=None, proxy=None
        ).__enter__()
        self.reading = True

    def send(self, text: str) -> None:
        self.ws.send(text)

    def poll(self) -> list[str]:
        out: list[str] = []
        while self.reading:
            try:
                raw = self.ws.recv(timeout=0)
            except TimeoutError:
                break
            out.append(raw if isinstance(raw, str) else raw.decode())
        return out


def _until(test: Callable[[], Any], what: str, timeout: float = 60.0) -> None:
    """Wait for `test()` (a bound for a loaded machine, not a budget)."""
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            pytest.fail(f"never happened: {what}")
        time.sleep(0.02)


def test_a_joiner_that_stops_reading_is_cut_the_others_play_on_and_it_comes_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Small buffers, so a few states overflow the first connection's outbox (the
    # others keep the real bound: a burst of the host's bots must not cut them);
    # a long closing handshake, so the joiner still reads the reason later.
    bounds = iter([BOUND])

    def outbox(max_messages: int, max_bytes: int) -> Outbox:
        return Outbox(next(bounds, max_messages), max_bytes)

    monkeypatch.setattr(transport, "Outbox", outbox)
    monkeypatch.setattr(transport, "SEND_BUFFER", 4096)
    monkeypatch.setattr(transport, "WRITE_LIMIT", 4096)
    monkeypatch.setattr(transport, "CLOSE_TIMEOUT", 60.0)
    # Four seats: two bots' whole turns come between the slow seat's first two moves.
    monkeypatch.setitem(SHORT, "war", {"turn_limit": 10})
    # The match's length when the cut happens (the host's bots play on at once).
    moves_at_cut: list[int] = []
    real_cut = HostServer._cut

    def cut(self: HostServer, cid: int) -> None:
        match = self.session.match
        moves_at_cut.append(-1 if match is None else len(match.log))
        real_cut(self, cid)

    monkeypatch.setattr(HostServer, "_cut", cut)
    # (a deal where some 30 moves of the others come between the slow seat's first two)
    table = Table("war", "remote,remote,bot:easy,bot:easy", seed=9)
    server = table.server
    assert server is not None
    session = server.session
    link = StallLink(server.port)
    slow = RemoteMatch(link, name="Slow", code=CODE)
    slow.join()
    _until(lambda: slow.pump() >= 0 and slow.seat is not None, "the slow joiner is seated")
    table.join("Ana")
    # Slow plays its first move (War's opening placement), then never reads again.
    bot, rng = make_bot("war", "easy"), Rng("stall")
    acted = False

    def play_once() -> bool:
        nonlocal acted
        slow.pump()
        seat = slow.seat
        assert seat is not None
        legal = slow.legal_actions(seat) if slow.started else []
        if legal and not acted:
            slow.apply(seat, bot.choose(slow.view(seat), legal, rng))
            acted = True
        return acted and seat not in slow.to_move

    _until(play_once, "the slow joiner's first move")
    link.reading = False
    _until(lambda: server.cut, "the host cuts the joiner that stopped reading")
    (cid, peak) = next(iter(server.cut.items()))
    assert session.seats[0].conn is None and slow.seat == 0
    # What the host held for it never passed the bound, and is dropped now.
    assert peak[0] <= BOUND and server.backlog(cid) == (0, 0)
    match = session.match
    assert match is not None
    # The others play on until the table waits for the cut seat (reconnecting).
    _until(lambda: 0 in match.to_move, "the table reaches the cut seat's turn")
    assert len(moves_at_cut) == 1 and len(match.log) > moves_at_cut[0] > 0
    assert session.seats[0].status == "reconnecting"
    # Reading again, the joiner gets what was already on the wire, then the reason.
    with pytest.raises(ConnectionClosed):
        while True:
            link.ws.recv(timeout=30)
    assert link.ws.close_reason == transport.TOO_SLOW
    # Back with its token: the seat is its own again and the match ends.
    table.join("Slow", token=slow.token)
    table.finish()
    assert table.status == 0 and table.results == {"Ana": 0, "Slow": 0}
    seat = session.seats[0]
    assert seat.kind == "remote" and seat.name == "Slow" and seat.reconnects == 1
    assert len(server.cut) == 1  # nobody else was cut


def test_the_outbox_holds_at_most_its_bound_then_drops_its_backlog() -> None:
    box = Outbox(max_messages=3, max_bytes=100)
    assert all(box.put("send", "x" * 10) for _ in range(3))
    assert box.peak == (3, 30) and not box.overflowed
    assert not box.put("send", "x")  # a fourth message: over the bound
    assert box.overflowed and box.empty() and box.bytes == 0
    assert not box.put("send", "x")  # nothing more once cut
    small = Outbox(max_messages=100, max_bytes=25)
    assert small.put("send", "é" * 10)  # 20 bytes in UTF-8
    assert not small.put("send", "abcdef") and small.overflowed


def test_a_reconnect_history_passes_outside_the_bound() -> None:
    from game.net.protocol import encode

    box = Outbox(max_messages=2, max_bytes=100)
    history = encode("history", events=[{"x": "y" * 50}] * 4, done=True)
    assert history.startswith(transport.HISTORY_PREFIX)  # how the transport knows it
    assert all(box.put("send", history, counted=False) for _ in range(5))
    assert box.put("send", "state") and box.put("send", "state")  # the bound is intact
    assert box.messages == 7 and box.bytes == 5 * len(history) + 10
    assert not box.put("send", "state") and box.overflowed


def test_the_outbox_hands_items_over_in_order_and_ends() -> None:
    import asyncio

    async def run() -> list[Any]:
        box = Outbox(max_messages=10, max_bytes=1000)
        box.put("send", "a")
        box.put("close", "leave")
        box.end()
        assert not box.put("send", "late")
        return [await box.get(), await box.get(), await box.get()]

    assert asyncio.run(run()) == [("send", "a"), ("close", "leave"), None]

    async def drained() -> bool:
        box = Outbox(max_messages=1, max_bytes=1000)
        box.put("send", "a")
        await box.get()  # sent: room again
        return box.put("send", "b") and box.bytes == 1

    assert asyncio.run(drained())


def test_stopping_leaves_no_task_of_the_host_pending(monkeypatch: pytest.MonkeyPatch) -> None:
    """A shutdown that overruns `stop`'s wait (clients that never drain) is
    cancelled with everything else still running: the loop closes with no
    task pending (they used to be reported as destroyed at the program's exit)."""

    async def never(_q: Outbox) -> None:
        await asyncio.sleep(3600)

    monkeypatch.setattr(HostServer, "_drained", staticmethod(never))
    monkeypatch.setattr(transport, "DRAIN_SECONDS", 3600.0)
    monkeypatch.setattr(transport, "STOP_SECONDS", 0.2)
    session = HostSession("wyr", parse_seat_kinds("remote,remote"), seed=1, code=CODE)
    server = HostServer(session, "127.0.0.1", 0)
    port = server.start()
    with connect(f"ws://127.0.0.1:{port}", proxy=None):
        _until(lambda: server._queues, "the host holds a queue for the client")
        loop = server._loop
        assert loop is not None
        server.stop()
    assert loop.is_closed()
    assert not [t for t in asyncio.all_tasks(loop) if not t.done()]
