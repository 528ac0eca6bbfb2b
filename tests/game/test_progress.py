"""game/progress.py: the progress of long commands, on stderr only."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st

from game.progress import Progress


class Clock:
    """A clock the test moves by hand (no test depends on wall-clock speed)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_plain_lines_every_few_seconds_when_not_a_terminal() -> None:
    clock, out = Clock(), io.StringIO()
    progress = Progress("simulate", 300, "games", stream=out, tty=False, every=5, clock=clock)
    for done in range(1, 301):
        clock.now = done / 2  # two games a second: 150 s in all
        progress(done)
    progress.close()
    lines = out.getvalue().splitlines()
    # one line per 5 s of work (150 s); the last one is the closing count
    assert len(lines) == 30
    assert lines[0] == "simulate: 10/300 games, 2.0/s, about 145 s left"
    assert lines[-1] == "simulate: 300/300 games, 2.0/s, done in 150 s"
    assert "\r" not in out.getvalue()


def test_the_last_count_is_not_printed_twice() -> None:
    clock, out = Clock(), io.StringIO()
    with Progress("tournament", 4, "matches", stream=out, tty=False, every=5, clock=clock) as p:
        for done in range(1, 5):
            clock.now = 30.0 * done  # slow matches: a line after each
            p(done)
    lines = out.getvalue().splitlines()
    assert len(lines) == 4 and lines[-1] == "tournament: 4/4 matches, 30 s a match, done in 120 s"


def test_quick_work_prints_nothing_when_not_a_terminal() -> None:
    clock, out = Clock(), io.StringIO()
    with Progress("bench", 7, "sections", stream=out, tty=False, clock=clock) as progress:
        for done in range(1, 8):
            clock.now = done * 0.5
            progress(done)
    assert out.getvalue() == ""


def test_slow_items_read_as_seconds_each_and_totals_can_change() -> None:
    clock, out = Clock(), io.StringIO()
    progress = Progress("tournament", 10, "matches", stream=out, tty=False, every=5, clock=clock)
    clock.now = 40.0
    progress(1, 12)  # the organizer re-estimates its total as rounds are paired
    assert out.getvalue().splitlines() == [
        "tournament: 1/12 matches, 40 s a match, about 7 min left"
    ]


def test_without_rate_the_line_keeps_count_and_time_left() -> None:
    clock, out = Clock(), io.StringIO()
    progress = Progress("soak", 60, "s", rate=False, stream=out, tty=False, every=5, clock=clock)
    clock.now = 30.0
    progress(30)
    assert out.getvalue() == "soak: 30/60 s, about 30 s left\n"


def test_a_terminal_gets_a_bar_with_count_rate_and_time_left() -> None:
    out = io.StringIO()
    with Progress("simulate", 4, "games", stream=out, tty=True) as progress:
        for done in range(1, 5):
            progress(done, 4)
    text = out.getvalue()
    assert "\r" in text and "4/4" in text and "games/s" in text and "100%" in text


@given(st.lists(st.integers(min_value=0, max_value=50), max_size=30))
def test_the_count_only_follows_what_it_is_told(counts: list[int]) -> None:
    clock, out = Clock(), io.StringIO()
    progress = Progress("x", 50, "games", stream=out, tty=False, every=1, clock=clock)
    for i, done in enumerate(counts):
        clock.now = i + 1.0
        progress(done)
        assert progress.done == done
    progress.close()
    assert all(line.startswith("x: ") for line in out.getvalue().splitlines())
