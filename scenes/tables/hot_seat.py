"""Hot-seat: whose secrets the screen shows, and the curtain ("Pass to Ana")
that hides everything private between two people ([G4]).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game.registry import GameInfo

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.face import SeatSetup


class HotSeatHost(Protocol):
    """What the viewer and the curtain read and call of the table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def info(self) -> GameInfo: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def humans(self) -> Sequence[int]: ...
    @property
    def needs_curtain(self) -> bool: ...

    viewer: int | None
    curtain_for: int | None
    _last_viewer: int | None
    _seat_key: tuple[Any, ...] | None

    def set_viewer(self, seat: int | None) -> None: ...
    def hide_secrets(self) -> None: ...
    def show_secrets(self) -> None: ...
    def rebuild_log(self) -> None: ...
    def sync(self) -> None: ...
    def refresh_controls(self) -> None: ...


class HotSeat:
    """The viewer and the curtain (mixed into `TableScene`)."""

    # (what it writes of the host, for mypy, which takes a write through `self` for
    # the mix-in's own attribute; `TableScene.__init__` sets them first)
    viewer: int | None
    curtain_for: int | None
    _last_viewer: int | None
    _seat_key: tuple[Any, ...] | None

    @property
    def needs_curtain(self: HotSeatHost) -> bool:
        """Hot-seat with secrets: a different human is about to see the screen."""
        return self.info.hidden_info and len(self.humans) > 1

    def set_viewer(self: HotSeatHost, seat: int | None) -> None:
        """Change whose private view the screen shows, and everything drawn from it:
        the log is told again for the new viewer (private lines only for their
        owner), the table re-synced and its controls refreshed."""
        if seat == self.viewer:
            return
        self.viewer = seat
        if self.needs_curtain:
            # a message was meant for the last person ("Hint: play realm J …",
            # "9♠ is not a realm"): it must not stay up for the next one
            self.app.toast.clear()
        if seat is None:
            self.hide_secrets()
        else:
            self.show_secrets()
        self._seat_key = None
        self.rebuild_log()
        self.sync()
        self.refresh_controls()

    def _raise_curtain(self: HotSeatHost, seat: int) -> None:
        from scenes.curtain import Curtain

        self.curtain_for = seat
        self._last_viewer = None

        def opened() -> None:
            self.curtain_for = None
            self.set_viewer(seat)

        self.app.scenes.push(Curtain(self.app, self.seats[seat].name, opened))
