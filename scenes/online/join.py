"""Join a table hosted on another machine: address, code and name, then the
game's own table for our seat (its secrets only, as the host sends them).

Connecting never freezes the window: the socket opens on a thread, and the
host's answers are read a frame at a time. A refusal (wrong code, a taken
seat, another version) is said in words and the form stays as typed.

The form offers the values typed last, and a table this app sat at keeps its
seat token in the profile (`game.net.tickets`): after a crash or a restart,
joining again with the same address and code takes the same seat back.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.net import tickets
from game.net.bot_client import url_of
from game.net.lan import LanBrowser, LanTable
from game.net.remote_match import RemoteMatch
from game.net.transport import ClientConnection
from scenes import style, ui
from scenes.i18n import has, tr
from scenes.manager import Scene

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.base import TableScene

#: the port a host listens on unless told otherwise
DEFAULT_PORT = 47474
FIELDS = ("address", "code", "name")


def address_with_port(text: str) -> str:
    """ "192.168.0.5" -> "192.168.0.5:47474"; "host:port" stays as it is."""
    text = text.strip()
    if text.startswith(("ws://", "wss://")) or text.rpartition(":")[2].isdigit():
        return text
    return f"{text}:{DEFAULT_PORT}"


def refusal_words(key: str) -> str:
    """A refusal key from the host in the player's language."""
    return tr(key) if has(key) else tr("net.refused.internal")


def _bot_of(remote: RemoteMatch, seat: int) -> str | None:
    """The host's bot level at a seat, as the host tells it (for the seat panel)."""
    info = remote.seat_info[seat] if seat < len(remote.seat_info) else {}
    bot = info.get("bot") if info.get("kind") == "bot" else None
    return str(bot) if bot else None


