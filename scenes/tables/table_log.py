"""The table's log: every event in words for the seat that looks now, kept as
events so that it is told again for the next viewer, in the language of the
moment ([G4]).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game import (
    Event,
    Match,
    new_match,
)
from game.core import TableMatch
from scenes import style
from scenes.i18n import tr
from scenes.tables.you_words import fields_naming, keys_for, say_about, say_first
from scenes.widgets.log_panel import LogPanel

if TYPE_CHECKING:
    from scenes.tables.face import SeatSetup


class TableLogHost(Protocol):
    """What the log reads and calls of the table (and of its own hooks, which
    the games override)."""

    @property
    def match(self) -> TableMatch: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def spectator(self) -> bool: ...
    @property
    def log(self) -> LogPanel: ...
    @property
    def history(self) -> list[tuple[Event | None, str, tuple[int, int, int], dict[str, Any]]]: ...
    @property
    def SEAT_FIELDS(self) -> tuple[str, ...]: ...
    @property
    def LOG_REBUILD(self) -> int: ...

    def is_human(self, seat: int) -> bool: ...
    def you(self) -> int | None: ...
    def event_keys(self, event: Event) -> list[str]: ...
    def event_text(self, event: Event, **extra: Any) -> str: ...
    def event_extra(self, event: Event) -> dict[str, Any]: ...
    def note_text(self, text: str, extra: dict[str, Any]) -> str: ...


def replay_events(match: Match) -> list[Event]:
    """Every event of a match so far, told again by replaying its action log from
    the deal ([G1]): the log of a continued match or after an undo. A match that
    cannot be replayed (it should never happen) yields no events, never an error."""
    try:
        fresh = new_match(
            match.game_name, list(match.seats), seed=match.seed, options=match.options
        )
        events = list(fresh.start_events)
        for seat, action in match.log:
            events.extend(fresh.apply(seat, action))
    except Exception:  # noqa: BLE001 - the log is a courtesy; the match itself is loaded
        return []
    return events


class TableLog:
    """The log (mixed into `TableScene`)."""

    #: event fields that hold a seat number; log lines show the seat's name
    SEAT_FIELDS: tuple[str, ...] = (
        "seat",
        "defender",
        "dealer",
        "first_player",
        "by",
        "from_seat",
        "to_seat",
        "winner",
        "lord",
        "attacker",
        "target_seat",
    )

    def you(self: TableLogHost) -> int | None:
        """The seat the log says "you" to: the seat that looks now, when a person
        at this screen plays it (never a bot's, a remote seat's, nor anyone's
        when nobody's view is shown). In hot-seat the log is told again for
        each viewer (`rebuild_log`), so "you" is always the one who looks."""
        seat = self.viewer
        if seat is None or self.spectator or not self.is_human(seat):
            return None
        return seat

    def said_of(self: TableLogHost, key: str, seat: int, **params: Any) -> str:
        """A sentence about `seat` ("Ana is out!"), said to the person who looks
        now when he is that seat ("You are out!", the key's `_self` twin)."""
        return say_about(key, seat, self.you(), **params)

    def event_keys(self: TableLogHost, event: Event) -> list[str]:
        """The keys an event's line may be worded by, most particular first:
        `<game>.events_private.<Event>` for the seat a private event belongs
        to, then `<game>.events.<Event>` (the last is the named line)."""
        game, name = self.match.game_name, type(event).__name__
        keys = [f"{game}.events.{name}"]
        if event.PRIVATE and event.visible_to(self.viewer):
            keys.insert(0, f"{game}.events_private.{name}")
        return keys

    def event_text(self: TableLogHost, event: Event, **extra: Any) -> str:
        """The log line of an event in words ("" when the game has none).

        Keys: `event_keys`, preceded by the line said to the person at the
        screen when a seat field names him (`you_words`). Seat numbers become
        names; `event_extra`'s words are worked out now, in today's language.
        """
        extra = {**self.event_extra(event), **extra}
        keys = self.event_keys(event)
        fields: dict[str, Any] = {k: v for k, v in event.to_dict().items() if k != "type"}
        if not event.PRIVATE or event.visible_to(self.viewer):
            named = fields_naming(fields, self.you(), self.SEAT_FIELDS)
            keys = [*keys_for(keys[-1], named)[:-1], *keys]
        for k in self.SEAT_FIELDS:
            v = fields.get(k)
            if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(self.seats):
                fields[k] = self.seats[v].name
        fields.update(extra)
        return say_first(keys, **fields)

    def event_extra(self: TableLogHost, event: Event) -> dict[str, Any]:
        """Words a game adds to an event's fields for its log line (card names…).

        Worked out from the event alone, whenever the line is worded (never kept):
        a log told again from the action log (a continued match, undo) reads
        exactly as it read live, and after a switch of language in the new one."""
        return {}

    def log_event(self: TableLogHost, event: Event, **extra: Any) -> None:
        """Write the log line of an event (kept as the event: told again in the
        words of whoever looks next, see `rebuild_log`). `extra` holds only
        facts of the moment, never words: they would keep their language."""
        self.history.append((event, "", style.INK, extra))
        text = self.event_text(event, **extra)
        if text:
            self.log.add(text)

    def log_note(
        self: TableLogHost,
        text: str | Callable[[], str],
        colour: tuple[int, int, int] = style.INK,
    ) -> None:
        """Write a line that is no engine event (and carries no secret). Given as
        a function that words it, it is worded again after a switch of language."""
        words, extra = (text(), {"retell": text}) if callable(text) else (text, {})
        self.history.append((None, words, colour, extra))
        self.log.add(words, colour)

    @staticmethod
    def note_text(text: str, extra: dict[str, Any]) -> str:
        """A note's line now: worded again, in today's language, when it can be."""
        retell = extra.get("retell")
        return str(retell()) if callable(retell) else text

    #: how many history items the log is rebuilt from (its panel keeps fewer lines)
    LOG_REBUILD = 1500

    def rebuild_log(self: TableLogHost) -> None:
        """Tell the whole log again for the seat that looks now ([G4]): a private
        event reads in full only for its owner; everyone else reads its public
        line (or nothing)."""
        self.log.title = tr("ui.table.log")
        self.log.clear()
        for event, text, colour, extra in self.history[-self.LOG_REBUILD :]:
            if event is not None:
                text = self.event_text(event, **extra)
            else:
                text = self.note_text(text, extra)
            if text:
                self.log.add(text, colour)
