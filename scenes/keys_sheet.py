"""The keys sheet (F1 or ?): every key of the screen below, in the player's
language. A table's lines are the same ones its rules page lists."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene

if TYPE_CHECKING:
    from scenes.manager import AppHost

#: the keys every screen shares (translation prefixes: `.keys` and `.does`)
COMMON = (
    "ui.keys.tab",
    "ui.keys.arrows",
    "ui.keys.use",
    "ui.keys.back",
    "ui.keys.sheet",
    "ui.keys.fullscreen",
)
#: the keys every table shares, before its own
TABLE = ("ui.keys.skip", "ui.keys.pause")
#: a practice table's keys
PRACTICE = ("ui.keys.undo", "ui.keys.redo")


def lines(prefixes: Sequence[str]) -> list[tuple[str, str]]:
    """(keys, what they do) for each translation prefix, in the current language."""
    return [(tr(f"{p}.keys"), tr(f"{p}.does")) for p in prefixes]


def table_lines(own: Sequence[str], practice: bool = False) -> list[tuple[str, str]]:
    """A table's keys: the keys every table shares, then its own (`KEY_LINES`)."""
    return lines(TABLE + (PRACTICE if practice else ()) + tuple(own))


def keys_markdown(own: Sequence[str]) -> str:
    """The keys section of a game's rules page: the same lines as its sheet."""
    rows = table_lines(own, practice=True) + lines(COMMON)
    body = "\n".join(f"- **{k}**: {d}" for k, d in rows)
    return f"## {tr('ui.keys.title')}\n\n{body}\n"


class KeysSheet(Scene):
    """An overlay listing the keys of the screen beneath it."""

    overlay = True
    TEXT = 17
    GAP = 7
    arrows_move_focus = False  # (they scroll a long sheet)

    def __init__(self, app: AppHost, below: Scene) -> None:
        super().__init__(app)
        self.below = below
        self.rows: list[tuple[str, str]] = []
        self.wrapped: list[list[str]] = []
        self.split = 0
        self.line = 0
        #: the first row shown (a long sheet at large text scrolls by rows)
        self.first = 0
        self.box = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        own = self.below.keys_sheet()
        self.rows = own + ([("", "")] if own else []) + lines(COMMON)
        w, h = self.app.size
        bw = min(820, w - 60)
        self.split = min(280, (bw - 60) * 2 // 5)
        room = bw - 60 - self.split
        self.line = style.font(self.TEXT).get_linesize()  # (grows with the text size)
        #: each row's words, wrapped to the column (a row is as tall as its lines)
        self.wrapped = [
            style.wrap_text(does, self.TEXT, room) if keys else [""] for keys, does in self.rows
        ]
        tall = sum(self._height(k) for k in range(len(self.rows)))
        bh = min(h - 40, 150 + tall)
        self.box = ui.centered(self.app.size, bw, bh)
        self.close = ui.button(
            pygame.Rect(self.box.centerx - 85, self.box.bottom - 60, 170, 44),
            tr("ui.keys.close"),
            self.app.ui_manager,
            self.ui,
            "#primary_button",
        )
        self.first = min(self.first, self._last_first())

    def _height(self, k: int) -> int:
        return len(self.wrapped[k]) * self.line + self.GAP

    def _fitting(self, first: int) -> int:
        """How many rows from `first` fit above the Close button."""
        room = self.close.rect.top - 6 - (self.box.top + 74)
        n = 0
        for k in range(first, len(self.rows)):
            room -= self._height(k)
            if room < 0:
                break
            n += 1
        return max(1, n)

    def _last_first(self) -> int:
        first = len(self.rows) - 1
        while first > 0 and self._fitting(first - 1) >= len(self.rows) - (first - 1):
            first -= 1
        return first

    def _scroll(self, by: int) -> None:
        self.first = max(0, min(self._last_first(), self.first + by))

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element == self.close) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN)
        ):
            self.app.scenes.pop()
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y)
        elif event.type == pygame.KEYDOWN:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -5, pygame.K_PAGEDOWN: 5}
            if event.key in step:
                self._scroll(step[event.key])

    def draw(self, surface: pygame.Surface) -> None:
        style.modal_panel(surface, self.box, tr("ui.keys.title"))
        left = self.box.left + 30
        split = left + self.split
        y = self.box.top + 74
        shown = self._fitting(self.first)
        for k in range(self.first, self.first + shown):
            keys, wrapped = self.rows[k][0], self.wrapped[k]
            if keys:
                style.blit_text(
                    surface,
                    keys,
                    self.TEXT,
                    (left, y),
                    style.INK,
                    "bold",
                    max_width=self.split - 12,
                )
                for i, line in enumerate(wrapped):
                    style.blit_text(surface, line, self.TEXT, (split, y + i * self.line), style.INK)
            y += self._height(k)
        # more above or below: a quiet arrow by the Close button (Up/Down, the wheel)
        more = ("↑" if self.first else "") + ("↓" if self.first + shown < len(self.rows) else "")
        if more:
            style.blit_text(
                surface,
                more,
                self.TEXT,
                (self.box.right - 30, self.close.rect.centery),
                style.INK,
                anchor="midright",
            )
