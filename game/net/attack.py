"""The hardening's attacks, measured against a real host on 127.0.0.1 (for the
bench and the note, never a timed test): how fast one address can guess a join
code, what 2,000 connections that never join hold, how many log lines 5,000
unreadable messages write, how fast a joiner could search typed seeds, and what
a whole match's chance costs with the secret generator.

Everything binds and connects to 127.0.0.1 only, bounded in count and time.
`python -m game.net.attack` prints one JSON document.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from game.net.protocol import PROTOCOL_VERSION
from game.net.seating import CODE_ALPHABET, CODE_LENGTH
from game.net.session import HostSession, parse_seat_kinds
from game.net.transport import HostServer

#: codes a table may have
CODE_SPACE = len(CODE_ALPHABET) ** CODE_LENGTH


class _Lines(logging.Handler):
    """Counts the log lines written by the host (game.net and asyncio)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.lines += 1 + str(record.exc_text or "").count("\n")
        if record.exc_info:
            self.lines += 10  # a traceback's lines, roughly


@contextlib.contextmanager
def _host(game: str = "wyr") -> Iterator[tuple[HostServer, _Lines]]:
    session = HostSession(game, parse_seat_kinds("remote,remote"))
    server = HostServer(session, "127.0.0.1", 0)
    lines = _Lines()
    loggers = [logging.getLogger(n) for n in ("game.net", "asyncio", "websockets")]
    for lg in loggers:
        lg.addHandler(lines)
    server.start()
    try:
        yield server, lines
    finally:
        server.stop()
        for lg in loggers:
            lg.removeHandler(lines)


def _join(code: str) -> str:
    return json.dumps({"t": "join", "version": PROTOCOL_VERSION, "code": code, "name": "M"})


def guess_rate(seconds: float = 10.0, conns: int = 16) -> dict[str, Any]:
    """One address guessing codes flat out over `conns` connections for `seconds`:
    answers a second, and the expected time to hit a table's code."""
    with _host() as (server, lines):
        url = f"ws://127.0.0.1:{server.port}"
        answered = 0
        wrong = "A" * CODE_LENGTH if server.session.code != "A" * CODE_LENGTH else "C" * 8

        async def guesser(end: float) -> None:
            nonlocal answered
            while time.monotonic() < end:
                try:
                    async with connect(url, open_timeout=2, proxy=None) as ws:
                        while time.monotonic() < end:
                            await ws.send(_join(wrong))
                            left = end - time.monotonic()
                            reply = await asyncio.wait_for(ws.recv(), max(0.01, left))
                            if '"refused"' in str(reply):
                                answered += 1
                except (OSError, TimeoutError, WebSocketException):
                    await asyncio.sleep(0.05)

        async def run() -> None:
            end = time.monotonic() + seconds
            await asyncio.gather(*(guesser(end) for _ in range(conns)))

        start = time.monotonic()
        asyncio.run(run())
        took = time.monotonic() - start
    rate = answered / took
    return {
        "seconds": round(took, 1),
        "guesses": answered,
        "guesses_per_s": round(rate, 2),
        # half the codes, on average, before the right one
        "expected_days_to_guess": round(CODE_SPACE / 2 / max(rate, 1e-9) / 86400, 1),
        "log_lines": lines.lines,
    }


def idle_connections(n: int = 2000, deadline: float = 10.0) -> dict[str, Any]:
    """`n` websockets opened from here that never send a join: how many the host
    held at most, how many it still holds after its deadline, and its log lines."""
    with _host() as (server, lines):
        url = f"ws://127.0.0.1:{server.port}"
        held_peak = 0

        def held() -> int:
            with server.lock:
                return server.session.doorman.open

        async def one(opened: list[Any]) -> None:
            with contextlib.suppress(OSError, TimeoutError, WebSocketException):
                opened.append(await connect(url, open_timeout=5, proxy=None))

        async def run() -> tuple[int, int]:
            nonlocal held_peak
            opened: list[Any] = []
            for start in range(0, n, 200):  # in waves, as fast as the loop allows
                await asyncio.gather(*(one(opened) for _ in range(min(200, n - start))))
                held_peak = max(held_peak, held())
            completed = len(opened)
            await asyncio.sleep(deadline + 1.0)
            after = held()  # before the attacker lets go
            for ws in opened:
                with contextlib.suppress(Exception):
                    await ws.close()
            return completed, after

        completed, after = asyncio.run(run())
        turned = dict(server.turned_away)
    return {
        "attempted": n,
        "handshakes_completed": completed,
        "held_at_most": held_peak,
        "held_after_deadline": after,
        "turned_away": turned,
        "log_lines": lines.lines,
    }


