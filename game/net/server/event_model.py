"""An online event's record (issue 47): who registered, the organizer's choices,
the tournament the existing organizer code runs, and which server table plays
each of its matches.

Everything round-trips through `to_dict` / `from_dict` (plain JSON, what the
server's SQLite keeps, `events_store`). The pairings, seatings, standings and
bracket are never computed here: they are `game.tournament.Tournament`'s, so
an event on a server pairs exactly as a local event with the same entrants and
seed. `public_view` is what anyone may see: names, pairings, results,
standings, the bracket; never a table's join code or a match's seed. The
event's own seed (pairings and roll-offs only; the tables' deals have their
own secret seeds) is shown once the event is over, so anyone can check the
pairings against a local run.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from game.tournament import Tournament
from game.tournament.model import KNOCKOUT_STAGES

#: what happens to an entrant who is not at his table within the grace time:
#: he loses the match, or a bot plays his seat
NO_SHOW = ("lose", "bot")
#: registering (open), closed (registration closed, not started), running, finished
STATUSES = ("registering", "closed", "running", "finished")


def key_of(round_no: int, table_no: int) -> str:
    """The key of one of the event's matches ("round/table")."""
    return f"{round_no}/{table_no}"


@dataclass
class Registrant:
    """One entrant as registered: a person (player id) or a bot (its level)."""

    name: str
    player: str | None = None
    bot: str | None = None

    def spec(self) -> str | tuple[str, str | None]:
        """The entrant as `create_tournament` takes it."""
        return (self.name, self.bot) if self.bot is not None else self.name


