"""Create a table on a Taverna server: the game's own new-match form.

The same seats and options as a match at this screen (`NewMatchScene`): the
person's seat ("You") is this player's, "Remote player" seats wait for
others, bots play by level. In place of the seed, practice and saves: who may
find the table (public, listed; private, by its code), whether watchers are
welcome, and the turn clock. Creating opens the waiting room.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.net.lobby_client import LobbyClient
from scenes import style, ui
from scenes.i18n import tr
from scenes.new_match import HUMAN, REMOTE, NewMatchScene
from scenes.online.lobby import OFFLINE_ONLY

if TYPE_CHECKING:
    from scenes.manager import AppHost

CLOCKS = ("off", "relaxed", "normal", "quick")


class CreateTable(NewMatchScene):
    """The new-match form of one game, for a server's table."""

    def __init__(self, app: AppHost, lobby: LobbyClient, game: str) -> None:
        super().__init__(app, game, practice=False)
        self.lobby = lobby
        self.private = False
        self.watchers = True
        self.clock = "off"
        # the first seat is ours, the next waits for a player from elsewhere
        if len(self.rows) > 1:
            self.rows[1] = self._new_row(REMOTE, 1)
        if self.rows:
            self.rows[0]["name"] = lobby.name

    def build(self) -> None:
        super().build()
        if self.info is None:
            return
        # no seed (the server deals in secret), no practice aids, no saves here
        for widget in (self.seed_entry, self.reseed, self.practice_btn, self.load_btn):
            widget.hide()
        seed_words = tr("ui.new_match.seed")
        for element in self.ui.elements if self.ui is not None else []:
            if isinstance(element, pygame_gui.elements.UILabel) and element.text == seed_words:
                element.hide()
        self.start.set_text(tr("online.server.create_go"))
        m = self.app.ui_manager
        # in the bottom bar, where practice and saves are at this screen's own form
        x0, x1 = self.back.rect.right + 12, self.start.rect.left - 12
        third = (x1 - x0 - 16) // 3
        y = self.back.rect.top + 3
        self.private_btn = ui.button(
            pygame.Rect(x0, y, third, 40),
            self._private_text(),
            m,
            self.ui,
            tooltip=tr("online.server.private_tip"),
        )
        self.watchers_btn = ui.button(
            pygame.Rect(x0 + third + 8, y, third, 40),
            self._watchers_text(),
            m,
            self.ui,
            tooltip=tr("online.server.watchers_tip"),
        )
        self.clock_menu = ui.dropdown(
            pygame.Rect(x0 + 2 * (third + 8), y, third, 40),
            [(tr(f"online.server.clock_short.{c}"), c) for c in CLOCKS],
            self.clock,
            m,
            self.ui,
        )

    def _private_text(self) -> str:
        return tr("online.server.private" if self.private else "online.server.public")

    def _watchers_text(self) -> str:
        return tr("online.server.watchers_on" if self.watchers else "online.server.watchers_off")

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.info is not None and hasattr(self, "private_btn"):
            if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element == self.private_btn:
                self.private = not self.private
                self.private_btn.set_text(self._private_text())
                return
            if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element == self.watchers_btn:
                self.watchers = not self.watchers
                self.watchers_btn.set_text(self._watchers_text())
                return
            if (
                event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
                and event.ui_element == self.clock_menu
            ):
                self.clock = ui.selected_id(self.clock_menu)
                return
        super().handle_event(event)

    def server_seats(self) -> tuple[list[str], int, dict[str, Any]]:
        """The seats as the server takes them ("remote", "bot:<level>"), which
        one is ours, and the options; raises ValueError in plain words."""
        ours = [i for i, row in enumerate(self.rows) if row["kind"] == HUMAN]
        if len(ours) != 1:
            raise ValueError(tr("online.server.one_seat"))
        _seats, options = self.collect()
        for game, key, value in OFFLINE_ONLY:
            if game == self.game and options.get(key) == value:
                raise ValueError(tr("online.lobby.offline_only"))
        kinds = [
            "remote" if row["kind"] in (HUMAN, REMOTE) else f"bot:{row['kind']}"
            for row in self.rows
        ]
        return kinds, ours[0], options

    def start_match(self) -> None:
        """Open the table on the server, then wait in its waiting room."""
        from scenes.online.server_wait import WaitingRoom

        try:
            kinds, mine, options = self.server_seats()
        except ValueError as e:
            self._refuse(e)
            return
        self.lobby.create(
            self.game,
            kinds,
            options,
            private=self.private,
            watchers=self.watchers,
            clock=self.clock,
        )
        self.app.scenes.replace(WaitingRoom(self.app, self.lobby, None, seat=mine))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        # the form's title says what this form does here: a table on the server
        p = self.panel
        head = pygame.Rect(p.left + 20, p.top + 12, p.width - 40, 52)
        surface.blit(style.parchment(p.size), head.topleft, area=head.move(-p.left, -p.top))
        title = tr("online.server.create_title", game=tr(f"ui.games.{self.game}"))
        style.blit_text(
            surface,
            title,
            40,
            (p.left + 24, p.top + 16),
            style.INK,
            kind="serif",
            max_width=p.width - 48,
        )
