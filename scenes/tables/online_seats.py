"""Seats played on other machines, driven through the same calls as local ones.

A table with a `link` (see `scenes.online.links`) plays its own seats' moves
through it and takes every event from it, whoever made the move; what a joiner
is refused, who is reconnecting and a host that went away are said here, once,
for every game.
"""

from __future__ import annotations

import dataclasses
import time

from game import Action, Event
from game.rng import bots_seed
from scenes.i18n import later, tr

#: seconds before a host who chose to wait is asked again about a dropped seat
REOFFER = 60.0


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
        self.offer_dropped_seats()
        if self.link.lost and not self.match.is_over and not self._host_gone:
            self._host_gone = True
            self.app.notify(self.link.lost_words(), "error")
            self.leave_to_caller()

    def link_notes(self) -> str:
        """ "  ·  waiting for Bia (reconnecting…)" while a seat is away."""
        if self.link is None:
            return ""
        return "".join("  ·  " + note for note in self.link.notes())

    def offer_dropped_seats(self) -> None:
        """A joiner gone longer than the grace time: the host may hand the seat
        to a bot (asked once a grace time; "no" waits for the player again)."""
        dropped = getattr(self.link, "dropped_seats", None)
        if dropped is None or self.app.scenes.top is not self:
            return
        now = time.monotonic()
        away = dropped()
        for seat in list(self._offered):
            if seat not in away:  # back at the table: a later drop is asked anew
                del self._offered[seat]
        for seat in away:
            if now - self._offered.get(seat, -REOFFER) < REOFFER:
                continue
            self._offered[seat] = now
            name = self.seats[seat].name

            def give(seat: int = seat, name: str = name) -> None:
                self.hand_seat_to_bot(seat)
                self.app.notify(tr("online.table.handed", name=name))

            self.app.confirm(
                later("online.table.hand_to_bot", name=name),
                later("online.table.hand_to_bot_ask", name=name),
                give,
                no=later("online.table.wait_more", name=name),
            )
            return

    def hand_seat_to_bot(self, seat: int) -> None:
        """The host's bot (the middle level) plays a joiner's seat from now on."""
        from game import get_info
        from scenes.tables.bot_worker import BotWorker

        ids = get_info(self.match.game_name).bot_ids
        bot = ids[len(ids) // 2]
        self.link.hand_to_bot(seat, bot)
        self.seats[seat] = dataclasses.replace(self.seats[seat], bot=bot, elsewhere=False)
        self.bot_ids[seat] = bot
        self.worker.close()
        self.worker = BotWorker(self.match.game_name, self.bot_ids, bots_seed(self.match.seed))
