"""The community "dice cards" of Wyrt ([T5]).

A suit die (2 hearts, 3 spades, 4 diamonds, 5 clubs; 1 or 6 roll again) and two
value dice (sum 2-10 face value, 11 jack, 12 queen) make a card shared by every
player. Kings and aces never come from the dice, and a dice card may duplicate a
card someone holds, because it does not come from the deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.cards import Card
from game.rng import Rng

#: suit die face -> suit letter; the faces missing here (1 and 6) are rerolled
SUIT_OF_DIE: dict[int, str] = {2: "H", 3: "S", 4: "D", 5: "C"}
#: die face that names each suit (for rigging a roll's display, e.g. the Rosa relic)
DIE_OF_SUIT: dict[str, int] = {s: f for f, s in SUIT_OF_DIE.items()}


def card_from_dice(suit_die: int, value_dice: Sequence[int]) -> Card | None:
    """The dice card of one suit die and two value dice; None = reroll the suit.

    Raises ValueError for faces outside 1-6 or a number of value dice other than two.
    """
    if not (isinstance(suit_die, int) and 1 <= suit_die <= 6):
        raise ValueError(f"a suit die shows 1 to 6, not {suit_die!r}")
    dice = tuple(value_dice)
    if len(dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
        raise ValueError(f"the value needs two dice showing 1 to 6, not {value_dice!r}")
    suit = SUIT_OF_DIE.get(suit_die)
    if suit is None:
        return None
    return Card(dice[0] + dice[1], suit)


@dataclass(frozen=True)
class DiceCardRoll:
    """One rolled dice card with every die shown (rerolled suit dice included)."""

    suit_dice: tuple[int, ...]
    value_dice: tuple[int, int]
    card: Card


def roll_dice_card(rng: Rng, suit: str | None = None) -> DiceCardRoll:
    """Roll a dice card with the match's generator.

    `suit` forces the suit (the Rosa relic): no suit die is rolled then, and
    `suit_dice` shows the face that names that suit.
    """
    if suit is not None:
        suit_dice: tuple[int, ...] = (DIE_OF_SUIT[suit],)
    else:
        faces: list[int] = []
        while True:
            face = rng.randint(1, 6)
            faces.append(face)
            if face in SUIT_OF_DIE:
                break
        suit_dice = tuple(faces)
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    card = card_from_dice(suit_dice[-1], (a, b))
    assert card is not None
    return DiceCardRoll(suit_dice, (a, b), card)


def value_probabilities() -> dict[int, float]:
    """Probability of each dice-card rank (2..12; 11 = J, 12 = Q)."""
    out: dict[int, float] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            out[a + b] = out.get(a + b, 0.0) + 1 / 36
    return out


#: the 144 equally likely dice cards (36 value outcomes x 4 suits), for sampling
EQUALLY_LIKELY: tuple[Card, ...] = tuple(
    Card(a + b, s) for s in ("H", "S", "D", "C") for a in range(1, 7) for b in range(1, 7)
)
