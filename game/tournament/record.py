"""A tournament's record: its settings, entrants and rounds, the look-ups over them
and the saved document.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from game.registry import GameInfo, get_info
from game.tournament.bracket import Slot, initial_slots
from game.tournament.errors import TournamentError
from game.tournament.model import TIMED_STAGES, Entrant, Round
from game.tournament.scoring import Outcome, outcomes

#: Version of the saved tournament document.
STATE_VERSION = 1


@dataclass
class TournamentRecord:
    """A tournament's whole state; `Tournament` adds what is done with it."""

    game: str
    format: str
    name: str
    seed: int
    entrants: list[Entrant]
    #: Swiss or melee rounds before the top cut / final table (0 for elimination)
    rounds_planned: int
    top_cut: int = 0
    #: turns per match in timed stages (0 = untimed) [R7]
    turn_limit: int = 0
    #: the game's own options for every match
    options: dict[str, Any] = field(default_factory=dict)
    #: a ranked (pontuado) event: Chama placement points; Chama needs 8 entrants [R10]
    ranked: bool = False
    #: melee only: finish with a final table [R6]
    final_table: bool = True
    #: melee only: a semifinal stage of 16 before the final table (places 5-16)
    semifinal: bool = False
    #: a ranked Chama event that announces "pontuação dupla": placement points x2
    double_points: bool = False
    rounds: list[Round] = field(default_factory=list)
    #: knockout seeds, seed 1 first (top cut or elimination)
    bracket_seeds: list[int] = field(default_factory=list)
    created: str = ""
    #: the store's id once saved
    id: int | None = None

    # -- look-ups -----------------------------------------------------------

    @property
    def info(self) -> GameInfo:
        """The game's `GameInfo`."""
        return get_info(self.game)

    def entrant(self, number: int) -> Entrant:
        """The entrant with registration number `number`."""
        for e in self.entrants:
            if e.number == number:
                return e
        raise TournamentError(
            "tournament.errors.no_such_entrant", f"no entrant number {number}", number=number
        )

    def names(self, numbers: Sequence[int]) -> list[str]:
        """Entrant names for numbers."""
        return [self.entrant(n).name for n in numbers]

    @property
    def current_round(self) -> Round | None:
        """The last round started (possibly complete), or None before round 1."""
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int) -> Round:
        """Round `number` (1-based)."""
        if not 1 <= number <= len(self.rounds):
            raise TournamentError(
                "tournament.errors.no_such_round", f"there is no round {number}", round=number
            )
        return self.rounds[number - 1]

    def active(self, round_no: int | None = None) -> list[Entrant]:
        """Entrants who can play round `round_no` (default: the next round)."""
        no = len(self.rounds) + 1 if round_no is None else round_no
        return [e for e in self.entrants if e.active_in(no)]

    def stage_rounds(self, stage: str) -> list[Round]:
        """The rounds of one stage, in order."""
        return [r for r in self.rounds if r.stage == stage]

    @property
    def prelim_stage(self) -> str:
        """ "swiss", "melee" or "elimination"."""
        return self.format

    @property
    def knockout_stage(self) -> str | None:
        """The stage played as a bracket: "cut", "elimination" or None."""
        if self.format == "elimination":
            return "elimination"
        if self.format == "swiss" and self.top_cut:
            return "cut"
        return None

    def table_outcomes(self, round_no: int, table_no: int) -> dict[int, Outcome]:
        """Outcome label and points of each entrant at a table (empty while pending)."""
        rnd = self.round(round_no)
        table = rnd.table(table_no)
        if table.result is None:
            return {}
        return outcomes(table.result, rnd.stage)

    def is_timed(self, stage: str) -> bool:
        """Whether matches of `stage` run under the turn limit ([R4]: not knockouts)."""
        return self.turn_limit > 0 and stage in TIMED_STAGES

    def meetings(self, stage: str) -> dict[int, dict[int, int]]:
        """number -> {opponent: times met} over the tables of `stage`."""
        met: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        for rnd in self.stage_rounds(stage):
            for table in rnd.tables:
                for a in table.seats:
                    for b in table.seats:
                        if a != b:
                            met[a][b] += 1
        return met

    # -- knockout slots -----------------------------------------------------

    def _slot_history(self, stage: str) -> list[list[Slot]]:
        """The slots of every knockout round played, then the next round's slots."""
        if not self.bracket_seeds:
            return []
        slots: list[Slot] = initial_slots(self.bracket_seeds)
        history = [slots]
        for rnd in self.stage_rounds(stage):
            winners: list[Slot] = [None] * (len(slots) // 2)
            for table in rnd.tables:
                if table.result is not None and table.slot is not None:
                    winners[table.slot] = table.result.winners[0]
            slots = winners
            history.append(slots)
        return history

    def _next_slots(self, stage: str) -> list[Slot]:
        history = self._slot_history(stage)
        return history[-1] if history else []

    # -- the saved document ---------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON data (what the store and JSON export keep)."""
        return {
            "version": STATE_VERSION,
            "game": self.game,
            "format": self.format,
            "name": self.name,
            "seed": self.seed,
            "entrants": [e.to_dict() for e in self.entrants],
            "rounds_planned": self.rounds_planned,
            "top_cut": self.top_cut,
            "turn_limit": self.turn_limit,
            "options": dict(self.options),
            "ranked": self.ranked,
            "final_table": self.final_table,
            "semifinal": self.semifinal,
            "double_points": self.double_points,
            "rounds": [r.to_dict() for r in self.rounds],
            "bracket_seeds": list(self.bracket_seeds),
            "created": self.created,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, id: int | None = None) -> Self:
        """Rebuild from `to_dict` output; raises `TournamentError` on bad data."""
        try:
            if data.get("version") != STATE_VERSION:
                raise ValueError(f"unsupported version {data.get('version')!r}")
            return cls(
                game=str(data["game"]),
                format=str(data["format"]),
                name=str(data["name"]),
                seed=int(data["seed"]),
                entrants=[Entrant.from_dict(e) for e in data["entrants"]],
                rounds_planned=int(data["rounds_planned"]),
                top_cut=int(data.get("top_cut", 0)),
                turn_limit=int(data.get("turn_limit", 0)),
                options=dict(data.get("options", {})),
                ranked=bool(data.get("ranked", False)),
                final_table=bool(data.get("final_table", True)),
                semifinal=bool(data.get("semifinal", False)),
                double_points=bool(data.get("double_points", False)),
                rounds=[Round.from_dict(r) for r in data.get("rounds", [])],
                bracket_seeds=[int(n) for n in data.get("bracket_seeds", [])],
                created=str(data.get("created", "")),
                id=id,
            )
        except (KeyError, TypeError, ValueError) as e:
            raise TournamentError(
                "tournament.errors.corrupt_record", f"the saved tournament cannot be read: {e}"
            ) from e
