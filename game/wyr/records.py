"""Wyr's actions (what a lord does) and events (what the table animates).

Type names are stable save tags (`wyr.<ClassName>`): never rename a class.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.cards import Card
from game.core import Action, Event

# ---------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class PickBet(Action):
    """A secret pick of T$ 10, 20 or 50 before seeing the hand ([Y2])."""

    amount: int


@dataclass(frozen=True)
class MulliganChoice(Action):
    """Tournament rules, first deal only: redraw the hand once, or keep it ([R8])."""

    mulligan: bool


@dataclass(frozen=True)
class Pass(Action):
    """Keep the hand as it is this turn of discard & trade ([Y3])."""


@dataclass(frozen=True)
class Trade(Action):
    """Discard cards to the table and refill to 5 ([Y3], [Y4]).

    `source` is "pile" (the draw pile), "table" (cards already on the table),
    or "none" (only the Mão de Wyr's single discard). `take` lists table
    positions (as they were before this action): the table cards taken when
    the source is "table", or the ones completing a refill when the pile runs
    short ([Y3]). Only cards discarded by the other lords or turned up by the
    Mão de Wyr may be taken, never the lord's own discards ([Y3]). Under
    Tenebra the positions are all a lord can choose (blind). Discards and
    positions are kept sorted, so equal choices make equal actions.
    """

    discard: tuple[Card, ...]
    source: str
    take: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # One canonical form (discards and positions sorted) so that an action
        # `apply` accepts is always equal to one that `legal_actions` lists.
        for name in ("discard", "take"):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, tuple(sorted(value)))
            except TypeError:
                object.__setattr__(self, name, tuple(value))

    @classmethod
    def sorted_already(
        cls, discard: tuple[Card, ...], source: str, take: tuple[int, ...] = ()
    ) -> Trade:
        """A trade whose discards and positions are sorted tuples already: equal
        to `Trade(discard, source, take)`, without sorting them again (a turn's
        options are some 1,000 trades, and a server lists one every action)."""
        trade = object.__new__(cls)
        object.__setattr__(trade, "discard", discard)
        object.__setattr__(trade, "source", source)
        object.__setattr__(trade, "take", take)
        return trade

    def to_dict(self) -> dict[str, Any]:
        """As `Record.to_dict` spells it, written out (the same dict, faster)."""
        return {
            "type": self.TYPE,
            "discard": [c.code for c in self.discard],
            "source": self.source,
            "take": list(self.take),
        }


@dataclass(frozen=True)
class ThyatisChoice(Action):
    """Thyatis: reroll the lowest die once, or keep the roll ([Y11])."""

    reroll: bool


# ---------------------------------------------------------------------------
# Events


@dataclass(frozen=True)
class FirstDealerDrawn(Event):
    """Tournament rules: the first Lorde de Wyr was drawn at random ([R8])."""

    seat: int


@dataclass(frozen=True)
class DealerChanged(Event):
    """A new round: `seat` shuffles, deals and becomes Lorde de Wyr ([Y10])."""

    seat: int
    round: int


@dataclass(frozen=True)
class HandsDealt(Event):
    """Five cards face down to each lord still playing (nobody looks yet)."""

    dealer: int
    seats: tuple[int, ...]
    count: int


@dataclass(frozen=True)
class BetPlaced(Event):
    """A lord has made his secret pick (its value stays hidden) ([Y2])."""

    seat: int


@dataclass(frozen=True)
class BetsRevealed(Event):
    """All picks turned over together, and the table bet they give ([Y2])."""

    bets: tuple[int, ...]
    seats: tuple[int, ...]
    table_bet: int


@dataclass(frozen=True)
class PotPaid(Event):
    """A lord pays into the pot: the table bet, or everything he has ([Y2])."""

    seat: int
    amount: int
    pot: int
    all_in: bool


@dataclass(frozen=True)
class HandRevealed(Event):
    """A lord looks at his hand (private to him)."""

    PRIVATE = True
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class MulliganDecided(Event):
    """Tournament rules: a lord redrew his hand, or kept it ([R8])."""

    seat: int
    mulligan: bool


@dataclass(frozen=True)
class TradeTurn(Event):
    """A lord's turn of discard & trade; `mao_de_wyr` on the dealer's first ([Y3], [Y4])."""

    seat: int
    trade_round: int
    mao_de_wyr: bool


@dataclass(frozen=True)
class CardsToTable(Event):
    """Cards laid on the table, face up (with their faces) or face down (Tenebra).

    `source` is "pile" for the two Mão de Wyr cards and "hand" for discards;
    `positions` are their places on the table.
    """

    seat: int
    source: str
    count: int
    face_up: bool
    cards: tuple[Card, ...]
    positions: tuple[int, ...]


@dataclass(frozen=True)
class CardsLaidDown(Event):
    """The faces of a lord's own face-down discards and where they lie
    (Tenebra, [Y11]; private to him: the public `CardsToTable` has none)."""

    PRIVATE = True
    seat: int
    cards: tuple[Card, ...]
    positions: tuple[int, ...]


@dataclass(frozen=True)
class CardsDrawn(Event):
    """A lord draws from the pile (how many; the faces go in `CardsReceived`)."""

    seat: int
    count: int


@dataclass(frozen=True)
class TableCardsTaken(Event):
    """A lord takes table cards; `cards` is empty when they lay face down."""

    seat: int
    positions: tuple[int, ...]
    cards: tuple[Card, ...]
    blind: bool


@dataclass(frozen=True)
class CardsReceived(Event):
    """The faces of cards a lord drew or took blind (private to him)."""

    PRIVATE = True
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Passed(Event):
    """A lord kept his hand this turn ([Y3])."""

    seat: int


@dataclass(frozen=True)
class HandsShown(Event):
    """Hora da Verdade: every hand and its combination, in show order ([Y7])."""

    seats: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    combinations: tuple[str, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class DiceRolled(Event):
    """A lord's dice: `kind` is "main", "reis_second" ([Y9]) or "rolloff" ([Y8])."""

    seat: int
    dice: tuple[int, ...]
    total: int
    kind: str


@dataclass(frozen=True)
class ReisBestKept(Event):
    """Reis de Arton keeps the better of his two rolls ([Y9])."""

    seat: int
    dice: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class DieRerolled(Event):
    """Thyatis: the lowest die rolled again ([Y11])."""

    seat: int
    old: int
    new: int
    dice: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class RollKept(Event):
    """Thyatis: the lord keeps his roll ([Y11])."""

    seat: int


@dataclass(frozen=True)
class ScoreSet(Event):
    """A lord's score: combination points plus dice ([Y7])."""

    seat: int
    combination: str
    points: int
    dice_total: int
    score: int


@dataclass(frozen=True)
class RollOffStarted(Event):
    """Tied lords roll off for it ([Y8]); `purpose` is "pot" or "remainder"."""

    seats: tuple[int, ...]
    purpose: str


@dataclass(frozen=True)
class RollOffWon(Event):
    """The roll-off winner ([Y8])."""

    seat: int


@dataclass(frozen=True)
class RoundWon(Event):
    """Who takes the pot and why: "score", "combination", "reis", "rolloff", "reis_split"."""

    winners: tuple[int, ...]
    reason: str
    pot: int


@dataclass(frozen=True)
class PotMoved(Event):
    """Money from the pot to a lord: "win", "share" or "remainder" ([Y9])."""

    seat: int
    amount: int
    kind: str


@dataclass(frozen=True)
class LordLeft(Event):
    """A lord with T$ 0 leaves the game ([Y10])."""

    seat: int


@dataclass(frozen=True)
class RoundEnded(Event):
    """The round is over; everyone's money after it."""

    round: int
    money: tuple[int, ...]
