"""The War table's input: clicks on the map (place, attack, move), keys, the
buttons, the card trade and the secret objective.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from game import Action, Event
from game.war import BOARD
from game.war import records as R
from scenes import ui
from scenes.i18n import tr
from scenes.tables.face import SeatSetup
from scenes.tables.war.dialogs import ObjectiveOverlay, TradeDialog
from scenes.tables.war.placement import PlacementBuffer
from scenes.tables.war.places import (
    trp,
)
from scenes.tables.war.until import AttackUntil
from scenes.widgets.map_view import MapView

if TYPE_CHECKING:
    from scenes.manager import AppHost


class WarClicksHost(Protocol):
    """What the War table's input reads, sets and calls of the table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def events(self) -> Sequence[Event]: ...
    @property
    def map(self) -> MapView: ...
    @property
    def controls(self) -> Mapping[str, Any]: ...
    @property
    def auto(self) -> AttackUntil | None: ...

    until: int
    dice: int
    hover: str | None
    source: str | None
    target: str | None
    show_continents: bool
    buffer: PlacementBuffer | None

    def view(self) -> dict[str, Any]: ...
    def my_turn(self) -> bool: ...
    def refresh_controls(self) -> None: ...
    def submit(self, action: Action, seat: int | None = None) -> bool: ...
    def start_until(self) -> None: ...
    def _max_dice(self) -> int: ...
    # siblings in this file
    def click_territory(self, territory: str, right: bool = False, shift: bool = False) -> None: ...
    def _on_key(self, event: pygame.event.Event) -> bool: ...
    def _on_button(self, element: object) -> bool: ...
    def peek_objective(self) -> None: ...
    def open_cards(self) -> None: ...
    def confirm(self) -> None: ...
    def confirm_placement(self) -> None: ...
    def roll(self) -> None: ...
    def do_move(self) -> None: ...


