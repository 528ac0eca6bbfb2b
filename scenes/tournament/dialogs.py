"""The organizer's small forms: a table's result, dropping a player, a late entry.

Each is an overlay on parchment that builds its answer and hands it to a
callback; the hub asks the organizer, which may refuse in words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.tournament import Tournament, bot_choices
from game.tournament.model import KNOCKOUT_STAGES, TIMED_STAGES, Result, Table
from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene
from scenes.option_words import bot_label, fit_label
from scenes.tournament.common import fit_to, result_words

if TYPE_CHECKING:
    from scenes.manager import AppHost

HUMAN = "human"


class FormDialog(Scene):
    """A parchment box over the dimmed screen with a title, rows, OK and Cancel."""

    overlay = True
    width = 620

    def __init__(self, app: AppHost, title: str) -> None:
        super().__init__(app)
        self.title = title
        self.box = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []

    def content_height(self) -> int:
        """Pixels the rows need (subclasses)."""
        return 0

    def build(self) -> None:
        w, h = self.app.size
        bw = min(self.width, w - 60)
        self.box = ui.centered((w, h), bw, min(h - 40, 160 + self.content_height()))
        m = self.app.ui_manager
        y = self.box.bottom - 64
        self.ok = ui.button(
            pygame.Rect(self.box.centerx + 10, y, 180, 46),
            self.ok_text(),
            m,
            self.ui,
            "#primary_button",
        )
        self.cancel = ui.button(
            pygame.Rect(self.box.centerx - 190, y, 180, 46),
            tr("tournament.result.cancel"),
            m,
            self.ui,
        )
        self.build_rows(
            pygame.Rect(
                self.box.left + 30,
                self.box.top + 74,
                self.box.width - 60,
                self.box.height - 74 - 76,
            )
        )

    def ok_text(self) -> str:
        """The OK button's words."""
        return tr("ui.common.ok")

    def build_rows(self, area: pygame.Rect) -> None:
        """Create the form's widgets inside `area`."""

    def accept(self) -> None:
        """OK was pressed: close and act (subclasses)."""
        self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.ok:
                self.accept()
            elif event.ui_element == self.cancel:
                self.app.scenes.pop()
            else:
                self.on_button(event.ui_element)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.accept()

    def on_button(self, element: Any) -> None:
        """Another button of the form was pressed."""

    def draw(self, surface: pygame.Surface) -> None:
        style.modal_panel(surface, self.box, self.title)


class ResultDialog(FormDialog):
    """Choose a table's result: the winner (or a draw) of a duel, places at a melee table.

    `on_result(result)` gets a `Result` built from the choices; the organizer
    decides whether it may stand.
    """

    def __init__(
        self,
        app: AppHost,
        t: Tournament,
        round_no: int,
        table: Table,
        on_result: Callable[[Result], None],
    ) -> None:
        super().__init__(app, tr("tournament.result.title", table=table.number))
        self.t = t
        self.table = table
        self.stage = t.round(round_no).stage
        self.on_result = on_result
        self.duel = len(table.seats) == 2
        self.knockout = self.stage in KNOCKOUT_STAGES
        self.timed = bool(table.result.timed) if table.result else False
        #: duel choice: an entrant number, or 0 for a draw
        self.choice: int | None = None
        self.places: dict[int, int] = {}
        if table.result is not None:
            if self.duel:
                self.choice = 0 if table.result.is_draw else table.result.winners[0]
            self.places = {n: table.result.place_of(n) for n in table.seats}
        else:
            self.places = {n: i + 1 for i, n in enumerate(table.seats)}
        self.choice_buttons: dict[int, Any] = {}
        self.place_menus: dict[int, Any] = {}

    @property
    def can_time(self) -> bool:
        """Timed results exist only where the turn limit applies ([R4]: not in knockouts)."""
        return self.stage in TIMED_STAGES

    def content_height(self) -> int:
        rows = 3 if self.duel else len(self.table.seats)
        return 60 + rows * 48 + (48 if self.can_time else 0) + (28 if self.table.result else 0)

    def ok_text(self) -> str:
        return tr("tournament.result.record")

    def build_rows(self, area: pygame.Rect) -> None:
        m = self.app.ui_manager
        y = area.top
        if self.table.result is not None:
            self.now_y = y
            y += 28
        self.prompt_y = y
        y += 34
        self.choice_buttons = {}
        self.place_menus = {}
        names = {n: self.t.entrant(n).name for n in self.table.seats}
        if self.duel:
            options = [*self.table.seats[:1], 0, *self.table.seats[1:]]
            for n in options:
                text = (
                    tr("tournament.result.draw")
                    if n == 0
                    else tr("tournament.result.wins", name=names[n])
                )
                b = ui.button(
                    pygame.Rect(area.left + 40, y, area.width - 80, 40),
                    fit_to(text, area.width - 100),
                    m,
                    self.ui,
                    "#tab_button",
                    tooltip=text,
                )
                if n == 0 and self.knockout:
                    b.disable()
                if n == self.choice:
                    b.select()
                self.choice_buttons[n] = b
                y += 48
        else:
            places = [(str(p), str(p)) for p in range(1, len(self.table.seats) + 1)]
            for n in self.table.seats:
                ui.label(
                    pygame.Rect(area.left + 20, y, area.width - 160, 36),
                    fit_label(names[n], area.width - 170),
                    m,
                    self.ui,
                )
                self.place_menus[n] = ui.dropdown(
                    pygame.Rect(area.right - 120, y, 100, 36),
                    places,
                    str(self.places[n]),
                    m,
                    self.ui,
                )
                y += 48
        self.timed_button = None
        if self.can_time:
            self.timed_button = ui.button(
                pygame.Rect(area.left + 40, y + 4, area.width - 80, 38),
                self._timed_text(),
                m,
                self.ui,
            )

    def _timed_text(self) -> str:
        state = tr("ui.common.yes") if self.timed else tr("ui.common.no")
        return tr("tournament.result.timed", state=state)

    def on_button(self, element: Any) -> None:
        if element is not None and element == self.timed_button:
            self.timed = not self.timed
            element.set_text(self._timed_text())
            return
        for n, b in self.choice_buttons.items():
            if element == b:
                self.choice = n
                for other in self.choice_buttons.values():
                    other.unselect()
                b.select()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for n, menu in self.place_menus.items():
                if event.ui_element == menu:
                    self.places[n] = int(ui.selected_id(menu))
            return
        super().handle_event(event)

    def build_result(self) -> Result | None:
        """The chosen result, or None when nothing was chosen yet."""
        seats = self.table.seats
        if self.duel:
            if self.choice is None:
                return None
            if self.choice == 0:
                return Result.draw(seats[0], seats[1], timed=self.timed)
            loser = next(n for n in seats if n != self.choice)
            return Result.win(self.choice, loser, timed=self.timed)
        levels = sorted(set(self.places.values()))
        order = [[n for n in seats if self.places[n] == lv] for lv in levels]
        return Result.ranking(order, timed=self.timed)

    def accept(self) -> None:
        result = self.build_result()
        if result is None:
            self.app.notify(tr("tournament.result.choose"), "warn")
            return
        self.app.scenes.pop()
        self.on_result(result)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        x = self.box.left + 30
        if self.table.result is not None:
            now = tr(
                "tournament.result.now", result=result_words(self.t, self.table, self.table.result)
            )
            style.blit_text(
                surface, now, 16, (x, self.now_y), style.INK_SOFT, max_width=self.box.width - 60
            )
        prompt = tr("tournament.result.choose" if self.duel else "tournament.result.places")
        style.blit_text(
            surface,
            prompt,
            17,
            (x, self.prompt_y),
            style.INK,
            kind="bold",
            max_width=self.box.width - 60,
        )


