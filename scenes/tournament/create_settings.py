"""The create screen's right side: the event's settings (format, rounds, top cut,
turn limit, seed, Chama's event data) and the game's options, one widget a row.

`SettingsPanel` is handed the app and the form (which it reads, never changes)
and owns the widgets it builds; the create screen reads them back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import GAMES, OptionSpec
from game.tournament import CHAMA_TYPES, CHAMA_VARIANTS, RANKED_MINIMUM
from game.tournament.organizer import SEMIFINAL_FIELD
from scenes import style, ui
from scenes.i18n import tr
from scenes.option_words import (
    choice_label,
    fit_label,
    option_help,
    option_label,
)
from scenes.tournament.common import (
    format_label,
    game_title,
)
from scenes.tournament.create_form import TournamentForm

if TYPE_CHECKING:
    from scenes.manager import AppHost

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


class SettingsPanel:
    """The settings column of `CreateTournament`: one widget per row of the form."""

    def __init__(self, app: AppHost, form: TournamentForm) -> None:
        self.app = app
        self.form = form
        #: the widget of each row by kind ("game", "rounds", "opt:<key>" is in opt_widgets)
        self.fields: dict[str, Any] = {}
        self.variant_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.opt_widgets: dict[str, Any] = {}
        self.reseed: pygame_gui.elements.UIButton | None = None
        self.scroller: pygame_gui.elements.UIScrollingContainer | None = None

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

    def build(self, right: pygame.Rect, container: Any, scroll: float) -> None:
        """The widgets in `right` of `container`, scrolled to `scroll` (a fraction)."""
        m = self.app.ui_manager
        rows = self._setting_rows()
        scroller = pygame_gui.elements.UIScrollingContainer(
            right, m, container=container, allow_scroll_x=False
        )
        inner_w = right.width - 22
        scroller.set_scrollable_area_dimensions((inner_w, max(right.height, ROW_H * len(rows) + 4)))
        inner = scroller.get_container()
        half = int(inner_w * 0.46)
        wx, ww = half, inner_w - half
        self.fields.clear()
        self.variant_buttons.clear()
        self.opt_widgets.clear()
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
                    self.preview_text(),
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
        self.scroller = scroller
        _set_scroll(scroller, scroll)

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
            b = ui.button(rect, self.on_off(v in f.chama_variants), m, inner)
            self.variant_buttons[v] = b
            return b
        if kind in ("ranked", "final_table", "semifinal", "double_points"):
            value = bool(getattr(f, kind))
            return ui.button(rect, self.on_off(value), m, inner, tooltip=tip)
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
            return ui.button(rect, self.on_off(bool(value)), m, inner, tooltip=tip)
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
    def on_off(value: bool) -> str:
        """A switch's label: on or off."""
        return tr("ui.common.on") if value else tr("ui.common.off")

    def preview_text(self) -> str:
        """The Chama event's name as it will be, or why it cannot be."""
        name = self.form.event_name()
        return (
            tr("tournament.create.name_preview", name=name)
            if name is not None
            else tr("tournament.create.bad_chama_name")
        )
