"""Bots think off the render loop: in a child process, or a thread as a fallback.

A thread keeps the window drawing, but Python's GIL still lets a busy bot steal
milliseconds from every frame; a child process does not. The child keeps one
bot object and one generator per seat for the whole match, so bots that learn
their opponents' habits keep what they learned. If a process cannot be started
(restricted machines), or `TAVERNA_BOT_WORKER=thread`, a thread does the work.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import queue
import threading
import time
import traceback
from typing import Any

from game import Action, make_bot
from game.bots import Bot
from game.rng import Rng

Result = tuple[int, int, "Action | BaseException", float]


def _child(game: str, bot_ids: dict[int, str], seed: int, inbox: Any, outbox: Any) -> None:
    """The child's loop: one decision per request until told to stop."""
    bots = {seat: make_bot(game, bot_id) for seat, bot_id in bot_ids.items()}
    rngs = {seat: Rng(f"bots/{seed}/{seat}") for seat in bot_ids}
    parent = mp.parent_process()
    while True:
        try:
            request = inbox.get(timeout=1.0)
        except queue.Empty:
            # The app was killed without closing us: do not linger as an orphan.
            if parent is not None and not parent.is_alive():
                return
            continue
        if request is None:
            return
        seat, stamp, view, legal = request
        t0 = time.perf_counter()
        try:
            action: Action | BaseException = bots[seat].choose(view, legal, rngs[seat])
        except Exception as e:  # reported on the main side  # noqa: BLE001
            # (the child's traceback travels as text: the crash report shows it)
            action = RuntimeError(f"{type(e).__name__}: {e}\n{traceback.format_exc()}")
        outbox.put((seat, stamp, action, time.perf_counter() - t0))


class BotWorker:
    """One decision at a time; `poll` hands back finished ones."""

    def __init__(
        self, game: str, bot_ids: dict[int, str], seed: int | str, use_process: bool | None = None
    ) -> None:
        self.game = game
        self.seat: int | None = None
        self._pending = False
        self._process: Any = None
        self._inbox: Any = None
        self._outbox: Any = None
        self._thread_results: queue.Queue[Result] = queue.Queue()
        self._bots: dict[int, Bot] = {}
        self._rngs: dict[int, Rng] = {}
        if use_process is None:
            use_process = os.environ.get("TAVERNA_BOT_WORKER", "process") != "thread"
        if bot_ids and use_process:
            try:
                ctx = mp.get_context("spawn")  # never fork a process that holds a window
                self._inbox, self._outbox = ctx.Queue(), ctx.Queue()
                self._process = ctx.Process(
                    target=_child,
                    args=(game, bot_ids, seed, self._inbox, self._outbox),
                    daemon=True,
                )
                self._process.start()
            except (OSError, RuntimeError, ValueError):
                self._process = None
        if self._process is None:
            self._bots = {seat: make_bot(game, b) for seat, b in bot_ids.items()}
            self._rngs = {seat: Rng(f"bots/{seed}/{seat}") for seat in bot_ids}

    @property
    def uses_process(self) -> bool:
        """True when decisions are made in a child process."""
        return self._process is not None

    @property
    def busy(self) -> bool:
        """True while a decision is being made (or waits to be collected)."""
        return self._pending

    def start(self, seat: int, stamp: int, view: dict[str, Any], legal: list[Action]) -> None:
        """Ask `seat`'s bot for a move on what it may see."""
        self.seat = seat
        self._pending = True
        if self._process is not None:
            self._inbox.put((seat, stamp, view, legal))
            return
        bot, rng = self._bots[seat], self._rngs[seat]

        def think() -> None:
            t0 = time.perf_counter()
            try:
                action: Action | BaseException = bot.choose(view, legal, rng)
            except Exception as e:  # noqa: BLE001
                action = e
            self._thread_results.put((seat, stamp, action, time.perf_counter() - t0))

        threading.Thread(target=think, name=f"bot-{seat}", daemon=True).start()

    def poll(self) -> Result | None:
        """A finished decision, if any."""
        if not self._pending:
            return None
        try:
            if self._process is not None:
                result: Result = self._outbox.get_nowait()
            else:
                result = self._thread_results.get_nowait()
        except queue.Empty:
            if self._process is not None and not self._process.is_alive():
                self._pending = False
                return (self.seat or 0, -1, RuntimeError("the bot process stopped"), 0.0)
            return None
        self._pending = False
        self.seat = None
        return result

    def close(self) -> None:
        """Stop the child process (the table is closing)."""
        if self._process is not None:
            try:
                self._inbox.put(None)
                self._process.join(timeout=0.5)
            except (OSError, ValueError):
                pass
            if self._process.is_alive():
                self._process.terminate()
            self._process = None
