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

from game import GAMES, OptionsError, OptionSpec
from game.tournament import CHAMA_TYPES, CHAMA_VARIANTS, RANKED_MINIMUM, TournamentError
from game.tournament.organizer import SEMIFINAL_FIELD
from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene
from scenes.new_match import (
    bot_label,
    choice_label,
    fit_label,
    labelled_error,
    option_help,
    option_label,
)
from scenes.tournament.common import (
    draw_backdrop,
    draw_heading,
    entrant_kind,
    error_text,
    format_label,
    game_title,
    save_tournament,
)
from scenes.tournament.create_form import HUMAN, TournamentForm
from scenes.tournament.row_list import RowList

if TYPE_CHECKING:
    from scenes.app import App

ROW_H = 44
WIDGET_H = 36
TOP_CUTS = (0, 4, 8)


def variant_label(variant: str) -> str:
    """A Chama variant's name in the player's language."""
    return tr(f"tournament.chama.variants.{variant.lower().replace(' ', '_')}")


def _scroll_pos(scroller: Any) -> float:
    bar = getattr(scroller, "vert_scroll_bar", None)
    return float(bar.start_percentage) if bar is not None else 0.0


def _set_scroll(scroller: Any, pct: float) -> None:
    bar = getattr(scroller, "vert_scroll_bar", None)
    if bar is not None:
        bar.set_scroll_from_start_percentage(pct)


def _int_or(text: str, fallback: int | None) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() else fallback


