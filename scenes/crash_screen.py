"""What the player sees after an unexpected error: what happened, that the
match was kept (Continue picks it up), and where the report is."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene
from scenes.open_folder import open_folder

if TYPE_CHECKING:
    from scenes.manager import AppHost


class CrashScene(Scene):
    """The crash screen, over the main menu."""

    def __init__(self, app: AppHost, report: Path | None, saved: list[str]) -> None:
        super().__init__(app)
        self.report = report
        self.saved = saved
        self.panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.app.size
        self.panel = ui.centered((w, h), min(760, w - 60), min(460, h - 40))
        p, m = self.panel, self.app.ui_manager
        by = p.bottom - 70
        self.folder = ui.button(
            pygame.Rect(p.left + 36, by, 260, 46), tr("ui.crash.open_folder"), m, self.ui
        )
        if self.report is None:
            self.folder.disable()
        self.back = ui.button(
            pygame.Rect(p.right - 36 - 240, by, 240, 46),
            tr("ui.crash.back"),
            m,
            self.ui,
            "#primary_button",
        )

    def words(self) -> list[str]:
        """The paragraphs the screen says, in the player's language."""
        out = [tr("ui.crash.what")]
        out.append(tr("ui.crash.saved") if self.saved else tr("ui.crash.nothing_open"))
        if self.report is not None:
            out.append(tr("ui.crash.report", path=str(self.report)))
        else:
            out.append(tr("ui.crash.no_report"))
        return out

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.app.scenes.pop()
            elif event.ui_element == self.folder and self.report is not None:
                self.open_reports()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.scenes.pop()

    def open_reports(self) -> None:
        """Show the report's folder in the file manager (or say where it is)."""
        assert self.report is not None
        if not open_folder(self.report.parent):
            self.app.notify(tr("ui.about.cannot_open", path=str(self.report.parent)), "warn")

    def draw(self, surface: pygame.Surface) -> None:
        style.draw_backdrop(surface, self.panel)
        p = self.panel
        style.draw_heading(surface, tr("ui.crash.title"), (p.left + 30, p.top + 16), p.width - 60)
        y = p.top + 90
        for para in self.words():
            for line in style.wrap_text(para, 18, p.width - 72):
                y = style.blit_text(surface, line, 18, (p.left + 36, y), style.INK).bottom + 2
            y += 12
