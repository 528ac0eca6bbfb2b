"""Where everything lies on the Wyrt table for the window's size: the ring of
seats, the fans, the deck, the extra buttons of the top bar.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame
import pygame_gui

from game import Action
from scenes.i18n import Words, tr
from scenes.manager import AppHost
from scenes.tables import felt
from scenes.tables.wyrt.cloth import WyrtCloth
from scenes.tables.wyrt.controls import BetControls
from scenes.tables.wyrt.look import TOP
from scenes.widgets.log_panel import LogPanel


class LayoutHost(Protocol):
    """What the Wyrt layout reads of its table, and the places it sets."""

    @property
    def app(self) -> AppHost: ...
    @property
    def ui(self) -> pygame_gui.core.UIContainer | None: ...
    @property
    def practice(self) -> bool: ...
    @property
    def cloth(self) -> WyrtCloth: ...
    @property
    def ring(self) -> felt.SeatRing: ...
    @property
    def tray(self) -> felt.DiceTray: ...
    @property
    def pots(self) -> felt.PotRow: ...
    @property
    def log(self) -> LogPanel: ...
    @property
    def buttons(self) -> dict[str, pygame_gui.elements.UIButton]: ...

    side: pygame.Rect
    bar: pygame.Rect
    aids_rect: pygame.Rect
    controls: BetControls | None
    extra_buttons: dict[str, pygame_gui.elements.UIButton]
    _controls_key: tuple[Any, ...] | None
    _lay_out_loaded: bool

    def submit(self, action: Action, seat: int | None = None) -> bool: ...
    def _ask(self, title: Words, text: Words, yes: Callable[[], None]) -> None: ...
    def _bottom_seat(self) -> int: ...
    def _build_extra_buttons(self: LayoutHost) -> None: ...
    def sync(self) -> None: ...


class WyrtLayout:
    """The Wyrt table's layout (mixed into `WyrtTable`)."""

    # the places and widgets it sets on the table (set first in `WyrtTable.__init__`);
    # declared here too, as mypy takes a mix-in's writes for attributes of its own
    side: pygame.Rect
    bar: pygame.Rect
    aids_rect: pygame.Rect
    controls: BetControls | None
    extra_buttons: dict[str, pygame_gui.elements.UIButton]
    _controls_key: tuple[Any, ...] | None
    _lay_out_loaded: bool

    def layout(self: LayoutHost) -> None:
        w, h = self.app.size
        rw = 290 if w >= 1200 else 250
        self.side = pygame.Rect(w - rw - 10, TOP, rw, h - TOP - 10)
        bar_h = 104
        self.bar = pygame.Rect(10, h - bar_h - 8, self.side.left - 20, bar_h)
        area = pygame.Rect(10, TOP, self.side.left - 20, self.bar.top - TOP - 4)
        self.ring.set_bottom(self._bottom_seat())
        self.ring.set_area(area)
        if self.practice:
            aids_h = min(230, self.side.height // 2)
            self.aids_rect = pygame.Rect(
                self.side.left, self.side.bottom - aids_h, self.side.width, aids_h
            )
            self.log.set_rect(
                pygame.Rect(
                    self.side.left, self.side.top, self.side.width, self.side.height - aids_h - 8
                )
            )
        else:
            self.log.set_rect(self.side)
        self.tray.set_rect(self.ring.tray_rect)
        self.pots.set_spot(self.ring.pot_spot, self.ring.chip_diameter())
        self.cloth.place_cards()
        if self.controls is not None:
            self.controls.kill()
        cw = min(560, self.bar.width - 250)
        self.controls = BetControls(
            self.app.ui_manager,
            self.ui,
            pygame.Rect(self.bar.right - cw - 8, self.bar.top + 6, cw, self.bar.height - 12),
            self.submit,
            self._ask,
        )
        self._controls_key = None
        self._build_extra_buttons()
        if self._lay_out_loaded:  # once the ring knows where the cards go
            self._lay_out_loaded = False
            self.sync()

    def _build_extra_buttons(self: LayoutHost) -> None:
        from scenes import ui

        for b in self.extra_buttons.values():
            b.kill()
        self.extra_buttons = {}
        x = min((b.rect.left for b in self.buttons.values()), default=self.app.size[0] - 16)
        narrow = self.app.size[0] < 1200
        for name in ("cheat", "relic", "leave"):
            w = 104 if narrow else 120
            x -= w + 8
            tips = {
                "cheat": "",
                "relic": tr("wyrttable.relic_tip"),
                "leave": tr("wyrttable.tips.leave"),
            }
            self.extra_buttons[name] = ui.button(
                pygame.Rect(x, 12, w, 36),
                tr(
                    {
                        "cheat": "wyrt.actions.cheat",
                        "relic": "wyrttable.relic_button",
                        "leave": "wyrttable.get_up",
                    }[name]
                ),
                self.app.ui_manager,
                self.ui,
                tooltip=tips[name] or None,
            )
        for name in ("cheat", "relic", "leave"):
            self.extra_buttons[name].hide()

    def pack_extra_buttons(self: LayoutHost) -> None:
        """Line the shown extra buttons up against the top bar's own, with no
        gap for a hidden one: "Get up" alone sat three slots out, so in
        practice (three more top buttons) the status line lost its place."""
        x = min((b.rect.left for b in self.buttons.values()), default=self.app.size[0] - 16)
        for name in ("cheat", "relic", "leave"):
            b = self.extra_buttons.get(name)
            if b is None or not b.visible:
                continue
            x -= b.rect.width + 8
            if b.relative_rect.left != x:
                b.set_relative_position((x, b.relative_rect.top))