class CreateTournament(Scene):
    """Set up a tournament and open its hub."""

    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app)
        self.form = TournamentForm.first(game)
        self.error = ""
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._scroll = 0.0
        self.entrants = RowList(34)
        self.entrants.set_count(len(self.form.entrants))
        self.entrants.selected = 0
        self.editor: dict[str, Any] = {}
        self.fields: dict[str, Any] = {}
        self.variant_buttons: dict[str, Any] = {}
        self.opt_widgets: dict[str, Any] = {}

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
        self._build_settings()

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
        bots = [(bot_label(self.form.game, b), b) for b in self.form.bots]
        chosen = getattr(self, "_bot_kind", self.form.default_bot)
        if chosen not in self.form.bots:
            chosen = self.form.default_bot
        self.bot_kind = ui.dropdown(kind_rect, bots, chosen, m, self.ui)
        self.add_bots = ui.button(
            pygame.Rect(self.left.right - add_w, y2, add_w, WIDGET_H),
            tr("tournament.create.add_bots"),
            m,
            self.ui,
        )

    def _build_editor(self) -> None:
        """The row that edits the selected entrant: kind, name, remove."""
        for widget in self.editor.values():
            widget.kill()
        m = self.app.ui_manager
        i = self.entrants.selected
        row = self.form.entrants[i] if i is not None else None
        kinds = [(tr("tournament.labels.human"), HUMAN)] + [
            (bot_label(self.form.game, b), b) for b in self.form.bots
        ]
        w = self.left.width
        kind_w = min(190, int(w * 0.38))
        y = self.editor_y
        kind = ui.dropdown(
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

    def _setting_rows(self) -> list[tuple[str, str, str | None]]:
        """(kind, label, tooltip) of every settings row, top to bottom."""
        f = self.form
        rows: list[tuple[str, str, str | None]] = [
            ("game", tr("tournament.labels.game"), None),
            ("format", tr("tournament.labels.format"), tr(f"tournament.formats_help.{f.format}")),
        ]
        if f.is_chama:
            rows += [
                (
                    "chama_type",
                    tr("tournament.create.chama_type"),
                    tr("tournament.chama.name_hint"),
                ),
                ("chama_event", tr("tournament.create.chama_event"), None),
                *(
                    (
                        f"variant:{v}",
                        tr("tournament.create.chama_variant", variant=variant_label(v)),
                        None,
                    )
                    for v in CHAMA_VARIANTS
                ),
                ("chama_year", tr("tournament.create.chama_year"), None),
                ("preview", "", None),
                (
                    "ranked",
                    tr("tournament.labels.ranked"),
                    tr("tournament.create.ranked_help", minimum=RANKED_MINIMUM),
                ),
            ]
            if f.double_points_applies:
                rows.append(
                    (
                        "double_points",
                        tr("tournament.labels.double_points"),
                        tr("tournament.create.double_points_help"),
                    )
                )
        else:
            rows.append(("name", tr("tournament.labels.name"), None))
        rows.append(("rounds", tr("tournament.labels.rounds"), tr("tournament.create.rounds_help")))
        if f.format == "swiss":
            rows.append(
                ("top_cut", tr("tournament.labels.top_cut"), tr("tournament.create.top_cut_help"))
            )
        if f.format == "melee":
            rows.append(("final_table", tr("tournament.labels.final_table"), None))
        if f.semifinal_applies:
            rows.append(
                (
                    "semifinal",
                    tr("tournament.labels.semifinal"),
                    tr("tournament.create.semifinal_help", minimum=SEMIFINAL_FIELD),
                )
            )
        rows.append(
            (
                "turn_limit",
                tr("tournament.labels.turn_limit"),
                tr("tournament.create.turn_limit_help"),
            )
        )
        rows.append(("options", tr("tournament.create.options"), None))
        for o in f.option_specs:
            rows.append((f"opt:{o.key}", option_label(f.game, o), option_help(f.game, o)))
        if not f.option_specs:
            rows.append(("no_options", tr("tournament.create.no_options"), None))
        rows.append(("seed", tr("tournament.labels.seed"), tr("ui.new_match.seed_tip")))
        return rows

    def _build_settings(self) -> None:
        m = self.app.ui_manager
        rows = self._setting_rows()
        scroller = pygame_gui.elements.UIScrollingContainer(
            self.right, m, container=self.ui, allow_scroll_x=False
        )
        inner_w = self.right.width - 22
        scroller.set_scrollable_area_dimensions(
            (inner_w, max(self.right.height, ROW_H * len(rows) + 4))
        )
        inner = scroller.get_container()
        half = int(inner_w * 0.46)
        wx, ww = half, inner_w - half
        self.fields = {}
        self.variant_buttons = {}
        self.opt_widgets = {}
        for i, (kind, text, tip) in enumerate(rows):
            y = i * ROW_H + 4
            rect = pygame.Rect(wx, y, ww, WIDGET_H)
            if kind in ("options", "no_options"):
                style_id = "#heading_label" if kind == "options" else "#ink_label_small"
                ui.label(pygame.Rect(0, y, inner_w, WIDGET_H), text, m, inner, style_id)
                continue
            if kind == "preview":
                self.fields["preview"] = ui.label(
                    pygame.Rect(0, y, inner_w, WIDGET_H),
                    self._preview_text(),
                    m,
                    inner,
                    "#note_label",
                )
                continue
            shown = fit_label(text, half - 10)
            style_id = (
                "#ink_label" if style.font(16).size(text)[0] <= half - 10 else "#ink_label_small"
            )
            lab = ui.label(pygame.Rect(0, y, half - 6, WIDGET_H), shown, m, inner, style_id)
            if tip or shown != text:
                lab.set_tooltip(tip or text)
            widget = self._setting_widget(kind, rect, inner, tip)
            self.fields[kind] = widget
        self.settings_scroller = scroller
        _set_scroll(scroller, self._scroll)

    def _setting_widget(self, kind: str, rect: pygame.Rect, inner: Any, tip: str | None) -> Any:
        m = self.app.ui_manager
        f = self.form
        if kind == "game":
            games = [(game_title(g), g) for g in GAMES]
            return ui.dropdown(rect, games, f.game, m, inner)
        if kind == "format":
            menu = ui.dropdown(rect, [(format_label(x), x) for x in f.formats], f.format, m, inner)
            if tip:
                menu.set_tooltip(tip)
            return menu
        if kind == "name":
            return self._entry(rect, inner, f.name, limit=80, placeholder=f.event_name() or "")
        if kind == "chama_type":
            types = [(tr(f"tournament.chama.types.{t.lower()}"), t) for t in CHAMA_TYPES]
            return ui.dropdown(rect, types, f.chama_type, m, inner)
        if kind == "chama_event":
            return self._entry(rect, inner, f.chama_event, limit=60)
        if kind == "chama_year":
            return self._entry(
                pygame.Rect(rect.left, rect.top, 90, rect.height),
                inner,
                str(f.chama_year),
                limit=4,
                numbers=True,
            )
        if kind.startswith("variant:"):
            v = kind.split(":", 1)[1]
            b = ui.button(rect, self._on_off(v in f.chama_variants), m, inner)
            self.variant_buttons[v] = b
            return b
        if kind in ("ranked", "final_table", "semifinal", "double_points"):
            value = bool(getattr(f, kind))
            return ui.button(rect, self._on_off(value), m, inner, tooltip=tip)
        if kind == "rounds":
            entry = self._entry(
                pygame.Rect(rect.left, rect.top, 70, rect.height),
                inner,
                str(f.rounds_value),
                limit=2,
                numbers=True,
            )
            note_rect = pygame.Rect(rect.left + 78, rect.top, rect.width - 78, rect.height)
            if f.format == "elimination":
                entry.set_text("")
                entry.disable()
                note = tr("tournament.create.rounds_bracket")
            else:
                note = tr("tournament.labels.recommended_rounds", rounds=f.recommended)
            self.fields["rounds_note"] = ui.label(
                note_rect, fit_label(note, note_rect.width), m, inner, "#ink_label_small"
            )
            return entry
        if kind == "top_cut":
            cuts = [
                (
                    tr("tournament.labels.no_top_cut")
                    if c == 0
                    else tr("tournament.labels.top_cut_of", size=c),
                    str(c),
                )
                for c in TOP_CUTS
            ]
            return ui.dropdown(rect, cuts, str(f.top_cut), m, inner)
        if kind == "turn_limit":
            entry = self._entry(
                pygame.Rect(rect.left, rect.top, 90, rect.height),
                inner,
                str(f.turn_limit),
                limit=5,
                numbers=True,
            )
            note_rect = pygame.Rect(rect.left + 98, rect.top, rect.width - 98, rect.height)
            self.fields["turn_note"] = ui.label(
                note_rect,
                fit_label(tr("tournament.labels.no_turn_limit"), note_rect.width)
                if f.turn_limit == 0
                else "",
                m,
                inner,
                "#ink_label_small",
            )
            return entry
        if kind == "seed":
            entry = self._entry(
                pygame.Rect(rect.left, rect.top, 110, rect.height),
                inner,
                str(f.seed),
                limit=9,
                numbers=True,
            )
            self.reseed = ui.button(
                pygame.Rect(rect.left + 118, rect.top, rect.width - 118, rect.height),
                tr("ui.new_match.reseed"),
                m,
                inner,
                tooltip=tr("ui.new_match.seed_tip"),
            )
            return entry
        if kind.startswith("opt:"):
            spec = next(o for o in f.option_specs if o.key == kind[4:])
            widget = self._option_widget(spec, rect, inner, tip)
            self.opt_widgets[spec.key] = widget
            return widget
        return None

    def _option_widget(self, o: OptionSpec, rect: pygame.Rect, inner: Any, tip: str | None) -> Any:
        m = self.app.ui_manager
        value = self.form.options.get(o.key, o.default)
        if o.kind == "bool":
            return ui.button(rect, self._on_off(bool(value)), m, inner, tooltip=tip)
        if o.kind == "choice":
            return ui.dropdown(
                rect,
                [(choice_label(self.form.game, o, c), str(c)) for c in o.choices],
                str(value),
                m,
                inner,
            )
        return self._entry(rect, inner, str(value), limit=6, numbers=True)

    def _entry(
        self,
        rect: pygame.Rect,
        inner: Any,
        text: str,
        *,
        limit: int,
        numbers: bool = False,
        placeholder: str | None = None,
    ) -> pygame_gui.elements.UITextEntryLine:
        entry = pygame_gui.elements.UITextEntryLine(
            rect, self.app.ui_manager, inner, placeholder_text=placeholder
        )
        if numbers:
            entry.set_allowed_characters("numbers")
        entry.set_text_length_limit(limit)
        entry.set_text(text)
        return entry

    @staticmethod
    def _on_off(value: bool) -> str:
        return tr("ui.common.on") if value else tr("ui.common.off")

    def _preview_text(self) -> str:
        name = self.form.event_name()
        return (
            tr("tournament.create.name_preview", name=name)
            if name is not None
            else tr("tournament.create.bad_chama_name")
        )

    def rebuild(self) -> None:
        """Rebuild the widgets for a new shape of the form, keeping the scroll places."""
        self._scroll = _scroll_pos(self.settings_scroller)
        self.resize(self.app.size)

    # -- reading widgets back --------------------------------------------------
    def read_widgets(self) -> None:
        """Pull typed text into the form (entries fire no event we must wait for)."""
        f = self.form
        i = self.entrants.selected
        if i is not None and i < len(f.entrants) and self.editor and not f.entrants[i].is_bot:
            f.entrants[i].name = self.editor["name"].get_text()

        def typed_text(key: str) -> str | None:
            widget = self.fields.get(key)
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
            widget = self.opt_widgets.get(o.key)
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
        elif element == getattr(self, "reseed", None):
            f.seed = random.randrange(1, 10**6)
            self.fields["seed"].set_text(str(f.seed))
        elif element is not None and element == self.fields.get("ranked"):
            f.ranked = not f.ranked
            # The pontuação dupla row comes and goes with a ranked event.
            self.rebuild()
        elif element is not None and element == self.fields.get("final_table"):
            f.final_table = not f.final_table
            # The semifinal stage leads to the final table: its row follows.
            self.rebuild()
        elif element is not None and element == self.fields.get("semifinal"):
            f.semifinal = not f.semifinal
            element.set_text(self._on_off(f.semifinal))
            problem = f.semifinal_problem()
            if problem is not None:
                self.app.notify(problem, "warn")
        elif element is not None and element == self.fields.get("double_points"):
            f.double_points = not f.double_points
            element.set_text(self._on_off(f.double_points))
        else:
            for v, b in self.variant_buttons.items():
                if element == b:
                    on = v not in f.chama_variants
                    # keep the rulebook's order of variants in the name
                    f.chama_variants = [
                        x for x in CHAMA_VARIANTS if (x in f.chama_variants) != (x == v)
                    ]
                    b.set_text(self._on_off(on))
                    self._refresh_notes()
                    return
            for key, widget in self.opt_widgets.items():
                if element == widget:
                    f.options[key] = not f.options.get(key, False)
                    widget.set_text(self._on_off(f.options[key]))

    def _dropdown(self, element: Any) -> None:
        f = self.form
        self.read_widgets()
        if element == self.fields.get("game"):
            f.set_game(ui.selected_id(element))
            self.rebuild()
        elif element == self.fields.get("format"):
            f.set_format(ui.selected_id(element))
            self.rebuild()
        elif element == self.fields.get("top_cut"):
            f.top_cut = int(ui.selected_id(element))
        elif element == self.fields.get("chama_type"):
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
                if o.kind == "choice" and element == self.opt_widgets.get(o.key):
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
        if element in (self.fields.get("chama_event"), self.fields.get("chama_year")):
            self.read_widgets()
            self._refresh_notes()

    def _refresh_notes(self) -> None:
        """Labels that follow the form without a rebuild (name preview, recommended rounds)."""
        f = self.form
        if self.fields.get("preview") is not None:
            self.fields["preview"].set_text(self._preview_text())
        note = self.fields.get("rounds_note")
        if note is not None and f.format != "elimination":
            text = tr("tournament.labels.recommended_rounds", rounds=f.recommended)
            note.set_text(fit_label(text, note.rect.width))
            if f.rounds is None and self.fields.get("rounds") is not None:
                self.fields["rounds"].set_text(str(f.recommended))

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
