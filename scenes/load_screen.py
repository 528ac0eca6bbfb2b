"""The load screen: every saved match with its game, date, players, turn and a
picture of the table; load, delete (after asking). Also the small dialog that
names a save from the pause menu.

Broken saves found while listing are refused in plain words and moved aside
(see game/saves.py); the others stay listed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import saves
from scenes import style, ui
from scenes.i18n import later, tr
from scenes.manager import Scene
from scenes.names import bot_label
from scenes.tables.autosave import date_text, refusal_text
from scenes.tables.reopen import open_save

if TYPE_CHECKING:
    from scenes.manager import AppHost

ROW_H = 92


def players_text(info: saves.SaveInfo) -> str:
    """ "Ana, Bot normal (hard)…" for a save's seats."""
    parts = []
    for p in info.players:
        name = str(p.get("name", "?"))
        bot = p.get("bot")
        parts.append(f"{name} · {bot_label(info.game, bot)}" if bot else name)
    return ", ".join(parts)


def draw_scrollbar(surface: pygame.Surface, area: pygame.Rect, offset: int, content: int) -> None:
    """A slim gold bar at the right of a scrolling list (only when it scrolls)."""
    if content <= area.height:
        return
    bar_h = max(24, area.height * area.height // content)
    room = max(1, content - area.height)
    y = area.top + (area.height - bar_h) * min(offset, room) // room
    pygame.draw.rect(surface, style.GOLD_DARK, (area.right - 5, y, 4, bar_h), border_radius=2)


class LoadScreen(Scene):
    """The list of saves."""

    arrows_move_focus = False  # (they move through its list)

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.saves: list[saves.SaveInfo] = []
        self.selected = 0
        self.scroll = 0
        self.thumbs: dict[str, pygame.Surface | None] = {}
        self.refresh()

    def refresh(self) -> None:
        """Read the saves folder again (refusing broken files, once each)."""
        found, refused = saves.list_saves()
        self.saves = found
        self.selected = min(self.selected, max(0, len(found) - 1))
        if refused:
            text = refusal_text(refused[0])
            if len(refused) > 1:
                text += " " + tr("life.saves.more_refused", count=len(refused) - 1)
            self.app.notify(text, "error")

    def build(self) -> None:
        w, h = self.app.size
        self.box = ui.centered((w, h), min(960, w - 40), h - 40)
        b = self.box
        self.list_rect = pygame.Rect(b.left + 24, b.top + 78, b.width - 48, b.height - 78 - 80)
        y = b.bottom - 66
        m = self.app.ui_manager
        self.load_btn = ui.button(
            pygame.Rect(b.right - 24 - 200, y, 200, 46),
            tr("life.load.load"),
            m,
            self.ui,
            "#primary_button",
        )
        self.delete_btn = ui.button(
            pygame.Rect(b.right - 24 - 200 - 12 - 170, y, 170, 46),
            tr("life.load.delete"),
            m,
            self.ui,
        )
        self.back = ui.button(
            pygame.Rect(b.left + 24, y, 170, 46), tr("ui.common.back"), m, self.ui
        )
        self._enable()

    def toast_area(self) -> pygame.Rect:
        """Messages (a refused save) stand above the Back / Delete / Load row."""
        b = self.box
        return pygame.Rect(b.left, 0, b.width, self.back.relative_rect.top - 8)

    def _enable(self) -> None:
        for btn in (self.load_btn, self.delete_btn):
            if self.saves:
                btn.enable()
            else:
                btn.disable()

    # -- actions -----------------------------------------------------------------
    def load_selected(self) -> None:
        """Open the selected save on its table."""
        if not self.saves:
            return
        table = open_save(self.app, self.saves[self.selected].path)
        if table is None:
            self.refresh()
            self._enable()
            return
        self.app.scenes.replace(table)

    def delete_selected(self) -> None:
        """Delete the selected save, after asking."""
        if not self.saves:
            return
        info = self.saves[self.selected]

        def go() -> None:
            saves.delete_save(info.path)
            self.refresh()
            self._enable()

        self.app.confirm(
            later("life.load.delete_title"),
            later("life.load.delete_question", name=lambda: self.title_of(info)),
            go,
            yes=later("life.load.delete"),
        )

    def title_of(self, info: saves.SaveInfo) -> str:
        """The first line of a save's row."""
        game = tr(f"ui.games.{info.game}")
        if info.kind == "auto":
            return tr("life.load.autosave", game=game)
        return f"{game} — {info.name}" if info.name else game

    # -- input -----------------------------------------------------------------
    def _row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        i = (pos[1] - self.list_rect.top + self.scroll) // ROW_H
        return int(i) if 0 <= i < len(self.saves) else None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_UP) and self.saves:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.selected = (self.selected + step) % len(self.saves)
                self._keep_visible()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.load_selected()
            elif event.key == pygame.K_DELETE:
                self.delete_selected()
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.app.scenes.pop()
            elif event.ui_element == self.load_btn:
                self.load_selected()
            elif event.ui_element == self.delete_btn:
                self.delete_selected()
            return
        if event.type == pygame.MOUSEWHEEL:
            room = max(0, len(self.saves) * ROW_H - self.list_rect.height)
            self.scroll = max(0, min(room, self.scroll - event.y * 40))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self._row_at(event.pos)
            if row is not None:
                if row == self.selected and getattr(event, "clicks", 1) >= 2:
                    self.load_selected()
                self.selected = row

    def _keep_visible(self) -> None:
        top = self.selected * ROW_H
        if top < self.scroll:
            self.scroll = top
        elif top + ROW_H > self.scroll + self.list_rect.height:
            self.scroll = top + ROW_H - self.list_rect.height

    # -- drawing ---------------------------------------------------------------
    def _thumb(self, info: saves.SaveInfo, size: tuple[int, int]) -> pygame.Surface | None:
        key = f"{info.thumbnail}:{info.saved_at}:{size}"
        if key not in self.thumbs:
            try:
                img = pygame.image.load(str(info.thumbnail))
                self.thumbs[key] = pygame.transform.smoothscale(img, size)
            except (pygame.error, FileNotFoundError, OSError):
                self.thumbs[key] = None
        return self.thumbs[key]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        b = self.box
        surface.blit(style.parchment(b.size), b.topleft)
        style.blit_text(
            surface, tr("life.load.title"), 38, (b.left + 24, b.top + 14), style.INK, kind="serif"
        )
        if not self.saves:
            style.blit_text(
                surface,
                tr("life.load.empty"),
                19,
                (b.centerx, b.top + 140),
                style.INK_SOFT,
                anchor="midtop",
                max_width=b.width - 80,
            )
            return
        clip = surface.get_clip()
        surface.set_clip(self.list_rect)
        tw, th = 128, ROW_H - 14
        for i, info in enumerate(self.saves):
            row = pygame.Rect(
                self.list_rect.left, self.list_rect.top + i * ROW_H - self.scroll,
                self.list_rect.width, ROW_H - 6,
            )  # fmt: skip
            if row.bottom < self.list_rect.top or row.top > self.list_rect.bottom:
                continue
            if i == self.selected:
                pygame.draw.rect(surface, style.PARCHMENT_DARK, row, border_radius=8)
                pygame.draw.rect(surface, style.GOLD_DARK, row, width=2, border_radius=8)
            thumb_rect = pygame.Rect(row.left + 8, row.top + 4, tw, th)
            thumb = self._thumb(info, thumb_rect.size)
            if thumb is not None:
                surface.blit(thumb, thumb_rect.topleft)
            else:
                surface.blit(style.felt(thumb_rect.size), thumb_rect.topleft)
                style.blit_text(
                    surface,
                    tr(f"ui.games.{info.game}"),
                    16,
                    thumb_rect.center,
                    style.CREAM,
                    kind="serif",
                    anchor="center",
                )
            pygame.draw.rect(surface, style.WOOD_DARK, thumb_rect, width=2)
            x = thumb_rect.right + 16
            width = row.right - x - 12
            title = self.title_of(info)
            if info.practice:
                title += "  · " + tr("life.load.practice")
            style.blit_text(
                surface, title, 20, (x, row.top + 6), style.INK, kind="serif", max_width=width
            )
            style.blit_text(
                surface,
                tr("life.load.when", date=date_text(info.saved_at), turn=info.turn),
                15,
                (x, row.top + 34),
                style.INK_SOFT,
                max_width=width,
            )
            style.blit_text(
                surface, players_text(info), 15, (x, row.top + 56), style.INK, max_width=width
            )
        surface.set_clip(clip)
        draw_scrollbar(surface, self.list_rect, self.scroll, len(self.saves) * ROW_H)


