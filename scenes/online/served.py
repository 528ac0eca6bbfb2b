"""A table reached through a Taverna server: the link, the phrases, the watcher.

The game's own table opens on a `ServerMatch` as it does for a table joined
directly (`scenes.online.join`); only the link differs (`ServerLink`: the
lobby's connection, a hello again after a reconnection) and a small
"Phrases" button is added at the top (`PhrasesControl`, mixed over the
game's table class here, so the four tables are not forked). A watcher's table
is the same table with no seat of its own: the public view, no controls.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.core import Action, Event
from game.net.lobby_client import PHRASES, LobbyClient, ServerMatch
from game.net.transport import ClientConnection
from scenes import style, ui
from scenes.i18n import has, later, tr
from scenes.manager import Scene
from scenes.online.links import RETRY_EVERY, RETRY_FOR
from scenes.tables.base import TableScene

if TYPE_CHECKING:
    from scenes.manager import AppHost


def refusal_text(refusal: tuple[str, str, str] | None) -> str:
    """A server's refusal in the player's language ("" for none)."""
    if refusal is None:
        return ""
    key = f"net.refused.{refusal[0]}"
    return tr(key) if has(key) else tr("net.refused.internal")


def read_or_leave(app: AppHost, lobby: LobbyClient) -> bool:
    """A lobby screen's frame starts here: read the connection; when the server
    has closed it, say so and leave the screen (False: stop this frame)."""
    lobby.pump()
    if lobby.closed:
        app.notify(tr("online.server.closed"), "error")
        app.scenes.pop()
        return False
    return True


def close_quietly(link: object) -> None:
    """Close a connection without holding the frame (a websocket's closing
    handshake may wait for a slow server): on a thread of its own."""
    close = getattr(link, "close", None)
    if close is None:
        return

    def run() -> None:
        with contextlib.suppress(Exception):
            close()

    threading.Thread(target=run, name="close", daemon=True).start()


def phrase_words(phrase: str) -> str:
    """A table phrase in the player's language."""
    key = f"net.phrase.{phrase}"
    return tr(key) if has(key) else phrase


class ServerLink:
    """A table's link to a server's table (see `scenes.online.links.TableLink`)."""

    keeps_saves = False

    def __init__(self, lobby: LobbyClient, match: ServerMatch) -> None:
        self.lobby = lobby
        self.remote = match
        self.refused = ""
        self._lost_at: float | None = None
        self._fresh: ClientConnection | None = None
        self._retry: threading.Thread | None = None

    @property
    def watching(self) -> bool:
        """A watcher's link: no seat, nothing to say."""
        return self.remote.watching

    def act(self, seat: int, action: Action) -> list[Event]:
        return self.remote.apply(seat, action)

    def history(self) -> list[Event]:
        return list(self.remote.history)

    def take_refusal(self) -> str:
        words, self.refused = self.refused, ""
        return words

    def poll(self) -> list[Event]:
        if self._fresh is not None:  # won back on the thread: hello and our seat again
            fresh, self._fresh = self._fresh, None
            self.lobby.relink(fresh)
            self._lost_at = None
        self.remote.pump()
        if self.remote.refusal is not None and (self.remote.seat is not None or self.watching):
            self.refused = refusal_text(self.remote.refusal)
            self.remote.refusal = None
        if self.lobby.closed and not self.remote.is_over and not self.remote.host_closed:
            self._win_back()
        return self.remote.take_events()

    def take_heard(self) -> list[str]:
        """Phrases said at the table since the last call, in words ("Bia: Good luck")."""
        return [
            tr("online.server.said", name=h.name, phrase=phrase_words(h.id))
            for h in self.lobby.take_heard()
        ]

    def say(self, phrase: str) -> None:
        """Say a table phrase (the server limits how often)."""
        self.lobby.phrase(phrase)

    def _win_back(self) -> None:
        if self._retry is not None and self._retry.is_alive():
            return
        if self._lost_at is None:
            self._lost_at = time.monotonic()
        url = self.lobby.url

        def retry() -> None:
            while self._lost_at is not None and time.monotonic() - self._lost_at < RETRY_FOR:
                try:
                    self._fresh = ClientConnection(url)
                    return
                except OSError:
                    time.sleep(RETRY_EVERY)

        self._retry = threading.Thread(target=retry, name="reconnect", daemon=True)
        self._retry.start()

    @property
    def lost(self) -> bool:
        if self.remote.host_closed or self.remote.left in ("table_crashed", "expired"):
            return True
        return self._lost_at is not None and time.monotonic() - self._lost_at >= RETRY_FOR

    def lost_words(self) -> str:
        if self.remote.left == "table_crashed":
            return tr("net.refused.table_crashed")
        return tr("online.server.gone")

    def notes(self) -> list[str]:
        out = []
        if self._lost_at is not None:
            out.append(tr("online.table.we_reconnect"))
        for i, s in enumerate(self.remote.seat_info):
            if i != self.remote.seat and s.get("status") == "reconnecting":
                out.append(tr("online.table.reconnecting", name=s.get("name", "?")))
        return out

    @contextlib.contextmanager
    def frame(self) -> Iterator[object]:
        yield self

    def close(self) -> None:
        """Leave the table; the connection stays the lobby's (its screen, or
        the standby of an event, closes it)."""
        self._lost_at = None
        with contextlib.suppress(Exception):
            self.lobby.leave()


