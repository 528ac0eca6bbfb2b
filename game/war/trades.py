"""Card trades ([W5]): which three cards make a set and what the n-th trade gives."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from game.war.board import BOARD, JOKER


def trade_value(n: int) -> int:
    """Armies for the n-th trade of the whole game (1-based): 4, 6, 8, 10, 12,
    15, then 5 more each time (20, 25, ...) ([W5], Tabela II)."""
    if n < 1:
        raise ValueError("trades are numbered from 1")
    if n <= 5:
        return 2 + 2 * n
    return 15 + 5 * (n - 6)


def is_set(cards: Sequence[str]) -> bool:
    """Three cards with equal or all different figures; a joker is any figure."""
    if len(cards) != 3:
        return False
    figures = [BOARD.figures[c] for c in cards if c != JOKER]
    if len(figures) < 3:
        return True  # one or more jokers complete any pair
    return len(set(figures)) in (1, 3)


def possible_sets(hand: Iterable[str]) -> list[tuple[str, str, str]]:
    """Every distinct set in `hand` (cards sorted in board order, jokers last)."""
    order = {t: i for i, t in enumerate(BOARD.territories)}
    cards = sorted(hand, key=lambda c: order.get(c, len(order)))
    seen: set[tuple[str, str, str]] = set()
    out: list[tuple[str, str, str]] = []
    for combo in combinations(cards, 3):
        key = (combo[0], combo[1], combo[2])
        if key in seen or not is_set(key):
            continue
        seen.add(key)
        out.append(key)
    return out


def contains(hand: Sequence[str], cards: Sequence[str]) -> bool:
    """Whether the multiset `cards` is inside `hand`."""
    left = list(hand)
    for c in cards:
        if c not in left:
            return False
        left.remove(c)
    return True
