"""Seats played on other machines, driven through the same calls as local ones.

A table with a `link` (see `scenes.online.links`) plays its own seats' moves
through it and takes every event from it, whoever made the move; what a joiner
is refused, who is reconnecting and a host that went away are said here, once,
for every game.
"""

from __future__ import annotations

from game import Action, Event
from scenes.i18n import tr


class OnlineSeats:
    """Playing a move here or through the link (mixed into `TableScene`)."""

    def play(self, seat: int, action: Action) -> list[Event]:
        """Apply a move of a seat of this screen (a person's or a bot's): on the
        match here, or through the link (the host's session, or the host itself
        for a joiner, whose events then arrive later). Raises `IllegalAction`."""
        if self.link is not None:
            return self.link.act(seat, action)
        return self.match.apply(seat, action)

    def link_news(self) -> None:
        """Take what came from the other machines: events to show, a refusal to
        explain, the end of the table when the host is gone for good."""
        if self.link is None:
            return
        self.events.extend(self.link.poll())
        refused = self.link.take_refusal()
        if refused:
            self.app.notify(refused, "error")
        if self.link.lost and not self.match.is_over and not self._host_gone:
            self._host_gone = True
            self.app.notify(tr("online.table.host_gone"), "error")
            self.leave_to_caller()

    def link_notes(self) -> str:
        """ "  ·  waiting for Bia (reconnecting…)" while a seat is away."""
        if self.link is None:
            return ""
        return "".join("  ·  " + note for note in self.link.notes())
