"""Hot-seat: whose secrets the screen shows, and the curtain ("Pass to Ana")
that hides everything private between two people ([G4]).
"""

from __future__ import annotations


class HotSeat:
    """The viewer and the curtain (mixed into `TableScene`)."""

    @property
    def needs_curtain(self) -> bool:
        """Hot-seat with secrets: a different human is about to see the screen."""
        return self.info.hidden_info and len(self.humans) > 1

    def set_viewer(self, seat: int | None) -> None:
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

    def _raise_curtain(self, seat: int) -> None:
        from scenes.curtain import Curtain

        self.curtain_for = seat
        self._last_viewer = None

        def opened() -> None:
            self.curtain_for = None
            self.set_viewer(seat)

        self.app.scenes.push(Curtain(self.app, self.seats[seat].name, opened))
