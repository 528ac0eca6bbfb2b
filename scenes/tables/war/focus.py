"""War by keys alone: which territories the focus ring may land on now, and
what Esc backs out of.

The usable territories follow the phase: in the reinforcement the player's own
territories that may still take an army (armies bound to a continent go only
there, [W3]); in the attack the territories that can attack, then, once one is
chosen, the enemy neighbours it can attack and itself again (to let go); in
the moves likewise with the territories that have armies free to move and
their own neighbours. Tab walks them continent by continent (the board's
order); the arrows go by direction on the map, each territory's target being a
small round box around its army counter. Using one calls the table's own click
code, so it does what a click on the map does.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, Protocol

import pygame

from game import Event
from game.war import BOARD
from scenes.keyboard import FocusTarget
from scenes.tables.war.placement import PlacementBuffer
from scenes.tables.war.until import AttackUntil
from scenes.widgets.map_view import MapView

#: the key of a territory's target (stable while it stays usable)
PREFIX = "war:"


def usable_territories(
    view: dict[str, Any],
    seat: int,
    buffer: PlacementBuffer | None,
    source: str | None,
) -> list[str]:
    """The territories a click would act on now for `seat`, in the board's
    order (grouped by continent); no pixels, no table."""
    phase = view.get("phase")
    owners: dict[str, int] = view.get("owners") or {}
    armies: dict[str, int] = view.get("armies") or {}

    def mine(t: str) -> bool:
        return owners.get(t) == seat

    if phase == "reinforce":
        if buffer is None:
            return []
        return [t for t in BOARD.territories if mine(t) and buffer.left_for(t) > 0]
    if phase == "attack":
        if source is None:
            return [
                t
                for t in BOARD.territories
                if mine(t)
                and armies.get(t, 0) >= 2
                and any(not mine(n) for n in BOARD.neighbors(t))
            ]
        wanted = {source}
        if armies.get(source, 0) >= 2:
            wanted |= {n for n in BOARD.neighbors(source) if not mine(n)}
        return [t for t in BOARD.territories if t in wanted]
    if phase == "move":
        movable: dict[str, int] = view.get("movable") or {}
        if source is None:
            return [
                t
                for t in BOARD.territories
                if mine(t) and movable.get(t, 0) > 0 and any(mine(n) for n in BOARD.neighbors(t))
            ]
        wanted = {source}
        if movable.get(source, 0) > 0:
            wanted |= {n for n in BOARD.neighbors(source) if mine(n)}
        return [t for t in BOARD.territories if t in wanted]
    return []


class WarFocusHost(Protocol):
    """What War's keyboard reads and calls of the table."""

    @property
    def viewer(self) -> int | None: ...
    @property
    def events(self) -> Sequence[Event]: ...
    @property
    def map(self) -> MapView: ...
    @property
    def auto(self) -> AttackUntil | None: ...

    source: str | None
    target: str | None
    buffer: PlacementBuffer | None

    def view(self) -> dict[str, Any]: ...
    def my_turn(self) -> bool: ...
    def animating(self) -> bool: ...
    def refresh_controls(self) -> None: ...
    def click_territory(self, territory: str, right: bool = False, shift: bool = False) -> None: ...
    def do_move(self) -> None: ...
    # siblings in this file
    def use_territory(self, territory: str) -> None: ...


class WarFocus:
    """The table's focus targets and Esc (mixed into `WarTable`)."""

    source: str | None
    target: str | None
    buffer: PlacementBuffer | None

    def table_targets(self: WarFocusHost) -> list[FocusTarget]:
        if (
            self.viewer is None
            or not self.my_turn()
            or self.events
            or self.auto is not None
            or self.animating()
        ):
            return []
        names = usable_territories(self.view(), self.viewer, self.buffer, self.source)
        side = 2 * self.map.counter_radius()
        out = []
        for name in names:
            rect = pygame.Rect(0, 0, side, side)
            rect.center = self.map.anchor(name)
            out.append(
                FocusTarget(
                    PREFIX + name,
                    rect,
                    partial(self.use_territory, name),
                    round=True,
                )
            )
        return out

    def use_territory(self: WarFocusHost, territory: str) -> None:
        """Enter on a territory: what a click on it does; Enter again on the
        chosen target of a move moves (as a second click on an attack's target
        rolls)."""
        if (
            self.view().get("phase") == "move"
            and self.target is not None
            and territory == self.target
        ):
            self.do_move()
            return
        self.click_territory(territory)

    def back_out(self: WarFocusHost) -> bool:
        """Esc: let go of the chosen target, then of the source; in the
        reinforcement take back the army placed last. False: nothing to undo."""
        phase = self.view().get("phase")
        if phase in ("attack", "move") and (self.source or self.target):
            if self.target is not None:
                self.target = None
            else:
                self.source = None
            self.refresh_controls()
            return True
        if phase == "reinforce" and self.buffer is not None and self.buffer.take_back_last():
            self.refresh_controls()
            return True
        return False
