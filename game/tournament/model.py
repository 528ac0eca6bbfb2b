"""A tournament's records: entrants, rounds, tables and results, as plain data.

Everything here round-trips through `to_dict` / `from_dict` (plain JSON), which
is what the SQLite store and the JSON export keep. Points and standings are never
stored: they are recomputed from the results, so an overridden result updates
every later column at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.tournament.errors import TournamentError

#: Tournament formats [R1].
FORMATS: tuple[str, ...] = ("swiss", "melee", "elimination")
#: What a round is: Swiss duels, melee tables, top-cut knockout, the melee final
#: table, or a round of the single-elimination format.
STAGES: tuple[str, ...] = ("swiss", "melee", "cut", "semifinal", "final", "elimination")
#: Stages where a match must produce a winner (drawn matches are replayed).
KNOCKOUT_STAGES: tuple[str, ...] = ("cut", "elimination")
#: Stages played under the tournament's turn limit ([R4]: none in the cut).
TIMED_STAGES: tuple[str, ...] = ("swiss", "melee", "semifinal", "final")
#: Where a result came from (shown in the hub and the history).
SOURCES: tuple[str, ...] = (
    "bye",  # a Swiss bye [R2] or an empty slot of a bracket
    "walkover",  # the opponent dropped out of a knockout [R11]
    "reported",  # entered by the organizer
    "played",  # a match played at the table (humans involved)
    "simulated",  # bots played it
    "override",  # the organizer replaced an earlier result
    "coin_toss",  # a knockout match that kept ending drawn (house rule)
)


@dataclass
class Entrant:
    """One player of the tournament: a human by name or a bot by bot id.

    `number` is the registration number (1-based), the last tie-break [R3].
    `joined_round` is the first round he can be paired in (late entries [R11]);
    `dropped_after` the last round he took part in, once he has dropped.
    """

    number: int
    name: str
    bot: str | None = None
    joined_round: int = 1
    dropped_after: int | None = None

    @property
    def is_bot(self) -> bool:
        """True for a bot entrant."""
        return self.bot is not None

    @property
    def dropped(self) -> bool:
        """True once he has left the tournament [R11]."""
        return self.dropped_after is not None

    def active_in(self, round_no: int) -> bool:
        """Whether he can be paired or seated in round `round_no`."""
        if round_no < self.joined_round:
            return False
        return self.dropped_after is None or round_no <= self.dropped_after

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "number": self.number,
            "name": self.name,
            "bot": self.bot,
            "joined_round": self.joined_round,
            "dropped_after": self.dropped_after,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Entrant:
        """Inverse of `to_dict`."""
        return Entrant(
            number=int(data["number"]),
            name=str(data["name"]),
            bot=data.get("bot"),
            joined_round=int(data.get("joined_round", 1)),
            dropped_after=data.get("dropped_after"),
        )


@dataclass
class Result:
    """How a table ended: the finishing order, best first, ties grouped.

    Duels: `[[winner], [loser]]` or `[[a, b]]` for a draw. `timed` marks a result
    decided at the turn limit by distance to victory [R7].
    """

    order: list[list[int]]
    timed: bool = False
    source: str = "reported"
    #: the match's own turn counter when it ended, when known
    turns: int | None = None

    @staticmethod
    def win(winner: int, loser: int, *, timed: bool = False, source: str = "reported") -> Result:
        """A decided duel."""
        return Result([[winner], [loser]], timed=timed, source=source)

    @staticmethod
    def draw(a: int, b: int, *, timed: bool = False, source: str = "reported") -> Result:
        """A drawn duel (equal distance to victory at the limit, or a tied ending)."""
        return Result([[a, b]], timed=timed, source=source)

    @staticmethod
    def ranking(order: list[list[int]], *, timed: bool = False, source: str = "reported") -> Result:
        """Any finishing order (melee tables)."""
        return Result([list(g) for g in order], timed=timed, source=source)

    @property
    def members(self) -> list[int]:
        """Every entrant of the result, in finishing order."""
        return [n for group in self.order for n in group]

    @property
    def winners(self) -> list[int]:
        """The first group."""
        return list(self.order[0]) if self.order else []

    @property
    def is_draw(self) -> bool:
        """True when everyone shares the first place."""
        return len(self.order) == 1 and len(self.order[0]) > 1

    def place_of(self, number: int) -> int:
        """1-based place: one more than the entrants strictly ahead."""
        ahead = 0
        for group in self.order:
            if number in group:
                return ahead + 1
            ahead += len(group)
        raise KeyError(number)

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "order": [list(g) for g in self.order],
            "timed": self.timed,
            "source": self.source,
            "turns": self.turns,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Result:
        """Inverse of `to_dict`."""
        return Result(
            order=[[int(n) for n in g] for g in data["order"]],
            timed=bool(data.get("timed", False)),
            source=str(data.get("source", "reported")),
            turns=data.get("turns"),
        )


@dataclass
class Table:
    """One match of a round (a duel, a melee table, or a bye with one seat).

    `seats` lists entrant numbers in seat order. `slot` is the bracket match
    index in knockout rounds; `attempt` counts replays of drawn knockout matches
    (each replay is a fresh match with its own seed).
    """

    number: int
    seats: list[int]
    result: Result | None = None
    slot: int | None = None
    attempt: int = 0

    @property
    def is_bye(self) -> bool:
        """A one-seat table: a bye or a walkover, decided without a match."""
        return len(self.seats) == 1

    @property
    def done(self) -> bool:
        """True once the table has a result."""
        return self.result is not None

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "number": self.number,
            "seats": list(self.seats),
            "result": self.result.to_dict() if self.result else None,
            "slot": self.slot,
            "attempt": self.attempt,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Table:
        """Inverse of `to_dict`."""
        raw = data.get("result")
        return Table(
            number=int(data["number"]),
            seats=[int(n) for n in data["seats"]],
            result=Result.from_dict(raw) if raw else None,
            slot=data.get("slot"),
            attempt=int(data.get("attempt", 0)),
        )


@dataclass
class Round:
    """One round: its number (1-based over the whole tournament), stage, tables."""

    number: int
    stage: str
    tables: list[Table] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """True when every table has a result."""
        return all(t.done for t in self.tables)

    @property
    def pending(self) -> list[Table]:
        """Tables still waiting for a result."""
        return [t for t in self.tables if not t.done]

    def table(self, number: int) -> Table:
        """The table with that number."""
        for t in self.tables:
            if t.number == number:
                return t
        raise TournamentError(
            "tournament.errors.no_such_table",
            f"round {self.number} has no table {number}",
            round=self.number,
            table=number,
        )

    def table_of(self, entrant: int) -> Table | None:
        """The table where `entrant` sits this round, if any."""
        for t in self.tables:
            if entrant in t.seats:
                return t
        return None

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "number": self.number,
            "stage": self.stage,
            "tables": [t.to_dict() for t in self.tables],
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Round:
        """Inverse of `to_dict`."""
        return Round(
            number=int(data["number"]),
            stage=str(data["stage"]),
            tables=[Table.from_dict(t) for t in data["tables"]],
        )
