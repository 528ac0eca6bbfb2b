"""The screens a screen may go to without importing them: a table leaving to
the main menu, pausing, ending or dealing a rematch. Importing those screens
from the table's own modules closed import circles (the menu opens tables);
they are built here, on demand, and reached as `app.screens`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.net.lobby_client import LobbyClient
    from scenes.manager import AppHost, Scene
    from scenes.tables.base import TableScene
    from scenes.tables.face import SeatSetup, TableFace


class Screens:
    """Builds the screens a table goes to."""

    def __init__(self, app: AppHost) -> None:
        self.app = app

    def main_menu(self) -> Scene:
        """The main menu."""
        from scenes.main_menu import MainMenu

        return MainMenu(self.app)

    def server_lobby(self, lobby: LobbyClient, address: str) -> list[Scene]:
        """A server's lobby on a connection already greeted, over its form (so
        leaving the lobby goes back to the form, as after connecting)."""
        from scenes.online.server_lobby import ServerLobby
        from scenes.online.server_screen import ServerScene

        return [ServerScene(self.app, address), ServerLobby(self.app, lobby, address)]

    def server_event(self, lobby: LobbyClient, code: str, section: str = "entrants") -> Scene:
        """An online event's screen, open on one of its sections."""
        from scenes.online.event_screen import EventScreen

        screen = EventScreen(self.app, lobby, code)
        screen.section = section
        return screen

    def pause_menu(self, table: TableFace) -> Scene:
        """A table's pause menu."""
        from scenes.pause import PauseMenu

        return PauseMenu(self.app, table)

    def victory(self, table: TableFace) -> Scene:
        """The standings at the end of a match."""
        from scenes.victory import VictoryOverlay

        return VictoryOverlay(self.app, table)

    def new_table(
        self,
        game: str,
        seats: list[SeatSetup],
        seed: int,
        options: dict[str, Any],
        practice: bool = False,
    ) -> TableScene:
        """A new match on its table; raises ValueError in plain words."""
        from scenes.tables import open_table

        return open_table(self.app, game, seats, seed, options, practice=practice)
