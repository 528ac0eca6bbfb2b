"""A person's very first match of a game offers its guided game, once.

Asked from the new-match screen only (tournaments, replays, `taverna play`
and scripted runs open tables elsewhere or run unattended); remembered per game
in the settings file, whatever the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from scenes.i18n import later
from scenes.tutorial import has_tutorial, start_tutorial

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.face import SeatSetup


def should_offer(app: AppHost, game: str, seats: Sequence[SeatSetup]) -> bool:
    """Whether starting this match is the moment to offer the guided game."""
    if app.autoplay or app.frames_limit:  # a scripted run has nobody to ask
        return False
    if all(s.is_bot for s in seats):  # bots only: nobody's first time at the table
        return False
    return game not in app.settings.guided_offered and has_tutorial(game)


def offer_guided_game(
    app: AppHost, game: str, seats: Sequence[SeatSetup], open_match: Callable[[], None]
) -> bool:
    """Ask "First time at this table?" when it is time (True: the question is
    up; Yes opens the guided game, No calls `open_match`). Either way the game
    is remembered at once, so it is never asked again."""
    if not should_offer(app, game, seats):
        return False
    from scenes.dialogs import ConfirmDialog

    app.settings.guided_offered = [*app.settings.guided_offered, game]
    app.save_settings()

    def guided() -> None:
        table = start_tutorial(app, game)
        if table is not None:
            app.scenes.replace(table)

    app.scenes.push(
        ConfirmDialog(
            app,
            later("life.tutorial.offer_title"),
            later("life.tutorial.offer", game=later(f"ui.games.{game}")),
            guided,
            yes_text=later("life.tutorial.offer_yes"),
            no_text=later("life.tutorial.offer_no"),
            on_no=open_match,
        )
    )
    return True
