"""A server's connection kept while the player is away from its lobby (issue 47).

An entrant of an online event who leaves the server's lobby (to the main menu,
a local match, the rules) must still hear "Round 2: table 3" wherever he is.
So leaving the lobby while entered in (or organizing) an event that is not
over does not close the connection: `keep` hands it to a `Standby`, which the
app reads every frame (`AppHost.standby`) and which shows each news as the
lobby would (`event_notice.tell`, handed over by the lobby). "Play online"
(or a notice's "Go to my table") takes the same connection back (`adopt`):
one connection, one identity. The standby ends by itself once no event of ours is live, when the
server goes away (said once), or when the player connects elsewhere.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.net.lobby_client import LobbyClient
from game.net.lobby_events import News
from scenes import style
from scenes.i18n import tr
from scenes.online.event_words import event_title
from scenes.online.served import close_quietly

if TYPE_CHECKING:
    from scenes.manager import AppHost

#: seconds between two asks for our events (to learn that the last one ended)
ASK_EVERY = 30.0
#: news after which the event may be over for us (the list is asked at once)
ENDING = ("finished", "removed", "dropped")


def live_events(lobby: LobbyClient) -> list[str]:
    """Names of the events we are entered in or organize that are not over."""
    return [event_title(row) for row in lobby.events.live().values()]


class Standby:
    """The kept connection; see the module docstring."""

    def __init__(
        self, app: AppHost, lobby: LobbyClient, address: str, tell: Callable[[News], None]
    ) -> None:
        self.app = app
        self.lobby = lobby
        self.address = address
        self.tell = tell
        self._asked = time.monotonic()
        self._ending = False
        lobby.events.on_news = self._news

    def _news(self, news: News) -> None:
        self.tell(news)
        if news.kind in ENDING:  # perhaps our last event: ask at once
            self._ending = True
            self.lobby.events.ask()

    def pump(self) -> bool:
        """Read the connection; False once it is no longer kept (the app drops it)."""
        lobby = self.lobby
        if lobby.closed:
            self.app.notify(tr("online.standby.lost", address=self.address), "warn")
            return False
        lobby.pump()
        lobby.take_refusal()  # nothing here asked for anything that may be refused
        if lobby.events.answered_since(self._asked) and not lobby.events.live():
            close_quietly(lobby.link)  # no event of ours is live any more
            return False
        if time.monotonic() - self._asked >= ASK_EVERY or self._ending:
            self._asked, self._ending = time.monotonic(), False
            lobby.events.ask()
        return True

    def words(self, width: int, size: int) -> str:
        """One line for the main menu: connected, and for which event (its
        name shortened first when the line would not fit `width`)."""
        names = live_events(self.lobby)
        bare = style.text_width(tr("online.standby.menu_line", event=""), size)
        event = style.ellipsize(names[0], size, max(40, width - bare)) if names else ""
        return style.ellipsize(tr("online.standby.menu_line", event=event), size, width)

    def close(self) -> None:
        """Close the connection (the app quits, or the player connects elsewhere)."""
        self.lobby.events.on_news = None
        close_quietly(self.lobby.link)


def keep(app: AppHost, lobby: LobbyClient, address: str, tell: Callable[[News], None]) -> bool:
    """Keep the lobby's connection if an event of ours is live (True), telling
    the player so; else close it (False). `tell` shows a news (the round notice)."""
    names = live_events(lobby)
    if not names or lobby.closed:
        close_quietly(lobby.link)
        return False
    drop(app)
    app.standby = Standby(app, lobby, address, tell)
    app.notify(tr("online.standby.kept", event=names[0]), "info")
    return True


def kept(app: AppHost) -> Standby | None:
    """The kept connection, if any."""
    standby = app.standby
    return standby if isinstance(standby, Standby) else None


def adopt(app: AppHost, url: str | None = None) -> tuple[LobbyClient, str] | None:
    """Take the kept connection back (of that server's URL when given), with
    its address; None when there is none (or it is another server's)."""
    standby = kept(app)
    if standby is None or standby.lobby.closed or (url is not None and standby.lobby.url != url):
        return None
    app.standby = None
    return standby.lobby, standby.address


def drop(app: AppHost) -> None:
    """Close a kept connection (the player connects to another server)."""
    standby = app.standby
    app.standby = None
    if standby is not None:
        standby.close()
