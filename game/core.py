"""The engine contract every game implements.

A `Match` is a state machine driven by `apply(seat, action)`. Actions and events
are small frozen dataclasses that subclass `Action` / `Event`; they serialise to
plain dicts tagged with a stable type name `<game>.<ClassName>` (the game being
the package under `game/`), so a save is just the seed plus the action log.
Never rename an action class without keeping old saves loadable.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import hashlib
import json
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Sized
from typing import Any, ClassVar, Literal, Protocol, Union, get_args, get_origin

from game.cards import Card, parse_card
from game.rng import Rng, Seed, match_rng

SAVE_FORMAT = 1


class IllegalAction(Exception):
    """An action the rules forbid. The match is left untouched ([G3]).

    `rule` is the ruling id or rule name broken (e.g. "W6"), `key` a translation
    key (under `taverna.`) the table shows to the player, `params` its fields.
    """

    def __init__(self, rule: str, key: str, **params: Any) -> None:
        self.rule = rule
        self.key = key
        self.params = params
        detail = ", ".join(f"{k}={v}" for k, v in params.items())
        super().__init__(f"[{rule}] {key}" + (f" ({detail})" if detail else ""))


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says why in plain words."""


# ---------------------------------------------------------------------------
# Serialisable records


_REGISTRY: dict[str, type[Record]] = {}


def _namespace(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "game" and len(parts) > 1:
        return parts[1]
    return module


class Record:
    """Base of actions and events: frozen dataclasses with dict round-trips."""

    TYPE: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name = f"{_namespace(cls.__module__)}.{cls.__name__}"
        cls.TYPE = name
        if name in _REGISTRY and _REGISTRY[name].__qualname__ != cls.__qualname__:
            raise TypeError(f"duplicate record type {name}")
        _REGISTRY[name] = cls

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict with a "type" tag."""
        out: dict[str, Any] = {"type": self.TYPE}
        for name in _field_names(type(self)):
            out[name] = encode(getattr(self, name))
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Record:
        """Rebuild any registered action or event from `to_dict` output."""
        if not isinstance(data, dict) or "type" not in data:
            raise ValueError("a record needs a 'type'")
        cls = _REGISTRY.get(data["type"])
        if cls is None:
            raise ValueError(f"unknown record type {data['type']!r}")
        hints = _hints(cls)
        kwargs: dict[str, Any] = {}
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]  # every subclass is a dataclass
            if f.name in data:
                kwargs[f.name] = decode(data[f.name], hints.get(f.name, Any))
        try:
            return cls(**kwargs)
        except TypeError as e:
            raise ValueError(f"bad fields for {data['type']}: {e}") from e


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """A record class's field types, worked out once: `get_type_hints` evaluates
    every annotation anew, and a joiner parses hundreds of legal actions a state."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


class Action(Record):
    """Something a seat does. Subclasses are `@dataclass(frozen=True)`."""

    @classmethod
    def parse(cls, data: dict[str, Any]) -> Action:
        """Like `Record.from_dict` but insists on an action."""
        rec = Record.from_dict(data)
        if not isinstance(rec, Action):
            raise ValueError(f"{data.get('type')} is not an action")
        return rec


class Event(Record):
    """Something that happened, for the table to animate and the log to show.

    An event that reveals something only one seat may know (a drawn card)
    sets `PRIVATE = True` and has a field `seat` naming that seat; tables show
    its details only while that seat's player is at the screen ([G4]).
    """

    PRIVATE: ClassVar[bool] = False

    def visible_to(self, seat: int | None) -> bool:
        """Whether a viewer at `seat` (None = spectator) may see the details."""
        return not self.PRIVATE or getattr(self, "seat", None) == seat


_FIELDS: dict[type, tuple[str, ...]] = {}
#: types `encode` returns as they are (checked by exact type: a bool or an enum
#: that subclasses int or str still takes the long way)
_PLAIN = frozenset((str, int, float, bool, type(None)))


def _field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names, worked out once: a server spells out hundreds
    of legal actions a state, and `dataclasses.fields` is slow."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def encode(value: Any) -> Any:
    """Turn a record field into JSON-able data (cards become their codes)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is Card:
        return value.code
    if kind is tuple or kind is list:
        return [v if type(v) in _PLAIN else encode(v) for v in value]
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Record):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    raise TypeError(f"cannot encode {type(value).__name__}")


def decode(value: Any, hint: Any) -> Any:
    """Inverse of `encode`, driven by the field's type hint."""
    if hint is Any:
        return value
    origin = get_origin(hint)
    args = get_args(hint)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        last: Exception | None = None
        for a in args:
            if a is type(None):
                continue
            try:
                return decode(value, a)
            except (ValueError, TypeError, KeyError) as e:
                last = e
        raise ValueError(f"{value!r} fits none of {hint}") from last
    if origin is Literal:
        if value not in args:
            raise ValueError(f"{value!r} not one of {args}")
        return value
    if hint is Card:
        if not isinstance(value, str):
            raise ValueError(f"a card code must be a string, not {value!r}")
        return parse_card(value)
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(v, args[0]) for v in value)
        if args and len(args) != len(value):
            raise ValueError(f"expected {len(args)} items, got {len(value)}")
        return (
            tuple(decode(v, a) for v, a in zip(value, args, strict=False)) if args else tuple(value)
        )
    if origin is list:
        if not isinstance(value, list):
            raise ValueError(f"expected a list, got {value!r}")
        return [decode(v, args[0]) for v in value] if args else list(value)
    if origin is dict:
        if not isinstance(value, dict):
            raise ValueError(f"expected a mapping, got {value!r}")
        kt, vt = args if args else (Any, Any)
        return {decode(int(k) if kt is int else k, kt): decode(v, vt) for k, v in value.items()}
    if isinstance(hint, type):
        if issubclass(hint, enum.Enum):
            return hint(value)
        if issubclass(hint, Record):
            return Record.from_dict(value)
        if dataclasses.is_dataclass(hint):
            sub = typing.get_type_hints(hint)
            return hint(**{k: decode(v, sub.get(k, Any)) for k, v in value.items()})
        if hint is bool:
            if not isinstance(value, bool):
                raise ValueError(f"expected true/false, got {value!r}")
            return value
        if hint is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"expected an integer, got {value!r}")
            return value
        if hint is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"expected a number, got {value!r}")
            return float(value)
        if hint is str:
            if not isinstance(value, str):
                raise ValueError(f"expected text, got {value!r}")
            return value
    return value


