"""Saying who we are when a joiner finds a server of many tables.

`taverna join ADDRESS --code C` speaks first as to a single host (`join`,
exactly as it always did). A server of many tables answers that with the
refusal `hello_first`; `Greeter` then says `hello` with the player id and
secret this machine keeps for that server (`game.net.identities`, the app's
own store, so one person is one player there), waits for `greeted`, keeps a
freshly issued pair, and asks for the seat again. With `--table ID` (only a
server has table ids) it says hello at once; a single host refuses a hello as
`unknown_type`, and the joiner then simply joins.

Whatever the other end sends is checked here only for what decides the
greeting; everything else goes on to `RemoteMatch` as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.net import identities
from game.net.protocol import MAX_HOST_MESSAGE, PROTOCOL_VERSION, ProtocolError, decode, encode


class Sender(Protocol):
    """A connection we can say something on."""

    def send(self, text: str) -> None:
        """Send one message."""


class Greeter:
    """The greeting half of a joiner: unknown, then a single host or a server."""

    def __init__(self, url: str, name: str) -> None:
        self.url = url
        self.name = name
        #: "unknown" (a bare join went out), "greeting" (a hello did),
        #: "server" (greeted) or "host" (a single host)
        self.state = "unknown"
        #: said hello without an id once after the server forgot ours
        self._fresh = False
        #: what to do once greeted (ask for the seat, on this connection)
        self._then: Callable[[], None] | None = None

    @property
    def server(self) -> bool:
        """The other end is a server of many tables (we said hello there)."""
        return self.state in ("server", "greeting")

    def hello(self, link: Sender, then: Callable[[], None]) -> None:
        """Say who we are on `link`; `then()` runs when the server greets us
        (or at once if the other end turns out to be a single host)."""
        self.state, self._then = "greeting", then
        ident = identities.identity_for(self.url)
        if ident is not None and not self._fresh:
            link.send(
                encode(
                    "hello",
                    version=PROTOCOL_VERSION,
                    name=self.name,
                    player=ident.player,
                    secret=ident.secret,
                )
            )
        else:
            link.send(encode("hello", version=PROTOCOL_VERSION, name=self.name))

    def take(self, text: str, link: Sender, join: Callable[[], None]) -> bool:
        """Look at one message from the other end; True when it was part of the
        greeting (and so is not the table's business)."""
        try:
            msg = decode(text, limit=MAX_HOST_MESSAGE)
        except ProtocolError:
            return False
        code = msg.get("code") if msg.type == "refused" else None
        if self.state == "unknown" and code == "hello_first":
            self.hello(link, join)
            return True
        if self.state != "greeting":
            return False
        then = self._then or join
        if msg.type == "greeted":
            self.state = "server"
            self._remember(msg.get("player"), msg.get("secret"))
            then()
            return True
        if code == "unknown_type":  # a single host does not know hello: just join
            self.state = "host"
            then()
            return True
        if code == "bad_player" and not self._fresh:
            # the server forgot us (its data was reset): a new id, once
            self._fresh = True
            identities.forget_identity(self.url)
            self.hello(link, then)
            return True
        return False

    def _remember(self, player: object, secret: object) -> None:
        if not isinstance(player, str):
            return
        if isinstance(secret, str) and secret:
            identities.remember_identity(self.url, player, secret, self.name)
            return
        kept = identities.identity_for(self.url)
        if kept is not None and kept.player == player and kept.name != self.name:
            identities.remember_identity(self.url, player, kept.secret, self.name)
