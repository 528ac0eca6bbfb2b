"""The host's side of a networked table: pure logic, no sockets.

`HostSession` owns the only `Match`. The transport feeds it what each
connection sends (`connect`, `receive`, `disconnect`) and carries out what it
asks (`take_output`, `take_closing`); the host's own table and bots act through
`act_local`. Everything a seat is sent goes through one place (`_state_for`):
`view(seat)`, `public_view()` and the events `visible_to(seat)` -- the filter
hot-seat uses -- so another seat's private events are never sent at all.

Every game pairs its private events with public ones, so leaving the others'
out loses no public news: Wyr CardsReceived/CardsLaidDown with CardsDrawn,
CardsToTable and TableCardsTaken; Wyrt HoleCards with CardsDealt; War
ObjectiveDealt with ObjectivesPrepared, CardDrawn and CardsReceived with
TurnEnded/CardsTransferred and the public card counts, ObjectiveChecked with
PlayerEliminated; Chama CardsDrawn with DrewCards. The exceptions are on purpose: Wyr HandRevealed (a
lord looks at his own hand) and Wyrt's cheat events (CheatTested,
CheatAbandoned, CheatSucceeded, CardsStolen: an uncaught cheat is secret, and
a caught one is announced by the public CheatCaught).

A hosted match draws its chance from a secret 256-bit seed (`game.rng`) that
never leaves the host. Joins pass the `Doorman` (`game.net.guard`): a guessed
code waits for its address's slot; strikes follow the address and the seat. A
seat's token is fresh at every reconnection, and only its hash is kept.

The clock is injected (tests drive time by hand, and call `tick`); nothing here
blocks.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from game.core import Action, Event, IllegalAction, Match
from game.names import clean_name, free_bot_name, unique_name
from game.net.guard import Bucket, Doorman, strike_key
from game.net.protocol import (
    PROTOCOL_VERSION,
    Message,
    ProtocolError,
    decode,
    encode,
    printable,
    refusal,
)
from game.net.seat_state import Legal, PositionCache
from game.net.seating import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Conn,
    Seat,
    SessionError,
    check_code,
    new_code,
    numbered_names,
    parse_seat_kinds,
    same_secret,
    session_seed,
)
from game.registry import get_info, new_match, with_bot_choices
from game.rng import Seed

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "HostSession",
    "Seat",
    "SessionError",
    "parse_seat_kinds",
]

log = logging.getLogger(__name__)

#: events per `history` message when a seat reconnects
HISTORY_CHUNK = 200
#: seconds a connection may stay without a seat (its join not even asked)
JOIN_DEADLINE = 10.0
#: refusals that are normal play (a slow click): no strike
_PLAY = frozenset(("not_your_turn", "illegal", "out_of_order", "match_over"))
#: refusals that are a failed guess (counted by the doorman, not as strikes)
_GUESS = frozenset(("wrong_code", "bad_token"))


class HostSession:
    """Seats, tokens, joins, validation and what each connection is sent.

    `seats` is a list of (kind, arg) from `parse_seat_kinds`. The match starts
    once every remote seat is taken (`start` may be called sooner once the empty
    ones are handed to bots); its seat names are the joiners' names.
    """

    #: messages a second and burst per connection, and bad messages before closing
    RATE = 20.0
    BURST = 40.0
    MAX_STRIKES = 8

    def __init__(
        self,
        game: str,
        seats: list[tuple[str, str | None]],
        *,
        seed: Seed | None = None,
        options: dict[str, Any] | None = None,
        code: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        grace: float = 60.0,
        keep_feed: bool = False,
        doorman: Doorman | None = None,
    ) -> None:
        info = get_info(game)
        if not info.min_seats <= len(seats) <= info.max_seats:
            raise SessionError(f"{game} needs {info.min_seats} to {info.max_seats} seats")
        self.game = game
        #: the match's secret seed: it decides every hidden card, and never leaves the host
        self.seed = session_seed(seed)
        #: per-address caps, join throttling and strikes (shared by a server's tables)
        self.doorman = doorman or Doorman(clock)
        #: this table among others (its seats' strike keys)
        self.table_id = secrets.token_hex(6)
        # Bot seats' ids go into the game's bot option (Wyrt's personas), as at a local table.
        bot_ids = [arg if kind == "bot" else None for kind, arg in seats]
        self.options: dict[str, Any] = info.resolve_options(
            len(seats), with_bot_choices(info, bot_ids, options)
        )
        self.code = check_code(code) if code else new_code()
        self.clock = clock
        self.grace = grace
        self.seats: list[Seat] = []
        for i, (kind, arg) in enumerate(seats):
            if kind == "remote":
                self.seats.append(Seat("remote", f"Seat {i + 1}"))
            elif kind == "bot":
                name = free_bot_name((s.name for s in self.seats), i)
                self.seats.append(Seat("bot", name, bot_id=arg, status="bot"))
            elif kind == "local":
                name = unique_name(clean_name(arg) or f"Seat {i + 1}", (s.name for s in self.seats))
                self.seats.append(Seat("local", name, status="local"))
            else:
                raise SessionError(f"unknown seat kind {kind!r}")
        self.match: Match | None = None
        self.conns: dict[int, Conn] = {}
        self._next_conn = 1
        self._out: list[tuple[int, str]] = []
        self._closing: list[tuple[int, str]] = []
        #: bumped on every change a waiting thread may care about
        self.version = 0
        #: every event of the match in order, for the host's own table to show
        #: (`take_feed`); kept only when a table reads it
        self.keep_feed = keep_feed
        self._feed: list[Event] = []
        #: unexpected exceptions a message ran into (a server ends such a table)
        self.errors = 0
        self._pos = PositionCache()

    # -- the table ----------------------------------------------------------

    @property
    def started(self) -> bool:
        """True once the match exists."""
        return self.match is not None

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.match is not None and self.match.is_over

    def open_remote_seats(self) -> list[int]:
        """Remote seats no one has taken yet."""
        return [i for i, s in enumerate(self.seats) if s.kind == "remote" and not s.taken]

    def start(self) -> None:
        """Deal: build the match with the seats' names and send everyone the table."""
        if self.match is not None:
            return
        if self.open_remote_seats():
            raise SessionError("every remote seat needs a player or a bot first")
        names = numbered_names([s.name for s in self.seats])
        self.match = new_match(self.game, names, seed=self.seed, options=self.options)
        self._record(self.match.start_events)
        self._broadcast_state(self.match.start_events)

    def hand_to_bot(self, seat: int, bot_id: str, name: str = "") -> None:
        """Give an empty remote seat, or one dropped for longer than the grace
        time, to a bot (named `name` before the deal, else a bot's own name);
        its token stops working."""
        s = self._seat(seat)
        if s.kind != "remote":
            raise SessionError(f"seat {seat} is not a remote seat")
        dropped = s.status == "reconnecting" and s.dropped_at is not None
        if s.status != "empty" and not (dropped and self.grace_over(seat)):
            raise SessionError(f"seat {seat} is {s.status}; wait for the grace time")
        s.kind, s.bot_id, s.token_hash, s.status, s.dropped_at = "bot", bot_id, None, "bot", None
        if not self.started:
            s.name = clean_name(name) or free_bot_name(
                (x.name for x in self.seats if x is not s), seat
            )
        self._announce(seat)
        if not self.started and not self.open_remote_seats():
            self.start()
        elif self.started:
            self._broadcast_state([])

    def grace_over(self, seat: int) -> bool:
        """True when a dropped seat has waited out the grace time."""
        s = self._seat(seat)
        return s.dropped_at is not None and self.clock() - s.dropped_at >= self.grace

    def bot_seats_to_move(self) -> list[int]:
        """Seats played by the host's bots that must act now."""
        if self.match is None:
            return []
        return [i for i in self.match.to_move if self.seats[i].kind == "bot"]

    def act_local(self, seat: int, action: Action, *, stand_in: bool = False) -> list[Event]:
        """A bot's or the host's own action; raises `IllegalAction` untouched.
        `stand_in`: a server's bot plays a remote seat whose player is away or late."""
        s = self._seat(seat)
        if s.kind == "remote" and not stand_in:
            raise SessionError(f"seat {seat} is played from another machine")
        if self.match is None:
            raise SessionError("the match has not started")
        events = self.match.apply(seat, action)
        self._after_action(events)
        return events

    def mark(self, seat: int, status: str) -> None:
        """Show a seat's new status to every player (a server's "standin")."""
        self._seat(seat).status = status
        self._announce(seat)

    def _seat(self, seat: int) -> Seat:
        if not 0 <= seat < len(self.seats):
            raise SessionError(f"no seat {seat}")
        return self.seats[seat]

    # -- connections ----------------------------------------------------------

    def connect(self, address: str = "local") -> int:
        """A new connection from `address` (the transport has admitted it); returns its id."""
        cid = self._next_conn
        self._next_conn += 1
        now = self.clock()
        bucket = Bucket(self.RATE, self.BURST, self.BURST, now)
        self.conns[cid] = Conn(cid, bucket, address=address, opened_at=now)
        return cid

    def disconnect(self, cid: int) -> None:
        """The connection is gone; its seat waits for a reconnection."""
        conn = self.conns.pop(cid, None)
        if conn is None or conn.seat is None:
            return
        s = self.seats[conn.seat]
        if s.conn == cid and s.kind == "remote":
            s.conn = None
            if self.started:
                s.status = "reconnecting"
                s.dropped_at = self.clock()
            else:  # nothing dealt yet: the seat is simply free again for anyone
                s.status, s.token_hash, s.name = "empty", None, f"Seat {conn.seat + 1}"
            self._announce(conn.seat)

    def receive(self, cid: int, raw: str | bytes) -> None:
        """Handle one message from connection `cid`; never raises for bad input."""
        conn = self.conns.get(cid)
        if conn is None:
            return
        now = self.clock()
        # The one action a state asked this seat for is not rate-limited: a quick
        # client (a bot, a fast hand) answers every state it is sent at once.
        if not conn.invited and not conn.bucket.take(now):
            self._refuse(conn, "flood")
            return
        try:
            msg = decode(raw)
        except ProtocolError as e:
            self._refuse(conn, e.code, e.detail)
            return
        if conn.invited:
            conn.invited = False
            if msg.type != "act" and not conn.bucket.take(now):
                self._refuse(conn, "flood")
                return
        try:
            self._dispatch(conn, msg)
        except Exception as e:  # noqa: BLE001 -- one bad message must not stop the table
            self.errors += 1
            line = self.doorman.tally.note(f"internal {type(e).__name__}", conn.address)
            if line is not None:
                log.exception("message from connection %s failed; %s", cid, line)
            self._refuse(conn, "internal", type(e).__name__)

    def tick(self) -> None:
        """Time passes (the transport calls it a few times a second): joins whose
        slot has come are answered, connections that never asked to join are
        closed, and repeated refusals are summed up in the log."""
        now = self.clock()
        for conn in list(self.conns.values()):
            if conn.pending is not None and conn.pending[1] <= now:
                msg, _at = conn.pending
                conn.pending = None
                self._join_now(conn, msg)
            elif (
                conn.seat is None and conn.pending is None and now - conn.opened_at >= JOIN_DEADLINE
            ):
                self._note_refusal(conn, "join_timeout")
                self._close(conn.id, "join_timeout")
                self.conns.pop(conn.id, None)
        summary = self.doorman.tally.summary(now)
        if summary is not None:
            log.warning("%s", summary)

    def _dispatch(self, conn: Conn, msg: Message) -> None:
        cid = conn.id
        if msg.type == "join":
            self._join(conn, msg)
        elif msg.type == "act":
            self._act(conn, msg)
        elif msg.type == "ping":
            self._send(cid, encode("pong", n=msg.get("n", 0)))
        elif msg.type == "leave":
            self._close(cid, "leave")
            self.disconnect(cid)
        else:  # a host message sent by a client
            self._refuse(conn, "unknown_type", msg.type)

    def take_output(self) -> list[tuple[int, str]]:
        """Messages to send, in order, as (connection id, text)."""
        out, self._out = self._out, []
        return out

    def take_closing(self) -> list[tuple[int, str]]:
        """Connections to close after their messages are sent, with a reason."""
        out, self._closing = self._closing, []
        return out

    def close_all(self, reason: str = "host_closing") -> None:
        """The host is quitting: tell everyone, then close every connection."""
        for cid in list(self.conns):
            self._send(cid, encode("host_closing", reason=reason))
            self._close(cid, reason)

    def _send(self, cid: int, text: str) -> None:
        self._out.append((cid, text))
        self.version += 1

    def _close(self, cid: int, reason: str) -> None:
        self._closing.append((cid, reason))
        self.version += 1

    def _refuse(self, conn: Conn, code: str, detail: str = "") -> None:
        self._send(conn.id, refusal(code, detail))
        # A refused action is normal play (a slow click); a wrong code is a guess
        # the doorman slows; garbage and floods are strikes. Strikes follow the
        # address and the seat, so reconnecting does not wipe them.
        if code in _PLAY or code in _GUESS:
            return
        self._note_refusal(conn, code, detail)
        keys = [strike_key(conn.address)]
        if conn.seat is not None:
            keys.append(f"seat:{self.table_id}:{conn.seat}")
        if self.doorman.strike(*keys) >= self.MAX_STRIKES:
            self._send(conn.id, refusal("closed"))
            self._close(conn.id, "abuse")
            self.disconnect(conn.id)

    def _note_refusal(self, conn: Conn, code: str, detail: str = "") -> None:
        """Log a refusal the first time an address earns it; count the rest."""
        line = self.doorman.tally.note(code, conn.address, printable(detail)[:80])
        if line is not None:
            log.warning("%s", line)

    # -- joining ------------------------------------------------------------

    def _join(self, conn: Conn, msg: Message) -> None:
        if conn.seat is not None:
            self._refuse(conn, "already_joined")
            return
        if conn.pending is not None:
            self._refuse(conn, "busy")
            return
        # Every attempt waits for its address's slot, right code or wrong, so
        # the wait tells a guesser nothing (see `game.net.guard`).
        at = self.doorman.check_at(conn.address)
        if at > self.clock():
            conn.pending = (msg, at)
            return
        self._join_now(conn, msg)

    def _join_now(self, conn: Conn, msg: Message) -> None:
        if not same_secret(str(msg.get("code", "")), self.code):
            self.doorman.failed(conn.address)
            self._note_refusal(conn, "wrong_code")
            self._refuse(conn, "wrong_code")
            return
        token = msg.get("token")
        if not token:
            self.doorman.passed(conn.address)  # a right code, and no token to guess
        game = msg.get("game")
        if game is not None and game != self.game:
            self._refuse(conn, "wrong_game", self.game)
            return
        if token:
            seat = next((i for i, s in enumerate(self.seats) if s.holds(str(token))), None)
            if seat is None:
                self.doorman.failed(conn.address)
                self._refuse(conn, "bad_token")
                return
            self.doorman.passed(conn.address)
            self._take_seat(conn, seat, reconnect=True)
            return
        name = clean_name(msg.get("name", ""))
        if not name:
            self._refuse(conn, "bad_name")
            return
        wanted = msg.get("seat")
        open_seats = self.open_remote_seats()
        if wanted is not None:
            if wanted not in open_seats:
                self._refuse(conn, "seat_taken")
                return
            seat = wanted
        elif open_seats:
            seat = open_seats[0]
        else:
            self._refuse(conn, "table_full")
            return
        s = self.seats[seat]
        # Nobody sees two seats of one name: a second "Ana" (or a bot's name) is "Ana (2)".
        s.name = unique_name(
            name, (x.name for i, x in enumerate(self.seats) if i != seat and x.status != "empty")
        )
        self._take_seat(conn, seat, reconnect=False)
        if not self.started and not self.open_remote_seats():
            self.start()

    def _take_seat(self, conn: Conn, seat: int, *, reconnect: bool) -> None:
        s = self.seats[seat]
        if s.conn is not None and s.conn != conn.id:
            # The token proves the seat: a half-open old connection gives way.
            old = self.conns.get(s.conn)
            if old is not None:
                old.seat = None
                self._close(old.id, "replaced")
        s.conn = conn.id
        s.status = "connected"
        s.dropped_at = None
        conn.seat = seat
        # A fresh token at every (re)connection: one that leaked works at most once.
        token = s.new_token()
        self.doorman.seated(conn.address)
        self._send(
            conn.id,
            encode(
                "welcome",
                version=PROTOCOL_VERSION,
                seat=seat,
                token=token,
                seats=[x.public() for x in self.seats],
                game=self.game,
                options=self.options,
                n_seats=len(self.seats),
            ),
        )
        self._announce(seat)
        if reconnect:
            s.reconnects += 1
        if reconnect and self.match is not None:
            self._send_history(conn.id, s.events)
        if self.match is not None:
            self._send(conn.id, self._state_for(conn, []))

    def _send_history(self, cid: int, events: list[dict[str, Any]]) -> None:
        for start in range(0, max(len(events), 1), HISTORY_CHUNK):
            chunk = events[start : start + HISTORY_CHUNK]
            done = start + HISTORY_CHUNK >= len(events)
            self._send(cid, encode("history", events=chunk, done=done))

    def _announce(self, seat: int) -> None:
        """Tell every joined client a seat's status changed."""
        s = self.seats[seat]
        text = encode("waiting", seat=seat, name=s.name, status=s.status)
        for conn in self.conns.values():
            if conn.seat is not None:
                self._send(conn.id, text)

    # -- acting -------------------------------------------------------------

    def _act(self, conn: Conn, msg: Message) -> None:
        if conn.seat is None:
            self._refuse(conn, "not_joined")
            return
        seq = msg.get("seq")
        if seq <= conn.last_seq:
            self._refuse(conn, "out_of_order", str(seq))
            return
        conn.last_seq = seq
        wanted = msg.get("seat")
        if wanted is not None and wanted != conn.seat:
            self._refuse(conn, "not_your_seat", str(wanted))
            return
        match = self.match
        if match is None:
            self._refuse(conn, "not_started")
            return
        if match.is_over:
            self._refuse(conn, "match_over")
            return
        if conn.seat not in match.to_move:
            self._refuse(conn, "not_your_turn")
            return
        try:
            action = Action.parse(msg.get("action"))
        except Exception as e:  # noqa: BLE001 -- any unreadable action is refused alike
            self._refuse(conn, "bad_action", type(e).__name__)
            return
        if action not in self._pos.legal(match, conn.seat):
            # Parameterised actions (amounts) may be legal without being listed:
            # the game's own check decides, and the action is first played on a
            # copy, so a field the rules never expected cannot half-change the match.
            try:
                match.check(conn.seat, action)
                match.clone().apply(conn.seat, action)
            except IllegalAction as e:
                self._refuse(conn, "illegal", e.key)
                return
            except Exception as e:  # noqa: BLE001 -- a malformed field the rules trip on
                self._refuse(conn, "bad_action", type(e).__name__)
                return
        try:
            events = match.apply(conn.seat, action)
        except IllegalAction as e:
            self._refuse(conn, "illegal", e.key)
            return
        self._after_action(events)

    def _after_action(self, events: list[Event]) -> None:
        self._record(events)
        self._broadcast_state(events)
        if self.match is not None and self.match.is_over:
            text = encode("match_over", standings=self.match.standings())
            for conn in self.conns.values():
                if conn.seat is not None:
                    self._send(conn.id, text)

    def take_feed(self) -> list[Event]:
        """The events since the last call (the host's table shows them all and
        filters what its viewer may see, as every table does)."""
        out, self._feed = self._feed, []
        return out

    def _record(self, events: list[Event]) -> None:
        if self.keep_feed:
            self._feed.extend(events)
        for i, s in enumerate(self.seats):
            assert self.match is not None
            s.events.extend(self._pos.event_dicts(self.match, events, i))

    def _broadcast_state(self, events: list[Event]) -> None:
        for conn in self.conns.values():
            if conn.seat is not None:
                self._send(conn.id, self._state_for(conn, events))

    def _state_for(self, conn: Conn, events: list[Event]) -> str:
        """The one place that decides what a seat is sent ([G4])."""
        match = self.match
        seat = conn.seat
        assert match is not None and seat is not None
        to_move = match.to_move
        legal = self._pos.legal(match, seat).dicts() if seat in to_move else []
        conn.invited = bool(legal)
        conn.sent_seq += 1
        return encode(
            "state",
            seq=conn.sent_seq,
            view=match.view(seat),
            public_view=self._pos.public_view(match),
            to_move=to_move,
            legal=legal,
            events=self._pos.event_dicts(match, events, seat),
            log_len=len(match.log),
            turn=int(match.turn),
            is_over=match.is_over,
            started=True,
            standings=match.standings() if match.is_over else None,
            seats=[s.public() for s in self.seats],
        )

    def legal(self, seat: int) -> Legal:
        """`seat`'s legal actions now, worked out once a position."""
        assert self.match is not None
        return self._pos.legal(self.match, seat)

    def seat_status(self) -> list[dict[str, Any]]:
        """Every seat's name, kind and status (for the host's lobby)."""
        return [s.public() for s in self.seats]
