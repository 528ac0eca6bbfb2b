"""How a table reaches seats played on other machines.

A table drives every seat through the same few calls whether it is local or
not (`TableLink`): its own people's and bots' actions go out through `act`,
and whatever happened meanwhile comes back from `poll` as events, in order, for
the table to animate like any other. The host's table acts through the
`HostSession` (which owns the only match and tells each client only what its
seat may see); a joiner's table acts through its `RemoteMatch`.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from typing import Protocol

from game.core import Action, Event
from game.net import tickets
from game.net.protocol import encode
from game.net.remote_match import RemoteMatch
from game.net.session import HostSession
from game.net.transport import ClientConnection, HostServer
from scenes.i18n import has, tr
from scenes.tables.table_log import replay_events

#: seconds between two tries to win a lost connection back
RETRY_EVERY = 2.0
#: how long a joiner keeps trying before it gives up
RETRY_FOR = 60.0


class TableLink(Protocol):
    """What a table needs from the machines behind its other seats."""

    #: the table keeps its own saves (the host); a joiner has no match to save
    keeps_saves: bool

    def act(self, seat: int, action: Action) -> list[Event]:
        """Play a seat of this screen; its events come back through `poll`."""

    def poll(self) -> list[Event]:
        """What happened since the last call, oldest first."""

    @property
    def lost(self) -> bool:
        """The other side is gone for good (a joiner whose host closed)."""

    def lost_words(self) -> str:
        """Why the table is lost, in words (once `lost`)."""

    def history(self) -> list[Event]:
        """The events a table joined mid-match tells its log from."""

    def take_refusal(self) -> str:
        """A move of ours the host refused, in words ("" when none)."""

    def notes(self) -> list[str]:
        """Words for the status line (who is reconnecting)."""

    def frame(self) -> contextlib.AbstractContextManager[object]:
        """Held while the table updates and draws: nobody changes the match meanwhile."""

    def close(self) -> None:
        """The table is left: tell the others."""


class HostLink:
    """The host's table: the match lives in the session, which the server thread
    also feeds with the joiners' actions (each under the server's lock)."""

    keeps_saves = True

    def __init__(self, server: HostServer) -> None:
        self.server = server
        self.session = server.session

    lost = False

    def lost_words(self) -> str:
        return ""

    def act(self, seat: int, action: Action) -> list[Event]:
        # The move's events come back at once, with whatever the joiners did
        # before it, in order: the table shows them now, not a frame later,
        # when it would already have re-read a match that had moved on (and then
        # shown the move a second time: a call counted twice on the felt).
        def play(s: HostSession) -> list[Event]:
            s.act_local(seat, action)
            return s.take_feed()

        return self.server.call(play)

    def history(self) -> list[Event]:
        match = self.session.match
        return [] if match is None else replay_events(match)

    def take_refusal(self) -> str:
        return ""  # the host's own moves are checked by the match at once

    def poll(self) -> list[Event]:
        return self.server.call(lambda s: s.take_feed())

    def notes(self) -> list[str]:
        out = []
        for s in self.server.call(lambda s: s.seat_status()):
            if s.get("status") == "reconnecting":
                out.append(tr("online.table.reconnecting", name=s.get("name", "?")))
        return out

    def dropped_seats(self) -> list[int]:
        """Remote seats whose player has been gone longer than the grace time."""
        return self.server.call(
            lambda s: [
                i
                for i in range(len(s.seats))
                if s.seats[i].kind == "remote"
                and s.seats[i].status == "reconnecting"
                and s.grace_over(i)
            ]
        )

    def hand_to_bot(self, seat: int, bot_id: str) -> None:
        """Give a dropped seat to the host's bot (the player's token stops working)."""
        self.server.call(lambda s: s.hand_to_bot(seat, bot_id))

    @contextlib.contextmanager
    def frame(self) -> Iterator[object]:
        with self.server.lock:
            yield self

    def close(self) -> None:
        self.server.stop()


class ClientLink:
    """A joiner's table: the match is a `RemoteMatch` fed by the host."""

    keeps_saves = False

    def __init__(self, remote: RemoteMatch, url: str, *, code: str = "", name: str = "") -> None:
        self.remote = remote
        self.url = url
        #: the table's code and our name: the seat's newest token is kept under
        #: them (`game.net.tickets`), so a restarted app takes the seat back
        self.code, self.name = code, name
        self._kept = remote.token
        self.refused = ""
        self._retry: threading.Thread | None = None
        self._lost_at: float | None = None
        #: why the host closed our last connection ("too_slow"; "" when it just dropped)
        self.cut_reason = ""

    @property
    def connection(self) -> ClientConnection:
        """The live websocket (replaced when the link is won back)."""
        link = self.remote.link
        assert isinstance(link, ClientConnection)
        return link

    def act(self, seat: int, action: Action) -> list[Event]:
        return self.remote.apply(seat, action)

    def history(self) -> list[Event]:
        return list(self.remote.history)

    def take_refusal(self) -> str:
        words, self.refused = self.refused, ""
        return words

    def poll(self) -> list[Event]:
        self.remote.pump()
        self._keep_ticket()
        if self.remote.refusal is not None and self.remote.seat is not None:
            _code, key, _detail = self.remote.refusal
            self.refused = tr(key) if has(key) else tr("online.refused.internal")
            self.remote.refusal = None
        if self.connection.closed and not self.remote.is_over and not self.remote.host_closed:
            if self._lost_at is None:
                self.cut_reason = self.connection.close_reason
            if self.cut_reason != "replaced":
                # replaced: our seat was taken up with our token from another
                # window; winning it back would knock that one off in turn
                self._win_back()
        return self.remote.take_events()

    def _keep_ticket(self) -> None:
        """The host rotates our token at every reconnection: keep the newest;
        once the match is over there is no seat to come back to."""
        if not self.code:
            return
        token = self.remote.token
        if self.remote.is_over and self._kept is not None:
            self._kept = None
            tickets.forget(self.url, self.code)
        elif token and token != self._kept and not self.remote.is_over:
            self._kept = token
            tickets.remember(self.url, self.code, self.name, token)

    def _win_back(self) -> None:
        """Reconnect in the background and ask for our seat with its token."""
        if self._retry is not None and self._retry.is_alive():
            return
        if self._lost_at is None:
            self._lost_at = time.monotonic()

        def retry() -> None:
            while self._lost_at is not None and time.monotonic() - self._lost_at < RETRY_FOR:
                try:
                    fresh = ClientConnection(self.url)
                except OSError:
                    time.sleep(RETRY_EVERY)
                    continue
                self.remote.relink(fresh)
                self._lost_at = None
                return

        self._retry = threading.Thread(target=retry, name="reconnect", daemon=True)
        self._retry.start()

    @property
    def lost(self) -> bool:
        """The host is gone for good (closed the table, or never came back)."""
        if self.remote.host_closed or self.cut_reason == "replaced":
            return True
        return self._lost_at is not None and time.monotonic() - self._lost_at >= RETRY_FOR

    def lost_words(self) -> str:
        if self.cut_reason == "replaced":
            return tr("net.cut.replaced")
        return tr("online.table.host_gone")

    def notes(self) -> list[str]:
        out = []
        if self._lost_at is not None:
            key = f"net.cut.{self.cut_reason}"
            out.append(tr(key) if self.cut_reason and has(key) else tr("online.table.we_reconnect"))
        for i, s in enumerate(self.remote.seat_info):
            if i != self.remote.seat and s.get("status") == "reconnecting":
                out.append(tr("online.table.reconnecting", name=s.get("name", "?")))
        return out

    @contextlib.contextmanager
    def frame(self) -> Iterator[object]:
        yield self

    def close(self) -> None:
        self._lost_at = None
        with contextlib.suppress(Exception):
            self.remote.link.send(encode("leave"))
        with contextlib.suppress(Exception):
            self.connection.close()
