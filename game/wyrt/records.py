"""Wyrt actions (what a seat does) and events (what the table animates and logs).

Every event class has a log line `wyrt.events.<ClassName>` whose placeholders
are the event's fields. Private events (`PRIVATE = True`) reveal something to
one seat only: hole cards, the cheat dice, stolen cards, relic peeks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.cards import Card
from game.core import Action, Event

# ---------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class Fold(Action):
    """Give up the hand; chips already bet stay in the pot."""


@dataclass(frozen=True)
class Check(Action):
    """Pass when nothing is owed."""


@dataclass(frozen=True)
class Call(Action):
    """Match the highest bet (or put in everything, if short)."""


@dataclass(frozen=True)
class Raise(Action):
    """Bet or raise so that this round's bet totals `to` ([T3])."""

    to: int


@dataclass(frozen=True)
class AllIn(Action):
    """Put in every chip left; always allowed ([T3])."""


@dataclass(frozen=True)
class Straddle(Action):
    """Post the straddle, twice the minimum, before the deal ([T2])."""


@dataclass(frozen=True)
class NoStraddle(Action):
    """Decline the straddle and act first ([T2])."""


@dataclass(frozen=True)
class Leave(Action):
    """Get up from the table ([T8], [T11])."""


@dataclass(frozen=True)
class Stay(Action):
    """Between hands at the Life Cassino: keep one's place (seated or away)."""


@dataclass(frozen=True)
class Join(Action):
    """Between hands at the Life Cassino: sit down again ([T11])."""


@dataclass(frozen=True)
class Cheat(Action):
    """Try to steal cards from the deck ([T9]); the dice decide."""


@dataclass(frozen=True)
class CheatPress(Action):
    """After a failed Inteligência test, take the Habilidade test one level harder."""


@dataclass(frozen=True)
class CheatGiveUp(Action):
    """After a failed Inteligência test, give up the cheat (nothing happens)."""


@dataclass(frozen=True)
class Steal(Action):
    """Take `take` from the deck, then discard `discard` back to five cards."""

    take: tuple[Card, ...]
    discard: tuple[Card, ...]


@dataclass(frozen=True)
class InvokeRelic(Action):
    """Use a card of A Mão do Morto (house rule): its power, once per match.

    `target` (Coroa) is a seat, `suit` (Rosa, Máscara) a suit letter, `card`
    (Moeda) the card given up.
    """

    relic: str
    target: int = -1
    suit: str = ""
    card: Card | None = None


# ---------------------------------------------------------------------------
# Events


@dataclass(frozen=True)
class BuckDrawn(Event):
    """Tournament rules: the first buck is drawn at random ([R8])."""

    seat: int


@dataclass(frozen=True)
class HandStarted(Event):
    """A new hand: who holds the buck, who deals (-1: the fixed dealer), blinds."""

    hand: int
    buck: int
    dealer: int
    small_blind: int
    big_blind: int
    deck: str


@dataclass(frozen=True)
class BlindPosted(Event):
    """A forced bet: blind is small, big, straddle or join."""

    seat: int
    blind: str
    amount: int
    all_in: bool


@dataclass(frozen=True)
class StraddleDeclined(Event):
    """The player left of the big blind does not straddle ([T2])."""

    seat: int


@dataclass(frozen=True)
class CardsDealt(Event):
    """Five cards to each of `seats`, one at a time from the buck's left."""

    seats: tuple[int, ...]
    count: int


