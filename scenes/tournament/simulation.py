"""The bots' matches of a round, played in a worker thread.

The worker plays on its own copy of the tournament (nothing the render loop
reads changes under its feet) and, after every table, hands a snapshot of that
copy back through a queue. The hub adopts each snapshot on the main thread and
saves it, so the window keeps drawing, the progress bar moves, and closing the
app mid-simulation loses at most the match being played.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass
from typing import Any

from game.tournament import Tournament, is_bot_table, simulate_round


class _Stopped(Exception):
    """Raised from the progress callback to stop after the current table."""


@dataclass
class SimMessage:
    """What the worker reports: "table" (a snapshot), "done", "stopped" or "error"."""

    kind: str
    done: int = 0
    total: int = 0
    state: dict[str, Any] | None = None
    error: BaseException | None = None


def bot_tables_pending(t: Tournament) -> int:
    """How many tables of the current round only bots play, still without a result."""
    rnd = t.current_round
    return 0 if rnd is None else sum(1 for tb in rnd.pending if is_bot_table(t, tb))


class SimulationWorker:
    """Runs `simulate_round` on a copy of the tournament, off the render loop."""

    def __init__(self, t: Tournament) -> None:
        self.copy = Tournament.from_dict(t.to_dict(), id=t.id)
        self.total = bot_tables_pending(t)
        self.done = 0
        self.messages: queue.Queue[SimMessage] = queue.Queue()
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="tournament-bots", daemon=True)

    def start(self) -> None:
        """Begin playing."""
        self.thread.start()

    def stop(self) -> None:
        """Ask to stop once the match being played ends."""
        self._stop.set()

    @property
    def stopping(self) -> bool:
        """True once a stop was asked for."""
        return self._stop.is_set()

    @property
    def alive(self) -> bool:
        """True while the thread runs."""
        return self.thread.is_alive()

    def _run(self) -> None:
        def progress(done: int, total: int) -> None:
            self.messages.put(SimMessage("table", done, total, self.copy.to_dict()))
            if self._stop.is_set() and done < total:
                raise _Stopped

        try:
            simulate_round(self.copy, progress=progress)
        except _Stopped:
            self.messages.put(SimMessage("stopped"))
        except Exception as e:  # reported on the main thread  # noqa: BLE001
            self.messages.put(SimMessage("error", error=e))
        else:
            self.messages.put(SimMessage("done"))

    def poll(self) -> list[SimMessage]:
        """Everything reported since the last poll, oldest first."""
        out = []
        while True:
            try:
                out.append(self.messages.get_nowait())
            except queue.Empty:
                return out
