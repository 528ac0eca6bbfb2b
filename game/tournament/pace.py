"""How long a simulated tournament round is likely to take when hard bots play.

`taverna tournament --simulate` says it at the start, before minutes of silence
could make a person think it hangs. The estimate is the bots' time budget times
the decisions a seat typically makes in a match times the share of the budget
a hard bot's decision typically spends (most decisions are quick: War's hard
bot plans once a turn, Chama's spends its budget only where it searches),
times the tables one after another that the jobs leave.
"""

from __future__ import annotations

import math

from game.registry import get_info, make_bot, resolve_bot_id
from game.tournament.melee import table_split
from game.tournament.organizer import Tournament

#: game -> (decisions a seat makes in a duel, share of the hard bot's budget
#: one decision spends on average). Measured with hard bots against each
#: other, three duels per game (seeds 50-52) on the reference machine.
TYPICAL: dict[str, tuple[float, float]] = {
    "wyr": (6.0, 0.22),
    "wyrt": (30.0, 0.21),
    "war": (81.0, 0.0055),
    "chama": (39.0, 0.52),
}


def hard_budget(game: str) -> float:
    """Seconds a decision of the game's hard bot may take (its time budget)."""
    info = get_info(game)
    if info.make_bot is None or not info.bot_ids:
        return 0.0
    bot = resolve_bot_id(info, "hard")
    if bot not in info.bot_ids:
        bot = info.bot_ids[-1]
    return float(make_bot(game, bot).time_budget)


def round_tables(t: Tournament) -> tuple[int, float]:
    """Tables in a full round of `t` and their mean number of seats."""
    n = len(t.entrants)
    if t.format == "melee":
        split = table_split(n, t.info.min_seats, t.info.max_seats) or ()
        return len(split), (sum(split) / len(split) if split else 0.0)
    return n // 2, 2.0


def round_seconds(t: Tournament, jobs: int) -> float:
    """About how many seconds a round takes with hard bots in every seat."""
    decisions, share = TYPICAL.get(t.game, (0.0, 0.0))
    tables, seats = round_tables(t)
    per_match = seats * decisions * share * hard_budget(t.game)
    return math.ceil(tables / max(1, jobs)) * per_match


def round_note(t: Tournament, jobs: int) -> str | None:
    """The one line `taverna tournament --simulate` prints at the start; None for
    a game we have no measurements of (an estimate without them would be a guess)."""
    tables, _ = round_tables(t)
    decisions, _share = TYPICAL.get(t.game, (0.0, 0.0))
    if not decisions or not hard_budget(t.game) or not tables:
        return None
    seconds = round_seconds(t, jobs)
    at_once = f"{min(jobs, tables)} at a time" if jobs > 1 else "one at a time"
    return (
        f"about {seconds:.0f} s a round when hard bots play ({tables} tables, {at_once}; "
        f"a hard bot may think {hard_budget(t.game):g} s a decision and makes about "
        f"{decisions:.0f} decisions a match)"
    )
