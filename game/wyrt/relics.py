"""A Mão do Morto: the five enchanted spades of O Morto's deck ([T11]).

The cards themselves are ordinary (A♠ K♠ Q♠ J♠ 10♠) and only look special. Their
powers are our own design, a **house rule** (option `relics`), each usable once
per match by whoever holds the card, on his own turn to bet:

- Cetro (A♠): command the dice — roll the last dice card again;
- Coroa (K♠): royal demand — see one random card of an opponent still in the hand;
- Moeda (Q♠): buy fortune — give one card back to the deck and draw its top card;
- Rosa (J♠): charm — choose the suit of the next dice card (only its value is rolled);
- Máscara (10♠): disguise — your 10♠ counts as a 10 of another suit for this hand.
"""

from __future__ import annotations

from game.cards import Card

CETRO = "cetro"
COROA = "coroa"
MOEDA = "moeda"
ROSA = "rosa"
MASCARA = "mascara"

#: relic -> its card
RELIC_CARDS: dict[str, Card] = {
    CETRO: Card(14, "S"),
    COROA: Card(13, "S"),
    MOEDA: Card(12, "S"),
    ROSA: Card(11, "S"),
    MASCARA: Card(10, "S"),
}
#: card -> relic name
RELIC_OF_CARD: dict[Card, str] = {c: r for r, c in RELIC_CARDS.items()}
RELICS: tuple[str, ...] = tuple(RELIC_CARDS)
#: suits the Máscara may pretend to be
MASK_SUITS: tuple[str, ...] = ("H", "D", "C")


def relic_of(card: Card) -> str:
    """The relic name of a card of A Mão do Morto, "" for any other card."""
    return RELIC_OF_CARD.get(card, "")


def relic_codes() -> dict[str, str]:
    """Card code -> relic name, for views (the table draws these cards' own art)."""
    return {c.code: r for r, c in RELIC_CARDS.items()}
