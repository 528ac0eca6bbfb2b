"""The end of a Wyr game: the standings (groups' totals in group play, who wins
under Azgher) beside the money line chart over the rounds ([Y10], [Y11])."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import Event
from scenes import style, ui
from scenes.i18n import tr
from scenes.tables import felt
from scenes.tables.face import TableFace
from scenes.tables.wyr.model import money_history
from scenes.tables.wyr.words import money
from scenes.victory import VictoryOverlay

if TYPE_CHECKING:
    from scenes.manager import AppHost


class WyrStandingsTable(TableFace, Protocol):
    """The Wyr table as its standings read it (the table opens them, so they name
    only what they read, never the table's module)."""

    @property
    def history(
        self,
    ) -> Sequence[tuple[Event | None, str, tuple[int, int, int], dict[str, Any]]]: ...
    def view(self) -> dict[str, Any]: ...
    def name(self, seat: int) -> str: ...
    def seat_look(self, seat: int) -> tuple[tuple[int, int, int], str]: ...


class WyrResults(VictoryOverlay):
    """The victory overlay, widened to hold the money chart on its right."""

    def __init__(self, app: AppHost, table: WyrStandingsTable) -> None:
        super().__init__(app, table)
        self.wyr = table
        told = [event for event, *_ in table.history if event is not None]
        self.rows: list[list[int]] = money_history(table.match, told)
        self.chart = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        box = ui.centered((w, h), min(w - 60, 1040), min(h - 40, 600))
        self.box = box
        left_w = max(300, int(box.width * 0.4))
        self.wrapped = [
            part for line in self.summary_lines() for part in style.wrap_text(line, 16, left_w - 70)
        ]
        y = box.bottom - 70
        moves = (
            (self.back_to_caller, (box.left + left_w // 2 - 130, y)),
            (self.menu, (box.left + 40, y)),
            (self.again, (box.left + 40 + 190, y)),
            (self.look, (box.right - 136, box.top + 12)),
        )
        for widget, pos in moves:
            if widget is not None:
                widget.set_position(pos)
                if widget in (self.menu, self.again):
                    widget.set_dimensions((180, 48))
        self.chart = pygame.Rect(
            box.left + left_w, box.top + 64, box.width - left_w - 24, box.height - 96
        )

    def toast_area(self) -> pygame.Rect:
        """Messages stand over the standings, left of the chart (they covered its axis)."""
        return pygame.Rect(self.box.left, 0, self.chart.left - self.box.left, self.box.bottom - 78)

    def chart_series(self) -> list[felt.Series]:
        """One line a lord: name, colour, emblem and money after every round."""
        series = []
        groups = self.wyr.view().get("group_of") or []
        for s in range(self.wyr.match.n_seats):
            colour, emblem = self.wyr.seat_look(s)
            if groups:  # partners share a colour: a shade each, or six lines in
                # two colours could not be told apart ([Y1]); white goes greyer
                k = sum(1 for t in range(s) if groups[t] == groups[s])
                to = 70 if sum(colour) > 600 else 255
                r, g, b = (round(c + (to - c) * 0.3 * k) for c in colour)
                colour = (r, g, b)
            series.append(
                felt.Series(self.wyr.name(s), colour, emblem, tuple(r[s] for r in self.rows))
            )
        return series

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        series = self.chart_series()
        felt.draw_line_chart(
            surface,
            self.chart,
            series,
            tr("wyrtable.results.chart"),
            tr("wyrtable.results.rounds"),
            money,
        )
