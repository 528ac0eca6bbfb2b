"""The Wyr table by keyboard: what the focus ring may land on, and Esc.

Tab walks the viewer's hand cards left to right while discards may be chosen,
then the table cards the selection may take, then the buttons. Using a card
calls the same `toggle_card` / `toggle_take` a click calls; a button gets the
press a click gives. Nothing a click would refuse is offered: a fourth
discard, a table card no legal trade takes, or a button whose choice is not
complete yet (its click would only explain what it needs). Esc drops the last
step of the selection (the last table card chosen, else the last discard)
before it pauses.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, Protocol

import pygame
import pygame_gui

from game import Action
from game.wyr import records as R
from scenes.keyboard import FocusRing, FocusTarget
from scenes.tables import felt
from scenes.tables.wyr.choices import MAX_DISCARD, TradeChoice
from scenes.widgets.cards import CardSprite

#: the trade buttons and the refill source each one carries out
SOURCES = {
    "pass": "pass",
    "pile": "pile",
    "table": "table",
    "mao1": "none",
    "mao2": "table",
    "mao3": "pile",
}


class WyrFocusHost(Protocol):
    """What the keyboard's targets read and call on the Wyr table."""

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
    @property
    def ui(self) -> Any: ...
    @property
    def focus_ring(self) -> FocusRing: ...

    def view(self) -> dict[str, Any]: ...
    def my_turn(self) -> bool: ...
    def legal(self, seat: int) -> list[Action]: ...
    def table_targets(self) -> list[FocusTarget]: ...
    def _ensure_choice(self) -> None: ...
    def _apply_selection_looks(self) -> None: ...
    def refresh_controls(self) -> None: ...
    def toggle_card(self, index: int) -> None: ...
    def toggle_take(self, position: int) -> None: ...


def _trading(host: WyrFocusHost) -> TradeChoice | None:
    """The person's selection while he must discard now (else None)."""
    if not host.my_turn() or host.view().get("phase") != "trade":
        return None
    host._ensure_choice()
    return host.choice


def control_accepted(host: WyrFocusHost, name: str) -> bool:
    """Whether a press on the button `name` would be taken now (not just explained)."""
    choice = _trading(host)
    if name in SOURCES:
        if choice is None:
            return False
        built = choice.build(SOURCES[name])
        return not isinstance(built, str) and built in choice.legal
    if not host.my_turn() or host.viewer is None:
        return True  # (hidden anyway: only the acting lord sees the controls)
    wanted: Action | None = None
    if name.startswith("bet"):
        wanted = R.PickBet(int(name[3:]))
    elif name in ("mull_yes", "mull_no"):
        wanted = R.MulliganChoice(name == "mull_yes")
    elif name in ("reroll", "keep"):
        wanted = R.ThyatisChoice(name == "reroll")
    return wanted is None or wanted in host.legal(host.viewer)


def card_box(sprite: CardSprite) -> pygame.Rect:
    """Where a card is drawn: a chosen (or hovered) card stands lifted."""
    box = pygame.Rect(sprite.rect)
    if sprite.selected or (sprite.hovered and sprite.selectable and not sprite.disabled):
        box.move_ip(0, -int(box.height * 0.08))
    return box


class WyrFocus:
    """The ring's targets and Esc (mixed into `WyrTable`)."""

    def table_targets(self: WyrFocusHost) -> list[FocusTarget]:
        choice = _trading(self)
        if choice is None:
            return []
        out: list[FocusTarget] = []
        full = len(choice.selected) >= MAX_DISCARD
        for i, sprite in enumerate(self.hand.sprites[: len(choice.hand)]):
            if i in choice.selected or not full:
                out.append(FocusTarget(f"hand:{i}", card_box(sprite), partial(self.toggle_card, i)))
        if choice.selected:
            takeable = choice.takeable()
            for p, sprite in enumerate(self.board_fan.sprites):
                if p in choice.takes or p in takeable:
                    out.append(
                        FocusTarget(f"board:{p}", card_box(sprite), partial(self.toggle_take, p))
                    )
        return out

    def offers_button(self: WyrFocusHost, rect: pygame.Rect) -> bool:
        """Not the buttons whose press would only say what is missing."""
        return not any(
            w.visible and w.rect == rect and not control_accepted(self, name)
            for name, w in self.controls.items()
        )

    def follow_focus(self: WyrFocusHost) -> None:
        """While the ring shows, the card under it stands up as a hovered one does."""
        if not self.focus_ring.visible:
            return
        now = self.focus_ring.key
        for name, fan in (("hand", self.hand), ("board", self.board_fan)):
            for i, sprite in enumerate(fan.sprites):
                sprite.hovered = now == f"{name}:{i}"

    def back_out(self: WyrFocusHost) -> bool:
        """Esc: drop the last table card chosen, else the last discard marked."""
        choice = _trading(self)
        if choice is None or not (choice.takes or choice.selected):
            return False
        if choice.takes:
            choice.takes.pop()
        else:
            choice.toggle_card(choice.selected[-1])
        self._apply_selection_looks()
        self.refresh_controls()
        return True
