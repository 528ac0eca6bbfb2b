"""Benchmarks of the organizer for `taverna bench`.

- Pairing a Swiss round of 1000 entrants (after 4 rounds of random results),
  standings included, against the budget of one second.
- A 64-entrant, 6-round bot-only Swiss tournament of a real game (Chama when
  it is there, else the first game that seats two), played to the end: the
  time a progress bar would take to fill (no fixed budget).
"""

from __future__ import annotations

import time
from typing import Any

from game.registry import GAMES
from game.rng import Rng
from game.tournament.model import Result
from game.tournament.organizer import Tournament, bot_entrants, create_tournament
from game.tournament.play import simulate_tournament

#: Budget for pairing one round of a 1000-entrant Swiss (milliseconds).
PAIRING_BUDGET_MS = 1000.0


def swiss_with_random_results(game: str, entrants: int, rounds: int, seed: int) -> Tournament:
    """A Swiss of human entrants with `rounds` rounds of random results entered."""
    t = create_tournament(
        game, [f"P{i}" for i in range(1, entrants + 1)], rounds=rounds + 1, seed=seed
    )
    rng = Rng(f"bench/{seed}")
    outcomes = ["win", "win", "timed", "draw"]
    for _ in range(rounds):
        rnd = t.start_round()
        for tb in rnd.pending:
            a, b = tb.seats
            if rng.random() < 0.5:
                a, b = b, a
            kind = rng.choice(outcomes)
            timed = kind == "timed"
            res = Result.draw(a, b) if kind == "draw" else Result.win(a, b, timed=timed)
            t.record_result(rnd.number, tb.number, res)
    return t


def time_pairing(game: str, entrants: int = 1000, rounds_before: int = 4, seed: int = 1) -> float:
    """Seconds to pair the next Swiss round (standings + matching) of a big field."""
    t = swiss_with_random_results(game, entrants, rounds_before, seed)
    start = time.perf_counter()
    t.start_round()
    return time.perf_counter() - start


def time_bot_swiss(game: str, entrants: int = 64, rounds: int = 6, seed: int = 1) -> float:
    """Seconds to simulate a whole bot-only Swiss tournament."""
    t = create_tournament(game, bot_entrants(game, entrants), rounds=rounds, seed=seed)
    start = time.perf_counter()
    simulate_tournament(t)
    return time.perf_counter() - start


def _duel_game() -> str | None:
    names = list(GAMES)
    for name in ["chama", *names]:
        if name in GAMES:
            info = GAMES[name]
            if info.min_seats <= 2 <= info.max_seats:
                return name
    return None


def bench(quick: bool) -> list[dict[str, Any]]:
    """Rows for the benchmark table (see the module docstring)."""
    rows: list[dict[str, Any]] = []
    game = _duel_game()
    if game is None:
        return rows
    ms = time_pairing(game, 1000, 2 if quick else 4) * 1000
    rows.append(
        {
            "name": "tournament: pair a 1000-entrant Swiss round",
            "value": round(ms, 1),
            "unit": "ms",
            "budget": f"<= {PAIRING_BUDGET_MS:.0f} ms",
            "ok": ms <= PAIRING_BUDGET_MS,
        }
    )
    if quick:
        return rows
    seconds = time_bot_swiss(game, 64, 6)
    rows.append(
        {
            "name": f"tournament: 64-entrant 6-round bot Swiss ({game})",
            "value": round(seconds, 2),
            "unit": "s",
            "budget": "progress bar moves (no fixed budget)",
            "ok": None,
        }
    )
    return rows
