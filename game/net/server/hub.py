"""The server's core: many tables, one lobby, no sockets.

`Hub` offers what `game.net.transport.HostServer` asks of a session
(`connect`, `receive`, `disconnect`, `tick`, `take_output`, `take_closing`,
`close_all`, `version`, `doorman`), so the transport runs it as it runs one
table. A connection first says `hello` (an id and secret, or none for a fresh
pair), then uses the lobby (`list`, `create`, `join`, `watch`, `start`,
`mine`, `leaderboard`); once it joins a table its `act` and `ping` go to that
table's own `HostSession` untouched, which seats, validates and decides what
each seat is sent exactly as a single hosted table does. Its output comes back
mapped to the server's connection ids, so no message of one table can reach
another's connections.

Every accepted action is stored before its state is handed out (`_sync`).
An unexpected exception in one table's engine ends that table with an apology
(`net.refused.table_crashed`) and leaves the others running. The clock is
injected; nothing here blocks (bots think in `BotPool`).
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Hashable
from typing import Any

from game.core import Action, IllegalAction
from game.net.guard import Bucket, Doorman, strike_key
from game.net.protocol import (
    EVENT_TYPES,
    Message,
    ProtocolError,
    decode,
    encode,
    printable,
    refusal,
)
from game.net.seating import normal_code, same_secret
from game.net.server.bots import BotPool
from game.net.server.events import EventBoard
from game.net.server.lobby import GUESS_BURST, GUESS_RATE, Link, Lobby
from game.net.server.ratings import bot_rating_id, rate
from game.net.server.store import Store
from game.net.server.table import ServerTable, restore
from game.net.session import HostSession
from game.replays import REPLAY_VERSION
from game.rng import bots_seed
from game.version import VERSION

log = logging.getLogger("game.net.server")

#: seconds a connection may stay without saying hello
HELLO_DEADLINE = 5.0
#: seconds a table nobody is at may stay idle: before the deal, and after it
OPEN_IDLE = 900.0
PLAYING_IDLE = 3600.0
#: seconds a finished table stays in memory for its players to see the end
FINISHED_KEEP = 300.0
#: seconds of bots' answers one tick carries out (at least one); the rest wait
#: for the next tick, so the players' own messages are not held up behind them
BOT_ANSWERS_BUDGET = 0.02
#: refusals that are normal use (no strike)
_MILD = frozenset(
    (
        "wrong_code",
        "phrase_flood",
        "no_table",
        "already_joined",
        "not_creator",
        "already_started",
        "too_many_tables",
        "server_full",
        "no_watchers",
        "not_joined",
        "no_replay",
        "guess_busy",
        "replay_busy",
        # a joiner that speaks first as to a single host, then says hello
        "hello_first",
    )
)


class Hub(Lobby):
    """Many `HostSession`s behind one lobby; see the module's docstring."""

    RATE = 20.0
    BURST = 40.0
    MAX_STRIKES = 8
    #: phrases a connection may say: one every few seconds, a few at once
    PHRASE_RATE = 0.25
    PHRASE_BURST = 3.0

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.monotonic,
        doorman: Doorman | None = None,
        bots: BotPool | None = None,
        max_tables: int = 200,
        grace: float = 60.0,
        fallback_bot: str = "normal",
    ) -> None:
        self.store = store
        self.clock = clock
        self.doorman = doorman or Doorman(clock)
        self.bots = bots or BotPool(0, clock)
        self.max_tables = max_tables
        self.grace = grace
        self.fallback_bot = fallback_bot
        self.tables: dict[str, ServerTable] = {}
        self.links: dict[int, Link] = {}
        self._next = 1
        self._out: list[tuple[int, str]] = []
        self._closing: list[tuple[int, str]] = []
        self.version = 0
        self._bot_seeds: dict[str, str] = {}
        #: bots' answers not carried out yet, oldest first
        self._answers: dict[Hashable, Action | None] = {}
        self._statuses: dict[str, list[str]] = {}
        self.guesses = Bucket(GUESS_RATE, GUESS_BURST, GUESS_BURST, clock())
        self.shown_ratings: dict[tuple[str, str], int | None] = {}
        self._ended_at: dict[str, float] = {}
        #: tables whose start is logged (a restored one was logged before)
        self._started: set[str] = set()
        for row in store.live_tables():
            try:
                t = restore(row, clock=clock, doorman=self.doorman, grace=grace)
            except Exception as e:  # noqa: BLE001 -- one bad table must not stop the server
                log.error("table %s (%s) cannot be rebuilt: %s", row.id, row.game, e)
                store.end_table(row.id, "crashed", None)
                continue
            self.tables[t.id] = t
            self._statuses[t.id] = [s.status for s in t.session.seats]
            if t.session.started:
                self._started.add(t.id)
            self.note(t, f"restored ({len(row.actions)} actions)")
        #: online events (issue 47): after the tables, whose seats they keep
        self.events = EventBoard(self)

    # -- what the transport calls -------------------------------------------------

    def connect(self, address: str = "local") -> int:
        """A new connection (the transport's doorman admitted it)."""
        cid, self._next = self._next, self._next + 1
        now = self.clock()
        self.links[cid] = Link(
            cid,
            address,
            now,
            Bucket(self.RATE, self.BURST, self.BURST, now),
            Bucket(self.PHRASE_RATE, self.PHRASE_BURST, self.PHRASE_BURST, now),
        )
        return cid

    def disconnect(self, cid: int) -> None:
        """The connection is gone: its seat waits for its player, as at one table."""
        link = self.links.pop(cid, None)
        if link is not None:
            self._detach(link, "")

    def receive(self, cid: int, raw: str | bytes) -> None:
        """One message from connection `cid`; never raises for bad input."""
        link = self.links.get(cid)
        if link is None:
            return
        seated = link.local is not None and not link.watching
        try:
            msg = decode(raw)
        except ProtocolError as e:
            if seated:  # the table's session refuses it and counts it, as it always did
                self._forward(link, raw)
            else:
                self._refuse(link, e.code, e.detail)
            return
        if seated and msg.type in ("act", "ping"):
            self._forward(link, raw)
            return
        if not link.bucket.take(self.clock()):
            self._refuse(link, "flood")
            return
        try:
            self.dispatch(link, msg)
        except Exception as e:  # noqa: BLE001 -- one bad message must not stop the server
            log.exception("lobby message %s from %s failed", msg.type, cid)
            self._refuse(link, "internal", type(e).__name__)

    def tick(self) -> None:
        """Time passes: hello deadlines, slotted joins, every table's clock work,
        bots' answers, expiry, and the refusal summary."""
        now = self.clock()
        for link in list(self.links.values()):
            if link.player is None and now - link.opened_at >= HELLO_DEADLINE:
                self._note_refusal(link, "hello_timeout")
                self._close(link.id, "hello_timeout")
                self.links.pop(link.id, None)
            elif link.pending is not None and link.pending[1] <= now:
                msg = link.pending[0]
                link.pending = None
                self.due(link, msg)
        for t in list(self.tables.values()):
            if not t.ended:
                self._in_table(t, self._tick_table)
            if t.id in self.tables and not t.ended:
                self._ask_bots(t, now)
        self._answers.update(self.bots.done())
        until = time.perf_counter() + BOT_ANSWERS_BUDGET
        while self._answers:
            key = next(iter(self._answers))
            self._bot_answer(key, self._answers.pop(key))
            if time.perf_counter() >= until:
                break
        self.events.tick()
        self._expire(now)
        summary = self.doorman.tally.summary(now)
        if summary is not None:
            log.warning("%s", summary)

    def take_output(self) -> list[tuple[int, str]]:
        """Messages to send, in order, as (connection id, text)."""
        out, self._out = self._out, []
        return out

    def take_closing(self) -> list[tuple[int, str]]:
        """Connections to close after their messages, with a reason."""
        out, self._closing = self._closing, []
        return out

    def close_all(self, reason: str = "host_closing") -> None:
        """The server stops: tell everyone; the tables stay in the store."""
        for cid in list(self.links):
            self._send(cid, encode("host_closing", reason=reason))
            self._close(cid, reason)

    def dispatch(self, link: Link, msg: Message) -> None:
        """A lobby message; the `event_*` ones go to the events (once greeted)."""
        if msg.type in EVENT_TYPES and link.player is not None:
            self.events.receive(link, msg)
        else:
            super().dispatch(link, msg)

    # -- sending --------------------------------------------------------------------

    def _send(self, cid: int, text: str) -> None:
        self._out.append((cid, text))
        self.version += 1

    def _close(self, cid: int, reason: str) -> None:
        self._closing.append((cid, reason))
        self.version += 1

    def _refuse(self, link: Link, code: str, detail: str = "") -> None:
        self._send(link.id, refusal(code, detail))
        if code in _MILD:
            return
        self._note_refusal(link, code, detail)
        if self.doorman.strike(strike_key(link.address)) >= self.MAX_STRIKES:
            self._send(link.id, refusal("closed"))
            self._close(link.id, "abuse")
            self.disconnect(link.id)

    def _note_refusal(self, link: Link, code: str, detail: str = "") -> None:
        line = self.doorman.tally.note(code, link.address, printable(detail)[:80])
        if line is not None:
            log.warning("%s", line)

    def note(self, t: ServerTable, what: str) -> None:
        """One line of the server's log for a table event that matters."""
        log.info("table %s %s: %s", t.id, t.session.game, what)

    # -- tables -----------------------------------------------------------------------

    def _forward(self, link: Link, raw: str | bytes) -> None:
        t = self.tables.get(link.table or "")
        local = link.local
        if t is None or local is None:
            return
        t.active_at = self.clock()
        self._in_table(t, lambda s: s.receive(local, raw))

    def _in_table(self, t: ServerTable, fn: Callable[[HostSession], Any]) -> None:
        """Run `fn` on a table's session; an exception ends that table alone."""
        try:
            fn(t.session)
            if t.session.errors > t.errors_seen:
                raise RuntimeError("the table's session caught an unexpected error")
            self._sync(t)
        except Exception as e:  # noqa: BLE001 -- quarantine: the other tables go on
            self._crash(t, e)

    def _sync(self, t: ServerTable) -> None:
        """Store what changed (before anything is sent), then hand out the
        session's output to the server's connections."""
        session = self.session_of(t)
        for local, hcid in t.links.items():
            conn = session.conns.get(local)
            link = self.links.get(hcid)
            if conn is not None and conn.seat is not None and link is not None:
                t.players[conn.seat] = link.player
        new = t.new_actions()
        statuses = [s.status for s in session.seats]
        if new or statuses != self._statuses.get(t.id):
            self.store.update_table(
                t.id,
                seats=t.seat_rows(),
                players=t.players,
                names=list(session.match.seats) if session.match is not None else None,
                status=t.status(),
                actions=new,
            )
            t.stored += len(new)
            self._seat_news(t, statuses)
        for local, text in session.take_output():
            target = t.links.get(local)
            if target is not None:
                self._send(target, text)
        feed = session.take_feed()
        t.remember_public(feed)
        if session.match is not None and (feed or new):
            for wid in t.watchers:
                self._send(wid, t.watcher_state(wid, feed))
        for local, reason in session.take_closing():
            target = t.links.get(local)
            link = self.links.get(target) if target is not None else None
            if link is None:
                continue
            if reason == "abuse":
                self._close(link.id, reason)
            self._detach(link, reason)
        # a join the session refused (no seat, none waiting): back to the lobby
        for local, hcid in list(t.links.items()):
            conn = session.conns.get(local)
            if conn is None or (conn.seat is None and conn.pending is None):
                link = self.links.get(hcid)
                if link is not None:
                    self._detach(link, "")
                else:
                    del t.links[local]
        t.note_turn(self.clock())
        if session.started and t.id not in self._started:
            self._started.add(t.id)
            self.note(t, "started: " + ", ".join(s.name for s in session.seats))
        if session.is_over and not t.ended:
            self._finish(t)

    def _seat_news(self, t: ServerTable, statuses: list[str]) -> None:
        before = self._statuses.get(t.id, statuses)
        self._statuses[t.id] = statuses
        words = {"reconnecting": "dropped", "standin": "handed to a bot", "connected": "taken"}
        for i, (old, new) in enumerate(zip(before, statuses, strict=True)):
            if old != new and new in words:
                self.note(t, f"seat {i + 1} {words[new]}")

    def session_of(self, t: ServerTable) -> HostSession:
        """A table's session (the one place the hub reaches into it)."""
        return t.session

    def _detach(self, link: Link, reason: str) -> None:
        """A connection leaves its table (it stays in the lobby unless gone)."""
        t = self.tables.get(link.table or "")
        table_id, local = link.table, link.local
        link.table, link.local, link.watching, link.pending = None, None, False, None
        if t is None:
            return
        t.watchers.pop(link.id, None)
        if local is not None:
            t.links.pop(local, None)
            if local in t.session.conns:
                self._in_table(t, lambda s: s.disconnect(local))
        if reason and link.id in self.links and table_id is not None:
            self._send(link.id, encode("left", table=table_id, reason=reason))

    def _tick_table(self, session: HostSession) -> None:
        session.tick()
        for i, s in enumerate(session.seats):
            if s.kind == "remote" and s.status == "reconnecting" and session.grace_over(i):
                session.mark(i, "standin")

    def _ask_bots(self, t: ServerTable, now: float) -> None:
        try:
            match = t.session.match
            for seat, level, _stand_in in t.due_moves(now, t.fallback or self.fallback_bot):
                assert match is not None
                key = (t.id, seat, len(match.log))
                if self.bots.busy(key) or key in self._answers:
                    continue
                seed = self._bot_seeds.setdefault(t.id, str(bots_seed(t.session.seed)))
                view, legal = match.view(seat), t.session.legal(seat).actions
                self.bots.submit(key, t.session.game, level, view, legal, f"{seed}/{key}")
        except Exception as e:  # noqa: BLE001 -- the engine failed while asked for a view
            self._crash(t, e)

    def _bot_answer(self, key: Any, action: Action | None) -> None:
        table_id, seat, n = key
        t = self.tables.get(table_id)
        if t is None or t.ended or t.session.match is None or len(t.session.match.log) != n:
            return  # the table moved on meanwhile (the player came back, or ended)
        if action is None:
            t.bot_failures += 1
            if t.bot_failures >= 3:
                self._crash(t, RuntimeError("a bot failed three times"))
            return
        stand_in = t.session.seats[seat].kind == "remote"

        def act(session: HostSession) -> None:
            # a simultaneous move changed the table: the bot is asked again next tick
            with contextlib.suppress(IllegalAction):
                session.act_local(seat, action, stand_in=stand_in)

        self._in_table(t, act)

    def event_replay_allowed(self, table: str, player: str) -> bool:
        """The events decide who else may see an event table's replay."""
        return self.events.may_see_replay(table, player)

    def _finish(self, t: ServerTable) -> None:
        """A table's match ended: rate it, keep its replay, log the result."""
        t.ended = "finished"
        self._ended_at[t.id] = self.clock()
        session = t.session
        match = session.match
        assert match is not None
        ids = [
            p if s.kind == "remote" and p else bot_rating_id(session.game, s.bot_id or "?")
            for s, p in zip(session.seats, t.players, strict=True)
        ]
        standings = match.standings()
        try:
            new = rate(ids, standings, self.store.ratings(session.game, ids))
            self.store.save_ratings(session.game, new)
            for rid in new:
                self.shown_ratings.pop((session.game, rid), None)
        except Exception:  # noqa: BLE001 -- a rating problem must not lose the replay
            log.exception("table %s: ratings not updated", t.id)
        replay = match.save()
        replay["replay"] = {
            "version": REPLAY_VERSION,
            "app": VERSION,
            "finished_at": self.store.wall(),
            "winners": match.winners(),
            "turns": int(match.turn),
        }
        self.store.end_table(t.id, "finished", replay)
        names = [[match.seats[s] for s in group] for group in standings]
        self.note(t, f"ended: {names}")
        if t.event:  # an event's table reports its standings by itself
            self.events.table_finished(t)

    def _crash(self, t: ServerTable, error: BaseException) -> None:
        """End one table whose engine failed, with an apology to its people."""
        log.error("table %s %s crashed: %s", t.id, t.session.game, error, exc_info=error)
        t.ended = "crashed"
        self.tables.pop(t.id, None)
        self.bots.forget(t.id)
        for hcid in [*t.links.values(), *t.watchers]:
            link = self.links.get(hcid)
            if link is None:
                continue
            self._send(hcid, refusal("table_crashed"))
            self._send(hcid, encode("left", table=t.id, reason="table_crashed"))
            link.table, link.local, link.watching = None, None, False
        t.links.clear()
        t.watchers.clear()
        try:
            self.store.end_table(t.id, "crashed", None)
        except Exception:  # noqa: BLE001 -- logged; the server goes on
            log.exception("table %s: cannot mark it crashed", t.id)

    def _expire(self, now: float) -> None:
        for t in list(self.tables.values()):
            if t.ended == "finished":
                gone = not t.links and not t.watchers
                if gone or now - self._ended_at.get(t.id, now) >= FINISHED_KEEP:
                    self._drop(t, "ended")
                continue
            limit = PLAYING_IDLE if t.session.started else OPEN_IDLE
            if not t.links and now - t.active_at >= limit:
                t.ended = "expired"
                self.store.end_table(t.id, "expired", None)
                self.note(t, "expired")
                self._drop(t, "expired")

    def _drop(self, t: ServerTable, reason: str) -> None:
        """Forget a table that ended (its store row stays)."""
        for hcid in [*t.links.values(), *t.watchers]:
            link = self.links.get(hcid)
            if link is not None:
                self._detach(link, reason)
        self.tables.pop(t.id, None)
        self.bots.forget(t.id)
        self._statuses.pop(t.id, None)

    # -- helpers the lobby uses ---------------------------------------------------

    def live(self) -> list[ServerTable]:
        """Tables not ended."""
        return [t for t in self.tables.values() if not t.ended]

    def by_code(self, code: str) -> ServerTable | None:
        """The live table with this join code (compared in constant time)."""
        typed = normal_code(code)
        found = None
        for t in self.live():
            if same_secret(typed, t.session.code):
                found = t
        return found
