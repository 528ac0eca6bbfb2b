"""The waiting room of a server's table: until the deal, then the game's table.

For the player who created the table: the server's answer (its code, when
private, shown to pass on), then our seat taken, then the seats filling; Start
deals now with bots in the empty seats. For one who joined: the seats filling
until the creator starts or the table is full. For a watcher: the table's
seats until the deal. A refusal is said in words and leads back to the lobby.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.net.lobby_client import LobbyClient, ServerMatch
from scenes import style, ui
from scenes.i18n import has, later, tr
from scenes.manager import Scene
from scenes.online.served import open_served_table, refusal_text

if TYPE_CHECKING:
    from scenes.manager import AppHost


def seat_status(info: dict[str, object]) -> str:
    """A seat's state in words (the host's lobby says the same)."""
    status = str(info.get("status", "empty"))
    if info.get("kind") == "bot":
        status = "bot"
    key = f"online.lobby.status.{status}"
    return tr(key) if has(key) else status


class WaitingRoom(Scene):
    """Waiting for the deal at a server's table (see the module's docstring)."""

    def __init__(
        self, app: AppHost, lobby: LobbyClient, match: ServerMatch | None, *, seat: int = 0
    ) -> None:
        super().__init__(app)
        self.lobby = lobby
        #: None while a table we create is not yet made
        self.match = match
        self.seat = seat
        self.creating = match is None
        self.table = match.table if match is not None else ""
        self.code = ""
        self.error = ""
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.start: pygame_gui.elements.UIButton | None = None
        self.opened = False

    def build(self) -> None:
        w, h = self.app.size
        self.panel = ui.centered((w, h), min(760, w - 40), h - 40)
        p = self.panel
        m = self.app.ui_manager
        by = p.bottom - 66
        self.cancel = ui.button(
            pygame.Rect(p.left + 30, by, 220, 46), tr("online.server.leave_table"), m, self.ui
        )
        self.start = None
        if self.creating:
            self.start = ui.button(
                pygame.Rect(p.right - 30 - 280, by, 280, 46),
                tr("online.server.start"),
                m,
                self.ui,
                "#primary_button",
            )
            ui.enable(self.start, self._seated())

    def _seated(self) -> bool:
        return self.match is not None and self.match.seat is not None

    # -- the loop ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        lobby = self.lobby
        lobby.pump()
        if self.match is None:
            refusal = lobby.take_refusal()
            if refusal is not None:
                self._back(refusal_text(refusal))
                return
            if lobby.created is not None:
                self.table, self.code = lobby.created
                lobby.created = None
                self.match = lobby.join(table=self.table, code=self.code, seat=self.seat)
                self.match.pump()
            return
        match = self.match
        if self.start is not None:
            ui.enable(self.start, self._seated() and not match.started)
        if match.refusal is not None:
            words = refusal_text(match.refusal)
            match.refusal, lobby.refusal = None, None
            if match.seat is None and not (match.watching and match.game_name):
                self._back(words)  # no seat (or no table to watch): back to the lobby
                return
            self.error = words  # a refused Start or phrase: said, the room stays
        if lobby.closed:
            self._back("")  # the lobby beneath says so, once
            return
        if match.host_closed:
            self._back(tr("online.server.closed"))
            return
        if match.left:
            closed = match.left == "closed"  # its creator left before the deal
            self._back(tr("online.server.closed_by_creator" if closed else "online.server.left"))
            return
        if match.started and not self.opened:
            self.opened = True
            self.app.scenes.replace(open_served_table(self.app, lobby, match))

    def _back(self, words: str) -> None:
        """Back to the lobby, saying why."""
        if words:
            self.app.notify(words, "error")
        match = self.match
        if match is not None and not self.opened:
            if match.seat is not None or match.game_name:
                self.lobby.leave()  # seated or watching: the server lets us go
            self.lobby.match = None
        self.app.scenes.pop()

    # -- input ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_leave()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.cancel:
                self.ask_leave()
            elif event.ui_element == self.start and self.match is not None and self.table:
                self.error = ""
                self.lobby.start(self.table)

    def ask_leave(self) -> None:
        """Leave the table (asked first when a seat is ours: it is given up)."""
        if not self._seated():
            self._back("")
            return
        ours = self.creating and self.match is not None and not self.match.started
        self.app.confirm(
            later("online.server.leave_table"),
            later("online.server.close_ask" if ours else "online.server.leave_ask"),
            lambda: self._back(""),
            yes=later("online.server.leave_table"),
        )

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        style.draw_backdrop(surface, self.panel)
        p = self.panel
        match = self.match
        game = match.game_name if match is not None else ""
        title_game = tr(f"ui.games.{game}") if game and has(f"ui.games.{game}") else ""
        title = (
            tr("online.server.wait_title", game=title_game)
            if title_game
            else tr("online.server.wait_title_plain")
        )
        style.draw_heading(surface, title, (p.left + 30, p.top + 16), p.width - 60)
        y = p.top + 84
        width = p.width - 60
        if self.code:
            y = (
                style.blit_text(
                    surface,
                    tr("online.server.code_big", code=self.code),
                    28,
                    (p.left + 30, y),
                    style.INK,
                    kind="serif",
                ).bottom
                + 2
            )
            for line in style.wrap_text(tr("online.server.code_hint"), 15, width):
                y = style.blit_text(surface, line, 15, (p.left + 30, y), style.INK_SOFT).bottom
            y += 12
        if match is None:
            words = tr("online.server.creating")
        elif match.watching:
            words = tr("online.server.watch_wait")
        elif match.seat is None:
            words = tr("online.server.asking")
        elif self.creating:
            words = tr("online.server.creator_wait")
        else:
            words = tr("online.server.joiner_wait")
        for line in style.wrap_text(words, 17, width):
            y = style.blit_text(surface, line, 17, (p.left + 30, y), style.INK).bottom + 2
        y += 14
        if match is not None:
            for i, info in enumerate(match.seat_info):
                name = match.seats[i] if i < len(match.seats) else "?"
                if info.get("status") == "empty":  # the server's "Seat 5", in our words
                    name = tr("online.server.seat_n", n=i + 1)
                mine = tr("online.server.you_mark") if i == match.seat else ""
                style.blit_text(
                    surface, f"{i + 1}. {name}{mine}", 18, (p.left + 40, y), style.INK, kind="bold"
                )
                style.blit_text(
                    surface,
                    seat_status(info),
                    16,
                    (p.left + 40 + width // 2, y + 2),
                    style.INK_SOFT,
                )
                y += 34
        if self.error:
            for line in style.wrap_text(self.error, 15, width):
                y = style.blit_text(surface, line, 15, (p.left + 30, y + 6), style.RED).bottom
