"""The hot-seat curtain: covers everything private until the next player clicks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene

if TYPE_CHECKING:
    from scenes.manager import AppHost


class Curtain(Scene):
    """An opaque screen: "Pass to <name>". Nothing of the table shows through."""

    overlay = True

    def __init__(self, app: AppHost, name: str, on_open: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = name
        self.on_open = on_open
        self.box = pygame.Rect(0, 0, 0, 0)
        self.ready = 0.0  # a short delay so a double click cannot open it by accident

    def build(self) -> None:
        w, h = self.app.size
        self.box = ui.centered((w, h), min(620, w - 80), 300, -20)
        # as wide as "I am <name>" needs, within the box; a longer name ends in "…"
        # (it was cut mid-letter: "Eu sou Bartolomeu Vascon")
        text = tr("ui.curtain.ready", name=self.name)
        bw = min(self.box.width - 40, max(260, style.text_width(text, 24, "serif") + 40))
        self.button = ui.button(
            pygame.Rect(self.box.centerx - bw // 2, self.box.bottom - 80, bw, 54),
            style.ellipsize(text, 24, bw - 30, "serif"),
            self.app.ui_manager,
            self.ui,
            "#primary_button",
        )

    def update(self, dt: float) -> None:
        self.ready += dt

    def _open(self) -> None:
        if self.ready < 0.35:
            return
        self.app.scenes.pop()
        self.app.sound.play("card")
        self.on_open()

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame_gui.UI_BUTTON_PRESSED
            and event.ui_element == self.button
            or event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            or event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
        ):
            self._open()

    def draw(self, surface: pygame.Surface) -> None:
        # Opaque on purpose: the captured table is never drawn behind the curtain.
        w, h = surface.get_size()
        surface.blit(style.wood_background((w, h)), (0, 0))
        drape = pygame.Surface((w, h), pygame.SRCALPHA)
        for i in range(0, w, 48):  # velvet folds
            shade = 40 + (i // 48 % 2) * 25
            pygame.draw.rect(drape, (110, 16, 22, 200 - shade), pygame.Rect(i, 0, 48, h))
        surface.blit(drape, (0, 0))
        sh = style.shadow(self.box.size, 18, 170)
        surface.blit(sh, (self.box.left - 14, self.box.top - 10))
        surface.blit(style.parchment(self.box.size), self.box.topleft)
        style.blit_text(
            surface,
            tr("ui.curtain.pass_to", name=self.name),
            44,
            (self.box.centerx, self.box.top + 40),
            style.INK,
            kind="serif",
            anchor="midtop",
            max_width=self.box.width - 40,
        )
        style.blit_text(
            surface,
            tr("ui.curtain.hint", name=self.name),
            17,
            (self.box.centerx, self.box.top + 118),
            style.INK_SOFT,
            anchor="midtop",
            max_width=self.box.width - 40,
        )
