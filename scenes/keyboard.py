"""Keyboard-only play: a focus ring over what may be used right now.

Every screen offers its usable things as `FocusTarget`s (`Scene.focus_targets`):
by default the visible, enabled pygame-gui buttons and drop-downs of its
widgets; a table puts its own things first (territories, cards, realm slots,
chips). Tab / Shift+Tab walk them in the screen's order, the arrow keys jump
to the nearest one in that direction, Enter or Space uses the focused one.
Using a target does what a click on it does: a widget gets the same
`UI_BUTTON_PRESSED` a click posts, a table's thing calls the table's own click
code. The ring shows from the first navigation key until the mouse is used.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame
import pygame_gui

#: the keys that move the ring, and their direction on the screen
ARROWS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
USE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass(frozen=True)
class FocusTarget:
    """One thing the keyboard may use: where it is and what using it does."""

    #: stable while the thing stays (the ring follows it across frames)
    key: str
    rect: pygame.Rect
    use: Callable[[], None] = field(compare=False)
    #: drawn as a circle around `rect` (a map's army counter) instead of a box
    round: bool = False
    #: brings the thing into view when the ring lands on it (a scrolled list)
    reveal: Callable[[], None] | None = field(default=None, compare=False)
    #: Left/Right change the thing itself (a slider) instead of moving the ring
    nudge: Callable[[int], None] | None = field(default=None, compare=False)
    #: the words on the thing, where it has some (a button's text)
    label: str = ""


def _scroller_of(element: Any, scrollers: dict[int, Any]) -> Any:
    """The scrolling container `element` lies in (of `scrollers`, by the id of
    each one's inner container), if any."""
    holder = getattr(element, "ui_container", None)
    for _ in range(8):
        if holder is None:
            return None
        if id(holder) in scrollers:
            return scrollers[id(holder)]
        holder = getattr(holder, "ui_container", None)
    return None


def scroll_into_view(element: Any, scroller: Any) -> None:
    """Scroll `scroller` so that all of `element` (inside it) shows."""
    inner = scroller.scrollable_container
    view = scroller._view_container.rect  # (pygame-gui keeps the visible part there)
    offset = -inner.relative_rect.y
    top = element.rect.top - inner.rect.top
    bottom = element.rect.bottom - inner.rect.top
    if top < offset:
        offset = max(0, top - 4)
    elif bottom > offset + view.height:
        offset = bottom - view.height + 4
    else:
        return
    offset = max(0, min(offset, inner.rect.height - view.height))
    inner.set_relative_position((inner.relative_rect.x, -offset))
    bar = scroller.vert_scroll_bar
    if bar is not None and inner.rect.height > 0:
        bar.set_scroll_from_start_percentage(offset / inner.rect.height)


def _revealer(element: Any, scrollers: dict[int, Any]) -> Callable[[], None] | None:
    scroller = _scroller_of(element, scrollers)
    return None if scroller is None else partial(scroll_into_view, element, scroller)


def nudge_slider(slider: pygame_gui.elements.UIHorizontalSlider, way: int) -> None:
    """Move a slider one click step (-1 left, +1 right) and post what a drag posts."""
    low, high = slider.value_range
    step = getattr(slider, "click_increment", 0) or max(1, (high - low) // 20)
    value = min(high, max(low, slider.get_current_value() + way * step))
    slider.set_current_value(value)
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
            {
                "value": slider.get_current_value(),
                "ui_element": slider,
                "ui_object_id": slider.most_specific_combined_id,
            },
        )
    )


def press(button: pygame_gui.elements.UIButton) -> None:
    """Post what a click on `button` posts (its scene and pygame-gui both see it)."""
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_BUTTON_PRESSED,
            {
                "ui_element": button,
                "ui_object_id": button.most_specific_combined_id,
                "mouse_button": 1,
            },
        )
    )


def _shown(element: Any) -> bool:
    return bool(getattr(element, "visible", True)) and bool(
        getattr(element, "alive", lambda: True)()
    )


def _children(element: Any) -> list[Any]:
    if isinstance(element, pygame_gui.core.UIContainer):
        return list(element.elements)
    getter = getattr(element, "get_container", None)
    if callable(getter) and not isinstance(element, pygame_gui.elements.UIDropDownMenu):
        inner = getter()
        if inner is not None and inner is not element:
            return [inner]
    return []


