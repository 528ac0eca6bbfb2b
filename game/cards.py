"""Playing cards shared by every game: ranks, suits, jokers, decks, parsing.

Ranks are integers 2..14 (J=11, Q=12, K=13, A=14); a joker has rank 0 and no
suit. Suits are the letters S H D C (♠ ♥ ♦ ♣). Cards of the same rank and suit are
equal: games that hold several copies (Chama, Wyrt's dice cards) count them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, total_ordering
from typing import Any

from game.rng import Rng

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS: tuple[int, ...] = tuple(range(2, 15))
JOKER_RANK = 0
_RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}
_TEXT_RANK = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10}
_SYMBOL_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
# Variation selectors and the "white" suit symbols some keyboards produce.
_SYMBOL_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})


def rank_text(rank: int) -> str:
    """The printed rank: "A", "K", "Q", "J", "10" … "2"."""
    if rank == JOKER_RANK:
        return "JK"
    return _RANK_TEXT.get(rank, str(rank))


@total_ordering
@dataclass(frozen=True)
class Card:
    """One card. Ordered by rank, then suit letter (only for stable sorting)."""

    rank: int
    suit: str = ""

    def __post_init__(self) -> None:
        if self.rank == JOKER_RANK:
            if self.suit:
                raise ValueError("a joker has no suit")
        elif self.rank not in RANKS or self.suit not in SUITS:
            raise ValueError(f"not a card: rank {self.rank!r} suit {self.suit!r}")

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank == JOKER_RANK

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds."""
        return self.suit in ("H", "D")

    @cached_property
    def code(self) -> str:
        """ASCII code used in saves: "AS", "10H", "JK" (worked out once a card:
        a server spells out thousands a second)."""
        return "JK" if self.is_joker else rank_text(self.rank) + self.suit

    def __str__(self) -> str:
        return "JK" if self.is_joker else rank_text(self.rank) + SUIT_SYMBOLS[self.suit]

    # A card never changes: copies of a match share its cards (clones for search
    # and the harness's checks copy thousands of them).
    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def __repr__(self) -> str:
        return f"Card({self})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit) < (other.rank, other.suit)

    @classmethod
    def from_code(cls, text: str) -> Card:
        """Parse one card in any accepted spelling (see `parse_cards`)."""
        return parse_card(text)


JOKER = Card(JOKER_RANK)

_TOKEN = re.compile(r"^(10|[2-9]|[AKQJT])(.+)$")


def parse_card(token: str) -> Card:
    """Parse one card: rank A,2-10|T,J,Q,K then suit ♠♥♦♣ or s h d c; JK is a joker."""
    t = token.strip().upper().replace("\ufe0f", "")
    if t in ("JK", "JOKER", "🃏"):
        return JOKER
    m = _TOKEN.match(t)
    if not m:
        raise ValueError(f"not a card: {token!r}")
    rank_s, suit_s = m.groups()
    rank = _TEXT_RANK[rank_s] if rank_s in _TEXT_RANK else int(rank_s)
    suit = _SYMBOL_SUIT.get(suit_s, suit_s)
    if suit not in SUITS:
        raise ValueError(f"not a suit in {token!r}")
    return Card(rank, suit)


def parse_cards(text: str) -> list[Card]:
    """Parse a space- or comma-separated list of cards: "A♠ 10h QH 2♦ JK"."""
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    return [parse_card(t) for t in tokens]


def standard_deck(jokers: int = 0) -> list[Card]:
    """The 52 cards in a fixed order (suits S H D C, ranks 2..A), then jokers."""
    return [Card(r, s) for s in SUITS for r in RANKS] + [JOKER] * jokers


def suit_deck(suit: str, copies: int = 4) -> list[Card]:
    """`copies` of each of the 13 ranks of one suit (Chama's one-suit decks)."""
    if suit not in SUITS:
        raise ValueError(f"not a suit: {suit!r}")
    return [Card(r, suit) for r in RANKS for _ in range(copies)]


class Deck:
    """A draw pile: the top of the deck is the end of the list."""

    def __init__(self, cards: list[Card] | None = None) -> None:
        self.cards: list[Card] = list(cards or [])

    def __len__(self) -> int:
        return len(self.cards)

    def shuffle(self, rng: Rng) -> None:
        """Shuffle with the match's generator."""
        rng.shuffle(self.cards)

    def draw(self, n: int = 1) -> list[Card]:
        """Take up to `n` cards from the top (fewer if the deck runs short)."""
        n = min(n, len(self.cards))
        if n <= 0:
            return []
        taken = self.cards[-n:]
        del self.cards[-n:]
        taken.reverse()
        return taken

    def draw_one(self) -> Card:
        """Take the top card; raises IndexError on an empty deck."""
        return self.cards.pop()

    def peek(self) -> Card | None:
        """The top card without taking it."""
        return self.cards[-1] if self.cards else None

    def put_bottom(self, cards: list[Card]) -> None:
        """Put cards under the deck."""
        self.cards[:0] = cards

    def put_top(self, cards: list[Card]) -> None:
        """Put cards on top (the last one given ends on top)."""
        self.cards.extend(cards)


def codes(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    """Save codes of several cards."""
    return [c.code for c in cards]


def from_codes(items: list[str]) -> list[Card]:
    """Cards back from their save codes."""
    return [parse_card(x) for x in items]
