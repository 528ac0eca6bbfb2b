"""The hardening issue's attacks over real websockets on 127.0.0.1 (ephemeral
ports, bounded in count and time): hostile names through the headless host,
connections that never join, a code guessed flat out, unreadable messages.
The figures themselves are `python -m game.net.attack`'s (the bench)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
import unicodedata

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

import game.net.remote_match as remote_match
import game.net.session as session_module
from game.net import attack
from game.net.protocol import PROTOCOL_VERSION
from game.net.remote_match import RemoteMatch
from game.net.transport import ClientConnection
from game.registry import make_bot
from game.rng import Rng
from tests.game.net.test_loopback import CODE, Table


def _hostile_joiner(table: Table, name: str, heard: list[str]) -> None:
    """A client that sends its name as it is, and lets a bot play its seat."""
    link = ClientConnection(f"ws://{table.address}")
    remote = RemoteMatch(link, name=name, code=CODE)
    remote.join()
    bot, rng = make_bot("war", "easy"), Rng("hostile")
    end = time.monotonic() + 120
    while not remote.is_over and not remote.host_closed and time.monotonic() < end:
        for text in link.wait(0.2):
            heard.append(text)
            remote.handle_text(text)
        seat = remote.seat
        if seat is not None and remote.started and seat in remote.to_move:
            legal = remote.legal_actions(seat)
            if legal:
                remote.apply(seat, bot.choose(remote.view(seat), legal, rng))
    link.close()


def test_hostile_names_cannot_crash_the_headless_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every name of the issue, sent escaped as a hand-written client would: the
    host autosaves, ends the match and prints only clean, distinct names."""
    from game import saves

    written: list[object] = []
    real_write = saves.write_document
    monkeypatch.setattr(
        saves, "write_document", lambda p, d, t=None: written.append(p) or real_write(p, d, t)
    )
    real_encode = remote_match.encode

    def escaped(kind: str, **fields: object) -> str:  # "\ud800" travels as an escape
        return json.dumps(json.loads(real_encode(kind, **fields)), ensure_ascii=True)

    monkeypatch.setattr(remote_match, "encode", escaped)
    names = ["Eve\ud800", "Eve\x00", "\x1b[2JEve\x07", "Eve\u009b", "\u202eEve"]
    table = Table("war", "remote,remote,remote,remote,remote,bot:easy")
    heard: list[str] = []
    for name in names:  # our own joiner cleans its name: these are hand-written ones
        threading.Thread(target=_hostile_joiner, args=(table, name, heard), daemon=True).start()
    table.finish()
    assert table.status == 0 and table.server is not None
    # nor was the secret seed in anything they heard, the whole match long
    key = table.server.session.seed.split(":", 1)[1]
    assert heard and not any(key in text or "secret:" in text for text in heard)
    assert written  # the autosave that crashed the host at its first turn
    last = table.out.getvalue().splitlines()[-1]
    assert last.startswith("match over: ")
    shown = [n for group in json.loads(last[len("match over: ") :]) for n in group]
    assert len(set(shown)) == 6
    for name in shown:
        assert all(unicodedata.category(ch)[0] not in "C" for ch in name), repr(name)


def test_connections_that_never_join_are_capped_then_closed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(session_module, "JOIN_DEADLINE", 0.5)
    table = Table("wyr")
    assert table.server is not None
    url = f"ws://{table.address}"
    server = table.server

    async def flood() -> tuple[int, int]:
        opened: list[object] = []

        async def one() -> None:
            with contextlib.suppress(OSError, TimeoutError, WebSocketException):
                opened.append(await connect(url, open_timeout=5, proxy=None))

        await asyncio.gather(*(one() for _ in range(60)))
        with server.lock:
            held = server.session.doorman.open
        await asyncio.sleep(1.5)  # past the deadline to join
        with server.lock:
            after = server.session.doorman.open
        for ws in opened:
            with contextlib.suppress(Exception):
                await ws.close()  # type: ignore[attr-defined]
        return held, after

    held, after = asyncio.run(flood())
    assert held <= server.session.doorman.MAX_PER_ADDRESS and after == 0
    assert sum(server.turned_away.values()) >= 60 - held
    # The players come after the flood and play the match out.
    table.join("Ana")
    table.join("Bia")
    table.finish()
    assert table.status == 0 and table.results == {"Ana": 0, "Bia": 0}


def test_a_code_guessed_flat_out_gets_a_handful_of_answers() -> None:
    got = attack.guess_rate(seconds=2.0, conns=16)
    # five answered at once, then slots 0.25, 0.5, 1 s apart: not thousands
    assert 5 <= got["guesses"] <= 10, got
    assert got["log_lines"] <= 3, got


def test_unreadable_types_are_refused_and_logged_once_over_the_wire() -> None:
    got = attack.junk_messages(200, seconds=3.0)
    assert got["refusals"] >= 8 and got["log_lines"] <= 4, got
    assert 1011 not in got["close_codes"], got  # never an internal error


def test_a_join_with_an_escaped_surrogate_code_is_only_a_wrong_code() -> None:
    table = Table("wyr")

    async def once() -> dict[str, object]:
        async with connect(f"ws://{table.address}", proxy=None) as ws:
            await ws.send(
                json.dumps(
                    {"t": "join", "version": PROTOCOL_VERSION, "code": "\ud800", "name": "X"},
                    ensure_ascii=True,
                )
            )
            return dict(json.loads(await ws.recv()))

    assert asyncio.run(once())["code"] == "wrong_code"
    table.stop.set()
    table.thread.join(10)


def test_the_result_is_printed_before_the_host_closes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A connection that never joined held `match over:` up by seconds: the
    result comes first, then the closing."""
    from game.net.transport import HostServer

    said_at_stop: list[str] = []
    real_stop = HostServer.stop

    def stop(self: HostServer, reason: str = "host_closing") -> None:
        said_at_stop.append(table.out.getvalue())
        real_stop(self, reason)

    monkeypatch.setattr(HostServer, "stop", stop)
    table = Table("chama")
    table.join("Ana")
    table.join("Bia")
    table.finish()
    assert table.status == 0 and "match over:" in said_at_stop[0]
