"""Small pure rules of Wyr shared by the match and the bots.

The table bet ([Y2]), group seating ([Y1]), pot splits ([Y9]) and the dice a
lord rolls ([Y7], Nimb of [Y11]).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

#: The three picks a lord may make ([Y2]).
BET_CHOICES: tuple[int, ...] = (10, 20, 50)
#: What every lord starts with ([Y1]).
STARTING_MONEY = 100
HAND_SIZE = 5
#: Discard & trade runs exactly two rounds around the table ([Y3]).
TRADE_ROUNDS = 2
#: Group sizes by the value of the `groups` option ([Y1]).
GROUP_SIZES: dict[str, int] = {"none": 1, "pairs": 2, "trios": 3}


def table_bet(picks: Iterable[int]) -> int:
    """The table bet of [Y2]: the most frequent pick; ties (or all different) -> lowest."""
    counts = Counter(picks)
    if not counts:
        raise ValueError("no bets to decide from")
    top = max(counts.values())
    return min(value for value, c in counts.items() if c == top)


def group_bet(totals: Iterable[int]) -> int:
    """[Y2] (revised) group play: each group proposes the total of its members'
    picks; equal totals stand, and when they differ (the seed's "impasse") the
    lowest is the group bet - in both cases the lowest total."""
    values = list(totals)
    if not values:
        raise ValueError("no group totals to decide from")
    return min(values)


def share_payment(bet: int, money: Sequence[int]) -> list[int]:
    """What each member of a group pays of the group bet ([Y2] revised): shares as
    even as the tibares allow. A member who cannot pay an even share is settled
    first and pays all he has; the others split the rest with at most one tibar
    between any two (the first members pay the odd ones). A group that cannot
    cover the bet pays everything it has."""
    pay = [0] * len(money)
    left = min(bet, sum(money))
    open_ = list(range(len(money)))
    # Settle the short members before handing out any odd tibar: handing it out
    # first charged 21 / 10 / 19 for T$ 50 over purses of 60 / 10 / 60.
    while open_:
        fair = -(-left // len(open_))  # the largest even share, rounded up
        short = [i for i in open_ if money[i] < fair]
        if not short:
            break
        for i in short:
            pay[i] = money[i]
            left -= money[i]
        open_ = [i for i in open_ if i not in short]
    if open_:
        share, extra = divmod(left, len(open_))
        for j, i in enumerate(open_):
            pay[i] = share + (1 if j < extra else 0)
    return pay


def group_of(seat: int, n_seats: int, groups: str) -> int:
    """The group index of a seat; seating interleaves groups A1 B1 C1 A2 … ([Y1])."""
    size = GROUP_SIZES[groups]
    if size == 1:
        return seat
    return seat % (n_seats // size)


def group_members(n_seats: int, groups: str) -> list[list[int]]:
    """Each group's seats in seating order (one group per seat without groups)."""
    size = GROUP_SIZES[groups]
    n_groups = n_seats // size
    return [
        [s for s in range(n_seats) if group_of(s, n_seats, groups) == g] for g in range(n_groups)
    ]


def split_pot(pot: int, winners: Sequence[int], first: int) -> dict[int, int]:
    """Share `pot` evenly; the indivisible remainder goes to `first` ([Y9])."""
    if not winners or first not in winners:
        raise ValueError("the remainder must go to one of the winners")
    share, rest = divmod(pot, len(winners))
    out = {w: share for w in winners}
    out[first] += rest
    return out


def dice_count(nimb: bool) -> int:
    """Dice per roll: 2d6, or 3d6 with Nimb ([Y7], [Y11])."""
    return 3 if nimb else 2