class WarClicks:
    """Map clicks, keys and buttons (mixed into `WarTable`)."""

    # The host's (`WarClicksHost`), typed here too: mypy would take this piece's
    # writes of None for a None-typed attribute of its own.
    source: str | None
    target: str | None
    buffer: PlacementBuffer | None

    def on_input(self: WarClicksHost, event: pygame.event.Event) -> bool:
        """Read one event as the War table's; False leaves it to the base's."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self._on_button(event.ui_element):
            return True
        if (
            event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
            and event.ui_element == self.controls.get("until_choice")
        ):
            self.until = int(ui.selected_id(self.controls["until_choice"]))
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            self.refresh_controls()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = (
                self.map.territory_at(event.pos)
                if self.map.map_rect.collidepoint(event.pos)
                else None
            )
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button in (1, 3)
            and self.map.map_rect.collidepoint(event.pos)
        ):
            territory = self.map.territory_at(event.pos)
            if territory is not None:
                self.click_territory(
                    territory,
                    right=event.button == 3,
                    shift=bool(pygame.key.get_mods() & pygame.KMOD_SHIFT),
                )
                return True
        elif event.type == pygame.KEYDOWN and self._on_key(event):
            return True
        return False

    def _on_key(self: WarClicksHost, event: pygame.event.Event) -> bool:
        # (Esc goes on to the base: `back_out` lets go of a choice one step at a time)
        if event.key == pygame.K_o:
            self.peek_objective()
        elif event.key == pygame.K_c:
            self.show_continents = not self.show_continents
        elif event.key == pygame.K_t:
            self.open_cards()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif event.key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.dice = int(event.unicode or 1)
            self.refresh_controls()
        else:
            return False
        return True

    def _on_button(self: WarClicksHost, element: object) -> bool:
        name = next((n for n, w in self.controls.items() if w is element), None)
        if name is None:
            return False
        if name == "objective":
            self.peek_objective()
        elif name == "cards":
            self.open_cards()
        elif name == "place":
            self.confirm_placement()
        elif name == "unplace" and self.buffer is not None:
            self.buffer.clear()
            self.refresh_controls()
        elif name.startswith("dice"):
            self.dice = int(name[-1])
            self.refresh_controls()
        elif name == "roll":
            self.roll()
        elif name == "until":
            self.start_until()
        elif name == "end_attacks":
            self.submit(R.EndAttacks())
        elif name == "occupy":
            self.submit(R.Occupy(int(self.controls["slider"].get_current_value())))
        elif name == "move":
            self.do_move()
        elif name == "end_turn":
            self.submit(R.EndTurn())
        return True

    def click_territory(
        self: WarClicksHost, territory: str, right: bool = False, shift: bool = False
    ) -> None:
        """A click on the map, read in the light of the phase."""
        if not self.my_turn() or self.events or self.auto is not None:
            return
        view = self.view()
        seat = self.viewer
        phase = view.get("phase")
        mine = view["owners"].get(territory) == seat
        if phase == "reinforce" and self.buffer is not None:
            if right:
                if not self.buffer.remove(territory, 5 if shift else 1):
                    self.app.notify(
                        trp("wartable.nothing_to_take_back", territory=territory), "warn"
                    )
            elif not mine:
                self.app.notify(tr("wartable.place_own"), "error")
            elif not self.buffer.add(territory, 5 if shift else 1):
                key = "wartable.none_left" if self.buffer.left == 0 else "wartable.bound_elsewhere"
                self.app.notify(trp(key, territory=territory), "warn")
            else:
                self.app.sound.play("click")
        elif phase == "attack":
            if mine:
                if territory == self.source:
                    self.source = self.target = None
                elif view["armies"].get(territory, 0) < 2:
                    self.app.notify(trp("wartable.need_two", territory=territory), "error")
                else:
                    self.source, self.target = territory, None
                    self.dice = 3
            elif self.source is None:
                self.app.notify(tr("wartable.pick_source"), "warn")
            elif not BOARD.are_neighbors(self.source, territory):
                self.app.notify(
                    trp("wartable.not_neighbour", source=self.source, target=territory), "error"
                )
            elif territory == self.target:
                self.roll()  # a second click on the target rolls
            else:
                self.target = territory
        elif phase == "move":
            movable = view.get("movable") or {}
            if not mine:
                self.app.notify(tr("wartable.move_own"), "error")
            elif self.source is None or territory == self.source:
                if territory == self.source:
                    self.source = self.target = None
                elif movable.get(territory, 0) <= 0:
                    self.app.notify(trp("wartable.nothing_movable", territory=territory), "warn")
                else:
                    self.source, self.target = territory, None
            elif not BOARD.are_neighbors(self.source, territory):
                self.app.notify(
                    trp("wartable.not_neighbour", source=self.source, target=territory), "error"
                )
            else:
                self.target = territory
                self.controls["slider"].value_range = (0, 0)  # force a fresh range
        self.refresh_controls()

    def confirm(self: WarClicksHost) -> None:
        """Enter: the obvious next step of the phase."""
        phase = self.view().get("phase")
        if phase == "reinforce":
            self.confirm_placement()
        elif phase == "attack":
            self.roll()
        elif phase == "occupy":
            self.submit(R.Occupy(int(self.controls["slider"].get_current_value())))
        elif phase == "move":
            self.do_move()

    def confirm_placement(self: WarClicksHost) -> None:
        """Send the whole buffer as one `Place`."""
        if self.buffer is None:
            return
        if self.buffer.left:
            self.app.notify(tr("war.ui.pending", count=self.buffer.left), "warn")
            return
        if self.submit(R.Place(self.buffer.placed)):
            self.buffer = None

    def roll(self: WarClicksHost) -> None:
        """One attack roll with the chosen dice."""
        if self.source is None or self.target is None:
            self.app.notify(tr("wartable.pick_target"), "warn")
            return
        self.submit(R.Attack(self.source, self.target, max(1, min(self.dice, self._max_dice()))))

    def do_move(self: WarClicksHost) -> None:
        """Move the slider's count from source to target."""
        if self.source is None or self.target is None:
            return
        count = int(self.controls["slider"].get_current_value())
        if self.submit(R.Move(self.source, self.target, count)):
            self.source = self.target = None

    def open_cards(self: WarClicksHost) -> None:
        """The trade dialog (it only trades in the player's reinforcement)."""
        if self.viewer is None:
            self.app.notify(tr("wartable.secrets_hidden"), "warn")
            return
        view = self.view()
        if not view.get("cards"):
            self.app.notify(tr("wartable.no_cards"), "warn")
            return
        self.app.scenes.push(
            TradeDialog(
                self.app,
                self.submit,
                view
                if self.my_turn() and view.get("phase") == "reinforce"
                else {**view, "sets": [], "must_trade": False},
            )
        )

    def peek_objective(self: WarClicksHost) -> None:
        """Show the viewer's secret objective."""
        if self.viewer is None:
            self.app.notify(tr("wartable.secrets_hidden"), "warn")
            return
        self.app.scenes.push(
            ObjectiveOverlay(self.app, self.view()["objective"], self.seats[self.viewer].name)
        )
