"""The organizer: a `Tournament`, creating one, and the options of its matches.

A tournament runs one game (any game of the registry, through the engine
contract only) in one format [R1]:

- "swiss": duels, Swiss rounds [R2] [R3], then an optional top cut of 4 or 8
  played as a seeded single elimination without time limit [R4];
- "melee": tables of 3-4 (or what the game seats) [R5], then a final table of
  the top 3 (up to 11 entrants) or top 4 (12 or more) [R6];
- "elimination": a seeded single-elimination bracket from the first round.

The flow: `create_tournament` → `start_round` → results (`record_result`, or
`game.tournament.play` to play / simulate the matches) → `start_round` … until
`is_finished`. Between rounds entrants may drop and late entrants may join
[R11]. Everything derived (points, standings, the bracket) is recomputed from
the results, and every random choice (pairings, seatings, match seeds,
roll-offs) comes from a generator derived from the tournament seed and what is
being decided, so a tournament saved at any point and reloaded carries on
exactly as if it had never stopped.

`Tournament` is built from one module per topic: `record` (settings, entrants,
rounds, look-ups, the saved document), `rankings` (preliminary and elimination
standings, the bracket), `rounds` (what comes next; pairing and seating),
`final_places` (final standings, the champion) and `recording` (results, drops,
late entries). `formats` holds the formats' numbers, `entries` the entrant
checks and bot entrants, `naming` the Chama event names.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.registry import OptionsError, get_info
from game.tournament.entries import EntrantSpec, bot_choices, bot_entrants, check_bot, check_name
from game.tournament.errors import TournamentError
from game.tournament.formats import (
    FINAL_TABLE_THRESHOLD,
    RESERVED_OPTIONS,
    SEMIFINAL_FIELD,
    SEMIFINAL_SEATS,
    SEMIFINAL_TABLES,
    TOP_CUTS,
    formats_for,
    recommended_rounds,
)
from game.tournament.melee import table_split
from game.tournament.model import FORMATS, Entrant
from game.tournament.naming import (
    CHAMA_MODE_TYPES,
    CHAMA_VARIANT_OPTIONS,
    RANKED_MINIMUM,
    chama_event_name,
    chama_type,
    chama_variants,
    check_chama_name,
    parse_chama_event_name,
)
from game.tournament.record import STATE_VERSION
from game.tournament.recording import TournamentRecording

# What screens, the play module and the command line import from here.
__all__ = [
    "CHAMA_MODE_TYPES",
    "CHAMA_VARIANT_OPTIONS",
    "FINAL_TABLE_THRESHOLD",
    "RESERVED_OPTIONS",
    "SEMIFINAL_FIELD",
    "SEMIFINAL_SEATS",
    "SEMIFINAL_TABLES",
    "STATE_VERSION",
    "TOP_CUTS",
    "EntrantSpec",
    "Tournament",
    "bot_choices",
    "bot_entrants",
    "create_tournament",
    "formats_for",
    "match_options",
    "recommended_rounds",
]


class Tournament(TournamentRecording):
    """A tournament's whole state (see the module docstring)."""


def match_options(t: Tournament, stage: str, n_seats: int) -> dict[str, Any]:
    """The options of a match of `stage` at a table of `n_seats` [R7] [R8].

    The game's options, plus `turn_limit` in timed stages and `tournament`
    (coin toss and mulligan) — each only when the game's schema has it.
    """
    info = t.info
    keys = {o.key for o in info.options}
    opts = dict(t.options)
    if "turn_limit" in keys and t.is_timed(stage):
        opts["turn_limit"] = t.turn_limit
    if "tournament" in keys:
        opts["tournament"] = True
    return info.resolve_options(n_seats, opts)