#: widgets whose inner buttons are not the player's things (a scroll bar's arrows)
_SKIPPED = (pygame_gui.elements.UIVerticalScrollBar, pygame_gui.elements.UIHorizontalScrollBar)


def _walk(root: Any, seen: set[int]) -> Iterator[Any]:
    if id(root) in seen or isinstance(root, _SKIPPED):
        return
    seen.add(id(root))
    yield root
    for child in _children(root):
        yield from _walk(child, seen)


def _dropdown_targets(
    menu: pygame_gui.elements.UIDropDownMenu, scrollers: dict[int, Any]
) -> list[FocusTarget]:
    state = menu.current_state
    chooser = getattr(state, "options_selection_list", None)
    if chooser is not None and getattr(chooser, "alive", lambda: False)():
        out = []
        for k, item in enumerate(chooser.item_list):
            button = item.get("button_element")
            if button is not None and button.visible:
                out.append(
                    FocusTarget(
                        f"gui:{id(menu)}:option:{k}",
                        pygame.Rect(button.rect),
                        partial(press, button),
                        label=str(button.text),
                    )
                )
        return out
    opener = getattr(state, "selected_option_button", None)
    if opener is None or not menu.is_enabled:
        return []
    return [
        FocusTarget(
            f"gui:{id(menu)}",
            pygame.Rect(menu.rect),
            partial(press, opener),
            reveal=_revealer(menu, scrollers),
        )
    ]


def gui_targets(container: Any) -> list[FocusTarget]:
    """The visible, enabled buttons, drop-downs and text boxes under
    `container`, in the order the screen made them (its own reading order)."""
    if container is None:
        return []
    found: list[FocusTarget] = []
    seen: set[int] = set()
    parts: set[int] = set()
    elements = [e for e in _walk(container, seen) if _shown(e)]
    scrollers = {
        id(e.scrollable_container): e
        for e in elements
        if isinstance(e, pygame_gui.elements.UIScrollingContainer)
    }
    for element in elements:
        if isinstance(element, pygame_gui.elements.UIDropDownMenu):
            for part in element.current_state.__dict__.values():
                parts.add(id(part))
        elif isinstance(element, pygame_gui.elements.UIHorizontalSlider):
            for name in ("left_button", "right_button", "sliding_button"):
                parts.add(id(getattr(element, name, None)))
    for element in elements:
        if isinstance(element, pygame_gui.elements.UIDropDownMenu):
            found.extend(_dropdown_targets(element, scrollers))
        elif (
            isinstance(element, pygame_gui.elements.UIButton)
            and element.is_enabled
            and id(element) not in parts
            and element.rect.width > 0
        ):
            found.append(
                FocusTarget(
                    f"gui:{id(element)}",  # (stable while its words change)
                    pygame.Rect(element.rect),
                    partial(press, element),
                    reveal=_revealer(element, scrollers),
                    label=str(element.text),
                )
            )
        elif isinstance(element, pygame_gui.elements.UIHorizontalSlider) and element.is_enabled:
            found.append(
                FocusTarget(
                    f"gui:{id(element)}",
                    pygame.Rect(element.rect),
                    lambda: None,
                    reveal=_revealer(element, scrollers),
                    nudge=partial(nudge_slider, element),
                )
            )
        elif isinstance(element, pygame_gui.elements.UITextEntryLine) and element.is_enabled:
            found.append(
                FocusTarget(
                    f"gui:{id(element)}",
                    pygame.Rect(element.rect),
                    partial(element.ui_manager.set_focus_set, element),
                    reveal=_revealer(element, scrollers),
                )
            )
    # A screen's bar of buttons along its bottom (Back, Start) comes last, left
    # to right, after the things it acts on, whenever the screen made it.
    bottom = getattr(container, "rect", pygame.Rect(0, 0, 0, 1 << 16)).bottom - BOTTOM_BAR
    bar = sorted((t for t in found if t.rect.top >= bottom), key=lambda t: t.rect.left)
    return [t for t in found if t.rect.top < bottom] + bar


#: how far above a screen's bottom its bar of buttons starts
BOTTOM_BAR = 100


def _gap(low_a: int, high_a: int, low_b: int, high_b: int) -> int:
    """How far apart two spans are (0 when they overlap)."""
    return max(0, max(low_a, low_b) - min(high_a, high_b))


