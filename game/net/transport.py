"""Websockets under the session: the host's server and the client's connection.

`HostServer` runs an asyncio websockets server on a daemon thread. Every call
into the `HostSession` happens under one lock (`server.call(fn)` for other
threads: the host's bots, its table, the lobby), after which the session's
output is handed to per-connection writer tasks, so each client gets its
messages in order. `ClientConnection` is the joiner's side: a websocket on a
reader thread with a receive queue, `send` and `poll`.

Both sides cap frames with websockets' own `max_size` (the session's decode
checks again) and ping so a dead peer is noticed. What the host holds for one
client is bounded end to end: its `Outbox` (messages and bytes), websockets'
write buffer (`write_limit`), the kernel's (`SEND_BUFFER`) and received frames
(`max_queue`); a client whose outbox overflows is cut with the close reason
"too_slow" and may come back with its token.

Who may connect is the session's `Doorman`'s call, made as the TCP connection
is accepted (before any handshake): at most so many open per address and in
all, and so many a second per address; a refused socket is dropped at once,
and the refusal is logged once per address and kind, then counted. A
handshake must finish in `HANDSHAKE_SECONDS`, and a connection that does not
ask to join within the session's deadline is closed by it.

Given an `ssl.SSLContext` (`game.net.tls.server_context`), the server speaks
wss://; a `ClientConnection` to a wss:// URL checks the server's certificate
and host name (`game.net.tls.client_context`). `behind_proxy`: a reverse proxy
on this machine terminates TLS, and a connection from a loopback address is
admitted after its handshake by the address the proxy forwarded.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import ipaddress
import logging
import queue
import socket
import ssl
import threading
from collections.abc import Callable, Coroutine
from typing import Any, Generic, Protocol, TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection as _SyncClient
from websockets.sync.client import connect

from game.net.guard import Doorman
from game.net.outbox import MAX_BYTES, MAX_MESSAGES, Outbox
from game.net.protocol import MAX_HOST_MESSAGE, MAX_MESSAGE
from game.net.tls import client_context

T = TypeVar("T")


class Hosted(Protocol):
    """What the server feeds: one table's `HostSession`, or a server's `Hub` of many."""

    doorman: Doorman
    version: int

    def connect(self, address: str = "local") -> int:
        """A new connection; returns its id."""
        ...

    def receive(self, cid: int, raw: str | bytes) -> None:
        """One message from a connection."""
        ...

    def disconnect(self, cid: int) -> None:
        """A connection is gone."""
        ...

    def tick(self) -> None:
        """Time passes."""
        ...

    def take_output(self) -> list[tuple[int, str]]:
        """Messages to send, in order."""
        ...

    def take_closing(self) -> list[tuple[int, str]]:
        """Connections to close, with a reason."""
        ...

    def close_all(self, reason: str = "host_closing") -> None:
        """Tell everyone the host is closing."""
        ...


S = TypeVar("S", bound=Hosted)

log = logging.getLogger(__name__)

#: seconds between pings, and to wait for the answer, on both sides
PING_INTERVAL = 10.0
PING_TIMEOUT = 20.0
#: frames received and not yet read, per connection (websockets pauses reading past it)
MAX_QUEUE = 16
#: bytes websockets buffers before a send waits for the client to read
WRITE_LIMIT = 64 * 1024
#: the kernel's send buffer per client (fixed: autotuning lets one stalled
#: reader hold megabytes; 256 KiB still carries dozens of states in flight)
SEND_BUFFER = 256 * 1024
#: seconds a closing handshake may take before the socket is dropped
CLOSE_TIMEOUT = 10.0
#: seconds the opening handshake may take (a socket that sends nothing is dropped)
HANDSHAKE_SECONDS = 5.0
#: how often the session's clock work runs (slotted joins, join deadlines)
TICK_SECONDS = 0.1
#: close reason of a client that fell too far behind reading (it may reconnect)
TOO_SLOW = "too_slow"
#: seconds the host's exit waits for its clients' queues to drain (all at once)
DRAIN_SECONDS = 2.0
#: seconds `stop` waits for the shutdown; what is still running then is cancelled
STOP_SECONDS = 5.0
#: how every `history` message starts (`encode` writes the type first)
HISTORY_PREFIX = '{"t":"history"'
#: close codes by reason: a normal end, "come back later", or a broken rule
_CLOSE_CODES = {"leave": 1000, "host_closing": 1000, TOO_SLOW: 1013}


class HostServer(Generic[S]):
    """A websockets server feeding one `HostSession` (or a `Hub`), on its own thread."""

    #: each connection's outbox bound (tests lower them)
    OUTBOX_MESSAGES = MAX_MESSAGES
    OUTBOX_BYTES = MAX_BYTES

    def __init__(
        self,
        session: S,
        host: str = "0.0.0.0",
        port: int = 0,
        *,
        tls: ssl.SSLContext | None = None,
        behind_proxy: bool = False,
    ) -> None:
        self.session = session
        #: connections from this machine come through a reverse proxy: each is
        #: counted by the address it forwards (X-Forwarded-For), not as 127.0.0.1
        self.behind_proxy = behind_proxy
        self.host = host
        self.port = port
        #: the TLS context of a wss:// server (None: plain ws://)
        self.tls = tls
        self.lock = threading.RLock()
        #: notified (under `lock`) whenever the session may have changed
        self.changed = threading.Condition(self.lock)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Server | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._queues: dict[int, Outbox] = {}
        self._sockets: dict[int, ServerConnection] = {}
        #: connections cut for falling behind, with their outbox's peak (messages, bytes)
        self.cut: dict[int, tuple[int, int]] = {}
        self._closers: set[asyncio.Task[None]] = set()
        #: sockets dropped at the door (`Doorman.admit`), by reason
        self.turned_away: dict[str, int] = {}
        raise_descriptor_limit()

    # -- life cycle -------------------------------------------------------------

    def start(self) -> int:
        """Listen; returns the port (the real one when asked for port 0)."""
        self._thread = threading.Thread(target=self._run, name="taverna-host", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise OSError(f"cannot listen on {self.host}:{self.port}: {self._error}")
        return self.port

    def stop(self, reason: str = "host_closing") -> None:
        """Tell every client the host is closing, send that, then stop listening."""
        if self._loop is None or self._thread is None:
            return
        with self.lock:
            self.session.close_all(reason)
        future = asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
        with contextlib.suppress(Exception):
            future.result(timeout=STOP_SECONDS)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
        self._loop = None

    def call(self, fn: Callable[[S], T]) -> T:
        """Run `fn(session)` under the lock from any thread, then send its output."""
        with self.lock:
            result = fn(self.session)
            self.changed.notify_all()
        self._wake()
        return result

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run a coroutine on the server's event loop (a probe of its lag)."""
        assert self._loop is not None, "the server is not listening"
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    def wait_change(self, version: int, timeout: float) -> int:
        """Block until the session's version moves past `version` (or timeout)."""
        with self.lock:
            self.changed.wait_for(lambda: self.session.version != version, timeout)
            return self.session.version

    def backlog(self, cid: int) -> tuple[int, int]:
        """What the host holds to send to connection `cid`: (messages, bytes)."""
        box = self._queues.get(cid)
        return (0, 0) if box is None else (box.messages, box.bytes)

    # -- the event loop ---------------------------------------------------------

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._listen())
        except BaseException as e:  # noqa: BLE001 -- reported to start()
            self._error = e
            self._ready.set()
            return
        self._ready.set()
        loop.run_forever()
        # a shutdown cut short by `stop`'s timeout, or a connection still
        # closing, is cancelled and awaited here: nothing is left pending
        pending = asyncio.all_tasks(loop)
        for task in pending:
            task.cancel()
        if pending:
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        loop.close()

    def _admit(self, address: str) -> str | None:
        """Keep a socket just accepted from `address`? (loop thread)"""
        with self.lock:
            reason = self.session.doorman.admit(address)
            if reason is not None:
                self.turned_away[reason] = self.turned_away.get(reason, 0) + 1
                line = self.session.doorman.tally.note(f"connection ({reason})", address)
                if line is not None:
                    log.warning("%s", line)
        return reason

    def _release(self, address: str) -> None:
        with self.lock:
            self.session.doorman.release(address)

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            with self.lock:
                self.session.tick()
                self.changed.notify_all()
            self._flush()

    async def _listen(self) -> None:
        owner = self

        class Guarded(ServerConnection):
            """A connection the doorman admits, or drops before any handshake."""

            address = "?"
            admitted = False
            #: from the reverse proxy: admitted by its forwarded address, after the handshake
            proxied = False
            lost = False

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                peer = transport.get_extra_info("peername")
                self.address = str(peer[0]) if peer else "?"
                if owner.behind_proxy and _loopback(self.address):
                    self.proxied = True
                    return
                self.admitted = owner._admit(self.address) is None
                if not self.admitted and isinstance(transport, asyncio.WriteTransport):
                    transport.abort()  # the handler's handshake then ends at once

            def connection_lost(self, exc: Exception | None) -> None:
                self.lost = True
                if self.admitted:
                    self.admitted = False
                    owner._release(self.address)
                super().connection_lost(exc)

        # the TLS handshake comes before websockets' own deadline starts
        extra: dict[str, Any] = {}
        if self.tls is not None:
            extra["ssl_handshake_timeout"] = HANDSHAKE_SECONDS
        self._server = await serve(
            self._handler,
            self.host,
            self.port,
            max_size=MAX_MESSAGE,
            max_queue=MAX_QUEUE,
            write_limit=WRITE_LIMIT,
            ping_interval=PING_INTERVAL,
            ping_timeout=PING_TIMEOUT,
            close_timeout=CLOSE_TIMEOUT,
            open_timeout=HANDSHAKE_SECONDS,
            compression=None,
            create_connection=Guarded,
            ssl=self.tls,
            **extra,
        )
        sock = next(iter(self._server.sockets))
        self.port = sock.getsockname()[1]
        ticker = asyncio.get_running_loop().create_task(self._ticker())
        self._closers.add(ticker)  # held: the loop keeps only weak references

    async def _shutdown(self) -> None:
        self._flush()
        drains = [self._drained(q) for q in self._queues.values()]
        # clients that stopped reading must not hold the host's exit up: all
        # queues drain at once, `DRAIN_SECONDS` in all
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*drains), DRAIN_SECONDS)
        for cid in self.cut:  # cut for not reading: no closing handshake to wait for
            ws = self._sockets.get(cid)
            if ws is not None:
                ws.transport.abort()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 3)

    @staticmethod
    async def _drained(q: Outbox) -> None:
        while not q.empty():
            await asyncio.sleep(0.01)

    def _wake(self) -> None:
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(self._flush)

    def _flush(self) -> None:
        """Hand the session's output to each connection's writer (loop thread)."""
        with self.lock:
            out = self.session.take_output()
            closing = self.session.take_closing()
        items = [(cid, "send", text) for cid, text in out]
        items += [(cid, "close", reason) for cid, reason in closing]
        for cid, kind, text in items:
            q = self._queues.get(cid)
            # a reconnecting seat's history is one burst the size of the match: unbounded
            counted = not text.startswith(HISTORY_PREFIX)
            if q is None or q.put(kind, text, counted=counted) or not q.overflowed:
                continue
            if cid not in self.cut:
                self._cut(cid)

    def _cut(self, cid: int) -> None:
        """Connection `cid` fell too far behind: drop its backlog and close it
        (loop thread). Its seat waits for a reconnection like any dropped seat."""
        q = self._queues[cid]
        self.cut[cid] = q.peak
        with self.lock:
            self.session.disconnect(cid)
            self.changed.notify_all()
        ws = self._sockets.get(cid)
        if ws is not None:
            # Not through the outbox: its writer may be stuck in a send the client
            # never reads; the close frame goes after that send's frame, and after
            # CLOSE_TIMEOUT websockets drops the socket.
            task = asyncio.get_running_loop().create_task(
                ws.close(_CLOSE_CODES[TOO_SLOW], TOO_SLOW)
            )
            self._closers.add(task)  # held until done: the loop keeps only weak references
            task.add_done_callback(self._closers.discard)
        self._wake()  # the others are told the seat is reconnecting

    async def _writer(self, cid: int, ws: ServerConnection, q: Outbox) -> None:
        while True:
            item = await q.get()
            if item is None:
                return
            kind, text = item
            try:
                if kind == "send":
                    await ws.send(text)
                else:
                    await ws.close(_CLOSE_CODES.get(text, 1008), text)
                    return
            except ConnectionClosed:
                return
            except (UnicodeError, ValueError) as e:  # a message that cannot be sent: never the rest
                line = self.session.doorman.tally.note(f"unsendable {type(e).__name__}", "host")
                if line is not None:
                    log.error("%s", line)

    async def _handler(self, ws: ServerConnection) -> None:
        sock = ws.transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        address = str(getattr(ws, "address", "?"))
        if getattr(ws, "proxied", False):
            address = forwarded_for(
                ws.request.headers.get("X-Forwarded-For") if ws.request else None
            )
            reason = self._admit(address)
            if reason is not None:
                await ws.close(1013, reason)
                return
            ws.address, ws.admitted = address, True  # type: ignore[attr-defined]
            if getattr(ws, "lost", False):  # gone meanwhile: its release already passed
                self._release(address)
                return
        with self.lock:
            cid = self.session.connect(address)
        q = Outbox(self.OUTBOX_MESSAGES, self.OUTBOX_BYTES)
        self._queues[cid] = q
        self._sockets[cid] = ws
        writer = asyncio.create_task(self._writer(cid, ws, q))
        try:
            async for raw in ws:
                with self.lock:
                    self.session.receive(cid, raw)
                    self.changed.notify_all()
                self._flush()
        except ConnectionClosed:
            pass
        finally:
            with self.lock:
                self.session.disconnect(cid)
                self.changed.notify_all()
            self._flush()
            q.end()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 2)
            self._queues.pop(cid, None)
            self._sockets.pop(cid, None)


