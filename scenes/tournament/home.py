"""The tournaments' home: the history of saved tournaments, new / open / delete."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import GAMES
from game.tournament import TournamentStore, TournamentSummary
from scenes import style, ui
from scenes.i18n import later, tr
from scenes.manager import Scene
from scenes.style import draw_backdrop, draw_heading
from scenes.tournament.common import (
    format_label,
    game_title,
    short_date,
    with_store,
)
from scenes.tournament.row_list import RowList

if TYPE_CHECKING:
    from scenes.manager import AppHost

#: History columns: key under `tournament.home.columns` and share of the width.
COLUMNS: tuple[tuple[str, float], ...] = (
    ("name", 0.30),
    ("game", 0.10),
    ("format", 0.17),
    ("date", 0.14),
    ("status", 0.12),
    ("champion", 0.17),
)


class TournamentHome(Scene):
    """The list of tournaments (newest first) with New, Open, Delete and Back."""

    arrows_move_focus = False  # (they move through its list)

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self.summaries: list[TournamentSummary] = []
        self.list = RowList(40)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.reload()

    # -- data ----------------------------------------------------------------
    def reload(self) -> None:
        """Read the history from the database again."""
        rows = with_store(self.app, lambda store: store.history())
        self.summaries = rows or []
        self.list.set_count(len(self.summaries))
        if self.list.selected is None and self.summaries:
            self.list.selected = 0

    @property
    def chosen(self) -> TournamentSummary | None:
        """The selected line of the history."""
        i = self.list.selected
        return self.summaries[i] if i is not None and i < len(self.summaries) else None

    # -- widgets -------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        m = self.app.ui_manager
        self.panel = pygame.Rect(30, 24, w - 60, h - 48)
        self.list.set_rect(
            pygame.Rect(
                self.panel.left + 24,
                self.panel.top + 122,
                self.panel.width - 48,
                self.panel.height - 122 - 84,
            )
        )
        by = self.panel.bottom - 66
        self.back = ui.button(
            pygame.Rect(self.panel.left + 24, by, 160, 46), tr("ui.common.back"), m, self.ui
        )
        bw = min(230, (self.panel.width - 48 - 160 - 3 * 12) // 3)
        x = self.panel.right - 24 - bw
        self.new = ui.button(
            pygame.Rect(x, by, bw, 46), tr("tournament.labels.new"), m, self.ui, "#primary_button"
        )
        x -= bw + 12
        self.open = ui.button(pygame.Rect(x, by, bw, 46), tr("tournament.home.open"), m, self.ui)
        x -= bw + 12
        self.delete = ui.button(
            pygame.Rect(x, by, bw, 46), tr("tournament.labels.delete"), m, self.ui
        )
        if not list(GAMES):
            self.new.disable()
            self.new.set_tooltip(tr("tournament.home.no_games"))
        self.refresh()

    def refresh(self) -> None:
        """Enable what applies to the selection; the Open button says Resume when it can."""
        chosen = self.chosen
        for b in (self.open, self.delete):
            if chosen is None:
                b.disable()
            else:
                b.enable()
        key = (
            "tournament.home.open"
            if chosen is None or chosen.finished
            else ("tournament.labels.resume")
        )
        self.open.set_text(tr(key))

    def uncover(self) -> None:
        super().uncover()
        self.reload()
        if self.ui is not None:
            self.refresh()

    # -- actions -------------------------------------------------------------
    def open_chosen(self) -> None:
        """Load the selected tournament and open its hub."""
        from scenes.tournament.hub import TournamentHub

        chosen = self.chosen
        if chosen is None:
            self.app.notify(tr("tournament.home.select_first"), "warn")
            return
        if chosen.game not in GAMES:  # its game is not installed in this copy
            self.app.notify(tr("tournament.errors.unknown_game", game=chosen.game), "error")
            return
        t = with_store(self.app, lambda store: store.load(chosen.id))
        if t is None:
            return
        self.app.scenes.push(TournamentHub(self.app, t))

    def delete_chosen(self) -> None:
        """Ask, then forget the selected tournament."""
        chosen = self.chosen
        if chosen is None:
            self.app.notify(tr("tournament.home.select_first"), "warn")
            return

        def yes() -> None:
            def forget(store: TournamentStore) -> bool:
                store.delete(chosen.id)
                return True

            if with_store(self.app, forget) is None:
                return  # the store said why
            self.app.notify(tr("tournament.home.deleted", name=chosen.name))
            self.reload()
            self.refresh()

        self.app.confirm(
            later("tournament.home.delete_title"),
            later("tournament.home.delete_message", name=chosen.name),
            yes,
            yes=later("tournament.labels.delete"),
        )

    def new_tournament(self) -> None:
        """Open the create screen."""
        from scenes.tournament.create import CreateTournament

        if not list(GAMES):
            self.app.notify(tr("tournament.home.no_games"), "warn")
            return
        self.app.scenes.push(CreateTournament(self.app))

    # -- events --------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.app.scenes.pop()
            elif event.ui_element == self.new:
                self.new_tournament()
            elif event.ui_element == self.open:
                self.open_chosen()
            elif event.ui_element == self.delete:
                self.delete_chosen()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_chosen()
                return
            if event.key == pygame.K_DELETE:
                self.delete_chosen()
                return
        if self.list.handle_event(event):
            self.refresh()

    # -- drawing -------------------------------------------------------------
    def _column_x(self) -> list[int]:
        xs, x = [], self.list.rect.left + 10
        for _, share in COLUMNS:
            xs.append(x)
            x += int((self.list.rect.width - 20) * share)
        return xs

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.panel)
        p = self.panel
        draw_heading(surface, tr("tournament.title"), (p.left + 24, p.top + 14), p.width - 48)
        xs = self._column_x()
        y = self.list.rect.top - 28
        for (key, share), x in zip(COLUMNS, xs, strict=True):
            style.blit_text(
                surface,
                tr(f"tournament.home.columns.{key}"),
                16,
                (x, y),
                style.INK,
                kind="bold",
                max_width=int((self.list.rect.width - 20) * share) - 8,
            )
        if not self.summaries:
            for i, line in enumerate(
                style.wrap_text(tr("tournament.home.empty"), 19, p.width - 80)
            ):
                style.blit_text(
                    surface,
                    line,
                    19,
                    (p.centerx, self.list.rect.top + 40 + 28 * i),
                    style.INK_SOFT,
                    anchor="midtop",
                )
            return
        self.list.draw(surface, self._paint_row)

    def _paint_row(self, surface: pygame.Surface, i: int, rect: pygame.Rect, sel: bool) -> None:
        s = self.summaries[i]
        status = tr("tournament.labels.finished" if s.finished else "tournament.labels.in_progress")
        fmt = format_label(s.format)
        game = (
            game_title(s.game)
            if s.game in GAMES
            else tr("tournament.home.unknown_game", game=s.game)
        )
        cells = (s.name, game, fmt, short_date(s.created), status, s.champion or "—")
        xs = self._column_x()
        for j, ((_, share), x, text) in enumerate(zip(COLUMNS, xs, cells, strict=True)):
            colour = style.INK if j != 4 or s.finished else style.GOLD_INK
            style.blit_text(
                surface,
                text,
                16,
                (x, rect.centery),
                colour,
                kind="bold" if j == 5 and s.finished else "sans",
                anchor="midleft",
                max_width=int((self.list.rect.width - 20) * share) - 10,
            )
