"""Playing a tournament's matches: real tables for humans, bots for the rest.

Each table's match is built through the engine contract only
(`game.new_match`), with a seed derived from the tournament seed, the round,
the table and the replay attempt, so a table played today, after a restart,
or in another run of the same tournament is the same match. Bots get their own
generator derived the same way.

Timed stages [R7]: games whose option schema has `turn_limit` end themselves
at the limit; for any other game the organizer stops the match when its turn
counter reaches the limit. Either way a match stopped at the limit is decided
by `distance_to_victory` (closer wins; equal distances draw), and counts as a
timed win / timed loss in duels.

Knockout matches must have a winner [R4]: a drawn one is replayed as a fresh
match (next attempt). After `MAX_KNOCKOUT_REPLAYS` draws in a row a seeded coin
toss decides (house rule, so a game that keeps drawing cannot stall a bracket).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from game.bots import Bot
from game.core import Event, Match
from game.registry import make_bot, new_match, with_bot_choices
from game.rng import Rng
from game.runner import play_out
from game.tournament.errors import TournamentError
from game.tournament.melee import table_split
from game.tournament.model import KNOCKOUT_STAGES, Result, Round, Table
from game.tournament.organizer import SEMIFINAL_TABLES, Tournament, match_options

#: Drawn knockout matches replayed before a coin toss decides (house rule).
MAX_KNOCKOUT_REPLAYS = 10
#: Safety cap on actions in one bot match (then decided like a timed match).
MAX_ACTIONS = 200_000

#: progress(done, total): matches finished so far and the (estimated) total.
Progress = Callable[[int, int], None]
#: on_table(round, table, match): after a table's result is recorded; `match` is
#: the last match played there (None for byes).
OnTable = Callable[[Round, Table, Match | None], None]


class _LimitReached(Exception):
    """Raised from the play-out hook to stop a match at the organizer's turn limit."""


def table_match_seed(t: Tournament, round_no: int, table: Table) -> int:
    """The seed of the match at `table` (per replay attempt)."""
    label = f"{t.seed}/match/{round_no}/{table.number}/{table.attempt}"
    return Rng(label).randrange(2**31)


def _table(t: Tournament, round_no: int, table_no: int) -> tuple[Round, Table]:
    rnd = t.round(round_no)
    return rnd, rnd.table(table_no)


def new_table_match(t: Tournament, round_no: int, table_no: int) -> Match:
    """A fresh match for a table: seats are the entrants' names in seat order."""
    rnd, table = _table(t, round_no, table_no)
    if table.is_bye:
        raise TournamentError(
            "tournament.errors.bye_is_fixed",
            "a bye or walkover has no match to play",
            round=round_no,
            table=table_no,
        )
    options = match_options(t, rnd.stage, len(table.seats))
    bots = [t.entrant(n).bot for n in table.seats]
    options = with_bot_choices(t.info, bots, options)
    return new_match(
        t.game, t.names(table.seats), seed=table_match_seed(t, round_no, table), options=options
    )


def organizer_turn_limit(t: Tournament, stage: str) -> int:
    """The turn limit the organizer enforces itself (games without the option), or 0."""
    if not t.is_timed(stage):
        return 0
    if any(o.key == "turn_limit" for o in t.info.options):
        return 0  # the game stops itself
    return t.turn_limit


def limit_reached(t: Tournament, round_no: int, match: Match) -> bool:
    """True when a running match has reached a limit the organizer must enforce.

    A screen playing a game without its own `turn_limit` option checks this
    after every action and calls `record_match` once it is True.
    """
    limit = organizer_turn_limit(t, t.round(round_no).stage)
    return bool(limit) and match.turn >= limit and not match.is_over


def is_bot_table(t: Tournament, table: Table) -> bool:
    """True when every seat is a bot (the table can be simulated)."""
    return all(t.entrant(n).is_bot for n in table.seats)


def humans_at(t: Tournament, table: Table) -> list[int]:
    """Seats (indices) held by humans: hot-seat when there are two or more."""
    return [i for i, n in enumerate(table.seats) if not t.entrant(n).is_bot]