class DropDialog(FormDialog):
    """Choose who leaves the tournament [R11]; `on_drop(number)` asks the organizer."""

    def __init__(self, app: AppHost, t: Tournament, on_drop: Callable[[int], None]) -> None:
        super().__init__(app, tr("tournament.drop.title"))
        self.t = t
        self.on_drop = on_drop
        self.who = [e for e in t.entrants if not e.dropped]

    def content_height(self) -> int:
        return 100

    def ok_text(self) -> str:
        return tr("tournament.drop.yes")

    def build_rows(self, area: pygame.Rect) -> None:
        ui.label(
            pygame.Rect(area.left, area.top, area.width, 30),
            tr("tournament.drop.who"),
            self.app.ui_manager,
            self.ui,
        )
        options = [(f"{e.number}. {e.name}", str(e.number)) for e in self.who]
        chosen = getattr(self, "_chosen", options[0][1] if options else "")
        self.menu = ui.dropdown(
            pygame.Rect(area.left, area.top + 40, area.width, 38),
            options or [("—", "")],
            chosen,
            self.app.ui_manager,
            self.ui,
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element == self.menu:
            self._chosen = ui.selected_id(self.menu)
            return
        super().handle_event(event)

    def accept(self) -> None:
        picked = ui.selected_id(self.menu)
        self.app.scenes.pop()
        if picked.isdigit():
            self.on_drop(int(picked))


class LateEntryDialog(FormDialog):
    """Register a late entrant: a human by name or a bot [R11]; `on_add(name, bot)`."""

    def __init__(
        self, app: AppHost, t: Tournament, on_add: Callable[[str, str | None], None]
    ) -> None:
        super().__init__(app, tr("tournament.late.title"))
        self.t = t
        self.on_add = on_add
        self.kind = HUMAN
        self.name = ""

    def content_height(self) -> int:
        return 110

    def ok_text(self) -> str:
        return tr("tournament.late.add")

    def build_rows(self, area: pygame.Rect) -> None:
        m = self.app.ui_manager
        lw = 110
        ui.label(pygame.Rect(area.left, area.top, lw, 38), tr("tournament.late.kind"), m, self.ui)
        kinds = [(tr("tournament.labels.human"), HUMAN)] + [
            (bot_label(self.t.game, b), b) for b in bot_choices(self.t.game)
        ]
        self.kind_menu = ui.dropdown(
            pygame.Rect(area.left + lw, area.top, area.width - lw, 38), kinds, self.kind, m, self.ui
        )
        ui.label(
            pygame.Rect(area.left, area.top + 50, lw, 38), tr("tournament.late.name"), m, self.ui
        )
        self.name_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(area.left + lw, area.top + 50, area.width - lw, 38), m, self.ui
        )
        self.name_entry.set_text_length_limit(40)
        self.name_entry.set_text(self.name or self._suggested())

    def _suggested(self) -> str:
        if self.kind == HUMAN:
            return ""
        label = bot_label(self.t.game, self.kind)
        taken = {e.name for e in self.t.entrants}
        k = 1
        while tr("tournament.create.bot_name", bot=label, n=k) in taken:
            k += 1
        return tr("tournament.create.bot_name", bot=label, n=k)

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
            and event.ui_element == self.kind_menu
        ):
            self.kind = ui.selected_id(self.kind_menu)
            self.name = self._suggested()
            self.name_entry.set_text(self.name)
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element == self.name_entry:
            self.name = self.name_entry.get_text()
            return
        super().handle_event(event)

    def accept(self) -> None:
        name = self.name_entry.get_text().strip()
        self.app.scenes.pop()
        self.on_add(name, None if self.kind == HUMAN else self.kind)