class PhrasesControl(TableScene):
    """Mixed over a game's table: a "Phrases" button (not for a watcher), the
    phrases heard shown as short notices, and a watcher's end without a record."""

    served: ServerLink

    def build(self) -> None:
        super().build()
        self.phrases_button: pygame_gui.elements.UIButton | None = None
        if self.served.watching:
            return
        # left of every button on the top bar's right half: the corner ones and
        # the table's own (War's Objective and Cards lay under it before)
        top_bar = [
            e.rect.left
            for e in (self.ui.elements if self.ui is not None else [])
            if isinstance(e, pygame_gui.elements.UIButton)
            and e.rect.top < 56
            and e.rect.left > self.app.size[0] // 2
        ]
        corner = min(
            [*top_bar, *(b.rect.left for b in self.buttons.values())], default=self.app.size[0]
        )
        text = tr("online.server.phrases")
        width = style.text_width(text, 16) + 36
        self.phrases_button = ui.button(
            pygame.Rect(corner - 8 - width, 12, width, 36),
            text,
            self.app.ui_manager,
            self.ui,
            tooltip=tr("online.server.phrases_tip"),
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame_gui.UI_BUTTON_PRESSED
            and self.phrases_button is not None
            and event.ui_element == self.phrases_button
        ):
            self.app.scenes.push(PhrasesMenu(self.app, self.served))
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        for words in self.served.take_heard():
            self.app.notify(words)

    def quit_to_menu(self) -> None:
        """Back to the server's lobby (or the event's screen) the table was
        reached from, not the main menu; leaving a match in play is asked first."""

        def go() -> None:
            stack = self.app.scenes.stack
            while len(stack) > 1 and not getattr(stack[-1], "event_home", False):
                self.app.scenes.pop(fade=False)

        if self.match.is_over or self.served.watching or not self.app.settings.confirm_quit:
            go()
            return
        self.app.confirm(
            later("ui.confirm.leave_title"),
            self.leave_warning,
            go,
            yes=later("ui.confirm.leave_yes"),
        )

    def on_match_over(self) -> None:
        if not self.served.watching:
            super().on_match_over()
            return
        # a watcher's end: the result shown, nothing recorded as the player's own match
        self.app.sound.play("victory")
        self.app.scenes.push(self.end_screen())


_SERVED: dict[str, type[PhrasesControl]] = {}


def served_class(table: type[TableScene]) -> type[PhrasesControl]:
    """The game's own table class with the phrases mixed in (one class per game)."""
    key = f"{table.__module__}.{table.__qualname__}"
    if key not in _SERVED:
        _SERVED[key] = type(f"Served{table.__name__}", (PhrasesControl, table), {})
    return _SERVED[key]


def open_served_table(app: AppHost, lobby: LobbyClient, match: ServerMatch) -> TableScene:
    """The game's own table for our seat (or for a watcher, no seat at all)."""
    from game.registry import get_info
    from scenes.tables import table_class
    from scenes.tables.face import SeatSetup

    mine = match.seat
    seats = []
    for i, name in enumerate(match.seats):
        info = match.seat_info[i] if i < len(match.seat_info) else {}
        bot = info.get("bot") if info.get("kind") == "bot" else None
        seats.append(SeatSetup(name, str(bot) if bot else None, elsewhere=i != mine))
    if app.autoplay and mine is not None:  # a scripted run: the hint bot plays our seat
        ids = get_info(match.game_name).bot_ids
        seats[mine] = SeatSetup(seats[mine].name, ids[len(ids) // 2])
    link = ServerLink(lobby, match)
    cls = served_class(table_class(match.game_name))
    table: Any = cls.__new__(cls)
    table.served = link
    table.__init__(app, match, seats, link=link)
    if match.watching:
        table.spectator = True  # nobody's secrets, no turns, no saves
    assert isinstance(table, TableScene)
    return table


class PhrasesMenu(Scene):
    """The five table phrases over the table; Esc closes it."""

    overlay = True

    def __init__(self, app: AppHost, link: ServerLink) -> None:
        super().__init__(app)
        self.link = link
        self.box = pygame.Rect(0, 0, 0, 0)
        self.choices: dict[Any, str] = {}

    def build(self) -> None:
        w = min(420, self.app.size[0] - 40)
        self.box = ui.centered(self.app.size, w, 90 + 50 * (len(PHRASES) + 1))
        m = self.app.ui_manager
        self.choices = {}
        for i, phrase in enumerate(PHRASES):
            rect = pygame.Rect(self.box.left + 40, self.box.top + 76 + i * 50, w - 80, 42)
            self.choices[ui.button(rect, phrase_words(phrase), m, self.ui)] = phrase
        y = self.box.top + 76 + len(PHRASES) * 50 + 6
        self.cancel = ui.button(
            pygame.Rect(self.box.centerx - 80, y, 160, 40), tr("online.server.cancel"), m, self.ui
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            phrase = self.choices.get(event.ui_element)
            if phrase is not None:
                self.link.say(phrase)
            if phrase is not None or event.ui_element == self.cancel:
                self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        style.modal_panel(surface, self.box, tr("online.server.phrases"))
