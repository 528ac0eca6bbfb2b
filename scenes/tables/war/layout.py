"""Where the War table's pieces lie for the window's size, and which of its
controls show for the step and the person at the screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from game import Event
from game.core import TableMatch
from game.war import BOARD
from scenes import ui
from scenes.i18n import tr
from scenes.tables.face import SeatSetup
from scenes.tables.war.look import TOP, UNTIL_CHOICES
from scenes.tables.war.placement import PlacementBuffer
from scenes.tables.war.places import (
    territory_name,
)
from scenes.tables.war.until import AttackUntil
from scenes.text_scale import scaled
from scenes.widgets.log_panel import LogPanel
from scenes.widgets.map_view import MapView
from scenes.widgets.seat_panel import SeatPanel

if TYPE_CHECKING:
    from scenes.manager import AppHost


class WarLayoutHost(Protocol):
    """What the War table's layout and controls read and set of the table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def ui(self) -> pygame_gui.core.UIContainer | None: ...
    @property
    def buttons(self) -> Mapping[str, pygame_gui.elements.UIButton]: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def seat_panel(self) -> SeatPanel: ...
    @property
    def log(self) -> LogPanel: ...
    @property
    def map(self) -> MapView: ...
    @property
    def match(self) -> TableMatch: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def events(self) -> Sequence[Event]: ...
    @property
    def auto(self) -> AttackUntil | None: ...
    @property
    def buffer(self) -> PlacementBuffer | None: ...
    @property
    def source(self) -> str | None: ...
    @property
    def target(self) -> str | None: ...
    @property
    def dice(self) -> int: ...
    @property
    def until(self) -> int: ...

    right: pygame.Rect
    panel: pygame.Rect
    controls: dict[str, Any]

    def view(self) -> dict[str, Any]: ...
    def my_turn(self) -> bool: ...
    # siblings in this file
    def refresh_controls(self: WarLayoutHost) -> None: ...
    def _build_controls(self: WarLayoutHost) -> None: ...
    def _show(self: WarLayoutHost, names: set[str]) -> None: ...
    def _enable(self: WarLayoutHost, name: str, on: bool) -> None: ...
    def _slider_range(self: WarLayoutHost, low: int, high: int, default_max: bool) -> None: ...
    def _max_dice(self: WarLayoutHost) -> int: ...


