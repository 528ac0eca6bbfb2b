"""Wyrt hand evaluation: best five of five to seven cards, duplicates allowed ([T6]).

Dice cards do not come from the deck, so a hand may hold two copies of Q♥ (both
count, even towards a flush) and even five cards of one rank (five of a kind).
No poker library handles that, so the evaluator is our own, built for speed:

- every card has an integer *code*: a 3-bit counter for its rank (bits 0..38)
  plus a 4-bit counter for its suit (bits 40..55), so the sum of up to seven
  codes holds the rank multiset and the four suit counts at once;
- the rank multiset indexes a table of the best non-flush score (built once,
  lazily, for every multiset of 5, 6 or 7 ranks);
- a suit counter of 5 or more (one add and one mask) sends the hand down the rare
  flush path, which scores flush, straight flush and royal flush.

A *score* is an int: category << 20 | five ranks of 4 bits in tie-break order,
so comparing scores compares hands. `HandValue` wraps a score for the public API.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement
from typing import Any

from game.cards import SUITS, Card

CATEGORIES: tuple[str, ...] = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "five_of_a_kind",
    "royal_flush",
)
(
    HIGH_CARD,
    PAIR,
    TWO_PAIR,
    TRIPS,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    QUADS,
    STRAIGHT_FLUSH,
    FIVE_KIND,
    ROYAL,
) = range(11)

SUIT_SHIFT = 40
RANK_MASK = (1 << 39) - 1
#: suit index by letter (the order of game.cards.SUITS: S H D C)
SUIT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SUITS)}
_RANK_BITS = [0, 0] + [1 << (3 * (r - 2)) for r in range(2, 15)]
_SUIT_BITS = {s: 1 << (SUIT_SHIFT + 4 * i) for i, s in enumerate(SUITS)}

#: code -> (rank, suit index), for the flush path and for decoding
CODE_RANK: dict[int, int] = {}
CODE_SUIT: dict[int, int] = {}
#: (rank, suit letter) -> code
_CODE_OF: dict[tuple[int, str], int] = {}
for _s in SUITS:
    for _r in range(2, 15):
        _c = _RANK_BITS[_r] | _SUIT_BITS[_s]
        CODE_RANK[_c] = _r
        CODE_SUIT[_c] = SUIT_INDEX[_s]
        _CODE_OF[(_r, _s)] = _c

# The five windows of a straight as rank bitmasks (bit r set for rank r), best first;
# the ace also counts as 1 for the wheel A-2-3-4-5.
_STRAIGHTS: tuple[tuple[int, int], ...] = tuple(
    (top, sum(1 << r for r in range(top - 4, top + 1))) for top in range(14, 5, -1)
) + ((5, (1 << 14) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5)),)


def card_code(card: Card) -> int:
    """The evaluator's integer code of a card (jokers are not Wyrt cards)."""
    try:
        return _CODE_OF[(card.rank, card.suit)]
    except KeyError:
        raise ValueError(f"{card!r} is not a Wyrt card") from None


def code_card(code: int) -> Card:
    """The card of an evaluator code."""
    return Card(CODE_RANK[code], SUITS[CODE_SUIT[code]])


def _pack(category: int, ranks: Sequence[int]) -> int:
    r = list(ranks)[:5]
    r += [0] * (5 - len(r))
    return (category << 20) | (r[0] << 16) | (r[1] << 12) | (r[2] << 8) | (r[3] << 4) | r[4]


def straight_top(mask: int) -> int:
    """Top rank of the best straight in a rank bitmask (5 for the wheel), or 0."""
    for top, window in _STRAIGHTS:
        if mask & window == window:
            return top
    return 0


def _straight_ranks(top: int) -> tuple[int, ...]:
    # The wheel keeps its ace last: 5-4-3-2-A ranks below 6-5-4-3-2.
    return (5, 4, 3, 2, 14) if top == 5 else tuple(range(top, top - 5, -1))


def score_ranks(ranks_desc: Sequence[int]) -> int:
    """Best non-flush score of a rank multiset given highest first (5-7 ranks)."""
    counts: dict[int, int] = {}
    for r in ranks_desc:
        counts[r] = counts.get(r, 0) + 1
    distinct = sorted(counts, reverse=True)
    by_count = sorted(distinct, key=lambda r: (counts[r], r), reverse=True)
    best = by_count[0]
    n = counts[best]
    if n >= 5:
        return _pack(FIVE_KIND, (best,) * 5)
    if n == 4:
        kicker = max(r for r in distinct if r != best)
        return _pack(QUADS, (best,) * 4 + (kicker,))
    if n == 3:
        pairs = [r for r in distinct if r != best and counts[r] >= 2]
        if pairs:
            return _pack(FULL_HOUSE, (best,) * 3 + (pairs[0],) * 2)
    mask = 0
    for r in distinct:
        mask |= 1 << r
    top = straight_top(mask)
    if top:
        return _pack(STRAIGHT, _straight_ranks(top))
    if n == 3:
        kick = [r for r in distinct if r != best][:2]
        return _pack(TRIPS, (best,) * 3 + tuple(kick))
    if n == 2:
        pairs = [r for r in distinct if counts[r] == 2]
        if len(pairs) >= 2:
            hi, lo = pairs[0], pairs[1]
            kicker = max(r for r in distinct if r not in (hi, lo))
            return _pack(TWO_PAIR, (hi, hi, lo, lo, kicker))
        kick = [r for r in distinct if r != best][:3]
        return _pack(PAIR, (best, best) + tuple(kick))
    return _pack(HIGH_CARD, distinct[:5])