def junk_messages(n: int = 5000, seconds: float = 20.0) -> dict[str, Any]:
    """Up to `n` messages of an unreadable type (a lone surrogate) in `seconds`,
    reconnecting each time the host closes: the host's log lines, and that every
    refusal was sent (the host slows the sender: strikes outlive a connection)."""
    with _host() as (server, lines):
        url = f"ws://127.0.0.1:{server.port}"
        refusals = sent = 0
        closes: dict[int, int] = {}

        async def run() -> None:
            nonlocal refusals, sent
            end = time.monotonic() + seconds
            while sent < n and time.monotonic() < end:
                try:
                    async with connect(url, open_timeout=2, proxy=None) as ws:
                        while sent < n:
                            await ws.send('{"t":"\\ud800"}')
                            sent += 1
                            if '"refused"' in str(await asyncio.wait_for(ws.recv(), 5)):
                                refusals += 1
                except WebSocketException as e:
                    code = getattr(getattr(e, "rcvd", None), "code", 0) or 0
                    closes[code] = closes.get(code, 0) + 1
                    if not code:  # turned away at the door (connecting too fast)
                        await asyncio.sleep(0.25)
                except (OSError, TimeoutError):
                    await asyncio.sleep(0.25)

        asyncio.run(run())
    return {"messages": sent, "refusals": refusals, "close_codes": closes, "log_lines": lines.lines}


def seed_search_rate(seconds: float = 3.0) -> dict[str, Any]:
    """How many typed War seeds a joiner tests a second by dealing each and
    comparing the board; the time to search the on-screen host's old range."""
    from game.registry import new_match

    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        new_match("war", 3, seed=n).public_view()
        n += 1
    rate = n / (time.perf_counter() - start)
    return {
        "seeds_per_s": round(rate),
        "old_range_s": round(999_999 / rate),
        "secret_seed_bits": 256,
    }


def draw_cost(games: int = 5) -> dict[str, Any]:
    """A War match's chance drawn by the secret generator: draws per match and
    their time (every draw the engine made, replayed on each generator alone)."""
    from game.registry import make_bot, new_match
    from game.rng import Rng, SecretRng, new_secret_seed, secret_seed_from

    calls: list[tuple[str, tuple[Any, ...]]] = []

    def spy(rng: Rng) -> None:
        for name in ("randint", "randrange", "choice", "shuffle", "sample", "roll", "random"):
            real: Callable[..., Any] = getattr(rng, name)

            def wrapped(*args: Any, _real: Callable[..., Any] = real, _n: str = name) -> Any:
                calls.append((_n, tuple(list(a) if isinstance(a, list) else a for a in args)))
                return _real(*args)

            setattr(rng, name, wrapped)

    per_match: list[int] = []
    for g in range(games):
        before = len(calls)
        match = new_match("war", 4, seed=secret_seed_from(g), options={"turn_limit": 200})
        spy(match.rng)  # (the deal's three shuffles come before: about 0.1 ms more)
        bots, rng = make_bot("war", "normal"), Rng(f"draws/{g}")
        while not match.is_over:
            seat = match.to_move[0]
            match.apply(seat, bots.choose(match.view(seat), match.legal_actions(seat), rng))
        per_match.append(len(calls) - before)

    def replay(rng: Rng) -> float:
        # bound methods and fresh arguments first: only the draws are timed
        todo = [
            (getattr(rng, name), [list(a) if isinstance(a, list) else a for a in args])
            for name, args in calls
        ]
        start = time.perf_counter()
        for method, args in todo:
            method(*args)
        return (time.perf_counter() - start) / games * 1000

    return {
        "draws_per_match": round(sum(per_match) / games),
        "secret_ms_per_match": round(replay(SecretRng(new_secret_seed())), 3),
        "mersenne_ms_per_match": round(replay(Rng(1)), 3),
    }


def main() -> int:
    """Print every figure as one JSON document."""
    out = {
        "guessing": guess_rate(),
        "idle_connections": idle_connections(),
        "junk_messages": junk_messages(),
        "seed_search": seed_search_rate(),
        "draws": draw_cost(),
    }
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
