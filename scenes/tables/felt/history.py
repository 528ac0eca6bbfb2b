"""The hand history: the table's log, in hands.

`HandHistory` is a `LogPanel` (so a table can use it as its `log`) that also
knows where each hand starts: `start_hand(title)` opens a new hand with a gold
heading, and the arrows in the title row page back through earlier hands
(the newest hand is shown live). Lines come from the caller, already worded
for the seat that looks.
"""

from __future__ import annotations

import pygame

from scenes import style
from scenes.widgets.log_panel import LogPanel


class HandHistory(LogPanel):
    """A log split into hands, with paging."""

    def __init__(self, rect: pygame.Rect, title: str = "", text_size: int = 14) -> None:
        super().__init__(rect, title, max_lines=2000, text_size=text_size)
        #: (heading, index of its first entry) for each hand
        self.hands: list[tuple[str, int]] = []
        #: the hand shown, or None for the live (latest) one
        self.page: int | None = None

    def start_hand(self, title: str) -> None:
        """Open a new hand (its heading is the first line)."""
        self.hands.append((title, len(self.entries)))
        self.add(title, style.GOLD_DARK)
        self.page = None

    def clear(self) -> None:
        """Forget every hand."""
        super().clear()
        self.hands = []
        self.page = None

    def hand_lines(self, index: int) -> list[tuple[str, tuple[int, int, int]]]:
        """The entries of hand `index` (heading first)."""
        start = self.hands[index][1]
        end = self.hands[index + 1][1] if index + 1 < len(self.hands) else len(self.entries)
        return self.entries[start:end]

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        r = self.rect
        right = pygame.Rect(r.right - 34, r.top + 8, 24, 24)
        left = pygame.Rect(r.right - 62, r.top + 8, 24, 24)
        return left, right

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Wheel scrolls; the arrows page through hands. Returns True if used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and len(self.hands) > 1:
            left, right = self._arrows()
            current = len(self.hands) - 1 if self.page is None else self.page
            if left.collidepoint(event.pos):
                self.page = max(0, current - 1)
            elif right.collidepoint(event.pos):
                nxt = current + 1
                self.page = None if nxt >= len(self.hands) - 1 else nxt
            else:
                return False
            self.scroll = 0
            self._wrapped = None
            return True
        return super().handle_event(event)

    def _lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        if self._wrapped is None and self.page is not None:
            out: list[tuple[str, tuple[int, int, int]]] = []
            for text, colour in self.hand_lines(self.page):
                out.extend(
                    (line, colour)
                    for line in style.wrap_text(text, self.text_size, self._text_width())
                )
            self._wrapped = out
        return super()._lines()

    def draw(self, target: pygame.Surface) -> None:
        """Paint the log and, when there is more than one hand, the paging arrows."""
        key = (self.page, len(self.hands))
        if getattr(self, "_page_key", None) != key:
            self._page_key = key
            self._cache_key = None
        super().draw(target)
        if len(self.hands) > 1:
            left, right = self._arrows()
            current = len(self.hands) - 1 if self.page is None else self.page
            for rect, on, pts in (
                (left, current > 0, [(16, 4), (16, 20), (6, 12)]),
                (right, self.page is not None, [(8, 4), (8, 20), (18, 12)]),
            ):
                colour = style.INK if on else style.PARCHMENT_DARK
                pygame.draw.polygon(target, colour, [(rect.left + x, rect.top + y) for x, y in pts])
            if self.page is not None:
                style.blit_text(
                    target,
                    f"{self.page + 1}/{len(self.hands)}",
                    12,
                    (left.left - 6, left.centery),
                    style.INK_SOFT,
                    anchor="midright",
                )
