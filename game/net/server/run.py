"""`taverna server`: many tables, headless and long-running.

Listens with the single table's transport (`HostServer`: the doorman's caps
per address, the handshake deadline, bounded outboxes) feeding a `Hub`. Prints
`server: HOST:PORT` and `data: FOLDER` once it listens, then one log line per
table event that matters (created, started, ended, a seat dropped, handed to a
bot or taken back, crashed, expired) to stdout and to `server.log` under the
data folder (rotated). Ctrl+C or SIGTERM tells every client the server is
closing and stops; every table in progress is in the store and comes back on
the next start.

It binds 127.0.0.1 unless told otherwise: a community server says
`--bind 0.0.0.0` (or an address of its own) on purpose. Given a TLS context
(`--tls-cert`/`--tls-key`, `game.net.tls`) it serves wss://; its `url:` line
says which.
"""

from __future__ import annotations

import gc
import logging
import signal
import ssl
import sys
import threading
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from game.net.server.bots import BotPool
from game.net.server.hub import Hub
from game.net.server.store import Store
from game.net.transport import HostServer

#: the default port of a Taverna server
PORT = 47474
#: the log file's size before it rotates, and the old files kept
LOG_BYTES = 1024 * 1024
LOG_KEEP = 5


def default_data_dir() -> Path:
    """The app's data folder's `server/` (see ARCHITECTURE.md, "Data on disk")."""
    from game import storage

    return storage.data_dir() / "server"


def _logging(folder: Path, out: TextIO) -> list[logging.Handler]:
    """Table events to `out` and to the rotating file; returns the handlers added."""
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(message)s")
    handlers: list[logging.Handler] = [
        logging.StreamHandler(out),
        RotatingFileHandler(
            folder / "server.log", maxBytes=LOG_BYTES, backupCount=LOG_KEEP, encoding="utf-8"
        ),
    ]
    for name in ("game.net.server", "game.net.session", "game.net.transport"):
        logger = logging.getLogger(name)
        logger.setLevel(logging.INFO)
        logger.propagate = False  # its own stdout and file: not twice on stderr
        for h in handlers:
            h.setFormatter(fmt)
            logger.addHandler(h)
    return handlers


def run_server(
    *,
    port: int = PORT,
    bind: str = "127.0.0.1",
    data: Path | None = None,
    max_tables: int = 200,
    bot_workers: int = 2,
    grace: float = 60.0,
    fallback_bot: str = "normal",
    out: TextIO = sys.stdout,
    stop: threading.Event | None = None,
    on_ready: Callable[[HostServer[Hub]], None] | None = None,
    tls: ssl.SSLContext | None = None,
    behind_proxy: bool = False,
) -> int:
    """Serve until Ctrl+C, SIGTERM or `stop`; returns the exit status (0)."""
    folder = data or default_data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        store = Store(folder / "server.sqlite3")
    except (OSError, RuntimeError) as e:
        print(f"taverna: cannot open the server's data folder {folder}: {e}", file=sys.stderr)
        return 2
    handlers = _logging(folder, out)
    # what is loaded so far lives as long as the server: full collections
    # need not walk it again (each such pause holds up every table)
    gc.freeze()
    bots = BotPool(bot_workers)
    hub = Hub(store, bots=bots, max_tables=max_tables, grace=grace, fallback_bot=fallback_bot)
    server = HostServer(hub, bind, port, tls=tls, behind_proxy=behind_proxy)
    try:
        real_port = server.start()
    except OSError as e:
        print(f"taverna: {e}", file=sys.stderr)
        bots.close()
        store.close()
        return 2
    print(f"server: {bind}:{real_port}", file=out)
    print(f"data: {folder}", file=out)
    print(f"url: {'wss' if tls is not None else 'ws'}://{bind}:{real_port}", file=out, flush=True)
    if on_ready is not None:
        on_ready(server)
    stop = stop or threading.Event()
    old: dict[signal.Signals, Any] = {}

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        stop.set()

    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            old[sig] = signal.signal(sig, on_signal)
    try:
        # The hub's clock work runs on the transport's ticker; this thread only waits.
        while not stop.wait(0.5):
            pass
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        server.stop("host_closing")
        with server.lock:
            bots.close()
            store.close()
        logging.getLogger("game.net.server").info(
            "stopped; %d tables kept for the next start", len(hub.live())
        )
        for name in ("game.net.server", "game.net.session", "game.net.transport"):
            logging.getLogger(name).propagate = True
            for h in handlers:
                logging.getLogger(name).removeHandler(h)
        for h in handlers:
            h.close()
    return 0
