"""The catalogue of games: `GameInfo`, option schemas, `new_match`, `load_match`.

A game package `game/<name>/` exposes `INFO: GameInfo` in its `__init__`. The
registry finds the packages of `KNOWN_GAMES` that exist and imports each one on
first use, so start-up stays fast and a new game needs no change here.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from game.core import SAVE_FORMAT, Action, Event, IllegalAction, Match, SaveError
from game.rng import Seed, is_seed

if TYPE_CHECKING:
    from game.bots import Bot
    from game.rng import Rng

#: Every game the product knows, in menu order; only those with a package play.
KNOWN_GAMES: tuple[str, ...] = ("wyr", "wyrt", "war", "chama")


class OptionsError(ValueError):
    """Options that are unknown, out of range, or impossible together.

    `key` is a translation key (under `taverna.`) and `params` its fields.
    """

    def __init__(self, key: str, message: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(message)


@dataclass(frozen=True)
class OptionSpec:
    """One entry of a game's option schema, drawn by the new-match screen.

    kind: "bool", "choice" (one of `choices`), "int" (`minimum`..`maximum`) or
    "per_seat" (a list with one of `choices` for each seat; `default` is the
    choice every seat gets unless told otherwise, e.g. Wyrt personas).
    Labels are translation keys `<game>.options.<key>.label`, an optional
    `<game>.options.<key>.help`, and for choices
    `<game>.options.<key>.choices.<choice>`. `house` marks our own rules, which
    the new-match screen and the rules viewer label as such; `ruling` is the id.
    """

    key: str
    kind: str
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int = 0
    maximum: int = 0
    house: bool = False
    ruling: str = ""
    #: set by the app itself (e.g. a profile's permanent life points): never in forms
    internal: bool = False

    def default_for(self, n_seats: int) -> Any:
        """The default value at a table of `n_seats`."""
        return [self.default] * n_seats if self.kind == "per_seat" else self.default

    def validate(self, value: Any, n_seats: int = 0) -> Any:
        """Return the value if it fits this option, else raise `OptionsError`."""
        if self.kind == "per_seat":
            if (
                not isinstance(value, list)
                or len(value) != n_seats
                or any(v not in self.choices for v in value)
            ):
                raise OptionsError(
                    "core.options.bad_per_seat",
                    f"option {self.key} needs one of {list(self.choices)} for each of the {n_seats} seats",
                    option=self.key,
                )
        elif self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionsError(
                    "core.options.bad_bool",
                    f"option {self.key} must be true or false",
                    option=self.key,
                )
        elif self.kind == "choice":
            if value not in self.choices:
                raise OptionsError(
                    "core.options.bad_choice",
                    f"option {self.key} must be one of {list(self.choices)}, not {value!r}",
                    option=self.key,
                )
        elif self.kind == "int":
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not self.minimum <= value <= self.maximum
            ):
                raise OptionsError(
                    "core.options.bad_int",
                    f"option {self.key} must be a whole number from {self.minimum} to {self.maximum}",
                    option=self.key,
                    minimum=self.minimum,
                    maximum=self.maximum,
                )
        else:
            raise OptionsError(
                "core.options.bad_kind", f"option {self.key} has unknown kind {self.kind}"
            )
        return value


#: Shared options every game offers (labels under `core.options.common.<key>`).
#: turn_limit: 0 = none; at the limit the match ends on time ([R7]).
TURN_LIMIT_OPTION = OptionSpec("turn_limit", "int", 0, minimum=0, maximum=10_000, ruling="R7")
#: tournament: coin toss for the first player, one mulligan per seat ([R8]).
TOURNAMENT_OPTION = OptionSpec("tournament", "bool", False, ruling="R8")


class LuckCounter(Protocol):
    """Sums, per seat, chips won by chance alone that a simulation may take out
    (see `GameInfo.luck`); fed after every action of one match."""

    luck: list[float]

    @property
    def counted(self) -> int:
        """Chance events whose luck has been counted so far."""

    def after(self, match: Match, seat: int, events: list[Event]) -> None:
        """Take note of one action and the events it produced."""


@dataclass(frozen=True)
class GameInfo:
    """What the app and tools need to know about a game."""

    name: str
    min_seats: int
    max_seats: int
    match_class: Callable[[list[str], Seed, dict[str, Any]], Match]
    options: tuple[OptionSpec, ...] = ()
    #: bot ids offered in seat pickers, weakest first ("easy", … or personalities);
    #: each is labelled by the translation key `<game>.bots.<id>`
    bot_ids: tuple[str, ...] = ("easy", "normal", "hard")
    make_bot: Callable[[str], Bot] | None = None
    #: True when players hold secrets (hands, objectives): hot-seat needs a curtain
    hidden_info: bool = True
    #: cross-checks of options against each other and the seat count
    check_options: Callable[[int, dict[str, Any]], None] | None = None
    #: raises AssertionError when a state breaks a conservation law
    invariants: Callable[[Match], None] | None = None
    #: raises AssertionError when `view` shows `seat` something secret
    check_view: Callable[[Match, int, dict[str, Any]], None] | None = None
    #: a copy of the match with every hidden card dealt anew except what the seats
    #: in the set may see (the harness compares what an action then exposes, [G4])
    scramble: Callable[[Match, frozenset[int], Rng], Match] | None = None
    #: True for an action that shows hidden cards by rule (the harness skips it):
    #: asked before the action with `events` None, then in each varied copy with
    #: the events the action produced there (a showdown, objectives shown at the end)
    reveals: Callable[[Match, Action, list[Event] | None], bool] | None = None
    #: `mask(seat, shown)`: what `seat` is shown after an action, with the identity
    #: of the game's own cards hidden (playing-card codes are masked anyway)
    mask: Callable[[int, Any], Any] | None = None
    #: games played for chips: a counter of the chips each seat won by chance
    #: alone (Wyrt: the dice cards' rolls), which `simulate` also reports taken out
    luck: Callable[[Match], LuckCounter] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def title_key(self) -> str:
        """Translation key of the game's display name."""
        return f"ui.games.{self.name}"

    def default_options(self, n_seats: int = 0) -> dict[str, Any]:
        """Every option at its default for a table of `n_seats`."""
        return {o.key: o.default_for(n_seats) for o in self.options}

    def resolve_options(self, n_seats: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults merged with `options`, validated; raises `OptionsError`."""
        if not self.min_seats <= n_seats <= self.max_seats:
            raise OptionsError(
                "core.options.bad_seats",
                f"{self.name} needs {self.min_seats} to {self.max_seats} seats, not {n_seats}",
                minimum=self.min_seats,
                maximum=self.max_seats,
                seats=n_seats,
            )
        known = {o.key: o for o in self.options}
        merged = self.default_options(n_seats)
        for k, v in (options or {}).items():
            if k not in known:
                raise OptionsError(
                    "core.options.unknown", f"{self.name} has no option {k!r}", option=k
                )
            merged[k] = known[k].validate(v, n_seats)
        if self.check_options is not None:
            self.check_options(n_seats, merged)
        return merged


class _Games(Mapping[str, GameInfo]):
    """name -> GameInfo for the games whose package exists; imported lazily."""

    def __init__(self) -> None:
        self._loaded: dict[str, GameInfo] = {}

    def _available(self) -> list[str]:
        real = [g for g in KNOWN_GAMES if importlib.util.find_spec(f"game.{g}") is not None]
        return real + [g for g in self._loaded if g not in real]

    def __getitem__(self, name: str) -> GameInfo:
        if name not in self._loaded:
            if name not in KNOWN_GAMES or importlib.util.find_spec(f"game.{name}") is None:
                raise KeyError(name)
            module = importlib.import_module(f"game.{name}")
            info = getattr(module, "INFO", None)
            if not isinstance(info, GameInfo):
                raise KeyError(name)
            self._loaded[name] = info
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._available())

    def __len__(self) -> int:
        return len(self._available())

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        if name in self._loaded:
            return True
        return name in KNOWN_GAMES and importlib.util.find_spec(f"game.{name}") is not None

    def register(self, info: GameInfo) -> None:
        """Register a game that lives outside `game/` (tests' tiny games)."""
        self._loaded[info.name] = info


GAMES = _Games()


def get_info(name: str) -> GameInfo:
    """The `GameInfo` of a game, also of games registered by tests."""
    if name in GAMES._loaded:
        return GAMES._loaded[name]
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no such game: {name!r}") from None


def seat_names(seats: int | list[str]) -> list[str]:
    """Seat names from a count ("Seat 1" …) or a list of names."""
    if isinstance(seats, int):
        return [f"Seat {i + 1}" for i in range(seats)]
    names = [str(s).strip() for s in seats]
    if any(not n for n in names):
        raise OptionsError("core.options.empty_name", "every seat needs a name")
    return names


def new_match(
    name: str, seats: int | list[str], *, seed: Seed, options: Mapping[str, Any] | None = None
) -> Match:
    """Start a match of game `name`; raises `OptionsError` on impossible options."""
    info = get_info(name)
    names = seat_names(seats)
    resolved = info.resolve_options(len(names), options)
    return info.match_class(names, seed, resolved)


def load_match(data: Any, *, upto: int | None = None) -> Match:
    """Rebuild a match from `Match.save()` output by replaying its log ([G1]).

    `upto` replays only the first `upto` actions (undo, replays). Any problem
    raises `SaveError` with a plain-words reason; nothing else escapes.
    """
    if not isinstance(data, dict):
        raise SaveError("the save is not a JSON object")
    fmt = data.get("format")
    if fmt != SAVE_FORMAT:
        raise SaveError(
            f"unsupported save format {fmt!r} (this version reads format {SAVE_FORMAT})"
        )
    name = data.get("game")
    if not isinstance(name, str):
        raise SaveError("the save names no game")
    try:
        get_info(name)
    except KeyError:
        raise SaveError(f"the save is for a game this version does not have: {name!r}") from None
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise SaveError("the save's seats are not a list of names")
    seed = data.get("seed")
    if not is_seed(seed):
        raise SaveError("the save's seed is not a whole number (nor a secret seed)")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SaveError("the save's options are not a mapping")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise SaveError("the save's action log is not a list")
    try:
        match = new_match(name, seats, seed=seed, options=options)
    except (OptionsError, ValueError) as e:
        raise SaveError(f"the save's table cannot be set up: {e}") from e
    limit = len(actions) if upto is None else max(0, min(upto, len(actions)))
    for i, entry in enumerate(actions[:limit]):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int)):
            raise SaveError(f"entry {i + 1} of the action log is malformed")
        seat, raw = entry
        try:
            action = Action.parse(raw)
        except (ValueError, TypeError, KeyError) as e:
            raise SaveError(f"action {i + 1} of the log cannot be read: {e}") from e
        try:
            match.apply(seat, action)
        except IllegalAction as e:
            raise SaveError(f"action {i + 1} of the log is not legal at that point: {e}") from e
    meta = data.get("meta")
    if isinstance(meta, dict):
        match.meta = meta
    return match


