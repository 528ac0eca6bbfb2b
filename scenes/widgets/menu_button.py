"""The main menu's buttons, drawn by us (wood plank, gold rim, Garamond).

The menu is the first thing on screen; ten pygame-gui buttons cost more to
build than the rest of the first frame, so the menu paints its own. They react
to the mouse and to the keyboard (Up/Down to move, Enter to choose).
"""

from __future__ import annotations

import pygame

from scenes import style
from scenes.style import cached


@cached(64)
def _face(text: str, size: tuple[int, int], state: str) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    fill = {"normal": (58, 36, 23), "hover": (90, 58, 34), "down": (40, 25, 16)}[state]
    rim = style.GOLD_LIGHT if state != "normal" else style.GOLD_DARK
    body = pygame.Rect(0, 0, w, h - 3)
    pygame.draw.rect(surf, (12, 8, 5, 150), body.move(0, 3), border_radius=10)  # shadow
    pygame.draw.rect(surf, fill, body.move(0, 1 if state == "down" else 0), border_radius=10)
    pygame.draw.rect(
        surf, rim, body.move(0, 1 if state == "down" else 0), width=2, border_radius=10
    )
    label = style.render_text(
        text,
        max(14, min(26, h - 20)),
        style.CREAM if state == "normal" else (255, 244, 214),
        "serif",
        shadow=style.BLACK,
        max_width=w - 24,
    )
    surf.blit(label, label.get_rect(center=(w // 2, (h - 3) // 2 + (1 if state == "down" else 0))))
    return surf


class MenuButton:
    """A clickable, focusable menu entry."""

    def __init__(self, rect: pygame.Rect, text: str) -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.hovered = False
        self.focused = False
        self.down = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the button was activated by this event."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.down = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_down, self.down = self.down, False
            return was_down and self.rect.collidepoint(event.pos)
        return False

    def draw(self, target: pygame.Surface) -> None:
        """Paint the current state."""
        state = "down" if self.down else ("hover" if self.hovered or self.focused else "normal")
        target.blit(_face(self.text, self.rect.size, state), self.rect.topleft)
