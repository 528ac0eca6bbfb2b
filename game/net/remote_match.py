"""The client's side: a Match-like object a table drives for a remote seat.

`RemoteMatch` holds only what the host sent this seat: its view, the public
view, who moves, its legal actions and the events it may see. `apply` sends the
action and returns no events; what happened arrives from the host and waits in
`take_events()` for the table to animate, as a local match's events would.

Match members that exist here: `n_seats`, `game_name`, `options`, `meta`,
`seats`, `seat` (this client's), `seed` (0: the host's is secret), `to_move`, `is_over`, `turn`, `timed_out`,
`log` (sized, no contents: the log holds other seats' secret actions),
`start_events` (empty; the deal arrives through `take_events`),
`view(seat)` (own seat only), `public_view()`, `legal_actions(seat)` (own seat),
`apply(seat, action)`, `standings()`, `winners()`. Not here: `save`, `clone`,
`snapshot`, `fingerprint`, `check`, `distance_to_victory` -- they need the
hidden state, which lives only on the host.

A link is anything with `send(text)` and `poll() -> list[str]` (the websocket
`ClientConnection`, or a test's in-memory pipe to a `HostSession`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from game.core import Action, Event, Record
from game.names import clean_name
from game.net.protocol import (
    MAX_HOST_MESSAGE,
    PROTOCOL_VERSION,
    Message,
    ProtocolError,
    decode,
    encode,
)


class Link(Protocol):
    """What `RemoteMatch` needs from a connection."""

    def send(self, text: str) -> None:
        """Send one message."""

    def poll(self) -> list[str]:
        """Every message received since the last call."""


class RemoteError(RuntimeError):
    """Asking a remote match for something this seat may not know."""


class SizedLog:
    """A stand-in for `Match.log`: its length is the host's, it holds nothing."""

    def __init__(self) -> None:
        self.length = 0

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Iterator[Any]:
        return iter(())

    def __bool__(self) -> bool:
        return self.length > 0


