"""What every tournament screen shares: labels in words, the store, the panel look.

Scenes hold no rules: everything here only names things the organizer decided
(formats, stages, outcomes, sources) or carries its records to the database.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from game.tournament import Tournament, TournamentError, open_store
from game.tournament.model import Result, Round, Table
from scenes import style
from scenes.i18n import has, tr, tr_error
from scenes.option_words import bot_label

if TYPE_CHECKING:
    from game.tournament import TournamentStore
    from scenes.manager import AppHost

T = TypeVar("T")

#: Errors a disk or database can throw at us; reported, never fatal.
STORE_ERRORS = (OSError, sqlite3.Error, TournamentError)


# -- words ---------------------------------------------------------------------


def game_title(game: str) -> str:
    """The display name of a game (its id when no translation exists, e.g. test games)."""
    key = f"ui.games.{game}"
    return tr(key) if has(key) else game.capitalize()


def format_label(fmt: str) -> str:
    """ "Swiss duels", "Melee tables", "Single elimination"."""
    return tr(f"tournament.formats.{fmt}")


def stage_label(stage: str) -> str:
    """The name of a round's stage ("Swiss round", "Top cut", …)."""
    return tr(f"tournament.stages.{stage}")


def round_label(rnd: Round) -> str:
    """ "Round 3 · Swiss round"."""
    return tr(
        "tournament.hub.round_line",
        round=tr("tournament.labels.round", number=rnd.number),
        stage=stage_label(rnd.stage),
    )


def entrant_kind(game: str, bot: str | None) -> str:
    """ "Human", or the bot's level / personality in words."""
    return tr("tournament.labels.human") if bot is None else bot_label(game, bot)


def source_label(source: str) -> str:
    """Where a result came from, in words."""
    return tr(f"tournament.sources.{source}")


def result_words(t: Tournament, table: Table, result: Result) -> str:
    """A result in one line: "Ana wins (on time)", "Draw", "1. Ana · 2. Bia, Caio"."""
    names = {n: t.entrant(n).name for n in table.seats}
    if len(table.seats) == 2 and result.is_draw:
        text = tr("tournament.result.draw")
    elif len(table.seats) == 2:
        text = tr("tournament.result.wins", name=names[result.winners[0]])
    else:
        parts = []
        for group in result.order:
            place = result.place_of(group[0])
            parts.append(f"{place}. " + ", ".join(names[n] for n in group))
        text = " · ".join(parts)
    if result.timed:
        text += f" ({tr('tournament.labels.on_time')})"
    return text


def error_text(exc: BaseException) -> str:
    """An organizer's refusal (or any error) in the player's words."""
    return tr_error(exc) if isinstance(exc, Exception) else str(exc)


def short_date(iso: str) -> str:
    """ "2026-03-14 21:05" from an ISO timestamp."""
    return iso.replace("T", " ")[:16]


# -- the store -----------------------------------------------------------------


def with_store(app: AppHost, work: Callable[[TournamentStore], T]) -> T | None:
    """Run `work` on a freshly opened store; a failing disk becomes a message.

    A store is opened per change on purpose: nothing stays locked while a table
    is being played, and a crash never leaves a connection half-used.
    """
    try:
        with open_store() as store:
            if store.problem:
                app.notify(tr(store.problem), "warn")
            return work(store)
    except STORE_ERRORS as e:
        app.notify(tr("tournament.hub.save_failed", reason=error_text(e)), "error")
        return None


def save_tournament(app: AppHost, t: Tournament) -> bool:
    """Write the tournament to the database (after every change)."""
    return with_store(app, lambda store: store.save(t)) is not None


# -- drawing -------------------------------------------------------------------


def draw_check(surface: pygame.Surface, center: tuple[int, int], size: int, colour: Any) -> None:
    """A drawn tick (the text fonts have no check-mark glyph)."""
    cx, cy = center
    s = size / 2
    pts = [(cx - s, cy), (cx - s / 3, cy + s * 0.7), (cx + s, cy - s * 0.7)]
    pygame.draw.lines(surface, colour, False, pts, max(2, size // 6))


def fit_to(text: str, width: int, size: int = 22, kind: str = "serif") -> str:
    """The text, cut with an ellipsis to fit `width` in a given font (tab buttons: serif 22)."""
    f = style.font(size, kind)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"
