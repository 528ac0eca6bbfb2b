"""The notification line: short messages (illegal clicks, saves, warnings)."""

from __future__ import annotations

import pygame

from scenes import style


class Toast:
    """Shows one message at a time near the bottom, fading after a while."""

    HOLD = 3.2
    FADE = 0.5

    #: a message younger than this, at a change of screen, explains the change
    #: (a refused save, "Saved") and goes along; older ones stay behind
    STAYS_BEHIND = 0.3

    def __init__(self) -> None:
        self.queue: list[tuple[str, str, float]] = []
        self.text = ""
        self.kind = "info"
        self.age = 0.0
        #: when the message on screen was posted (`clock` time)
        self.posted = 0.0
        #: game seconds since the app started, for the messages' posting times
        self.clock = 0.0
        self.rect = pygame.Rect(0, 0, 0, 0)

    def show(self, text: str, kind: str = "info") -> None:
        """Queue a message; kind "info", "warn" or "error" picks the accent."""
        if text == self.text and self.age < self.HOLD:
            self.age = 0.0  # the same message again: keep it up, no pile-up
            return
        if self.text:
            self.queue.append((text, kind, self.clock))
        else:
            self.text, self.kind, self.age, self.posted = text, kind, 0.0, self.clock

    def clear(self) -> None:
        """Drop the message on screen and every one waiting."""
        self.queue.clear()
        self.text = ""

    def new_screen(self) -> None:
        """Another screen came up: the old screen's messages stay behind with it
        (they answered clicks on it), the ones just posted go along."""
        since = self.clock - self.STAYS_BEHIND
        self.queue = [q for q in self.queue if q[2] >= since]
        if self.text and self.posted < since:
            self.text = ""
            self._next()

    @property
    def visible(self) -> bool:
        """Whether a message is on screen."""
        return bool(self.text)

    def update(self, dt: float) -> None:
        """Age the current message and move to the next."""
        self.clock += min(dt, 0.05)  # a slow frame (a table loading) ages nothing
        if not self.text:
            return
        self.age += dt
        limit = self.HOLD + self.FADE if not self.queue else 1.2
        if self.age >= limit:
            self.text = ""
            self._next()

    def _next(self) -> None:
        """Show the first waiting message, if any."""
        if self.queue:
            self.text, self.kind, self.posted = self.queue.pop(0)
            self.age = 0.0

    def draw(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """Paint the message box: standing on the bottom of `area`, centred in it and
        no wider (a scene keeps its bar of buttons and side panels in sight with
        it), or near the bottom of the window."""
        if not self.text:
            return
        alpha = 255
        if self.age > self.HOLD:
            alpha = int(255 * max(0.0, 1 - (self.age - self.HOLD) / self.FADE))
        if area is None:
            area = surface.get_rect()
            area.height -= 28
        bw = min(820, area.width - 40, surface.get_width() - 80)
        lines = style.wrap_text(self.text, 18, bw - 60)
        h = 18 + 26 * len(lines)
        box = pygame.Surface((bw, h), pygame.SRCALPHA)
        pygame.draw.rect(box, (28, 18, 12, 235), box.get_rect(), border_radius=10)
        accent = {"error": style.RED, "warn": style.GOLD}.get(self.kind, style.GOLD_LIGHT)
        pygame.draw.rect(box, accent, box.get_rect(), width=2, border_radius=10)
        for i, line in enumerate(lines):
            style.blit_text(box, line, 18, (bw // 2, 9 + 26 * i), style.CREAM, anchor="midtop")
        box.set_alpha(alpha)
        #: where the message was last drawn
        self.rect = box.get_rect(midbottom=(area.centerx, max(h + 8, area.bottom)))
        surface.blit(box, self.rect)
