"""A server's online events (issue 47) as the app's lobby client keeps them.

`EventsState` sends the `event_*` lobby messages over the lobby's connection
and keeps what the server answers (`events`, `event`, `event_created`,
`event_news`), each checked row by row first: texts are cut and cleaned,
numbers bounded, rows of another shape dropped. Screens read `rows`, `view`,
`created` and take `news` (the newest first kept) after the lobby's `pump()`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.names import clean_name
from game.net.protocol import Message, printable

#: rows of a list, entrants, rounds, tables, standings kept at most
MAX_ROWS = 128
#: news kept until a screen takes them
MAX_NEWS = 40
#: the news the app tells in words (others are kept as "other")
NEWS_KINDS = (
    "table",
    "bye",
    "walkover",
    "started",
    "round",
    "result",
    "correction",
    "finished",
    "removed",
    "dropped",
    "entrant",
    "cannot_start",
    "stuck",
)
STATUSES = ("registering", "closed", "running", "finished")


def _text(value: Any, limit: int = 40) -> str:
    return printable(value)[:limit] if isinstance(value, str) else ""


def _int(value: Any, low: int = 0, high: int = 10_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        return low
    return max(low, min(high, value))


def _opt_int(value: Any) -> int | None:
    return None if value is None or isinstance(value, bool) else _int(value, -10_000)


def _list(value: Any, limit: int = MAX_ROWS) -> list[Any]:
    return value[:limit] if isinstance(value, list) else []


def _name(value: Any) -> str:
    return clean_name(value) or "?"


@dataclass(frozen=True)
class EventRow:
    """One event as the lobby lists it."""

    event: str
    name: str
    game: str
    format: str
    status: str
    seats: int
    entrants: int
    late: bool = False
    round: int = 0
    #: organized by us or registered in
    mine: bool = False
    start_at: int | None = None


def parse_event_row(raw: Any) -> EventRow | None:
    """A row of `events` (or the head of an `event`), checked; None when not one."""
    if not isinstance(raw, dict):
        return None
    code, game, fmt = _text(raw.get("event"), 16), _text(raw.get("game")), _text(raw.get("format"))
    status = _text(raw.get("status"))
    if not code or not game or not fmt or status not in STATUSES:
        return None
    start = raw.get("start_at")
    return EventRow(
        event=code,
        name=_text(raw.get("name"), 60),
        game=game,
        format=fmt,
        status=status,
        seats=_int(raw.get("seats"), 0, 1000),
        entrants=_int(raw.get("entrants"), 0, 1000),
        late=raw.get("late") is True,
        round=_int(raw.get("round")),
        mine=raw.get("mine") is True,
        start_at=int(start)
        if isinstance(start, (int, float)) and not isinstance(start, bool)
        else None,
    )


@dataclass(frozen=True)
class Entrant:
    """One entrant of an event."""

    number: int
    name: str
    bot: str = ""
    dropped: bool = False


@dataclass(frozen=True)
class TableView:
    """One table of a round: who sits there, and how it ended."""

    table: int
    seats: tuple[tuple[int, str], ...]
    bye: bool = False
    #: the finishing order by entrant numbers, best first, ties grouped (empty: not ended)
    order: tuple[tuple[int, ...], ...] = ()
    source: str = ""
    server_table: str = ""
    #: finished matches' table ids whose replays the server keeps
    replays: tuple[str, ...] = ()
    absent: tuple[int, ...] = ()

    @property
    def done(self) -> bool:
        """The table has its result."""
        return bool(self.order)


@dataclass(frozen=True)
class RoundView:
    """One round of an event."""

    round: int
    stage: str
    knockout: bool
    tables: tuple[TableView, ...]


@dataclass(frozen=True)
class BracketBox:
    """One match of the top cut's bracket (names; "" for a slot not yet known)."""

    top: str
    bottom: str
    winner: str
    status: str


@dataclass(frozen=True)
class BracketColumn:
    """One knockout round of the bracket."""

    label: str
    matches: tuple[BracketBox, ...]


@dataclass(frozen=True)
class EventView:
    """An event as the server shows it to us."""

    head: EventRow
    organizer: bool = False
    registered: bool = False
    me: int | None = None
    no_show: str = "lose"
    public: bool = True
    entrants: tuple[Entrant, ...] = ()
    rounds: tuple[RoundView, ...] = ()
    columns: tuple[str, ...] = ()
    #: standings rows: column -> a number, a short text, a flag or None
    standings: tuple[dict[str, Any], ...] = ()
    final: tuple[dict[str, Any], ...] = ()
    bracket: tuple[BracketColumn, ...] = ()
    #: the organizer's corrections: (round, table, reason)
    corrections: tuple[tuple[int, int, str], ...] = ()
    settings: dict[str, Any] = field(default_factory=dict)

    def name_of(self, number: int) -> str:
        """An entrant's name by number ("?" when unknown)."""
        return next((e.name for e in self.entrants if e.number == number), "?")

    @property
    def current(self) -> RoundView | None:
        """The latest round, once started."""
        return self.rounds[-1] if self.rounds else None

    def my_table(self) -> TableView | None:
        """Our table of the latest round."""
        rnd = self.current
        if rnd is None or self.me is None:
            return None
        return next((t for t in rnd.tables if any(n == self.me for n, _ in t.seats)), None)