def nearest(targets: list[FocusTarget], origin: pygame.Rect, way: tuple[int, int]) -> int | None:
    """The index of the target nearest `origin` in direction `way`, or None.

    Distances are measured between the edges, not the centres, so a wide
    button's neighbour straight beside it wins over a nearer centre off to the
    side. A target counts if its centre lies ahead and it is not further to the
    side than about twice as far as it is ahead; among those, the gap ahead
    plus three times the gap sideways decides."""
    best: tuple[float, int] | None = None
    for i, t in enumerate(targets):
        r = t.rect
        if way[0]:
            ahead = (r.centerx - origin.centerx) * way[0]
            gap = r.left - origin.right if way[0] > 0 else origin.left - r.right
            side = _gap(r.top, r.bottom, origin.top, origin.bottom)
        else:
            ahead = (r.centery - origin.centery) * way[1]
            gap = r.top - origin.bottom if way[1] > 0 else origin.top - r.bottom
            side = _gap(r.left, r.right, origin.left, origin.right)
        if ahead <= 0 or side > 2 * ahead:
            continue
        score = (
            max(0, gap)
            + 3 * side
            + 0.01 * math.hypot(r.centerx - origin.centerx, r.centery - origin.centery)
        )
        if best is None or score < best[0]:
            best = (score, i)
    return None if best is None else best[1]


class FocusRing:
    """Which target has the keyboard's focus on one screen, and whether it shows."""

    def __init__(self) -> None:
        self.key: str | None = None
        #: shown after a navigation key; hidden again by the mouse
        self.visible = False

    def current(self, targets: list[FocusTarget]) -> FocusTarget | None:
        """The focused target, if it is still among `targets`."""
        return next((t for t in targets if t.key == self.key), None)

    def step(self, targets: list[FocusTarget], by: int) -> None:
        """Tab (+1) / Shift+Tab (-1): the next target in the screen's order."""
        if not targets:
            self.key = None
            return
        now = self.current(targets)
        if now is None:
            self.key = targets[0 if by > 0 else -1].key
        elif self.visible:  # (a hidden ring shows again where it was)
            self.key = targets[(targets.index(now) + by) % len(targets)].key
        self.visible = True
        self._reveal(targets)

    def go(self, targets: list[FocusTarget], way: tuple[int, int]) -> None:
        """An arrow key: the nearest target that way (the first one if none is
        focused); Left/Right on a slider move the slider."""
        now = self.current(targets)
        if now is None:
            self.step(targets, 1)
            return
        if not self.visible:
            self.visible = True
            return
        if now.nudge is not None and way[1] == 0:
            now.nudge(way[0])
            return
        i = nearest(targets, now.rect, way)
        if i is not None:
            self.key = targets[i].key
            self._reveal(targets)

    def _reveal(self, targets: list[FocusTarget]) -> None:
        now = self.current(targets)
        if now is not None and now.reveal is not None:
            now.reveal()

    def use(self, targets: list[FocusTarget]) -> bool:
        """Enter/Space: use the focused target (False when nothing is focused)."""
        now = self.current(targets) if self.visible else None
        if now is None:
            return False
        now.use()
        return True

    def draw(self, surface: pygame.Surface, targets: list[FocusTarget]) -> None:
        """The ring: a dark band under a bright one, so it reads on felt, wood,
        parchment and every player colour alike."""
        now = self.current(targets) if self.visible else None
        if now is None:
            return
        draw_ring(surface, now.rect, now.round)


#: the ring's two bands: dark outside, bright inside (seen on light and dark)
RING_DARK = (20, 14, 8)
RING_BRIGHT = (255, 236, 120)


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, round_: bool = False) -> None:
    """Draw the focus ring around `rect`."""
    if round_:
        radius = max(rect.width, rect.height) // 2 + 5
        pygame.draw.circle(surface, RING_DARK, rect.center, radius + 2, 5)
        pygame.draw.circle(surface, RING_BRIGHT, rect.center, radius, 3)
        return
    outer = rect.inflate(12, 12)
    pygame.draw.rect(surface, RING_DARK, outer, 5, border_radius=8)
    pygame.draw.rect(surface, RING_BRIGHT, rect.inflate(8, 8), 3, border_radius=6)
