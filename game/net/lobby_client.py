"""The app's side of a Taverna server's lobby, without pygame.

`LobbyClient` speaks the lobby protocol (`game.net.protocol`, `game.net.server.lobby`)
over a link with `send(text)` and `poll() -> list[str]` (the websocket
`ClientConnection`, or a test's pipe): it says `hello` with the identity kept
for this server (`game.net.identities`) and keeps a freshly issued one, then
lists, creates, joins, watches, starts, asks for "your tables" and the
leaderboard, fetches finished tables' replays (`ask_replay`, `take_replay`:
`game.net.lobby_replays`), and says table phrases. Screens read its state each
frame (`tables`, `mine`, `ranks`, `refusal`, `created`, `heard`) after `pump()`.

Whatever the server sends is checked before it is kept: each message by
`decode`, then every row inside it (types, lengths, counts), names cleaned as
typed names are; a message of another shape or type is dropped, not obeyed.

Once a table is joined (or watched) the same connection carries it: the
table's messages go to a `ServerMatch`, the joiner's `RemoteMatch` with the
server's way of asking for a seat (a table id, a hello again after a
reconnection), so the game's own table runs on it as on a joined table.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlsplit

from game.names import clean_name
from game.net import identities
from game.net.lobby_events import EventsState
from game.net.lobby_replays import ReplayShelf
from game.net.protocol import (
    EVENT_SERVER_TYPES,
    MAX_HOST_MESSAGE,
    PROTOCOL_VERSION,
    Message,
    ProtocolError,
    decode,
    encode,
    printable,
)
from game.net.remote_match import RemoteMatch

#: the table phrases a server knows (`game.net.server.lobby.PHRASES`; words: net.phrase.<id>)
PHRASES = ("good_game", "well_played", "your_turn", "one_moment", "good_luck")
#: the most rows kept of a `tables`, `my_tables` or `ranks` answer
MAX_ROWS = 200
#: phrases heard kept (the newest)
MAX_HEARD = 20
#: what a table's messages are (they go to the joined table's match)
TABLE_TYPES = ("welcome", "state", "history", "waiting", "match_over", "host_closing", "pong")
_ID_MAX = 40


#: the port a Taverna server listens on unless told otherwise
SERVER_PORT = 47474


def server_url(text: str) -> str:
    """What was typed as the websocket URL: "host" -> "ws://host:47474",
    "host:port" -> "ws://host:port", ws:// and wss:// URLs as they are.
    Raises ValueError for what is not an address."""
    text = text.strip()
    if not text or any(ch.isspace() for ch in text) or len(text) > 200:
        raise ValueError("not an address")
    if "://" in text:
        scheme = text.split("://", 1)[0].lower()
        if scheme not in ("ws", "wss"):
            raise ValueError(f"not a websocket address: {scheme}")
        url = text
    else:
        host, sep, port = text.rpartition(":")
        url = f"ws://{text}" if sep and port.isdigit() and host else f"ws://{text}:{SERVER_PORT}"
    try:
        parts = urlsplit(url)
        port_ok = parts.port is None or 0 < parts.port < 65536
    except ValueError:
        raise ValueError("not an address") from None
    if not parts.hostname or not port_ok:
        raise ValueError("not an address")
    return url


def is_local_host(host: str) -> bool:
    """This machine or the local network (loopback, private, link-local, a
    ".local" or dot-less name): never "on the internet"."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith((".local", ".lan", ".home.arpa")) or "." not in host:
        return ":" not in host or _ip_local(host)
    return _ip_local(host)


def _ip_local(host: str) -> bool:
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False  # a name with dots: a server on the internet
    return ip.is_private or ip.is_loopback or ip.is_link_local


