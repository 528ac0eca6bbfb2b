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
    LINE = 23
    GAP = 7

    def __init__(self, app: AppHost, below: Scene) -> None:
        super().__init__(app)
        self.below = below
        self.rows: list[tuple[str, str]] = []
        self.wrapped: list[list[str]] = []
        self.split = 0
        self.box = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        own = self.below.keys_sheet()
        self.rows = own + ([("", "")] if own else []) + lines(COMMON)
        w, h = self.app.size
        bw = min(820, w - 60)
        self.split = min(280, (bw - 60) * 2 // 5)
        room = bw - 60 - self.split
        #: each row's words, wrapped to the column (a row is as tall as its lines)
        self.wrapped = [
            style.wrap_text(does, self.TEXT, room) if keys else [""] for keys, does in self.rows
        ]
        tall = sum(len(lines_) * self.LINE + self.GAP for lines_ in self.wrapped)
        bh = min(h - 40, 150 + tall)
        self.box = ui.centered(self.app.size, bw, bh)
        self.close = ui.button(
            pygame.Rect(self.box.centerx - 85, self.box.bottom - 60, 170, 44),
            tr("ui.keys.close"),
            self.app.ui_manager,
            self.ui,
            "#primary_button",
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element == self.close) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN)
        ):
            self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        style.modal_panel(surface, self.box, tr("ui.keys.title"))
        left = self.box.left + 30
        split = left + self.split
        y = self.box.top + 74
        for (keys, _does), wrapped in zip(self.rows, self.wrapped, strict=True):
            tall = len(wrapped) * self.LINE
            if y + tall > self.close.rect.top - 6:
                break  # (a tiny window shows what fits)
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
                    style.blit_text(surface, line, self.TEXT, (split, y + i * self.LINE), style.INK)
            y += tall + self.GAP
