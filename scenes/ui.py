"""Small helpers to build pygame-gui widgets the same way on every screen."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IUIManagerInterface

from scenes.text_scale import text_size


def button(
    rect: pygame.Rect,
    text: str,
    manager: pygame_gui.UIManager,
    container: Any,
    object_id: str | None = None,
    tooltip: str | None = None,
) -> pygame_gui.elements.UIButton:
    """A themed button ("#menu_button", "#primary_button" or plain)."""
    made = pygame_gui.elements.UIButton(
        relative_rect=rect,
        text=text,
        manager=manager,
        container=container,
        object_id=pygame_gui.core.ObjectID(object_id=object_id) if object_id else None,
        tool_tip_text=tooltip,
    )
    fit_words(made, text, tooltip)
    return made


def label(
    rect: pygame.Rect,
    text: str,
    manager: pygame_gui.UIManager,
    container: Any,
    object_id: str = "#ink_label",
) -> pygame_gui.elements.UILabel:
    """A one-line label (ink on parchment by default)."""
    made = pygame_gui.elements.UILabel(
        relative_rect=rect,
        text=text,
        manager=manager,
        container=container,
        object_id=pygame_gui.core.ObjectID(object_id=object_id),
    )
    fit_words(made, text)
    return made


def number_and_note(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """A box for a number of a few digits at the left of `rect` and the words
    beside it (the box narrower at a large text size: the words need the room)."""
    w = 82 if text_size() == 100 else 64
    note = pygame.Rect(rect.left + w + 8, rect.top, rect.width - w - 8, rect.height)
    return pygame.Rect(rect.left, rect.top, w, rect.height), note


def text_room(element: Any) -> int:
    """How wide a line of text a label or button can show: a button's border
    and shadow take their pixels from both sides."""
    if isinstance(element, pygame_gui.elements.UILabel):
        return int(element.rect.width)
    border = getattr(element, "border_width", 0) or 0
    if isinstance(border, dict):  # one width per side
        border = max(border.values(), default=0)
    edge = int(border) + int(getattr(element, "shadow_width", 0) or 0)
    return int(element.rect.width) - 2 * edge - 4


def fit_words(element: Any, text: str, tooltip: str | None = None) -> None:
    """A text its label or button cannot hold (a long word at a large text
    size) ends in "…", and the whole of it shows in the tooltip."""
    if getattr(element, "text", text) != text:
        element.set_text(text)
    font = getattr(element, "font", None)
    room = text_room(element)
    if font is None or not text or font.size(text)[0] <= room:
        return
    cut = text
    while len(cut) > 1 and font.size(cut.rstrip() + "…")[0] > room:
        cut = cut[:-1]
    element.set_text(cut.rstrip(" ·,(") + "…")
    element.set_tooltip(f"{text} — {tooltip}" if tooltip else text)


def dropdown(
    rect: pygame.Rect,
    options: list[tuple[str, str]],
    selected_id: str,
    manager: pygame_gui.UIManager,
    container: Any,
) -> pygame_gui.elements.UIDropDownMenu:
    """A drop-down of (text, id) pairs starting on `selected_id`.

    Its list opens downwards, or upwards when that leaves more of it in the
    window (a box near the bottom edge), and is never taller than the room.
    """
    start = next((o for o in options if o[1] == selected_id), options[0])
    limit, object_id = drop_room(rect, len(options), manager, container)
    # pygame-gui's list takes plain strings too; a list of ours is not one of those
    options_list: list[str | tuple[str, str]] = [*options]
    return pygame_gui.elements.UIDropDownMenu(
        options_list=options_list,
        starting_option=start,
        relative_rect=rect,
        manager=manager,
        container=container,
        expansion_height_limit=limit,
        object_id=object_id,
    )


def drop_room(
    rect: pygame.Rect, count: int, manager: pygame_gui.UIManager, container: Any
) -> tuple[int, pygame_gui.core.ObjectID | None]:
    """How tall the open list of a drop-down at `rect` with `count` options may
    grow, and the object id that turns it upwards ("#drop_up") when there is
    more room above the box than below it."""
    top = rect.top + _screen_top(container)
    below = root_rect(manager).height - (top + rect.height) - 6
    above = top - 6
    want = min(DROP_LIMIT, count * rect.height + 8)
    up = below < want and above > below
    limit = max(rect.height * 2, min(DROP_LIMIT, above if up else below))
    return limit, pygame_gui.core.ObjectID(object_id="#drop_up") if up else None


#: the tallest a drop-down's open list grows
DROP_LIMIT = 380


def _screen_top(container: Any) -> int:
    """Where `container`'s inside starts on screen (0 for none)."""
    if container is None:
        return 0
    inner = container.get_container() if hasattr(container, "get_container") else container
    return int(inner.get_rect().top)


def root_rect(manager: IUIManagerInterface) -> pygame.Rect:
    """The window's rect as the UI sees it (its root container)."""
    root = manager.get_root_container()
    assert root is not None, "a UIManager makes its root container when it is built"
    return root.get_rect()


def selected_id(menu: pygame_gui.elements.UIDropDownMenu) -> str:
    """The id of the chosen option of a drop-down."""
    opt = menu.selected_option
    return str(opt[1]) if isinstance(opt, tuple) else str(opt)


def centered(size: tuple[int, int], w: int, h: int, dy: int = 0) -> pygame.Rect:
    """A w×h rect centred in a window of `size`."""
    return pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2 + dy, w, h)


def enable(widget: Any, on: bool) -> None:
    """Enable or disable a widget by a condition."""
    if on:
        widget.enable()
    else:
        widget.disable()
