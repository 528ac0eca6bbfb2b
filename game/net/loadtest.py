"""A load generator for a Taverna server (issue 46): many tables at a person's pace.

    python -m game.net.loadtest --tables N --game G [--seconds S] [--pace P]

starts a server of its own on 127.0.0.1 in a child process (its own
interpreter, as a real server has; `--server 127.0.0.1:PORT` plays against one
already running), then opens every seat of N tables as websockets clients in
this one process (asyncio). Each table has `--seats` remote players and
`--bots` bot seats; each player acts `--pace` seconds after it is asked to
(a person's pace), a random legal action, and a table whose match ends is
dealt again while time remains. It prints tables held open, connections,
actions, the round trip of an action (sent -> the state that answers it)
p50/p99, the server's longest tick and event-loop lag, the bot pool's
longest wait (`BotPool.longest_wait`), and how late the players' own loop
woke (when it is late too, the round trips are partly this process's).

Its own server stands in N*seats players from N*seats machines: each
connection is counted as an address of its own (the per-address caps would
otherwise see one address, 127.0.0.1). Bounded: at most `MAX_TABLES` tables
and `MAX_SECONDS` seconds, 127.0.0.1 only.

`guess_flood` measures the server-wide cap on code guesses in-process with a
simulated clock: many addresses guessing flat out, the checks a second they
get, and the expected time to hit one of 1,000 private tables' codes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from game.net.guard import Doorman
from game.net.protocol import PROTOCOL_VERSION
from game.net.seating import CODE_ALPHABET, SERVER_CODE_LENGTH

#: the most tables, seconds and seats a run may have
MAX_TABLES = 500
MAX_SECONDS = 600.0
MAX_SEATS = 6
#: seconds a run may take past `--seconds` (seating, closing) before it is cut
SETUP_SECONDS = 30.0


class LoadDoorman(Doorman):
    """The doorman of the load test's own server: all its players knock from
    127.0.0.1, so the caps per address are those of the whole server."""

    MAX_PER_ADDRESS = 8192
    MAX_OPEN = 8192
    CONNECT_RATE = 10000.0
    CONNECT_BURST = 10000.0


@dataclass
class Figures:
    """What the clients saw."""

    trips: list[float] = field(default_factory=list)
    actions: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    connections: int = 0
    peak_connections: int = 0
    seated_tables: int = 0
    peak_tables: int = 0
    matches_finished: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    #: how late this process's own loop woke (its players' share of a round trip)
    lag_ms_max: float = 0.0

    def note_error(self, e: BaseException) -> None:
        """Count a failure by its kind."""
        kind = type(e).__name__
        self.errors[kind] = self.errors.get(kind, 0) + 1


# -- the server (a child process) -------------------------------------------------


def _serve(pipe: Connection, bot_workers: int, max_tables: int) -> None:
    """The load test's own server: report the port, serve until told to stop,
    then report its figures (runs in a child process)."""
    from game.net.server.bots import BotPool
    from game.net.server.hub import Hub
    from game.net.server.store import Store
    from game.net.transport import HostServer

    class LoadHub(Hub):
        """Each connection counts as an address of its own (see the module)."""

        def connect(self, address: str = "local") -> int:
            return super().connect(f"{address}#{self._next}")

    # what is loaded so far lives as long as the server: full collections
    # need not walk it again (each such pause holds up every table)
    gc.freeze()
    folder = tempfile.mkdtemp(prefix="taverna-load-")
    store = Store(Path(folder) / "server.sqlite3")
    bots = BotPool(bot_workers)
    _warm_up(bots)
    hub = LoadHub(store, doorman=LoadDoorman(), bots=bots, max_tables=max_tables)
    stats = {
        "tick_ms_max": 0.0,
        "lag_ms_max": 0.0,
        "live_max": 0,
        "gc_ms_max": 0.0,
        "gc_cpu_ms_max": 0.0,
    }
    tick = hub.tick

    def timed_tick() -> None:
        t0 = time.perf_counter()
        tick()
        stats["tick_ms_max"] = max(stats["tick_ms_max"], (time.perf_counter() - t0) * 1000)
        stats["live_max"] = max(stats["live_max"], len(hub.live()))

    hub.tick = timed_tick  # type: ignore[method-assign]
    gc_started = [0.0, 0.0]

    def timed_gc(phase: str, info: dict[str, int]) -> None:
        # the longest collection, a pause every table waits out: on the clock
        # and in this thread's CPU (on a busy machine the clock also counts
        # the time the process waited for a core)
        if phase == "start":
            gc_started[:] = [time.perf_counter(), time.thread_time()]
        else:
            pause = (time.perf_counter() - gc_started[0]) * 1000
            stats["gc_ms_max"] = max(stats["gc_ms_max"], pause)
            cpu = (time.thread_time() - gc_started[1]) * 1000
            stats["gc_cpu_ms_max"] = max(stats["gc_cpu_ms_max"], cpu)

    gc.callbacks.append(timed_gc)
    server = HostServer(hub, "127.0.0.1", 0)
    port = server.start()

    async def probe() -> None:
        # how late a 50 ms sleep wakes: the time the loop was busy elsewhere
        while True:
            t0 = time.perf_counter()
            await asyncio.sleep(0.05)
            late = (time.perf_counter() - t0 - 0.05) * 1000
            stats["lag_ms_max"] = max(stats["lag_ms_max"], late)

    probing = server.submit(probe())
    cpu0, rss0 = time.process_time(), _rss_mb()
    pipe.send(port)
    try:
        pipe.poll(MAX_SECONDS + SETUP_SECONDS + 60)
        # the server's own process (its bot workers are processes of their own)
        stats["cpu_s"] = time.process_time() - cpu0
        stats["rss_mb_before"], stats["rss_mb_after"] = rss0, _rss_mb()
        with server.lock:
            stats["longest_bot_wait_s"] = bots.longest_wait
            stats["bot_decisions"] = bots.decisions
            stats["live_at_end"] = len(hub.live())
        pipe.send(stats)
    finally:
        probing.cancel()
        server.stop()
        bots.close()
        store.close()


def _warm_up(bots: Any) -> None:
    """Start every bot worker before the clock runs (a worker's start is not
    a decision's wait)."""
    from game.registry import new_match

    match = new_match("wyr", ["A", "B"], seed=1, options={})
    seat = match.to_move[0]
    for n in range(max(1, bots.workers)):
        bots.submit(("warm", n), "wyr", "random", match.view(seat), match.legal_actions(seat), "w")
    end = time.monotonic() + 30
    answered = 0
    while answered < max(1, bots.workers) and time.monotonic() < end:
        answered += len(bots.done())
        time.sleep(0.02)
    bots.longest_wait, bots.decisions = 0.0, 0


def _rss_mb() -> float:
    """This process's resident memory now, in MiB (Linux; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


# -- the players (this process) --------------------------------------------------


class Player:
    """One seat's websocket at a person's pace."""

    def __init__(self, ws: Any, name: str, figures: Figures, rng: random.Random) -> None:
        self.ws = ws
        self.name = name
        self.figures = figures
        self.rng = rng
        self.seq = 0
        self.state: dict[str, Any] = {}

    async def send(self, kind: str, **fields: Any) -> None:
        """One message."""
        await self.ws.send(json.dumps({"t": kind, **fields}))

    async def expect(self, kind: str, timeout: float) -> dict[str, Any]:
        """The next message of `kind` (states seen on the way are kept)."""
        end = time.monotonic() + timeout
        while True:
            msg = json.loads(await asyncio.wait_for(self.ws.recv(), end - time.monotonic()))
            if msg["t"] == "state":
                self.state = msg
            if msg["t"] == kind:
                return dict(msg)
            if msg["t"] == "refused":
                raise RuntimeError(f"refused {msg['code']}")

    async def play(self, pace: float, end: float) -> None:
        """Act `pace` seconds after being asked, until the match ends or time is up."""
        asked_at: float | None = None
        sent_at: float | None = None
        before = 0
        while not self.state.get("is_over") and time.monotonic() < end:
            now = time.monotonic()
            legal = [
                a
                for a in self.state.get("legal") or []
                if not str(a.get("type", "")).endswith(".Leave")
            ]
            if legal and sent_at is None and asked_at is None:
                asked_at = now
            if asked_at is not None and sent_at is None and now >= asked_at + pace:
                self.seq += 1
                before = int(self.state.get("log_len", 0))
                await self.send("act", seq=self.seq, action=self.rng.choice(legal))
                sent_at, asked_at = time.monotonic(), None
                self.figures.actions += 1
                continue
            wait = end - now if asked_at is None else asked_at + pace - now
            try:
                raw = await asyncio.wait_for(self.ws.recv(), max(0.001, min(wait, 1.0)))
            except TimeoutError:
                continue
            msg = json.loads(raw)
            if msg["t"] == "state":
                self.state = msg
                if sent_at is not None and msg["log_len"] > before:
                    self.figures.trips.append((time.monotonic() - sent_at) * 1000)
                    sent_at = None
                if not msg["legal"]:
                    asked_at = None
            elif msg["t"] == "refused":
                code = str(msg.get("code"))
                self.figures.refused[code] = self.figures.refused.get(code, 0) + 1
                sent_at, asked_at = None, None  # a stale choice: ask the next state


async def _table(
    url: str, n: int, args: argparse.Namespace, figures: Figures, end: float, gate: Any
) -> None:
    """One table's players: seat them, play, deal again while time remains."""
    from websockets.asyncio.client import connect

    rng = random.Random(f"load/{n}")
    async with contextlib.AsyncExitStack() as stack:
        players: list[Player] = []
        async with gate:  # connections open a few at a time, as players arrive
            for i in range(args.seats):
                ws = await stack.enter_async_context(
                    connect(url, open_timeout=15, proxy=None, max_size=2**20, compression=None)
                )
                figures.connections += 1
                figures.peak_connections = max(figures.peak_connections, figures.connections)
                stack.callback(_closed, figures)
                p = Player(ws, f"T{n}P{i}", figures, rng)
                await p.send("hello", version=PROTOCOL_VERSION, name=p.name)
                await p.expect("greeted", 15)
                players.append(p)
        seats = ["remote"] * args.seats + [f"bot:{args.bot}"] * args.bots
        while time.monotonic() < end - args.pace:
            await players[0].send("create", game=args.game, seats=seats)
            table = (await players[0].expect("created", 15))["table"]
            for p in players:
                p.state = {}
                await p.send("join", version=PROTOCOL_VERSION, code="", name="", table=table)
            for p in players:
                await p.expect("welcome", 15)
            figures.seated_tables += 1
            figures.peak_tables = max(figures.peak_tables, figures.seated_tables)
            try:
                await asyncio.gather(*(p.play(args.pace, end) for p in players))
            finally:
                figures.seated_tables -= 1
            if not any(p.state.get("is_over") for p in players):
                return
            figures.matches_finished += 1
            for p in players:
                await p.send("leave")


def _closed(figures: Figures) -> None:
    figures.connections -= 1


async def _players(url: str, args: argparse.Namespace) -> Figures:
    figures = Figures()
    end = time.monotonic() + args.seconds
    gate = asyncio.Semaphore(16)

    async def guarded(n: int) -> None:
        try:
            await _table(url, n, args, figures, end, gate)
        except Exception as e:  # noqa: BLE001 -- one table's failure is counted, not fatal
            figures.note_error(e)

    async def probe() -> None:
        while True:
            t0 = time.perf_counter()
            await asyncio.sleep(0.05)
            late = (time.perf_counter() - t0 - 0.05) * 1000
            figures.lag_ms_max = max(figures.lag_ms_max, late)

    probing = asyncio.create_task(probe())
    try:
        # the hard bound: a table still seating or closing past it is cancelled
        await asyncio.wait_for(
            asyncio.gather(*(guarded(n) for n in range(args.tables))),
            args.seconds + SETUP_SECONDS,
        )
    except TimeoutError as e:
        figures.note_error(e)
    probing.cancel()
    return figures


def _pct(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def run(args: argparse.Namespace) -> dict[str, Any]:
    """One load run; returns the report (see the module's docstring)."""
    started = time.monotonic()
    child = None
    pipe = None
    if args.server:
        url = f"ws://{args.server}"
    else:
        context = multiprocessing.get_context("spawn")
        pipe, theirs = context.Pipe()
        child = context.Process(
            target=_serve,
            args=(theirs, args.bot_workers, args.tables + 10),
            name="taverna-load-server",
        )
        child.start()
        if not pipe.poll(30):
            child.kill()
            raise RuntimeError("the load test's server did not start")
        url = f"ws://127.0.0.1:{pipe.recv()}"
    server: dict[str, Any] = {}
    played_from = time.monotonic()
    try:
        figures = asyncio.run(_players(url, args))
        if pipe is not None and child is not None:
            pipe.send("stop")
            if pipe.poll(15):
                server = pipe.recv()
    finally:
        if child is not None:
            child.join(15)
            if child.is_alive():
                child.kill()
    return {
        "game": args.game,
        "tables": args.tables,
        "seats": {"remote": args.seats, "bots": args.bots},
        "pace_s": args.pace,
        "seconds": round(time.monotonic() - started, 1),
        "tables_held_open": figures.peak_tables,
        "server_live_tables_max": server.get("live_max"),
        "connections": figures.peak_connections,
        "actions": figures.actions,
        "round_trips": len(figures.trips),
        "rtt_ms_p50": round(_pct(figures.trips, 50), 2),
        "rtt_ms_p99": round(_pct(figures.trips, 99), 2),
        "matches_finished": figures.matches_finished,
        "refused": figures.refused,
        "errors": figures.errors,
        "server_tick_ms_max": _round(server.get("tick_ms_max")),
        "server_loop_lag_ms_max": _round(server.get("lag_ms_max")),
        "server_gc_ms_max": _round(server.get("gc_ms_max")),
        "server_gc_cpu_ms_max": _round(server.get("gc_cpu_ms_max")),
        "bot_longest_wait_s": _round(server.get("longest_bot_wait_s"), 3),
        "bot_decisions": server.get("bot_decisions"),
        "players_loop_lag_ms_max": round(figures.lag_ms_max, 2),
        **_costs(server, figures.actions, time.monotonic() - played_from),
    }


def _costs(server: dict[str, Any], actions: int, seconds: float) -> dict[str, Any]:
    """The server's CPU and memory: in all, per live table, and its actions
    (the players' and its bots') per second of its CPU, i.e. per core flat out."""
    cpu = server.get("cpu_s")
    if cpu is None:
        return {}
    tables = max(1, int(server.get("live_max") or 1))
    moved = actions + int(server.get("bot_decisions") or 0)
    grown = float(server["rss_mb_after"]) - float(server["rss_mb_before"])
    return {
        "server_cpu_s": round(cpu, 2),
        "server_cpu_share": round(cpu / max(seconds, 1e-9), 3),
        "server_cpu_ms_per_table_s": round(cpu * 1000 / max(seconds, 1e-9) / tables, 3),
        "server_actions_per_cpu_s": round(moved / max(cpu, 1e-9), 1),
        "server_rss_mb": round(float(server["rss_mb_after"]), 1),
        "server_rss_kb_per_table": round(grown * 1024 / tables, 1),
    }


def _round(value: Any, digits: int = 2) -> float | None:
    return round(float(value), digits) if value is not None else None


# -- guessing join codes from many addresses -----------------------------------------


def guess_flood(
    addresses: int = 1000, seconds: float = 60.0, tables: int = 20, warmup: float = 30.0
) -> dict[str, Any]:
    """`addresses` guessers, each as fast as the server answers it, against a
    hub with `tables` private tables, in simulated time: after `warmup`
    seconds (each address's first guesses, not counted), the wrong codes
    checked a second over `seconds`, and the expected years to hit a code of
    one of 1,000 private tables at that rate."""
    from game.net.server.bots import BotPool
    from game.net.server.hub import Hub
    from game.net.server.store import Store

    now = [1000.0]

    def clock() -> float:
        return now[0]

    hub = Hub(Store(":memory:", wall=clock), clock=clock, bots=BotPool(0, clock))
    hub.take_output()

    def say(cid: int, kind: str, **fields: Any) -> None:
        hub.receive(cid, json.dumps({"t": kind, **fields}))

    for t in range(tables):
        owner = hub.connect(f"10.200.{t // 200}.{t % 200}")
        say(owner, "hello", version=PROTOCOL_VERSION, name=f"Own{t}")
        say(owner, "create", game="wyr", seats=["remote", "remote"], private=True)
    guessers = []
    for i in range(addresses):
        cid = hub.connect(f"10.{100 + i // 62500}.{i // 250 % 250}.{i % 250}")
        say(cid, "hello", version=PROTOCOL_VERSION, name=f"G{i}")
        guessers.append(cid)
    hub.take_output()
    wrong = "A" * SERVER_CODE_LENGTH
    checked = busy = 0
    step = 0.1
    for n in range(int((warmup + seconds) / step)):
        if n == int(warmup / step):
            checked = busy = 0
        for cid in guessers:
            if hub.links[cid].pending is None:
                say(cid, "join", version=PROTOCOL_VERSION, code=wrong, name="")
        now[0] += step
        hub.tick()
        for _cid, text in hub.take_output():
            if '"wrong_code"' in text:
                checked += 1
            elif '"guess_busy"' in text:
                busy += 1
        hub.take_closing()
    rate = checked / seconds
    space = len(CODE_ALPHABET) ** SERVER_CODE_LENGTH
    # every check tries all private tables: half the space over 1,000 codes on average
    years = space / 2 / 1000 / max(rate, 1e-9) / (365.25 * 86400)
    return {
        "addresses": addresses,
        "seconds": seconds,
        "checked": checked,
        "busy": busy,
        "guesses_per_s": round(rate, 2),
        "expected_years_1000_tables": round(years),
    }


# -- the command line ---------------------------------------------------------------


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The arguments; exits with a message for a run out of bounds."""
    from game.registry import get_info

    p = argparse.ArgumentParser(prog="python -m game.net.loadtest", description=__doc__)
    p.add_argument("--tables", type=int, required=True, help=f"tables (at most {MAX_TABLES})")
    p.add_argument("--game", required=True)
    p.add_argument("--seconds", type=float, default=30.0, help="how long to play (default 30)")
    p.add_argument("--pace", type=float, default=2.0, help="seconds a player takes to act")
    p.add_argument("--seats", type=int, default=2, help="remote seats a table (default 2)")
    p.add_argument("--bots", type=int, default=1, help="bot seats a table (default 1)")
    p.add_argument("--bot", default="easy", help="the bots' level")
    p.add_argument("--bot-workers", type=int, default=1, help="the server's bot processes")
    p.add_argument("--server", help="127.0.0.1:PORT of a server already running")
    p.add_argument("--guessers", type=int, default=0, help="also measure N addresses guessing")
    args = p.parse_args(argv)
    if not 1 <= args.tables <= MAX_TABLES:
        p.error(f"--tables must be 1 to {MAX_TABLES} (one process opens every seat)")
    if not 0 < args.seconds <= MAX_SECONDS:
        p.error(f"--seconds must be above 0 and at most {MAX_SECONDS:.0f}")
    if not 0 <= args.pace <= 60:
        p.error("--pace must be 0 to 60 seconds")
    if args.server and not args.server.startswith("127.0.0.1:"):
        p.error("--server must be 127.0.0.1:PORT: a load test never leaves this machine")
    try:
        info = get_info(args.game)
    except KeyError:
        p.error(f"unknown game {args.game!r}")
    seats = args.seats + args.bots
    if not 1 <= args.seats <= MAX_SEATS or args.bots < 0:
        p.error(f"--seats must be 1 to {MAX_SEATS}, --bots 0 or more")
    if not info.min_seats <= seats <= info.max_seats:
        p.error(f"{args.game} seats {info.min_seats} to {info.max_seats}, not {seats}")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run and print the report as JSON."""
    args = parse(argv)
    report = run(args)
    if args.guessers:
        report["guessing"] = guess_flood(min(args.guessers, 5000))
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
