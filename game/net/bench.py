"""Measure the network layer on loopback: state message sizes and the round
trip of one action (the joiner sends it, the host applies it, the joiner has
the new state). `python -m game.net.bench [--actions N]` prints one row a game.

Every seat is remote and played by a random bot in this one thread, so the
time is the wire and the session, not a bot's thinking.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from game.net.remote_match import RemoteMatch
from game.net.session import HostSession
from game.net.transport import ClientConnection, HostServer
from game.registry import make_bot
from game.rng import Rng

#: short matches for each game ([R7]); seats as many as the issue's load case
CASES: dict[str, tuple[int, dict[str, Any]]] = {
    "wyr": (3, {}),
    "wyrt": (6, {"hand_limit": 20}),
    "war": (6, {"turn_limit": 60}),
    "chama": (3, {"turn_limit": 8}),
}


def measure(
    game: str, seats: int, options: dict[str, Any], actions: int, seed: int = 1
) -> dict[str, Any]:
    """Sizes (bytes) of the state messages one joiner got, and action round trips (ms)."""
    session = HostSession(game, [("remote", None)] * seats, seed=seed, options=options)
    server = HostServer(session, "127.0.0.1", 0)
    port = server.start()
    links = [ClientConnection(f"ws://127.0.0.1:{port}") for _ in range(seats)]
    remotes = [RemoteMatch(link, name=f"P{i}", code=session.code) for i, link in enumerate(links)]
    sizes: list[int] = []
    trips: list[float] = []
    try:
        for r in remotes:
            r.join()
            _settle(r, lambda r=r: r.seat is not None, sizes)
        for r in remotes:
            _settle(r, lambda r=r: r.started, sizes)
        bot = make_bot(game, "random")
        rng = Rng(f"net-bench/{seed}")
        while len(trips) < actions and not remotes[0].is_over:
            mover = next((r for r in remotes if r.seat in r.to_move), None)
            if mover is None:
                for r in remotes:
                    _drain(r, sizes)
                continue
            assert mover.seat is not None
            legal = [a for a in mover.legal_actions(mover.seat) if not a.TYPE.endswith(".Leave")]
            action = bot.choose(mover.view(mover.seat), legal, rng)
            before = mover.log.length
            start = time.perf_counter()
            mover.apply(mover.seat, action)
            _settle(
                mover,
                lambda m=mover, b=before: m.log.length > b or m.refusal is not None,
                sizes,
            )
            trips.append((time.perf_counter() - start) * 1000)
            for r in remotes:
                _drain(r, sizes)
    finally:
        for link in links:
            link.close()
        server.stop()
    return {"game": game, "seats": seats, "sizes": sizes, "trips": trips, "actions": len(trips)}


def _merge(rows: list[dict[str, Any]]) -> dict[str, Any]:
    sizes = [s for r in rows for s in r["sizes"]]
    trips = sorted(t for r in rows for t in r["trips"])
    return {
        "game": rows[0]["game"],
        "seats": rows[0]["seats"],
        "matches": len(rows),
        "state_bytes_median": int(statistics.median(sizes)) if sizes else 0,
        "state_bytes_max": max(sizes, default=0),
        "actions": len(trips),
        "rtt_ms_median": round(statistics.median(trips), 2) if trips else 0.0,
        "rtt_ms_p90": round(trips[int(len(trips) * 0.9)], 2) if trips else 0.0,
    }


def _take(remote: RemoteMatch, texts: list[str], sizes: list[int]) -> None:
    for text in texts:
        if text.startswith('{"t":"state"'):
            sizes.append(len(text.encode("utf-8")))
        remote.handle_text(text)


def _drain(remote: RemoteMatch, sizes: list[int]) -> None:
    link = remote.link
    assert isinstance(link, ClientConnection)
    _take(remote, link.poll(), sizes)


def _settle(remote: RemoteMatch, done: Any, sizes: list[int], timeout: float = 10.0) -> None:
    link = remote.link
    assert isinstance(link, ClientConnection)
    deadline = time.monotonic() + timeout
    while not done() and time.monotonic() < deadline:
        _take(remote, link.wait(0.5), sizes)


def summary(game: str, actions: int) -> dict[str, Any]:
    """One game's figures over enough short matches to time `actions` actions."""
    seats, options = CASES[game]
    rows: list[dict[str, Any]] = []
    seed = 1
    while sum(r["actions"] for r in rows) < actions and seed <= 50:
        rows.append(measure(game, seats, options, actions, seed=seed))
        seed += 1
    return _merge(rows)


def main(argv: list[str] | None = None) -> int:
    """Print one JSON row a game."""
    p = argparse.ArgumentParser(prog="python -m game.net.bench")
    p.add_argument("--actions", type=int, default=200)
    args = p.parse_args(argv)
    for game in CASES:
        print(json.dumps(summary(game, args.actions)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
