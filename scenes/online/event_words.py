"""Words of a server's online events (issue 47), shared by the lobby's Events
tab, the organizer's form, the event's screen and the round notice."""

from __future__ import annotations

from game.net.lobby_events import EventRow, News
from scenes.i18n import has, tr

#: the games a server offers, in the main menu's order (as the lobby lists them)
GAMES = ("wyr", "wyrt", "war", "chama")


def game_name(game: str) -> str:
    """A game's name in the player's language (its id when unknown here)."""
    key = f"ui.games.{game}"
    return tr(key) if has(key) else game


def format_name(fmt: str) -> str:
    """A format's name ("Swiss duels")."""
    key = f"tournament.formats.{fmt}"
    return tr(key) if has(key) else fmt


def status_name(status: str) -> str:
    """An event's state in words."""
    key = f"online_event.status.{status}"
    return tr(key) if has(key) else status


def stage_name(stage: str) -> str:
    """A round's stage in words ("Swiss round", "Top cut")."""
    key = f"tournament.stages.{stage}"
    return tr(key) if has(key) else stage


def event_title(row: EventRow) -> str:
    """An event's name, or its game and format when it was given none."""
    return row.name or f"{game_name(row.game)} · {format_name(row.format)}"


def event_line(row: EventRow) -> str:
    """The first line of an event's row in the lobby."""
    text = tr(
        "online_event.row",
        game=game_name(row.game),
        format=format_name(row.format),
        entrants=row.entrants,
        seats=row.seats,
        status=status_name(row.status),
    )
    if row.round:
        text += "  ·  " + tr("online_event.row_round", n=row.round)
    if row.mine:
        text += "  ·  " + tr("online_event.row_mine")
    return text


def news_words(news: News) -> str:
    """A news in one line ("Round 2: table 3, against Ana, Bia")."""
    others = ", ".join(news.opponents) or "?"
    return tr(
        f"online_event.notice.{news.kind}",
        round=news.round,
        table=news.table_no,
        others=others,
        reason=news.reason,
        name=news.name,
    )
