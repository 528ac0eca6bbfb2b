"""The status line at the top of a table: whose turn, who thinks, what Space
does, and the end, said only once everything that ended it is shown.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

from game import Event
from game.core import TableMatch
from scenes import style
from scenes.i18n import tr
from scenes.tables.bot_worker import BotWorker
from scenes.text_scale import scaled
from scenes.widgets.tween import Tweens

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.face import SeatSetup


class StatusLineHost(Protocol):
    """What the status line reads and calls of the table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def ui(self) -> pygame_gui.core.UIContainer | None: ...
    @property
    def match(self) -> TableMatch: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def events(self) -> deque[Event]: ...
    @property
    def tweens(self) -> Tweens: ...
    @property
    def worker(self) -> BotWorker: ...

    def animating(self) -> bool: ...
    def to_act_note(self) -> str: ...
    def skip_note(self) -> str: ...
    def playing_out(self) -> bool: ...
    def shows_the_end(self) -> bool: ...
    def status_width(self) -> int: ...
    def blit_status(self, surface: pygame.Surface, text: str, y: int) -> None: ...


class StatusLine:
    """The status line (mixed into `TableScene`)."""

    def draw_status(self: StatusLineHost, surface: pygame.Surface) -> None:
        """The top line: whose turn, thinking bots."""
        if self.shows_the_end():
            text = tr("ui.table.over")
        else:
            text = self.to_act_note()
            if self.worker.busy and self.worker.seat is not None:
                text += "  ·  " + tr("ui.table.thinking", name=self.seats[self.worker.seat].name)
            text = (text + self.skip_note()).removeprefix("  ·  ")
        self.blit_status(surface, text, 20)

    def playing_out(self: StatusLineHost) -> bool:
        """The table is still showing moves already made (queued events, animations)."""
        return bool(self.events) or self.tweens.busy or self.animating()

    def shows_the_end(self: StatusLineHost) -> bool:
        """The match is over and the screen has shown all of it: saying so
        before would spoil what is still being shown (an all-in's dice)."""
        return self.match.is_over and not self.playing_out()

    def status_width(self: StatusLineHost) -> int:
        """Room for the status line: up to the leftmost widget of the top bar."""
        edge = self.app.size[0] - 16
        if self.ui is not None:
            for e in self.ui.elements:
                if e.visible and e.rect.top < 48:
                    edge = min(edge, e.rect.left)
        return max(120, edge - 20 - 16)

    def blit_status(self: StatusLineHost, surface: pygame.Surface, text: str, y: int) -> None:
        """The status line, never under the top buttons (smaller, then wrapped)."""
        width = self.status_width()
        size = 18
        while size > 13 and style.font(size, "bold").size(text)[0] > width:
            size -= 1
        lines = style.wrap_text(text, size, width, "bold")[:2]
        if len(lines) > 1:
            size, y = min(size, 14), 8
            lines = style.wrap_text(text, size, width, "bold")[:2]
        for line in lines:
            style.blit_text(
                surface,
                line,
                size,
                (20, y),
                style.CREAM,
                kind="bold",
                shadow=style.BLACK,
                max_width=width,
            )
            y += scaled(size) + 4