@dataclass(frozen=True)
class HoleCards(Event):
    """Your cards (`relics` names a Mão do Morto card, "" for a plain card)."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    cards: tuple[Card, ...]
    relics: tuple[str, ...]


@dataclass(frozen=True)
class BettingRoundStarted(Event):
    """Betting round `number` (1-3) begins; `first` acts first."""

    number: int
    first: int


@dataclass(frozen=True)
class PlayerFolded(Event):
    """A player folds."""

    seat: int


@dataclass(frozen=True)
class PlayerChecked(Event):
    """A player checks."""

    seat: int


@dataclass(frozen=True)
class PlayerCalled(Event):
    """A player calls, adding `amount`."""

    seat: int
    amount: int


@dataclass(frozen=True)
class PlayerRaised(Event):
    """A player bets or raises to `to`, adding `amount`."""

    seat: int
    to: int
    amount: int


@dataclass(frozen=True)
class PlayerAllIn(Event):
    """A player puts in his last chips (`amount`), betting `to` this round."""

    seat: int
    to: int
    amount: int


@dataclass(frozen=True)
class DiceCardRolled(Event):
    """A community card from the dice ([T5]): every suit die (rerolls too), the value dice."""

    number: int
    suit_dice: tuple[int, ...]
    value_dice: tuple[int, int]
    card: Card
    forced_suit: bool


@dataclass(frozen=True)
class DiceCardRerolled(Event):
    """The Cetro replaced dice card `number` with a new roll."""

    number: int
    suit_dice: tuple[int, ...]
    value_dice: tuple[int, int]
    card: Card
    old: Card


@dataclass(frozen=True)
class RunOut(Event):
    """Nobody can bet any more: the remaining dice cards are rolled at once ([T5])."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class HandShown(Event):
    """Showdown: a player's cards, best five and category ([T6])."""

    seat: int
    cards: tuple[Card, ...]
    best_five: tuple[Card, ...]
    category: str


@dataclass(frozen=True)
class PotWon(Event):
    """Pot `pot` (1 = main) of `amount` goes to `winners` in `shares` ([T4])."""

    pot: int
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    category: str


@dataclass(frozen=True)
class PotWonUncontested(Event):
    """Everyone else folded: `seat` takes `amount` without showing."""

    seat: int
    amount: int


@dataclass(frozen=True)
class UncalledReturned(Event):
    """The part of a bet nobody matched goes back to its owner."""

    seat: int
    amount: int


@dataclass(frozen=True)
class PlayerBusted(Event):
    """A player has no chips left and leaves the table ([T8])."""

    seat: int


@dataclass(frozen=True)
class CheatTested(Event):
    """Your cheat test: `test` is I or H; passes on roll <= target, never on a 6."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    test: str
    roll: int
    target: int
    level: str
    success: bool


@dataclass(frozen=True)
class CheatAbandoned(Event):
    """You gave up the cheat after the failed Inteligência test."""

    PRIVATE: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True)
class CheatSucceeded(Event):
    """Unnoticed: the die lets you take `count` cards from the deck."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    roll: int
    count: int


@dataclass(frozen=True)
class CardsStolen(Event):
    """The cards you took and the cards you put back."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    taken: tuple[Card, ...]
    discarded: tuple[Card, ...]


@dataclass(frozen=True)
class CheatCaught(Event):
    """Caught cheating: the Habilidade roll failed; `forfeited` stays in the pot ([T9])."""

    seat: int
    roll: int
    target: int
    level: str
    forfeited: int


@dataclass(frozen=True)
class PlayerExpelled(Event):
    """Expelled for the rest of the session, taking `stack` away ([T9])."""

    seat: int
    stack: int


@dataclass(frozen=True)
class PlayerLeft(Event):
    """A player gets up, taking `stack` with him ([T8])."""

    seat: int
    stack: int


@dataclass(frozen=True)
class PlayerJoined(Event):
    """A player sits down at the Life Cassino; he posts a big blind ([T11])."""

    seat: int


@dataclass(frozen=True)
class SoulTaken(Event):
    """O Morto takes a player's soul ([T11])."""

    seat: int


@dataclass(frozen=True)
class MortoDefeated(Event):
    """O Morto is at 0 PV or caught cheating: players may now leave ([T11])."""

    seat: int
    reason: str


@dataclass(frozen=True)
class WishGranted(Event):
    """The last one standing in the Death Match wins O Morto's Wish ([T11])."""

    seat: int


@dataclass(frozen=True)
class RelicInvoked(Event):
    """A card of A Mão do Morto shows its power (house rule)."""

    seat: int
    relic: str
    target: int
    suit: str


@dataclass(frozen=True)
class RelicPeek(Event):
    """The Coroa shows you one card of `target`'s hand."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    target: int
    card: Card


@dataclass(frozen=True)
class RelicExchange(Event):
    """The Moeda: you gave up `given` and drew `drawn`."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    given: Card
    drawn: Card


@dataclass(frozen=True)
class MaskWorn(Event):
    """The Máscara: your 10♠ counts as a 10 of `suit` for this hand."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    suit: str


@dataclass(frozen=True)
class SessionEnded(Event):
    """The session is over: reason is one_left, hand_limit, turn_limit, left or empty."""

    reason: str
