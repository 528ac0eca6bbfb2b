"""The Wyrt table's keys and clicks: F, C/K, R, H, P, A, S/N, T, Enter and
Space, turned into the controls' actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.cards import Card
from game.wyrt import records as R
from scenes.i18n import later
from scenes.tables.wyrt.words import unit_words

if TYPE_CHECKING:
    pass


class WyrtKeys:
    """Keys and clicks (mixed into `WyrtTable`)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (
            pygame_gui.UI_BUTTON_PRESSED,
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
            pygame_gui.UI_TEXT_ENTRY_FINISHED,
            pygame_gui.UI_TEXT_ENTRY_CHANGED,
        ):
            if event.type == pygame_gui.UI_BUTTON_PRESSED:
                if event.ui_element is self.extra_buttons.get("cheat"):
                    self._ask_cheat()
                    return
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
                    return
                if event.ui_element is self.extra_buttons.get("leave"):
                    unit = self.unit
                    self._ask(
                        later("wyrttable.get_up_title"),
                        lambda: unit_words("wyrttable.get_up_confirm", unit),
                        lambda: self.submit(R.Leave()),
                    )
                    return
            if self.controls is not None and self.controls.handle_ui(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and self.practice:
                self.tools.toggle_reveal(self)  # the same switch as the pause menu's
                return
            cheat = self.extra_buttons.get("cheat")
            if event.key == pygame.K_t and cheat is not None and cheat.visible:
                self._ask_cheat()
                return
            if self.controls is not None and self.controls.handle_key(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and self.log.handle_event(event):
            return
        super().handle_event(event)

    def toast_area(self) -> pygame.Rect | None:
        """Messages stand above the bar of buttons at the bottom, as wide as it."""
        return pygame.Rect(self.bar.left, 0, self.bar.width, self.bar.top - 8)
