"""The end of a match: standings, the winner's moment, rematch or menu."""

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


def victory_title(table: TableFace) -> str:
    """The title: who won, said to the person when he alone plays at this
    screen ("You win!", not "Victory for Ana!"); in hot-seat the screen is
    shared at that moment, so the winners keep their names."""
    m = table.match
    winners = m.winners()
    key = "ui.victory.timed" if m.timed_out else "ui.victory.title"
    person = table.sole_person()
    if person is not None and person in winners:
        others = [w for w in winners if w != person]
        names = ", ".join(table.seats[w].name for w in others)
        return tr(f"{key}_self_shared" if others else f"{key}_self", names=names)
    return tr(key, names=", ".join(table.seats[w].name for w in winners))


class VictoryOverlay(Scene):
    """Shows the finishing order; tables may add lines through `summary_lines`."""

    overlay = True

    def __init__(self, app: AppHost, table: TableFace) -> None:
        super().__init__(app)
        self.table = table
        self.box = pygame.Rect(0, 0, 0, 0)
        self.title_rect = pygame.Rect(0, 0, 0, 0)

    def toast_area(self) -> pygame.Rect:
        """Messages ("Table 1: result recorded.") stand above the buttons at the
        foot of the box: at 1024x640 one covered the only way back."""
        return pygame.Rect(self.box.left, 0, self.box.width, self.box.bottom - 78)

    def summary_lines(self) -> list[str]:
        """Extra lines under the standings (the table's own summary)."""
        return list(self.table.victory_lines())

    def build(self) -> None:
        width = min(720, self.app.size[0] - 80)
        self.wrapped = [
            part for line in self.summary_lines() for part in style.wrap_text(line, 16, width - 100)
        ]
        height = 200 + 30 * len(self.table.match.standings()) + 22 * len(self.wrapped)
        self.box = ui.centered(self.app.size, width, min(self.app.size[1] - 40, height))
        y = self.box.bottom - 70
        m = self.app.ui_manager
        self.back_to_caller = self.menu = self.again = None
        if self.table.on_result is not None:  # a tournament match: one way out
            self.back_to_caller = ui.button(
                pygame.Rect(self.box.centerx - 130, y, 260, 48),
                tr("ui.victory.continue"),
                m,
                self.ui,
                "#primary_button",
            )
        elif self.table.hosted_elsewhere:  # played on a host or a server: no rematch here
            self.menu = ui.button(
                pygame.Rect(self.box.centerx - 130, y, 260, 48),
                tr("ui.victory.leave_table"),
                m,
                self.ui,
                "#primary_button",
            )
        else:
            self.menu = ui.button(
                pygame.Rect(self.box.centerx - 210, y, 200, 48), tr("ui.victory.menu"), m, self.ui
            )
            self.again = ui.button(
                pygame.Rect(self.box.centerx + 10, y, 200, 48),
                tr("ui.victory.rematch"),
                m,
                self.ui,
                "#primary_button",
            )
        self.look = ui.button(
            pygame.Rect(self.box.right - 136, self.box.top + 12, 124, 36),
            tr("ui.victory.look"),
            m,
            self.ui,
            tooltip=tr("ui.victory.look_tip"),
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if self.back_to_caller is not None and event.ui_element == self.back_to_caller:
                self.table.leave_to_caller()
            elif event.ui_element == self.menu and self.table.hosted_elsewhere:
                self.table.quit_to_menu()  # a server's table: back to its lobby
            elif event.ui_element == self.menu:
                from scenes.main_menu import MainMenu

                self.app.scenes.reset(MainMenu(self.app))
            elif event.ui_element == self.again:
                self.app.scenes.pop(fade=False)
                self.table.rematch()
            elif event.ui_element == self.look:
                self.app.scenes.pop()  # back to the finished table; Esc / menu to leave
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        style.modal_panel(surface, self.box, veil=140)
        m = self.table.match
        title = victory_title(self.table)
        # centred, and clear of the Look button at the top right (a long title ran under it)
        room = min(self.box.width - 120, 2 * (self.look.rect.left - 8 - self.box.centerx))
        #: where the title was last drawn
        self.title_rect = style.blit_text(
            surface,
            title,
            38,
            (self.box.centerx, self.box.top + 24),
            style.INK,
            kind="serif",
            anchor="midtop",
            max_width=room,
        )
        y = self.box.top + 96
        for place, group in enumerate(m.standings(), start=1):
            text = f"{place}. " + ", ".join(self.table.seats[s].name for s in group)
            style.blit_text(
                surface,
                text,
                20,
                (self.box.left + 60, y),
                style.INK if place > 1 else style.RED,
                kind="bold" if place == 1 else "sans",
            )
            y += 30
        y += 6
        for line in self.wrapped:
            if y > self.box.bottom - 90:
                break
            style.blit_text(surface, line, 16, (self.box.left + 60, y), style.INK_SOFT)
            y += 22
