"""The one error the organizer raises, with a translation key for the screens."""

from __future__ import annotations

from typing import Any


class TournamentError(ValueError):
    """Something the organizer refuses: too few entrants, a format the game cannot
    seat, an unknown bot, a result that does not fit the table, …

    `key` is a translation key (under `taverna.`, e.g.
    "tournament.errors.too_few_entrants") and `params` its `%{fields}`; the
    message is plain English for logs and the command line.
    """

    def __init__(self, key: str, message: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(message)
