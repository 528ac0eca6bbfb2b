"""The Wyrt table's log: each event in words (cards, amounts, the hand's title),
told again for whoever looks, hand by hand. The table's `event_keys` and
`event_text` ask here first and fall back to the base's lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game import Event
from game.cards import Card
from game.wyrt import records as R
from scenes.i18n import has, tr
from scenes.tables import felt
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt.words import card_text, cards_text, category_text, hand_title
from scenes.tables.you_words import keys_for, names_with_you, say_first
from scenes.widgets.log_panel import LogPanel

#: one line of the table's history: the event (None: a note), its words, colour, facts
HistoryItem = tuple[Event | None, str, tuple[int, int, int], dict[str, Any]]


class EventWordsHost(Protocol):
    """What the Wyrt log reads of its table."""

    @property
    def viewer(self) -> int | None: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def log(self) -> LogPanel: ...
    @property
    def history(self) -> Sequence[HistoryItem]: ...
    @property
    def LOG_REBUILD(self) -> int: ...  # the base's class constant
    def you(self) -> int | None: ...
    def money(self, amount: int) -> str: ...
    def event_text(self, event: Event, **extra: Any) -> str: ...
    def note_text(self, text: str, extra: dict[str, Any]) -> str: ...
    def _words(self: EventWordsHost, event: Event, extra: dict[str, Any]) -> dict[str, Any]: ...


def own_event_keys(event: Event, viewer: int | None) -> list[str] | None:
    """The table's own line (`wyrttable.events.*`) before the game's (None: the
    base's keys): a private event reads its owner's line from `events_private`."""
    key = f"wyrttable.events.{type(event).__name__}"
    if has(key) and not (event.PRIVATE and event.visible_to(viewer)):
        return [key]
    return None


class WyrtEventWords:
    """The Wyrt log (mixed into `WyrtTable`)."""

    def own_event_text(self: EventWordsHost, event: Event, extra: dict[str, Any]) -> str | None:
        """The table's own line of an event, or None for the base's (worded with
        `_words`): another seat's secret, the first bet of a round."""
        if event.PRIVATE and not event.visible_to(self.viewer):
            # another seat's secret ([G4]): never its words, even when the log is told again
            public = f"wyrttable.events_public.{type(event).__name__}"
            if not has(public):
                return ""
            return tr(public, seat=self.seats[getattr(event, "seat", 0)].name)
        if isinstance(event, R.PlayerRaised) and extra.get("opening"):
            # the first bet of a round is a bet, not a raise
            mine = ["seat"] if event.seat == self.you() else []
            return say_first(
                keys_for("wyrttable.bet_log", mine),
                seat=self.seats[event.seat].name,
                amount=self._words(event, extra)["to"],
            )
        return None

    def _words(self: EventWordsHost, event: Event, extra: dict[str, Any]) -> dict[str, Any]:
        """Cards and amounts in words the fonts can draw, in the table's unit (worked
        out whenever a line is worded, so a log told again reads the same)."""
        extra = dict(extra)
        fields = event.to_dict()
        for k in ("amount", "to", "stack", "forfeited"):
            if isinstance(fields.get(k), int) and k not in extra:
                extra[k] = self.money(fields[k])
        for k in ("card", "old", "given", "drawn"):
            v = getattr(event, k, None)
            if isinstance(v, Card) and k not in extra:
                extra[k] = card_text(v)
        for k in ("cards", "taken", "discarded", "best_five"):
            v = getattr(event, k, None)
            if isinstance(v, tuple) and k not in extra:
                extra[k] = cards_text(v)
        if "category" in fields and fields["category"]:
            extra.setdefault("category", category_text(fields["category"]))
        if isinstance(event, R.BlindPosted):
            extra.setdefault("blind", tr(f"wyrt.blinds.{event.blind}"))
        elif isinstance(event, R.PotWon):
            names = [self.seats[w].name for w in event.winners]
            extra.setdefault("winners", names_with_you(names, event.winners, self.you()))
        elif isinstance(event, R.CheatTested):
            extra.setdefault("test", tr(f"wyrttable.test_name_{event.test}"))
            extra.setdefault("level", tr(f"wyrt.difficulty.{event.level}"))
            extra["target"] = max(0, event.target)
        elif isinstance(event, R.RelicInvoked):
            extra.setdefault("relic", tr(f"wyrttable.relic_short.{event.relic}"))
        elif isinstance(event, R.MaskWorn):
            extra.setdefault("suit", tr(f"wyrttable.suit_name.{event.suit}"))
        return extra

    def rebuild_log(self: EventWordsHost) -> None:
        """Tell the log again for whoever looks now, hand by hand (used by a base
        table that keeps its log as events; each line is worded by `event_text`,
        which never words another seat's secret)."""
        if not isinstance(self.log, felt.HandHistory):
            return  # the base's constructor, before the hand history exists: told below
        self.log.title = tr("wyrttable.history")
        self.log.clear()
        bet_made = False  # whether a raise is a round's first bet (worded as a bet)
        for event, text, colour, extra in self.history[-self.LOG_REBUILD :]:
            if extra.get("heading"):
                continue  # a hand's heading: worded again from its HandStarted below
            if isinstance(event, R.HandStarted):
                self.log.start_hand(hand_title(event))
            if isinstance(event, R.BettingRoundStarted):
                bet_made = event.number == 1  # the blinds are the first round's bets
            elif isinstance(event, R.PlayerRaised) and "opening" not in extra:
                extra = {**extra, "opening": not bet_made}
            if isinstance(event, (R.BlindPosted, R.PlayerRaised, R.PlayerAllIn)):
                bet_made = True
            if event is not None:
                text = self.event_text(event, **extra)
            else:
                text = self.note_text(text, extra)
            if text:
                self.log.add(text, colour)
