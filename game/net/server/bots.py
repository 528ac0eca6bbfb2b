"""Bot decisions for a server's tables, off the table's thread.

A decision is a pure function of (game, bot id, view, legal actions, seed), so
it crosses into a worker process as plain data (the legal actions pickled as
they are: a Wyr trade offers some 900, which to_dict would take 15 ms of the
server's loop to spell out, and pickle 2) and comes back as an action dict. `BotPool` runs them in a bounded `ProcessPoolExecutor` (a hard bot's
second of thought never stalls the other tables; a full pool queues) or inline
(tests: the answer is there at once). It never blocks: the hub polls `done`.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from game.bots import Bot
from game.core import Action
from game.registry import make_bot
from game.rng import Rng

#: one bot object per (game, bot id) in each worker: some build tables once
_BOTS: dict[tuple[str, str], Bot] = {}


def decide(
    game: str, bot_id: str, view: dict[str, Any], legal: list[Action], seed: str
) -> dict[str, Any]:
    """One bot decision as plain data (runs in a worker process)."""
    bot = _BOTS.get((game, bot_id))
    if bot is None:
        bot = _BOTS[(game, bot_id)] = make_bot(game, bot_id)
    return bot.choose(view, list(legal), Rng(seed)).to_dict()


@dataclass
class Job:
    """A decision asked for: when, and its result once there."""

    asked_at: float
    future: Future[dict[str, Any]] | None = None
    result: dict[str, Any] | None = None
    error: BaseException | None = None


class BotPool:
    """At most `workers` decisions think at once; the rest wait in order.

    `workers=0` thinks inline at `submit` (tests, and a server without
    processes to spare). `longest_wait` is the most seconds a decision took
    from being asked to being answered (queueing included)."""

    def __init__(self, workers: int = 2, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        if workers > 0:
            # spawn: the server runs threads (the websockets loop), which fork would copy half-held
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        self._jobs: dict[Hashable, Job] = {}
        self.longest_wait = 0.0
        self.decisions = 0

    def busy(self, key: Hashable) -> bool:
        """A decision for `key` is asked and not yet taken."""
        return key in self._jobs

    def submit(
        self,
        key: Hashable,
        game: str,
        bot_id: str,
        view: dict[str, Any],
        legal: list[Action],
        seed: str,
    ) -> None:
        """Ask for a decision (at most one per key at a time)."""
        if key in self._jobs:
            return
        job = Job(self.clock())
        if self._executor is None:
            try:
                job.result = decide(game, bot_id, view, legal, seed)
            except Exception as e:  # noqa: BLE001 -- reported with the job, not raised here
                job.error = e
        else:
            job.future = self._executor.submit(decide, game, bot_id, view, list(legal), seed)
        self._jobs[key] = job

    def done(self) -> list[tuple[Hashable, Action | None]]:
        """Decisions answered since the last call; None for one that failed."""
        out: list[tuple[Hashable, Action | None]] = []
        now = self.clock()
        for key, job in list(self._jobs.items()):
            if job.future is not None:
                if not job.future.done():
                    continue
                try:
                    job.result = job.future.result()
                except Exception as e:  # noqa: BLE001 -- a bot's bug ends no table by itself
                    job.error = e
            del self._jobs[key]
            self.longest_wait = max(self.longest_wait, now - job.asked_at)
            self.decisions += 1
            action: Action | None = None
            if job.result is not None:
                try:
                    action = Action.parse(job.result)
                except (ValueError, TypeError, KeyError):
                    action = None
            out.append((key, action))
        return out

    def forget(self, prefix: str) -> None:
        """Drop every job of a table (`key[0] == prefix`) that ended."""
        for key in [k for k in self._jobs if isinstance(k, tuple) and k and k[0] == prefix]:
            job = self._jobs.pop(key)
            if job.future is not None:
                job.future.cancel()

    def close(self) -> None:
        """Stop the workers (a decision still thinking is dropped)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