def unencrypted_internet(url: str) -> bool:
    """A ws:// (unencrypted) address of a server on the internet: its codes and
    tokens travel in clear, and the player is told so."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme == "ws" and not is_local_host(parts.hostname or "")


class Wire(Protocol):
    """What the lobby needs of a connection."""

    def send(self, text: str) -> None:
        """Send one message."""

    def poll(self) -> list[str]:
        """Every message received since the last call."""


def _text(value: Any, limit: int = _ID_MAX) -> str:
    """A short printable string from the server ("" for anything else)."""
    return printable(value)[:limit] if isinstance(value, str) else ""


def _int(value: Any, low: int = 0, high: int = 10**9) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        return low
    return max(low, min(high, value))


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if abs(value) < 1e9 else None


@dataclass(frozen=True)
class TableRow:
    """One table as the lobby lists it (or as "your tables" names it)."""

    table: str
    game: str
    #: options not at their default, as short scalar values
    options: dict[str, Any] = field(default_factory=dict)
    seats: int = 0
    taken: int = 0
    names: tuple[str, ...] = ()
    #: each name's rating when the server tells it (None: not told)
    ratings: tuple[float | None, ...] = ()
    watchers: bool = False
    started: bool = False
    clock: str = "off"
    #: "your tables": open, playing, finished, expired, crashed
    status: str = ""
    #: "your tables": the seats this player holds there
    mine: tuple[int, ...] = ()
    #: "your tables": the join code of a table this player created (private ones)
    code: str = ""


def parse_table(raw: Any) -> TableRow | None:
    """A row of `tables` or `my_tables`, checked; None when it is not one."""
    if not isinstance(raw, dict):
        return None
    table, game = _text(raw.get("table")), _text(raw.get("game"))
    if not table or not game:
        return None
    options: dict[str, Any] = {}
    raw_options = raw.get("options")
    if isinstance(raw_options, dict):
        for k, v in list(raw_options.items())[:16]:
            if isinstance(k, str) and isinstance(v, (str, int, float, bool)):
                options[_text(k)] = _text(v) if isinstance(v, str) else v
    raw_names = raw.get("names")
    raw_names = raw_names if isinstance(raw_names, list) else []
    names: list[str] = []
    ratings: list[float | None] = []
    raw_ratings = raw.get("ratings")
    for i, item in enumerate(raw_names[:8]):
        rating = None
        if isinstance(item, dict):  # a server may send {"name", "rating"} pairs
            rating = _number(item.get("rating"))
            item = item.get("name")
        elif isinstance(raw_ratings, list) and i < len(raw_ratings):
            rating = _number(raw_ratings[i])
        names.append(clean_name(item) or "?")
        ratings.append(rating)
    seats_raw = raw.get("seats")
    # a live table counts its seats; a stored one of "your tables" lists ours
    seats = _int(seats_raw, 0, 8) if not isinstance(seats_raw, list) else 0
    mine_raw = raw.get("mine", seats_raw if isinstance(seats_raw, list) else [])
    mine = tuple(_int(s, 0, 7) for s in mine_raw[:8]) if isinstance(mine_raw, list) else ()
    return TableRow(
        table=table,
        game=game,
        options=options,
        seats=seats,
        taken=min(_int(raw.get("taken"), 0, 8), seats) if seats else _int(raw.get("taken"), 0, 8),
        names=tuple(names),
        ratings=tuple(ratings),
        watchers=raw.get("watchers") is True,
        started=raw.get("started") is True,
        clock=_text(raw.get("clock")) or "off",
        status=_text(raw.get("status")),
        mine=mine,
        code=_text(raw.get("code"), 16),
    )


@dataclass(frozen=True)
class RankRow:
    """One line of a game's leaderboard."""

    name: str
    rating: float
    games: int
    bot: bool


def parse_rank(raw: Any) -> RankRow | None:
    """A row of `ranks`, checked; None when it is not one."""
    if not isinstance(raw, dict):
        return None
    rating = _number(raw.get("rating"))
    if rating is None:
        return None
    return RankRow(
        clean_name(raw.get("name")) or "?", rating, _int(raw.get("games")), raw.get("bot") is True
    )


@dataclass(frozen=True)
class Heard:
    """A table phrase someone said: its id (words: net.phrase.<id>), seat and name."""

    id: str
    seat: int | None
    name: str


class ServerMatch(RemoteMatch):
    """A seat (or a watcher's place) at a server's table, over the lobby's connection."""

    def __init__(
        self,
        lobby: LobbyClient,
        *,
        table: str = "",
        code: str = "",
        watching: bool = False,
        game: str | None = None,
    ) -> None:
        super().__init__(_Through(lobby), name=lobby.name, code=code, game=game)
        self.lobby = lobby
        self.table = table
        self.watching = watching
        #: why the server sent us from the table ("" while at it)
        self.left = ""

    def join(self, token: str | None = None, seat: int | None = None) -> None:
        """Ask for a seat at our table (by its id, by its code, or with our token)."""
        if self.watching:
            self.lobby.send("watch", table=self.table, code=self.code)
            return
        self.lobby.send(
            "join",
            version=PROTOCOL_VERSION,
            code=self.code,
            name=self.lobby.name,
            game=self.game_name or None,
            token=token or self.token,
            seat=seat,
            table=self.table or None,
        )

    def handle(self, msg: Message) -> None:
        """As a joiner's match; a seat taken before the deal also names its player
        (the waiting room shows who joined)."""
        super().handle(msg)
        seat = msg.get("seat")
        if msg.type == "waiting" and isinstance(seat, int) and 0 <= seat < len(self.seats):
            name = clean_name(msg.get("name"))
            if name and msg.get("status") != "empty":
                self.seats[seat] = name
                self.seat_info[seat]["name"] = name

    def relink(self, link: Any) -> None:
        """After a reconnection (the lobby said hello again): back to our seat."""
        self._awaiting = False
        self.join(self.token)

    def watched(self, msg: Message) -> None:
        """The server's `watching`: the table as a watcher sees it (no seat)."""
        self.table = _text(msg.get("table")) or self.table
        self.game_name = _text(msg.get("game"))
        options = msg.get("options")
        self.options = options if isinstance(options, dict) else {}
        self._seats(msg.get("seats") or [])


