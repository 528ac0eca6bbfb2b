"""Points a table's result is worth: duels [R2] and melee tables [R5].

Each function takes a `Result` and returns, per entrant, an `Outcome`: the
label a screen shows (a translation key under `tournament.outcomes.`) and the
tournament points earned.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.tournament.model import Result

#: Duel points [R2]: win, timed win, draw, timed loss, loss; a bye counts as a win.
WIN = 5
TIMED_WIN = 4
DRAW = 2
TIMED_LOSS = 1
LOSS = 0
BYE = WIN

#: Melee points per opponent [R5]: below you, tied with you; the bonus for
#: finishing alone in first; and the 3-player table's value per opponent below.
MELEE_PER_BELOW = 3
MELEE_PER_TIE = 1
MELEE_SOLE_WINNER_BONUS = 1
MELEE_THREE_TABLE_PER_BELOW = 5


@dataclass(frozen=True)
class Outcome:
    """One entrant's outcome at one table."""

    #: "win", "timed_win", "draw", "timed_loss", "loss", "bye", "walkover" (duels),
    #: or "place" (melee, with `place` set)
    key: str
    points: int
    place: int


def duel_outcomes(result: Result) -> dict[int, Outcome]:
    """Outcome and points of each side of a duel (or of a bye) [R2].

    A lone entrant is a bye (5). A drawn duel gives 2 each, timed or not. A
    decided duel gives 5/0, or 4/1 when it was decided at the turn limit [R7].
    """
    members = result.members
    if len(members) == 1:
        key = "walkover" if result.source == "walkover" else "bye"
        return {members[0]: Outcome(key, BYE, 1)}
    if len(members) != 2:
        raise ValueError(f"a duel has two sides, not {len(members)}")
    if result.is_draw:
        return {n: Outcome("draw", DRAW, 1) for n in members}
    (winner,), (loser,) = result.order
    if result.timed:
        return {
            winner: Outcome("timed_win", TIMED_WIN, 1),
            loser: Outcome("timed_loss", TIMED_LOSS, 2),
        }
    return {winner: Outcome("win", WIN, 1), loser: Outcome("loss", LOSS, 2)}


def melee_points(result: Result) -> dict[int, int]:
    """Points of everyone at a melee table by finishing order [R5].

    3 per opponent finishing below, 1 per opponent tied, +1 for finishing alone
    above everyone; at a 3-player table 5 per opponent below and no bonus, so a
    table's outright winner always gets 10 at tables of 3 and 4.
    """
    size = len(result.members)
    points: dict[int, int] = {}
    seen = 0
    for group in result.order:
        seen += len(group)
        below = size - seen
        tied = len(group) - 1
        if size == 3:
            value = MELEE_THREE_TABLE_PER_BELOW * below + MELEE_PER_TIE * tied
        else:
            value = MELEE_PER_BELOW * below + MELEE_PER_TIE * tied
            if below == size - 1 and size > 1:
                value += MELEE_SOLE_WINNER_BONUS
        for n in group:
            points[n] = value
    return points


def melee_outcomes(result: Result) -> dict[int, Outcome]:
    """Place and points of everyone at a melee table [R5]."""
    return {n: Outcome("place", pts, result.place_of(n)) for n, pts in melee_points(result).items()}


def outcomes(result: Result, stage: str) -> dict[int, Outcome]:
    """Outcomes of a table of `stage` ("melee", "semifinal" and "final" score as melee tables)."""
    if stage in ("melee", "semifinal", "final"):
        return melee_outcomes(result)
    return duel_outcomes(result)
