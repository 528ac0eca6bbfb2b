"""The Wyr table's input: keys, clicks on cards and on the table cards, and the
buttons, turned into engine actions (or a word on why not).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import pygame
import pygame_gui

from game import Action
from game.wyr import records as R
from scenes.i18n import tr
from scenes.manager import AppHost
from scenes.tables import felt
from scenes.tables.wyr.choices import TradeChoice


class WyrClicksHost(Protocol):
    """What the Wyr table's input reads and calls on the table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def hand(self) -> felt.CardFan: ...
    @property
    def board_fan(self) -> felt.CardFan: ...
    @property
    def controls(self) -> Mapping[str, pygame_gui.elements.UIButton]: ...
    @property
    def choice(self) -> TradeChoice | None: ...

    def view(self) -> dict[str, Any]: ...
    def my_turn(self) -> bool: ...
    def submit(self, action: Action, seat: int | None = None) -> bool: ...
    def trade(self, source: str) -> None: ...
    def refresh_controls(self) -> None: ...
    def _ensure_choice(self) -> None: ...
    def _apply_selection_looks(self) -> None: ...
    def _on_button(self, element: object) -> bool: ...
    def _click(self, pos: tuple[int, int]) -> bool: ...
    def _on_key(self, event: pygame.event.Event) -> bool: ...
    def _explain_idle_click(self) -> None: ...
    def toggle_card(self, index: int) -> None: ...
    def toggle_take(self, position: int) -> None: ...


class WyrClicks:
    """Keys, clicks and buttons (mixed into `WyrTable`)."""

    def take_event(self: WyrClicksHost, event: pygame.event.Event) -> bool:
        """The Wyr table's own answer to an input event: True when it used it up
        (the table then hands every other event, and a mouse move, to the base)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self._on_button(event.ui_element):
            return True
        if event.type == pygame.MOUSEMOTION:
            for s in self.hand.sprites + self.board_fan.sprites:
                s.hovered = s.contains(event.pos)
            return False
        return (
            event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._click(event.pos)
        ) or (event.type == pygame.KEYDOWN and self._on_key(event))

    def _on_key(self: WyrClicksHost, event: pygame.event.Event) -> bool:
        phase = self.view().get("phase")
        if not self.my_turn():
            return False
        digit = {
            pygame.K_1: 1,
            pygame.K_2: 2,
            pygame.K_3: 3,
            pygame.K_4: 4,
            pygame.K_5: 5,
            pygame.K_6: 6,
        }.get(event.key)
        if phase == "trade" and digit is not None:
            self.toggle_card(digit - 1)
            return True
        if phase == "bet" and digit in (1, 2, 3):
            self.submit(R.PickBet((10, 20, 50)[digit - 1]))
            return True
        if phase == "trade" and event.key == pygame.K_p:
            self.trade("pass")
            return True
        return False

    def _click(self: WyrClicksHost, pos: tuple[int, int]) -> bool:
        if not self.my_turn() or self.view().get("phase") != "trade":
            touched = self.hand.card_at(pos) is not None or self.board_fan.card_at(pos) is not None
            if touched and self.viewer is not None:
                self._explain_idle_click()
                return True
            return False
        i = self.hand.card_at(pos)
        if i is not None:
            self.toggle_card(i)
            return True
        j = self.board_fan.card_at(pos)
        if j is not None:
            self.toggle_take(j)
            return True
        return False

    def _explain_idle_click(self: WyrClicksHost) -> None:
        phase = self.view().get("phase")
        key = {
            "bet": "wyrtable.idle.bet",
            "trade": "wyrtable.idle.not_your_turn",
        }.get(str(phase), "wyrtable.idle.not_now")
        self.app.notify(tr(key), "warn")

    def toggle_card(self: WyrClicksHost, index: int) -> None:
        """Mark or unmark a hand card as a discard."""
        self._ensure_choice()
        if self.choice is None or not 0 <= index < len(self.choice.hand):
            return
        why = self.choice.toggle_card(index)
        if why:
            self.app.notify(tr(why), "warn")
        self._apply_selection_looks()
        self.refresh_controls()

    def toggle_take(self: WyrClicksHost, position: int) -> None:
        """Mark or unmark a table card to take."""
        self._ensure_choice()
        if self.choice is None:
            return
        why = self.choice.toggle_take(position)
        if why:
            self.app.notify(tr(why), "warn")
        self._apply_selection_looks()
        self.refresh_controls()

    def _on_button(self: WyrClicksHost, element: object) -> bool:
        name = next((n for n, w in self.controls.items() if w is element), None)
        if name is None:
            return False
        if name.startswith("bet"):
            self.submit(R.PickBet(int(name[3:])))
        elif name in ("mull_yes", "mull_no"):
            self.submit(R.MulliganChoice(name == "mull_yes"))
        elif name in ("pass", "pile", "table"):
            self.trade(name)
        elif name in ("mao1", "mao2", "mao3"):
            self.trade({"mao1": "none", "mao2": "table", "mao3": "pile"}[name])
        elif name in ("reroll", "keep"):
            self.submit(R.ThyatisChoice(name == "reroll"))
        return True
