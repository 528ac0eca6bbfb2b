"""`taverna event create|start|join`: an online event from a terminal (issue 47).

Each command speaks to a server's lobby as its player on that server (the id
and secret kept by `game.net.identities`, the app's own store, so the app and
the command line are one player there; a first visit is issued a fresh pair). `create` prints `event: CODE`; `start` closes registration and starts
round 1; `join --autoplay --headless` registers, then goes to each table the
server names (`event_news`), lets the hint bot play the seat kept for it, and
prints `final: …` when the event ends. Exit status: 0 done, 1 the server was
lost or the time ran out, 2 refused (the reason is printed).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO, TypeVar

from game.bots import Bot
from game.core import Action
from game.names import clean_name
from game.net import identities
from game.net.bot_client import url_of
from game.net.protocol import (
    MAX_HOST_MESSAGE,
    PROTOCOL_VERSION,
    Message,
    ProtocolError,
    decode,
    encode,
    printable,
)
from game.net.transport import ClientConnection
from game.registry import OptionsError, get_info, make_bot
from game.rng import Rng


class Refused(Exception):
    """The server said no (code, detail)."""


T = TypeVar("T")


class LobbyLink:
    """One connection to a server's lobby, greeted as this machine's player there."""

    def __init__(self, server: str, name: str | None = None, *, timeout: float = 10.0) -> None:
        self.server = server
        self.url = url_of(server)
        self.link = ClientConnection(self.url)
        self.timeout = timeout
        self.backlog: list[Message] = []
        who = identities.identity_for(self.url)
        # no name given (an organizer's command): the one this player uses there
        name = name or (who.name if who else "") or identities.last_name() or "Organizer"
        hello: dict[str, Any] = {"version": PROTOCOL_VERSION, "name": name}
        if who is not None:
            hello["player"], hello["secret"] = who.player, who.secret
        self.send("hello", **hello)
        try:
            greeted = self.expect("greeted")
        except Refused as e:
            if e.args[0] != "bad_player" or who is None:
                raise
            # the server forgot us (its data was reset): a new id, once
            identities.forget_identity(self.url)
            self.send("hello", version=PROTOCOL_VERSION, name=name)
            greeted, who = self.expect("greeted"), None
        self.player = str(greeted.get("player"))
        self.name = clean_name(greeted.get("name")) or name
        secret = greeted.get("secret")
        if isinstance(secret, str) and secret:
            identities.remember_identity(self.url, self.player, secret, self.name)
        elif who is not None and who.name != self.name:
            identities.remember_identity(self.url, who.player, who.secret, self.name)

    def send(self, kind: str, **fields: Any) -> None:
        """One message to the server."""
        self.link.send(encode(kind, **fields))

    def messages(self, wait: float) -> list[Message]:
        """What arrived (waiting up to `wait` seconds for the first); broken ones dropped."""
        out, self.backlog = self.backlog, []
        for text in self.link.wait(wait) if not out else self.link.poll():
            try:
                out.append(decode(text, limit=MAX_HOST_MESSAGE))
            except ProtocolError:
                continue
        return out

    def expect(self, kind: str) -> Message:
        """The next `kind` message (others wait in the backlog); a refusal raises."""
        end = time.monotonic() + self.timeout
        kept: list[Message] = []
        try:
            while time.monotonic() < end:
                if self.link.closed and not self.backlog:
                    raise OSError("the server closed the connection")
                for msg in self.messages(0.2):
                    if msg.type == kind:
                        return msg
                    if msg.type == "refused":
                        raise Refused(str(msg.get("code")), str(msg.get("detail", "")))
                    kept.append(msg)
            raise OSError(f"no answer from the server ({kind})")
        finally:
            self.backlog = kept + self.backlog

    def close(self) -> None:
        """Leave the server."""
        self.link.close()


def with_lobby(
    server: str, name: str | None, ask: Callable[[LobbyLink], T]
) -> tuple[int, T | None]:
    """Greet `server`, run `ask` on the link and close it: (0, its answer), or
    the exit status with the reason printed (2 refused, 1 unreachable or lost)."""
    try:
        lobby = LobbyLink(server, name)
    except Refused as e:
        return _say_refused(e), None
    except (OSError, ValueError) as e:
        print(f"taverna: cannot reach {server}: {e}", file=sys.stderr)
        return 1, None
    try:
        return 0, ask(lobby)
    except Refused as e:
        return _say_refused(e), None
    except OSError as e:
        print(f"taverna: {e}", file=sys.stderr)
        return 1, None
    finally:
        lobby.close()


def _say_refused(e: Refused) -> int:
    code, detail = e.args
    said = printable(f"{code} {detail}".strip())  # a server's words reach a terminal
    print(f"taverna: the server refused: {said}", file=sys.stderr)
    return 2


def run_event_create(server: str, game: str, out: TextIO = sys.stdout, **fields: Any) -> int:
    """Create an event; prints `event: CODE`."""

    def ask(lobby: LobbyLink) -> Any:
        lobby.send("event_create", game=game, **{k: v for k, v in fields.items() if v is not None})
        return lobby.expect("event_created").get("event")

    status, code = with_lobby(server, None, ask)
    if status:
        return status
    print(f"event: {code}", file=out, flush=True)
    return 0


def run_event_start(server: str, code: str, out: TextIO = sys.stdout) -> int:
    """Close registration and start round 1 (the organizer's own id)."""

    def ask(lobby: LobbyLink) -> Any:
        lobby.send("event_start", event=code)
        return lobby.expect("event").get("event")

    status, view = with_lobby(server, None, ask)
    if status or view is None:
        return status or 1  # (an answer without the event: the server made no sense)
    print(f"started: round {view.get('round')}, {view.get('entrants')} entrants", file=out)
    return 0


def final_line(rows: list[dict[str, Any]]) -> str:
    """The final standings in one line: `1 Ana (15), 2 Bia (10), …`."""
    parts = []
    for r in rows:
        points = f" ({r.get('points')})" if r.get("points") is not None else ""
        parts.append(f"{r.get('place')} {printable(str(r.get('name')))}{points}")
    return ", ".join(parts)


class _Seat:
    """The table this entrant plays now, as the server tells it."""

    def __init__(self, table: str) -> None:
        self.table = table
        self.seat: int | None = None
        self.seq = 0
        self.over = False


def run_event_join(
    server: str,
    code: str,
    *,
    name: str,
    bot_id: str = "easy",
    timeout: float = 0.0,
    out: TextIO = sys.stdout,
) -> int:
    """Register for an event and play every round's table with the hint bot."""
    name = clean_name(name)
    if not name:
        print("taverna: a name needs at least one visible character", file=sys.stderr)
        return 2
    status, played = with_lobby(
        server, name, lambda lobby: _play_event(lobby, code, bot_id, timeout, out)
    )
    return status or (played or 0)


def _play_event(lobby: LobbyLink, code: str, bot_id: str, timeout: float, out: TextIO) -> int:
    lobby.send("event_join", event=code)
    try:
        view = dict(lobby.expect("event").get("event"))
    except Refused as e:
        if e.args[0] != "already_registered":  # registered before: carry on
            raise
        lobby.send("event_view", event=code)
        view = dict(lobby.expect("event").get("event"))
    print(
        f"registered: {printable(str(view.get('name')))} ({view.get('entrants')} entrants)",
        file=out,
    )
    game = str(view.get("game"))
    bot = _bot(game, bot_id)
    rng = Rng(f"event/{code}/{lobby.player}")
    here: _Seat | None = None
    current = _current_table(view)
    if current is not None:  # already running: to the table kept for us
        here = _go(lobby, None, current)
    end = time.monotonic() + timeout if timeout > 0 else None
    while end is None or time.monotonic() < end:
        if lobby.link.closed:
            raise OSError("the server closed the connection")
        for msg in lobby.messages(0.5):
            if msg.type == "event_news":
                data = msg.get("data")
                if msg.get("news") == "table":
                    here = _go(lobby, here, str(data.get("server_table")))
                elif msg.get("news") == "finished":
                    print(f"final: {final_line(list(data.get('final')))}", file=out, flush=True)
                    return 0
            elif here is not None:
                _at_table(lobby, here, msg, bot, rng)
    print("taverna: the event did not end in time", file=sys.stderr)
    return 1


def _bot(game: str, bot_id: str) -> Bot:
    ids = get_info(game).bot_ids
    level = bot_id if bot_id in ids or bot_id == "random" or not ids else ids[0]
    try:
        return make_bot(game, level)
    except OptionsError:
        return make_bot(game, "random")


def _current_table(view: dict[str, Any]) -> str | None:
    """Our table of the current round, if it is still to be played."""
    rounds = view.get("rounds") or []
    me = view.get("me")
    if not rounds or me is None:
        return None
    for t in rounds[-1]["tables"]:
        if me in [s["number"] for s in t["seats"]] and not t["bye"] and t["result"] is None:
            return str(t["server_table"])
    return None


def _go(lobby: LobbyLink, here: _Seat | None, table: str) -> _Seat:
    """Leave the table we were at (its match is over) and sit at `table`."""
    if here is not None:
        lobby.send("leave")
    lobby.send("join", version=PROTOCOL_VERSION, code="", name="", table=table)
    return _Seat(table)


def _at_table(lobby: LobbyLink, here: _Seat, msg: Message, bot: Bot, rng: Rng) -> None:
    """A message of our table: the seat we got, a state to answer."""
    if msg.type == "welcome":
        here.seat = int(msg.get("seat"))
    elif msg.type == "state" and here.seat is not None and not here.over:
        if msg.get("is_over"):
            here.over = True
            return
        legal = [Action.parse(a) for a in msg.get("legal")]
        if here.seat in msg.get("to_move") and legal:
            action = bot.choose(msg.get("view"), legal, rng)
            here.seq += 1
            lobby.send("act", seq=here.seq, action=action.to_dict())
    elif msg.type == "refused":
        print(f"taverna: refused at the table: {printable(str(msg.get('code')))}", file=sys.stderr)
