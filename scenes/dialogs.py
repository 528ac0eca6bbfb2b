"""Modal dialogs: a confirmation before anything destructive, and a message box.

Their texts are `Words`: given as `later(key, ...)` (or any callable), a dialog
left open across a language switch says its title, message and buttons again
in the new language when the scene stack relabels it (`build` runs again).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from scenes import style, ui
from scenes.i18n import Words, said, tr
from scenes.manager import Scene

if TYPE_CHECKING:
    from scenes.manager import AppHost


class ConfirmDialog(Scene):
    """Yes / No over a dimmed screen. Esc means No, Enter means Yes."""

    overlay = True

    def __init__(
        self,
        app: AppHost,
        title: Words,
        message: Words,
        on_yes: Callable[[], None],
        yes_text: Words = "",
        no_text: Words = "",
        on_no: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.words = {"title": title, "message": message, "yes": yes_text, "no": no_text}
        self.on_yes = on_yes
        self.on_no = on_no
        self.box = pygame.Rect(0, 0, 0, 0)
        self._say()

    def _say(self) -> None:
        """Tell the texts in the current language (again after a switch)."""
        self.title = said(self.words["title"])
        self.message = said(self.words["message"])
        self.yes_text = said(self.words["yes"])
        self.no_text = said(self.words["no"])

    def _layout(self) -> None:
        self._say()  # every build: on entering, a resize and a language switch
        w = min(560, self.app.size[0] - 80)
        lines = style.wrap_text(self.message, 18, w - 60)
        h = 180 + 26 * len(lines)
        self.box = ui.centered(self.app.size, w, h)
        self.lines = lines

    def build(self) -> None:
        self._layout()
        bw = 170
        y = self.box.bottom - 66
        self.yes = ui.button(
            pygame.Rect(self.box.centerx + 10, y, bw, 46),
            self.yes_text or tr("ui.common.yes"),
            self.app.ui_manager,
            self.ui,
            "#primary_button",
        )
        self.no = ui.button(
            pygame.Rect(self.box.centerx - 10 - bw, y, bw, 46),
            self.no_text or tr("ui.common.no"),
            self.app.ui_manager,
            self.ui,
        )

    def _answer(self, yes: bool) -> None:
        self.app.scenes.pop()
        if yes:
            self.on_yes()
        elif self.on_no is not None:
            self.on_no()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.yes:
                self._answer(True)
            elif event.ui_element == self.no:
                self._answer(False)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._answer(False)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._answer(True)

    def draw(self, surface: pygame.Surface) -> None:
        style.modal_panel(surface, self.box, self.title)
        for i, line in enumerate(self.lines):
            style.blit_text(
                surface,
                line,
                18,
                (self.box.centerx, self.box.top + 78 + 26 * i),
                style.INK,
                anchor="midtop",
            )


class MessageDialog(ConfirmDialog):
    """A message with a single OK button."""

    def __init__(
        self, app: AppHost, title: Words, message: Words, on_ok: Callable[[], None] | None = None
    ) -> None:
        super().__init__(app, title, message, on_ok or (lambda: None))

    def build(self) -> None:
        self._layout()
        self.yes = ui.button(
            pygame.Rect(self.box.centerx - 85, self.box.bottom - 66, 170, 46),
            tr("ui.common.ok"),
            self.app.ui_manager,
            self.ui,
            "#primary_button",
        )
        self.no = None  # type: ignore[assignment]  # a notice has one button: no 'no' to match

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._answer(True)
            return
        super().handle_event(event)
