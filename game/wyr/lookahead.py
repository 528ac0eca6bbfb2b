"""The hard bot's second chance: what a hand is worth with one more turn to come.

On its first turn of discard & trade a lord will get a second turn ([Y3]). The
value of a hand after the first refill is then the best of keeping it and of
every discard-and-draw it could make next turn. That second draw is estimated
from a fresh deck minus the kept cards (the table of that future moment is
unknown); the first one stays exact. Both are pure functions of small tuples,
cached, so a table of values builds up once per process and is shared by all
bots (the caches hold no match state).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from game.cards import JOKER_RANK, RANKS
from game.wyr.combos import evaluate_ranks
from game.wyr.odds import draw_outcomes, key_share
from game.wyr.rules import HAND_SIZE

#: A value profile of the hard bot: (round-win chance by points 1..6, sign,
#: chance by points that the pot turns on a tie-break of equal combinations).
Profile = tuple[tuple[float, ...], float, tuple[float, ...]]


def hand_value(ranks: tuple[int, ...], profile: Profile) -> float:
    """The value of a final hand under a profile (round-win chance, signed).

    Within equal points the cards count as much as a tie-break can: under Azgher
    a bare Maior Tesouro of low cards loses the ties that an ace-high one wins.
    """
    table, sign, ties = profile
    pts, key, _ = evaluate_ranks(ranks)
    tie = ties[pts - 1] * (key_share(pts, key) - 0.5)
    # A hair of the top card still orders hands the tie-break cannot tell apart.
    return sign * (table[pts - 1] + tie + (key[0] / 20000 if key else 0.0))


@lru_cache(maxsize=8)
def _fresh(jokers: int) -> dict[int, int]:
    counts = {r: 4 for r in RANKS}
    if jokers:
        counts[JOKER_RANK] = jokers
    return counts


@lru_cache(maxsize=100_000)
def keep_value(keep: tuple[int, ...], jokers: int, profile: Profile) -> float:
    """Expected value of keeping `keep` (sorted ranks) and drawing to 5 from a fresh deck."""
    counts = dict(_fresh(jokers))
    for r in keep:
        counts[r] -= 1
    pool = tuple(sorted((r, c) for r, c in counts.items() if c > 0))
    total = 0.0
    for drawn, p in draw_outcomes(pool, HAND_SIZE - len(keep)):
        total += p * hand_value(tuple(sorted(keep + drawn)), profile)
    return total


@lru_cache(maxsize=100_000)
def second_chance_value(hand: tuple[int, ...], jokers: int, profile: Profile) -> float:
    """Value of a 5-card hand (sorted ranks) with one more discard & trade turn to come."""
    best = hand_value(hand, profile)
    seen: set[tuple[int, ...]] = set()
    for size in (4, 3, 2):
        for keep in combinations(hand, size):
            if keep in seen:
                continue
            seen.add(keep)
            v = keep_value(keep, jokers, profile)
            if v > best:
                best = v
    return best
