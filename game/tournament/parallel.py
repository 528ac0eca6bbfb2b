"""A bot tournament played in several processes (`taverna tournament --simulate --jobs N`).

The tables of one round do not depend on each other: each match's seed and its
bots' generator come from the tournament seed, the round, the table and the
attempt (`game.tournament.play`). So a worker process rebuilds the tournament
from `Tournament.to_dict()`, plays one table with `play_table` exactly as one
process would, and sends back the table's attempt counter and result; this
process records the results in table order, as `simulate_round` does. The
outcome is the same document for any number of jobs.

The organizer itself is used only through its public API.
"""

from __future__ import annotations

from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from game.tournament.errors import TournamentError
from game.tournament.model import Result
from game.tournament.organizer import Tournament
from game.tournament.play import (
    Progress,
    estimate_matches,
    is_bot_table,
    matches_played,
    play_table,
    simulate_tournament,
)


def _play_elsewhere(state: dict[str, Any], round_no: int, table_no: int) -> tuple[int, Result]:
    """In a worker: play one table of the tournament `state`; (attempt, result)."""
    t = Tournament.from_dict(state)
    play_table(t, round_no, table_no)
    table = t.round(round_no).table(table_no)
    if table.result is None:  # play_table always records; this guards the contract
        raise TournamentError(
            "tournament.errors.match_not_over",
            "the match is not over yet",
            round=round_no,
            table=table_no,
        )
    return table.attempt, table.result


def simulate_tournament_jobs(
    t: Tournament,
    jobs: int,
    *,
    progress: Progress | None = None,
) -> None:
    """Play a bot-only tournament to the end with `jobs` processes per round.

    Same results as `simulate_tournament` (which it is, for one job).
    `progress(done, total)` counts matches like `simulate_tournament`.
    """
    if jobs <= 1:
        simulate_tournament(t, progress=progress)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        while True:
            rnd = t.current_round
            if rnd is not None and not rnd.complete:
                todo = list(rnd.pending)
                waiting = [tb for tb in todo if not is_bot_table(t, tb)]
                if waiting:
                    raise TournamentError(
                        "tournament.errors.humans_to_play",
                        f"round {rnd.number} has tables with human players",
                        round=rnd.number,
                        table=waiting[0].number,
                    )
                state = t.to_dict()
                futures: list[Future[tuple[int, Result]]] = [
                    pool.submit(_play_elsewhere, state, rnd.number, tb.number) for tb in todo
                ]
                for table, fut in zip(todo, futures, strict=True):
                    attempt, result = fut.result()
                    table.attempt = attempt
                    t.record_result(rnd.number, table.number, result)
                    if progress is not None:
                        progress(matches_played(t), estimate_matches(t))
                continue
            if not t.can_start_round():
                break
            t.start_round()
