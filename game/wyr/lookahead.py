"""The hard bot's second chance: what a hand is worth with one more turn to come.

On its first turn of discard & trade a lord will get a second turn ([Y3]). The
value of a hand after the first refill is then the best of keeping it and of
every discard-and-draw it could make next turn. That second draw is estimated
from a fresh deck minus the kept cards (the table of that future moment is
unknown); the first one stays exact. Both are pure functions of small tuples,
cached, so a table of values builds up once per process and is shared by all
bots (the caches hold no match state). What a draw turns into is cached apart
from how the bot values it (the profile changes with what the others did).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from game.cards import JOKER_RANK, RANKS
from game.wyr.combos import evaluate_ranks
from game.wyr.odds import key_share
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


#: What a hand of up to 5 cards turns into when drawn up to 5 from a fresh deck,
#: whatever the profile: per points 1..6 the chance to end there and the
#: expected tie-break edge there, then the expected top-card hair. `hand_value`
#: is linear in these, so one summary serves every profile.
Summary = tuple[tuple[float, ...], tuple[float, ...], float]


@lru_cache(maxsize=65_536)
def draw_summary(hand: tuple[int, ...], jokers: int) -> Summary:
    """The `Summary` of `hand` (sorted ranks) drawn up to 5 cards from a fresh deck.

    Built one card at a time (drawing n cards is drawing one, then n - 1 from
    what is left), so every rank multiset is evaluated once per process, not
    once per keep and per profile: a cold first decision no longer enumerates
    hundreds of thousands of draws.
    """
    if len(hand) >= HAND_SIZE:
        pts, key, _ = evaluate_ranks(hand)
        chance = [0.0] * 6
        edge = [0.0] * 6
        chance[pts - 1] = 1.0
        edge[pts - 1] = key_share(pts, key) - 0.5
        return tuple(chance), tuple(edge), (key[0] / 20000 if key else 0.0)
    counts = dict(_fresh(jokers))
    for r in hand:
        counts[r] -= 1
    left = sum(counts.values())
    chance = [0.0] * 6
    edge = [0.0] * 6
    hair = 0.0
    for r, c in counts.items():
        if c <= 0:
            continue
        p = c / left
        sub_chance, sub_edge, sub_hair = draw_summary(tuple(sorted((*hand, r))), jokers)
        for i in range(6):
            chance[i] += p * sub_chance[i]
            edge[i] += p * sub_edge[i]
        hair += p * sub_hair
    return tuple(chance), tuple(edge), hair


@lru_cache(maxsize=100_000)
def keep_value(keep: tuple[int, ...], jokers: int, profile: Profile) -> float:
    """Expected value of keeping `keep` (sorted ranks) and drawing to 5 from a fresh deck."""
    table, sign, ties = profile
    chance, edge, hair = draw_summary(keep, jokers)
    total = hair
    for i in range(6):
        total += chance[i] * table[i] + ties[i] * edge[i]
    return sign * total


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
