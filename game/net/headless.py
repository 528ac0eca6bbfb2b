"""`taverna host <game> --headless`: a table without a screen.

Prints `address: HOST:PORT` for every local address and `code: CODE`, waits
for the joiners, lets the host's bots play their seats, hands a seat dropped
for longer than the grace time to a bot, and prints `match over: <standings>`
(seat names, best first, ties grouped) as soon as the match ends, then closes
and exits 0. The match is saved once a turn to the data folder's
`saves/host-<game>-<table>.json`, one file per hosted match (removed when it
ends); Ctrl+C or SIGTERM tells every client the host is closing and saves it.

The deal comes from a secret 256-bit seed unless `--seed` fixes one (for
tests: anyone who knows that number knows every card).
"""

from __future__ import annotations

import contextlib
import json
import signal
import sys
import threading
import time
from collections.abc import Callable
from functools import partial
from types import FrameType
from typing import Any, TextIO

from game.bots import Bot
from game.core import Action, IllegalAction, Match
from game.net.seating import shown_code
from game.net.session import HostSession, SessionError, parse_seat_kinds
from game.net.transport import HostServer, local_addresses
from game.registry import OptionsError, make_bot
from game.rng import Rng, bots_seed


def standings_line(match: Match) -> str:
    """`match over:` followed by the standings as seat names, best first."""
    groups = [[match.seats[s] for s in group] for group in match.standings()]
    return "match over: " + json.dumps(groups, ensure_ascii=False)


class _Stop(Exception):
    """Ctrl+C or SIGTERM."""


def save_path(session: HostSession) -> Any:
    """Where a headless host keeps its match when it has to quit (one file per
    hosted match: two hosts in one data folder never share one)."""
    from game import storage

    return storage.saves_dir() / f"host-{session.game}-{session.table_id}.json"


def _save(session: HostSession, out: TextIO) -> None:
    match = session.match
    if match is None or match.is_over:
        return
    from game import saves

    path = saves.write_save(match, save_path(session), kind="auto", name="host")
    print(f"saved: {path}", file=out, flush=True)


def run_host(
    game: str,
    seats: str,
    *,
    port: int = 0,
    bind: str = "0.0.0.0",
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    code: str | None = None,
    grace: float = 60.0,
    fallback_bot: str = "normal",
    join_timeout: float = 0.0,
    out: TextIO = sys.stdout,
    stop: threading.Event | None = None,
    on_ready: Callable[[HostServer], None] | None = None,
) -> int:
    """Host one match headless; returns the exit status (0 when it ended).

    `stop` ends it early as Ctrl+C would; `on_ready(server)` is called once it
    listens (tests read the port and watch the session)."""
    try:
        kinds = parse_seat_kinds(seats)
        if any(k == "local" for k, _ in kinds):
            raise SessionError("a headless host has no local seats")
        session = HostSession(
            game,
            kinds,
            seed=seed,
            options=options,
            code=code,
            grace=grace,
        )
        bots: dict[int, Bot] = {
            i: make_bot(game, s.bot_id) for i, s in enumerate(session.seats) if s.bot_id
        }
        make_bot(game, fallback_bot)
    except (SessionError, OptionsError, KeyError) as e:
        print(f"taverna: {e.args[0] if isinstance(e, KeyError) else e}", file=sys.stderr)
        return 2
    server = HostServer(session, bind, port)
    try:
        real_port = server.start()
    except OSError as e:
        print(f"taverna: {e}", file=sys.stderr)
        return 2
    addrs = ["127.0.0.1"] if bind.startswith("127.") else local_addresses()
    for addr in addrs:
        print(f"address: {addr}:{real_port}", file=out)
    print(f"code: {shown_code(session.code)}", file=out, flush=True)
    if on_ready is not None:
        on_ready(server)

    stop = stop or threading.Event()
    old: dict[signal.Signals, Any] = {}

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        stop.set()

    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            old[sig] = signal.signal(sig, on_signal)
    rng = Rng(f"host-bots/{bots_seed(session.seed)}")
    started_at = time.monotonic()
    try:
        status = _loop(server, session, bots, rng, fallback_bot, stop, join_timeout, started_at)
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
    if status == 0:
        assert session.match is not None
        # the result first: a client that never joined must not hold it up
        print(standings_line(session.match), file=out, flush=True)
        server.stop("match_over")
        return 0
    server.stop("host_closing")
    _save(session, out)
    return status


def _loop(
    server: HostServer,
    session: HostSession,
    bots: dict[int, Bot],
    rng: Rng,
    fallback: str,
    stop: threading.Event,
    join_timeout: float,
    started_at: float,
) -> int:
    version = -1
    saved_turn = -1
    while not stop.is_set():
        if session.is_over:
            from game import saves

            saves.delete_save(save_path(session))  # nothing left to resume
            return 0
        # Autosave once a turn, so even a host that is killed loses at most a turn.
        if session.match is not None and session.match.turn != saved_turn:
            saved_turn = session.match.turn
            _autosave(server)
        if join_timeout and not session.started and time.monotonic() - started_at > join_timeout:
            print("taverna: no one joined in time", file=sys.stderr)
            return 1
        # Seats dropped past the grace time go to a bot, so the table goes on.
        for seat in server.call(_overdue):
            server.call(partial(HostSession.hand_to_bot, seat=seat, bot_id=fallback))
            bots[seat] = make_bot(session.game, fallback)
        turn = server.call(_bot_turn)
        if turn is None:
            version = server.wait_change(version, 0.25)
            continue
        seat, view, legal = turn
        action = bots[seat].choose(view, legal, rng)
        server.call(partial(_try_act, seat=seat, action=action))
    return 130


def _autosave(server: HostServer) -> None:
    from game import saves

    match = server.session.match
    if match is None:
        return
    document = server.call(lambda _s: saves.save_document(match, kind="auto", name="host"))
    try:
        saves.write_document(save_path(server.session), document)
    except OSError as e:  # a full disk must not stop the table
        print(f"taverna: cannot autosave: {e}", file=sys.stderr)


def _try_act(session: HostSession, seat: int, action: Action) -> None:
    # A simultaneous move by a client may have changed the table while the bot
    # thought; it then simply thinks again on the next pass.
    with contextlib.suppress(IllegalAction):
        session.act_local(seat, action)


def _overdue(session: HostSession) -> list[int]:
    return [
        i
        for i, s in enumerate(session.seats)
        if s.kind == "remote" and s.status == "reconnecting" and session.grace_over(i)
    ]


def _bot_turn(session: HostSession) -> tuple[int, dict[str, Any], list[Action]] | None:
    """A bot seat to move with its view and legal actions, read under the lock."""
    seats = session.bot_seats_to_move()
    if not seats or session.match is None:
        return None
    seat = seats[0]
    return seat, session.match.view(seat), session.match.legal_actions(seat)
