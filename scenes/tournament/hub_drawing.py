"""How the tournament hub paints itself: the round's title and its tables, the
entrants, the footer and the bracket's words.
"""

from __future__ import annotations

import pygame

from game.tournament.model import Round
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


class HubDrawing:
    """Painting of `TournamentHub`."""

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.panel)
        p = self.panel
        t = self.t
        side_left = self.buttons["play"].rect.left if self.buttons else p.right - 260
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
        champ = self._champion
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
        rnd = self.shown_round
        nav_y = self.list.rect.top - 42
        if rnd is None:
            style.blit_text(
                surface,
                tr("tournament.hub.not_started", n=len(t.entrants)),
                17,
                (self.list.rect.left, nav_y + 8),
                style.INK,
                kind="bold",
                max_width=self.list.rect.width,
            )
            self.list.draw(surface, self._paint_entrant)
        else:
            self._draw_round_title(surface, rnd, nav_y)
            self.list.draw(surface, self._paint_table)
        self._draw_footer(surface)

    def _bracket_suffix(self, rnd: Round) -> str:
        """ " · Semi-finals" for a knockout round (cached: the bracket is rebuilt per call)."""
        key = (rnd.number, len(self.t.rounds))
        if key not in self._suffixes:
            br = next((b for b in self.t.bracket() if b.round_number == rnd.number), None)
            self._suffixes[key] = (
                " · " + tr(f"tournament.bracket.{br.label}", size=len(br.matches) * 2)
                if br is not None
                else ""
            )
        return self._suffixes[key]

    def _draw_round_title(self, surface: pygame.Surface, rnd: Round, y: int) -> None:
        x = self.list.rect.left + 92
        if rnd.stage in ("swiss", "melee"):
            count = len(self.t.stage_rounds(rnd.stage))
            idx = self.t.stage_rounds(rnd.stage).index(rnd) + 1
            title = tr(
                "tournament.labels.round_of_total",
                number=idx,
                total=max(count, self.t.rounds_planned),
            )
            title += " · " + stage_label(rnd.stage)
        else:
            title = round_label(rnd) + self._bracket_suffix(rnd)
        done = sum(1 for tb in rnd.tables if tb.done)
        right = tr("tournament.hub.tables_done", done=done, total=len(rnd.tables))
        rw = style.font(15).size(right)[0]
        style.blit_text(
            surface, right, 15, (self.list.rect.right, y + 16), style.INK_SOFT, anchor="midright"
        )
        style.blit_text(
            surface,
            title,
            24,
            (x, y + 16),
            style.INK,
            kind="serif",
            anchor="midleft",
            max_width=self.list.rect.width - 92 - rw - 16,
        )

    def _draw_footer(self, surface: pygame.Surface) -> None:
        """The progress bar while the bots play, else the selected table's result."""
        r = self.progress_rect
        if self.worker is not None:
            draw_progress(surface, r, self.sim_done, self.sim_total)
            return
        table = self.selected_table
        if table is not None and table.result is not None:
            text = (
                result_words(self.t, table, table.result)
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

    def _paint_entrant(self, surface: pygame.Surface, i: int, rect: pygame.Rect, sel: bool) -> None:
        paint_entrant(surface, self.t, self.t.entrants[i], rect)

    def _paint_table(self, surface: pygame.Surface, i: int, rect: pygame.Rect, sel: bool) -> None:
        rnd = self.shown_round
        assert rnd is not None
        table = rnd.tables[i]
        paint_table(surface, self.t, table, rect, kept=table.number in self.kept)
