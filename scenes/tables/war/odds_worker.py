"""The chances the War table shows, worked out off the render loop.

A hover over an attack between stacks of a thousand armies asked
`game.war.odds` for an exact sweep that takes 0.5-3 s: on the render thread
that froze the window. Small battles (a few milliseconds, cached) are still
answered at once; bigger ones are swept by a child process and read "…" until
done. A thread would keep the window drawing too, but the GIL let the sweep
steal up to 200 ms from single frames (measured); a process steals nothing.
Where no process can be started (or `TAVERNA_BOT_WORKER=thread`, the bots'
switch), a thread does the work, as for the bots.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from game.war import conquest_probability

#: (armies able to attack, defenders, stop): see `game.war.conquest_probability`
Key = tuple[int, int, int]

#: battles below this many armies a side are answered on the spot: their odds come
#: from the shared table in a few milliseconds at most, once
INLINE_LIMIT = 100


class OddsWorker:
    """P(conquest) by (attackers, defenders, stop); `get` never waits for a sweep."""

    def __init__(
        self,
        compute: Callable[[int, int, int], float] = conquest_probability,
        inline_limit: int = INLINE_LIMIT,
        use_process: bool | None = None,
    ) -> None:
        self._compute = compute
        self.inline_limit = inline_limit
        if use_process is None:
            use_process = os.environ.get("TAVERNA_BOT_WORKER", "process") != "thread"
        self._use_process = use_process
        self._pool: ProcessPoolExecutor | None = None
        self._futures: dict[Key, Future[float]] = {}
        self._done: dict[Key, float] = {}
        # thread fallback: the newest question first (the battle under the mouse now)
        self._queue: queue.LifoQueue[Key | None] = queue.LifoQueue()
        self._thread: threading.Thread | None = None
        self._asked_on_thread: set[Key] = set()
        #: sweeps handed off the render loop (a test counts them)
        self.sent = 0

    @property
    def uses_process(self) -> bool:
        """True once sweeps run in a child process."""
        return self._pool is not None

    def get(self, attackers: int, defenders: int, stop: int = 0) -> float | None:
        """The chance, or None while it is still being computed."""
        key = (attackers, defenders, stop)
        done = self._done.get(key)
        if done is not None:
            return done
        if max(attackers, defenders) < self.inline_limit:
            value = self._compute(*key)
            self._done[key] = value
            return value
        future = self._futures.get(key)
        if future is not None:
            if future.done():
                self._done[key] = _result(future)
                del self._futures[key]
                return self._done[key]
            return None
        if key in self._asked_on_thread:
            return None
        self.sent += 1
        if self._submit(key):
            return None
        self._asked_on_thread.add(key)
        self._queue.put(key)
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="war-odds", daemon=True)
            self._thread.start()
        return None

    def _submit(self, key: Key) -> bool:
        """Hand a sweep to the child process; False when there is none to be had."""
        if not self._use_process:
            return False
        try:
            if self._pool is None:
                # never fork a process that holds a window
                self._pool = ProcessPoolExecutor(1, mp_context=mp.get_context("spawn"))
            # a battle passed over is not worth its seconds any more
            for old in list(self._futures):
                if self._futures[old].cancel():
                    del self._futures[old]
            self._futures[key] = self._pool.submit(self._compute, *key)
            return True
        except (OSError, RuntimeError, ValueError, AttributeError, TypeError):
            # no process here (or a compute that cannot travel): the thread does it
            self._use_process = False
            return False

    def wait(self, timeout: float = 60.0) -> None:
        """Block until every question asked so far is answered (tests)."""
        pause = threading.Event()
        for key, future in list(self._futures.items()):
            if not future.cancelled():
                self._done[key] = _result(future, timeout)
            del self._futures[key]
        for key in list(self._asked_on_thread):
            while key not in self._done:
                if timeout <= 0:
                    raise TimeoutError("War odds not ready")
                pause.wait(0.005)
                timeout -= 0.005

    def close(self) -> None:
        """Stop the child process and let the thread end; questions left are dropped."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self._futures.clear()
        if self._thread is not None:
            self._queue.put(None)
            self._thread = None

    def _run(self) -> None:
        while True:
            key = self._queue.get()
            if key is None:  # the table closed
                return
            try:
                value = self._compute(*key)
            except (ValueError, ArithmeticError):  # bad armies: shown as no chance
                value = 0.0
            self._done[key] = value  # one dict store: safe under the GIL


def _result(future: Future[Any], timeout: float | None = None) -> float:
    """A finished sweep's chance (0 when it failed: nothing to show is better than a crash)."""
    try:
        return float(future.result(timeout))
    except (ValueError, ArithmeticError, OSError, RuntimeError):
        return 0.0
