"""The Wyrt table by keys alone: what the focus ring may land on, and Esc.

Wyrt's decisions are all in its controls (the bar of the person to act and
the top bar's cheat, relic and get-up buttons): each gets a stable key
(``wyrt:fold``, ``wyrt:raise``…) so the ring stays on it while its words
change with the amount. The raise slider is one target: Enter moves it one big
blind up, as its right arrow does; while it shows, Up/Down keep moving it (the
old shortcut) and Left/Right move the ring. Esc first undoes a bet being sized
(a typed amount, a moved slider), then pauses.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Protocol

import pygame
import pygame_gui

from scenes.keyboard import FocusRing, FocusTarget, press
from scenes.manager import AppHost
from scenes.tables.wyrt.controls import BetControls

#: the control bar's things in Tab order: the decision, then its size
CONTROL_ORDER = (
    "stay",
    "join",
    "straddle",
    "no_straddle",
    "press",
    "give_up",
    "call",
    "raise",
    "fold",
    "slider",
    "amount",
    "half",
    "pot",
    "allin",
    "leave",
)
#: the top bar's turn buttons, after the control bar
TOP_ORDER = ("cheat", "relic", "leave")

#: the table's own lines of the keys sheet and the rules page
KEY_LINES = (
    "wyrttable.keys.fold",
    "wyrttable.keys.call",
    "wyrttable.keys.raise",
    "wyrttable.keys.size",
    "wyrttable.keys.slider",
    "wyrttable.keys.allin",
    "wyrttable.keys.straddle",
    "wyrttable.keys.cheat",
    "wyrttable.keys.next",
    "wyrttable.keys.reveal",
    "wyrttable.keys.back",
)


class FocusHost(Protocol):
    """What the focus ring reads of the Wyrt table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def ui(self) -> Any: ...
    @property
    def controls(self) -> BetControls | None: ...
    @property
    def extra_buttons(self) -> dict[str, pygame_gui.elements.UIButton]: ...
    @property
    def focus_ring(self) -> FocusRing: ...
    def table_targets(self) -> list[FocusTarget]: ...
    def focus_targets(self) -> list[FocusTarget]: ...


def _usable(widget: Any) -> bool:
    return bool(widget.visible) and bool(getattr(widget, "is_enabled", True))


def slider_shown(controls: BetControls | None) -> bool:
    """Whether the raise slider is in use (then Up/Down are its keys)."""
    return (
        controls is not None
        and controls.view is not None
        and bool(controls.widgets.get("slider"))
        and controls.widgets["slider"].visible
    )


def step_slider(controls: BetControls) -> None:
    """One big blind more on the slider (what a click on its right arrow does)."""
    big = int((controls.view or {}).get("big_blind", 1)) or 1
    controls.set_raise(controls.raise_to + big)


class WyrtFocus:
    """The ring's targets and Esc (mixed into `WyrtTable`)."""

    def table_targets(self: FocusHost) -> list[FocusTarget]:
        """The controls the person at the screen may use now, in Tab order;
        nothing while bots play or things move (the controls are hidden then)."""
        out: list[FocusTarget] = []
        c = self.controls
        if c is not None and c.view is not None:
            for name in CONTROL_ORDER:
                w = c.widgets.get(name)
                if w is None or not _usable(w):
                    continue
                rect = pygame.Rect(w.rect)
                if name == "slider":
                    out.append(FocusTarget("wyrt:slider", rect, partial(step_slider, c)))
                elif name == "amount":
                    out.append(FocusTarget("wyrt:amount", rect, w.focus))
                else:
                    out.append(FocusTarget(f"wyrt:{name}", rect, partial(press, w)))
        for name in TOP_ORDER:
            b = self.extra_buttons.get(name)
            if b is not None and _usable(b) and f"wyrt:{name}" not in {t.key for t in out}:
                out.append(FocusTarget(f"wyrt:{name}", pygame.Rect(b.rect), partial(press, b)))
        return out

    def offers_button(self: FocusHost, rect: pygame.Rect) -> bool:
        """The controls and the slider's own little buttons come once, as ours."""
        return not any(t.rect.contains(rect) for t in self.table_targets())

    def arrow_moves_focus(self: FocusHost, key: int) -> bool:
        """While the slider shows, Up/Down size the bet and Left/Right move the ring."""
        return key in (pygame.K_LEFT, pygame.K_RIGHT) or not slider_shown(self.controls)

    def back_out(self: FocusHost) -> bool:
        """Esc: a bet being sized goes back to the minimum (a typed amount is
        dropped and the box let go); False when there is none, and Esc pauses."""
        c = self.controls
        if not slider_shown(c):
            return False
        assert c is not None
        entry = c.widgets["amount"]
        typed = c.typed is not None or entry.is_focused
        if not typed and c.raise_to == c.lo:
            return False
        if entry.is_focused:
            self.app.ui_manager.set_focus_set(None)
        c.set_raise(c.lo)
        return True
