"""A scrolling match log on parchment: newest at the bottom, wheel to scroll."""

from __future__ import annotations

import pygame

from scenes import style
from scenes.text_scale import scaled


class LogPanel:
    """Keeps lines of text and draws the visible window of them."""

    def __init__(
        self, rect: pygame.Rect, title: str = "", max_lines: int = 500, text_size: int = 15
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.title = title
        self.max_lines = max_lines
        self.text_size = text_size
        self.entries: list[tuple[str, tuple[int, int, int]]] = []
        self.scroll = 0  # wrapped lines scrolled up from the bottom
        self._wrapped: list[tuple[str, tuple[int, int, int]]] | None = None
        #: each entry's text wrapped at the panel's width: a new line wraps only
        #: itself (re-wrapping the whole log for each line cost a War table 5 ms
        #: frames once the log held 80 lines)
        self._wrap_memo: dict[str, list[str]] = {}
        self._cache_key: object = None
        self._cache = pygame.Surface((1, 1))
        #: bumped by every change to the lines: the cache must never outlive one
        #: (a hot-seat log retold for the next person kept the same count and
        #: last line, and the last person's cards stayed drawn)
        self._revision = 0
        #: the lines as last painted: what the screen shows, for secrecy checks
        self.drawn: list[tuple[str, tuple[int, int, int]]] = []

    def add(self, text: str, colour: tuple[int, int, int] = style.INK) -> None:
        """Append a line; the view follows the newest unless scrolled up."""
        self.entries.append((text, colour))
        if len(self.entries) > self.max_lines:
            self.entries = self.entries[-self.max_lines :]
        self._wrapped = None
        self._revision += 1
        if self.scroll:
            self.scroll += len(self._wrap(text))

    def clear(self) -> None:
        """Forget every line."""
        self.entries.clear()
        self._wrapped = None
        self._revision += 1
        self.scroll = 0

    def set_rect(self, rect: pygame.Rect) -> None:
        """Move/resize (window resize)."""
        rect = pygame.Rect(rect)
        if rect.width != self.rect.width:
            self._wrap_memo = {}
        self.rect = rect
        self._wrapped = None

    def _text_width(self) -> int:
        return max(40, self.rect.width - 28)

    def _wrap(self, text: str) -> list[str]:
        """`text` as the panel's lines (remembered until the width changes)."""
        lines = self._wrap_memo.get(text)
        if lines is None:
            lines = self._wrap_memo[text] = style.wrap_text(
                text, self.text_size, self._text_width()
            )
        return lines

    def _lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        if self._wrapped is None:
            out: list[tuple[str, tuple[int, int, int]]] = []
            kept: dict[str, list[str]] = {}
            for text, colour in self.entries:
                kept[text] = lines = self._wrap(text)
                out.extend((line, colour) for line in lines)
            self._wrap_memo = kept  # texts that left the log are forgotten
            self._wrapped = out
        return self._wrapped

    def _visible_count(self) -> int:
        top = 10 + scaled(30) if self.title else 12
        return max(1, (self.rect.height - top - 10) // (scaled(self.text_size) + 6))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse wheel over the panel scrolls it; returns True if used."""
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            limit = max(0, len(self._lines()) - self._visible_count())
            self.scroll = max(0, min(limit, self.scroll + event.y * 3))
            return True
        return False

    def draw(self, target: pygame.Surface) -> None:
        """Paint the panel and the visible lines (repainted only when they change)."""
        key = (self.rect.size, self._revision, self.scroll, self.title, scaled(100))
        if key != self._cache_key:
            self._cache_key = key
            self._cache = self._paint()
        target.blit(self._cache, self.rect.topleft)

    def _paint(self) -> pygame.Surface:
        self.drawn = list(self.entries)
        surf = style.parchment(self.rect.size).copy()
        y = 10
        if self.title:
            width = self.rect.width - 28
            style.blit_text(surf, self.title, 22, (14, y), style.INK, "serif", max_width=width)
            y += scaled(30)
        lines = self._lines()
        n = self._visible_count()
        end = len(lines) - self.scroll
        start = max(0, end - n)
        for text, colour in lines[start:end]:
            style.blit_text(surf, text, self.text_size, (14, y), colour)
            y += scaled(self.text_size) + 6
        if self.scroll:  # more lines below: a small gold triangle
            x, y = self.rect.width - 16, self.rect.height - 18
            pygame.draw.polygon(surf, style.INK_SOFT, [(x - 6, y - 4), (x + 6, y - 4), (x, y + 4)])
        return surf
