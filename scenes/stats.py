"""Statistics: matches played per game and results per human player."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import KNOWN_GAMES, history
from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene

if TYPE_CHECKING:
    from scenes.app import App


class StatsScene(Scene):
    """Reads the history database once when opened."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        try:
            self.data: dict[str, Any] = history.summary()
            self.problem = ""
            damaged = history.take_problem()
            if damaged:  # moved aside: the player is told, as for every damaged file
                app.notify(tr(damaged), "warn")
        except Exception as e:  # a broken disk must not break the menu  # noqa: BLE001
            self.data = {"games": {}, "players": {}, "total": 0}
            self.problem = str(e)
        self.box = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.app.size
        self.box = ui.centered((w, h), min(900, w - 60), h - 60)
        self.back = ui.button(
            pygame.Rect(self.box.centerx - 90, self.box.bottom - 66, 180, 46),
            tr("ui.common.back"),
            self.app.ui_manager,
            self.ui,
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element == self.back) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        surface.blit(style.parchment(self.box.size), self.box.topleft)
        b = self.box
        style.blit_text(
            surface,
            tr("ui.menu.statistics"),
            40,
            (b.centerx, b.top + 16),
            style.INK,
            kind="serif",
            anchor="midtop",
        )
        if self.problem:
            style.blit_text(
                surface,
                tr("ui.stats.problem"),
                17,
                (b.centerx, b.top + 80),
                style.RED,
                anchor="midtop",
            )
        if not self.data["total"]:
            style.blit_text(
                surface,
                tr("ui.stats.empty"),
                19,
                (b.centerx, b.top + 120),
                style.INK_SOFT,
                anchor="midtop",
                max_width=b.width - 60,
            )
            return
        cols = [
            b.left + 40,
            b.left + int(b.width * 0.42),
            b.left + int(b.width * 0.62),
            b.left + int(b.width * 0.82),
        ]
        y = b.top + 84
        for x, key in zip(cols, ("game", "matches", "human_wins", "average_turns"), strict=True):
            style.blit_text(surface, tr(f"ui.stats.{key}"), 17, (x, y), style.INK, kind="bold")
        y += 32
        for g in KNOWN_GAMES:
            row = self.data["games"].get(g)
            if not row:
                continue
            for x, val in zip(
                cols,
                (tr(f"ui.games.{g}"), row["matches"], row["human_wins"], row["average_turns"]),
                strict=True,
            ):
                style.blit_text(surface, str(val), 17, (x, y), style.INK)
            y += 28
        y += 24
        style.blit_text(
            surface, tr("ui.stats.players"), 24, (b.left + 40, y), style.INK, kind="serif"
        )
        y += 38
        for name, p in sorted(self.data["players"].items(), key=lambda kv: -kv[1]["won"])[:10]:
            rate = round(100 * p["won"] / p["played"]) if p["played"] else 0
            style.blit_text(
                surface,
                tr("ui.stats.player_line", name=name, played=p["played"], won=p["won"], rate=rate),
                17,
                (b.left + 40, y),
                style.INK,
            )
            y += 26