class WarLayout:
    """Layout and controls (mixed into `WarTable`)."""

    def layout(self: WarLayoutHost) -> None:
        w, h = self.app.size
        rw = 290 if w >= 1200 else 250
        # the map's names follow the language (a switch calls layout again)
        self.map.set_labels({t: territory_name(t) for t in BOARD.territories})
        self.right = pygame.Rect(w - rw - 10, TOP, rw, h - TOP - 10)
        # The map is as wide as it can be, at the top; the panel takes what is left.
        self.map.set_rect(pygame.Rect(10, TOP, w - rw - 30, h - TOP - 10 - 150))
        mr = self.map.map_rect
        self.map.set_rect(pygame.Rect(10, TOP, w - rw - 30, mr.height))
        top = self.map.map_rect.bottom + 10
        self.panel = pygame.Rect(10, top, w - rw - 30, h - top - 10)
        n = max(1, len(self.seats))
        # (larger text: taller seat cards, so the counts are not cut; the log gives)
        seat_h = min(n * scaled(78), int(self.right.height * (0.55 if scaled(10) == 10 else 0.62)))
        self.seat_panel.set_rect(
            pygame.Rect(self.right.left + 14, self.right.top, self.right.width - 14, seat_h)
        )
        self.log.set_rect(
            pygame.Rect(
                self.right.left,
                self.right.top + seat_h + 6,
                self.right.width,
                self.right.bottom - self.right.top - seat_h - 6,
            )
        )
        self._build_controls()
        self.refresh_controls()

    def _build_controls(self: WarLayoutHost) -> None:
        m, c = self.app.ui_manager, self.ui
        p = self.panel
        xr = p.right - 14
        y1, y2 = p.top + 18, p.top + 72
        ctl: dict[str, Any] = {}

        def button(
            name: str, rect: pygame.Rect, text: str, primary: bool = False, tip: str | None = None
        ) -> None:
            ctl[name] = ui.button(
                rect, text, m, c, "#primary_button" if primary else None, tooltip=tip
            )

        # top bar, left of the menu buttons: the secret objective and the cards
        left_of = min((b.rect.left for b in self.buttons.values()), default=self.app.size[0] - 16)
        button(
            "cards",
            pygame.Rect(left_of - 8 - 120, 12, 120, 36),
            tr("wartable.cards", count=0),
            tip=tr("wartable.cards_tip"),
        )
        button(
            "objective",
            pygame.Rect(left_of - 16 - 240, 12, 120, 36),
            tr("wartable.objective"),
            tip=tr("wartable.objective_tip"),
        )
        # reinforcement
        button("place", pygame.Rect(xr - 220, y2, 220, 44), tr("war.actions.place"), primary=True)
        button("unplace", pygame.Rect(xr - 220, y1, 220, 44), tr("wartable.take_back_all"))
        # attack: dice and roll on the first row, "attack until" and end on the second
        button("roll", pygame.Rect(xr - 170, y1, 170, 44), tr("wartable.roll"), primary=True)
        for i, n in enumerate((1, 2, 3)):
            button(
                f"dice{n}",
                pygame.Rect(xr - 170 - 10 - 150 + i * 52, y1, 46, 44),
                str(n),
                tip=tr("wartable.dice_tip"),
            )
        button(
            "end_attacks",
            pygame.Rect(xr - 170 - 10 - 150 - 10 - 150, y1, 150, 44),
            tr("war.actions.end_attacks"),
        )
        button("until", pygame.Rect(xr - 170, y2, 170, 44), tr("wartable.until"))
        until_opts = [
            (
                tr("wartable.until_conquest") if k == 0 else tr("wartable.until_left", count=k),
                str(k),
            )
            for k in UNTIL_CHOICES
        ]
        ctl["until_choice"] = ui.dropdown(
            pygame.Rect(xr - 170 - 10 - 200, y2, 200, 44), until_opts, str(self.until), m, c
        )
        # occupation and moves share a slider
        ctl["slider"] = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(xr - 200 - 10 - 240, y1 + 4, 240, 36), 1, (1, 2), m, c
        )
        button(
            "occupy",
            pygame.Rect(xr - 200, y1, 200, 44),
            tr("wartable.occupy", count=1),
            primary=True,
        )
        button(
            "move", pygame.Rect(xr - 200, y1, 200, 44), tr("wartable.move", count=1), primary=True
        )
        button("end_turn", pygame.Rect(xr - 200, y2, 200, 44), tr("war.actions.end_turn"))
        self.controls = ctl

    def _show(self: WarLayoutHost, names: set[str]) -> None:
        # Covered by a dialog (the forced trade pushed as the turn starts), the
        # table shows none: its buttons stood over the dialog's. Uncovered, the
        # table refreshes them.
        covered = self.ui is not None and not self.ui.visible
        for name, widget in self.controls.items():
            if name in names and not covered:
                widget.show()
            else:
                widget.hide()

    def refresh_controls(self: WarLayoutHost) -> None:
        """Show the controls of the current phase (only to the player who acts)."""
        if not self.controls:
            return
        view = self.view()
        visible: set[str] = {"objective", "cards"} if self.viewer is not None else set()
        if self.match.is_over:
            visible = set()
        n_cards = len(view.get("cards", []))
        self.controls["cards"].set_text(tr("wartable.cards", count=n_cards))
        can_act = self.my_turn() and not self.events and self.auto is None
        phase = view.get("phase")
        if can_act and phase == "reinforce":
            visible |= {"place", "unplace"}
            ready = self.buffer is not None and self.buffer.left == 0
            self._enable("place", ready)
            self._enable("unplace", self.buffer is not None and bool(self.buffer.placed))
        elif can_act and phase == "attack":
            visible |= {"dice1", "dice2", "dice3", "roll", "until", "until_choice", "end_attacks"}
            most = self._max_dice()
            for n in (1, 2, 3):
                self._enable(f"dice{n}", n <= most)
                if n == min(self.dice, most):
                    self.controls[f"dice{n}"].select()
                else:
                    self.controls[f"dice{n}"].unselect()
            self._enable("roll", most > 0 and self.target is not None)
            self._enable("until", most > 0 and self.target is not None)
        elif can_act and phase == "occupy":
            visible |= {"slider", "occupy"}
            occ = view.get("occupy") or {}
            self._slider_range(int(occ.get("min", 1)), int(occ.get("max", 1)), default_max=True)
        elif can_act and phase == "move":
            visible |= {"end_turn"}
            movable = (view.get("movable") or {}).get(self.source or "", 0)
            if self.source and self.target and movable > 0:
                visible |= {"slider", "move"}
                self._slider_range(1, movable, default_max=False)
        self._enable("cards", n_cards > 0)
        self._show(visible)

    def _enable(self: WarLayoutHost, name: str, on: bool) -> None:
        ui.enable(self.controls[name], on)

    def _slider_range(self: WarLayoutHost, low: int, high: int, default_max: bool) -> None:
        slider = self.controls["slider"]
        if slider.value_range != (low, max(high, low + 1)):
            # pygame-gui needs a non-empty range; a single choice shows as a full bar
            slider.value_range = (low, max(high, low + 1))
            slider.set_current_value(high if default_max else low)
        value = min(max(int(slider.get_current_value()), low), high)
        label = "occupy" if self.view().get("phase") == "occupy" else "move"
        self.controls[label].set_text(tr(f"wartable.{label}", count=value))
        if high <= low:
            slider.disable()
        else:
            slider.enable()

    def _max_dice(self: WarLayoutHost) -> int:
        if self.source is None:
            return 0
        return max(0, min(3, self.view()["armies"].get(self.source, 0) - 1))
