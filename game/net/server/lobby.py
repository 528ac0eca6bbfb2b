"""The lobby's messages: who you are, which tables there are, and taking a place.

`Lobby` is the half of `game.net.server.hub.Hub` that answers a connection not
(yet) at a table: `hello`, `list`, `create`, `join`, `watch`, `phrase`,
`start`, `mine`, `leaderboard`, `replay`, `leave`. The hub supplies the
sending, the tables, the store and the events (the abstract methods below).

`list` and `mine` give each seated person's and bot's rating at that game
beside the names (`ratings`, the display number `Rating.shown` rounded; None
for one not rated yet). `replay` hands a finished table's stored replay to a
player id that sat there, and, for an event's table, to the event's organizer
and entrants too (`event_replay_allowed`, the events' own answer); to nobody
else (`net.refused.no_replay` alike for no such table, not finished, not yours).

Code guesses are also capped server-wide (`GUESS_RATE`): an address that has
failed before gets its next code checked only while the server's guess bucket
has room, else `net.refused.guess_busy` without the code being looked at, so
many addresses together get at most about `GUESS_RATE` checks a second.

A join or a watch by join code waits for its address's slot like a join at a
single table (`Doorman.check_at`): a wrong code and a right one wait alike, so
the wait tells a guesser nothing. A public table is joined by its id (the hub
gives its session the code); a seat's token, or the player id that holds the
seat, takes a seat back.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.names import clean_name
from game.net.guard import Bucket, Doorman, address_key
from game.net.protocol import PROTOCOL_VERSION, Message, encode
from game.net.replay_wire import replay_messages
from game.net.seating import SERVER_CODE_LENGTH, SessionError, new_code, same_secret, shown_code
from game.net.server.ratings import Rating, bot_rating_id
from game.net.server.store import Store
from game.net.server.table import CLOCKS, ServerTable
from game.net.session import HostSession
from game.registry import OptionsError, get_info, make_bot

#: the table phrases (shown in each player's language: `net.phrase.<id>`)
PHRASES = ("good_game", "well_played", "your_turn", "one_moment", "good_luck")
#: open tables one player, and one address, may have created
TABLES_PER_PLAYER = 3
TABLES_PER_ADDRESS = 6
#: tables a `list` answer names at most
LIST_MAX = 100
#: code guesses checked a second, server-wide, from addresses that failed
#: before (and the burst): with 1,000 private tables of 12-letter codes,
#: 20**12 / 2 / 1000 / 10 s is some 6,500 years to hit one
GUESS_RATE = 10.0
GUESS_BURST = 20.0
#: seconds between two replays fetched by one connection (a War replay can be a
#: megabyte, and a connection's outbox holds four)
REPLAY_EVERY = 2.0


@dataclass
class Link:
    """One connection as the server sees it."""

    id: int
    address: str
    opened_at: float
    bucket: Bucket
    phrases: Bucket
    player: str | None = None
    name: str = ""
    #: the table it plays at or watches, and its id in that table's session
    table: str | None = None
    local: int | None = None
    watching: bool = False
    #: a join or watch by code waiting for its address's slot (`Doorman.check_at`)
    pending: tuple[Message, float] | None = None
    #: when it last fetched a replay (one every `REPLAY_EVERY` seconds)
    replay_at: float = float("-inf")


class Lobby(ABC):
    """The lobby's answers; the hub supplies the rest."""

    store: Store
    clock: Callable[[], float]
    doorman: Doorman
    max_tables: int
    grace: float
    fallback_bot: str
    tables: dict[str, ServerTable]
    links: dict[int, Link]
    #: the server-wide guess bucket (may run into debt: every failure spends)
    guesses: Bucket
    #: (game, rating id) -> the shown rating (None: not rated); cleared as ratings move
    shown_ratings: dict[tuple[str, str], int | None]

    @abstractmethod
    def _send(self, cid: int, text: str) -> None: ...

    @abstractmethod
    def _refuse(self, link: Link, code: str, detail: str = "") -> None: ...

    @abstractmethod
    def _in_table(self, t: ServerTable, fn: Callable[[HostSession], Any]) -> None: ...

    @abstractmethod
    def _detach(self, link: Link, reason: str) -> None: ...

    @abstractmethod
    def note(self, t: ServerTable, what: str) -> None: ...

    @abstractmethod
    def _drop(self, t: ServerTable, reason: str) -> None: ...

    @abstractmethod
    def live(self) -> list[ServerTable]: ...

    @abstractmethod
    def by_code(self, code: str) -> ServerTable | None: ...

    @abstractmethod
    def event_replay_allowed(self, table: str, player: str) -> bool:
        """May this player id see this finished event table's replay (an entrant
        of its event, or its organizer)?"""

    def dispatch(self, link: Link, msg: Message) -> None:
        """Answer one lobby message."""
        kind = msg.type
        if kind == "ping":
            self._send(link.id, encode("pong", n=msg.get("n", 0)))
        elif kind == "hello":
            self._hello(link, msg)
        elif link.player is None:
            self._refuse(link, "hello_first")
        elif kind == "leave":
            if link.table is not None:
                t = self.tables.get(link.table)
                self._detach(link, "leave")
                if t is not None and t.creator == link.player and not t.event:
                    self._close_undealt(t)
            else:
                self._refuse(link, "not_joined")
        elif kind in ("join", "watch"):
            self._ask(link, msg)
        elif kind in _HANDLERS:
            _HANDLERS[kind](self, link, msg)
        else:  # a server message, or `act` outside a table
            self._refuse(link, "not_joined" if kind == "act" else "unknown_type", kind)

    # -- who you are --------------------------------------------------------------

    def _hello(self, link: Link, msg: Message) -> None:
        if link.player is not None:
            self._refuse(link, "already_greeted")
            return
        name = clean_name(msg.get("name"))
        if not name:
            self._refuse(link, "bad_name")
            return
        pid, secret = msg.get("player"), msg.get("secret")
        issued: str | None = None
        if pid or secret:
            if not (pid and secret and self.store.check_player(pid, secret)):
                self.doorman.failed(link.address)
                self._refuse(link, "bad_player")
                return
            self.store.rename(pid, name)
        else:
            pid, issued = self.store.new_player(name)
        link.player, link.name = pid, name
        self._send(
            link.id,
            encode("greeted", version=PROTOCOL_VERSION, player=pid, secret=issued, name=name),
        )

    # -- tables -----------------------------------------------------------------

    def _list(self, link: Link, msg: Message) -> None:
        game = msg.get("game")
        rows = [
            {**t.summary(), "ratings": self._ratings_at(t)}
            for t in self.live()
            if t.public and (game is None or t.session.game == game)
        ][:LIST_MAX]
        self._send(link.id, encode("tables", tables=rows))

    def _shown(self, game: str, rid: str) -> int | None:
        """A rating id's display number at `game` (cached until ratings move)."""
        key = (game, rid)
        if key not in self.shown_ratings:
            if len(self.shown_ratings) > 65536:
                self.shown_ratings.clear()
            found: Rating | None = self.store.ratings(game, [rid]).get(rid)
            self.shown_ratings[key] = round(found.shown) if found is not None else None
        return self.shown_ratings[key]

    def _ratings_at(self, t: ServerTable) -> list[int | None]:
        """The ratings beside `summary()["names"]`: each taken seat's person or bot."""
        game = t.session.game
        out: list[int | None] = []
        for i, s in enumerate(t.session.seats):
            if s.status == "empty":
                continue
            pid = t.players[i] if i < len(t.players) else None
            if s.kind == "bot":
                out.append(self._shown(game, bot_rating_id(game, s.bot_id or "?")))
            else:
                out.append(self._shown(game, pid) if pid else None)
        return out

    def _create(self, link: Link, msg: Message) -> None:
        live = self.live()
        if len(live) >= self.max_tables:
            self._refuse(link, "server_full")
            return
        key = address_key(link.address)
        mine = [t for t in live if t.creator == link.player]
        here = [t for t in live if t.address == key]
        if len(mine) >= TABLES_PER_PLAYER or len(here) >= TABLES_PER_ADDRESS:
            self._refuse(link, "too_many_tables")
            return
        game = str(msg.get("game"))
        try:
            get_info(game)
        except KeyError:
            self._refuse(link, "bad_game", game)
            return
        kinds: list[tuple[str, str | None]] = []
        for spec in msg.get("seats"):
            head, _, level = str(spec).partition(":")
            if head == "remote" and not level:
                kinds.append(("remote", None))
                continue
            try:
                if head != "bot" or not level:
                    raise OptionsError("core.options.bad_bot", spec)
                make_bot(game, level)
            except OptionsError:
                self._refuse(link, "bad_seats", str(spec))
                return
            kinds.append(("bot", level))
        clock = msg.get("clock", "off")
        if clock not in CLOCKS:
            self._refuse(link, "bad_options", "clock")
            return
        try:
            session = HostSession(
                game,
                kinds,
                options=msg.get("options", {}),
                code=new_code(length=SERVER_CODE_LENGTH),
                clock=self.clock,
                grace=self.grace,
                keep_feed=True,
                doorman=self.doorman,
            )
        except SessionError as e:
            self._refuse(link, "bad_seats", str(e))
            return
        except (OptionsError, ValueError, TypeError) as e:
            self._refuse(link, "bad_options", str(e))
            return
        assert link.player is not None
        t = ServerTable(
            session.table_id,
            session,
            link.player,
            key,
            public=not msg.get("private", False),
            watchers_allowed=bool(msg.get("watchers", True)),
            clock=clock,
            players=[None] * len(kinds),
            active_at=self.clock(),
        )
        self.store.add_table(t.row())
        self.tables[t.id] = t
        code = None if t.public else shown_code(session.code)
        self._send(link.id, encode("created", table=t.id, code=code))
        self.note(t, f"created by {link.player} ({'public' if t.public else 'private'})")
        if not session.open_remote_seats():  # bots only: nobody to wait for
            self._in_table(t, HostSession.start)

    def _ask(self, link: Link, msg: Message) -> None:
        """A join or a watch: by table id at once, by code in its address's slot."""
        if link.table is not None or link.pending is not None:
            self._refuse(link, "already_joined")
            return
        t = self.tables.get(msg.get("table") or "")
        token = msg.get("token")
        by_id = t is not None and (t.public or token or t.event or self._holds(t, link) is not None)
        if by_id or (msg.get("table") and t is None):
            self.due(link, msg)
            return
        at = self.doorman.check_at(link.address)
        if at > self.clock():
            link.pending = (msg, at)
            return
        self.due(link, msg)

    def due(self, link: Link, msg: Message) -> None:
        """A join or watch whose slot has come."""
        if link.id not in self.links:
            return  # gone while it waited
        token = msg.get("token")
        t = self.tables.get(msg.get("table") or "")
        code = str(msg.get("code") or "")
        by_id = t is not None and (t.public or token or t.event or self._holds(t, link) is not None)
        if not by_id and (t is not None or not msg.get("table")) and not self.guess_allowed(link):
            self._refuse(link, "guess_busy")  # the code is not looked at
            return
        if by_id:
            pass  # the id is enough: the session checks the token
        elif t is not None:
            if not same_secret(code, t.session.code):
                t = None
        elif not msg.get("table"):
            t = self.by_code(code)
        else:
            self._refuse(link, "no_table")
            return
        if t is None or t.ended:
            self.doorman.failed(link.address)
            self.guess_failed()
            self._refuse(link, "wrong_code")
            return
        self.doorman.passed(link.address)
        if msg.type == "watch":
            self._watch(link, t)
        else:
            self._join(link, t, msg)

    def _holds(self, t: ServerTable, link: Link) -> int | None:
        """The seat this link's player holds at `t` (a player id keeps its seats)."""
        if link.player is None or not t.session.started:
            return None
        for seat, pid in enumerate(t.players):
            if pid == link.player and t.session.seats[seat].kind == "remote":
                return seat
        return None

    def _join(self, link: Link, t: ServerTable, msg: Message) -> None:
        token = msg.get("token")
        seat = msg.get("seat")
        if t.reserved is not None:
            # an event's table: each seat is its entrant's; the id proves it
            kept = [i for i, p in enumerate(t.reserved) if p is not None and p == link.player]
            if not kept:
                self._refuse(link, "not_your_table")
                return
            seat = kept[0]
        held = self._holds(t, link)
        if not token and held is not None:
            # the player's id proves the seat as a token would: a fresh one for it
            token = t.session.seats[held].new_token()
        code = t.session.code
        join = encode(
            "join",
            version=PROTOCOL_VERSION,
            code=code,
            name=link.name,
            token=token,
            seat=seat,
        )

        def go(session: HostSession) -> None:
            local = session.connect(link.address)
            t.links[local] = link.id
            link.table, link.local = t.id, local
            session.receive(local, join)

        t.active_at = self.clock()
        self._in_table(t, go)

    def _watch(self, link: Link, t: ServerTable) -> None:
        if not t.watchers_allowed:
            self._refuse(link, "no_watchers")
            return
        link.table, link.watching = t.id, True
        t.watchers[link.id] = 0
        session = t.session
        self._send(
            link.id,
            encode(
                "watching",
                table=t.id,
                game=session.game,
                options=session.options,
                seats=[s.public() for s in session.seats],
            ),
        )
        if session.match is not None:
            if t.recent:  # mid-match: what came before, so the table's log is not blank
                self._send(link.id, encode("history", events=t.recent_events(), done=True))
            self._send(link.id, t.watcher_state(link.id, []))

    def _phrase(self, link: Link, msg: Message) -> None:
        t = self.tables.get(link.table or "")
        phrase = msg.get("id")
        if phrase not in PHRASES:
            self._refuse(link, "bad_phrase", str(phrase))
            return
        conn = t.session.conns.get(link.local) if t and link.local is not None else None
        if t is None or conn is None or conn.seat is None:
            self._refuse(link, "not_joined")
            return
        if not link.phrases.take(self.clock()):
            self._refuse(link, "phrase_flood")
            return
        text = encode("said", id=phrase, seat=conn.seat, name=t.session.seats[conn.seat].name)
        for hcid in [*t.links.values(), *t.watchers]:
            self._send(hcid, text)

    def _start(self, link: Link, msg: Message) -> None:
        t = self.tables.get(msg.get("table"))
        if t is None or t.ended:
            self._refuse(link, "no_table")
            return
        if t.creator != link.player or t.event:  # an event's tables wait out the grace time
            self._refuse(link, "not_creator")
            return
        if t.session.started:
            self._refuse(link, "already_started")
            return
        level = self.fallback_bot

        def fill(session: HostSession) -> None:
            for seat in session.open_remote_seats():
                session.hand_to_bot(seat, level)

        self._in_table(t, fill)

    def _mine(self, link: Link, _msg: Message) -> None:
        assert link.player is not None
        rows: list[dict[str, Any]] = []
        live_ids = set()
        for t in self.live():
            seats = [i for i, p in enumerate(t.players) if p == link.player]
            if seats or t.creator == link.player:
                live_ids.add(t.id)
                code = shown_code(t.session.code) if t.creator == link.player else None
                rows.append(
                    {
                        **t.summary(),
                        "status": t.status(),
                        "mine": seats,
                        "code": code,
                        "ratings": self._ratings_at(t),
                    }
                )
        for row in self.store.tables_of(link.player):
            if row["table"] not in live_ids:
                rows.append(row)
        for row in rows:  # the player's own rating at each table's game
            row["rating"] = self._shown(str(row["game"]), link.player)
        self._send(link.id, encode("my_tables", tables=rows))

    def _leaderboard(self, link: Link, msg: Message) -> None:
        game = str(msg.get("game"))
        try:
            get_info(game)
        except KeyError:
            self._refuse(link, "bad_game", game)
            return
        self._send(link.id, encode("ranks", game=game, rows=self.store.leaderboard(game)))

    def _replay(self, link: Link, msg: Message) -> None:
        if any(msg.get(k) is not None for k in ("doc", "chunk", "part", "parts")):
            self._refuse(link, "bad_shape", "replay asks with its table alone")
            return
        assert link.player is not None
        now = self.clock()
        if now - link.replay_at < REPLAY_EVERY:
            self._refuse(link, "replay_busy")
            return
        link.replay_at = now
        table = str(msg.get("table"))
        doc = self.store.replay_for(table, link.player)
        if doc is None and self.event_replay_allowed(table, link.player):
            found = self.store.replay(table)  # the entrants study each other's matches
            doc = found if isinstance(found, dict) else None
        if doc is None:
            self._refuse(link, "no_replay", table)
            return
        for text in replay_messages(table, doc):
            self._send(link.id, text)

    def _close_undealt(self, t: ServerTable) -> None:
        """Its creator left a table not yet dealt: nobody else may start it, so
        it closes at once (it waited out the idle time, listed, before); those
        waiting there are told. A dropped connection does not close it."""
        if t.ended or t.session.started:
            return
        t.ended = "closed"
        self.store.end_table(t.id, "closed", None)
        self.note(t, "closed by its creator")
        self._drop(t, "closed")

    def guess_allowed(self, link: Link) -> bool:
        """May this code guess be checked now? An address that failed before
        waits for room in the server-wide bucket; one in good standing never."""
        rec = self.doorman.addresses.get(address_key(link.address))
        if rec is None or rec.failures <= 1:  # this attempt is counted already
            return True
        b, now = self.guesses, self.clock()
        b.tokens = min(b.burst, b.tokens + (now - b.stamp) * b.rate)
        b.stamp = now
        return b.tokens >= 1.0

    def guess_failed(self) -> None:
        """A code guess was wrong: it spends from the server-wide bucket."""
        self.guesses.tokens = max(-self.guesses.burst, self.guesses.tokens - 1.0)


_HANDLERS: dict[str, Callable[[Lobby, Link, Message], None]] = {
    "list": Lobby._list,
    "create": Lobby._create,
    "phrase": Lobby._phrase,
    "start": Lobby._start,
    "mine": Lobby._mine,
    "leaderboard": Lobby._leaderboard,
    "replay": Lobby._replay,
}