class _Through:
    """The match's link: sends go out on the lobby's connection; receiving is
    the lobby's (it hands the table's messages to the match as they come)."""

    def __init__(self, lobby: LobbyClient) -> None:
        self.lobby = lobby

    def send(self, text: str) -> None:
        self.lobby.link.send(text)

    def poll(self) -> list[str]:
        self.lobby.pump()
        return []


class LobbyClient:
    """One connection to a server's lobby; see the module's docstring."""

    def __init__(self, link: Wire, url: str, name: str, *, remember: bool = True) -> None:
        self.link = link
        self.url = url
        self.name = clean_name(name)
        #: store identities and addresses in the data folder (tests of the protocol may not)
        self.remember = remember
        self.player = ""
        self.greeted = False
        #: asked afresh once after the server did not know our kept id
        self._fresh = False
        self.tables: list[TableRow] = []
        self.mine: list[TableRow] = []
        self.ranks: dict[str, list[RankRow]] = {}
        #: the last refusal: (code, translation key, detail)
        self.refusal: tuple[str, str, str] | None = None
        #: the last table created: (table id, its join code or "" for a public one)
        self.created: tuple[str, str] | None = None
        self.heard: list[Heard] = []
        #: the table joined or watched (its messages go there)
        self.match: ServerMatch | None = None
        #: bumped by every message handled (screens redraw what changed)
        self.version = 0
        #: when `tables` last came (counts `list` answers)
        self.listings = 0
        #: online events (issue 47): sent and kept by `game.net.lobby_events`
        self.events = EventsState(self.send)
        #: finished tables' replays asked for and kept until a screen takes them
        self.replays = ReplayShelf(self.send)

    # -- sending ------------------------------------------------------------------
    def send(self, kind: str, **fields: Any) -> None:
        """Send one lobby message (fields that are None are left out)."""
        self.link.send(encode(kind, **{k: v for k, v in fields.items() if v is not None}))

    def hello(self) -> None:
        """Say who we are: the kept identity for this server, or none for a new one."""
        ident = identities.identity_for(self.url) if self.remember else None
        if ident is not None:
            self.player = ident.player
            self.send(
                "hello",
                version=PROTOCOL_VERSION,
                name=self.name,
                player=ident.player,
                secret=ident.secret,
            )
        else:
            self.send("hello", version=PROTOCOL_VERSION, name=self.name)

    def ask_tables(self, game: str | None = None) -> None:
        """Ask for the open public tables (of one game)."""
        self.send("list", game=game)

    def create(
        self,
        game: str,
        seats: list[str],
        options: dict[str, Any],
        *,
        private: bool = False,
        watchers: bool = True,
        clock: str = "off",
    ) -> None:
        """Open a table: seats are "remote" or "bot:<level>"."""
        self.created = None
        self.send(
            "create",
            game=game,
            seats=seats,
            options=options,
            private=private,
            watchers=watchers,
            clock=clock,
        )

    def join(self, *, table: str = "", code: str = "", seat: int | None = None) -> ServerMatch:
        """Take a seat (a public table by id, a private one by code); the table's
        messages go to the returned match from now on."""
        self.match = ServerMatch(self, table=table, code=code)
        self.match.join(seat=seat)
        return self.match

    def watch(self, table: str, code: str = "") -> ServerMatch:
        """Watch a table (its public view only)."""
        self.match = ServerMatch(self, table=table, code=code, watching=True)
        self.match.join()
        return self.match

    def start(self, table: str) -> None:
        """Deal now, bots in the empty seats (the creator only)."""
        self.send("start", table=table)

    def ask_mine(self) -> None:
        """Ask for the tables we sit at (and those we opened)."""
        self.send("mine")

    def leaderboard(self, game: str) -> None:
        """Ask for a game's best ratings."""
        self.send("leaderboard", game=game)

    def ask_replay(self, table: str) -> None:
        """Ask for a finished table's replay (`take_replay` once it is in)."""
        self.replays.ask(table)

    def take_replay(self, table: str) -> dict[str, Any] | None:
        """A table's replay document, checked (once; None until it is in)."""
        return self.replays.take(table)

    def phrase(self, phrase: str) -> None:
        """Say a table phrase at our table."""
        if phrase in PHRASES:
            self.send("phrase", id=phrase)

    def leave(self) -> None:
        """Leave the table (back to the lobby on the same connection); nothing
        is sent when the server has let us go already (a table that ended:
        a second "leave" was refused as "join a table first")."""
        match, self.match = self.match, None
        if match is not None and not match.left:
            self.send("leave")

    def take_refusal(self) -> tuple[str, str, str] | None:
        """The last refusal, once."""
        out, self.refusal = self.refusal, None
        return out

    def take_heard(self) -> list[Heard]:
        """Phrases heard since the last call."""
        out, self.heard = self.heard, []
        return out

    @property
    def closed(self) -> bool:
        """The connection is gone."""
        return bool(getattr(self.link, "closed", False))

    def relink(self, link: Wire) -> None:
        """A fresh connection after a lost one: hello again, then back to our table."""
        self.link = link
        self.greeted = False
        self.hello()
        if self.match is not None:
            self.match.relink(link)

    # -- receiving ----------------------------------------------------------------
    def pump(self) -> int:
        """Read what the server sent; returns how many messages were handled."""
        texts = self.link.poll()
        for text in texts:
            try:
                msg = decode(text, limit=MAX_HOST_MESSAGE)
            except ProtocolError:
                continue  # broken or of a newer server: dropped, not obeyed
            self.version += 1
            self.handle(msg)
        return len(texts)

    def handle(self, msg: Message) -> None:
        """Take one server message."""
        kind = msg.type
        match = self.match
        if kind in TABLE_TYPES:
            if match is not None:
                match.handle(msg)
        elif kind == "greeted":
            self._greeted(msg)
        elif kind == "refused":
            self._refused(msg)
        elif kind == "tables":
            self.tables = self._rows(msg.get("tables"), parse_table)
            self.listings += 1
        elif kind == "my_tables":
            self.mine = self._rows(msg.get("tables"), parse_table)
        elif kind == "ranks":
            game = _text(msg.get("game"))
            if game:
                self.ranks[game] = self._rows(msg.get("rows"), parse_rank)
        elif kind == "created":
            self.created = (_text(msg.get("table")), _text(msg.get("code"), 16))
        elif kind == "watching":
            if match is not None and match.watching:
                match.watched(msg)
        elif kind == "said":
            self._said(msg)
        elif kind == "left":
            self._left(msg)
        elif kind in EVENT_SERVER_TYPES:
            self.events.handle(msg)
        elif kind == "replay":
            bad = self.replays.handle(msg)
            if bad:  # said in words as a refusal is
                self.refusal = ("bad_replay", "", bad)

    def _greeted(self, msg: Message) -> None:
        self.greeted = True
        self.player = _text(msg.get("player"), 64)
        self.name = clean_name(msg.get("name")) or self.name
        secret = msg.get("secret")
        if self.remember and isinstance(secret, str) and secret:
            identities.remember_identity(self.url, self.player, secret, self.name)
        elif self.remember:
            ident = identities.identity_for(self.url)
            if ident is not None and ident.name != self.name:
                identities.remember_identity(self.url, ident.player, ident.secret, self.name)

    def _refused(self, msg: Message) -> None:
        code = _text(msg.get("code"))
        refusal = (code, _text(msg.get("reason"), 60), _text(msg.get("detail"), 200))
        if code == "bad_player" and not self.greeted and not self._fresh:
            # the server forgot us (its data was reset): a new id, once
            self._fresh = True
            if self.remember:
                identities.forget_identity(self.url)
            self.send("hello", version=PROTOCOL_VERSION, name=self.name)
            return
        self.refusal = refusal
        if code in ("no_replay", "replay_busy"):
            self.replays.forget()
        if self.match is not None:
            self.match.handle(msg)

    def _left(self, msg: Message) -> None:
        match = self.match
        if match is not None and (not match.table or msg.get("table") == match.table):
            match.left = _text(msg.get("reason")) or "left"

    def _said(self, msg: Message) -> None:
        phrase = _text(msg.get("id"))
        if phrase not in PHRASES:
            return
        seat = msg.get("seat")
        seat = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
        self.heard = [*self.heard, Heard(phrase, seat, clean_name(msg.get("name")) or "?")][
            -MAX_HEARD:
        ]

    @staticmethod
    def _rows(raw: Any, parse: Any) -> list[Any]:
        if not isinstance(raw, list):
            return []
        rows = (parse(item) for item in raw[:MAX_ROWS])
        return [r for r in rows if r is not None]
