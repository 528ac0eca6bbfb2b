"""The Wyrt table's keys and clicks: F, C/K, R, H, P, A, S/N, T, Enter and
Space, turned into the controls' actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame
import pygame_gui

from game import Action
from game.cards import Card
from game.core import TableMatch
from game.wyrt import records as R
from scenes.i18n import Words, later
from scenes.manager import AppHost
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt.controls import BetControls
from scenes.tables.wyrt.words import unit_words
from scenes.widgets.log_panel import LogPanel


class KeysHost(Protocol):
    """What the Wyrt keys read and call on their table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def match(self) -> TableMatch: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def practice(self) -> bool: ...
    @property
    def unit(self) -> str: ...
    @property
    def controls(self) -> BetControls | None: ...
    @property
    def extra_buttons(self) -> dict[str, pygame_gui.elements.UIButton]: ...
    @property
    def log(self) -> LogPanel: ...
    @property
    def bar(self) -> pygame.Rect: ...
    def view(self) -> dict[str, Any]: ...
    def submit(self, action: Action, seat: int | None = None) -> bool: ...
    def toggle_reveal(self) -> None: ...
    def _ask(self, title: Words, text: Words, yes: Callable[[], None]) -> None: ...
    def _ask_cheat(self) -> None: ...


class WyrtKeys:
    """Keys and clicks (mixed into `WyrtTable`)."""

    def handle_keys(self: KeysHost, event: pygame.event.Event) -> bool:
        """The table's own buttons, the controls' keys and the log's clicks; False
        when the event is the base's (`WyrtTable.handle_event` hands it on)."""
        if event.type in (
            pygame_gui.UI_BUTTON_PRESSED,
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
            pygame_gui.UI_TEXT_ENTRY_FINISHED,
            pygame_gui.UI_TEXT_ENTRY_CHANGED,
        ):
            if event.type == pygame_gui.UI_BUTTON_PRESSED:
                if event.ui_element is self.extra_buttons.get("cheat"):
                    self._ask_cheat()
                    return True
                if event.ui_element is self.extra_buttons.get("relic") and self.viewer is not None:
                    from scenes.tables.wyrt.dialogs import RelicDialog

                    legal = self.match.legal_actions(self.viewer)
                    choices = [a for a in legal if isinstance(a, R.InvokeRelic)]
                    moeda = next((a for a in choices if a.relic == "moeda"), None)
                    if moeda is not None:  # the Moeda may give back any card of the hand
                        choices.remove(moeda)
                        hand = self.view().get("hand_cards", [])
                        choices += [R.InvokeRelic("moeda", card=Card.from_code(c)) for c in hand]
                    self.app.scenes.push(RelicDialog(self.app, self, choices))
                    return True
                if event.ui_element is self.extra_buttons.get("leave"):
                    unit = self.unit

                    def leave() -> None:
                        self.submit(R.Leave())

                    self._ask(
                        later("wyrttable.get_up_title"),
                        lambda: unit_words("wyrttable.get_up_confirm", unit),
                        leave,
                    )
                    return True
            if self.controls is not None and self.controls.handle_ui(event):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and self.practice:
                self.toggle_reveal()  # the same switch as the pause menu's
                return True
            cheat = self.extra_buttons.get("cheat")
            if event.key == pygame.K_t and cheat is not None and cheat.visible:
                self._ask_cheat()
                return True
            if self.controls is not None and self.controls.handle_key(event):
                return True
        return event.type == pygame.MOUSEBUTTONDOWN and self.log.handle_event(event)

    def toast_area(self: KeysHost) -> pygame.Rect | None:
        """Messages stand above the bar of buttons at the bottom, as wide as it."""
        return pygame.Rect(self.bar.left, 0, self.bar.width, self.bar.top - 8)