def resolve_bot_id(info: GameInfo, bot_id: str) -> str:
    """The game's own bot id for `bot_id`: a level name ("easy", "normal", "hard")
    means the bot the game lists for it in `extra["bot_levels"]` (Wyrt's roster
    has personas, not levels); any other id is returned as it is."""
    if bot_id in info.bot_ids:
        return bot_id
    return str(info.extra.get("bot_levels", {}).get(bot_id, bot_id))


def make_bot(name: str, bot_id: str) -> Bot:
    """A bot for game `name`; "random" always exists, other ids come from the game
    (or are a level name the game maps to one of its bots, see `resolve_bot_id`)."""
    from game.bots import RandomBot

    if bot_id == "random":
        return RandomBot()
    info = get_info(name)
    bot_id = resolve_bot_id(info, bot_id)
    if info.make_bot is None or bot_id not in info.bot_ids:
        raise OptionsError(
            "core.options.bad_bot",
            f"{name} has no bot {bot_id!r}; choose one of {', '.join(info.bot_ids) or 'random'}",
            bot=bot_id,
        )
    return info.make_bot(bot_id)


def bots_only_options(
    info: GameInfo, seats: int, options: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Options for a match only bots play (`simulate`, `--autoplay`).

    A game that names `extra["bots_only_rounds"]` gets the [R7] timed end after
    that many rounds (turn_limit = rounds x seats) unless the caller set
    `turn_limit` himself (0 turns it off): nobody is there to stop a marathon.
    """
    out = dict(options or {})
    rounds = info.extra.get("bots_only_rounds")
    has_limit = any(o.key == "turn_limit" for o in info.options)
    if rounds and has_limit and "turn_limit" not in out:
        out["turn_limit"] = int(rounds) * seats
    return out


def with_bot_choices(
    info: GameInfo, bots: list[str | None], options: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Options with each bot seat's id written into the game's bot option.

    Games whose bots are characters with table-visible traits (Wyrt's personas)
    name a per-seat option in `extra["bot_option"]`; a bot seat's entry there is
    its bot id, unless the caller already chose something other than the default.
    """
    out = dict(options or {})
    key = info.extra.get("bot_option")
    spec = next((o for o in info.options if o.key == key and o.kind == "per_seat"), None)
    if spec is None:
        return out
    key = spec.key
    values = list(out.get(key) or spec.default_for(len(bots)))
    for seat, bot_id in enumerate(bots):
        bot = resolve_bot_id(info, bot_id) if bot_id is not None else None
        if bot is not None and bot in spec.choices and values[seat] == spec.default:
            values[seat] = bot
    out[key] = values
    return out
