"""One table of a server: a `HostSession` and what the server knows beside it.

The session keeps its seats, tokens, joins, validation and what each seat is
sent, exactly as a single hosted table does. Beside it: the table's id, who
created it, public or private, its watchers, its turn clock, which player id
holds each seat (ratings, "my tables"), the connection ids it maps to the
server's, and how much of its action log is already stored.

A watcher is sent what a spectator may see and nothing else: the public view
and the events `visible_to(None)` ([G4]); never `view(seat)`, never legal
actions.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core import Action, Event
from game.net.guard import Doorman
from game.net.protocol import encode
from game.net.seating import token_hash
from game.net.server.store import TableRow
from game.net.session import HostSession
from game.registry import get_info, new_match

#: seconds a present player's turn may run before a bot moves for them
CLOCKS = {"off": 0.0, "relaxed": 300.0, "normal": 90.0, "quick": 30.0}


#: public events a table keeps for a watcher who comes mid-match (the log's
#: recent lines; bounded: a long War match must not grow a server's memory)
WATCH_HISTORY = 200


@dataclass
class ServerTable:
    """A table among many."""

    id: str
    session: HostSession
    creator: str
    address: str
    public: bool = True
    watchers_allowed: bool = True
    clock: str = "off"
    #: the player id in each seat (None: nobody yet, or a bot)
    players: list[str | None] = field(default_factory=list)
    #: session connection id -> server connection id
    links: dict[int, int] = field(default_factory=dict)
    #: server connection ids watching, with the last state number each was sent
    watchers: dict[int, int] = field(default_factory=dict)
    #: the last time a person did something here (join, act, phrase)
    active_at: float = 0.0
    #: when each seat to move started waiting for its move (the turn clock),
    #: and how much of the log that has seen
    since: dict[int, float] = field(default_factory=dict)
    seen: int = 0
    #: actions of the log already in the store
    stored: int = 0
    errors_seen: int = 0
    #: bot decisions that failed in a row (three end the table)
    bot_failures: int = 0
    ended: str = ""
    #: an event's table (issue 47): the event's code, and the player id each
    #: seat is kept for (None: a bot entrant's seat); nobody else may sit here
    event: str = ""
    reserved: list[str | None] | None = None
    #: the level of the bot that plays for an absent player here (None: the server's)
    fallback: str | None = None
    #: the latest public events as JSON text (a watcher who comes mid-match reads
    #: them first); text, not dicts: strings are not tracked by the garbage
    #: collector, whose pauses are what limits a loaded server
    recent: deque[str] = field(default_factory=lambda: deque(maxlen=WATCH_HISTORY))

    def remember_public(self, events: list[Event]) -> None:
        """Keep the public side of events as they happen (the last `WATCH_HISTORY`)."""
        if self.watchers_allowed:
            self.recent.extend(
                json.dumps(ev.to_dict(), separators=(",", ":"))
                for ev in events
                if ev.visible_to(None)
            )

    def recent_events(self) -> list[dict[str, Any]]:
        """The kept public events, for a `history` message."""
        return [json.loads(text) for text in self.recent]

    @property
    def kinds(self) -> list[list[Any]]:
        """The seats as created (kind, bot level), for rebuilding."""
        return [[s.kind if s.kind != "local" else "remote", s.bot_id] for s in self.session.seats]

    def summary(self) -> dict[str, Any]:
        """What the lobby lists about this table (options in short: those not at default)."""
        session = self.session
        info = get_info(session.game)
        defaults = info.default_options(len(session.seats))
        short = {k: v for k, v in session.options.items() if defaults.get(k) != v}
        taken = [s for s in session.seats if s.status != "empty"]
        return {
            "table": self.id,
            "game": session.game,
            "options": short,
            "seats": len(session.seats),
            "taken": len(taken),
            "names": [s.name for s in taken],
            "watchers": self.watchers_allowed,
            "started": session.started,
            "clock": self.clock,
        }

    def seat_rows(self) -> list[dict[str, Any]]:
        """The seats as stored: kind, name, bot level, status and the token's hash."""
        return [
            {
                "kind": s.kind,
                "name": s.name,
                "bot": s.bot_id,
                "status": s.status,
                "token": s.token_hash.hex() if s.token_hash is not None else None,
            }
            for s in self.session.seats
        ]

    def status(self) -> str:
        """The stored status: open (waiting), playing, or how it ended."""
        if self.ended:
            return self.ended
        return "playing" if self.session.started else "open"

    def row(self) -> TableRow:
        """Everything the store keeps of this table."""
        s = self.session
        return TableRow(
            self.id,
            s.game,
            s.options,
            self.kinds,
            self.seat_rows(),
            self.players,
            s.seed,
            s.code,
            self.public,
            self.watchers_allowed,
            self.clock,
            self.creator,
            list(s.match.seats) if s.match is not None else None,
            self.status(),
            [],
        )

    def new_actions(self) -> list[tuple[int, int, dict[str, Any]]]:
        """Log entries not stored yet, numbered."""
        match = self.session.match
        if match is None:
            return []
        # only the tail: every table is synced ten times a second, its log is long
        new = match.log[self.stored :]
        return [(self.stored + i, seat, a.to_dict()) for i, (seat, a) in enumerate(new)]

    def due_moves(self, now: float, fallback: str) -> list[tuple[int, str, bool]]:
        """Seats a bot must move now: (seat, bot level, stands in for a player).

        Bot seats when to move; a remote seat whose player is away past the
        grace time ("standin"); a present player whose turn clock ran out."""
        session = self.session
        match = session.match
        if match is None or match.is_over:
            return []
        to_move = tuple(match.to_move)
        self.note_turn(now)
        limit = CLOCKS.get(self.clock, 0.0)
        out: list[tuple[int, str, bool]] = []
        for seat in to_move:
            s = session.seats[seat]
            if s.kind == "bot" and s.bot_id:
                out.append((seat, s.bot_id, False))
            elif s.kind == "remote" and (
                s.status == "standin" or (limit and now - self.since[seat] >= limit)
            ):
                out.append((seat, fallback, True))
        return out

    def note_turn(self, now: float) -> None:
        """Each seat's turn clock starts when it must move, and again after
        each of its actions (a War turn of many moves gets a clock per move)."""
        match = self.session.match
        if match is None:
            return
        for seat, _action in match.log[self.seen :]:
            self.since.pop(seat, None)
        self.seen = len(match.log)
        to_move = set(match.to_move)
        for seat in list(self.since):
            if seat not in to_move:
                del self.since[seat]
        for seat in to_move:
            self.since.setdefault(seat, now)

    def watcher_state(self, cid: int, events: list[Event]) -> str:
        """The next `state` for watcher `cid`: the public view and public events only."""
        match = self.session.match
        assert match is not None
        self.watchers[cid] = self.watchers.get(cid, 0) + 1
        return encode(
            "state",
            seq=self.watchers[cid],
            view=None,
            public_view=match.public_view(),
            to_move=match.to_move,
            legal=[],
            events=[ev.to_dict() for ev in events if ev.visible_to(None)],
            log_len=len(match.log),
            turn=int(match.turn),
            is_over=match.is_over,
            started=True,
            standings=match.standings() if match.is_over else None,
            seats=[s.public() for s in self.session.seats],
        )


