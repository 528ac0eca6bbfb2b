"""Where the keyboard's shared keys go before a screen sees them: Tab and the
arrows move the focus ring, Enter/Space use the focused thing, F1 or ? opens
the keys sheet. A key the ring does not take reaches the screen as before."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from scenes.keyboard import ARROWS, USE_KEYS

if TYPE_CHECKING:
    from scenes.manager import AppHost, Scene

SHEET_KEYS = (pygame.K_F1,)


def typing(app: AppHost) -> bool:
    """Whether a text box has the keys (then only Tab leaves it)."""
    boxes = pygame_gui.elements.UITextEntryLine | pygame_gui.elements.UITextEntryBox
    focused = app.ui_manager.get_focus_set() or set()
    if any(isinstance(e, boxes) for e in focused):
        return True
    # (a screen may focus its first box itself, without the manager's focus set)
    return any(
        isinstance(e, boxes) and e.is_focused for e in app.ui_manager.get_sprite_group().sprites()
    )


def route_key(app: AppHost, scene: Scene | None, event: pygame.event.Event) -> bool:
    """Offer `event` to the focus ring of `scene` (the top one); True when taken."""
    if scene is None or app.scenes.busy:
        return False
    if event.type == pygame.MOUSEBUTTONDOWN:
        scene.focus_ring.visible = False  # the mouse is in use: the ring steps aside
        return False
    if event.type != pygame.KEYDOWN:
        return False
    mod = getattr(event, "mod", 0)
    if event.key == pygame.K_TAB and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        if typing(app):
            app.ui_manager.set_focus_set(None)
            for e in app.ui_manager.get_sprite_group().sprites():
                if isinstance(e, pygame_gui.elements.UITextEntryLine) and e.is_focused:
                    e.unfocus()
        scene.focus_ring.step(scene.focus_targets(), -1 if mod & pygame.KMOD_SHIFT else 1)
        return True
    if typing(app):
        return False
    if event.key in SHEET_KEYS or getattr(event, "unicode", "") == "?":
        from scenes.keys_sheet import KeysSheet

        if isinstance(scene, KeysSheet):
            app.scenes.pop()
        else:
            app.scenes.push(KeysSheet(app, scene))
        return True
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_SHIFT):
        return False
    if event.key in ARROWS and scene.arrow_moves_focus(event.key):
        scene.focus_ring.go(scene.focus_targets(), ARROWS[event.key])
        return True
    if event.key in USE_KEYS and scene.focus_ring.visible:
        if event.key == pygame.K_SPACE and not scene.focus_takes_space():
            return False
        return scene.focus_ring.use(scene.focus_targets())
    return False


def draw_focus(scene: Scene | None, surface: pygame.Surface) -> None:
    """The top screen's focus ring, over its widgets and notes."""
    if scene is not None and scene.focus_ring.visible:
        scene.focus_ring.draw(surface, scene.focus_targets())
