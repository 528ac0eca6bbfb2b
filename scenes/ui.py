"""Small helpers to build pygame-gui widgets the same way on every screen."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui


def button(
    rect: pygame.Rect,
    text: str,
    manager: pygame_gui.UIManager,
    container: Any,
    object_id: str | None = None,
    tooltip: str | None = None,
) -> pygame_gui.elements.UIButton:
    """A themed button ("#menu_button", "#primary_button" or plain)."""
    return pygame_gui.elements.UIButton(
        relative_rect=rect,
        text=text,
        manager=manager,
        container=container,
        object_id=pygame_gui.core.ObjectID(object_id=object_id) if object_id else None,
        tool_tip_text=tooltip,
    )


def label(
    rect: pygame.Rect,
    text: str,
    manager: pygame_gui.UIManager,
    container: Any,
    object_id: str = "#ink_label",
) -> pygame_gui.elements.UILabel:
    """A one-line label (ink on parchment by default)."""
    return pygame_gui.elements.UILabel(
        relative_rect=rect,
        text=text,
        manager=manager,
        container=container,
        object_id=pygame_gui.core.ObjectID(object_id=object_id),
    )


def dropdown(
    rect: pygame.Rect,
    options: list[tuple[str, str]],
    selected_id: str,
    manager: pygame_gui.UIManager,
    container: Any,
) -> pygame_gui.elements.UIDropDownMenu:
    """A drop-down of (text, id) pairs starting on `selected_id`."""
    start = next((o for o in options if o[1] == selected_id), options[0])
    return pygame_gui.elements.UIDropDownMenu(
        options_list=options,
        starting_option=start,
        relative_rect=rect,
        manager=manager,
        container=container,
        expansion_height_limit=260,
    )


def selected_id(menu: pygame_gui.elements.UIDropDownMenu) -> str:
    """The id of the chosen option of a drop-down."""
    opt = menu.selected_option
    return str(opt[1]) if isinstance(opt, tuple) else str(opt)


def centered(size: tuple[int, int], w: int, h: int, dy: int = 0) -> pygame.Rect:
    """A w×h rect centred in a window of `size`."""
    return pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2 + dy, w, h)