def restore(
    row: TableRow,
    *,
    clock: Callable[[], float],
    doorman: Doorman,
    grace: float,
) -> ServerTable:
    """Rebuild a stored table: its seats wait for their players' tokens, and a
    started match is replayed from its log (every seat's visible events too,
    for the history a reconnecting seat is sent)."""
    kinds = [(str(k), b) for k, b in row.kinds]
    session = HostSession(
        row.game,
        kinds,
        seed=row.seed,
        options=row.options,
        code=row.code,
        clock=clock,
        grace=grace,
        keep_feed=True,
        doorman=doorman,
    )
    session.table_id = row.id
    session.options = dict(row.options)
    table = ServerTable(
        row.id,
        session,
        row.creator,
        "",
        public=row.public,
        watchers_allowed=row.watchers,
        clock=row.clock,
        players=list(row.players),
        active_at=clock(),
    )
    now = clock()
    for i, (s, saved) in enumerate(zip(session.seats, row.seats, strict=True)):
        s.kind, s.name, s.bot_id = saved["kind"], saved["name"], saved["bot"]
        token = saved.get("token")
        if row.names is None:  # not dealt yet: a player simply joins again
            if s.kind == "remote":
                s.status, s.token_hash, s.name = "empty", None, f"Seat {i + 1}"
            continue
        s.token_hash = bytes.fromhex(token) if token else None
        if s.kind == "remote":
            s.status, s.dropped_at = "reconnecting", now
        else:
            s.status = saved["status"]
    if row.names is not None:
        match = new_match(row.game, row.names, seed=row.seed, options=row.options)
        events: list[Event] = list(match.start_events)
        for seat, raw in row.actions:
            events.extend(match.apply(seat, Action.parse(raw)))
        for i, s in enumerate(session.seats):
            s.events = [ev.to_dict() for ev in events if ev.visible_to(i)]
        session.match = match
        table.stored = len(match.log)
    if row.names is None:
        table.players = [
            None if k == "remote" else p for (k, _), p in zip(kinds, table.players, strict=True)
        ]
    return table


def new_token_hash(token: str) -> str:
    """The stored form of a token (tests compare with it)."""
    return token_hash(token).hex()
