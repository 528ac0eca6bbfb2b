"""Seats and turns at a table: who is a person here, who must act now, the
viewer's view, a person's move (or the words for why not), the legal moves
of a position worked out once, and the seat panel.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game import (
    Action,
    Event,
    IllegalAction,
)
from game.core import TableMatch
from scenes.i18n import language, tr, tr_error
from scenes.names import bot_label
from scenes.palette import active_palette
from scenes.widgets.seat_panel import SeatInfo, SeatPanel

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.face import SeatSetup
    from scenes.tables.tempo import BotTempo


class SeatsAndTurnsHost(Protocol):
    """What seats and turns read and call of the table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def match(self) -> TableMatch: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def humans(self) -> Sequence[int]: ...
    @property
    def spectator(self) -> bool: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def events(self) -> deque[Event]: ...
    @property
    def tempo(self) -> BotTempo: ...
    @property
    def seat_panel(self) -> SeatPanel: ...

    #: (match, log length, seat, version) -> that position's legal actions
    _legal: tuple[tuple[Any, ...], list[Action]] | None
    #: what the seat cards were last built from
    _seat_key: tuple[Any, ...] | None

    def is_human(self, seat: int) -> bool: ...
    def play(self, seat: int, action: Action) -> list[Event]: ...
    def seat_look(self, seat: int) -> tuple[tuple[int, int, int], str]: ...
    def seat_lines(self, seat: int) -> list[str]: ...
    def playing_out(self) -> bool: ...
    def link_notes(self) -> str: ...


class SeatsAndTurns:
    """Seats and turns (mixed into `TableScene`)."""

    # (what it writes of the host, for mypy, which takes a write through `self` for
    # the mix-in's own attribute; `TableScene.__init__` sets them first)
    _legal: tuple[tuple[Any, ...], list[Action]] | None
    _seat_key: tuple[Any, ...] | None

    def is_human(self: SeatsAndTurnsHost, seat: int) -> bool:
        """Whether a person plays this seat."""
        s = self.seats[seat]
        return not s.is_bot and not s.elsewhere

    def sole_person(self: SeatsAndTurnsHost) -> int | None:
        """The one person who plays at this screen (None: nobody, a spectator's
        screen, or several in hot-seat, who share the screen when a match ends)."""
        if self.spectator or len(self.humans) != 1:
            return None
        return self.humans[0]

    def human_to_act(self: SeatsAndTurnsHost) -> int | None:
        """The human seat that must act now, if any."""
        for s in self.match.to_move:
            if self.is_human(s):
                return s
        return None

    def current_view(self: SeatsAndTurnsHost) -> dict[str, Any]:
        """What the screen may show right now ([G4])."""
        if self.viewer is None:
            return self.match.public_view()
        return self.match.view(self.viewer)

    def submit(self: SeatsAndTurnsHost, action: Action, seat: int | None = None) -> bool:
        """A human's move: apply it or explain why not. Returns True if applied."""
        seat = self.viewer if seat is None else seat
        if seat is None or not self.is_human(seat):
            return False
        try:
            events = self.play(seat, action)
        except IllegalAction as e:
            self.app.notify(tr_error(e), "error")
            return False
        self.events.extend(events)
        self.tempo.waited = 0.0  # a decision: his own move is shown at his speed
        return True

    def legal_actions(self: SeatsAndTurnsHost, seat: int) -> list[Action]:
        """The engine's legal actions of a seat, worked out once per position (a Wyr
        trade turn's complete list takes tens of milliseconds: the bot, the hint and
        the table's own controls share it)."""
        # (a joiner's match also counts the host's messages: a refused move
        # leaves the log as it was but hands the move back)
        key = (id(self.match), len(self.match.log), seat, getattr(self.match, "version", 0))
        cached = self._legal
        if cached is None or cached[0] != key:
            cached = self._legal = (key, self.match.legal_actions(seat))
        return cached[1]

    def refresh_seat_panel(self: SeatsAndTurnsHost) -> None:
        """Rebuild the seat cards from the match (only when the match, the language or
        the palette changed)."""
        key = (len(self.match.log), self.viewer, self.match.is_over, language(), active_palette())
        if key == self._seat_key:
            return
        self._seat_key = key
        infos = []
        for i, s in enumerate(self.seats):
            colour, emblem = self.seat_look(i)
            tag = (
                tr("ui.table.bot_tag", level=bot_label(self.match.game_name, s.bot))
                if s.bot
                else tr("ui.table.human")
            )
            infos.append(SeatInfo(s.name, colour, emblem, s.is_bot, self.seat_lines(i), tag=tag))
        self.seat_panel.seats = infos
        self.seat_panel.active = set(self.match.to_move)

    def to_act_note(self: SeatsAndTurnsHost) -> str:
        """ "  ·  To act: …" once the table shows the match as it stands.

        While earlier moves still play out the match's next mover is not
        announced: it would name the next player (or a seat that folded)
        while the screen still shows the last one's move. Online, who is
        reconnecting is said too.
        """
        movers = self.match.to_move
        if self.match.is_over or not movers or self.playing_out():
            return self.link_notes()
        note = ""
        if self.viewer in movers and self.is_human(self.viewer):  # said to the person
            note = "  ·  " + tr("ui.table.your_turn")
            movers = [s for s in movers if s != self.viewer]
        if movers:
            names = ", ".join(self.seats[s].name for s in movers)
            note += "  ·  " + tr("ui.table.to_act", names=names)
        return note + self.link_notes()