class RemoteMatch:
    """A seat of a match that runs on the host's machine."""

    def __init__(self, link: Link, *, name: str, code: str, game: str | None = None) -> None:
        self.link = link
        self.name = name
        self.code = code
        self.game_name = game or ""
        self.seat: int | None = None
        self.token: str | None = None
        #: a server's table id (a public table is joined, and found again, by it)
        self.table: str | None = None
        self.seats: list[str] = []
        self.seat_info: list[dict[str, Any]] = []
        self.options: dict[str, Any] = {}
        self.meta: dict[str, Any] = {}
        self.start_events: list[Event] = []
        self.timed_out = False
        #: never the host's seed: it decides every hidden card. A local stand-in
        #: for what tables seed their own generators from (hint bots, jitter).
        self.seed = 0
        self.log = SizedLog()
        self.turn = 0
        self.started = False
        self.is_over = False
        self.host_closed = False
        #: the last refusal as (code, translation key, detail); None when none
        self.refusal: tuple[str, str, str] | None = None
        #: (seat, name, status) of the last seat whose status changed
        self.waiting: tuple[int, str, str] | None = None
        self._view: dict[str, Any] | None = None
        self._public: dict[str, Any] | None = None
        self._to_move: list[int] = []
        self._legal: list[dict[str, Any]] = []
        self._legal_parsed: list[Action] | None = None
        self._standings: list[list[int]] = []
        self._events: list[Event] = []
        #: events of the history a reconnecting seat is told (for its log only);
        #: told whole on every reconnection, so a new welcome starts it afresh
        self.history: list[Event] = []
        self._seq = 0
        self._awaiting = False
        #: bumped by every message handled: a position's legal moves may change
        #: without the log growing (a refused move is handed back)
        self.version = 0

    # -- the wire -------------------------------------------------------------

    def join(self, token: str | None = None, seat: int | None = None) -> None:
        """Ask for a seat (or, with a token, for our old seat back)."""
        # a single host's join stays as it always was: `table` only when set
        where = {"table": self.table} if self.table else {}
        self.link.send(
            encode(
                "join",
                version=PROTOCOL_VERSION,
                code=self.code,
                name=self.name,
                game=self.game_name or None,
                token=token or self.token,
                seat=seat,
                **where,
            )
        )

    def relink(self, link: Link) -> None:
        """Carry on over a new connection: join again with our token."""
        self.link = link
        self._awaiting = False
        self.join(self.token)

    def pump(self) -> int:
        """Read what the host sent; returns how many messages were handled."""
        texts = self.link.poll()
        for text in texts:
            self.handle_text(text)
        return len(texts)

    def handle_text(self, text: str) -> None:
        """Decode and take one host message; a broken one is dropped, not obeyed."""
        try:
            msg = decode(text, limit=MAX_HOST_MESSAGE)
        except ProtocolError:
            return
        self.handle(msg)

    def handle(self, msg: Message) -> None:
        """Take one host message into the local picture."""
        self.version += 1
        d = msg.data
        if msg.type == "welcome":
            self.seat = d["seat"]
            self.token = d["token"]
            self.game_name = d["game"]
            self.options = d["options"]
            self._seats(d["seats"])
            self.refusal = None
            self.history.clear()  # the host tells the whole history again after this
        elif msg.type == "state":
            self.started = True
            self._view = d["view"]
            self._public = d["public_view"]
            self._to_move = [int(s) for s in d["to_move"]]
            self._legal = d["legal"]
            self._legal_parsed = None
            self.log.length = d["log_len"]
            self.turn = d["turn"]
            self.is_over = d["is_over"]
            if d.get("standings") is not None:
                self._standings = d["standings"]
            self._seats(d["seats"])
            self._events.extend(self._records(d["events"]))
            self._awaiting = False
        elif msg.type == "history":
            self.history.extend(self._records(d["events"]))
        elif msg.type == "refused":
            self.refusal = (d["code"], d["reason"], d.get("detail", ""))
            self._awaiting = False
        elif msg.type == "waiting":
            self.waiting = (d["seat"], clean_name(d["name"]) or "?", d["status"])
            if 0 <= d["seat"] < len(self.seat_info):
                self.seat_info[d["seat"]]["status"] = d["status"]
        elif msg.type == "match_over":
            self.is_over = True
            self._standings = d["standings"]
        elif msg.type == "host_closing":
            self.host_closed = True

    def _seats(self, seats: list[Any]) -> None:
        self.seat_info = [dict(s) for s in seats if isinstance(s, dict)]
        # a host is another machine: its names are cleaned like any typed name
        self.seats = [
            clean_name(s.get("name")) or f"Seat {i + 1}" for i, s in enumerate(self.seat_info)
        ]
        for info, name in zip(self.seat_info, self.seats, strict=True):
            info["name"] = name

    @staticmethod
    def _records(raw: list[Any]) -> list[Event]:
        out: list[Event] = []
        for item in raw:
            try:
                rec = Record.from_dict(item)
            except (ValueError, TypeError, KeyError):
                continue  # an event of a newer host this client cannot draw
            if isinstance(rec, Event):
                out.append(rec)
        return out

    # -- the Match contract -----------------------------------------------------

    @property
    def n_seats(self) -> int:
        """Number of seats at the table."""
        return len(self.seats)

    @property
    def to_move(self) -> list[int]:
        """Seats that must act now (our own left out while our action is on its way)."""
        if self._awaiting:
            return [s for s in self._to_move if s != self.seat]
        return list(self._to_move)

    def _own(self, seat: int) -> None:
        if seat != self.seat:
            raise RemoteError(f"seat {seat} is not this client's seat ({self.seat})")

    def view(self, seat: int) -> dict[str, Any]:
        """Our seat's view as the host last sent it; other seats raise."""
        self._own(seat)
        if self._view is None:
            raise RemoteError("the match has not started")
        return self._view

    def public_view(self) -> dict[str, Any]:
        """The public view as the host last sent it."""
        if self._public is None:
            raise RemoteError("the match has not started")
        return self._public

    def legal_actions(self, seat: int) -> list[Action]:
        """Our legal actions now (empty when not to move or waiting for the host)."""
        self._own(seat)
        if self._awaiting or seat not in self._to_move:
            return []
        if self._legal_parsed is None:
            self._legal_parsed = [Action.parse(a) for a in self._legal]
        return list(self._legal_parsed)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Send our action; its events arrive later through `take_events`."""
        self._own(seat)
        self._seq += 1
        self._awaiting = True
        self.refusal = None
        self.link.send(encode("act", seq=self._seq, action=action.to_dict()))
        return []

    def take_events(self) -> list[Event]:
        """Events received since the last call, oldest first."""
        out, self._events = self._events, []
        return out

    def standings(self) -> list[list[int]]:
        """Finishing order as the host last told it (empty before the end)."""
        return [list(g) for g in self._standings]

    def winners(self) -> list[int]:
        """The first group of the standings once the match is over."""
        return list(self._standings[0]) if self.is_over and self._standings else []
