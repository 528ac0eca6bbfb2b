"""Seats played on other machines, driven through the same calls as local ones.

A table with a `link` (see `scenes.online.links`) plays its own seats' moves
through it and takes every event from it, whoever made the move; what a joiner
is refused, who is reconnecting and a host that went away are said here, once,
for every game.
"""

from __future__ import annotations

import dataclasses
import time
from collections import deque
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from game import Action, Event
from game.core import TableMatch
from game.rng import bots_seed
from scenes.i18n import later, tr
from scenes.tables.bot_worker import BotWorker

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.online.links import TableLink
    from scenes.tables.face import SeatSetup

#: seconds before a host who chose to wait is asked again about a dropped seat
REOFFER = 60.0


@runtime_checkable
class SeatHandover(Protocol):
    """A link whose joiners' seats may go to a bot (the host's)."""

    def dropped_seats(self) -> list[int]: ...
    def hand_to_bot(self, seat: int, bot_id: str) -> None: ...


class OnlineSeatsHost(Protocol):
    """What playing through the link reads and calls of the table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def match(self) -> TableMatch: ...
    @property
    def link(self) -> TableLink | None: ...
    @property
    def events(self) -> deque[Event]: ...
    @property
    def seats(self) -> list[SeatSetup]: ...
    @property
    def bot_ids(self) -> dict[int, str]: ...

    worker: BotWorker
    _host_gone: bool
    _offered: dict[int, float]

    def leave_to_caller(self) -> None: ...
    def offer_dropped_seats(self) -> None: ...
    def hand_seat_to_bot(self, seat: int) -> None: ...


class OnlineSeats:
    """Playing a move here or through the link (mixed into `TableScene`)."""

    # (what it writes of the host, for mypy, which takes a write through `self` for
    # the mix-in's own attribute; `TableScene.__init__` sets them first)
    worker: BotWorker
    _host_gone: bool

    def play(self: OnlineSeatsHost, seat: int, action: Action) -> list[Event]:
        """Apply a move of a seat of this screen (a person's or a bot's): on the
        match here, or through the link (the host's session, or the host itself
        for a joiner, whose events then arrive later). Raises `IllegalAction`."""
        if self.link is not None:
            return self.link.act(seat, action)
        return self.match.apply(seat, action)

    def link_news(self: OnlineSeatsHost) -> None:
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

    def link_notes(self: OnlineSeatsHost) -> str:
        """ "  ·  waiting for Bia (reconnecting…)" while a seat is away."""
        if self.link is None:
            return ""
        return "".join("  ·  " + note for note in self.link.notes())

    def offer_dropped_seats(self: OnlineSeatsHost) -> None:
        """A joiner gone longer than the grace time: the host may hand the seat
        to a bot (asked once a grace time; "no" waits for the player again)."""
        link = self.link
        if not isinstance(link, SeatHandover) or self.app.scenes.top is not self:
            return
        now = time.monotonic()
        away = link.dropped_seats()
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

    def hand_seat_to_bot(self: OnlineSeatsHost, seat: int) -> None:
        """The host's bot (the middle level) plays a joiner's seat from now on."""
        from game import get_info

        link = self.link
        if not isinstance(link, SeatHandover):  # only the host's link hands seats over
            raise TypeError(f"{type(link).__name__} cannot hand a seat to a bot")
        ids = get_info(self.match.game_name).bot_ids
        bot = ids[len(ids) // 2]
        link.hand_to_bot(seat, bot)
        self.seats[seat] = dataclasses.replace(self.seats[seat], bot=bot, elsewhere=False)
        self.bot_ids[seat] = bot
        self.worker.close()
        self.worker = BotWorker(self.match.game_name, self.bot_ids, bots_seed(self.match.seed))
