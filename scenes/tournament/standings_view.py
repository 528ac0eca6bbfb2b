"""Standings with every tie-break column of the format, scrolling for large fields.

Columns are the organizer's (`Tournament.columns`); headings are short, and
pointing at one shows its full name and what it means. Place, number and name
stay put while wide tables scroll sideways (Shift+wheel, ← →).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.tournament import StandingRow, Tournament
from scenes import style, ui
from scenes.i18n import has, tr
from scenes.manager import Scene
from scenes.style import draw_backdrop, draw_heading
from scenes.tournament.common import draw_check, entrant_kind
from scenes.tournament.export_files import export_and_tell
from scenes.tournament.row_list import RowList

if TYPE_CHECKING:
    from scenes.manager import AppHost

#: Columns that stay in place while the others scroll sideways.
FROZEN = ("place", "number", "name")
#: Yes/no columns, drawn as a tick.
BOOLEAN = ("beat_all", "dropped")
CELL = 15
HEAD = 14
PAD = 16


def default_final(t: Tournament) -> bool:
    """Final places once a top cut / final table / bracket runs or the event is over."""
    cur = t.current_round
    return t.is_finished or (cur is not None and cur.stage not in ("swiss", "melee"))


class StandingsScene(Scene):
    """The standings of one tournament (a snapshot taken when opened)."""

    arrows_move_focus = False  # (they move through its list)

    def __init__(self, app: AppHost, t: Tournament, final: bool | None = None) -> None:
        super().__init__(app)
        self.t = t
        self.final = default_final(t) if final is None else final
        self.list = RowList(30)
        self.hscroll = 0
        self.header_rects: list[tuple[pygame.Rect, str]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.load()

    # -- data ----------------------------------------------------------------
    def load(self) -> None:
        """Read rows and columns from the organizer."""
        self.columns: tuple[str, ...] = self.t.columns(self.final)
        self.rows: list[StandingRow] = (
            self.t.final_standings() if self.final else self.t.prelim_standings()
        )
        self.list.set_count(len(self.rows))
        self.hscroll = 0
        self._widths: dict[str, int] | None = None
        self.full_headers = False

    def cell(self, row: StandingRow, col: str) -> Any:
        """Text of a cell (a bool stays a bool: it is drawn as a tick)."""
        value = getattr(row, col)
        if col in BOOLEAN:
            return bool(value)
        if col == "bot":
            return entrant_kind(self.t.game, value)
        if col == "reached":
            return tr(f"tournament.reached.{value}") if value else ""
        if value is None:
            return "–"
        return str(value)

    def header(self, col: str) -> str:
        """A column's heading: its full name when every full name fits, else the short one."""
        key = "columns" if self.full_headers else "columns_short"
        return tr(f"tournament.{key}.{col}")

    def widths(self) -> dict[str, int]:
        """Each column's width from its heading and its widest cell (measured once per build)."""
        if self._widths is None:
            self._widths = self._measure()
        return self._widths

    def _measure(self) -> dict[str, int]:
        head = style.font(HEAD, "bold")
        body = style.font(CELL)
        cells: dict[str, int] = {}
        for col in self.columns:
            w = 0
            for r in self.rows:
                v = self.cell(r, col)
                if not isinstance(v, bool):
                    w = max(w, body.size(v)[0])
            cells[col] = min(260 if col == "name" else 170, w)
        room = self.list.rect.width - 24
        for full in (True, False):
            self.full_headers = full
            out = {c: max(cells[c], head.size(self.header(c))[0]) + PAD for c in self.columns}
            if sum(out.values()) <= room:
                break
        # Spread what is left over the columns, so the table fills the panel.
        spare = room - sum(out.values())
        if spare > 0:
            extra = min(48, spare // len(out))
            out = {c: w + extra for c, w in out.items()}
        return out

    # -- widgets -------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        m = self.app.ui_manager
        self._widths = None  # the language may have changed
        self.panel = pygame.Rect(24, 20, w - 48, h - 40)
        p = self.panel
        by = p.bottom - 62
        self.back = ui.button(
            pygame.Rect(p.left + 22, by, 150, 44), tr("ui.common.back"), m, self.ui
        )
        bw = 170
        self.export_json = ui.button(
            pygame.Rect(p.right - 22 - bw, by, bw, 44),
            tr("tournament.labels.export_json"),
            m,
            self.ui,
        )
        self.export_csv = ui.button(
            pygame.Rect(p.right - 22 - 2 * bw - 12, by, bw, 44),
            tr("tournament.labels.export_csv"),
            m,
            self.ui,
        )
        self.toggle = None
        if self.t.knockout_or_final:
            key = (
                "tournament.standings.show_prelim"
                if self.final
                else "tournament.standings.show_final"
            )
            tw = min(260, style.font(16).size(tr(key))[0] + 40)
            self.toggle = ui.button(
                pygame.Rect(p.right - 22 - tw, p.top + 18, tw, 40), tr(key), m, self.ui
            )
        top = p.top + 112
        self.list.set_rect(pygame.Rect(p.left + 22, top, p.width - 44, by - 40 - top))
        # the wider columns scroll sideways by these too, not only by keys or Shift+wheel
        lr = self.list.rect
        self.side_left = ui.button(
            pygame.Rect(lr.right - 84, lr.bottom + 6, 40, 28),
            "‹",
            m,
            self.ui,
            tooltip=tr("tournament.standings.scroll_left"),
        )
        self.side_right = ui.button(
            pygame.Rect(lr.right - 40, lr.bottom + 6, 40, 28),
            "›",
            m,
            self.ui,
            tooltip=tr("tournament.standings.scroll_right"),
        )
        self._side_buttons()

    def _side_buttons(self) -> None:
        """The sideways arrows show only when the columns do not all fit, each
        greyed out at its end."""
        room = self._max_hscroll()
        for button, end in ((self.side_left, 0), (self.side_right, room)):
            if not room:
                button.hide()
                continue
            button.show()
            if self.hscroll == end:
                button.disable()
            else:
                button.enable()

    # -- events --------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.app.scenes.pop()
            elif event.ui_element == self.export_csv:
                export_and_tell(self.app, self.t, "csv")
            elif event.ui_element == self.export_json:
                export_and_tell(self.app, self.t, "json")
            elif event.ui_element in (self.side_left, self.side_right):
                self.scroll_sideways(-160 if event.ui_element == self.side_left else 160)
            elif self.toggle is not None and event.ui_element == self.toggle:
                self.final = not self.final
                self.load()
                self.resize(self.app.size)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
                return
            step = {pygame.K_LEFT: -80, pygame.K_RIGHT: 80}.get(event.key)
            if step:
                self.scroll_sideways(step)
                return
            page = {pygame.K_PAGEDOWN: 1, pygame.K_PAGEUP: -1}.get(event.key)
            if page:
                self.list.scroll += page * (self.list.rect.height - self.list.row_h)
                self.list.clamp()
                return
        if event.type == pygame.MOUSEWHEEL and (
            event.x or pygame.key.get_mods() & pygame.KMOD_SHIFT
        ):
            self.scroll_sideways(-int(event.x or event.y) * 60)
            return
        self.list.handle_event(event)

    def _max_hscroll(self) -> int:
        widths = self.widths()
        frozen = sum(widths[c] for c in self.columns if c in FROZEN)
        rest = sum(widths[c] for c in self.columns if c not in FROZEN)
        return max(0, frozen + rest - (self.list.rect.width - 24))

    def scroll_sideways(self, dx: int) -> None:
        """Move the non-frozen columns left or right."""
        self.hscroll = max(0, min(self._max_hscroll(), self.hscroll + dx))
        self._side_buttons()

    # -- drawing -------------------------------------------------------------
    def _layout(self) -> list[tuple[str, int, int]]:
        """(column, x, width) of the visible columns, frozen ones first."""
        widths = self.widths()
        out = []
        x = self.list.rect.left + 8
        for c in self.columns:
            if c in FROZEN:
                out.append((c, x, widths[c]))
                x += widths[c]
        self.scroll_left = x
        x -= self.hscroll
        for c in self.columns:
            if c not in FROZEN:
                out.append((c, x, widths[c]))
                x += widths[c]
        return out

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.panel)
        p = self.panel
        title = tr(
            "tournament.labels.final_standings" if self.final else "tournament.labels.standings"
        )
        right = self.toggle.rect.left - 16 if self.toggle is not None else p.right - 22
        head = draw_heading(surface, title, (p.left + 22, p.top + 10), right - p.left - 22, size=36)
        sub = self.t.name
        if self.final and not self.t.is_finished:
            sub += " · " + tr("tournament.standings.provisional")
        style.blit_text(
            surface,
            sub,
            16,
            (p.left + 24, head.bottom + 10),
            style.INK_SOFT,
            max_width=p.width - 48,
        )
        if not self.rows:
            style.blit_text(
                surface,
                tr("tournament.standings.empty"),
                18,
                (p.centerx, self.list.rect.top + 30),
                style.INK_SOFT,
                anchor="midtop",
            )
            return
        layout = self._layout()
        hy = self.list.rect.top - 26
        self.header_rects = []
        clip = surface.get_clip()
        for c, x, w in layout:
            frozen = c in FROZEN
            if not frozen:
                surface.set_clip(
                    pygame.Rect(
                        self.scroll_left,
                        0,
                        self.list.rect.right - 14 - self.scroll_left,
                        surface.get_height(),
                    )
                )
            anchor_x = x + 4 if c in ("name", "bot", "reached") else x + w // 2
            anchor = "midleft" if c in ("name", "bot", "reached") else "center"
            style.blit_text(
                surface,
                self.header(c),
                HEAD,
                (anchor_x, hy + 12),
                style.INK,
                kind="bold",
                anchor=anchor,
                max_width=w - 4,
            )
            surface.set_clip(clip)
            self.header_rects.append((pygame.Rect(x, hy, w, 24), c))
        pygame.draw.line(
            surface,
            style.GOLD_DARK,
            (self.list.rect.left, hy + 25),
            (self.list.rect.right, hy + 25),
            2,
        )
        self._cols = layout
        self.list.draw(surface, self._paint_row)
        self._draw_hover(surface)

    def _paint_row(self, surface: pygame.Surface, i: int, rect: pygame.Rect, sel: bool) -> None:
        row = self.rows[i]
        colour = style.INK_SOFT if row.dropped else style.INK
        clip = surface.get_clip()
        for c, x, w in self._cols:
            if c not in FROZEN:
                surface.set_clip(
                    pygame.Rect(
                        self.scroll_left,
                        rect.top,
                        self.list.rect.right - 14 - self.scroll_left,
                        rect.height,
                    ).clip(clip)
                )
            v = self.cell(row, c)
            if isinstance(v, bool):
                if v:
                    draw_check(surface, (x + w // 2, rect.centery), 12, style.GOLD_DARK)
                else:  # a dash, as in every other column without a figure: never a hole
                    centre = (x + w // 2, rect.centery)
                    style.blit_text(surface, "–", CELL, centre, style.INK_SOFT, anchor="center")
            else:
                strong = c in ("name", "points") or (c == "place" and row.place <= 3)
                left = c in ("name", "bot", "reached")
                style.blit_text(
                    surface,
                    v,
                    CELL,
                    (x + 4, rect.centery) if left else (x + w // 2, rect.centery),
                    style.RED if c == "place" and row.place == 1 else colour,
                    kind="bold" if strong else "sans",
                    anchor="midleft" if left else "center",
                    max_width=w - 6,
                )
            surface.set_clip(clip)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        """The full name and meaning of the column under the pointer (or a hint)."""
        pos = pygame.mouse.get_pos()
        text = tr("tournament.standings.hover")
        for rect, c in self.header_rects:
            if rect.collidepoint(pos):
                text = tr(f"tournament.columns.{c}")
                if has(f"tournament.columns_help.{c}"):
                    text += ": " + tr(f"tournament.columns_help.{c}")
                break
        room = self.list.rect.width - (96 if self._max_hscroll() else 0)
        line, size = style.fit_text(text, 14, room, min_size=12)
        style.blit_text(
            surface,
            line,
            size,
            (self.list.rect.left, self.list.rect.bottom + 12),
            style.INK_SOFT,
        )
