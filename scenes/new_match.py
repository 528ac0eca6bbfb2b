"""The new-match screen, generic over `GameInfo`: seats (human or bot), the
game's options from its schema, the seed, practice mode, saved matches."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import GameInfo, OptionsError, get_info
from game.names import clean_name
from scenes import style, ui
from scenes.i18n import tr, tr_error
from scenes.manager import Scene
from scenes.names import GENERIC_LEVELS, bot_seat_name
from scenes.option_words import (
    NAME_MIN,
    ZERO_MEANS,
    choice_label,
    fit_label,
    label_style,
    labelled_error,
    option_help,
    option_label,
    zero_words,
)
from scenes.seat_choices import (
    HUMAN,
    REMOTE,
    default_seat_count,
    kind_choices,
    next_bot,
    seat_choice_need,
    seat_choices,
    typed_choice,
)
from scenes.text_scale import scaled
from scenes.widgets.wide_dropdown import WideDropDown

if TYPE_CHECKING:
    from scenes.manager import AppHost

__all__ = ["HUMAN", "NAME_MIN", "REMOTE", "NewMatchScene"]


class NewMatchScene(Scene):
    """Set up a match of one game."""

    def __init__(self, app: AppHost, game: str, practice: bool = False) -> None:
        super().__init__(app)
        self.game = game
        self.practice = practice
        self.info: GameInfo | None
        try:
            self.info = get_info(game)
        except KeyError:
            self.info = None
        self.seed = random.randrange(1, 10**6)
        self.rows: list[dict[str, Any]] = []
        self.values: dict[str, Any] = {}
        self.error = ""
        self.shown_options = [o for o in self.info.options if not o.internal] if self.info else []
        if self.info is not None:
            for i in range(default_seat_count(self.info)):
                kind = HUMAN if i == 0 else next_bot(self.info, [r["kind"] for r in self.rows])
                self.rows.append(self._new_row(kind, i))
            self.values = {o.key: o.default for o in self.shown_options if o.kind != "per_seat"}
        self.widgets: dict[str, Any] = {}

    # -- model -----------------------------------------------------------------
    def _new_row(self, kind: str, index: int) -> dict[str, Any]:
        assert self.info is not None
        row: dict[str, Any] = {"kind": kind, "name": self._default_name(kind, index)}
        for o in self.shown_options:
            if o.kind == "per_seat":
                row[o.key] = o.default
        return row

    def _default_name(self, kind: str, index: int) -> str:
        """ "You" for the first person, a tavern name for a bot, else empty."""
        if kind == HUMAN:
            # a name that reads right as "Player wins" / "Você vence" (not "You wins")
            return tr("ui.table_base.first_player") if index == 0 else ""
        if kind == REMOTE:
            return ""  # the friend who joins brings a name
        others = (str(r["name"]) for i, r in enumerate(self.rows) if i != index)
        return bot_seat_name(self.game, kind, others, index)

    def _seat_name(self, i: int) -> str:
        return clean_name(self.rows[i]["name"])  # nothing a font or a terminal trips on

    def _table_ready(self) -> bool:
        from scenes.tables import table_ready

        return table_ready(self.game)

    # -- widgets ---------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        m = self.app.ui_manager
        self.panel = (
            pygame.Rect(30, 24, w - 60, h - 48)
            if self.info is not None
            else ui.centered((w, h), min(820, w - 80), 380)
        )
        self.widgets = {}
        self.row_widgets: list[dict[str, Any]] = []
        self.opt_widgets: dict[str, Any] = {}
        #: entries whose 0 means "no limit" -> the label saying so beside them
        self.zero_notes: dict[Any, Any] = {}
        self.zero_keys: dict[Any, str] = {}
        by = self.panel.bottom - 64
        self.back = ui.button(
            pygame.Rect(self.panel.left + 24, by, 160, 46), tr("ui.common.back"), m, self.ui
        )
        if self.info is None:
            return
        self.start = ui.button(
            pygame.Rect(self.panel.right - 24 - 220, by, 220, 46),
            tr("ui.new_match.start"),
            m,
            self.ui,
            "#primary_button",
        )
        if not self._table_ready():
            self.start.disable()
        # seats (left)
        top = self.panel.top + 120 + self._notice_height()
        left = pygame.Rect(self.panel.left + 24, top, int(self.panel.width * 0.52) - 24, 0)
        per_seat = [o for o in self.shown_options if o.kind == "per_seat"]
        row_h = 44 if h >= 720 else 40
        kind_w = min(240, int(left.width * 0.4))
        # the open lists name every bot or persona whole; a closed box says as much as fits
        kinds = kind_choices(self.game, self.info, self.practice)
        extra_w = min(150, int(left.width * 0.22)) if per_seat else 0
        if per_seat:
            # a box as wide as its longest plain choice ("Drawn at random") needs,
            # as long as the name box keeps room for a name; else the short label
            spare = left.width - kind_w - 10 - 46 - NAME_MIN - extra_w * len(per_seat)
            extra_w += max(
                0,
                min(
                    spare // len(per_seat),
                    seat_choice_need(self.game, self.info, per_seat) - extra_w,
                ),
            )
        for i, row in enumerate(self.rows):
            y = left.top + 30 + i * row_h
            rw: dict[str, Any] = {}
            rw["kind"] = WideDropDown(
                pygame.Rect(left.left, y, kind_w, 36), kinds, row["kind"], m, self.ui
            )
            name_w = left.width - kind_w - 10 - extra_w * len(per_seat) - 46
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(left.left + kind_w + 8, y, name_w, 36), m, self.ui
            )
            entry.set_text_length_limit(24)
            entry.set_text(str(row["name"])[:24])
            rw["name"] = entry
            x = left.left + kind_w + 8 + name_w + 8
            self.per_seat_cols = []
            for o in per_seat:
                self.per_seat_cols.append((x, extra_w - 8, option_label(self.game, o)))
                rw[o.key] = WideDropDown(
                    pygame.Rect(x, y, extra_w - 8, 36),
                    seat_choices(self.game, self.info, o),
                    str(row[o.key]),
                    m,
                    self.ui,
                )
                x += extra_w
            rw["remove"] = ui.button(
                pygame.Rect(left.right - 38, y, 38, 36),
                "×",
                m,
                self.ui,
                tooltip=tr("ui.new_match.remove_seat"),
            )
            if len(self.rows) <= self.info.min_seats:
                rw["remove"].disable()
            self.row_widgets.append(rw)
        ay = left.top + 30 + len(self.rows) * row_h + 4
        self.add = ui.button(
            pygame.Rect(left.left, ay, 200, 36), tr("ui.new_match.add_seat"), m, self.ui
        )
        if len(self.rows) >= self.info.max_seats:
            self.add.disable()
        self.seat_header_y = left.top
        self.seat_cols = (left.left, left.left + kind_w + 8, per_seat)
        # options (right), scrolling if they do not fit
        ox = self.panel.left + int(self.panel.width * 0.55)
        ow = self.panel.right - 24 - ox
        area = pygame.Rect(ox, top + 30, ow, by - 20 - (top + 30) - 60)
        plain = [o for o in self.shown_options if o.kind != "per_seat"]
        opt_h = 46
        scroller = pygame_gui.elements.UIScrollingContainer(
            area, m, container=self.ui, allow_scroll_x=False
        )
        scroller.set_scrollable_area_dimensions((ow - 20, max(area.height, opt_h * len(plain) + 6)))
        inner = scroller.get_container()
        half = int((ow - 20) * 0.56)
        for i, o in enumerate(plain):
            y = i * opt_h + 4
            text = option_label(self.game, o)
            tip = option_help(self.game, o)
            lab = ui.label(
                pygame.Rect(0, y, half - 6, 36),
                fit_label(text, half - 12),
                m,
                inner,
                label_style(text, half - 12),
            )
            if tip or fit_label(text, half - 12) != text:
                lab.set_tooltip(tip or text)
            rect = pygame.Rect(half, y, ow - 24 - half, 36)
            value = self.values[o.key]
            if o.kind == "bool":
                self.opt_widgets[o.key] = ui.button(
                    rect,
                    tr("ui.common.on") if value else tr("ui.common.off"),
                    m,
                    inner,
                    tooltip=tip,
                )
            elif o.kind == "choice":
                self.opt_widgets[o.key] = ui.dropdown(
                    rect,
                    [
                        (
                            style.ellipsize(choice_label(self.game, o, c), 16, rect.width - 40),
                            str(c),
                        )
                        for c in o.choices
                    ],
                    str(value),
                    m,
                    inner,
                )
            else:
                zero_note = o.key in ZERO_MEANS
                if zero_note:  # a short entry and, beside it, what 0 means
                    rect, note_rect = ui.number_and_note(rect)
                entry = pygame_gui.elements.UITextEntryLine(rect, m, inner)
                entry.set_allowed_characters("numbers")
                entry.set_text(str(value))
                self.opt_widgets[o.key] = entry
                if zero_note:
                    words = zero_words(o.key, str(value))
                    label = ui.label(note_rect, words, m, inner, "#ink_label_small")
                    self.zero_notes[entry] = label
                    self.zero_keys[entry] = o.key
        self.options_rect = area
        # seed and practice
        sy = by - 62
        seed_w = style.font(16).size(tr("ui.new_match.seed"))[0] + 12
        ui.label(pygame.Rect(ox, sy, seed_w, 36), tr("ui.new_match.seed"), m, self.ui)
        self.seed_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(ox + seed_w, sy, 120, 36), m, self.ui
        )
        online = any(r["kind"] == REMOTE for r in self.rows)  # a secret deal, never typed
        if not online:
            self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        self.seed_entry.set_text(tr("ui.new_match.seed_secret") if online else str(self.seed))
        self.reseed = ui.button(
            pygame.Rect(
                ox + seed_w + 128, sy, style.font(16).size(tr("ui.new_match.reseed"))[0] + 36, 36
            ),
            tr("ui.new_match.reseed"),
            m,
            self.ui,
            tooltip=tr("ui.new_match.seed_tip"),
        )
        if online:
            self.seed_entry.disable()
            self.reseed.disable()
        self.practice_btn = ui.button(
            pygame.Rect(self.panel.right - 24 - 220 - 12 - 210, by, 210, 46),
            self._practice_text(),
            m,
            self.ui,
            tooltip=tr("ui.new_match.practice_tip"),
        )
        self.saves = self._saved_files()
        self.load_btn = ui.button(
            pygame.Rect(
                self.panel.left + 196,
                by,
                min(
                    300, style.font(16).size(tr("ui.new_match.continue", n=len(self.saves)))[0] + 40
                ),
                46,
            ),
            tr("ui.new_match.continue", n=len(self.saves)),
            m,
            self.ui,
        )
        if not self.saves or not self._table_ready():
            self.load_btn.disable()

    def _practice_text(self) -> str:
        return (
            tr("ui.new_match.practice")
            + ": "
            + (tr("ui.common.on") if self.practice else tr("ui.common.off"))
        )

    def _saved_files(self) -> list[Any]:
        """This game's saves (autosave and named), newest first; broken ones refused."""
        from game import saves
        from scenes.tables.autosave import refusal_text

        found, refused = saves.list_saves()
        for r in refused:
            self.app.notify(refusal_text(r), "error")
        return [s.path for s in found if s.game == self.game]

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (or F11, or the language): keep what was typed."""
        self._read_widgets()
        self._rebuild()

    def _rebuild(self) -> None:
        """Build the widgets anew from the model (which holds everything typed)."""
        super().resize(self.app.size)

    # -- events ----------------------------------------------------------------
    def _read_widgets(self) -> None:
        """Pull typed text into the model (entries fire no event on every key)."""
        if self.info is None or not hasattr(self, "seed_entry"):
            return
        for row, rw in zip(self.rows, self.row_widgets, strict=False):
            row["name"] = rw["name"].get_text()
        for o in self.shown_options:
            widget = self.opt_widgets.get(o.key)
            if o.kind == "int" and widget is not None:
                text = widget.get_text().strip()
                if not text and o.key in ZERO_MEANS:
                    text = "0"  # the note beside it says what 0 means
                self.values[o.key] = int(text) if text.isdigit() else text
        text = self.seed_entry.get_text().strip()
        self.seed = int(text) if text.isdigit() else self.seed

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        if event.type in (
            pygame_gui.UI_TEXT_ENTRY_CHANGED,
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            pygame_gui.UI_BUTTON_PRESSED,
        ):
            self.error = ""  # the player changes something: the old reason may no longer hold
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self.zero_notes:
            key, text = self.zero_keys[event.ui_element], event.ui_element.get_text()
            ui.fit_words(self.zero_notes[event.ui_element], zero_words(key, text))
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.app.scenes.pop()
                return
            if self.info is None:
                return
            self._read_widgets()
            if event.ui_element == self.start:
                self.start_match()
            elif event.ui_element == self.add:
                bot = next_bot(self.info, [r["kind"] for r in self.rows])
                self.rows.append(self._new_row(bot, len(self.rows)))
                self._rebuild()
            elif event.ui_element == self.reseed:
                self.seed = random.randrange(1, 10**6)
                self.seed_entry.set_text(str(self.seed))
            elif event.ui_element == self.practice_btn:
                self.practice = not self.practice
                self.practice_btn.set_text(self._practice_text())
            elif event.ui_element == self.load_btn:
                self.load_latest()
            else:
                for i, rw in enumerate(self.row_widgets):
                    if event.ui_element == rw["remove"]:
                        del self.rows[i]
                        self._rebuild()
                        return
                for key, widget in self.opt_widgets.items():
                    if event.ui_element == widget:
                        self.values[key] = not self.values[key]
                        widget.set_text(
                            tr("ui.common.on") if self.values[key] else tr("ui.common.off")
                        )
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.info is not None:
            self._read_widgets()
            for i, rw in enumerate(self.row_widgets):
                if event.ui_element == rw["kind"]:
                    kind = ui.selected_id(rw["kind"])
                    row = self.rows[i]
                    # A bot keeps its name across levels; anything else gets a fresh one.
                    keep = kind in GENERIC_LEVELS and row["kind"] in GENERIC_LEVELS
                    row["kind"] = kind
                    if not keep:
                        row["name"] = ""
                        row["name"] = self._default_name(kind, i)
                    self._rebuild()
                    return
                for o in self.shown_options:
                    if o.kind == "per_seat" and event.ui_element == rw.get(o.key):
                        self.rows[i][o.key] = typed_choice(o, ui.selected_id(rw[o.key]))
            for o in self.shown_options:
                if o.kind == "choice" and event.ui_element == self.opt_widgets.get(o.key):
                    self.values[o.key] = typed_choice(o, ui.selected_id(self.opt_widgets[o.key]))

    # -- actions ---------------------------------------------------------------
    def collect(self) -> tuple[list[Any], dict[str, Any]]:
        """Seats and options as chosen; raises ValueError with a readable reason."""
        from scenes.tables.face import SeatSetup

        assert self.info is not None
        seats = []
        names_seen: set[str] = set()
        for i, row in enumerate(self.rows):
            if row["kind"] == REMOTE:
                seats.append(SeatSetup(tr("online.lobby.kinds.remote"), elsewhere=True))
                continue
            name = self._seat_name(i)
            if not name:
                raise ValueError(tr("ui.new_match.need_name", n=i + 1))
            if name.lower() in names_seen:
                if row["kind"] == HUMAN:
                    raise ValueError(tr("ui.new_match.same_name", name=name))
                k = 2
                while f"{name} {k}".lower() in names_seen:
                    k += 1
                name = f"{name} {k}"
            names_seen.add(name.lower())
            seats.append(SeatSetup(name, None if row["kind"] == HUMAN else row["kind"]))
        options = dict(self.values)
        for o in self.shown_options:
            if o.kind == "per_seat":
                options[o.key] = [row[o.key] for row in self.rows]
        try:
            self.info.resolve_options(len(seats), options)
        except OptionsError as e:
            raise ValueError(tr_error(labelled_error(self.game, e))) from e
        return seats, options

    def start_match(self) -> None:
        """Validate and open the table (a person's first match of the game
        offers the guided game first; with seats played elsewhere, the lobby)."""
        from scenes.tutorial_offer import offer_guided_game

        try:
            seats, options = self.collect()
        except ValueError as e:
            self._refuse(e)
            return
        online = any(s.elsewhere for s in seats)
        if online or not offer_guided_game(
            self.app, self.game, seats, lambda: self._open(seats, options)
        ):
            self._open(seats, options)

    def _open(self, seats: list[Any], options: dict[str, Any]) -> None:
        from scenes.tables import open_table

        try:
            if any(s.elsewhere for s in seats):
                from scenes.online.lobby import open_lobby

                table: Scene = open_lobby(self.app, self.game, seats, options)  # a secret deal
            else:
                table = open_table(
                    self.app, self.game, seats, self.seed, options, practice=self.practice
                )
        except ValueError as e:
            self._refuse(e)
            return
        self.error = ""
        self.app.scenes.replace(table)

    def _refuse(self, error: ValueError) -> None:
        self.error = str(error)
        self.app.notify(self.error, "error")

    def load_latest(self) -> None:
        """Continue the most recent saved match of this game."""
        from scenes.tables.reopen import open_save

        if not self.saves:
            return
        table = open_save(self.app, self.saves[0])
        if table is None:
            self.resize(self.app.size)
            return
        self.app.scenes.replace(table)

    # -- drawing ---------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        surface.blit(style.parchment(self.panel.size), self.panel.topleft)
        title = tr(f"ui.games.{self.game}")
        head = tr(
            "ui.new_match.title_practice" if self.practice else "ui.new_match.title", game=title
        )
        style.blit_text(
            surface, head, 40, (self.panel.left + 24, self.panel.top + 16), style.INK, kind="serif"
        )
        if self.info is None:
            self._draw_not_ready(surface, engine=True)
            return
        if not self._table_ready():
            self._draw_not_ready(surface, engine=False)
        elif self.error:
            self._draw_error(surface)
        style.blit_text(
            surface,
            tr("ui.new_match.seats", low=self.info.min_seats, high=self.info.max_seats),
            24,
            (self.seat_cols[0], self.seat_header_y - 8),
            style.INK,
            kind="serif",
        )
        style.blit_text(
            surface,
            tr("ui.new_match.options"),
            24,
            (self.options_rect.left, self.options_rect.top - 38),
            style.INK,
            kind="serif",
        )
        for x, w, text in getattr(self, "per_seat_cols", []):
            # Never shrunk below 12 px: a long header wraps onto two lines instead.
            lines = style.wrap_text(text, 12, w)
            if len(lines) > 2:
                lines = [lines[0], fit_label(" ".join(lines[1:]), w)]
            bottom = self.seat_header_y + 24
            for k, line in enumerate(reversed(lines)):
                style.blit_text(
                    surface,
                    line,
                    12,
                    (x + w // 2, bottom - scaled(14) * (k + 1)),
                    style.INK_SOFT,
                    anchor="midtop",
                    max_width=w,
                )
        if not [o for o in self.shown_options if o.kind != "per_seat"]:
            style.blit_text(
                surface,
                tr("ui.new_match.no_options"),
                16,
                (self.options_rect.left, self.options_rect.top + 8),
                style.INK_SOFT,
            )

    def error_rect(self) -> pygame.Rect:
        """Where the reason a match cannot start stays written: under the title."""
        return pygame.Rect(self.panel.left + 24, self.panel.top + 66, self.panel.width - 48, 42)

    def _draw_error(self, surface: pygame.Surface) -> None:
        """The last refusal, until the player changes something (a message alone
        was gone before it could be read twice)."""
        area = self.error_rect()
        size, lines = style.wrap_to_fit(
            [(self.error, "bold")], area.width, area.height, (16, 14, 12)
        )
        step = scaled(size) + 4
        for k, (_, line) in enumerate(lines[: max(1, area.height // step)]):
            style.blit_text(
                surface, line, size, (area.left, area.top + k * step), style.RED, "bold"
            )

    def _notice_text(self) -> str:
        """The plain-words notice when the game cannot be played on screen yet."""
        if self.info is None:
            return tr("ui.new_match.engine_not_ready", game=tr(f"ui.games.{self.game}"))
        if not self._table_ready():
            return tr("ui.new_match.not_ready", game=tr(f"ui.games.{self.game}"))
        return ""

    def _notice_height(self) -> int:
        text, w = self._notice_text(), self.panel.width - 60
        return scaled(24) * len(style.wrap_text(text, 18, w, "bold")) if text else 0

    def _draw_not_ready(self, surface: pygame.Surface, engine: bool) -> None:
        key = "ui.new_match.engine_not_ready" if engine else "ui.new_match.not_ready"
        text = tr(key, game=tr(f"ui.games.{self.game}"))
        y = self.panel.top + 72
        # wrapped with the bold font it is drawn in, so it stays inside the panel
        for line in style.wrap_text(text, 18, self.panel.width - 60, "bold"):
            style.blit_text(surface, line, 18, (self.panel.left + 26, y), style.RED, kind="bold")
            y += scaled(24)
        if engine:
            y += 20
            for line in style.wrap_text(
                tr(f"ui.menu.blurb.{self.game}"), 17, min(760, self.panel.width - 60)
            ):
                style.blit_text(surface, line, 17, (self.panel.left + 26, y), style.INK)
                y += scaled(24)