def create_tournament(
    game: str,
    entrants: Sequence[EntrantSpec],
    *,
    format: str = "swiss",
    name: str = "",
    rounds: int | None = None,
    top_cut: int = 0,
    turn_limit: int = 0,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    ranked: bool = False,
    final_table: bool = True,
    semifinal: bool = False,
    double_points: bool = False,
    created: str | None = None,
) -> Tournament:
    """Set up a tournament; raises `TournamentError` saying what is wrong.

    entrants: a human's name, or (name, bot id) — a bot id of the game
    (`bot_choices(game)`, e.g. levels or personalities) or "random".
    rounds: Swiss / melee rounds before the cut or final (default
    `recommended_rounds`); ignored by "elimination".
    semifinal: melee with a final table only - the top 16 play four semifinal
    tables whose winners make the final table (places 5-16 from the semifinal).
    double_points: a ranked Chama event announcing "pontuação dupla".
    """
    try:
        info = get_info(game)
    except KeyError:
        raise TournamentError(
            "tournament.errors.unknown_game", f"unknown game {game!r}", game=game
        ) from None
    if format not in FORMATS:
        raise TournamentError(
            "tournament.errors.unknown_format",
            f"unknown format {format!r}; choose swiss, melee or elimination",
            format=format,
        )
    if format not in formats_for(game):
        raise TournamentError(
            "tournament.errors.format_unseatable",
            f"{game} cannot seat a {format} tournament (it seats {info.min_seats}-{info.max_seats})",
            game=game,
            format=format,
        )
    people: list[Entrant] = []
    taken: set[str] = set()
    for i, spec in enumerate(entrants):
        who, bot = (spec, None) if isinstance(spec, str) else spec
        clean = check_name(who, taken)
        taken.add(clean)
        check_bot(game, bot)
        people.append(Entrant(number=i + 1, name=clean, bot=bot))
    n = len(people)
    minimum = 3 if format == "melee" else 2
    if n < minimum:
        raise TournamentError(
            "tournament.errors.too_few_entrants",
            f"a {format} tournament needs at least {minimum} entrants",
            minimum=minimum,
        )
    if format == "melee" and table_split(n, info.min_seats, info.max_seats) is None:
        raise TournamentError(
            "tournament.errors.format_unseatable",
            f"{game} cannot seat {n} players at melee tables",
            game=game,
            format=format,
        )
    if ranked and game == "chama" and n < RANKED_MINIMUM:
        raise TournamentError(
            "tournament.errors.ranked_minimum",
            f"a ranked Chama tournament needs at least {RANKED_MINIMUM} entrants (has {n})",
            minimum=RANKED_MINIMUM,
            entrants=n,
        )
    if top_cut not in TOP_CUTS:
        raise TournamentError(
            "tournament.errors.bad_top_cut", "the top cut is 0, 4 or 8", top_cut=top_cut
        )
    if top_cut and format != "swiss":
        raise TournamentError(
            "tournament.errors.top_cut_swiss_only", "only Swiss tournaments have a top cut"
        )
    if top_cut > n:
        raise TournamentError(
            "tournament.errors.top_cut_too_big",
            f"a top cut of {top_cut} needs at least {top_cut} entrants",
            top_cut=top_cut,
            entrants=n,
        )
    planned = recommended_rounds(n, format) if rounds is None else rounds
    if format == "elimination":
        planned = 0
    elif not 1 <= planned <= 50:
        raise TournamentError(
            "tournament.errors.bad_rounds", "the number of rounds is 1 to 50", rounds=planned
        )
    if turn_limit < 0:
        raise TournamentError(
            "tournament.errors.bad_turn_limit", "the turn limit is 0 (none) or more"
        )
    opts = dict(options or {})
    for key in RESERVED_OPTIONS:
        if key in opts:
            raise TournamentError(
                "tournament.errors.reserved_option",
                f"the organizer sets option {key} itself (use the turn limit setting)",
                option=key,
            )
    per_seat = {o.key for o in info.options if o.kind == "per_seat"}
    for key in opts:
        if key in per_seat:
            # A per-seat choice belongs to a player, not to every table of the event.
            raise TournamentError(
                "tournament.errors.per_seat_option",
                f"option {key} is chosen per player; it cannot be set for the whole tournament",
                option=key,
            )
    if semifinal and (format != "melee" or not final_table):
        raise TournamentError(
            "rulings.tournament.semifinal_melee_only",
            "only a melee tournament with a final table has a semifinal stage",
        )
    if semifinal and (
        n < SEMIFINAL_FIELD or not info.min_seats <= SEMIFINAL_SEATS <= info.max_seats
    ):
        raise TournamentError(
            "rulings.tournament.semifinal_field",
            f"a semifinal stage needs {SEMIFINAL_FIELD} entrants at tables of four",
            minimum=SEMIFINAL_FIELD,
        )
    if double_points and not (ranked and game == "chama"):
        raise TournamentError(
            "rulings.tournament.double_points_chama",
            "double points are for a ranked Chama tournament",
        )
    if game == "chama":
        if not name:
            year = datetime.date.today().year
            name = chama_event_name(chama_type(opts), "Taverna", year, chama_variants(opts))
        parsed = parse_chama_event_name(name)
        if parsed is None:
            raise TournamentError(
                "tournament.errors.chama_name",
                'a Chama tournament is named "Chama: <type> <name> (<variant>) <year>"',
                name=name,
            )
        check_chama_name(parsed, opts, {o.key for o in info.options})
    t = Tournament(
        game=game,
        format=format,
        name=name.strip() or f"{game} {format}",
        seed=random.SystemRandom().randrange(2**31) if seed is None else seed,
        entrants=people,
        rounds_planned=planned,
        top_cut=top_cut,
        turn_limit=turn_limit,
        options=opts,
        ranked=ranked,
        final_table=final_table,
        semifinal=semifinal,
        double_points=double_points,
        created=created or datetime.datetime.now().isoformat(timespec="seconds"),
    )
    # Every table size this tournament can use must accept the options.
    sizes = {2} if format != "melee" else set(table_split(n, info.min_seats, info.max_seats) or ())
    if format == "melee" and final_table and t._final_size():
        sizes.add(t._final_size())
    if semifinal:
        sizes.add(SEMIFINAL_SEATS)
    stages = (
        {format}
        | ({"cut"} if top_cut else set())
        | ({"final"} if format == "melee" else set())
        | ({"semifinal"} if semifinal else set())
    )
    for size in sorted(sizes):
        for stage in sorted(stages):
            try:
                match_options(t, stage, size)
            except OptionsError as e:
                raise TournamentError(e.key, str(e), **e.params) from None
    return t
