"""A drawn, scrolling list of rows with one selected row (history, tables).

Rows are painted by the screen that owns the list (a callback per visible row),
so a field of 200 entrants costs no widgets at all; the list only keeps the
scroll offset and the selection, which survive rebuilds on resize.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes import style

#: paint(surface, index, row_rect, selected)
PaintRow = Callable[[pygame.Surface, int, pygame.Rect, bool], None]


class RowList:
    """Selection and scrolling over `count` rows of `row_h` pixels inside `rect`."""

    def __init__(self, row_h: int = 44) -> None:
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.row_h = row_h
        self.count = 0
        self.selected: int | None = None
        self.scroll = 0

    # -- geometry ------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect) -> None:
        """Place the list (after a resize)."""
        self.rect = pygame.Rect(rect)
        self.clamp()
        if self.selected is not None:
            self.show(self.selected)  # a selection made before the layout stays in view

    def set_count(self, count: int) -> None:
        """The number of rows changed."""
        self.count = count
        if self.selected is not None and self.selected >= count:
            self.selected = count - 1 if count else None
        self.clamp()

    @property
    def max_scroll(self) -> int:
        """How far the list can scroll."""
        return max(0, self.count * self.row_h - self.rect.height)

    def clamp(self) -> None:
        """Keep the scroll offset inside the content."""
        self.scroll = max(0, min(self.max_scroll, self.scroll))

    def row_rect(self, index: int) -> pygame.Rect:
        """Where a row is drawn now (may be outside the visible area)."""
        return pygame.Rect(
            self.rect.left,
            self.rect.top + index * self.row_h - self.scroll,
            self.rect.width - 10,
            self.row_h,
        )

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The row under a point, if any."""
        if not self.rect.collidepoint(pos):
            return None
        i = (pos[1] - self.rect.top + self.scroll) // self.row_h
        return int(i) if 0 <= i < self.count else None

    def show(self, index: int) -> None:
        """Scroll so that a row is fully visible."""
        top = index * self.row_h
        if top < self.scroll:
            self.scroll = top
        elif top + self.row_h > self.scroll + self.rect.height:
            self.scroll = top + self.row_h - self.rect.height
        self.clamp()

    def select(self, index: int | None) -> None:
        """Select a row (None: nothing) and bring it into view."""
        self.selected = index if index is None or 0 <= index < self.count else self.selected
        if self.selected is not None:
            self.show(self.selected)

    # -- input ---------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Wheel, clicks and arrow keys; True when the event changed the list."""
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                self.scroll -= int(event.y) * self.row_h
                self.clamp()
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.index_at(event.pos)
            if i is not None:
                self.selected = i
                return True
        elif event.type == pygame.KEYDOWN and self.count:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(event.key)
            if step is not None:
                cur = self.selected if self.selected is not None else (-1 if step > 0 else 0)
                self.select(max(0, min(self.count - 1, cur + step)))
                return True
        return False

    # -- drawing -------------------------------------------------------------
    def draw(self, surface: pygame.Surface, paint: PaintRow) -> None:
        """Paint the visible rows (clipped) and a slim scroll indicator."""
        old = surface.get_clip()
        surface.set_clip(self.rect.clip(old) if old else self.rect)
        first = self.scroll // self.row_h
        last = min(self.count, (self.scroll + self.rect.height) // self.row_h + 1)
        for i in range(first, last):
            rect = self.row_rect(i)
            selected = i == self.selected
            if selected:
                band = pygame.Surface(rect.size, pygame.SRCALPHA)
                band.fill((*style.GOLD, 90))
                surface.blit(band, rect.topleft)
                pygame.draw.rect(surface, style.GOLD_DARK, rect, width=2, border_radius=6)
            elif i % 2:
                band = pygame.Surface(rect.size, pygame.SRCALPHA)
                band.fill((*style.PARCHMENT_DARK, 70))
                surface.blit(band, rect.topleft)
            paint(surface, i, rect, selected)
        surface.set_clip(old)
        if self.max_scroll:
            view = self.rect.height
            total = self.count * self.row_h
            bar_h = max(24, view * view // total)
            bar_y = self.rect.top + (view - bar_h) * self.scroll // self.max_scroll
            pygame.draw.rect(
                surface,
                style.GOLD_DARK,
                pygame.Rect(self.rect.right - 6, bar_y, 5, bar_h),
                border_radius=3,
            )
