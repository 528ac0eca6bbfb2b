"""What the Chama table animates and logs. Private events carry a `seat`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.cards import Card
from game.core import Event


@dataclass(frozen=True)
class CutForFirst(Event):
    """Each seat in `seats` cut `cards` (same order) to pick the first player ([C2])."""

    seats: tuple[int, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class FirstPlayer(Event):
    """`seat` plays first; `how` is "cut" ([C2]) or "coin" ([R8])."""

    seat: int
    how: str


@dataclass(frozen=True)
class GameRestarted(Event):
    """A redraw restarted the game (number `game` of this match) ([C3])."""

    game: int


@dataclass(frozen=True)
class DrewCards(Event):
    """Public side of a draw: `seat` took `count` cards; `reason` deal/turn/spoils/mulligan."""

    seat: int
    count: int
    reason: str
    left: int


@dataclass(frozen=True)
class CardsDrawn(Event):
    """Private side of a draw: which cards `seat` took."""

    PRIVATE: ClassVar[bool] = True
    seat: int
    cards: tuple[Card, ...]
    reason: str


@dataclass(frozen=True)
class MulliganTaken(Event):
    """`seat` reshuffled the opening hand ([R8]); `kept` False means a new hand."""

    seat: int
    kept: bool


@dataclass(frozen=True)
class RedrawDeclared(Event):
    """`seat` showed a hand without realms and called a redraw ([C3])."""

    seat: int
    hand: tuple[Card, ...]
    count: int


@dataclass(frozen=True)
class TurnStarted(Event):
    """`seat` begins turn number `turn` (of the whole match)."""

    seat: int
    turn: int


@dataclass(frozen=True)
class StepStarted(Event):
    """`seat` moved to step `step` (1 draw … 6 end)."""

    seat: int
    step: int


@dataclass(frozen=True)
class RealmPlayed(Event):
    """`seat` played `card` into `slot`; `replaced` the razed realm discarded, if any."""

    seat: int
    slot: str
    card: Card
    replaced: Card | None
    spoils: bool


@dataclass(frozen=True)
class RealmRebuilt(Event):
    """`seat` rebuilt the realm in `slot` discarding `discards` ([C5])."""

    seat: int
    slot: str
    discards: tuple[Card, ...]


@dataclass(frozen=True)
class RealmRazed(Event):
    """The realm of `seat` in `slot` was razed by `by`."""

    seat: int
    slot: str
    by: int


@dataclass(frozen=True)
class CommanderPooled(Event):
    """`seat` put `card` into the pool as unit `uid` ([C7])."""

    seat: int
    uid: int
    card: Card


@dataclass(frozen=True)
class ArmyAttached(Event):
    """`seat` attached `card` to pool commander `uid` ([C7])."""

    seat: int
    uid: int
    card: Card


@dataclass(frozen=True)
class BattleStarted(Event):
    """`attacker` attacks the realm of `defender` in `slot` ([C8])."""

    attacker: int
    defender: int
    slot: str


@dataclass(frozen=True)
class CommanderPresented(Event):
    """In incursion `incursion`, `seat` (side "attack"/"defense") presents a commander."""

    seat: int
    side: str
    incursion: int
    uid: int
    commander: Card
    army: Card | None
    from_hand: bool
    level: int


@dataclass(frozen=True)
class DefenseDeclined(Event):
    """The defender `seat` presented no commander ([C8]). Whether he had one to
    present is never said ([C17])."""

    seat: int


@dataclass(frozen=True)
class Reinforced(Event):
    """`seat` added army `card` to side `side`; the new levels follow."""

    seat: int
    side: str
    card: Card
    attack_level: int
    defense_level: int


@dataclass(frozen=True)
class SideStopped(Event):
    """`seat` played no more cards for side `side` (`ally` True for a helper)."""

    seat: int
    side: str
    ally: bool


@dataclass(frozen=True)
class IncursionResolved(Event):
    """Incursion `incursion` ended; `winner` "attack" or "defense" (ties: defense)."""

    incursion: int
    winner: str
    attack_level: int
    defense_level: int
    discarded: tuple[Card, ...]


@dataclass(frozen=True)
class ArmisticeCast(Event):
    """`caster` played armistice `card` against `target` ([C11])."""

    caster: int
    target: int
    card: Card


@dataclass(frozen=True)
class ArmisticeEnded(Event):
    """The armistice of `caster` on `target` was discarded ([C11])."""

    caster: int
    target: int
    card: Card


@dataclass(frozen=True)
class BattleEnded(Event):
    """The battle ended: razed, defended, stopped, armistice or effect ([C8]-[C13])."""

    attacker: int
    defender: int
    slot: str
    result: str


@dataclass(frozen=True)
class SpoilsDrawn(Event):
    """`seat` drew `count` spoils card(s) ([C10]); `helper` for an Aliados helper."""

    seat: int
    count: int
    helper: bool


@dataclass(frozen=True)
class CardsDiscarded(Event):
    """`cards` of `seat` went to the discard pile; `reason` says why."""

    seat: int
    cards: tuple[Card, ...]
    reason: str


@dataclass(frozen=True)
class PoolDiscarded(Event):
    """`seat` had no realm: the whole pool (`cards`) was discarded ([C12])."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class XisumCalled(Event):
    """`seat` turned commander `uid` face down and called xisum on `target` ([C15])."""

    seat: int
    target: int
    uid: int
    commander: Card


@dataclass(frozen=True)
class XisumRevealed(Event):
    """`target` revealed `card` (None: empty pile); `outcome` discarded/won/lost/none."""

    seat: int
    target: int
    card: Card | None
    outcome: str


@dataclass(frozen=True)
class PlayerEliminated(Event):
    """`seat` is out ([C4]); `reason` "decked"."""

    seat: int
    reason: str


@dataclass(frozen=True)
class TurnEnded(Event):
    """`seat` ended the turn (step 6)."""

    seat: int