class SaveNameDialog(Scene):
    """Name a save (the pause menu): a text box, Save and Cancel."""

    overlay = True

    def __init__(self, app: AppHost, default: str, on_save: Callable[[str], None]) -> None:
        super().__init__(app)
        self.default = default
        self.on_save = on_save
        self.box = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        self.box = ui.centered(self.app.size, min(520, self.app.size[0] - 60), 230)
        b = self.box
        m = self.app.ui_manager
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(b.left + 30, b.top + 86, b.width - 60, 44), m, self.ui
        )
        self.entry.set_text_length_limit(40)
        self.entry.set_text(self.default)
        self.entry.focus()
        self.save = ui.button(
            pygame.Rect(b.right - 30 - 160, b.bottom - 66, 160, 46),
            tr("life.saves.save"),
            m,
            self.ui,
            "#primary_button",
        )
        self.cancel = ui.button(
            pygame.Rect(b.left + 30, b.bottom - 66, 160, 46), tr("ui.common.back"), m, self.ui
        )

    def _done(self, save: bool) -> None:
        name = self.entry.get_text().strip() or self.default
        self.app.scenes.pop()
        if save:
            self.on_save(name)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._done(False)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element == self.entry:
            self._done(True)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.save:
                self._done(True)
            elif event.ui_element == self.cancel:
                self._done(False)

    def draw(self, surface: pygame.Surface) -> None:
        style.modal_panel(surface, self.box, tr("life.saves.name_title"), veil=160, title_size=30)
