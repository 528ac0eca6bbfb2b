"""Reopening a saved match on its game's table: "Continue" (the newest save,
asking first when the newest is damaged) and a save picked on the load screen.

Kept apart from `autosave` (which every table uses to write its saves): this
side builds tables, so the tables' own modules must not import it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import saves, storage
from scenes.i18n import later, tr
from scenes.reasons import reason_words
from scenes.tables import table_class, table_ready
from scenes.tables.autosave import date_text, refusal_text
from scenes.tables.face import SeatSetup

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.base import TableScene


def open_save(app: AppHost, path: Path) -> TableScene | None:
    """The table of a saved match, or None after telling the user why not."""
    try:
        match = saves.load_save(path)
    except saves.SaveRefused as r:
        app.notify(refusal_text(r), "error")
        return None
    if not table_ready(match.game_name):
        app.notify(tr("ui.new_match.not_ready", game=tr(f"ui.games.{match.game_name}")), "error")
        return None
    try:
        players = match.meta.get("players", [])
        handed: list[str] = []
        if isinstance(players, list) and len(players) == match.n_seats:
            seats = [_seat(match.game_name, p, handed) for p in players]
        else:
            seats = [SeatSetup(n) for n in match.seats]
        table = table_class(match.game_name)(
            app, match, seats, practice=bool(match.meta.get("practice"))
        )
        for name in handed:  # say what became of the seats played from afar
            app.notify(tr("online.table.resumed_by_bot", name=name))
        return table
    # A file edited by hand past its checksum's notice (an unknown bot, a seat of
    # the wrong shape): refused in words and kept aside, like every broken save.
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as e:
        try:
            moved = storage.move_aside(path) if path.exists() else None
        except OSError:
            moved = None
        app.notify(
            tr("ui.new_match.save_broken", name=path.name, reason=reason_words(e))
            + (f" ({moved.name})" if moved else ""),
            "error",
        )
        return None


def _seat(game: str, player: Any, handed: list[str]) -> SeatSetup:
    """A saved seat at the reopened table. One played from another machine in a
    hosted match has nobody at this screen: a bot (the middle level) takes it,
    and its name goes into `handed` for the player to be told."""
    name = str(player.get("name", "?"))
    bot = _bot_id(player.get("bot"))
    if bot is None and player.get("remote") is True:
        from game import get_info

        ids = get_info(game).bot_ids
        handed.append(name)
        return SeatSetup(name, ids[len(ids) // 2])
    return SeatSetup(name, bot)


def _bot_id(value: Any) -> str | None:
    """A saved seat's bot id: a word, or None for a person."""
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"a seat's bot is {value!r}, not a bot id")


def continue_latest(app: AppHost) -> bool:
    """ "Continue": open the most recent save in one click. Returns True if a table opened.

    When the newest save is broken, the person is told which one it was and asked
    before the next one opens: another game opening unasked looked like a mix-up."""
    found, refused = saves.list_saves()
    latest = found[0] if found else None
    broken = saves.newest_refused(found, refused)
    if broken is not None:
        told = newest_broken_text(broken)
        if latest is None:
            app.notify(told + " " + tr("life.saves.nothing"), "error")
            return False
        nxt = latest

        def open_next() -> None:
            _push_save(app, nxt.path)

        def question() -> str:
            ask = tr("life.saves.open_next", **_save_words(nxt.game, nxt.path, nxt.saved_at))
            return newest_broken_text(broken) + " " + ask

        app.confirm(
            later("life.saves.newest_broken_title"),
            question,
            open_next,
            yes=later("life.saves.open_next_yes"),
        )
        return False
    if refused:
        app.notify(refusal_text(refused[0]), "error")
    if latest is None:
        app.notify(tr("life.saves.nothing"), "warn")
        return False
    return _push_save(app, latest.path)


def newest_broken_text(refused: saves.SaveRefused) -> str:
    """ "The newest save (Wyrt, <date>) is damaged and was moved aside." """
    key = "life.saves.newest_moved" if refused.moved_to is not None else "life.saves.newest_unread"
    return tr(key, **_save_words(refused.game, refused.path, refused.written_at))


def _save_words(game: str, path: Path, stamp: float) -> dict[str, str]:
    """A save named for a person: its game (else its file name) and its date."""
    from scenes.i18n import has

    key = f"ui.games.{game}"
    return {"game": tr(key) if game and has(key) else path.name, "date": date_text(stamp)}


def _push_save(app: AppHost, path: Path) -> bool:
    """Open a save's table on top; False after saying why it could not."""
    table = open_save(app, path)
    if table is None:
        return False
    app.scenes.push(table)
    return True
