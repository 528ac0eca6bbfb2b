"""The door to the tournament screens (they arrive with the organizer)."""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

from scenes.i18n import later

if TYPE_CHECKING:
    from scenes.manager import AppHost


def open_tournaments(app: AppHost) -> None:
    """Open the tournament hub, or say plainly that it is not ready."""
    if (
        importlib.util.find_spec("scenes.tournament") is not None
        and importlib.util.find_spec("game.tournament") is not None
    ):
        module = importlib.import_module("scenes.tournament")
        app.scenes.push(module.TournamentHome(app))
        return
    from scenes.dialogs import MessageDialog

    app.scenes.push(
        MessageDialog(app, later("ui.menu.tournaments"), later("ui.tournaments.not_ready"))
    )