def _flush_score(codes: Iterable[int], suit: int) -> int:
    ranks = sorted((CODE_RANK[c] for c in codes if CODE_SUIT[c] == suit), reverse=True)
    mask = 0
    for r in ranks:
        mask |= 1 << r
    top = straight_top(mask)
    if top == 14:
        return _pack(ROYAL, _straight_ranks(14))
    if top:
        return _pack(STRAIGHT_FLUSH, _straight_ranks(top))
    return _pack(FLUSH, ranks[:5])


_TABLE: dict[int, int] = {}
_TABLE_LOCK = threading.Lock()


def _build_table() -> dict[int, int]:
    table: dict[int, int] = {}
    ranks = range(14, 1, -1)
    for size in (5, 6, 7):
        for combo in combinations_with_replacement(ranks, size):
            key = 0
            for r in combo:
                key += _RANK_BITS[r]
            table[key] = score_ranks(combo)
    return table


def warm_up() -> None:
    """Build the rank table now (it is built on first use otherwise, ~0.5 s)."""
    global _TABLE
    if not _TABLE:
        with _TABLE_LOCK:
            if not _TABLE:
                _TABLE = _build_table()


def score_codes(codes: Sequence[int]) -> int:
    """The score of 5-7 card codes: the fast path bots and the bench use."""
    total = sum(codes)
    suits = total >> SUIT_SHIFT
    try:
        best = _TABLE[total & RANK_MASK]
    except KeyError:
        warm_up()
        try:
            best = _TABLE[total & RANK_MASK]
        except KeyError:
            raise ValueError("evaluate needs 5 to 7 cards") from None
    if (suits + 0x3333) & 0x8888:
        for s in range(4):
            if (suits >> (4 * s)) & 0xF >= 5:
                fs = _flush_score(codes, s)
                if fs > best:
                    best = fs
                break
    return best


def score_total(total: int, codes: Sequence[int]) -> int:
    """Like `score_codes` when the caller already summed the codes (bots' inner loop)."""
    best = _TABLE[total & RANK_MASK]
    suits = total >> SUIT_SHIFT
    if (suits + 0x3333) & 0x8888:
        for s in range(4):
            if (suits >> (4 * s)) & 0xF >= 5:
                fs = _flush_score(codes, s)
                if fs > best:
                    best = fs
                break
    return best


def score_category(score: int) -> str:
    """Category name of a score."""
    return CATEGORIES[score >> 20]


def score_ranks_tuple(score: int) -> tuple[int, ...]:
    """The five tie-break ranks of a score, most important first."""
    return tuple((score >> shift) & 0xF for shift in (16, 12, 8, 4, 0))


class HandValue:
    """The value of a Wyrt hand: totally ordered, equal hands split the pot.

    `category` is one of CATEGORIES' names, `ranks` the five tie-break ranks and
    `best_five` the five cards that make it (computed on first access).
    """

    __slots__ = ("score", "_cards", "_best")

    def __init__(self, score: int, cards: Sequence[Card]) -> None:
        self.score = score
        self._cards = tuple(cards)
        self._best: tuple[Card, ...] | None = None

    @property
    def category(self) -> str:
        """royal_flush, five_of_a_kind, …, high_card."""
        return CATEGORIES[self.score >> 20]

    @property
    def rank_index(self) -> int:
        """The category as a number: 0 high card … 10 royal flush."""
        return self.score >> 20

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five ranks compared, most important first (the wheel is 5,4,3,2,A)."""
        return score_ranks_tuple(self.score)

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The five cards of the hand, in the order of `ranks`."""
        if self._best is None:
            self._best = _pick_best_five(self.score, self._cards)
        return self._best

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.score < other.score

    def __le__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.score <= other.score

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.score > other.score

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.score >= other.score

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.score == other.score

    def __hash__(self) -> int:
        return hash(self.score)

    def __repr__(self) -> str:
        return f"HandValue({self.category}, {' '.join(str(c) for c in self.best_five)})"

    def to_dict(self) -> dict[str, Any]:
        """JSON-able summary for views and events."""
        return {
            "category": self.category,
            "best_five": [c.code for c in self.best_five],
            "score": self.score,
        }


def _pick_best_five(score: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    cat = score >> 20
    ranks = score_ranks_tuple(score)
    pool = list(cards)
    if cat in (FLUSH, STRAIGHT_FLUSH, ROYAL):
        counts: dict[str, int] = {}
        for c in pool:
            counts[c.suit] = counts.get(c.suit, 0) + 1
        suit = max(counts, key=lambda s: counts[s])
        pool = [c for c in pool if c.suit == suit]
    # Take highest suits first among equal ranks so the pick is deterministic.
    pool.sort(key=lambda c: (c.rank, c.suit), reverse=True)
    out: list[Card] = []
    for r in ranks:
        for i, c in enumerate(pool):
            if c.rank == r:
                out.append(pool.pop(i))
                break
    return tuple(out)


def evaluate(cards: Iterable[Card]) -> HandValue:
    """Value of the best five of 5-7 cards; duplicate cards each count ([T6])."""
    hand = list(cards)
    if not 5 <= len(hand) <= 7:
        raise ValueError(f"evaluate needs 5 to 7 cards, got {len(hand)}")
    try:
        codes = [_RANK_BITS[c.rank] | _SUIT_BITS[c.suit] for c in hand]
    except KeyError:
        raise ValueError("jokers are not Wyrt cards") from None
    return HandValue(score_codes(codes), hand)