# ---------------------------------------------------------------------------
# Common events


@dataclasses.dataclass(frozen=True)
class MatchOver(Event):
    """The match ended; `standings` is the finishing order, ties grouped."""

    standings: tuple[tuple[int, ...], ...]
    timed: bool = False


# ---------------------------------------------------------------------------
# The match


class TableMatch(Protocol):
    """What a table reads of the match it shows. A local `Match` fits it, and so
    does a joiner's `game.net.remote_match.RemoteMatch`, which holds only what
    the host sent its seat (no log contents, no save, no clone: a table needs a
    `Match` for those, and checks that it has one)."""

    @property
    def game_name(self) -> str: ...
    @property
    def seats(self) -> list[str]: ...
    @property
    def options(self) -> dict[str, Any]: ...

    #: the table writes who sits where (names, bots) before the first move
    meta: dict[str, Any]

    @property
    def seed(self) -> Seed: ...
    @property
    def log(self) -> Sized: ...
    @property
    def start_events(self) -> list[Event]: ...
    @property
    def timed_out(self) -> bool: ...
    @property
    def turn(self) -> int: ...
    @property
    def n_seats(self) -> int: ...
    @property
    def to_move(self) -> list[int]: ...
    @property
    def is_over(self) -> bool: ...
    def view(self, seat: int) -> dict[str, Any]: ...
    def public_view(self) -> dict[str, Any]: ...
    def legal_actions(self, seat: int) -> list[Action]: ...
    def apply(self, seat: int, action: Action) -> list[Event]: ...
    def standings(self) -> list[list[int]]: ...
    def winners(self) -> list[int]: ...


