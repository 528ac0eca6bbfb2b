"""Cards, hands and seats in words for the log, banners and badges."""

from __future__ import annotations

from collections.abc import Iterable

from game.cards import Card, rank_text
from scenes.i18n import tr


def card_text(card: Card) -> str:
    """A card as text the fonts can draw: rank and a suit letter ("Qh", "10e")."""
    return rank_text(card.rank) + tr(f"wyrttable.suit_short.{card.suit}")


def cards_text(cards: Iterable[Card]) -> str:
    """Cards separated by spaces."""
    return " ".join(card_text(c) for c in cards)


def category_text(category: str) -> str:
    """The name of a hand category."""
    return tr(f"wyrt.categories.{category}")
