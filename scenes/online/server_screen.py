"""Play online: which Taverna server, and the name to use there.

The address is typed or taken from the ones used lately (a drop-down); a
ws:// address of a server on the internet is said to be unencrypted (its
join codes and seat tokens travel in clear), wss:// is not. Connecting never
freezes the window: the socket opens on a thread, and the server's greeting
is read a frame at a time. A refusal or a failure is said in words and the
form stays as typed. Once greeted, the lobby opens.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.net import identities, tickets
from game.net.lobby_client import SERVER_PORT, LobbyClient, server_url, unencrypted_internet
from game.net.transport import ClientConnection
from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene
from scenes.online.served import close_quietly, refusal_text

if TYPE_CHECKING:
    from scenes.manager import AppHost

#: seconds the server has to greet us once connected
GREET_WITHIN = 10.0


class ServerScene(Scene):
    """The server's address and our name, then Connect."""

    def __init__(self, app: AppHost, address: str = "", name: str = "") -> None:
        super().__init__(app)
        book = identities.load()
        self.recent = book.recent
        if book.problem:  # servers.json was damaged: said once, the rest goes on
            app.notify(tr(book.problem), "warn")
        self.values = {
            "address": address or (self.recent[0] if self.recent else ""),
            "name": name or identities.last_name() or tickets.last_form().get("name", ""),
        }
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.recent_menu: pygame_gui.elements.UIDropDownMenu | None = None
        self.status = ""
        self.error = ""
        self.url = ""
        self.lobby: LobbyClient | None = None
        self._connecting: threading.Thread | None = None
        self._opened: ClientConnection | None = None
        self._open_error = ""
        self._since = 0.0

    # -- the form ----------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.panel = ui.centered((w, h), min(680, w - 60), min(560, h - 40))
        p = self.panel
        m = self.app.ui_manager
        lx, cx = p.left + 36, p.left + 210
        for i, key in enumerate(("address", "name")):
            y = p.top + 100 + i * 58
            ui.label(pygame.Rect(lx, y, cx - lx - 8, 40), tr(f"online.server.{key}"), m, self.ui)
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(cx, y, p.right - 36 - cx, 40), m, self.ui
            )
            entry.set_text_length_limit(200 if key == "address" else 24)
            entry.set_text(self.values[key])
            self.entries[key] = entry
        self.recent_menu = None
        if self.recent:
            y = p.top + 100 + 2 * 58
            ui.label(pygame.Rect(lx, y, cx - lx - 8, 40), tr("online.server.recent"), m, self.ui)
            options = [(tr("online.server.recent_pick"), "")] + [(a, a) for a in self.recent]
            self.recent_menu = ui.dropdown(
                pygame.Rect(cx, y, p.right - 36 - cx, 40), options, "", m, self.ui
            )
        (self.entries["name"] if self.values["address"] else self.entries["address"]).focus()
        by = p.bottom - 70
        self.back = ui.button(pygame.Rect(lx, by, 180, 46), tr("ui.common.back"), m, self.ui)
        self.connect = ui.button(
            pygame.Rect(p.right - 36 - 220, by, 220, 46),
            tr("online.server.connect"),
            m,
            self.ui,
            "#primary_button",
        )
        if self.busy:
            self.connect.disable()

    @property
    def busy(self) -> bool:
        """Connecting, or connected and waiting for the greeting."""
        return self._connecting is not None or self.lobby is not None

    def read(self) -> None:
        """Typed text back into the form."""
        for key, entry in self.entries.items():
            self.values[key] = entry.get_text().strip()

    def warning(self) -> str:
        """The plain warning for an unencrypted server on the internet ("" when none)."""
        try:
            url = server_url(self.values["address"])
        except ValueError:
            return ""
        return tr("online.server.unencrypted") if unencrypted_internet(url) else ""

    def start(self) -> None:
        """Check the form, then open the connection off the render loop."""
        if self.entries:
            self.read()
        if not self.values["name"]:
            self.error = tr("net.refused.bad_name")
            return
        try:
            self.url = server_url(self.values["address"])
        except ValueError:
            self.error = tr("online.server.bad_address", port=SERVER_PORT)
            return
        self.error = ""
        from scenes.online.server_lobby import ServerLobby
        from scenes.online.standby import adopt, drop

        kept = adopt(self.app, self.url)  # still connected there for an event: that link
        if kept is not None:
            self.app.scenes.push(ServerLobby(self.app, kept[0], kept[1]))
            return
        drop(self.app)  # one server at a time: a link kept to another one is closed
        self.status = tr("online.server.connecting", address=self.values["address"])
        self._opened, self._open_error = None, ""
        url = self.url

        def connect() -> None:
            try:
                self._opened = ClientConnection(url)
            except (OSError, ValueError) as e:  # ValueError: websockets' bad URI
                self._open_error = str(e) or type(e).__name__

        self._connecting = threading.Thread(target=connect, name="server", daemon=True)
        self._connecting.start()
        if self.entries:
            self.connect.disable()

    def _failed(self, words: str) -> None:
        """Back to the form, saying why (the typed values stay)."""
        self.error, self.status = words, ""
        if self.lobby is not None:
            close_quietly(self.lobby.link)
        self.lobby = None
        self._connecting = None
        if self.entries:
            self.connect.enable()

    # -- the wait ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        thread = self._connecting
        if thread is not None and not thread.is_alive() and self.lobby is None:
            self._connecting = None
            if self._opened is None:
                self._failed(tr("online.server.unreachable", reason=self._open_error))
                return
            self.lobby = LobbyClient(self._opened, self.url, self.values["name"])
            self.lobby.hello()
            self._since = time.monotonic()
            self.status = tr("online.server.greeting")
        lobby = self.lobby
        if lobby is None:
            return
        lobby.pump()
        if lobby.greeted:
            from scenes.online.server_lobby import ServerLobby

            identities.remember_address(self.values["address"])
            self.recent = identities.recent()
            self.lobby, self.status = None, ""
            if self.entries:
                self.connect.enable()
            self.app.scenes.push(ServerLobby(self.app, lobby, self.values["address"]))
        elif lobby.refusal is not None:
            self._failed(refusal_text(lobby.take_refusal()))
        elif lobby.closed:
            self._failed(tr("online.server.closed"))
        elif time.monotonic() - self._since > GREET_WITHIN:
            self._failed(tr("online.server.no_greeting"))

    # -- input and drawing -----------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and not self.busy:
            self.start()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.read()  # the warning follows what is typed
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if self.recent_menu is not None and event.ui_element == self.recent_menu:
                picked = ui.selected_id(self.recent_menu)
                if picked:
                    self.entries["address"].set_text(picked)
                    self.read()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.leave()
            elif event.ui_element == self.connect and not self.busy:
                self.start()

    def leave(self) -> None:
        """Back to the menu; a connection being opened is dropped."""
        self._failed("")
        self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        style.draw_backdrop(surface, self.panel)
        p = self.panel
        style.draw_heading(
            surface, tr("online.server.title"), (p.left + 30, p.top + 16), p.width - 60
        )
        y = p.top + 100 + (3 if self.recent else 2) * 58 + 4
        width = p.width - 72
        warning = self.warning()
        for text, colour in (
            (warning, style.RED),
            (self.error, style.RED),
            (self.status, style.INK_SOFT),
        ):
            for line in style.wrap_text(text, 16, width) if text else []:
                y = style.blit_text(surface, line, 16, (p.left + 36, y), colour).bottom + 2
            if text:
                y += 6
        style.blit_text(
            surface,
            tr("online.server.hint", port=SERVER_PORT),
            14,
            (p.left + 36, p.bottom - 120),
            style.INK_SOFT,
            max_width=width,
        )
