"""Progress of long command-line work (simulate, tournament --simulate, soak, bench).

One reporter for every long command: on a terminal, a tqdm bar on stderr with
the count, rate and time left; elsewhere (a log file, CI, a pipe) a plain line
every few seconds, such as "simulate: 120/300 games, 2.1/s, about 85 s left",
so a log shows life without a bar's carriage returns. Nothing is ever written
to stdout: that is where `--json` documents and the reports go.

The text is English like the rest of the command line's output (main.py and
game/tournament/headless.py print English, not translated, text).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any, TextIO

#: seconds between two plain lines when stderr is not a terminal
PLAIN_EVERY = 5.0


def _rate_text(per_second: float, unit: str) -> str:
    """2.1/s for quick work, "40 s a game" when one item takes longer than a second."""
    if per_second <= 0:
        return ""
    if per_second >= 1:
        return f"{per_second:.1f}/s"
    return f"{1 / per_second:.0f} s a {_singular(unit)}"


def _singular(unit: str) -> str:
    """games -> game, matches -> match (the units this module is given)."""
    if unit.endswith(("ches", "shes", "xes", "sses")):
        return unit[:-2]
    return unit[:-1] if unit.endswith("s") and len(unit) > 1 else unit


def _left_text(seconds: float) -> str:
    """About how long is left, in seconds under three minutes, else in minutes."""
    if seconds < 180:
        return f"about {seconds:.0f} s left"
    return f"about {seconds / 60:.0f} min left"


class Progress:
    """Reports `done` out of `total` to stderr; call it as `progress(done, total)`.

    `unit` names what is counted ("games", "matches", "s"). With `rate=False`
    the rate is left out (a soak counts seconds, whose rate says nothing).
    `stream` and `clock` exist for tests; `tty` forces the bar on or off.
    """

    def __init__(
        self,
        label: str,
        total: int,
        unit: str,
        *,
        rate: bool = True,
        stream: TextIO | None = None,
        tty: bool | None = None,
        every: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.total = max(0, total)
        self.unit = unit
        self.show_rate = rate
        self.stream: TextIO = stream if stream is not None else sys.stderr
        if tty is None:
            isatty = getattr(self.stream, "isatty", None)
            tty = bool(isatty()) if callable(isatty) else False
        self.every = PLAIN_EVERY if every is None else every
        self.clock = clock
        self.started = clock()
        self.last_line = self.started
        self.done = 0
        self.lines = 0
        #: the count the last plain line showed (the closing line is not repeated)
        self._shown = -1
        self._bar: Any = None
        if tty:
            from tqdm import tqdm

            # without a rate (a soak counts seconds) the bar keeps count and time left
            shape = (
                {}
                if rate
                else {"bar_format": "{l_bar}{bar}| {n}/{total} {unit} [{remaining} left]"}
            )
            self._bar = tqdm(
                total=self.total or None,
                desc=label,
                unit=unit,
                file=self.stream,
                dynamic_ncols=True,
                leave=True,
                **shape,
            )

    def __call__(self, done: int, total: int | None = None) -> None:
        """`done` items so far, out of `total` (re-estimated totals are welcome)."""
        if total is not None:
            self.total = max(0, total)
        done = max(0, done)
        if self._bar is not None:
            if total is not None and self._bar.total != (self.total or None):
                self._bar.total = self.total or None
                self._bar.refresh()
            self._bar.update(done - self.done)
            self.done = done
            return
        self.done = done
        now = self.clock()
        if now - self.last_line >= self.every:
            self.last_line = now
            self._line(now)

    def text(self, now: float | None = None) -> str:
        """The plain line for the count so far."""
        now = self.clock() if now is None else now
        spent = now - self.started
        parts = [f"{self.label}: {self.done}/{self.total} {self.unit}"]
        per_second = self.done / spent if spent > 0 else 0.0
        if self.show_rate and per_second > 0:
            parts.append(_rate_text(per_second, self.unit))
        if self.done >= self.total:
            parts.append(f"done in {spent:.0f} s")
        elif self.done > 0 and per_second > 0:
            parts.append(_left_text((self.total - self.done) / per_second))
        return ", ".join(parts)

    def _line(self, now: float) -> None:
        print(self.text(now), file=self.stream, flush=True)
        self.lines += 1
        self._shown = self.done

    def close(self) -> None:
        """End the bar; a plain report that printed anything ends with its last count."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        elif self.lines and self._shown != self.done:
            self._line(self.clock())

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