def _table(raw: Any) -> TableView | None:
    if not isinstance(raw, dict):
        return None
    seats = tuple(
        (_int(s.get("number"), 0), _name(s.get("name")))
        for s in _list(raw.get("seats"), 8)
        if isinstance(s, dict)
    )
    result = raw.get("result")
    order: tuple[tuple[int, ...], ...] = ()
    source = ""
    if isinstance(result, dict):
        order = tuple(tuple(_int(n) for n in _list(g, 8)) for g in _list(result.get("order"), 8))
        source = _text(result.get("source"))
    return TableView(
        table=_int(raw.get("table")),
        seats=seats,
        bye=raw.get("bye") is True,
        order=order,
        source=source,
        server_table=_text(raw.get("server_table")),
        replays=tuple(_text(r) for r in _list(raw.get("replays"), 8) if isinstance(r, str)),
        absent=tuple(_int(n) for n in _list(raw.get("absent"), 8)),
    )


def _round(raw: Any) -> RoundView | None:
    if not isinstance(raw, dict):
        return None
    tables = tuple(t for t in (_table(x) for x in _list(raw.get("tables"))) if t is not None)
    return RoundView(
        _int(raw.get("round")), _text(raw.get("stage")), raw.get("knockout") is True, tables
    )


def _standing(raw: Any) -> dict[str, Any] | None:
    if not isinstance(raw, dict):
        return None
    row: dict[str, Any] = {}
    for key, value in list(raw.items())[:40]:
        if not isinstance(key, str):
            continue
        k = _text(key, 24)
        if key == "name":
            row[k] = _name(value)
        elif isinstance(value, bool) or value is None:
            row[k] = value
        elif isinstance(value, int):
            row[k] = _int(value, -1_000_000, 1_000_000)
        elif isinstance(value, float) and abs(value) < 1e9:
            row[k] = value
        elif isinstance(value, str):
            row[k] = _text(value)
    return row


def _slot_name(raw: Any) -> str:
    if isinstance(raw, dict):  # a slot may come as an entrant {"number", "name"}
        return _name(raw.get("name"))
    return ""


def _bracket(raw: Any, view_names: dict[int, str]) -> BracketColumn | None:
    if not isinstance(raw, dict):
        return None
    boxes = []
    for m in _list(raw.get("matches"), 64):
        if not isinstance(m, dict):
            continue

        def who(slot: Any) -> str:
            if isinstance(slot, int) and not isinstance(slot, bool):
                return view_names.get(slot, "?")
            return _slot_name(slot)

        boxes.append(
            BracketBox(
                who(m.get("top")),
                who(m.get("bottom")),
                who(m.get("winner")),
                _text(m.get("status")),
            )
        )
    return BracketColumn(_text(raw.get("label")), tuple(boxes))


def parse_event_view(raw: Any) -> EventView | None:
    """The body of an `event` message, checked; None when it is not one."""
    head = parse_event_row(raw)
    if head is None or not isinstance(raw, dict):
        return None
    entrants = tuple(
        Entrant(
            _int(e.get("number")),
            _name(e.get("name")),
            _text(e.get("bot")),
            e.get("dropped") is True,
        )
        for e in _list(raw.get("entrants_list"))
        if isinstance(e, dict)
    )
    names = {e.number: e.name for e in entrants}
    rounds = tuple(r for r in (_round(x) for x in _list(raw.get("rounds"))) if r is not None)
    standings = tuple(
        s for s in (_standing(x) for x in _list(raw.get("standings"))) if s is not None
    )
    final = tuple(s for s in (_standing(x) for x in _list(raw.get("final"))) if s is not None)
    bracket = tuple(b for b in (_bracket(x, names) for x in _list(raw.get("bracket"), 8)) if b)
    corrections = tuple(
        (_int(c.get("round")), _int(c.get("table")), _text(c.get("reason"), 200))
        for c in _list(raw.get("corrections"))
        if isinstance(c, dict)
    )
    settings = raw.get("settings")
    kept = {}
    if isinstance(settings, dict):
        kept = {
            _text(k): v
            for k, v in list(settings.items())[:12]
            if isinstance(k, str) and isinstance(v, (int, bool)) and not isinstance(v, float)
        }
    me = raw.get("me")
    return EventView(
        head=head,
        organizer=raw.get("organizer") is True,
        registered=raw.get("registered") is True,
        me=_int(me) if isinstance(me, int) and not isinstance(me, bool) else None,
        no_show=_text(raw.get("no_show")) or "lose",
        public=raw.get("public") is not False,
        entrants=entrants,
        rounds=rounds,
        columns=tuple(_text(c, 24) for c in _list(raw.get("columns"), 40) if isinstance(c, str)),
        standings=standings,
        final=final,
        bracket=bracket,
        corrections=corrections,
        settings=kept,
    )


