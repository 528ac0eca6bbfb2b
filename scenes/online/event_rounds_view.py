"""The Round section of an online event's screen (issue 47): every round can be
browsed, each with its tables, byes and results, and each finished match's
replay watched by those the server shows it to (the event's entrants and its
organizer).

`RoundBrowser` decides which round is shown (the latest, following new rounds,
until the player steps back); `ReplayFetch` waits for one asked replay without
holding a frame; `round_buttons` lays the section's buttons (previous / next
round on the heading's row, "Replay" and the organizer's "Correct" on the
tables' rows) and `draw_round` its lines beside them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from game.net.lobby_client import LobbyClient
from game.net.lobby_events import EventView, RoundView, TableView
from scenes import style, ui
from scenes.i18n import tr
from scenes.online.event_paint import ROW_H, draw_empty, draw_lines, table_words
from scenes.online.event_words import stage_name

#: seconds a replay is waited for before the player is told the server did not send it
FETCH_FOR = 20.0
#: widths of a row's buttons
REPLAY_W, CORRECT_W, NAV_GAP = 110, 120, 8


class RoundBrowser:
    """Which round the section shows: the latest (new rounds are followed) or
    one the player stepped back to."""

    def __init__(self) -> None:
        #: the round shown, or None for the latest
        self.number: int | None = None

    def shown(self, view: EventView) -> RoundView | None:
        """The round on screen (None before the first)."""
        if not view.rounds:
            return None
        if self.number is not None:
            for rnd in view.rounds:
                if rnd.round == self.number:
                    return rnd
        return view.rounds[-1]

    def step(self, view: EventView, by: int) -> bool:
        """One round back (-1) or on (+1); whether it moved."""
        rnd = self.shown(view)
        if rnd is None:
            return False
        i = view.rounds.index(rnd) + by
        if not 0 <= i < len(view.rounds):
            return False
        self.number = None if i == len(view.rounds) - 1 else view.rounds[i].round
        return True

    def position(self, view: EventView) -> tuple[int, int]:
        """(the shown round's place from 1, how many rounds); (0, 0) before the first."""
        rnd = self.shown(view)
        return (view.rounds.index(rnd) + 1, len(view.rounds)) if rnd is not None else (0, 0)


def may_watch(view: EventView) -> bool:
    """Whether the server would send us this event's replays."""
    return view.organizer or view.registered


@dataclass
class ReplayFetch:
    """One replay asked for and not yet in ("" when nothing is waited for)."""

    table: str = ""
    since: float = 0.0

    def start(self, lobby: LobbyClient, table: str, now: float) -> None:
        """Ask the server for a table's replay."""
        self.table, self.since = table, now
        lobby.ask_replay(table)

    def poll(self, lobby: LobbyClient, now: float) -> dict[str, Any] | str | None:
        """The document once in; "timeout" after `FETCH_FOR`; "gone" when the
        server refused (the refusal is said by the screen); None while waiting."""
        if not self.table:
            return None
        doc = lobby.take_replay(self.table)
        if doc is not None:
            self.table = ""
            return doc
        if not lobby.replays.waiting(self.table):
            self.table = ""
            return "gone"
        if now - self.since >= FETCH_FOR:
            lobby.replays.forget(self.table)
            self.table = ""
            return "timeout"
        return None


def with_event_seats(doc: dict[str, Any], view: EventView, table: str) -> dict[str, Any]:
    """The document with each seat marked as the event knows it (a bot entrant's
    level), so the viewer's plates do not call a bot a person."""
    tv = next((t for r in view.rounds for t in r.tables if table in t.replays), None)
    seats = doc.get("seats")
    raw = doc.get("meta")
    meta: dict[str, Any] = raw if isinstance(raw, dict) else {}
    if tv is None or "players" in meta or not isinstance(seats, list):
        return doc
    if len(seats) != len(tv.seats):
        return doc
    bots = {e.number: e.bot for e in view.entrants}
    players = [
        {"name": str(name), "bot": bots.get(n) or None}
        for name, (n, _) in zip(seats, tv.seats, strict=True)
    ]
    return {**doc, "meta": {**meta, "players": players}}


def round_buttons(
    view: EventView,
    rnd: RoundView,
    area: pygame.Rect,
    manager: pygame_gui.UIManager,
    container: Any,
) -> dict[pygame_gui.elements.UIButton, tuple[str, Any]]:
    """The section's buttons: ("prev" | "next", None) on the heading's row,
    ("replay", table id) and ("correct", TableView) on the tables' rows."""
    out: dict[pygame_gui.elements.UIButton, tuple[str, Any]] = {}
    right = area.right
    at = view.rounds.index(rnd)
    for what, enabled in (("next", at < len(view.rounds) - 1), ("prev", at > 0)):
        text = tr(f"online_event.{what}_round")
        w = style.text_width(text, 16) + 32
        b = ui.button(pygame.Rect(right - w, area.top + 1, w, ROW_H - 4), text, manager, container)
        if not enabled:
            b.disable()
        out[b] = (what, None)
        right -= w + NAV_GAP
    watch = may_watch(view)
    # corrections stay on the latest round, as before (a later round was paired on the old one)
    correct = view.organizer and view.head.status != "finished" and rnd is view.current
    fit = max(1, area.height // ROW_H)
    for i, t in enumerate(rnd.tables[: fit - 1]):
        if t.bye:
            continue
        y = area.top + (i + 1) * ROW_H + 2
        x = area.right
        if watch and t.replays:
            x -= REPLAY_W
            b = ui.button(
                pygame.Rect(x, y, REPLAY_W, ROW_H - 4),
                tr("online_event.watch_replay"),
                manager,
                container,
            )
            out[b] = ("replay", t.replays[-1])
            x -= NAV_GAP
        if correct:
            x -= CORRECT_W
            b = ui.button(
                pygame.Rect(x, y, CORRECT_W, ROW_H - 4),
                tr("online_event.correct"),
                manager,
                container,
            )
            out[b] = ("correct", t)
    return out


def buttons_width(view: EventView, rnd: RoundView) -> int:
    """How much of a table's row its buttons take (the text keeps the rest)."""
    w = 0
    if may_watch(view) and any(t.replays for t in rnd.tables):
        w += REPLAY_W + NAV_GAP
    if view.organizer and view.head.status != "finished" and rnd is view.current:
        w += CORRECT_W + NAV_GAP
    return w


def draw_round(
    surface: pygame.Surface, area: pygame.Rect, view: EventView, browser: RoundBrowser
) -> None:
    """The shown round: its heading (which of how many), then a line a table."""
    rnd = browser.shown(view)
    if rnd is None:
        draw_empty(surface, area, "online_event.not_started")
        return
    mine = _my_table(view, rnd)
    n, total = browser.position(view)
    head = tr("online_event.round_head", n=rnd.round, stage=stage_name(rnd.stage))
    head += "  ·  " + tr("online_event.round_of", n=n, total=total)
    nav = sum(
        style.text_width(tr(f"online_event.{w}_round"), 16) + 32 + NAV_GAP for w in ("prev", "next")
    )
    style.blit_text(
        surface,
        style.ellipsize(head, 16, area.width - nav - 16, "bold"),
        16,
        (area.left + 8, area.top + 7),
        style.INK,
        kind="bold",
    )
    watch = may_watch(view)
    body = pygame.Rect(area.left, area.top + ROW_H, area.width, area.height - ROW_H)
    lines = [(table_words(view, t, replay_note=not watch), t is mine) for t in rnd.tables]
    body.width -= buttons_width(view, rnd)
    draw_lines(surface, body, lines)


def _my_table(view: EventView, rnd: RoundView) -> TableView | None:
    if view.me is None:
        return None
    return next((t for t in rnd.tables if any(n == view.me for n, _ in t.seats)), None)
