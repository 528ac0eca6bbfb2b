"""Ratings of finished tables: OpenSkill's Plackett-Luce model.

Each seat is a team of one; its rank is the place of its group in the match's
standings (a tie shares a rank). Humans are rated by player id, bots by
`bot:<game>:<level>`, so a newcomer's first result against bots means
something. One rating id holding several seats (two seats of one bot level)
is rated once, at its best place: a rating never plays itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

#: OpenSkill's defaults (a new rating is mu 25, sigma 25/3)
MU = 25.0
SIGMA = 25.0 / 3.0

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True)
class Rating:
    """One rating for one game."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> float:
        """The conservative number a lobby shows (mu - 3 sigma)."""
        return self.mu - 3.0 * self.sigma


def bot_rating_id(game: str, level: str) -> str:
    """The rating id of a bot level at a game."""
    return f"bot:{game}:{level}"


def ranks_of(standings: list[list[int]], n_seats: int) -> list[int]:
    """Each seat's rank (1 = best; a tie shares one) from grouped standings."""
    ranks = [len(standings) + 1] * n_seats  # a seat the standings omit comes last
    for place, group in enumerate(standings, start=1):
        for seat in group:
            if 0 <= seat < n_seats:
                ranks[seat] = place
    return ranks


def rate(
    ids: list[str], standings: list[list[int]], current: dict[str, Rating]
) -> dict[str, Rating]:
    """New ratings of the ids at a finished table (`ids[seat]`); `current`
    holds what is known (a missing id starts fresh)."""
    ranks = ranks_of(standings, len(ids))
    best: dict[str, int] = {}
    for seat, rid in enumerate(ids):
        if rid not in best or ranks[seat] < ranks[best[rid]]:
            best[rid] = seat
    order = list(best)
    if len(order) < 2:
        return {}
    olds = [current.get(rid, Rating()) for rid in order]
    teams = [
        [_MODEL.rating(mu=r.mu, sigma=r.sigma, name=rid)]
        for rid, r in zip(order, olds, strict=True)
    ]
    new = _MODEL.rate(teams, ranks=[ranks[best[rid]] for rid in order])
    return {
        rid: Rating(float(team[0].mu), float(team[0].sigma), old.games + 1)
        for rid, old, team in zip(order, olds, new, strict=True)
    }
