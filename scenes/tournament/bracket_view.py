"""The knockout bracket (top cut or single elimination): drawn boxes joined by
lines, seeds beside the names, winners in gold, the champion at the end.

The picture is painted once per size into a surface and scrolled with the
wheel when a large bracket is taller than the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.tournament import BracketMatch, BracketRound, Tournament
from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene
from scenes.style import draw_backdrop, draw_heading

if TYPE_CHECKING:
    from scenes.manager import AppHost

BOX_H = 54
HEAD_H = 34
GAP = 40


class BracketScene(Scene):
    """The bracket of one tournament (a snapshot taken when opened)."""

    arrows_move_focus = False  # (they move through its list)

    def __init__(self, app: AppHost, t: Tournament) -> None:
        super().__init__(app)
        self.t = t
        self.rounds: list[BracketRound] = t.bracket()
        self.scroll = 0
        self.page: pygame.Surface | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.area = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.app.size
        self.panel = pygame.Rect(24, 20, w - 48, h - 40)
        p = self.panel
        by = p.bottom - 62
        self.back = ui.button(
            pygame.Rect(p.left + 22, by, 150, 44),
            tr("ui.common.back"),
            self.app.ui_manager,
            self.ui,
        )
        self.area = pygame.Rect(p.left + 22, p.top + 96, p.width - 44, by - 12 - (p.top + 96))
        self.page = self.paint() if self.rounds else None
        self.scroll = max(0, min(self.scroll, self._max_scroll()))

    def _max_scroll(self) -> int:
        return max(0, (self.page.get_height() if self.page else 0) - self.area.height)

    # -- painting --------------------------------------------------------------
    def geometry(self) -> tuple[int, int]:
        """Column width and the height of one first-round slot."""
        cols = len(self.rounds) + 1  # the champion's column
        col_w = min(250, (self.area.width - GAP * (cols - 1)) // cols)
        first = len(self.rounds[0].matches)
        slot_h = max(BOX_H + 14, (self.area.height - HEAD_H) // max(1, first))
        return col_w, slot_h

    def box_rect(self, k: int, j: int) -> pygame.Rect:
        """Where match `j` of knockout round `k` (0-based) is drawn on the page."""
        col_w, slot_h = self.geometry()
        span = slot_h * (2**k)
        cy = HEAD_H + int((j + 0.5) * span)
        return pygame.Rect(k * (col_w + GAP), cy - BOX_H // 2, col_w, BOX_H)

    def paint(self) -> pygame.Surface:
        """The whole bracket on one transparent surface."""
        col_w, slot_h = self.geometry()
        first = len(self.rounds[0].matches)
        height = max(self.area.height, HEAD_H + first * slot_h)
        page = pygame.Surface((self.area.width, height), pygame.SRCALPHA)
        for k, rnd in enumerate(self.rounds):
            x = k * (col_w + GAP)
            label = tr(f"tournament.bracket.{rnd.label}", size=len(rnd.matches) * 2)
            style.blit_text(
                page,
                label,
                20,
                (x + col_w // 2, 4),
                style.INK,
                kind="serif",
                anchor="midtop",
                max_width=col_w,
            )
            for j, m in enumerate(rnd.matches):
                self._connect(page, k, j, m)
                self._box(page, self.box_rect(k, j), m)
        self._champion(page, col_w)
        return page

    def _connect(self, page: pygame.Surface, k: int, j: int, m: BracketMatch) -> None:
        """The line from this match to the match its winner plays next."""
        if k + 1 >= len(self.rounds):
            src = self.box_rect(k, j)
            dst_x = src.right + GAP
            colour = style.GOLD if m.winner is not None else style.INK_SOFT
            pygame.draw.line(page, colour, (src.right, src.centery), (dst_x, src.centery), 2)
            return
        src = self.box_rect(k, j)
        dst = self.box_rect(k + 1, j // 2)
        mid = src.right + GAP // 2
        colour = style.GOLD_DARK if m.winner is not None else style.INK_SOFT
        width = 3 if m.winner is not None else 1
        pygame.draw.line(page, colour, (src.right, src.centery), (mid, src.centery), width)
        pygame.draw.line(page, colour, (mid, src.centery), (mid, dst.centery), width)
        pygame.draw.line(page, colour, (mid, dst.centery), (dst.left, dst.centery), width)

    def _box(self, page: pygame.Surface, rect: pygame.Rect, m: BracketMatch) -> None:
        pygame.draw.rect(page, style.PARCHMENT, rect, border_radius=6)
        half = rect.height // 2
        for i, (who, seed) in enumerate(((m.top, m.top_seed), (m.bottom, m.bottom_seed))):
            line = pygame.Rect(rect.left, rect.top + i * half, rect.width, half)
            won = who is not None and who == m.winner
            if won:
                pygame.draw.rect(page, style.GOLD_LIGHT, line.inflate(-4, -4), border_radius=4)
            if who is None:
                text = (
                    tr("tournament.labels.bye")
                    if m.status == "bye" or (m.winner is not None)
                    else tr("tournament.bracket.to_be_decided")
                )
                style.blit_text(
                    page,
                    text,
                    14,
                    (line.left + 10, line.centery),
                    style.INK_SOFT,
                    anchor="midleft",
                    max_width=line.width - 20,
                )
                continue
            e = self.t.entrant(who)
            lost = m.winner is not None and not won
            if seed is not None:
                style.blit_text(
                    page,
                    str(seed),
                    12,
                    (line.left + 8, line.centery),
                    style.INK_SOFT,
                    anchor="midleft",
                )
            style.blit_text(
                page,
                e.name,
                15,
                (line.left + 30, line.centery),
                style.INK_SOFT if lost else style.INK,
                kind="bold" if won else "sans",
                anchor="midleft",
                max_width=line.width - 40,
            )
        pygame.draw.line(
            page,
            style.PARCHMENT_DARK,
            (rect.left + 6, rect.top + half),
            (rect.right - 6, rect.top + half),
            1,
        )
        frame = style.GOLD if m.winner is not None else style.GOLD_DARK
        pygame.draw.rect(page, frame, rect, width=2, border_radius=6)
        if m.status == "walkover":
            style.blit_text(
                page,
                tr("tournament.outcomes.walkover"),
                11,
                (rect.right - 6, rect.top - 1),
                style.INK_SOFT,
                anchor="bottomright",
            )

    def _champion(self, page: pygame.Surface, col_w: int) -> None:
        final = self.rounds[-1].matches[0] if self.rounds[-1].matches else None
        k = len(self.rounds)
        anchor = self.box_rect(k - 1, 0)
        rect = pygame.Rect(k * (col_w + GAP), anchor.centery - 40, col_w, 80)
        style.blit_text(
            page,
            tr("tournament.bracket_view.champion"),
            20,
            (rect.centerx, rect.top - 30),
            style.INK,
            kind="serif",
            anchor="midtop",
        )
        pygame.draw.rect(page, style.WOOD_DARK, rect, border_radius=10)
        style.gold_frame(page, rect, 2, 10)
        name = (
            self.t.entrant(final.winner).name
            if final is not None and final.winner is not None
            else tr("tournament.bracket.to_be_decided")
        )
        colour = (
            style.GOLD_LIGHT
            if final is not None and final.winner is not None
            else style.PARCHMENT_DARK
        )
        style.blit_text(
            page,
            name,
            22,
            rect.center,
            colour,
            kind="serif",
            anchor="center",
            max_width=rect.width - 24,
        )

    # -- events and drawing ------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element == self.back) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            self.app.scenes.pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self._max_scroll(), self.scroll - int(event.y) * 60))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = -60 if event.key == pygame.K_UP else 60
            self.scroll = max(0, min(self._max_scroll(), self.scroll + step))

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.panel)
        p = self.panel
        head = draw_heading(
            surface,
            tr("tournament.labels.bracket"),
            (p.left + 22, p.top + 10),
            p.width - 44,
            size=36,
        )
        style.blit_text(
            surface,
            self.t.name,
            16,
            (p.left + 24, head.bottom + 10),
            style.INK_SOFT,
            max_width=p.width - 48,
        )
        if self.page is None:
            key = (
                "tournament.bracket_view.none"
                if self.t.knockout_stage is None
                else ("tournament.bracket_view.not_yet")
            )
            style.blit_text(
                surface,
                tr(key),
                19,
                (p.centerx, self.area.top + 60),
                style.INK_SOFT,
                anchor="midtop",
                max_width=p.width - 80,
            )
            return
        surface.blit(
            self.page,
            self.area.topleft,
            area=pygame.Rect(0, self.scroll, self.area.width, self.area.height),
        )
        if self._max_scroll():
            view = self.area.height
            total = self.page.get_height()
            bar_h = max(30, view * view // total)
            bar_y = self.area.top + (view - bar_h) * self.scroll // self._max_scroll()
            pygame.draw.rect(
                surface,
                style.GOLD_DARK,
                pygame.Rect(self.area.right + 4, bar_y, 6, bar_h),
                border_radius=3,
            )
