"""Bots think in a child process (or a thread) and hand back their moves."""

from __future__ import annotations

import time

import pytest

import game
from scenes.tables.bot_worker import BotWorker


def _decide(worker: BotWorker, match, seat: int) -> object:  # type: ignore[no-untyped-def]
    worker.start(seat, len(match.log), match.view(seat), match.legal_actions(seat))
    deadline = time.time() + 30
    while time.time() < deadline:
        result = worker.poll()
        if result is not None:
            return result
        time.sleep(0.01)
    raise AssertionError("no decision")


@pytest.mark.parametrize("use_process", [True, False])
def test_worker_returns_a_legal_move(use_process: bool) -> None:
    name = next((g for g in ("war", "wyr", "chama", "wyrt") if g in game.GAMES), None)
    if name is None:
        pytest.skip("no game engine in this build")
    info = game.get_info(name)
    match = game.new_match(name, info.min_seats, seed=3)
    seat = match.to_move[0]
    worker = BotWorker(
        name, {s: info.bot_ids[0] for s in range(match.n_seats)}, seed=3, use_process=use_process
    )
    try:
        assert worker.uses_process is use_process
        got_seat, stamp, action, took = _decide(worker, match, seat)
        assert got_seat == seat and stamp == 0 and took >= 0
        match.apply(seat, action)  # legal
    finally:
        worker.close()


def test_a_failing_bot_is_reported_not_raised() -> None:
    worker = BotWorker("alta", {0: "random"}, seed=1, use_process=False)
    m = game.new_match("alta", 2, seed=1)
    worker.start(0, 0, m.view(0), [])  # no legal actions: the random bot raises
    deadline = time.time() + 5
    result = None
    while result is None and time.time() < deadline:
        result = worker.poll()
    assert result is not None and isinstance(result[2], BaseException)
