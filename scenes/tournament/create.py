"""The create screen: game, format, name ([R10] for Chama), entrants, rounds,
top cut, turn limit, the game's options and the seed.

Left: the entrants (humans by name, bots by level or personality, "add N
bots"); right: the settings, scrolling when they do not fit. Widgets are
rebuilt when the form's shape changes (another game, format, a row added);
typed text is read back into the form first.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import OptionsError
from game.tournament import CHAMA_VARIANTS, TournamentError
from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene
from scenes.option_words import (
    bot_label,
    fit_label,
    labelled_error,
    short_bot_label,
)
from scenes.style import draw_backdrop, draw_heading
from scenes.tournament.common import (
    entrant_kind,
    error_text,
    save_tournament,
)
from scenes.tournament.create_form import HUMAN, TournamentForm
from scenes.tournament.create_settings import (
    ROW_H,
    WIDGET_H,
    SettingsPanel,
    _int_or,
    _scroll_pos,
)
from scenes.tournament.row_list import RowList
from scenes.widgets.wide_dropdown import Choice, WideDropDown

if TYPE_CHECKING:
    from scenes.manager import AppHost


class CreateTournament(Scene):
    """Set up a tournament and open its hub."""

    def __init__(self, app: AppHost, game: str | None = None) -> None:
        super().__init__(app)
        self.form = TournamentForm.first(game)
        self.error = ""
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._scroll = 0.0
        self.entrants = RowList(34)
        self.entrants.set_count(len(self.form.entrants))
        self.entrants.selected = 0
        self.editor: dict[str, Any] = {}
        self.settings = SettingsPanel(app, self.form)

    # -- layout --------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        m = self.app.ui_manager
        self.panel = pygame.Rect(30, 24, w - 60, h - 48)
        p = self.panel
        by = p.bottom - 66
        self.back = ui.button(
            pygame.Rect(p.left + 24, by, 160, 46), tr("ui.common.back"), m, self.ui
        )
        sw = min(280, max(220, style.font(22, "serif").size(tr("tournament.labels.start"))[0] + 40))
        self.start = ui.button(
            pygame.Rect(p.right - 24 - sw, by, sw, 46),
            tr("tournament.labels.start"),
            m,
            self.ui,
            "#primary_button",
        )
        split = p.left + int(p.width * 0.48)
        self.left = pygame.Rect(
            p.left + 24, p.top + 118, split - p.left - 36, by - 12 - (p.top + 118)
        )
        self.right = pygame.Rect(
            split + 12, p.top + 118, p.right - 24 - split - 12, self.left.height
        )
        self._build_entrants()
        self.settings.build(self.right, self.ui, self._scroll)

    def _build_entrants(self) -> None:
        m = self.app.ui_manager
        area = pygame.Rect(
            self.left.left, self.left.top, self.left.width, self.left.height - 3 * ROW_H - 4
        )
        # The entrants are drawn, not widgets: a field of 64 costs nothing to
        # rebuild; the selected one is edited in the row under the list.
        self.entrants.set_rect(area)
        self.entrants.set_count(len(self.form.entrants))
        self.editor_y = area.bottom + 8
        self.editor = {}
        self._build_editor()
        y1 = self.editor_y + ROW_H
        y2 = y1 + ROW_H
        self.add_human = ui.button(
            pygame.Rect(self.left.left, y1, min(240, self.left.width), WIDGET_H),
            tr("tournament.labels.add_human"),
            m,
            self.ui,
        )
        count_w = 56
        add_w = min(180, style.font(16).size(tr("tournament.create.add_bots"))[0] + 40)
        self.bot_count = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(self.left.left, y2, count_w, WIDGET_H), m, self.ui
        )
        self.bot_count.set_allowed_characters("numbers")
        self.bot_count.set_text_length_limit(3)
        self.bot_count.set_text(str(getattr(self, "_bot_count", 4)))
        kind_rect = pygame.Rect(
            self.left.left + count_w + 8, y2, self.left.width - count_w - 16 - add_w, WIDGET_H
        )
        chosen = getattr(self, "_bot_kind", self.form.default_bot)
        if chosen not in self.form.bots:
            chosen = self.form.default_bot
        # the open list names every bot or persona whole (a Wyrt persona read "Jogador nob…")
        self.bot_kind = WideDropDown(kind_rect, self._bot_choices(), chosen, m, self.ui)
        self.add_bots = ui.button(
            pygame.Rect(self.left.right - add_w, y2, add_w, WIDGET_H),
            tr("tournament.create.add_bots"),
            m,
            self.ui,
        )

    def _bot_choices(self) -> list[Choice]:
        """Each bot as drop-down choices: its label, then its short seat name."""
        game = self.form.game
        return [((bot_label(game, b), short_bot_label(game, b)), b) for b in self.form.bots]

    def _build_editor(self) -> None:
        """The row that edits the selected entrant: kind, name, remove."""
        for widget in self.editor.values():
            widget.kill()
        m = self.app.ui_manager
        i = self.entrants.selected
        row = self.form.entrants[i] if i is not None else None
        kinds = [((tr("tournament.labels.human"),), HUMAN), *self._bot_choices()]
        w = self.left.width
        kind_w = min(190, int(w * 0.38))
        y = self.editor_y
        kind = WideDropDown(
            pygame.Rect(self.left.left, y, kind_w, WIDGET_H),
            kinds,
            row.kind if row is not None else HUMAN,
            m,
            self.ui,
        )
        name = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(self.left.left + kind_w + 8, y, w - kind_w - 8 - 46, WIDGET_H), m, self.ui
        )
        name.set_text_length_limit(40)
        remove = ui.button(
            pygame.Rect(self.left.right - 38, y, 38, WIDGET_H),
            "×",
            m,
            self.ui,
            tooltip=tr("tournament.create.remove"),
        )
        if row is None or i is None:
            for widget in (kind, name, remove):
                widget.disable()
        else:
            name.set_text(self.form.entrant_names()[i])
            if row.is_bot:
                name.disable()
        self.editor = {"kind": kind, "name": name, "remove": remove}

    def select_entrant(self, index: int | None) -> None:
        """Select an entrant of the list and load it into the editor row."""
        self.read_widgets()
        self.entrants.select(index)
        self._build_editor()

    def _entrants_changed(self, select: int | None) -> None:
        """Rows were added or removed: the list, the editor and the rounds note follow."""
        self.entrants.set_count(len(self.form.entrants))
        self.entrants.select(select)
        self._build_editor()
        self._refresh_notes()

    def rebuild(self) -> None:
        """Rebuild the widgets for a new shape of the form, keeping the scroll places."""
        self._scroll = _scroll_pos(self.settings.scroller)
        self.resize(self.app.size)

    # -- reading widgets back --------------------------------------------------
    def read_widgets(self) -> None:
        """Pull typed text into the form (entries fire no event we must wait for)."""
        f = self.form
        i = self.entrants.selected
        if i is not None and i < len(f.entrants) and self.editor and not f.entrants[i].is_bot:
            f.entrants[i].name = self.editor["name"].get_text()

        def typed_text(key: str) -> str | None:
            widget = self.settings.fields.get(key)
            return None if widget is None else str(widget.get_text())

        name, event, year = typed_text("name"), typed_text("chama_event"), typed_text("chama_year")
        f.name = f.name if name is None else name
        f.chama_event = f.chama_event if event is None else event
        typed_year = _int_or(year or "", f.chama_year)
        # 0 stays 0 (and is refused in words), not quietly the year before
        f.chama_year = f.chama_year if typed_year is None else typed_year
        rounds = typed_text("rounds")
        if rounds is not None and f.format != "elimination":
            typed = _int_or(rounds, None)
            if typed is not None:  # the recommended number follows the field until changed
                f.rounds = None if typed == f.recommended else typed
        f.turn_limit = _int_or(typed_text("turn_limit") or "", f.turn_limit) or 0
        f.seed = _int_or(typed_text("seed") or "", f.seed) or f.seed
        for o in f.option_specs:
            widget = self.settings.opt_widgets.get(o.key)
            if o.kind == "int" and widget is not None:
                text = widget.get_text().strip()
                f.options[o.key] = int(text) if text.isdigit() else text
        self._bot_count = _int_or(self.bot_count.get_text(), 0) or 0
        self._bot_kind = ui.selected_id(self.bot_kind)

    # -- events --------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            self.read_widgets()
            self.remove_selected()
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            before = self.entrants.selected
            self.read_widgets()
            if self.entrants.handle_event(event) and self.entrants.selected != before:
                self._build_editor()
        elif event.type == pygame.MOUSEWHEEL:
            self.entrants.handle_event(event)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._dropdown(event.ui_element)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._typed(event.ui_element)

    def _button(self, element: Any) -> None:
        f = self.form
        if element == self.back:
            self.app.scenes.pop()
            return
        self.read_widgets()
        if element == self.start:
            self.create()
        elif element == self.add_human:
            f.add_human()
            self._entrants_changed(len(f.entrants) - 1)
        elif element == self.add_bots:
            before = len(f.entrants)
            f.add_bots(min(self._bot_count, 256), self._bot_kind)
            self._entrants_changed(before if len(f.entrants) > before else self.entrants.selected)
        elif element == self.editor.get("remove"):
            self.remove_selected()
        elif element == self.settings.reseed:
            f.seed = random.randrange(1, 10**6)
            self.settings.fields["seed"].set_text(str(f.seed))
        elif element is not None and element == self.settings.fields.get("ranked"):
            f.ranked = not f.ranked
            # The pontuação dupla row comes and goes with a ranked event.
            self.rebuild()
        elif element is not None and element == self.settings.fields.get("final_table"):
            f.final_table = not f.final_table
            # The semifinal stage leads to the final table: its row follows.
            self.rebuild()
        elif element is not None and element == self.settings.fields.get("semifinal"):
            f.semifinal = not f.semifinal
            element.set_text(self.settings.on_off(f.semifinal))
            problem = f.semifinal_problem()
            if problem is not None:
                self.app.notify(problem, "warn")
        elif element is not None and element == self.settings.fields.get("double_points"):
            f.double_points = not f.double_points
            element.set_text(self.settings.on_off(f.double_points))
        else:
            for v, b in self.settings.variant_buttons.items():
                if element == b:
                    on = v not in f.chama_variants
                    # keep the rulebook's order of variants in the name
                    f.chama_variants = [
                        x for x in CHAMA_VARIANTS if (x in f.chama_variants) != (x == v)
                    ]
                    b.set_text(self.settings.on_off(on))
                    self._refresh_notes()
                    return
            for key, widget in self.settings.opt_widgets.items():
                if element == widget:
                    f.options[key] = not f.options.get(key, False)
                    widget.set_text(self.settings.on_off(f.options[key]))

    def _dropdown(self, element: Any) -> None:
        f = self.form
        self.read_widgets()
        if element == self.settings.fields.get("game"):
            f.set_game(ui.selected_id(element))
            self.rebuild()
        elif element == self.settings.fields.get("format"):
            f.set_format(ui.selected_id(element))
            self.rebuild()
        elif element == self.settings.fields.get("top_cut"):
            f.top_cut = int(ui.selected_id(element))
        elif element == self.settings.fields.get("chama_type"):
            f.chama_type = ui.selected_id(element)
            self._refresh_notes()
        elif element == self.bot_kind:
            return
        elif element == self.editor.get("kind") and self.entrants.selected is not None:
            row = f.entrants[self.entrants.selected]
            kind = ui.selected_id(element)
            if kind == HUMAN and row.is_bot:
                row.name = ""
            row.kind = kind
            self._build_editor()
        else:
            for o in f.option_specs:
                if o.kind == "choice" and element == self.settings.opt_widgets.get(o.key):
                    text = ui.selected_id(element)
                    f.options[o.key] = next((c for c in o.choices if str(c) == text), text)

    def remove_selected(self) -> None:
        """Take the selected entrant off the list."""
        i = self.entrants.selected
        if i is None or i >= len(self.form.entrants):
            return
        del self.form.entrants[i]
        self._entrants_changed(min(i, len(self.form.entrants) - 1) if self.form.entrants else None)

    def _typed(self, element: Any) -> None:
        if element == self.editor.get("name"):
            self.read_widgets()
            return
        if element in (
            self.settings.fields.get("chama_event"),
            self.settings.fields.get("chama_year"),
        ):
            self.read_widgets()
            self._refresh_notes()

    def _refresh_notes(self) -> None:
        """Labels that follow the form without a rebuild (name preview, recommended rounds)."""
        f = self.form
        if self.settings.fields.get("preview") is not None:
            self.settings.fields["preview"].set_text(self.settings.preview_text())
        note = self.settings.fields.get("rounds_note")
        if note is not None and f.format != "elimination":
            text = tr("tournament.labels.recommended_rounds", rounds=f.recommended)
            note.set_text(fit_label(text, note.rect.width))
            if f.rounds is None and self.settings.fields.get("rounds") is not None:
                self.settings.fields["rounds"].set_text(str(f.recommended))

    # -- the organizer -------------------------------------------------------
    def create(self) -> None:
        """Ask the organizer; on success save it and open the hub."""
        from scenes.tournament.hub import TournamentHub

        try:
            t = self.form.create()
        except (TournamentError, ValueError) as e:
            self.error = error_text(self._labelled(e))
            self.app.notify(self.error, "error")
            return
        self.error = ""
        if not save_tournament(self.app, t):
            return
        self.app.notify(tr("tournament.create.created", name=t.name))
        self.app.scenes.replace(TournamentHub(self.app, t))

    def _labelled(self, error: Exception) -> Exception:
        """A refusal about one option names it as this form labels it."""
        key, params = getattr(error, "key", None), getattr(error, "params", None)
        if not isinstance(key, str) or not isinstance(params, dict) or "option" not in params:
            return error
        own = {"turn_limit": tr("tournament.labels.turn_limit")}
        return labelled_error(self.form.game, OptionsError(key, str(error), **params), own)

    # -- drawing -------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.panel)
        p = self.panel
        draw_heading(
            surface, tr("tournament.create.title"), (p.left + 24, p.top + 14), p.width - 48
        )
        style.blit_text(
            surface,
            tr("tournament.create.entrants_count", n=len(self.form.entrants)),
            24,
            (self.left.left, self.left.top - 40),
            style.INK,
            kind="serif",
        )
        style.blit_text(
            surface,
            tr("tournament.create.settings"),
            24,
            (self.right.left, self.right.top - 40),
            style.INK,
            kind="serif",
        )
        self.entrants.draw(surface, self._paint_entrant)
        if self.error:
            lines = style.wrap_text(self.error, 15, p.width - 24 * 2 - 160 - 300)
            y = p.bottom - 66 + 23 - 10 * len(lines[:2])
            for line in lines[:2]:
                style.blit_text(
                    surface, line, 15, (p.left + 24 + 160 + 20, y), style.RED, kind="bold"
                )
                y += 20

    def _paint_entrant(self, surface: pygame.Surface, i: int, rect: pygame.Rect, sel: bool) -> None:
        row = self.form.entrants[i]
        name = self.form.entrant_names()[i] if sel or row.is_bot else row.name
        style.blit_text(
            surface,
            f"{i + 1}.",
            15,
            (rect.left + 8, rect.centery),
            style.INK_SOFT,
            anchor="midleft",
        )
        kind = entrant_kind(self.form.game, row.kind if row.is_bot else None)
        kw = style.font(14).size(kind)[0]
        style.blit_text(
            surface,
            name or "—",
            16,
            (rect.left + 48, rect.centery),
            style.INK,
            kind="sans" if row.is_bot else "bold",
            anchor="midleft",
            max_width=rect.width - 48 - kw - 24,
        )
        style.blit_text(
            surface, kind, 14, (rect.right - 10, rect.centery), style.INK_SOFT, anchor="midright"
        )
