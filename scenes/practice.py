"""Practice: pick a game, then the new-match screen opens with hints, odds and undo."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import KNOWN_GAMES
from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene

if TYPE_CHECKING:
    from scenes.manager import AppHost


class PracticeChooser(Scene):
    """Four big buttons, one per game."""

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def build(self) -> None:
        self.box = ui.centered(
            self.app.size, min(640, self.app.size[0] - 80), 230 + 62 * len(KNOWN_GAMES)
        )
        from scenes.tables import table_ready
        from scenes.tutorial import has_tutorial

        self.guided: dict[str, pygame_gui.elements.UIButton] = {}
        for i, g in enumerate(KNOWN_GAMES):
            guided = has_tutorial(g) and table_ready(g)
            width = self.box.width - 120 - (190 if guided else 0)
            self.buttons[g] = ui.button(
                pygame.Rect(self.box.left + 60, self.box.top + 128 + 62 * i, width, 50),
                tr(f"ui.games.{g}"),
                self.app.ui_manager,
                self.ui,
                "#menu_button",
            )
            if guided:  # the guided first game, offered beside the game
                self.guided[g] = ui.button(
                    pygame.Rect(self.box.right - 60 - 180, self.box.top + 128 + 62 * i, 180, 50),
                    tr("life.tutorial.short"),
                    self.app.ui_manager,
                    self.ui,
                    tooltip=tr("life.tutorial.start_tip"),
                )
        self.back = ui.button(
            pygame.Rect(self.box.centerx - 90, self.box.bottom - 66, 180, 46),
            tr("ui.common.back"),
            self.app.ui_manager,
            self.ui,
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.app.scenes.pop()
                return
            for g, b in self.guided.items():
                if event.ui_element == b:
                    from scenes.tutorial import start_tutorial

                    table = start_tutorial(self.app, g)
                    if table is not None:
                        self.app.scenes.replace(table)
                    return
            for g, b in self.buttons.items():
                if event.ui_element == b:
                    from scenes.new_match import NewMatchScene

                    self.app.scenes.replace(NewMatchScene(self.app, g, practice=True))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        surface.blit(style.parchment(self.box.size), self.box.topleft)
        style.blit_text(
            surface,
            tr("ui.menu.practice"),
            40,
            (self.box.centerx, self.box.top + 18),
            style.INK,
            kind="serif",
            anchor="midtop",
        )
        style.blit_text(
            surface,
            tr("ui.practice.intro"),
            17,
            (self.box.centerx, self.box.top + 72),
            style.INK_SOFT,
            anchor="midtop",
            max_width=self.box.width - 60,
        )
