"""Statistics: ranked results per game, mode and opponents' level with bar and
line charts, the match history (each match opens its replay), opening a
replay file, and a reset after asking. Practice matches show in the history
but never count in the ranked numbers.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import KNOWN_GAMES, history
from scenes import style, ui
from scenes.i18n import grouped, has, later, tr
from scenes.manager import Scene
from scenes.names import bot_label

if TYPE_CHECKING:
    from scenes.manager import AppHost

ROW_H = 30
BAR_COLOURS = ((122, 78, 44), (201, 162, 39))  # played: oiled wood; won: gold


def level_text(game: str, level: str) -> str:
    """Opponents in words: a bot level or persona, mixed levels, or people."""
    if level in ("people", "mixed", ""):
        return tr(f"life.stats.level_{level or 'people'}")
    return bot_label(game, level)


def mode_text(mode: str) -> str:
    """A game mode in words (its own name when we have no translation)."""
    key = f"life.stats.mode.{mode}"
    return tr(key) if has(key) else mode


def best_text(kind: str, value: int | None, label: str) -> str:
    """A best result in words ("—" when there is none)."""
    if not kind or value is None:
        return "—"
    if kind == "best_combination":
        key = f"wyr.combinations.{label}"
        name = tr(key) if has(key) else label.replace("_", " ")
        return tr("life.stats.best.best_combination", name=name, value=value)
    return tr(f"life.stats.best.{kind}", value=grouped(value))


def streak_text(streak: int) -> str:
    """+3 wins / 2 losses in a row."""
    one = "_one" if abs(streak) == 1 else ""
    if streak > 0:
        return tr(f"life.stats.streak_won{one}", count=streak)
    if streak < 0:
        return tr(f"life.stats.streak_lost{one}", count=-streak)
    return "—"


def draw_bar_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    bars: list[tuple[str, int, int]],
) -> None:
    """Played (wood) and won (gold) side by side per label, on parchment."""
    pygame.draw.rect(surface, style.PARCHMENT_DARK, rect, border_radius=10)
    pygame.draw.rect(surface, style.GOLD_DARK, rect, width=2, border_radius=10)
    style.blit_text(surface, title, 18, (rect.left + 14, rect.top + 8), style.INK, kind="serif")
    area = pygame.Rect(rect.left + 40, rect.top + 42, rect.width - 56, rect.height - 84)
    if not bars or area.width < 40 or area.height < 30:
        return
    step = max(1, -(-max(p for _, p, _ in bars) // 4))  # whole-number guide lines
    top = step * 4
    for i in range(5):  # light guide lines
        y = area.bottom - area.height * i // 4
        pygame.draw.line(surface, (196, 170, 128), (area.left, y), (area.right, y), 1)
        style.blit_text(
            surface,
            str(step * i),
            12,
            (area.left - 6, y),
            style.INK_SOFT,
            anchor="midright",
        )
    slot = area.width / len(bars)
    bw = max(6, min(34, int(slot * 0.32)))
    for i, (label, played, won) in enumerate(bars):
        cx = area.left + slot * (i + 0.5)
        for j, (value, colour) in enumerate(((played, BAR_COLOURS[0]), (won, BAR_COLOURS[1]))):
            hgt = int(area.height * value / top)
            bar = pygame.Rect(int(cx - bw - 2 + j * (bw + 4)), area.bottom - hgt, bw, hgt)
            if hgt:
                pygame.draw.rect(
                    surface, colour, bar, border_top_left_radius=4, border_top_right_radius=4
                )
                pygame.draw.rect(
                    surface,
                    style.WOOD_DARK,
                    bar,
                    width=1,
                    border_top_left_radius=4,
                    border_top_right_radius=4,
                )
            style.blit_text(
                surface, str(value), 12, (bar.centerx, bar.top - 2), style.INK, anchor="midbottom"
            )
        style.blit_text(
            surface,
            label,
            13,
            (int(cx), area.bottom + 6),
            style.INK,
            anchor="midtop",
            max_width=int(slot) - 4,
        )
    pygame.draw.line(surface, style.INK, (area.left, area.bottom), (area.right, area.bottom), 2)
    lx = rect.right - 14
    for text, colour in (
        (tr("life.stats.won"), BAR_COLOURS[1]),
        (tr("life.stats.played"), BAR_COLOURS[0]),
    ):
        img = style.render_text(text, 13, style.INK)
        lx -= img.get_width()
        surface.blit(img, (lx, rect.top + 12))
        lx -= 18
        pygame.draw.rect(surface, colour, (lx, rect.top + 13, 12, 12))
        lx -= 14


def draw_line_chart(
    surface: pygame.Surface, rect: pygame.Rect, title: str, series: list[float]
) -> None:
    """A running rate (0–100 %) over the matches, ink line with red dots."""
    pygame.draw.rect(surface, style.PARCHMENT_DARK, rect, border_radius=10)
    pygame.draw.rect(surface, style.GOLD_DARK, rect, width=2, border_radius=10)
    style.blit_text(surface, title, 18, (rect.left + 14, rect.top + 8), style.INK, kind="serif")
    area = pygame.Rect(rect.left + 48, rect.top + 42, rect.width - 64, rect.height - 72)
    if area.width < 40 or area.height < 30:
        return
    for pct in (0, 25, 50, 75, 100):
        y = area.bottom - area.height * pct // 100
        pygame.draw.line(surface, (196, 170, 128), (area.left, y), (area.right, y), 1)
        style.blit_text(
            surface, f"{pct}%", 12, (area.left - 6, y), style.INK_SOFT, anchor="midright"
        )
    if not series:
        return
    n = len(series)
    points = [
        (
            area.left + (area.width * i // max(1, n - 1) if n > 1 else area.width // 2),
            area.bottom - int(area.height * v),
        )
        for i, v in enumerate(series)
    ]
    if len(points) > 1:
        pygame.draw.lines(surface, style.INK, False, points, 3)
    for p in points[-40:] if n > 40 else points:
        pygame.draw.circle(surface, style.RED, p, 4)
        pygame.draw.circle(surface, style.WOOD_DARK, p, 4, 1)
    style.blit_text(
        surface,
        tr("life.stats.matches_axis", count=n),
        12,
        (area.right, area.bottom + 6),
        style.INK_SOFT,
        anchor="topright",
    )


class StatsScene(Scene):
    """Reads the history database when opened and after a reset."""

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self.game = ""  # "" = every game
        self.tab = "summary"
        self.selected: int | None = None
        self.scroll = 0
        self.problem = ""
        self.rows: list[history.MatchRow] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.dialog: pygame_gui.windows.UIFileDialog | None = None
        self.reload()

    def reload(self) -> None:
        """Read the database again."""
        try:
            self.rows = history.matches()
            self.problem = ""
            damaged = history.take_problem()
            if damaged:  # moved aside: the player is told, as for every damaged file
                self.app.notify(tr(damaged), "warn")
        except Exception as e:  # a broken disk must not break the menu  # noqa: BLE001
            self.rows = []
            self.problem = str(e)

    @property
    def shown_rows(self) -> list[history.MatchRow]:
        """The history of the chosen game, newest first."""
        return [r for r in reversed(self.rows) if not self.game or r.game == self.game]

    # -- widgets ---------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.box = ui.centered((w, h), min(1100, w - 30), h - 30)
        b = self.box
        m = self.app.ui_manager
        self.game_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        x = b.left + 20
        for g in ("", *KNOWN_GAMES):
            text = tr(f"ui.games.{g}") if g else tr("life.stats.all_games")
            bw = max(80, style.font(16).size(text)[0] + 30)
            btn = ui.button(pygame.Rect(x, b.top + 62, bw, 34), text, m, self.ui, "#tab_button")
            if g == self.game:
                btn.select()
            self.game_buttons[g] = btn
            x += bw + 6
        self.tab_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        x = b.right - 20
        for t in ("history", "summary"):
            text = tr(f"life.stats.tab_{t}")
            bw = max(110, style.font(16).size(text)[0] + 30)
            x -= bw
            btn = ui.button(pygame.Rect(x, b.top + 62, bw, 34), text, m, self.ui, "#tab_button")
            if t == self.tab:
                btn.select()
            self.tab_buttons[t] = btn
            x -= 6
        y = b.bottom - 58
        self.back = ui.button(
            pygame.Rect(b.left + 20, y, 150, 42), tr("ui.common.back"), m, self.ui
        )
        self.reset_btn = ui.button(
            pygame.Rect(b.left + 180, y, 190, 42), tr("life.stats.reset"), m, self.ui
        )
        self.open_file = ui.button(
            pygame.Rect(b.right - 20 - 200 - 10 - 200, y, 200, 42),
            tr("life.stats.open_file"),
            m,
            self.ui,
            tooltip=tr("life.stats.open_file_tip"),
        )
        self.watch = ui.button(
            pygame.Rect(b.right - 20 - 200, y, 200, 42),
            tr("life.stats.watch"),
            m,
            self.ui,
            "#primary_button",
        )
        self.list_rect = pygame.Rect(b.left + 20, b.top + 140, b.width - 40, b.height - 140 - 70)
        self._enable()

    def _enable(self) -> None:
        if self.tab != "history":
            self.watch.hide()
        elif self.selected is not None:
            self.watch.enable()
        else:
            self.watch.disable()
        if self.rows:
            self.reset_btn.enable()
        else:
            self.reset_btn.disable()

    # -- actions -----------------------------------------------------------------
    def watch_selected(self) -> None:
        """Open the replay of the selected match."""
        rows = self.shown_rows
        if self.selected is None or not 0 <= self.selected < len(rows):
            return
        row = rows[self.selected]
        if not row.replay or not Path(row.replay).exists():
            self.app.notify(tr("life.stats.no_replay"), "warn")
            return
        from scenes.replay import open_replay_file

        viewer = open_replay_file(self.app, Path(row.replay))
        if viewer is not None:
            self.app.scenes.push(viewer)

    def ask_reset(self) -> None:
        """Forget every statistic, after asking."""

        def go() -> None:
            try:
                n = history.reset()
            except Exception as e:  # noqa: BLE001
                self.app.notify(str(e), "error")
                return
            self.app.notify(tr("life.stats.reset_done", count=n))
            self.selected = None
            self.reload()
            self.resize(self.app.size)

        self.app.confirm(
            later("life.stats.reset_title"),
            later("life.stats.reset_question", count=len(self.rows)),
            go,
            yes=later("life.stats.reset_yes"),
        )

    def pick_file(self) -> None:
        """A file dialog to open a replay file from anywhere."""
        from game.replays import exports_dir

        start = exports_dir()
        self.dialog = pygame_gui.windows.UIFileDialog(
            pygame.Rect(
                self.box.centerx - 300, self.box.top + 40, 600, min(480, self.box.height - 80)
            ),
            self.app.ui_manager,
            window_title=tr("life.stats.open_file"),
            initial_file_path=str(start if start.exists() else Path.home()),
            allow_existing_files_only=True,
        )

    # -- input -----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            from scenes.replay import open_replay_file

            viewer = open_replay_file(self.app, Path(event.text), ours=False)
            if viewer is not None:
                self.app.scenes.push(viewer)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el == self.back:
                self.app.scenes.pop()
            elif el == self.reset_btn:
                self.ask_reset()
            elif el == self.watch:
                self.watch_selected()
            elif el == self.open_file:
                self.pick_file()
            for g, btn in self.game_buttons.items():
                if el == btn:
                    self.game, self.selected, self.scroll = g, None, 0
                    self.resize(self.app.size)
            for t, btn in self.tab_buttons.items():
                if el == btn:
                    self.tab, self.selected = t, None
                    self.resize(self.app.size)
            return
        if self.tab != "history":
            return
        if event.type == pygame.MOUSEWHEEL:
            room = max(0, len(self.shown_rows) * ROW_H - (self.list_rect.height - ROW_H))
            self.scroll = max(0, min(room, self.scroll - event.y * ROW_H))
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.list_rect.collidepoint(event.pos)
            and event.pos[1] > self.list_rect.top + ROW_H
        ):
            i = (event.pos[1] - self.list_rect.top - ROW_H + self.scroll) // ROW_H
            if 0 <= i < len(self.shown_rows):
                if self.selected == i and getattr(event, "clicks", 1) >= 2:
                    self.watch_selected()
                self.selected = int(i)
                self._enable()

    # -- drawing ---------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        b = self.box
        surface.blit(style.parchment(b.size), b.topleft)
        style.blit_text(
            surface,
            tr("ui.menu.statistics"),
            36,
            (b.left + 22, b.top + 12),
            style.INK,
            kind="serif",
        )
        if self.problem:
            style.blit_text(
                surface,
                tr("ui.stats.problem"),
                16,
                (b.right - 22, b.top + 24),
                style.RED,
                anchor="topright",
            )
        if self.tab == "history":
            self._draw_history(surface)
        else:
            self._draw_summary(surface)

    def _draw_summary(self, surface: pygame.Surface) -> None:
        rows = [r for r in self.rows if not self.game or r.game == self.game]
        groups = history.aggregate(rows)
        area = pygame.Rect(self.list_rect)
        area.top -= 30
        area.height += 30
        if not groups:
            style.blit_text(
                surface, tr("ui.stats.empty"), 19, (area.centerx, area.top + 60), style.INK_SOFT,
                anchor="midtop", max_width=area.width - 60,
            )  # fmt: skip
            return
        heads = ("group", "played", "won", "rate", "streak", "best_streak", "best")
        fr = (0.0, 0.35, 0.44, 0.53, 0.60, 0.72, 0.81)
        cols = [area.left + int(area.width * f) for f in fr]
        y = area.top
        for i, (x, head) in enumerate(zip(cols, heads, strict=True)):
            right = cols[i + 1] - 6 if i + 1 < len(cols) else area.right
            style.blit_text(
                surface, tr(f"life.stats.col.{head}"), 14, (x, y), style.INK, kind="bold",
                max_width=right - x,
            )  # fmt: skip
        y += 24
        shown = groups[: max(1, min(6, (area.height // 2 - 30) // 24))]
        for g in shown:
            name = (
                f"{tr(f'ui.games.{g.game}')} · {mode_text(g.mode)} · {level_text(g.game, g.level)}"
            )
            cells = (
                name, str(g.played), str(g.won), f"{round(100 * g.win_rate)}%",
                streak_text(g.streak), str(g.best_streak), best_text(g.best_kind, g.best_value, g.best_label),
            )  # fmt: skip
            for i, (x, cell) in enumerate(zip(cols, cells, strict=True)):
                right = cols[i + 1] - 8 if i + 1 < len(cols) else area.right
                style.blit_text(surface, cell, 14, (x, y), style.INK, max_width=right - x)
            y += 24
        if len(groups) > len(shown):
            style.blit_text(
                surface, tr("life.stats.more_groups", count=len(groups) - len(shown)), 13,
                (area.left, y), style.INK_SOFT,
            )  # fmt: skip
            y += 20
        charts = pygame.Rect(area.left, y + 10, area.width, area.bottom - y - 10)
        if charts.height < 90:
            return
        half = (charts.width - 16) // 2
        if self.game:
            by_level: dict[str, list[int]] = {}
            for g in groups:
                pw = by_level.setdefault(level_text(g.game, g.level), [0, 0])
                pw[0] += g.played
                pw[1] += g.won
            bars = [(k, v[0], v[1]) for k, v in by_level.items()]
            title = tr("life.stats.chart_levels")
        else:
            per_game: dict[str, list[int]] = {}
            for g in groups:
                pw = per_game.setdefault(g.game, [0, 0])
                pw[0] += g.played
                pw[1] += g.won
            bars = [(tr(f"ui.games.{k}"), v[0], v[1]) for k, v in per_game.items()]
            title = tr("life.stats.chart_games")
        draw_bar_chart(
            surface, pygame.Rect(charts.left, charts.top, half, charts.height), title, bars
        )
        draw_line_chart(
            surface,
            pygame.Rect(charts.left + half + 16, charts.top, half, charts.height),
            tr("life.stats.chart_rate"),
            history.win_rate_series(rows),
        )

    def _draw_history(self, surface: pygame.Surface) -> None:
        rows = self.shown_rows
        area = self.list_rect
        if not rows:
            style.blit_text(
                surface, tr("life.stats.no_history"), 19, (area.centerx, area.top + 60),
                style.INK_SOFT, anchor="midtop", max_width=area.width - 60,
            )  # fmt: skip
            return
        heads = ("date", "game", "players", "winner", "result", "turns", "best")
        fr = (0.0, 0.15, 0.25, 0.50, 0.64, 0.75, 0.82)
        cols = [area.left + int(area.width * f) for f in fr]
        for i, (x, head) in enumerate(zip(cols, heads, strict=True)):
            right = cols[i + 1] - 6 if i + 1 < len(cols) else area.right
            style.blit_text(
                surface, tr(f"life.stats.col.{head}"), 14, (x + 4, area.top), style.INK,
                kind="bold", max_width=right - x - 4,
            )  # fmt: skip
        body = pygame.Rect(area.left, area.top + ROW_H, area.width, area.height - ROW_H)
        clip = surface.get_clip()
        surface.set_clip(body)
        for i, r in enumerate(rows):
            y = body.top + i * ROW_H - self.scroll
            if y + ROW_H < body.top or y > body.bottom:
                continue
            line = pygame.Rect(body.left, y, body.width, ROW_H - 2)
            if i == self.selected:
                pygame.draw.rect(surface, style.PARCHMENT_DARK, line, border_radius=6)
                pygame.draw.rect(surface, style.GOLD_DARK, line, width=2, border_radius=6)
            if r.practice:
                result, colour = tr("life.stats.practice"), style.INK_SOFT
            elif not r.humans:
                result, colour = tr("life.stats.bots_only"), style.INK_SOFT
            elif r.human_won:
                result, colour = tr("life.stats.result_won"), (40, 110, 50)
            else:
                result, colour = tr("life.stats.result_lost"), style.RED
            names = ", ".join(r.seats)
            winners = ", ".join(r.seats[w] for w in r.winners if 0 <= w < len(r.seats)) or "—"
            cells = (
                (time.strftime("%Y-%m-%d %H:%M", time.localtime(r.finished_at)), style.INK),
                (tr(f"ui.games.{r.game}"), style.INK),
                (names, style.INK),
                (winners, style.INK),
                (result, colour),
                (str(r.turns), style.INK),
                (best_text(r.best_kind, r.best_value, r.best_label), style.INK),
            )
            for j, (x, (cell, col)) in enumerate(zip(cols, cells, strict=True)):
                right = cols[j + 1] - 8 if j + 1 < len(cols) else area.right
                style.blit_text(surface, cell, 14, (x + 4, y + 6), col, max_width=right - x - 4)
        surface.set_clip(clip)
        from scenes.load_screen import draw_scrollbar

        draw_scrollbar(surface, body, self.scroll, len(rows) * ROW_H)
