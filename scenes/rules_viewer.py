"""The rules viewer: each game's rules in our own words, in the player's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from scenes import style, ui
from scenes.i18n import language, tr
from scenes.keys_sheet import keys_markdown
from scenes.manager import Scene
from scenes.paths import RULES
from scenes.tables import TABLES, table_class
from scenes.widgets.richtext import render_markdown

if TYPE_CHECKING:
    from scenes.manager import AppHost

TABS: tuple[str, ...] = ("wyr", "wyrt", "war", "chama", "tournament")


def rules_text(name: str, lang: str) -> str | None:
    """The rules text of a game in a language (English if that is missing)."""
    for code in (lang, "en"):
        path = RULES / f"{name}.{code}.md"
        if path.exists():
            return path.read_text(encoding="utf-8")
    return None


class RulesScene(Scene):
    """Tabs per game; the text scrolls with the wheel, arrows and page keys."""

    arrows_move_focus = False  # (they scroll the page)

    def __init__(self, app: AppHost, tab: str = "wyr") -> None:
        super().__init__(app)
        self.tab = tab if tab in TABS else TABS[0]
        self.scroll = 0
        self.page: pygame.Surface | None = None
        self.box = pygame.Rect(0, 0, 0, 0)
        self.tabs: dict[str, pygame_gui.elements.UIButton] = {}

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(40, 90, w - 80, h - 170)
        tw = min(180, (w - 80) // len(TABS) - 8)
        for i, name in enumerate(TABS):
            b = ui.button(
                pygame.Rect(40 + i * (tw + 8), 34, tw, 46),
                tr(f"ui.rules.tabs.{name}"),
                self.app.ui_manager,
                self.ui,
                "#tab_button",
            )
            if name == self.tab:
                b.select()
            self.tabs[name] = b
        self.back = ui.button(
            pygame.Rect(w // 2 - 90, h - 66, 180, 46),
            tr("ui.common.back"),
            self.app.ui_manager,
            self.ui,
        )
        self.guided = ui.button(
            pygame.Rect(w - 40 - 260, h - 66, 260, 46),
            tr("life.tutorial.start"),
            self.app.ui_manager,
            self.ui,
            "#primary_button",
            tooltip=tr("life.tutorial.start_tip"),
        )
        self._show_guided()
        self._render()

    def _show_guided(self) -> None:
        """The guided first game is offered for games that have one (not over a table)."""
        from scenes.tables import table_ready
        from scenes.tables.base import TableScene
        from scenes.tutorial import has_tutorial

        over_table = any(isinstance(s, TableScene) for s in self.app.scenes.stack)
        if has_tutorial(self.tab) and table_ready(self.tab) and not over_table:
            self.guided.show()
        else:
            self.guided.hide()

    def _render(self) -> None:
        text = rules_text(self.tab, language())
        if text is None:
            text = "# " + tr(f"ui.rules.tabs.{self.tab}") + "\n\n" + tr("ui.rules.missing")
        elif self.tab in TABLES:  # the table's keys, the same lines as its F1 sheet
            text = text.rstrip() + "\n\n" + keys_markdown(table_class(self.tab).KEY_LINES)
        self.page = render_markdown(text, self.box.width - 80, tr("ui.rules.house"))
        self.scroll = 0

    def _max_scroll(self) -> int:
        return max(0, (self.page.get_height() if self.page else 0) - (self.box.height - 50))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.app.scenes.pop()
            elif event.ui_element == self.guided:
                from scenes.tutorial import start_tutorial

                table = start_tutorial(self.app, self.tab)
                if table is not None:
                    self.app.scenes.replace(table)
                return
            for name, b in self.tabs.items():
                if event.ui_element == b and name != self.tab:
                    self.tabs[self.tab].unselect()
                    self.tab = name
                    b.select()
                    self._show_guided()
                    self._render()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self._max_scroll(), self.scroll - event.y * 60))
        elif event.type == pygame.KEYDOWN:
            step = {
                pygame.K_DOWN: 40,
                pygame.K_UP: -40,
                pygame.K_PAGEDOWN: self.box.height - 80,
                pygame.K_PAGEUP: -(self.box.height - 80),
            }
            if event.key in step:
                self.scroll = max(0, min(self._max_scroll(), self.scroll + step[event.key]))
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            elif event.key == pygame.K_END:
                self.scroll = self._max_scroll()
            elif event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        surface.blit(style.parchment(self.box.size), self.box.topleft)
        if self.page is None:
            return
        view = pygame.Rect(
            self.box.left + 40, self.box.top + 25, self.box.width - 80, self.box.height - 50
        )
        surface.blit(
            self.page, view.topleft, area=pygame.Rect(0, self.scroll, view.width, view.height)
        )
        total = self.page.get_height()
        if total > view.height:  # a slim scroll indicator
            bar_h = max(30, view.height * view.height // total)
            bar_y = view.top + (view.height - bar_h) * self.scroll // max(1, self._max_scroll())
            pygame.draw.rect(
                surface,
                style.GOLD_DARK,
                pygame.Rect(self.box.right - 16, bar_y, 6, bar_h),
                border_radius=3,
            )
