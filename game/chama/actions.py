"""What a Chama seat can do: one small frozen dataclass per kind of move.

Slots are named "A".."F"; pool commanders are named by their unit id (`uid`),
a number the match gives every commander when it enters play.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card
from game.core import Action


@dataclass(frozen=True)
class KeepHand(Action):
    """Tournament: keep the opening hand ([R8])."""


@dataclass(frozen=True)
class Mulligan(Action):
    """Tournament: reshuffle the opening hand and draw a new one, once ([R8])."""


@dataclass(frozen=True)
class Redraw(Action):
    """Ressaque: show a realm-less hand and restart the game ([C3])."""


@dataclass(frozen=True)
class EndStep(Action):
    """Finish the current step of the turn (realm, pool or attack) and go on."""


@dataclass(frozen=True)
class PlayRealm(Action):
    """Step 2: a realm from hand into a free slot or onto a razed realm ([C5])."""

    card: Card
    slot: str


@dataclass(frozen=True)
class RebuildRealm(Action):
    """Step 2: turn a razed realm face up by discarding three cards ([C5])."""

    slot: str
    discards: tuple[Card, ...]


@dataclass(frozen=True)
class CallXisum(Action):
    """Xisum variant: turn pool commander `uid` face down and call on `target` ([C15])."""

    uid: int
    target: int


@dataclass(frozen=True)
class PoolCommander(Action):
    """Step 3: a commander from hand into the pool ([C7])."""

    card: Card


@dataclass(frozen=True)
class AttachArmy(Action):
    """Step 3: attach an army from hand to pool commander `uid` ([C7])."""

    uid: int
    card: Card


@dataclass(frozen=True)
class Attack(Action):
    """Step 4: choose the target realm of the battle ([C8])."""

    target: int
    slot: str


@dataclass(frozen=True)
class PresentPool(Action):
    """Battle: present pool commander `uid` for the next incursion ([C8])."""

    uid: int


@dataclass(frozen=True)
class PresentHand(Action):
    """Battle: present a commander straight from hand ([C8])."""

    card: Card


@dataclass(frozen=True)
class Decline(Action):
    """Battle, defender: present no commander; the realm is razed ([C8])."""


@dataclass(frozen=True)
class Reinforce(Action):
    """Battle, losing side (or an ally in Aliados): add an army from hand ([C8], [C15])."""

    card: Card


@dataclass(frozen=True)
class PlayArmistice(Action):
    """Battle, losing side: play an ace; the battle ends with no winner ([C11])."""

    card: Card


@dataclass(frozen=True)
class Stop(Action):
    """Battle: the losing side plays no more cards (an ally: does not help) ([C8])."""


@dataclass(frozen=True)
class ContinueBattle(Action):
    """Battle, attacker after winning an incursion: go on against the same realm ([C9])."""


@dataclass(frozen=True)
class StopBattle(Action):
    """Battle, attacker: send no more commanders; no spoils ([C9])."""


@dataclass(frozen=True)
class PlaySpoilsRealm(Action):
    """Spoils: play the realm just drawn as spoils into the formation now ([C10])."""

    slot: str


@dataclass(frozen=True)
class KeepSpoils(Action):
    """Spoils: keep the card drawn as spoils in hand ([C10])."""


@dataclass(frozen=True)
class PoolSpoilsCommander(Action):
    """Spoils, the player whose turn it is: put the commander drawn as spoils into
    the pool now (step 5's exception, [C10])."""


@dataclass(frozen=True)
class AttachSpoilsArmy(Action):
    """Spoils, the player whose turn it is: attach the army drawn as spoils to pool
    commander `uid`, which has none (step 5's exception, [C10])."""

    uid: int


@dataclass(frozen=True)
class DiscardCard(Action):
    """Step 5: discard one card from a hand above the limit ([C2])."""

    card: Card
