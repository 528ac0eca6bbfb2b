"""The control row above the hand: a prompt that says what to do now and the
buttons for the moves that are not made by clicking a card ("to the pool",
decline, continue, stop, keep the spoils, ressaque …).

Buttons come from the engine's legal actions, so the row follows whatever the
engine asks (including moves added later); only card moves are left to clicks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from game import Action
from scenes import ui
from scenes.i18n import has, tr

#: actions made by clicking or dragging a card, a slot or a commander
CARD_MOVES = frozenset(
    {
        "PlayRealm",
        "RebuildRealm",
        "CallXisum",
        "PoolCommander",
        "AttachArmy",
        "Attack",
        "PresentPool",
        "PresentHand",
        "Reinforce",
        "PlayArmistice",
        "PlaySpoilsRealm",
        "AttachSpoilsArmy",
        "DiscardCard",
    }
)
MAX_BUTTONS = 6


@dataclass
class Entry:
    """One button: its words and what it does."""

    label: str
    run: Callable[[], None]
    primary: bool = False
    enabled: bool = True
    tip: str = ""
    action: Action | None = None


def button_label(action: Action, phase: str) -> str:
    """Words for a button that makes `action`."""
    name = type(action).__name__
    if name == "EndStep":
        return tr(f"chamatable.end_step.{phase}")
    key = f"chamatable.buttons.{name}"
    params = {k: v for k, v in action.to_dict().items() if k != "type"}
    if has(key):
        return tr(key, **params)
    return tr(f"chama.actions.{name}") if has(f"chama.actions.{name}") else name


def button_actions(legal: list[Action]) -> list[Action]:
    """The legal actions that get a button (everything but card moves)."""
    return [a for a in legal if type(a).__name__ not in CARD_MOVES]


def button_width(entry: Entry) -> int:
    """A button wide enough for its words in the theme's font (serif 24 for primary)."""
    from scenes import style

    size, kind = (24, "serif") if entry.primary else (20, "serif")
    return max(96, min(260, style.font(size, kind).size(entry.label)[0] + 34))


class ControlRow:
    """The buttons (built once, relabelled and shown as needed) and the prompt."""

    def __init__(self, manager: pygame_gui.UIManager, container: Any, rect: pygame.Rect) -> None:
        self.rect = rect
        self.entries: list[Entry] = []
        self.prompt = ""
        self.prompt_kind = "info"
        self.buttons: list[pygame_gui.elements.UIButton] = []
        self.primary: list[pygame_gui.elements.UIButton] = []
        for _ in range(MAX_BUTTONS):
            b = ui.button(pygame.Rect(0, rect.top, 100, rect.height), "", manager, container)
            b.hide()
            self.buttons.append(b)
        for _ in range(2):
            b = ui.button(
                pygame.Rect(0, rect.top, 100, rect.height),
                "",
                manager,
                container,
                "#primary_button",
            )
            b.hide()
            self.primary.append(b)
        self._shown: list[tuple[pygame_gui.elements.UIButton, Entry]] = []
        self._key: object = None

    def set(self, entries: list[Entry], prompt: str) -> None:
        """Show these buttons (right-aligned) and this prompt."""
        self.prompt = prompt
        key = tuple((e.label, e.primary, e.enabled) for e in entries)
        self.entries = entries
        if key == self._key:
            self._shown = [(b, e) for (b, _), e in zip(self._shown, entries, strict=False)]
            return
        self._key = key
        for b in self.buttons + self.primary:
            b.hide()
        self._shown = []
        x = self.rect.right
        plain = iter(self.buttons)
        prim = iter(self.primary)
        for entry in reversed(entries[:MAX_BUTTONS]):
            button = next(prim, None) if entry.primary else next(plain, None)
            if button is None:
                continue
            width = button_width(entry)
            x -= width
            button.set_relative_position((x, self.rect.top))
            button.set_dimensions((width, self.rect.height))
            button.set_text(entry.label)
            if entry.tip:
                button.tool_tip_text = entry.tip
            if entry.enabled:
                button.enable()
            else:
                button.disable()
            button.show()
            button.rebuild()  # a hidden button does not redraw its shape when resized
            self._shown.append((button, entry))
            x -= 8
        self._shown.reverse()

    @property
    def left_edge(self) -> int:
        """Where the leftmost visible button starts (the prompt ends there)."""
        return min((b.rect.left for b, _ in self._shown), default=self.rect.right)

    def press(self, element: Any) -> bool:
        """Run the entry of a pressed button; True if it was one of ours."""
        for b, entry in self._shown:
            if b is element:
                if entry.enabled:
                    entry.run()
                return True
        return False

    def first_primary(self) -> Entry | None:
        """The main move now (Enter)."""
        for _b, e in self._shown:
            if e.primary and e.enabled:
                return e
        return None

    def hide_all(self) -> None:
        """No buttons (not the viewer's move)."""
        self.set([], self.prompt)
