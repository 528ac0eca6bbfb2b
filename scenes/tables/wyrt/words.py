"""Cards, hands and seats in words for the log, banners and badges."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.cards import Card, rank_text
from game.core import Action
from game.wyrt import records as R
from scenes.i18n import has, tr


def card_text(card: Card) -> str:
    """A card as the table writes it: rank and suit sign ("Q♥", "10♠"; the style's
    text drawing takes the signs from the symbols font)."""
    return rank_text(card.rank) + LETTER_SIGNS[card.suit]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards separated by spaces."""
    return " ".join(card_text(c) for c in cards)


def card_letters(card: Card) -> str:
    """A card for a pygame-gui widget, whose fonts lack the suit signs: rank and a
    suit letter ("Qc", "10e")."""
    return rank_text(card.rank) + tr(f"wyrttable.suit_short.{card.suit}")


def category_text(category: str) -> str:
    """The name of a hand category."""
    return tr(f"wyrt.categories.{category}")


def hand_title(ev: R.HandStarted) -> str:
    """A hand's heading in the history: its number and its deck."""
    return tr("wyrttable.hand_title", hand=ev.hand, deck=tr(f"wyrt.decks.{ev.deck}"))


SIGNS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
LETTER_SIGNS = {letter: sign for sign, letter in SIGNS.items()}


def without_suit_signs(text: str) -> str:
    """Suit signs written as suit letters ("10♠" -> "10s") for a pygame-gui widget,
    whose fonts lack the signs."""
    for sign, suit in SIGNS.items():
        text = text.replace(sign, tr(f"wyrttable.suit_short.{suit}"))
    return text


def unit_words(key: str, unit: str, **params: object) -> str:
    """The text of `key`, in life points at O Morto's tables: `<key>_pv` when the
    table plays for PV and such a text exists ("every chip" read wrong there)."""
    pv = f"{key}_pv"
    return tr(pv if unit == "PV" and has(pv) else key, **params)


#: the translation key (under wyrt.actions) of each action without an amount
ACTION_KEYS: dict[type[Action], str] = {
    R.Fold: "fold",
    R.Check: "check",
    R.Call: "call",
    R.AllIn: "allin",
    R.Straddle: "straddle",
    R.NoStraddle: "no_straddle",
    R.Cheat: "cheat",
    R.CheatPress: "cheat_press",
    R.CheatGiveUp: "cheat_give_up",
    R.Steal: "steal",
    R.Leave: "leave",
    R.Stay: "stay",
    R.Join: "join",
    R.InvokeRelic: "relic",
}


def action_words(action: Action, money: Callable[[int], str]) -> str:
    """An action in words (hints, the log): a raise says its amount in the session's unit."""
    if isinstance(action, R.Raise):
        return tr("wyrttable.raised", amount=money(action.to))
    name = ACTION_KEYS.get(type(action))
    return tr(f"wyrt.actions.{name}") if name else type(action).__name__