@dataclass
class ServerEvent:
    """One event on a server; see the module docstring."""

    code: str
    organizer: str
    game: str
    format: str
    name: str
    #: entrants at most
    seats: int
    #: create_tournament's settings: rounds, top_cut, semifinal, double_points,
    #: turn_limit, options
    settings: dict[str, Any] = field(default_factory=dict)
    public: bool = True
    #: late entries between preliminary rounds [R11]
    late: bool = False
    #: seconds an entrant has to sit at his table
    grace: float = 120.0
    no_show: str = "lose"
    #: the server's wall clock to start at (None: when the organizer starts it)
    start_at: float | None = None
    #: the level of the bot that plays an absent or dropped entrant's seat
    fallback: str = "easy"
    status: str = "registering"
    registrants: list[Registrant] = field(default_factory=list)
    tournament: Tournament | None = None
    #: entrant number -> player id (people only)
    players: dict[int, str] = field(default_factory=dict)
    #: match key -> the server table playing it (the latest attempt)
    tables: dict[str, str] = field(default_factory=dict)
    #: match key -> every finished server table of it (replays)
    played: dict[str, list[str]] = field(default_factory=dict)
    #: match key -> entrant numbers who did not show up (placed last when it counts)
    absent: dict[str, list[int]] = field(default_factory=dict)
    #: match key -> times its table crashed or expired and was dealt again
    redeals: dict[str, int] = field(default_factory=dict)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    created: float = 0.0
    #: not stored: when each open match's table was opened (the grace time's start)
    opened: dict[str, float] = field(default_factory=dict)

    # -- look-ups -----------------------------------------------------------------

    @property
    def live(self) -> bool:
        """Not finished."""
        return self.status != "finished"

    def number_of(self, player: str) -> int | None:
        """The entrant number a player id holds (before the start: his place in
        the registration list, the number he gets at the start)."""
        if self.tournament is None:
            return next((i + 1 for i, r in enumerate(self.registrants) if r.player == player), None)
        for n, p in self.players.items():
            if p == player:
                return n
        return None

    def registered(self, player: str) -> bool:
        """Whether a player is an entrant (before or after the start)."""
        if self.tournament is not None:
            return self.number_of(player) is not None
        return any(r.player == player for r in self.registrants)

    def entrant_names(self) -> list[str]:
        """Every entrant's name, as registered (or as the tournament knows them)."""
        if self.tournament is not None:
            return [e.name for e in self.tournament.entrants]
        return [r.name for r in self.registrants]

    def people(self) -> list[str]:
        """Every person's player id (the organizer's news reach him separately)."""
        if self.tournament is not None:
            return list(self.players.values())
        return [r.player for r in self.registrants if r.player is not None]

    def reserved(self, seats: list[int]) -> list[str | None]:
        """The player id each seat of a table is kept for (None: a bot entrant)."""
        return [self.players.get(n) for n in seats]

    # -- the stored document ------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (what the store keeps)."""
        return {
            "code": self.code,
            "organizer": self.organizer,
            "game": self.game,
            "format": self.format,
            "name": self.name,
            "seats": self.seats,
            "settings": dict(self.settings),
            "public": self.public,
            "late": self.late,
            "grace": self.grace,
            "no_show": self.no_show,
            "start_at": self.start_at,
            "fallback": self.fallback,
            "status": self.status,
            "registrants": [asdict(r) for r in self.registrants],
            "tournament": self.tournament.to_dict() if self.tournament is not None else None,
            "players": {str(n): p for n, p in self.players.items()},
            "tables": dict(self.tables),
            "played": {k: list(v) for k, v in self.played.items()},
            "absent": {k: list(v) for k, v in self.absent.items()},
            "redeals": dict(self.redeals),
            "corrections": list(self.corrections),
            "created": self.created,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> ServerEvent:
        """Inverse of `to_dict` (raises KeyError, TypeError or ValueError on bad data)."""
        raw = data.get("tournament")
        return ServerEvent(
            code=str(data["code"]),
            organizer=str(data["organizer"]),
            game=str(data["game"]),
            format=str(data["format"]),
            name=str(data["name"]),
            seats=int(data["seats"]),
            settings=dict(data["settings"]),
            public=bool(data["public"]),
            late=bool(data["late"]),
            grace=float(data["grace"]),
            no_show=str(data["no_show"]),
            start_at=data.get("start_at"),
            fallback=str(data["fallback"]),
            status=str(data["status"]),
            registrants=[Registrant(**r) for r in data["registrants"]],
            tournament=Tournament.from_dict(raw) if raw else None,
            players={int(n): str(p) for n, p in data["players"].items()},
            tables=dict(data["tables"]),
            played={k: list(v) for k, v in data["played"].items()},
            absent={k: [int(n) for n in v] for k, v in data["absent"].items()},
            redeals=dict(data.get("redeals", {})),
            corrections=list(data["corrections"]),
            created=float(data.get("created", 0.0)),
        )

    # -- what anyone may see ------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """A line of the lobby's event list."""
        return {
            "event": self.code,
            "name": self.name,
            "game": self.game,
            "format": self.format,
            "status": self.status,
            "seats": self.seats,
            "entrants": len(self.entrant_names()),
            "late": self.late,
            "start_at": self.start_at,
            "round": len(self.tournament.rounds) if self.tournament else 0,
        }

    def public_view(self, viewer: str | None) -> dict[str, Any]:
        """The event as anyone sees it, with `me` (the viewer's entrant number)
        and `organizer` (whether the viewer runs it)."""
        out = self.summary()
        out.update(
            settings=dict(self.settings),
            no_show=self.no_show,
            grace=self.grace,
            public=self.public,
            organizer=viewer is not None and viewer == self.organizer,
            me=self.number_of(viewer) if viewer else None,
            registered=bool(viewer) and self.registered(viewer or ""),
            corrections=list(self.corrections),
        )
        t = self.tournament
        if t is None:
            out["entrants_list"] = [
                {"number": i + 1, "name": r.name, "bot": r.bot}
                for i, r in enumerate(self.registrants)
            ]
            return out
        out["entrants_list"] = [
            {
                "number": e.number,
                "name": e.name,
                "bot": e.bot,
                "dropped": e.dropped,
                "joined_round": e.joined_round,
                "dropped_after": e.dropped_after,
            }
            for e in t.entrants
        ]
        out["rounds"] = [self._round_view(t, r.number) for r in t.rounds]
        out["stage"] = t.current_round.stage if t.current_round else None
        out["columns"] = list(t.columns(final=t.is_finished))
        out["standings"] = [row.to_dict() for row in t.standings()]
        out["bracket"] = [asdict(b) for b in t.bracket()]
        if self.status == "finished":
            out["final"] = [row.to_dict() for row in t.final_standings()]
            out["seed"] = t.seed  # the pairings can be checked now; no deal depends on it
        return out

    def _round_view(self, t: Tournament, round_no: int) -> dict[str, Any]:
        rnd = t.round(round_no)
        tables = []
        for table in rnd.tables:
            key = key_of(round_no, table.number)
            res = table.result
            tables.append(
                {
                    "table": table.number,
                    "seats": [{"number": n, "name": t.entrant(n).name} for n in table.seats],
                    "bye": table.is_bye,
                    "slot": table.slot,
                    "result": res.to_dict() if res is not None else None,
                    "server_table": self.tables.get(key),
                    "replays": list(self.played.get(key, [])),
                    "absent": list(self.absent.get(key, [])),
                }
            )
        return {
            "round": round_no,
            "stage": rnd.stage,
            "knockout": rnd.stage in KNOCKOUT_STAGES,
            "tables": tables,
        }
