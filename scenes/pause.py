"""The pause menu of a table: resume, save, rules, settings, quit to menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.face import TableFace

ITEMS = ("resume", "save", "rules", "settings", "quit")


class PauseMenu(Scene):
    """An overlay over the paused table."""

    overlay = True

    def __init__(self, app: AppHost, table: TableFace) -> None:
        super().__init__(app)
        self.table = table
        self.box = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def build(self) -> None:
        # practice: a switch for the bots' hidden cards and objectives
        items = ITEMS[:2] + ("reveal",) + ITEMS[2:] if self.table.practice else ITEMS
        self.box = ui.centered(self.app.size, 380, 110 + 62 * len(items))
        # a joiner's match lives on the host's machine, which saves it
        elsewhere = self.table.hosted_elsewhere
        for i, name in enumerate(items):
            self.buttons[name] = ui.button(
                pygame.Rect(
                    self.box.left + 40, self.box.top + 86 + 62 * i, self.box.width - 80, 50
                ),
                self._text(name),
                self.app.ui_manager,
                self.ui,
                "#menu_button",
                tooltip=tr("ui.pause.save_host_tip") if name == "save" and elsewhere else None,
            )
        if self.table.match.is_over or elsewhere:
            self.buttons["save"].disable()

    def _text(self, name: str) -> str:
        """A button's words; leaving a tournament's table goes back to the tournament."""
        if name == "reveal":
            return tr("life.pause.hide" if self.table.tools.reveal else "life.pause.reveal")
        if name == "save" and self.table.hosted_elsewhere:
            return tr("ui.pause.save_host")
        if name == "quit" and (self.table.on_leave is not None or self.table.on_result is not None):
            return tr("ui.table_base.pause_back_tournament")
        return tr(f"ui.pause.{name}")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        name = next((n for n, b in self.buttons.items() if b == event.ui_element), None)
        if name == "resume":
            self.app.scenes.pop()
        elif name == "save":
            from scenes.load_screen import SaveNameDialog

            default = tr("life.saves.default_name", turn=self.table.match.turn)
            self.app.scenes.push(SaveNameDialog(self.app, default, self.table.save_match))
        elif name == "reveal":
            self.table.toggle_reveal()
            self.app.scenes.pop()
        elif name == "rules":
            from scenes.rules_viewer import RulesScene

            self.app.scenes.push(RulesScene(self.app, self.table.match.game_name))
        elif name == "settings":
            from scenes.settings_scene import SettingsScene

            self.app.scenes.push(SettingsScene(self.app))
        elif name == "quit":
            self.table.quit_to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        style.modal_panel(surface, self.box, tr("ui.pause.title"), veil=160, title_size=38)
