"""War's actions (what a seat does) and events (what the table animates).

Territories and cards are named by their board names; a joker card is
`board.JOKER`. Log lines are the translation keys `war.events.<EventName>` with
placeholders named like the fields.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import Action, Event

# ---------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class Trade(Action):
    """Trade three cards for armies during reinforcement ([W5])."""

    cards: tuple[str, str, str]


@dataclass(frozen=True)
class Place(Action):
    """Place every pending army at once: territory -> count ([W3]).

    The table buffers clicks (and lets the player take back armies) and sends
    the whole placement in one action once the player confirms.
    """

    armies: dict[str, int]


@dataclass(frozen=True)
class Attack(Action):
    """Roll one attack from `source` to `target` with `dice` dice ([W6])."""

    source: str
    target: str
    dice: int


@dataclass(frozen=True)
class Occupy(Action):
    """Move `count` armies into the territory just conquered ([W7])."""

    count: int


@dataclass(frozen=True)
class EndAttacks(Action):
    """Stop attacking and go to the moves step ([W8])."""


@dataclass(frozen=True)
class Move(Action):
    """Move `count` armies between neighbouring own territories ([W8])."""

    source: str
    target: str
    count: int


@dataclass(frozen=True)
class EndTurn(Action):
    """Finish the turn (ends attacks too); draws a card after a conquest ([W9])."""


# ---------------------------------------------------------------------------
# Setup events


@dataclass(frozen=True)
class ColorsAssigned(Event):
    """Each seat's army colour, by seat."""

    colors: tuple[str, ...]


@dataclass(frozen=True)
class ObjectivesPrepared(Event):
    """The objective deck: destroy cards of absent colours were removed ([W1])."""

    removed: tuple[str, ...]
    in_deck: int


@dataclass(frozen=True)
class ObjectiveDealt(Event):
    """A seat's secret objective ([W1]); `active` is the 24-territory fallback
    when the card names the seat's own colour."""

    PRIVATE = True
    seat: int
    objective: str
    active: str


@dataclass(frozen=True)
class DealerChosen(Event):
    """Everyone rolled a die; the highest deals ([W2]). One dict per roll-off round."""

    rolls: tuple[dict[int, int], ...]
    dealer: int


@dataclass(frozen=True)
class TerritoriesDealt(Event):
    """Territory cards dealt one by one from the dealer's left, one army each ([W2])."""

    dealer: int
    order: tuple[str, ...]
    owners: dict[str, int]
    first_player: int


@dataclass(frozen=True)
class DeckShuffled(Event):
    """The territory deck (jokers back in) shuffled face down."""

    size: int


# ---------------------------------------------------------------------------
# Turn events


@dataclass(frozen=True)
class TurnStarted(Event):
    """A player's turn begins."""

    seat: int
    turn: int
    round: int


@dataclass(frozen=True)
class ReinforcementsReceived(Event):
    """Armies received at the start of a turn ([W3]): `base` from territories
    (at least 3), `continents` the bonus of each whole continent."""

    seat: int
    territories: int
    base: int
    continents: dict[str, int]
    total: int


@dataclass(frozen=True)
class CardsTraded(Event):
    """Three cards traded ([W5]); `bonus_territories` got +2 armies each."""

    seat: int
    cards: tuple[str, str, str]
    trade_number: int
    value: int
    bonus_territories: tuple[str, ...]


@dataclass(frozen=True)
class ArmiesPlaced(Event):
    """Reinforcements put on the map."""

    seat: int
    armies: dict[str, int]


@dataclass(frozen=True)
class BattleFought(Event):
    """One roll of an attack; dice sorted high to low ([W6])."""

    seat: int
    defender: int
    source: str
    target: str
    attack_dice: tuple[int, ...]
    defense_dice: tuple[int, ...]
    attacker_losses: int
    defender_losses: int


@dataclass(frozen=True)
class TerritoryConquered(Event):
    """The target lost its last army; the attacker must move in ([W7])."""

    seat: int
    defender: int
    source: str
    target: str
    max_armies: int


@dataclass(frozen=True)
class TerritoryOccupied(Event):
    """Armies moved into a conquered territory ([W7])."""

    seat: int
    source: str
    target: str
    count: int


@dataclass(frozen=True)
class AttacksEnded(Event):
    """The moves step begins ([W8])."""

    seat: int


@dataclass(frozen=True)
class ArmiesMoved(Event):
    """Armies moved between own territories after attacking ([W8])."""

    seat: int
    source: str
    target: str
    count: int


@dataclass(frozen=True)
class CardDrawn(Event):
    """The card earned by a conquest ([W9]); its face only for `seat`."""

    PRIVATE = True
    seat: int
    card: str


@dataclass(frozen=True)
class DeckReshuffled(Event):
    """The trade pile became the new deck ([W5])."""

    size: int


@dataclass(frozen=True)
class PlayerEliminated(Event):
    """`seat` lost its last territory to `by` ([W10])."""

    seat: int
    by: int


@dataclass(frozen=True)
class CardsTransferred(Event):
    """The eliminated player's cards: `count` to the eliminator, `to_pile` to the
    trade pile (above 5 cards, chosen at random) ([W10])."""

    from_seat: int
    to_seat: int
    count: int
    to_pile: int


@dataclass(frozen=True)
class CardsReceived(Event):
    """Which cards the eliminator received (only he sees them)."""

    PRIVATE = True
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class ObjectiveChecked(Event):
    """After an elimination, each player still in (but the eliminator) checks his
    objective: a "destroy <colour>" aimed at the fallen colour turns into
    "conquer 24 territories" ([W1]); `changed` says whether his did.

    Every such player gets one, changed or not: an event only for holders would
    tell the table who was hunting that colour ([G4])."""

    PRIVATE = True
    seat: int
    objective: str
    active: str
    color: str
    changed: bool


@dataclass(frozen=True)
class TurnEnded(Event):
    """A player's turn is over."""

    seat: int


@dataclass(frozen=True)
class ObjectiveAchieved(Event):
    """`seat` met its objective and wins ([W11])."""

    seat: int
    objective: str
    active: str


@dataclass(frozen=True)
class ObjectivesRevealed(Event):
    """Every objective card, shown at the end: seat -> objective id."""

    objectives: dict[int, str]


@dataclass(frozen=True)
class TimeUp(Event):
    """The turn limit was reached; standings by distance to victory ([R7])."""

    turn: int