class JoinScene(Scene):
    """The join form, then the wait for the host to deal."""

    def __init__(
        self,
        app: AppHost,
        address: str = "",
        code: str = "",
        name: str = "",
        *,
        auto: bool = False,
        autoplay: bool = False,
    ) -> None:
        super().__init__(app)
        # no default name: the others would read "You" (or "Você") at their table;
        # an empty form offers what was typed last
        last = {} if address or code or name else tickets.last_form()
        self.values = {
            "address": address or last.get("address", ""),
            "code": code or last.get("code", ""),
            "name": name or last.get("name", ""),
        }
        #: the seat token this app kept for the table asked for (sent with the join)
        self._ticket: str | None = None
        self.auto = auto
        self.autoplay = autoplay
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.status = ""
        self.error = ""
        self.url = ""
        self.remote: RemoteMatch | None = None
        self._connecting: threading.Thread | None = None
        self._opened: ClientConnection | None = None
        self._open_error = ""
        #: tables announced on the local network, listed under the form
        self.lan = LanBrowser()
        self.lan_buttons: list[tuple[pygame_gui.elements.UIButton, LanTable]] = []
        self._lan_shown: list[LanTable] = []

    # -- the form --------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.panel = ui.centered((w, h), min(640, w - 60), min(560, h - 40))
        p = self.panel
        m = self.app.ui_manager
        lx, cx = p.left + 36, p.left + 200
        for i, key in enumerate(FIELDS):
            y = p.top + 96 + i * 58
            ui.label(pygame.Rect(lx, y, cx - lx - 8, 40), tr(f"online.join.{key}"), m, self.ui)
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(cx, y, p.right - 36 - cx, 40), m, self.ui
            )
            entry.set_text_length_limit(64 if key == "address" else 24)
            entry.set_text(self.values[key])
            self.entries[key] = entry
        if not self.values["address"]:
            self.entries["address"].focus()
        by = p.bottom - 70
        self.back = ui.button(pygame.Rect(lx, by, 180, 46), tr("ui.common.back"), m, self.ui)
        self.join = ui.button(
            pygame.Rect(p.right - 36 - 200, by, 200, 46),
            tr("online.join.join"),
            m,
            self.ui,
            "#primary_button",
        )
        if self.busy:
            self.join.disable()
        self._lan_shown = []
        self.lan_buttons = []

    def _lan_rows(self) -> None:
        """One button a table heard on the network (at most three); a click fills
        the address in."""
        tables = self.lan.tables()[:3]
        if tables == self._lan_shown:
            return
        for button, _t in self.lan_buttons:
            button.kill()
        self._lan_shown, self.lan_buttons = tables, []
        p = self.panel
        for i, t in enumerate(tables):
            game = tr(f"ui.games.{t.game}") if has(f"ui.games.{t.game}") else t.game
            rect = pygame.Rect(p.left + 200, p.top + 300 + i * 40, p.width - 236, 34)
            text = tr("online.join.lan_table", host=t.name, game=game, where=t.where)
            button = ui.button(rect, text, self.app.ui_manager, self.ui)
            self.lan_buttons.append((button, t))

    def enter(self) -> None:
        super().enter()
        if self.auto and self.remote is None and self._connecting is None:
            self.start()

    @property
    def busy(self) -> bool:
        """Connecting, or joined and waiting for the deal."""
        return self._connecting is not None or self.remote is not None

    def read(self) -> None:
        """Typed text back into the form."""
        for key, entry in self.entries.items():
            self.values[key] = entry.get_text().strip()

    def start(self) -> None:
        """Check the form, then open the connection off the render loop."""
        if self.entries:
            self.read()
        if not self.values["name"]:
            self.error = tr("net.refused.bad_name")
            return
        try:
            self.url = url_of(address_with_port(self.values["address"]))
        except ValueError:
            self.error = tr("online.join.bad_address")
            return
        self.error = ""
        self.status = tr("online.join.connecting", address=self.values["address"])
        self._opened, self._open_error = None, ""

        def connect() -> None:
            try:
                self._opened = ClientConnection(self.url)
            except OSError as e:
                self._open_error = str(e) or type(e).__name__

        self._connecting = threading.Thread(target=connect, name="join", daemon=True)
        self._connecting.start()
        if self.entries:
            self.join.disable()

    def _failed(self, words: str) -> None:
        """Back to the form, saying why (the typed values stay)."""
        self.error, self.status = words, ""
        if self.remote is not None:
            self.remote.link.close()  # type: ignore[attr-defined]  # the websocket, not Link's two calls
        self.remote = None
        self._connecting = None
        if self.entries:
            self.join.enable()
        if self.auto:  # `taverna join` from a terminal: say it there and stop
            import sys

            print(f"taverna: {words}", file=sys.stderr)
            self.app.exit_code = 2
            self.app.running = False

    # -- the wait --------------------------------------------------------------
    def update(self, dt: float) -> None:
        if not self.busy:
            self._lan_rows()
        thread = self._connecting
        if thread is not None and not thread.is_alive() and self.remote is None:
            self._connecting = None
            if self._opened is None:
                self._failed(tr("online.join.unreachable", reason=self._open_error))
                return
            self.remote = RemoteMatch(
                self._opened, name=self.values["name"], code=self.values["code"]
            )
            self._ticket = tickets.token_for(self.url, self.values["code"])
            self.remote.join(self._ticket)  # our old seat, if this app sat here before
            self.status = tr("online.join.asking")
        remote = self.remote
        if remote is None:
            return
        remote.pump()
        if remote.seat is not None and remote.token and self._ticket != remote.token:
            self._ticket = remote.token  # seated: keep the seat's token for a restart
            tickets.remember(self.url, self.values["code"], self.values["name"], remote.token)
            tickets.remember_form(self.values["address"], self.values["code"], self.values["name"])
        if remote.refusal is not None and remote.seat is None and self._ticket is not None:
            # the kept seat is gone (handed to a bot, the match over): join afresh
            tickets.forget(self.url, self.values["code"])
            self._ticket, remote.refusal = None, None
            remote.join()
        elif remote.refusal is not None and remote.seat is None:
            self._failed(refusal_words(remote.refusal[1]))
        elif remote.host_closed or remote.link.closed:  # type: ignore[attr-defined]  # the websocket's flag
            self._failed(tr("online.table.host_gone"))
        elif remote.started:
            self.app.scenes.replace(self.joined_table(remote))
        elif remote.seat is not None:
            ready = sum(1 for s in remote.seat_info if s.get("status") != "empty")
            self.status = tr("online.join.waiting", ready=ready, seats=len(remote.seat_info))

    def joined_table(self, remote: RemoteMatch) -> TableScene:
        """The game's own table for our seat; every other seat is played elsewhere."""
        from game import get_info
        from scenes.online.links import ClientLink
        from scenes.tables import table_class
        from scenes.tables.face import SeatSetup

        mine = remote.seat
        seats = [
            SeatSetup(n, _bot_of(remote, i), elsewhere=i != mine)
            for i, n in enumerate(remote.seats)
        ]
        if self.autoplay and mine is not None:
            ids = get_info(remote.game_name).bot_ids
            seats[mine] = SeatSetup(remote.seats[mine], ids[len(ids) // 2])
            self.app.exit_at_match_end = True
        link = ClientLink(remote, self.url, code=self.values["code"], name=self.values["name"])
        table = table_class(remote.game_name)(self.app, remote, seats, link=link)
        return table

    # -- input and drawing -----------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and not self.busy:
            self.start()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.leave()
            elif event.ui_element == self.join and not self.busy:
                self.start()
            for button, table in self.lan_buttons:
                if event.ui_element == button:
                    self.entries["address"].set_text(table.where)
                    self.entries["code"].focus()

    def exit(self) -> None:
        self.lan.close()
        super().exit()

    def leave(self) -> None:
        """Back to the menu; an open connection is closed."""
        if self.remote is not None:
            self.remote.link.close()  # type: ignore[attr-defined]  # the websocket, not Link's two calls
        self.remote = None
        self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        style.draw_backdrop(surface, self.panel)
        p = self.panel
        style.draw_heading(
            surface, tr("online.join.title"), (p.left + 30, p.top + 16), p.width - 60
        )
        y = p.top + 96 + len(FIELDS) * 58 + 6
        if self.lan_buttons and not self.busy:
            style.blit_text(
                surface, tr("online.join.lan"), 16, (p.left + 36, p.top + 306), style.INK
            )
            y = p.top + 300 + len(self.lan_buttons) * 40 + 4
        for text, colour in ((self.error, style.RED), (self.status, style.INK_SOFT)):
            for line in style.wrap_text(text, 17, p.width - 72) if text else []:
                y = style.blit_text(surface, line, 17, (p.left + 36, y), colour).bottom + 2
        style.blit_text(
            surface,
            tr("online.join.hint", port=DEFAULT_PORT),
            14,
            (p.left + 36, p.bottom - 116),
            style.INK_SOFT,
            max_width=p.width - 72,
        )
