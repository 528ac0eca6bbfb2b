"""How the tournament hub paints itself: the round's title and its tables, the
entrants, the footer and the bracket's words.

`HubPainter` is handed the hub's row list once and a `HubFrame` every frame
(what the hub shows now); it keeps only the bracket words it has worked out.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass
from functools import partial

import pygame

from game.tournament import Tournament
from game.tournament.model import Entrant, Round, Table
from scenes import style
from scenes.i18n import tr
from scenes.style import draw_backdrop, draw_heading
from scenes.tournament.common import (
    format_label,
    game_title,
    result_words,
    round_label,
    source_label,
    stage_label,
)
from scenes.tournament.hub_paint import draw_progress, paint_entrant, paint_table
from scenes.tournament.row_list import RowList


@dataclass(frozen=True)
class HubFrame:
    """What the hub shows this frame."""

    t: Tournament
    panel: pygame.Rect
    #: where the side column of buttons starts (the summary stops before it)
    side_left: int
    progress_rect: pygame.Rect
    champion: Entrant | None
    shown_round: Round | None
    selected_table: Table | None
    #: tables whose half-played match is kept in the store
    kept: Set[int]
    #: the bots are playing: the footer is their progress bar
    busy: bool
    sim_done: int
    sim_total: int


class HubPainter:
    """Painting of `TournamentHub`: the heading, the round's rows and the footer."""

    def __init__(self, rows: RowList) -> None:
        self.rows = rows
        #: " · Semi-finals" per (round, rounds so far): the bracket is rebuilt per call
        self.suffixes: dict[tuple[int, int], str] = {}

    def forget(self) -> None:
        """The language or the bracket may have changed: work the words out again."""
        self.suffixes.clear()

    def draw(self, surface: pygame.Surface, frame: HubFrame) -> None:
        """The whole hub but its widgets."""
        draw_backdrop(surface, frame.panel)
        p = frame.panel
        t = frame.t
        side_left = frame.side_left
        head = draw_heading(surface, t.name, (p.left + 22, p.top + 10), p.width - 44, size=36)
        summary = tr(
            "tournament.hub.summary",
            game=game_title(t.game),
            format=format_label(t.format),
            entrants=len(t.entrants),
        )
        style.blit_text(
            surface,
            summary,
            17,
            (p.left + 24, head.bottom + 10),
            style.INK_SOFT,
            max_width=side_left - p.left - 40,
        )
        champ = frame.champion
        if champ is not None:
            style.blit_text(
                surface,
                tr("tournament.labels.champion", name=champ.name),
                24,
                (p.right - 24, head.bottom + 4),
                style.RED,
                kind="serif",
                anchor="topright",
                max_width=p.right - side_left,
            )
        rnd = frame.shown_round
        nav_y = self.rows.rect.top - 42
        if rnd is None:
            style.blit_text(
                surface,
                tr("tournament.hub.not_started", n=len(t.entrants)),
                17,
                (self.rows.rect.left, nav_y + 8),
                style.INK,
                kind="bold",
                max_width=self.rows.rect.width,
            )
            self.rows.draw(surface, partial(self._paint_entrant, frame))
        else:
            self._draw_round_title(surface, t, rnd, nav_y)
            self.rows.draw(surface, partial(self._paint_table, frame))
        self._draw_footer(surface, frame)

    def _bracket_suffix(self, t: Tournament, rnd: Round) -> str:
        """ " · Semi-finals" for a knockout round (cached: the bracket is rebuilt per call)."""
        key = (rnd.number, len(t.rounds))
        if key not in self.suffixes:
            br = next((b for b in t.bracket() if b.round_number == rnd.number), None)
            self.suffixes[key] = (
                " · " + tr(f"tournament.bracket.{br.label}", size=len(br.matches) * 2)
                if br is not None
                else ""
            )
        return self.suffixes[key]

    def _draw_round_title(self, surface: pygame.Surface, t: Tournament, rnd: Round, y: int) -> None:
        x = self.rows.rect.left + 92
        if rnd.stage in ("swiss", "melee"):
            count = len(t.stage_rounds(rnd.stage))
            idx = t.stage_rounds(rnd.stage).index(rnd) + 1
            title = tr(
                "tournament.labels.round_of_total",
                number=idx,
                total=max(count, t.rounds_planned),
            )
            title += " · " + stage_label(rnd.stage)
        else:
            title = round_label(rnd) + self._bracket_suffix(t, rnd)
        done = sum(1 for tb in rnd.tables if tb.done)
        right = tr("tournament.hub.tables_done", done=done, total=len(rnd.tables))
        rw = style.font(15).size(right)[0]
        style.blit_text(
            surface, right, 15, (self.rows.rect.right, y + 16), style.INK_SOFT, anchor="midright"
        )
        style.blit_text(
            surface,
            title,
            24,
            (x, y + 16),
            style.INK,
            kind="serif",
            anchor="midleft",
            max_width=self.rows.rect.width - 92 - rw - 16,
        )

    @staticmethod
    def _draw_footer(surface: pygame.Surface, frame: HubFrame) -> None:
        """The progress bar while the bots play, else the selected table's result."""
        r = frame.progress_rect
        if frame.busy:
            draw_progress(surface, r, frame.sim_done, frame.sim_total)
            return
        table = frame.selected_table
        if table is not None and table.result is not None:
            text = (
                result_words(frame.t, table, table.result)
                + " — "
                + source_label(table.result.source)
            )
            style.blit_text(
                surface,
                text,
                15,
                (r.left, r.centery),
                style.INK_SOFT,
                anchor="midleft",
                max_width=r.width,
            )

    @staticmethod
    def _paint_entrant(
        frame: HubFrame, surface: pygame.Surface, i: int, rect: pygame.Rect, sel: bool
    ) -> None:
        paint_entrant(surface, frame.t, frame.t.entrants[i], rect)

    @staticmethod
    def _paint_table(
        frame: HubFrame, surface: pygame.Surface, i: int, rect: pygame.Rect, sel: bool
    ) -> None:
        rnd = frame.shown_round
        assert rnd is not None
        table = rnd.tables[i]
        paint_table(surface, frame.t, table, rect, kept=table.number in frame.kept)
