"""Saving a table: the autosave after every turn, named saves, the replay at
the end, and reopening a save on its game's table.

`write_table_save` is the single writer of a table's save files (the pause
menu, the autosave and a shutdown all go through it). The thumbnail is the
table drawn off screen; in hot-seat it is drawn as a spectator sees it, so a
save's picture never carries anybody's hidden cards.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import history, replays, saves
from scenes.i18n import tr

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.tables.base import TableScene

THUMB_WIDTH = 256


def thumbnail_png(table: TableScene) -> bytes | None:
    """A small PNG of the table as it stands (public view in hot-seat)."""
    try:
        surface = pygame.Surface(table.app.size)
        viewer = table.viewer
        public = table.needs_curtain and viewer is not None
        if public:
            table.viewer = None
            table.sync()
        try:
            table.draw(surface)
        finally:
            if public:
                table.viewer = viewer
                table.sync()
        w, h = surface.get_size()
        small = pygame.transform.smoothscale(surface, (THUMB_WIDTH, max(1, THUMB_WIDTH * h // w)))
        buf = io.BytesIO()
        pygame.image.save(small, buf, "thumb.png")
        return buf.getvalue()
    except (pygame.error, ValueError, OSError):
        return None


def keeps_saves(table: TableScene) -> bool:
    """Tables opened by a tournament keep their matches in the tournament's store."""
    return table.on_result is None and table.on_leave is None and not table.spectator


def write_table_save(table: TableScene, kind: str = "auto", name: str = "") -> Path:
    """Write the table's match: the game's autosave, or a new named save. Raises OSError."""
    match = table.match
    path = (
        saves.autosave_path(match.game_name)
        if kind == "auto"
        else saves.named_save_path(match.game_name)
    )
    saves.write_save(match, path, kind, name, thumbnail_png(table))
    return path


class Autosaver:
    """Writes the autosave when a turn ends and when a person is to act."""

    def __init__(self, table: TableScene) -> None:
        self.last_len = len(table.match.log)
        self.last_turn = table.match.turn

    def tick(self, table: TableScene) -> None:
        """Called by the table when its event queue is empty."""
        match = table.match
        if match.is_over or not keeps_saves(table) or len(match.log) == self.last_len:
            return
        if match.turn == self.last_turn and table.human_to_act() is None:
            return
        self.last_len, self.last_turn = len(match.log), match.turn
        try:
            write_table_save(table, "auto")
        except OSError as e:
            table.app.notify(tr("life.saves.autosave_failed", reason=str(e)), "error")


def finish(table: TableScene) -> str:
    """The match ended: keep its replay, drop its autosave; returns the replay's path."""
    match = table.match
    if not keeps_saves(table):
        return ""
    auto = saves.autosave_path(match.game_name)
    if auto.exists() and saves.same_match(auto, match):
        saves.delete_save(auto)
    try:
        return str(replays.write_replay(match))
    except OSError:
        return ""


def record_end(table: TableScene) -> None:
    """Replay file and history line of a finished match (never raises)."""
    replay = finish(table)
    history.record_match(table.match, table.humans, table.practice, replay=replay)


def refusal_text(refused: saves.SaveRefused) -> str:
    """A refused save in plain words, saying where it was moved."""
    text = tr(refused.key, name=refused.path.name, **refused.params)
    if refused.moved_to is not None:
        text += " " + tr("life.saves.moved", name=refused.moved_to.name)
    return text


def open_save(app: App, path: Path) -> TableScene | None:
    """The table of a saved match, or None after telling the user why not."""
    from scenes.tables import table_class, table_ready
    from scenes.tables.base import SeatSetup

    try:
        match = saves.load_save(path)
    except saves.SaveRefused as r:
        app.notify(refusal_text(r), "error")
        return None
    if not table_ready(match.game_name):
        app.notify(tr("ui.new_match.not_ready", game=tr(f"ui.games.{match.game_name}")), "error")
        return None
    players = match.meta.get("players", [])
    if isinstance(players, list) and len(players) == match.n_seats:
        seats = [SeatSetup(str(p.get("name", "?")), p.get("bot")) for p in players]
    else:
        seats = [SeatSetup(n) for n in match.seats]
    return table_class(match.game_name)(
        app, match, seats, practice=bool(match.meta.get("practice"))
    )


def continue_latest(app: App) -> bool:
    """ "Continue": open the most recent save in one click. Returns True if a table opened."""
    latest = saves.latest_save()
    if latest is None:
        app.notify(tr("life.saves.nothing"), "warn")
        return False
    table = open_save(app, latest.path)
    if table is None:
        return False
    app.scenes.push(table)
    return True
