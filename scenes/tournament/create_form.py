"""What the create screen holds, apart from its widgets: the chosen game, format,
name, entrants and settings, and the call to the organizer that makes it real.

Validation is the organizer's (`create_tournament` raises `TournamentError`
with a translation key); this form only turns typed text into values.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field
from typing import Any

from game import GAMES, OptionSpec, get_info
from game.tournament import (
    CHAMA_TYPES,
    Tournament,
    bot_choices,
    chama_event_name,
    create_tournament,
    formats_for,
    recommended_rounds,
)
from game.tournament.organizer import (
    CHAMA_MODE_TYPES,
    CHAMA_VARIANT_OPTIONS,
    RESERVED_OPTIONS,
    SEMIFINAL_FIELD,
    SEMIFINAL_SEATS,
    EntrantSpec,
)
from scenes.i18n import tr
from scenes.option_words import bot_label

HUMAN = "human"
#: How many human rows a new form starts with, and bots after them.
START_HUMANS = 1
START_BOTS = 7


@dataclass
class EntrantRow:
    """One line of the entrants list: a human (typed name) or a bot id."""

    kind: str = HUMAN
    name: str = ""

    @property
    def is_bot(self) -> bool:
        """True for a bot line."""
        return self.kind != HUMAN


def usual_game() -> str:
    """The game of the person's latest finished match (War before any): an
    organizer sets up the game his group plays, and few know Wyr first."""
    from game import history

    try:
        rows = history.matches()
    except Exception:  # a damaged database is reported elsewhere  # noqa: BLE001
        rows = []
    for r in reversed(rows):
        if r.game in GAMES and not r.practice:
            return r.game
    return "war"


@dataclass
class TournamentForm:
    """The create screen's model."""

    game: str
    format: str = "swiss"
    name: str = ""
    entrants: list[EntrantRow] = field(default_factory=list)
    #: None while the recommended number is used (it follows the field size)
    rounds: int | None = None
    top_cut: int = 0
    turn_limit: int = 0
    final_table: bool = True
    ranked: bool = False
    #: melee with a final table: a semifinal stage of 16 (places 5-16)
    semifinal: bool = False
    #: a ranked Chama event announcing "pontuação dupla" ([R9])
    double_points: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = field(default_factory=lambda: random.randrange(1, 10**6))
    chama_type: str = CHAMA_TYPES[0]
    chama_event: str = "Taverna"
    chama_variants: list[str] = field(default_factory=list)
    chama_year: int = field(default_factory=lambda: datetime.date.today().year)
    #: names of the tournaments already kept: a default name is never one of them
    taken_names: frozenset[str] = frozenset()

    @staticmethod
    def first(game: str | None = None) -> TournamentForm:
        """A fresh form for `game` (else the game played last, else War, the one
        most players know), one human and a few bots."""
        name = game if game is not None else usual_game()
        form = TournamentForm(game=name, taken_names=kept_names())
        form.set_game(name)
        # the new-match screen's first-person name: reads right as "Player wins" / "Você vence"
        form.entrants = [EntrantRow(HUMAN, tr("ui.table_base.first_player"))]
        bot = form.default_bot
        form.entrants += [EntrantRow(bot) for _ in range(START_BOTS)]
        return form

    # -- choices the game allows ---------------------------------------------
    @property
    def formats(self) -> list[str]:
        """Formats the game's seat limits allow."""
        return formats_for(self.game)

    @property
    def bots(self) -> list[str]:
        """Bot ids the game offers (levels or personalities)."""
        return bot_choices(self.game)

    @property
    def default_bot(self) -> str:
        """The middle bot: a fair opponent."""
        ids = self.bots
        return ids[len(ids) // 2]

    @property
    def option_specs(self) -> list[OptionSpec]:
        """Game options set for the whole event (not per seat, not the organizer's own)."""
        return [
            o
            for o in get_info(self.game).options
            if o.kind != "per_seat" and not o.internal and o.key not in RESERVED_OPTIONS
        ]

    @property
    def is_chama(self) -> bool:
        """Chama events are named and ranked by the rules of [R10]."""
        return self.game == "chama"

    def set_game(self, game: str) -> None:
        """Switch game: format, options and bots follow what it allows."""
        self.game = game
        if self.format not in self.formats:
            self.format = self.formats[0] if self.formats else "swiss"
        self.options = {o.key: o.default for o in self.option_specs}
        valid = set(self.bots)
        for row in self.entrants:
            if row.is_bot and row.kind not in valid:
                row.kind = self.default_bot
        if not self.name or self.name == self._default_name:
            self.name = ""
        if self.format != "swiss":
            self.top_cut = 0

    def set_format(self, fmt: str) -> None:
        """Switch format (the top cut is Swiss only)."""
        self.format = fmt
        if fmt != "swiss":
            self.top_cut = 0

    @property
    def semifinal_applies(self) -> bool:
        """Whether a semifinal stage can be asked for: a melee event that ends with a
        final table, of a game played at tables of four (seed 004)."""
        info = get_info(self.game)
        return (
            self.format == "melee"
            and self.final_table
            and info.min_seats <= SEMIFINAL_SEATS <= info.max_seats
        )

    @property
    def double_points_applies(self) -> bool:
        """Whether "pontuação dupla" can be announced: a ranked Chama event ([R9])."""
        return self.is_chama and self.ranked

    def semifinal_problem(self) -> str | None:
        """Why the semifinal stage cannot be played with this field, in plain words
        (None when it can)."""
        if not self.semifinal or not self.semifinal_applies:
            return None
        if len(self.entrants) < SEMIFINAL_FIELD:
            return tr(
                "tournament.create.semifinal_short",
                minimum=SEMIFINAL_FIELD,
                entrants=len(self.entrants),
            )
        return None

    @property
    def _default_name(self) -> str:
        from scenes.tournament.common import game_title

        base = tr("tournament.create.default_name", game=game_title(self.game))
        n, name = 1, base
        while name in self.taken_names:  # "War tournament 2": two are never one name
            n += 1
            name = f"{base} {n}"
        return name

    # -- derived -------------------------------------------------------------
    def entrant_names(self) -> list[str]:
        """Each line's name: the typed one, or "<bot> <k>" numbered per bot id."""
        counts: dict[str, int] = {}
        names = []
        for row in self.entrants:
            if row.is_bot:
                counts[row.kind] = counts.get(row.kind, 0) + 1
                names.append(
                    tr(
                        "tournament.create.bot_name",
                        bot=bot_label(self.game, row.kind),
                        n=counts[row.kind],
                    )
                )
            else:
                names.append(row.name.strip())
        return names

    @property
    def recommended(self) -> int:
        """The organizer's recommended number of rounds for this field."""
        return recommended_rounds(len(self.entrants), self.format)

    @property
    def rounds_value(self) -> int:
        """Rounds as they will be asked for."""
        return self.recommended if self.rounds is None else self.rounds

    def event_name(self) -> str | None:
        """The tournament's name: built per [R10] for Chama (None if the parts do not fit)."""
        if not self.is_chama:
            return self.name.strip() or self._default_name
        try:
            name = chama_event_name(
                self.chama_type, self.chama_event, self.chama_year, self.chama_variants
            )
        except ValueError:
            return None
        n, event = 1, self.chama_event
        while name in self.taken_names and self.chama_event == "Taverna":  # the default's
            n += 1
            event = f"Taverna {n}"
            name = chama_event_name(self.chama_type, event, self.chama_year, self.chama_variants)
        return name

    def specs(self) -> list[EntrantSpec]:
        """Entrants as the organizer takes them."""
        return [
            (name, row.kind if row.is_bot else None)
            for name, row in zip(self.entrant_names(), self.entrants, strict=True)
        ]

    def add_bots(self, count: int, bot: str) -> None:
        """Append `count` bots of one kind."""
        self.entrants += [EntrantRow(bot) for _ in range(max(0, count))]

    def add_human(self) -> None:
        """Append a human with a free placeholder name."""
        taken = set(self.entrant_names())
        k = sum(1 for r in self.entrants if not r.is_bot) + 1
        while tr("tournament.create.player_name", n=k) in taken:
            k += 1
        self.entrants.append(EntrantRow(HUMAN, tr("tournament.create.player_name", n=k)))

    def changed_options(self) -> dict[str, Any]:
        """Only the options moved off their defaults (defaults may depend on the table)."""
        specs = {o.key: o for o in self.option_specs}
        return {k: v for k, v in self.options.items() if k in specs and v != specs[k].default}

    def named_options(self) -> dict[str, Any]:
        """The options, with a Chama event's mode and variants taken from its name's
        type and variants ([R10]: the name says what the event plays)."""
        opts = self.changed_options()
        if not self.is_chama:
            return opts
        specs = {o.key: o for o in self.option_specs}
        mode = {v: k for k, v in CHAMA_MODE_TYPES.items()}.get(self.chama_type)
        if mode is not None and "mode" in specs:
            opts.pop("mode", None)
            if mode != specs["mode"].default:
                opts["mode"] = mode
        for key, label in CHAMA_VARIANT_OPTIONS.items():
            if key in specs:
                opts.pop(key, None)
                if label in self.chama_variants:
                    opts[key] = True
        return opts

    # -- the organizer -------------------------------------------------------
    def create(self) -> Tournament:
        """Set the tournament up; raises `TournamentError` (or ValueError) saying why not."""
        name = self.event_name()
        if name is None:
            raise ValueError(tr("tournament.create.bad_chama_name"))
        problem = self.semifinal_problem()
        if problem is not None:
            raise ValueError(problem)
        return create_tournament(
            self.game,
            self.specs(),
            format=self.format,
            name=name,
            rounds=None if self.format == "elimination" else self.rounds_value,
            top_cut=self.top_cut if self.format == "swiss" else 0,
            turn_limit=self.turn_limit,
            options=self.named_options(),
            seed=self.seed,
            ranked=self.ranked and self.is_chama,
            final_table=self.final_table,
            # A setting whose row is hidden is off: it does not apply here.
            semifinal=self.semifinal and self.semifinal_applies,
            double_points=self.double_points and self.double_points_applies,
        )


def kept_names() -> frozenset[str]:
    """The names of the tournaments kept in the database (none when it cannot be read)."""
    from game.tournament.persistence import open_store

    try:
        with open_store() as store:
            return frozenset(t.name for t in store.history())
    except Exception:  # noqa: BLE001 -- a default name never stops the screen
        return frozenset()