def table_bots(t: Tournament, table: Table) -> list[Bot | None]:
    """One bot per seat (None for humans)."""
    out: list[Bot | None] = []
    for n in table.seats:
        bot = t.entrant(n).bot
        out.append(make_bot(t.game, bot) if bot is not None else None)
    return out


def result_from_match(table: Table, match: Match, *, source: str) -> Result:
    """The table's result from a finished match, or from one stopped at the limit.

    A finished match gives its standings (timed when the game says it timed
    out); a match stopped early is ranked by distance to victory and timed [R7].
    """
    seats = table.seats
    if match.is_over:
        groups = [list(g) for g in match.standings()]
        placed = sorted(s for g in groups for s in g)
        if placed == list(range(len(seats))):
            order = [[seats[s] for s in g] for g in groups if g]
            return Result(order, timed=bool(match.timed_out), source=source, turns=match.turn)
    dist = {s: match.distance_to_victory(s) for s in range(len(seats))}
    levels = sorted(set(dist.values()))
    order = [[seats[s] for s in range(len(seats)) if dist[s] == lv] for lv in levels]
    return Result(order, timed=True, source=source, turns=match.turn)


def record_match(
    t: Tournament, round_no: int, table_no: int, match: Match, *, source: str = "played"
) -> bool:
    """Record a table's result from its match (finished, or at the organizer's limit).

    Returns False when a knockout match ended drawn: nothing is recorded, the
    table's attempt counter moves on and the screen plays `new_table_match`
    again (a fresh match).
    """
    rnd, table = _table(t, round_no, table_no)
    if not match.is_over and not limit_reached(t, round_no, match):
        raise TournamentError(
            "tournament.errors.match_not_over",
            "the match is not over yet",
            round=round_no,
            table=table_no,
        )
    return _record_or_replay(t, rnd, table, match, source)


def _record_or_replay(t: Tournament, rnd: Round, table: Table, match: Match, source: str) -> bool:
    """Record the match's result; a drawn knockout match moves to the next attempt."""
    result = result_from_match(table, match, source=source)
    if rnd.stage in KNOCKOUT_STAGES and len(result.order[0]) > 1:
        table.attempt += 1
        return False
    t.record_result(rnd.number, table.number, result)
    return True


def play_table(t: Tournament, round_no: int, table_no: int) -> Match:
    """Let the bots play a bot-only table to the end and record the result.

    Knockout draws are replayed (up to `MAX_KNOCKOUT_REPLAYS`, then a coin toss).
    Returns the last match played.
    """
    rnd, table = _table(t, round_no, table_no)
    if table.done:
        raise TournamentError(
            "tournament.errors.already_recorded",
            f"round {round_no} table {table_no} already has a result",
            round=round_no,
            table=table_no,
        )
    if not is_bot_table(t, table):
        raise TournamentError(
            "tournament.errors.humans_to_play",
            "this table has human players; play it at the table",
            round=round_no,
            table=table_no,
        )
    limit = organizer_turn_limit(t, rnd.stage)

    def stop_at_limit(m: Match, seat: int, events: list[Event]) -> None:
        if m.turn >= limit and not m.is_over:
            raise _LimitReached

    while True:
        match = new_table_match(t, round_no, table_no)
        rng = Rng(f"{t.seed}/bots/{round_no}/{table.number}/{table.attempt}")
        with contextlib.suppress(_LimitReached):
            play_out(
                match,
                table_bots(t, table),
                rng,
                max_actions=MAX_ACTIONS,
                after_action=stop_at_limit if limit else None,
            )
        if _record_or_replay(t, rnd, table, match, "simulated"):
            return match
        if table.attempt >= MAX_KNOCKOUT_REPLAYS:
            toss = Rng(f"{t.seed}/toss/{round_no}/{table.number}")
            winner = toss.choice(table.seats)
            loser = next(n for n in table.seats if n != winner)
            t.record_result(round_no, table_no, Result.win(winner, loser, source="coin_toss"))
            return match