class ClientConnection:
    """The joiner's websocket: a reader thread fills a queue; `send` and `poll`."""

    def __init__(self, url: str, *, open_timeout: float = 5.0, cafile: str | None = None) -> None:
        self.url = url
        # wss://: the system's trust store (plus `cafile`), host name checked
        tls = client_context(cafile) if url.startswith("wss://") else None
        try:
            ws = self._open(url, open_timeout, tls)
        except InvalidHandshake as e:  # e.g. ws:// to a wss:// server: an OSError as the rest
            raise ConnectionError(f"no Taverna table answers at {url}: {e}") from e
        # Entered as a context manager (websockets 17 warns otherwise); `close` leaves it.
        self._ws: _SyncClient = ws.__enter__()
        self._inbox: queue.Queue[str | None] = queue.Queue()
        self.closed = False
        self.close_reason = ""
        self._reader = threading.Thread(target=self._read, name="taverna-client", daemon=True)
        self._reader.start()

    @staticmethod
    def _open(url: str, open_timeout: float, tls: ssl.SSLContext | None) -> _SyncClient:
        return connect(
            url,
            max_size=MAX_HOST_MESSAGE,
            # the reader thread moves frames on at once; the sync client has no write_limit
            max_queue=MAX_QUEUE,
            open_timeout=open_timeout,
            ping_interval=PING_INTERVAL,
            ping_timeout=PING_TIMEOUT,
            close_timeout=2,
            compression=None,
            proxy=None,  # never route a table through a proxy from the environment
            ssl=tls,
        )

    def _read(self) -> None:
        try:
            for raw in self._ws:
                self._inbox.put(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))
        except ConnectionClosed:
            pass
        finally:
            self.close_reason = self._ws.close_reason or ""
            self.closed = True
            self._inbox.put(None)

    def send(self, text: str) -> None:
        """Send one message; a closed connection is noted, not raised."""
        try:
            self._ws.send(text)
        except ConnectionClosed:
            self.closed = True

    def poll(self) -> list[str]:
        """Every message received so far, without waiting."""
        out: list[str] = []
        while True:
            try:
                item = self._inbox.get_nowait()
            except queue.Empty:
                return out
            if item is not None:
                out.append(item)

    def wait(self, timeout: float) -> list[str]:
        """Wait up to `timeout` seconds for a message, then return all there are."""
        try:
            first = self._inbox.get(timeout=timeout)
        except queue.Empty:
            return []
        rest = self.poll()
        return ([first] if first is not None else []) + rest

    def close(self) -> None:
        """Close the connection (the host marks our seat as reconnecting)."""
        with contextlib.suppress(Exception):
            self._ws.close()
        self._reader.join(timeout=3)
        self.closed = True


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def forwarded_for(header: str | None) -> str:
    """The client's address a reverse proxy on this machine forwarded: the
    last entry of X-Forwarded-For (the one the proxy itself wrote; earlier
    ones come from the client and prove nothing). "proxy?" when there is none."""
    last = (header or "").rsplit(",", 1)[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return "proxy?"


def raise_descriptor_limit() -> None:
    """Let the host hold as many sockets as the system allows it (the soft limit
    up to the hard one): the doorman's caps, not a low default, decide."""
    try:
        import resource
    except ImportError:  # not on Windows
        return
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = hard if hard != resource.RLIM_INFINITY else 65536
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def local_addresses() -> list[str]:
    """Every non-loopback IPv4 address of this machine, then 127.0.0.1.

    From the host name's addresses and the route a UDP socket would take (a UDP
    `connect` picks a source address without sending any packet).
    """
    found: list[str] = []
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
        found.append(s.getsockname()[0])
    out: list[str] = []
    for addr in found:
        if not addr.startswith("127.") and addr != "0.0.0.0" and addr not in out:
            out.append(addr)
    return [*out, "127.0.0.1"]
