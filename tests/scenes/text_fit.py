"""Watch one frame's text and say what does not fit (the text size test's eyes).

Our own text: every surface `style.render_text` makes is remembered; the
window is replaced by a `WatchedScreen` that notes where each of those lands
(whether `style.blit_text` or a table blits it). `style.blit_text` on any
other surface (a plate, a card, a panel painted once) is checked against
that surface. pygame-gui's labels, buttons and drop-downs are measured with
their own font against their rect less border and shadow.

Faults are plain sentences, one per text, so a failing test says which
words spill where.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
import pytest

from scenes import style


@dataclass
class Drawn:
    text: str
    rect: pygame.Rect
    max_width: int | None


@dataclass
class Watch:
    """What one frame drew, and the faults found in it."""

    made: dict[int, tuple[pygame.Surface, str, int | None]] = field(default_factory=dict)
    on_screen: list[Drawn] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)
    #: what was drawn on each surface other than the window, by the surface's id
    panels: dict[int, list[Drawn]] = field(default_factory=dict)
    #: texts checked (ours on any surface, pygame-gui's)
    checked: int = 0
    on: bool = False


class WatchedScreen(pygame.Surface):
    """The window's stand-in: a plain surface that notes where text lands."""

    watch: Watch

    def blit(self, source: Any, dest: Any, area: Any = None, special_flags: int = 0) -> Any:  # type: ignore[override]
        drawn = super().blit(source, dest, area, special_flags)
        made = self.watch.made.get(id(source)) if self.watch.on else None
        if made is not None and made[0] is source and area is None:
            at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            rect = pygame.Rect(at, source.get_size())
            self.watch.on_screen.append(Drawn(made[1], rect, made[2]))
        return drawn


def _inside(inner: pygame.Rect, outer: pygame.Rect, slack: int = 1) -> bool:
    return outer.inflate(2 * slack, 2 * slack).contains(inner)


@contextmanager
def watching(app: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    """Install the watch on `app` (its window swapped for a `WatchedScreen`)."""
    w = Watch()
    screen = WatchedScreen(app.screen.get_size())
    screen.watch = w
    app.screen = screen
    real_render = style.render_text
    real_blit = style.blit_text

    def render_text(text: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        surf = real_render(text, size, *args, **kwargs)
        max_width = kwargs.get("max_width", args[3] if len(args) > 3 else None)
        if w.on:
            w.made[id(surf)] = (surf, text, max_width)
        return surf

    def blit_text(target: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = real_blit(target, text, *args, **kwargs)
        if w.on and target is not screen and text.strip():
            w.checked += 1
            if not _inside(rect, target.get_rect()):
                w.faults.append(f"{text!r} at {rect} leaves its panel {target.get_rect()}")
            # a plate or a panel painted once: its lines must not fall on each other
            w.faults.extend(_overlaps(Drawn(text, rect, None), w.panels.setdefault(id(target), [])))
        return rect

    monkeypatch.setattr(style, "render_text", render_text)
    monkeypatch.setattr(style, "blit_text", blit_text)
    yield w


def check_frame(app: Any, w: Watch) -> list[str]:
    """Draw one frame watched; the faults of our text and pygame-gui's in it."""
    w.made.clear()
    w.on_screen.clear()
    w.panels.clear()
    # plates, cards and panels painted at an earlier frame are painted again, watched
    style.reset_caches()
    w.on = True
    try:
        app.step(1 / 60, pygame.event.get())
    finally:
        w.on = False
    window = pygame.Rect((0, 0), app.size)
    ours = [d for d in w.on_screen if d.text.strip()]
    w.checked += len(ours)
    for d in ours:
        if not _inside(d.rect, window):
            w.faults.append(f"{d.text!r} at {d.rect} leaves the window")
        if d.max_width and d.rect.width > d.max_width + 4:  # a drop shadow's pixels
            w.faults.append(f"{d.text!r} is {d.rect.width} px wide in a {d.max_width} px box")
    seen: list[Drawn] = []
    for d in ours:
        w.faults.extend(_overlaps(d, seen))
    widgets = [e.rect for e in _widgets(app) if not _scrolled(e)]
    for d in ours:
        for r in widgets:
            clip = _ink(d.rect).clip(r)
            if clip.width > 2 and clip.height > 2 and not r.contains(d.rect):
                w.faults.append(f"{d.text!r} at {d.rect} runs under a widget at {r}")
                break
    w.faults.extend(gui_faults(app, window, w))
    return w.faults


def _widgets(app: Any) -> list[Any]:
    """pygame-gui's visible elements (not the containers, not tooltips)."""
    return [
        e
        for e in app.ui_manager.get_sprite_group().sprites()
        if e.visible
        and e.alive()
        and not isinstance(e, (pygame_gui.core.UIContainer, pygame_gui.elements.UITooltip))
        and e.rect.width > 0
    ]


def _overlaps(d: Drawn, seen: list[Drawn]) -> list[str]:
    """`d` against the texts drawn before it on the same surface (then noted)."""
    out = []
    for b in seen:
        if d.text == b.text and abs(d.rect.x - b.rect.x) <= 3 and abs(d.rect.y - b.rect.y) <= 3:
            continue  # a text and its own shadow or halo
        clip = _ink(b.rect).clip(_ink(d.rect))
        if clip.width > 2 and clip.height > 2:
            out.append(f"{b.text!r} at {b.rect} overlaps {d.text!r} at {d.rect}")
    seen.append(d)
    return out


def _ink(rect: pygame.Rect) -> pygame.Rect:
    """The part of a text's surface its letters fill (a line's surface has air
    above the capitals and below the descenders)."""
    return rect.inflate(-2, -max(2, rect.height // 4))


def _text_room(e: Any) -> pygame.Rect:
    """Where a button's text may stand: inside its border and shadow (a label
    draws neither)."""
    if isinstance(e, pygame_gui.elements.UILabel):
        return pygame.Rect(e.rect)
    border = getattr(e, "border_width", 0) or 0
    if isinstance(border, dict):  # pygame-gui 0.6.14: one width per side
        border = max(border.values(), default=0)
    edge = int(border) + int(getattr(e, "shadow_width", 0) or 0)
    return e.rect.inflate(-2 * edge, -2 * edge)


def _scrolled(e: Any) -> bool:
    """Whether `e` stands partly outside a container that holds it: a scrolling
    box, which clips it and shows the rest on a scroll (the box itself is checked)."""
    c = getattr(e, "ui_container", None)
    for _ in range(12):
        if c is None:
            return False
        if not c.rect.contains(e.rect):
            return True
        c = getattr(c, "ui_container", None)
    return False


def gui_faults(app: Any, window: pygame.Rect, w: Watch) -> list[str]:
    """pygame-gui's visible labels, buttons and boxes: inside the window, each
    label's and button's text inside it."""
    faults: list[str] = []
    for e in _widgets(app):
        if not _scrolled(e) and not _inside(e.rect, window):
            faults.append(
                f"{type(e).__name__} {getattr(e, 'text', '')!r} at {e.rect} leaves the window"
            )
        text = getattr(e, "text", "")
        font = getattr(e, "font", None)
        if not isinstance(e, (pygame_gui.elements.UILabel, pygame_gui.elements.UIButton)):
            continue
        if not text or not text.strip() or font is None:
            continue
        w.checked += 1
        tw, th = font.size(text)
        room = _text_room(e)
        if tw > room.width or th - th // 4 > room.height:  # a line's air may go
            faults.append(
                f"{type(e).__name__} {text!r} needs {tw}x{th} px in {room.width}x{room.height}"
            )
    return faults
