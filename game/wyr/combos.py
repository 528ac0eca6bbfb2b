"""Wyr's combinations and their total order ([Y5], [Y6], jokers of [Y11]).

Suits never matter in Wyr, so everything here works on ranks (2..14, A = 14;
a joker is rank 0). `evaluate_ranks` is cached on the sorted rank tuple: there
are only a few thousand distinct 5-card rank multisets, which keeps the bots'
expected-value sums cheap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache, total_ordering
from itertools import combinations_with_replacement

from game.cards import JOKER_RANK, Card

#: Combination names, weakest first; points are the position + 1 ([Y5]).
NAMES: tuple[str, ...] = (
    "maior_tesouro",
    "par",
    "trinca",
    "aventureiros",
    "dragao",
    "reis_de_arton",
)
POINTS: dict[str, int] = {name: i + 1 for i, name in enumerate(NAMES)}
REIS_POINTS = POINTS["reis_de_arton"]
_REIS_RANKS = (10, 11, 12, 13, 14)
_ALL_RANKS = tuple(range(2, 15))


@total_ordering
@dataclass(frozen=True, eq=False)
class Combination:
    """The best combination of a hand.

    `points` (1..6) orders combinations first; `key` breaks ties between equal
    combinations per [Y6] (the cards of the combination from the highest down,
    A highest - "o melhor Maior Tesouro da combinação" - then the remaining
    cards highest first). `ranks` are the ranks the hand stands for, jokers
    resolved, highest first. Equality and order use only (points, key).
    """

    name: str
    points: int
    key: tuple[int, ...]
    ranks: tuple[int, ...]

    @property
    def strength(self) -> tuple[int, tuple[int, ...]]:
        """The sort key: points, then the [Y6] tie-break ranks."""
        return (self.points, self.key)

    @property
    def is_reis(self) -> bool:
        """True for Reis de Arton ([Y9])."""
        return self.points == REIS_POINTS

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Combination):
            return NotImplemented
        return self.strength < other.strength

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Combination):
            return NotImplemented
        return self.strength == other.strength

    def __hash__(self) -> int:
        return hash(self.strength)


def _without(ranks: list[int], rank: int, count: int) -> list[int]:
    """`ranks` minus `count` copies of `rank`, highest first."""
    rest = list(ranks)
    for _ in range(count):
        rest.remove(rank)
    return sorted(rest, reverse=True)


def _is_run(ranks: list[int]) -> int:
    """The top card of a 5-card run, or 0 ([Y5]: ace low allowed, no wrap)."""
    if len(ranks) != 5 or len(set(ranks)) != 5:
        return 0
    lo, hi = min(ranks), max(ranks)
    if hi - lo == 4:
        return hi
    if sorted(ranks) == [2, 3, 4, 5, 14]:
        return 5  # A-2-3-4-5 is a run ([Y5]); its best card is still the A ([Y6])
    return 0


@lru_cache(maxsize=8192)
def _natural(ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(points, key) of a joker-free rank multiset, given sorted (cached: the
    joker fills of many hands land on the same few thousand multisets)."""
    desc = sorted(ranks, reverse=True)
    if tuple(sorted(ranks)) == _REIS_RANKS:
        return REIS_POINTS, ()  # 10-J-Q-K-A is always Reis de Arton ([Y5])
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    if shape == [3, 2]:
        # [Y6] (revised): "o melhor Maior Tesouro da combinação" - the five cards
        # from the highest down, so 2-2-2-K-K beats 3-3-3-Q-Q.
        return POINTS["dragao"], tuple(desc)
    if _is_run(desc):
        # [Y6] (revised): the run's cards from the highest down with A highest,
        # so A-2-3-4-5 (best card the A) beats 9-10-J-Q-K.
        return POINTS["aventureiros"], tuple(desc)
    if shape and shape[0] >= 3:
        # Four (or, with jokers, five) of a kind scores as Trinca ([Y5]).
        trio = max(r for r, c in counts.items() if c >= 3)
        return POINTS["trinca"], (trio, *_without(desc, trio, 3))
    if shape and shape[0] == 2:
        # Two pairs score as Par of the higher pair ([Y5]); the rest is kickers.
        pair = max(r for r, c in counts.items() if c == 2)
        return POINTS["par"], (pair, *_without(desc, pair, 2))
    return POINTS["maior_tesouro"], tuple(desc)


@lru_cache(maxsize=65536)
def evaluate_ranks(ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(points, key, resolved ranks) of a sorted rank tuple; jokers are 0.

    A joker takes whichever rank gives the highest combination ([Y11]).
    """
    jokers = sum(1 for r in ranks if r == JOKER_RANK)
    real = tuple(r for r in ranks if r != JOKER_RANK)
    if not jokers:
        pts, key = _natural(tuple(sorted(real)))
        return pts, key, tuple(sorted(real, reverse=True))
    best: tuple[int, tuple[int, ...]] | None = None
    best_ranks: tuple[int, ...] = ()
    for fill in combinations_with_replacement(_ALL_RANKS, jokers):
        full = tuple(sorted(real + fill))
        value = _natural(full)
        if best is None or value > best:
            best = value
            best_ranks = full[::-1]
    assert best is not None
    return best[0], best[1], best_ranks


def rank_key(cards: Iterable[Card]) -> tuple[int, ...]:
    """The sorted rank tuple of some cards (the cache key of `evaluate_ranks`)."""
    return tuple(sorted(c.rank for c in cards))


def combination_of_ranks(ranks: Iterable[int]) -> Combination:
    """The best combination of a multiset of ranks (jokers = 0)."""
    pts, key, resolved = evaluate_ranks(tuple(sorted(ranks)))
    return Combination(NAMES[pts - 1], pts, key, resolved)


def best_combination(cards: Iterable[Card]) -> Combination:
    """The best combination of a Wyr hand of 1 to 5 cards ([Y5], [Y6], [Y11]).

    >>> from game.cards import parse_cards
    >>> best_combination(parse_cards("10s Jh Qd Kc As")).name
    'reis_de_arton'
    """
    hand = list(cards)
    if not 1 <= len(hand) <= 5:
        raise ValueError(f"a Wyr hand has 1 to 5 cards, not {len(hand)}")
    return combination_of_ranks(c.rank for c in hand)
