"""The Wyr table's hooks of the log: each event played is told in the hand
history, worded for whoever looks, and handed to the animations."""

from __future__ import annotations

from typing import Any, Protocol

from game import Event
from game.wyr import records as R
from scenes import style
from scenes.i18n import tr
from scenes.tables import felt
from scenes.tables.wyr.animate import Onlooker, WyrAnimations
from scenes.tables.wyr.shown import WyrShown
from scenes.tables.wyr.words import event_line

#: one item of the table's log as it keeps it (see `TableLog`)
LogItem = tuple[Event | None, str, tuple[int, int, int], dict[str, Any]]


class WyrEventLogHost(Protocol):
    """What the log's hooks read, move and call on the Wyr table."""

    @property
    def log(self) -> felt.HandHistory: ...
    @property
    def history(self) -> list[LogItem]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def needs_curtain(self) -> bool: ...
    @property
    def shown(self) -> WyrShown: ...
    @property
    def moves(self) -> WyrAnimations: ...

    _view_cache: tuple[tuple[Any, ...], dict[str, Any]] | None
    _played: bool

    def name(self, seat: int) -> str: ...
    def you(self) -> int | None: ...
    def note_text(self, text: str, extra: dict[str, Any]) -> str: ...
    def _hand_title(self, event: R.DealerChanged) -> str: ...
    def event_text(self, event: Event, **extra: Any) -> str: ...
    def log_event(self, event: Event, **extra: Any) -> None: ...


def _log_colour(event: Event) -> tuple[int, int, int]:
    return style.RED if isinstance(event, (R.RoundWon, R.LordLeft)) else style.INK


class WyrEventLog:
    """The log's hooks of the Wyr table (mixed into `WyrTable`)."""

    # what it sets on the table (declared: mypy would type them from the first write)
    _view_cache: tuple[tuple[Any, ...], dict[str, Any]] | None
    _played: bool

    def play_event(self: WyrEventLogHost, event: Event) -> None:
        self._view_cache = None
        self._played = True
        if isinstance(event, R.DealerChanged):
            title = self._hand_title(event)
            # Kept as a (public) note too, so the log's every line has its item;
            # a retold log words it again from the event (see `rebuild_log`).
            self.history.append((None, title, style.GOLD_DARK, {"heading": True}))
            self.log.start_hand(title)
        self.log_event(event)
        self.moves.play(event, self.shown, Onlooker(self.viewer, self.you()))

    def event_text(self: WyrEventLogHost, event: Event, **extra: Any) -> str:
        """The log line of an event for the person at the screen (see `words.event_line`)."""
        return event_line(
            event, self.name, self.viewer, private_ok=not self.needs_curtain, you=self.you()
        )

    def _hand_title(self: WyrEventLogHost, event: R.DealerChanged) -> str:
        return tr("wyrtable.hand_title", round=event.round, name=self.name(event.seat))

    def log_event(self: WyrEventLogHost, event: Event, **extra: Any) -> None:
        # Kept as the event: the log is told again for a new viewer.
        self.history.append((event, "", style.INK, extra))
        text = self.event_text(event)
        if text:
            self.log.add(text, _log_colour(event))

    def rebuild_log(self: WyrEventLogHost) -> None:
        """Tell the log again for whoever looks now, round by round; private lines
        follow `event_text`."""
        self.log.clear()
        self.log.title = tr("wyrtable.history")
        # (the base tells its log while it starts, before the table's own hand
        # history replaces its plain panel)
        headings = hasattr(self.log, "start_hand")
        for event, text, colour, extra in self.history[-1500:]:
            if extra.get("heading"):
                continue  # told from its DealerChanged event, in today's words
            if headings and isinstance(event, R.DealerChanged):
                self.log.start_hand(self._hand_title(event))
            if event is not None:
                text, colour = self.event_text(event), _log_colour(event)
            else:
                text = self.note_text(text, extra)
            if text:
                self.log.add(text, colour)
