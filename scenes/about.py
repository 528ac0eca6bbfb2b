"""About Taverna: the version, where your data lives (with a button that opens
the folder), and the licences of the fonts and libraries it is built on."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import storage
from game.version import VERSION
from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene
from scenes.open_folder import open_folder
from scenes.text_scale import scaled

if TYPE_CHECKING:
    from scenes.manager import AppHost

#: (what, licence) of everything Taverna ships: names stay as they are in both languages
CREDITS: tuple[tuple[str, str], ...] = (
    ("Taverna", "MIT"),
    ("EB Garamond", "SIL Open Font License 1.1"),
    ("DejaVu Sans (suit signs, arrows)", "Bitstream Vera License"),
    ("Noto Sans (via pygame-gui)", "SIL Open Font License 1.1"),
    ("pygame-ce, SDL 2", "LGPL 2.1, zlib"),
    ("pygame-gui, platformdirs, tqdm", "MIT"),
    ("networkx, websockets", "BSD 3-Clause"),
    ("zeroconf", "LGPL 2.1"),
    ("Python", "PSF License"),
)


class AboutScene(Scene):
    """The About screen."""

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.app.size
        self.panel = ui.centered((w, h), min(820, w - 60), min(600, h - 40))
        p, m = self.panel, self.app.ui_manager
        by = p.bottom - 70
        self.folder = ui.button(
            pygame.Rect(p.left + 36, by, 300, 46), tr("ui.about.open_data"), m, self.ui
        )
        self.back = ui.button(
            pygame.Rect(p.right - 36 - 180, by, 180, 46), tr("ui.common.back"), m, self.ui
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.app.scenes.pop()
            elif event.ui_element == self.folder:
                folder = storage.data_dir()
                if not open_folder(folder):
                    self.app.notify(tr("ui.about.cannot_open", path=str(folder)), "warn")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def lines(self) -> list[tuple[str, int, style.Color]]:
        """What the screen says: (text, size, colour), top to bottom."""
        frozen = getattr(sys, "frozen", False)
        version = tr("ui.about.version", version=VERSION)
        if frozen:
            version += " · " + tr("ui.about.standalone")
        out: list[tuple[str, int, style.Color]] = [
            (version, 20, style.INK),
            (tr("ui.about.data", path=str(storage.data_dir())), 15, style.INK_SOFT),
            (tr("ui.about.config", path=str(storage.config_dir())), 15, style.INK_SOFT),
            ("", 8, style.INK),
            (tr("ui.about.credits"), 17, style.INK),
        ]
        out += [(f"{what}: {licence}", 15, style.INK_SOFT) for what, licence in CREDITS]
        return out

    def draw(self, surface: pygame.Surface) -> None:
        style.draw_backdrop(surface, self.panel)
        p = self.panel
        style.draw_heading(surface, tr("ui.about.title"), (p.left + 30, p.top + 16), p.width - 60)
        y = p.top + 84
        bottom = p.bottom - 84
        for text, size, colour in self.lines():
            for line in style.wrap_text(text, size, p.width - 72) if text else [""]:
                if y + scaled(size) > bottom:
                    return
                # a folder's path has no space to wrap at: it is drawn smaller instead
                at = (p.left + 36, y)
                y = (
                    style.blit_text(surface, line, size, at, colour, max_width=p.width - 72).bottom
                    + 2
                )