class Match(ABC):
    """Base of every game's match. See ARCHITECTURE.md, "The engine contract".

    Subclasses set up their state in `__init__` (after calling this one), using
    only `self.rng` for chance, and implement the abstract methods. Any events
    produced while setting up (the deal) go in `self.start_events`.

    Conventions every game follows:
    - option `turn_limit` (int, 0 = off): when the limit is reached the match
      ends, `self.timed_out` is set and standings follow `distance_to_victory`
      ([R7]);
    - option `tournament` (bool): first player by coin toss and one mulligan per
      seat before play where the game has opening hands ([R8]).
    """

    game_name: ClassVar[str] = ""

    def __init__(self, seats: list[str], seed: Seed, options: dict[str, Any]) -> None:
        self.seats: list[str] = list(seats)
        self.seed = seed
        self.options: dict[str, Any] = dict(options)
        self.rng: Rng = match_rng(seed)
        self.log: list[tuple[int, Action]] = []
        self.start_events: list[Event] = []
        self.timed_out = False
        #: the game's own turn counter (what "average turns" and turn limits count)
        self.turn = 0
        self.meta: dict[str, Any] = {}

    # -- the contract -------------------------------------------------------

    @property
    def n_seats(self) -> int:
        """Number of seats at the table."""
        return len(self.seats)

    @property
    @abstractmethod
    def to_move(self) -> list[int]:
        """Seats that must act now; empty when the match is over."""

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return not self.to_move

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (empty if it is not to move).

        Games with parameterised actions (amounts) may list representative
        values here and accept any legal amount in `check`.
        """

    def check(self, seat: int, action: Action) -> None:
        """Raise `IllegalAction` unless `action` is legal for `seat`.

        The default compares against `legal_actions`; games override it to give
        a rule-specific reason and to accept parameterised actions.
        """
        if action not in self.legal_actions(seat):
            raise IllegalAction("G3", "core.illegal.not_allowed_now", action=action.TYPE)

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out a checked action and return what happened."""

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Validate and carry out an action; raises `IllegalAction` untouched."""
        if not isinstance(action, Action):
            raise IllegalAction("G3", "core.illegal.not_an_action")
        if not 0 <= seat < self.n_seats:
            raise IllegalAction("G3", "core.illegal.no_such_seat", seat=seat)
        if self.is_over:
            raise IllegalAction("G3", "core.illegal.match_over")
        if seat not in self.to_move:
            raise IllegalAction("G3", "core.illegal.not_your_turn", seat=seat)
        self.check(seat, action)
        events = self._apply(seat, action)
        self.log.append((seat, action))
        return events

    @abstractmethod
    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see ([G4]); JSON-serialisable."""

    @abstractmethod
    def public_view(self) -> dict[str, Any]:
        """What a spectator (or the hot-seat curtain) may see."""

    @abstractmethod
    def standings(self) -> list[list[int]]:
        """Finishing order so far, best first, ties grouped."""

    @abstractmethod
    def distance_to_victory(self, seat: int) -> float:
        """How far `seat` is from winning; lower is closer ([R7])."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The full state, hidden parts included, as JSON-able data.

        Used by tests and tools to compare states (determinism, save/load, the
        untouched-after-illegal-action guarantee); never shown to players.
        """

    # -- derived helpers ----------------------------------------------------

    def fingerprint(self) -> str:
        """A short hash of the full state and the generator position."""
        blob = json.dumps(
            {"state": self.snapshot(), "log": len(self.log), "rng": repr(self.rng.getstate())},
            sort_keys=True,
            default=str,
        )
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def save(self) -> dict[str, Any]:
        """The replayable save: format, game, options, seats, seed, action log."""
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "game": self.game_name,
            "options": copy.deepcopy(self.options),
            "seats": list(self.seats),
            "seed": self.seed,
            "actions": [[seat, action.to_dict()] for seat, action in self.log],
        }
        if self.meta:
            data["meta"] = copy.deepcopy(self.meta)
        return data

    def clone(self) -> Match:
        """An independent deep copy (for search and what-if analysis).

        The action log and the start events are copied as lists but share their
        records (frozen, never changed): deep-copying a long log made every clone
        of a late position cost tens of milliseconds.
        """
        memo: dict[int, Any] = {
            id(self.log): list(self.log),
            id(self.start_events): list(self.start_events),
        }
        return copy.deepcopy(self, memo)

    def winners(self) -> list[int]:
        """The seats in the first group of the standings once the match is over."""
        if not self.is_over:
            return []
        st = self.standings()
        return list(st[0]) if st else []

    def to_move_one(self) -> int:
        """The single seat to move (raises if none or several)."""
        tm = self.to_move
        if len(tm) != 1:
            raise RuntimeError(f"expected one seat to move, got {tm}")
        return tm[0]


def local_match(match: TableMatch) -> Match:
    """The match itself when its rules run on this machine; a seat of a match
    hosted elsewhere has no log to save, clone or undo (TypeError)."""
    if not isinstance(match, Match):
        raise TypeError("this match is kept by its host: it has no local state")
    return match
