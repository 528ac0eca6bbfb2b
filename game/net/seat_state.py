"""What a position costs a host to tell its seats, worked out once a position.

A server sends every seated connection a `state` after every action. Its dear
parts are the same for every seat or every message of one position: the legal
actions of a seat that must act (a Wyr trade offers some 900-1,150, each spelled
out as a dict: only the actions are kept, to check the answer against and for
the bots), the public view, and the events' dicts. `PositionCache` keeps
them keyed by the match and its log length; any action grows the log, so the
next look-up starts afresh and nothing stale is ever sent. What each seat may
see is still decided by the session's `_state_for` ([G4]): this only remembers
what it already computed.
"""

from __future__ import annotations

from typing import Any

from game.core import Action, Event, Match

__all__ = ["Legal", "PositionCache"]


class Legal:
    """A seat's legal actions in one position: the list, a set to check an
    action against, and the dicts a state spells them out as."""

    __slots__ = ("_set", "actions")

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions
        self._set: frozenset[Action] | None = None

    def __contains__(self, action: Action) -> bool:
        if self._set is None:
            try:
                self._set = frozenset(self.actions)
            except TypeError:  # an action with an unhashable field: compare one by one
                return action in self.actions
        return action in self._set

    def dicts(self) -> list[dict[str, Any]]:
        """The actions as `to_dict` spells them. Not kept: only the seat to
        act is sent them, once a position, and a table waiting for a person
        would otherwise hold some 3,000 objects the collector walks again and
        again."""
        return [a.to_dict() for a in self.actions]


class PositionCache:
    """Per-position memo of a hosted match: legal actions, public view, events."""

    def __init__(self) -> None:
        self._match: Match | None = None
        self._len = -1
        self._legal: dict[int, Legal] = {}
        self._public: dict[str, Any] | None = None
        #: id -> (the event, kept so its id is not reused meanwhile, its dict)
        self._events: dict[int, tuple[Event, dict[str, Any]]] = {}

    def _at(self, match: Match) -> None:
        if match is not self._match or len(match.log) != self._len:
            self._match, self._len = match, len(match.log)
            self._legal.clear()
            self._public = None
            self._events.clear()

    def legal(self, match: Match, seat: int) -> Legal:
        """`seat`'s legal actions now (empty when it need not act)."""
        self._at(match)
        found = self._legal.get(seat)
        if found is None:
            found = self._legal[seat] = Legal(match.legal_actions(seat))
        return found

    def public_view(self, match: Match) -> dict[str, Any]:
        """The match's public view now."""
        self._at(match)
        if self._public is None:
            self._public = match.public_view()
        return self._public

    def event_dicts(
        self, match: Match, events: list[Event], seat: int | None
    ) -> list[dict[str, Any]]:
        """`events` as dicts, those `seat` may see only ([G4]); each event is
        spelled out once for all seats."""
        self._at(match)
        out = []
        for ev in events:
            if ev.visible_to(seat):
                known = self._events.get(id(ev))
                if known is None or known[0] is not ev:
                    known = self._events[id(ev)] = (ev, ev.to_dict())
                out.append(known[1])
        return out
