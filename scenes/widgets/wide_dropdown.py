"""A drop-down whose open list may be wider than its closed box.

pygame-gui's `UIDropDownMenu` opens a `UISelectionList` exactly as wide as the
box, so in a narrow seat column (the Wyrt persona box at 1024x640) every long
name read "Clande…". Here the list grows to its longest item, kept inside the
window (and the box's container), while the closed box shows the chosen
option in the longest of its forms that fits, else cut with "…".

Each option is `(forms, id)`: `forms[0]` is what the open list says; the
closed box tries the forms in order ("Bot · Brilliant noble player",
"Brilliant noble player", "Brilliant noble") and cuts the last one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements.ui_drop_down_menu import (
    UIClosedDropDownState,
    UIExpandedDropDownState,
)

from scenes import style, ui

#: (the forms of an option's text, longest first; its id)
Choice = tuple[Sequence[str], str]

#: the text size of the box and its list (the theme's default font)
TEXT_SIZE = 16
#: room in the closed box beside its text: the arrow button, borders, padding
BOX_PAD = 40
#: room in a list row beside its text: scroll bar, borders, padding
LIST_PAD = 48
#: the open list keeps this far from the window's edges
EDGE = 6


def closed_text(forms: Sequence[str], width: int) -> str:
    """The first of `forms` that fits a box `width` wide, else the last cut with "…"."""
    room = width - BOX_PAD
    for text in forms:
        if style.text_width(text, TEXT_SIZE) <= room:
            return text
    return style.ellipsize(forms[-1], TEXT_SIZE, room)


class WideDropDown(pygame_gui.elements.UIDropDownMenu):
    """A `UIDropDownMenu` of `Choice`s whose open list is as wide as its
    longest item needs (never narrower than the box, never past the window)."""

    def __init__(
        self,
        rect: pygame.Rect,
        choices: Sequence[Choice],
        selected_id: str,
        manager: pygame_gui.UIManager,
        container: Any,
    ) -> None:
        if not choices:
            raise ValueError("a drop-down needs at least one choice")
        self.forms = {cid: tuple(forms) for forms, cid in choices}
        options = [(forms[0], cid) for forms, cid in choices]
        start = next((o for o in options if o[1] == selected_id), options[0])
        limit, object_id = ui.drop_room(rect, len(options), manager, container)
        super().__init__(
            options_list=list(options),
            starting_option=start,
            relative_rect=rect,
            manager=manager,
            container=container,
            expansion_height_limit=limit,
            object_id=object_id,
        )
        #: the width the open list wants: its longest item whole
        self.list_width = max(style.text_width(t, TEXT_SIZE) for t, _ in options) + LIST_PAD
        # pygame-gui builds its own two states in __init__: swap in ours, which
        # write the box's text to fit and widen the list
        self.current_state.finish()  # type: ignore[union-attr]  # set by UIDropDownMenu.__init__
        self.menu_states = {
            "closed": _Closed(
                self,
                self.selected_option,
                self.background_rect,
                self.open_button_width,
                self.expand_direction,
                self.ui_manager,
                self,
                self.object_ids,
                self.element_ids,
                self.visible,
                self.expand_on_option_click,
            ),
            "expanded": _Expanded(
                self,
                self.options_list,
                self.selected_option,
                self.background_rect,
                self.open_button_width,
                self.expand_direction,
                self.ui_manager,
                self,
                self.object_ids,
                self.element_ids,
                self.expand_on_option_click,
            ),
        }
        self.current_state = self.menu_states["closed"]
        self.current_state.start(should_rebuild=True)

    def shown_text(self) -> str:
        """What the closed box says for the chosen option."""
        forms = self.forms.get(str(self.selected_option[1]), (str(self.selected_option[0]),))
        return closed_text(forms, self.rect.width)

    def is_open(self) -> bool:
        """Whether the list is showing."""
        return self.current_state is self.menu_states.get("expanded")

    def option_list(self) -> pygame_gui.elements.UISelectionList | None:
        """The open list (None while closed)."""
        state = self.current_state
        return state.options_selection_list if isinstance(state, _Expanded) else None


class _Closed(UIClosedDropDownState):
    """The closed box, its text fitted to it."""

    def start(self, should_rebuild: bool = True) -> None:
        super().start(should_rebuild)
        _fit_selected(self.drop_down_menu_ui, self.selected_option_button)


class _Expanded(UIExpandedDropDownState):
    """The open state: the box's text fitted, the list widened."""

    def start(self, should_rebuild: bool = True) -> None:
        super().start(should_rebuild)
        _fit_selected(self.drop_down_menu_ui, self.selected_option_button)
        self._show_top()
        self._widen()

    def update_position(self) -> None:
        super().update_position()
        self._widen()

    def update_dimensions(self) -> None:
        super().update_dimensions()
        self._widen()

    def _show_top(self) -> None:
        """Open a long list at its top when the chosen row is in view there:
        the first rows are the kinds of seat (a person, a friend elsewhere),
        which pygame-gui's scrolling to the choice hid under a persona list."""
        lst = self.options_selection_list
        if lst is None or lst.scroll_bar is None:
            return
        chosen = next((i for i, item in enumerate(lst.item_list) if item.get("selected")), 0)
        in_view = max(1, lst.rect.height // max(1, lst.list_item_height))
        if chosen < in_view - 1:
            lst.scroll_bar.set_scroll_from_start_percentage(0.0)
            lst.update(0.0)

    def _widen(self) -> None:
        """Grow the list to the width its items want, starting under the box and
        moved left as far as needed to stay inside the window and container."""
        menu = self.drop_down_menu_ui
        lst = self.options_selection_list
        if lst is None or not isinstance(menu, WideDropDown):
            return
        bounds = ui.root_rect(self.ui_manager)
        holder = menu.ui_container
        if holder is not None:
            bounds = bounds.clip(holder.get_rect())
        bounds = bounds.inflate(-2 * EDGE, 0)
        width = min(max(lst.rect.width, menu.list_width), bounds.width)
        left = max(bounds.left, min(lst.rect.left, bounds.right - width))
        if (width, left) == (lst.rect.width, lst.rect.left):
            return
        shift = left - lst.rect.left
        lst.set_dimensions((width, lst.rect.height))
        lst.set_relative_position((lst.relative_rect.left + shift, lst.relative_rect.top))


def _fit_selected(menu: Any, button: pygame_gui.elements.UIButton | None) -> None:
    """Write the box's text to fit it; a shortened name keeps its whole self
    in the box's tooltip."""
    if button is not None and isinstance(menu, WideDropDown):
        shown = menu.shown_text()
        button.set_text(shown)
        full = str(menu.selected_option[0])
        button.set_tooltip(full if shown != full else None)
