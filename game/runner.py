"""Playing matches with bots: one match to the end, or many for statistics.

Used by `taverna simulate`, the tournament organizer and the tests. Bots get a
generator of their own (forked from the seed) so the match's chance stream is
never disturbed by how much a bot thinks.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from game.bots import Bot
from game.core import Event, Match
from game.registry import get_info, make_bot, new_match, with_bot_choices
from game.rng import Rng


@dataclass
class PlayResult:
    """What happened in one bot-played match."""

    match: Match
    actions: int = 0
    #: seat -> seconds spent in each `choose` call
    decision_times: dict[int, list[float]] = field(default_factory=dict)
    #: True when the safety cap stopped a match that had not ended
    capped: bool = False


def play_out(
    match: Match,
    bots: Sequence[Bot | None],
    rng: Rng,
    *,
    max_actions: int = 200_000,
    after_action: Callable[[Match, int, list[Event]], None] | None = None,
) -> PlayResult:
    """Let `bots` (one per seat) play `match` until it ends or hits the cap.

    A seat whose bot is None cannot be driven here: the function stops and
    returns when such a seat must act (the caller has a human to ask).
    """
    result = PlayResult(match=match)
    while not match.is_over:
        if result.actions >= max_actions:
            result.capped = True
            break
        seats = match.to_move
        seat = seats[0]
        bot = bots[seat]
        if bot is None:
            break
        view = match.view(seat)
        legal = match.legal_actions(seat)
        start = time.perf_counter()
        action = bot.choose(view, legal, rng)
        result.decision_times.setdefault(seat, []).append(time.perf_counter() - start)
        events = match.apply(seat, action)
        result.actions += 1
        if after_action is not None:
            after_action(match, seat, events)
    return result


def parse_seat_spec(spec: str) -> tuple[str, str | None]:
    """ "Ana" -> ("Ana", None); "bot:hard" -> ("bot:hard", "hard")."""
    s = spec.strip()
    if s.lower().startswith("bot:"):
        return s, s.split(":", 1)[1].strip()
    return s, None


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (0..100) by nearest rank; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[k]


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate (95% for z=1.96); (0, 1) for no trials.

    Shared wins (ties) count as fractions, which the formula takes as they are.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def ratio_interval(
    amounts: Sequence[float], sizes: Sequence[float], z: float = 1.96
) -> tuple[float, float, float]:
    """(rate, low, high) of sum(amounts) / sum(sizes) over independent games.

    The delta-method interval of a ratio estimator: chips per hand pooled over
    games of different lengths, with the spread measured between games.
    """
    n = len(amounts)
    total = sum(sizes)
    if n == 0 or total <= 0:
        return (0.0, 0.0, 0.0)
    rate = sum(amounts) / total
    if n == 1:
        return (rate, rate, rate)
    mean_size = total / n
    resid = [a - rate * s for a, s in zip(amounts, sizes, strict=True)]
    var = sum(r * r for r in resid) / (n - 1) / (n * mean_size * mean_size)
    half = z * math.sqrt(var)
    return (rate, rate - half, rate + half)


def chip_delta(match: Match) -> tuple[list[int], int] | None:
    """Chips won or lost per seat and hands played, for games played for chips (Wyrt).

    None for games without stacks. Read from the finished match by the runner
    (never by a bot).
    """
    stacks = getattr(match, "stacks", None)
    start = getattr(match, "start_stacks", None)
    hands = getattr(match, "hand_no", None)
    if not isinstance(stacks, list) or not isinstance(start, list) or not isinstance(hands, int):
        return None
    return [int(a) - int(b) for a, b in zip(stacks, start, strict=True)], hands


def _add_rate(row: dict[str, Any], key: str, amounts: list[float], hands: list[float]) -> None:
    """`row[key]` and its 95% interval (`key_low`, `key_high`): per 100 hands."""
    rate, lo, hi = ratio_interval(amounts, hands)
    row[key] = round(100 * rate, 2)
    row[f"{key}_low"] = round(100 * lo, 2)
    row[f"{key}_high"] = round(100 * hi, 2)


@dataclass(frozen=True)
class _Plan:
    """What every game of one `simulate` call shares (sent to worker processes)."""

    name: str
    bot_ids: tuple[str, ...]
    seed: int
    options: dict[str, Any] | None
    rotate: bool
    duplicate: bool
    time_budget: float | None
    check_invariants: bool


@dataclass
class _Game:
    """One simulated game, by entry (the position in `bot_ids`), not by seat."""

    wins: list[float]
    decision: list[list[float]]
    turns: int
    capped: bool
    #: chips won per entry and hands played (games played for chips only)
    chips: list[int] | None
    hands: int
    failures: list[str]
    #: chips won per entry by chance alone (see `GameInfo.luck`)
    luck: list[float] | None = None
    #: chance events counted in `luck`
    luck_events: int = 0
    #: True when the game ended at its turn limit, decided on time [R7]
    timed: bool = False


def _set_up(plan: _Plan, g: int) -> tuple[Match, list[int]]:
    """Game number `g` of `plan`, dealt, and the seat of each entry. Its deal,
    seats and bot generator depend only on `g`, so any process can play it
    with the same result."""
    info = get_info(plan.name)
    n = len(plan.bot_ids)
    shift = g % n if plan.rotate else 0
    deal = plan.seed + (g // n if plan.duplicate and plan.rotate else g)
    order = [(i + shift) % n for i in range(n)]  # order[entry] = seat
    entry_at = {order[entry]: entry for entry in range(n)}
    names = [f"{plan.bot_ids[entry_at[s]]}#{entry_at[s] + 1}" for s in range(n)]
    seat_bots: list[str | None] = [plan.bot_ids[entry_at[s]] for s in range(n)]
    match = new_match(
        plan.name, names, seed=deal, options=with_bot_choices(info, seat_bots, plan.options)
    )
    return match, order


def _play_game(plan: _Plan, g: int) -> _Game:
    """Play game number `g` of `plan` (see `_set_up`)."""
    info = get_info(plan.name)
    n = len(plan.bot_ids)
    match, order = _set_up(plan, g)
    entry_at = {order[entry]: entry for entry in range(n)}
    bots = [make_bot(plan.name, plan.bot_ids[entry_at[s]]) for s in range(n)]
    if plan.time_budget is not None:
        for b in bots:
            b.time_budget = plan.time_budget
    failures: list[str] = []
    luck = info.luck(match) if info.luck is not None else None

    def hook(m: Match, seat: int, events: list[Event]) -> None:
        if luck is not None:
            luck.after(m, seat, events)
        if plan.check_invariants and info.invariants is not None:
            try:
                info.invariants(m)
            except AssertionError as e:  # keep playing; report at the end
                failures.append(f"game {g}: {e}")

    res = play_out(
        match,
        bots,
        Rng(f"bots/{plan.seed}/{g}"),
        after_action=hook if plan.check_invariants or luck is not None else None,
    )
    decision: list[list[float]] = [[] for _ in range(n)]
    for seat, times in res.decision_times.items():
        decision[entry_at[seat]].extend(times)
    wins = [0.0] * n
    winners = match.winners()
    for w in winners:
        wins[entry_at[w]] += 1 / len(winners)
    chips: list[int] | None = None
    by_luck: list[float] | None = None
    hands = 0
    delta = chip_delta(match)
    if delta is not None:
        by_seat, hands = delta
        chips = [by_seat[order[entry]] for entry in range(n)]
        if luck is not None:
            by_luck = [luck.luck[order[entry]] for entry in range(n)]
    return _Game(
        wins,
        decision,
        int(getattr(match, "turn", 0)),
        res.capped,
        chips,
        hands,
        failures,
        by_luck,
        luck.counted if luck is not None else 0,
        bool(getattr(match, "timed_out", False)),
    )


def _play_chunk(plan: _Plan, first: int, last: int) -> list[_Game]:
    """Games `first` .. `last` - 1 of `plan` (one task of a worker process)."""
    return [_play_game(plan, g) for g in range(first, last)]


def _games_in_order(plan: _Plan, games: int, jobs: int) -> Iterator[_Game]:
    """Every game of `plan` in order, played here or by `jobs` worker processes.

    Workers take chunks of consecutive games, and results come back in game
    order, so the summary is the same for any `jobs` (decision times aside:
    they are measured wherever the game runs).
    """
    if jobs <= 1 or games <= 1:
        for g in range(games):
            yield _play_game(plan, g)
        return
    _set_up(plan, 0)  # bad options fail here, with their own error, not in a worker
    chunk = -(-games // (jobs * 8))  # small tasks keep every worker busy to the end
    bounds = [(a, min(games, a + chunk)) for a in range(0, games, chunk)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_play_chunk, plan, a, b) for a, b in bounds]
        for fut in futures:
            yield from fut.result()


def simulate(
    name: str,
    bot_ids: list[str],
    *,
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    rotate: bool = True,
    check_invariants: bool = True,
    progress: Callable[[int, int], None] | None = None,
    time_budget: float | None = None,
    duplicate: bool = False,
    jobs: int = 1,
) -> dict[str, Any]:
    """Play `games` bot matches and summarise them per entry of `bot_ids`.

    With `rotate`, entry i sits at seat (i + g) mod n in game g, so no entry
    keeps the first-player advantage. Wins are shared among tied winners; each
    win rate comes with its 95% Wilson interval. Games played for chips also
    report chips per 100 hands with a 95% interval over the games, and
    `pairs`: each entry's lead over the entry listed before it, paired game by
    game, with its 95% interval.
    `time_budget` overrides every bot's seconds per decision (quick runs).
    With `duplicate` (and `rotate`), each seed is dealt n times in a row, once
    per rotation, so every entry plays every seat of the same deal and the
    luck of the deal cancels out (duplicate poker; `games` rounds up to a
    multiple of n).
    `jobs` > 1 plays the games in that many processes; every figure but the
    decision times is the same as with one.
    """
    get_info(name)  # an unknown game fails here, before any process starts
    n = len(bot_ids)
    wins = [0.0] * n
    decision: list[list[float]] = [[] for _ in range(n)]
    turns: list[int] = []
    capped = 0
    timed = 0
    invariant_failures: list[str] = []
    #: entry -> chips won and hands played in each game (games played for chips only)
    won: list[list[float]] = [[] for _ in range(n)]
    played: list[list[float]] = [[] for _ in range(n)]
    #: the same with the luck of chance taken out (see `GameInfo.luck`)
    due: list[list[float]] = [[] for _ in range(n)]
    luck_events = 0
    if duplicate and rotate:
        games = -(-games // n) * n
    plan = _Plan(
        name, tuple(bot_ids), seed, options, rotate, duplicate, time_budget, check_invariants
    )
    for g, game in enumerate(_games_in_order(plan, games, jobs)):
        capped += game.capped
        timed += game.timed
        invariant_failures.extend(game.failures)
        for i in range(n):
            wins[i] += game.wins[i]
            decision[i].extend(game.decision[i])
        turns.append(game.turns)
        if game.chips is not None:
            # Duplicate deals are one sample each (their rotations are not independent).
            same_deal = duplicate and rotate and g % n != 0
            luck_events += game.luck_events
            for who, v in enumerate(game.chips):
                fair = v - game.luck[who] if game.luck is not None else float(v)
                if same_deal:
                    won[who][-1] += v
                    due[who][-1] += fair
                    played[who][-1] += game.hands
                else:
                    won[who].append(v)
                    due[who].append(fair)
                    played[who].append(game.hands)
        if progress is not None:
            progress(g + 1, games)
    # Luck-adjusted chips (the dice's luck taken out, see game.wyrt.luck): the
    # same on average, with a tighter interval; for games that count that luck.
    adjusted = get_info(name).luck is not None
    seats: list[dict[str, Any]] = []
    for i in range(n):
        low, high = wilson_interval(wins[i], games)
        row: dict[str, Any] = {
            "bot": bot_ids[i],
            "wins": round(wins[i], 3),
            "win_rate": round(wins[i] / games, 4) if games else 0.0,
            "win_low": round(low, 4),
            "win_high": round(high, 4),
            "decisions": len(decision[i]),
            "p50_ms": round(percentile(decision[i], 50) * 1000, 2),
            "p95_ms": round(percentile(decision[i], 95) * 1000, 2),
            "max_ms": round(max(decision[i], default=0.0) * 1000, 2),
        }
        if won[i]:
            row["chips"] = int(sum(won[i]))
            row["hands"] = int(sum(played[i]))
            _add_rate(row, "chips_per_100", won[i], played[i])
            if adjusted:
                _add_rate(row, "adjusted_per_100", due[i], played[i])
        seats.append(row)
    # Adjacent entries at one table, paired game by game: the same deals and
    # seats, so the difference is much tighter than the two separate intervals.
    pairs: list[dict[str, Any]] = []
    for i in range(n - 1):
        if won[i] and won[i + 1]:
            pair: dict[str, Any] = {"ahead": bot_ids[i + 1], "behind": bot_ids[i]}
            diff = [b - a for a, b in zip(won[i], won[i + 1], strict=True)]
            _add_rate(pair, "chips_per_100", diff, played[i])
            if adjusted:
                lead = [b - a for a, b in zip(due[i], due[i + 1], strict=True)]
                _add_rate(pair, "adjusted_per_100", lead, played[i])
            pairs.append(pair)
    return {
        "game": name,
        "games": games,
        "seed": seed,
        "rotated": rotate,
        "duplicate": duplicate and rotate,
        "seats": seats,
        "pairs": pairs,
        "average_turns": round(sum(turns) / len(turns), 2) if turns else 0.0,
        "capped_games": capped,
        "timed_games": timed,
        **({"luck_events": luck_events} if adjusted else {}),
        "invariants_held": not invariant_failures,
        "invariant_failures": invariant_failures[:20],
    }