def simulate_round(
    t: Tournament, *, progress: Progress | None = None, on_table: OnTable | None = None
) -> int:
    """Let the bots play every pending bot-only table of the current round.

    Tables with humans are left for the screen. Returns how many tables were
    played; `progress(done, total)` is called after each.
    """
    rnd = t.current_round
    if rnd is None:
        return 0
    todo = [tb for tb in rnd.pending if is_bot_table(t, tb)]
    for i, table in enumerate(todo):
        match = play_table(t, rnd.number, table.number)
        if on_table is not None:
            on_table(rnd, table, match)
        if progress is not None:
            progress(i + 1, len(todo))
    return len(todo)


def matches_played(t: Tournament) -> int:
    """Matches (not byes) with a result so far."""
    return sum(1 for r in t.rounds for tb in r.tables if tb.done and not tb.is_bye)


def estimate_matches(t: Tournament) -> int:
    """Matches (not byes) the whole tournament will have, as best known now."""
    done = matches_played(t)
    pending = sum(1 for r in t.rounds for tb in r.pending)
    active = len(t.active())
    future = 0
    if t.format in ("swiss", "melee"):
        left = max(0, t.rounds_planned - len(t.stage_rounds(t.format)))
        if t.format == "swiss":
            future += left * (active // 2)
        else:
            split = table_split(active, t.info.min_seats, t.info.max_seats) or ()
            future += left * len(split)
            if t.semifinal and not t.stage_rounds("semifinal"):
                future += SEMIFINAL_TABLES
            if t.final_table and not t.stage_rounds("final"):
                future += 1
    ko = t.knockout_stage
    if ko is not None:
        played = t.stage_rounds(ko)
        if not played:
            field = min(t.top_cut, active) if ko == "cut" else active
            future += max(0, field - 1)
        else:
            last = played[-1]
            alive = (
                len([s for s in t._next_slots(ko) if s is not None])
                if last.complete
                else len(last.tables)
            )
            future += max(0, alive - 1)
    return done + pending + future


def simulate_tournament(
    t: Tournament,
    *,
    progress: Progress | None = None,
    on_table: OnTable | None = None,
    on_round: Callable[[Round], None] | None = None,
) -> None:
    """Play a bot-only tournament (or what is left of one) to the end.

    `progress(done, total)` counts matches over the whole tournament (the total
    is re-estimated as rounds are paired); `on_round(round)` is called when a
    round is complete. Stops with `TournamentError` when a table needs humans.
    """

    def tick(_done: int, _total: int) -> None:
        if progress is not None:
            progress(matches_played(t), estimate_matches(t))

    while True:
        rnd = t.current_round
        if rnd is not None and not rnd.complete:
            waiting = [tb for tb in rnd.pending if not is_bot_table(t, tb)]
            if waiting:
                raise TournamentError(
                    "tournament.errors.humans_to_play",
                    f"round {rnd.number} has tables with human players",
                    round=rnd.number,
                    table=waiting[0].number,
                )
            simulate_round(t, progress=tick, on_table=on_table)
            if on_round is not None:
                on_round(rnd)
            continue
        if not t.can_start_round():
            break
        new = t.start_round()
        if new.complete and on_round is not None:
            on_round(new)  # a round of byes only


def describe_table(t: Tournament, round_no: int, table_no: int) -> dict[str, Any]:
    """A table as plain data for screens, logs and the JSON output."""
    rnd, table = _table(t, round_no, table_no)
    outs = t.table_outcomes(round_no, table_no)
    return {
        "table": table.number,
        "slot": table.slot,
        "seats": [
            {
                "number": n,
                "name": t.entrant(n).name,
                "bot": t.entrant(n).bot,
                "outcome": outs[n].key if n in outs else None,
                "place": outs[n].place if n in outs else None,
                "points": outs[n].points
                if n in outs and rnd.stage not in KNOCKOUT_STAGES
                else None,
            }
            for n in table.seats
        ],
        "result": table.result.to_dict() if table.result else None,
        "attempts": table.attempt + 1 if not table.is_bye else 0,
    }