@dataclass(frozen=True)
class News:
    """Something that happened in an event we are part of (words: online_event.news.<kind>)."""

    event: str
    kind: str
    round: int = 0
    table_no: int = 0
    #: the server's table to sit at ("table" news)
    server_table: str = ""
    opponents: tuple[str, ...] = ()
    reason: str = ""
    name: str = ""


def parse_news(msg: Message) -> News | None:
    """An `event_news`, checked; None when it is not one."""
    code, kind, data = _text(msg.get("event"), 16), _text(msg.get("news")), msg.get("data")
    if not code or not isinstance(data, dict):
        return None
    return News(
        event=code,
        kind=kind if kind in NEWS_KINDS else "other",
        round=_int(data.get("round")),
        table_no=_int(data.get("table_no", data.get("table"))),
        server_table=_text(data.get("server_table")),
        opponents=tuple(_name(o) for o in _list(data.get("opponents"), 8)),
        reason=_text(data.get("reason"), 200),
        name=clean_name(data.get("name")) if isinstance(data.get("name"), str) else "",
    )


class EventsState:
    """The events side of one lobby connection; see the module docstring."""

    def __init__(self, send: Callable[..., None]) -> None:
        self._send = send
        self.rows: list[EventRow] = []
        #: the event last viewed (its code -> view)
        self.views: dict[str, EventView] = {}
        #: the code of the event last created by us
        self.created = ""
        self.news: list[News] = []
        #: bumped by every event message (screens redraw what changed)
        self.version = 0
        #: called with each news as it arrives (the app's round notice)
        self.on_news: Callable[[News], None] | None = None
        #: when the last `events` answer came (monotonic; None: never)
        self.listed_at: float | None = None
        #: when each event's view last came (monotonic)
        self.viewed_at: dict[str, float] = {}
        #: news received so far (the kept list is cut at `MAX_NEWS`; this is not)
        self.news_count = 0

    # -- sending ------------------------------------------------------------------
    def ask(self, game: str | None = None) -> None:
        """Ask for the public events (and ours)."""
        self._send("event_list", game=game)

    def create(self, **fields: Any) -> None:
        """Create an event (fields as `event_create` takes them)."""
        self.created = ""
        self._send("event_create", **fields)

    def view(self, code: str) -> None:
        """Ask for an event's view."""
        self._send("event_view", event=code)

    def act(self, kind: str, code: str, **fields: Any) -> None:
        """join, leave, close, start, remove (number), bot (bot), result (round, table, order, reason)."""
        if kind in ("join", "leave", "close", "start", "remove", "bot", "result"):
            self._send(f"event_{kind}", event=code, **fields)

    # -- receiving ----------------------------------------------------------------
    def handle(self, msg: Message) -> None:
        """One of the server's event messages."""
        self.version += 1
        if msg.type == "events":
            rows = (parse_event_row(r) for r in _list(msg.get("events")))
            self.rows = [r for r in rows if r is not None]
            self.listed_at = time.monotonic()
        elif msg.type == "event":
            view = parse_event_view(msg.get("event"))
            if view is not None:
                self.views[view.head.event] = view
                self.viewed_at[view.head.event] = time.monotonic()
        elif msg.type == "event_created":
            self.created = _text(msg.get("event"), 16)
        elif msg.type == "event_news":
            news = parse_news(msg)
            if news is not None:
                self.news_count += 1
                self.news = [*self.news, news][-MAX_NEWS:]
                if self.on_news is not None:
                    self.on_news(news)

    def answered_since(self, moment: float) -> bool:
        """Has an `events` answer come since `moment` (monotonic)?"""
        return self.listed_at is not None and self.listed_at >= moment

    def live(self) -> dict[str, EventRow]:
        """Our events that are not over (code -> its row): entered in or organized,
        by whichever is newer for each event, the last list or its last view."""
        out: dict[str, EventRow] = {}
        listed = {r.event: r for r in self.rows}
        for code in {*listed, *self.views}:
            row, view = listed.get(code), self.views.get(code)
            if view is not None and (
                row is None or self.viewed_at.get(code, 0.0) >= (self.listed_at or 0.0)
            ):
                ours, head = view.registered or view.organizer, view.head
            elif row is not None:
                ours, head = row.mine, row
            else:
                continue
            if ours and head.status != "finished":
                out[code] = head
        return out

    def take_news(self) -> list[News]:
        """News since the last call."""
        out, self.news = self.news, []
        return out
