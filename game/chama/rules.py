"""Chama's fixed rules data: card roles, the formation's geometry, table score.

Everything here is pure data or a pure function of its arguments, so bots, the
match and the tests share one definition of each rule.
"""

from __future__ import annotations

from game.cards import Card, suit_deck

#: Decks by seat: each player owns one whole suit ([C1]).
SEAT_SUITS: tuple[str, ...] = ("S", "H", "D", "C")
#: Slot names of the formation, a pyramid: A on top, B C in the middle, D E F at the base.
SLOTS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F")
#: Which slots cover (protect) each slot ([C6]).
COVERED_BY: tuple[tuple[int, ...], ...] = ((), (0,), (0,), (1,), (1, 2), (2,))
OPENING_HAND = 5
DRAW_PER_TURN = 3
HAND_LIMIT = 8
REDRAWS_PER_PLAYER = 2
REDRAW_TURNS = 2
REBUILD_COST = 3
REALMS_TO_WIN = 6
TEAM_REALMS_TO_WIN = 10
CONQUEST_RAZES = 4
CONQUEST_REALMS = 3
MODES: tuple[str, ...] = ("campeonato", "guerrilha", "duplas", "conquistadores")
#: [C16] unrazed realms -> points (6 only happens in Duplas: the Fibonacci run goes on).
REALM_POINTS: tuple[int, ...] = (0, 3, 5, 8, 13, 21, 34)


def is_realm(card: Card) -> bool:
    """K, Q and J are realms ([C1])."""
    return card.rank in (11, 12, 13)


def is_commander(card: Card) -> bool:
    """5, 4, 3 and 2 are commanders of that level ([C1])."""
    return 2 <= card.rank <= 5


def is_army(card: Card) -> bool:
    """10 to 6 are armies of that level ([C1])."""
    return 6 <= card.rank <= 10


def is_armistice(card: Card) -> bool:
    """Aces are armistices ([C1])."""
    return card.rank == 14


def role(card: Card) -> str:
    """The card's role name: realm, commander, army or armistice."""
    if is_realm(card):
        return "realm"
    if is_commander(card):
        return "commander"
    if is_army(card):
        return "army"
    return "armistice"


def level(card: Card | None) -> int:
    """Printed level of a commander or army (0 for none)."""
    return 0 if card is None else card.rank


def full_deck(suit: str) -> list[Card]:
    """The 52-card one-suit deck of [C1]."""
    return suit_deck(suit)


def slot_index(name: str) -> int:
    """'A'..'F' -> 0..5; raises ValueError otherwise."""
    return SLOTS.index(name)


def can_fill(filled: list[bool], index: int) -> bool:
    """Slot order ([C5]): A first; B and C after A; D, E, F after both B and C."""
    if filled[index]:
        return False
    if index == 0:
        return True
    if index in (1, 2):
        return filled[0]
    return filled[1] and filled[2]


def exposed(present: list[bool], razed: list[bool], index: int, guerrilha: bool) -> bool:
    """Whether an unrazed realm at `index` may be attacked ([C6]).

    A realm is covered while any slot that covers it holds an unrazed realm;
    Guerrilha ignores protection ([C14]).
    """
    if not present[index] or razed[index]:
        return False
    if guerrilha:
        return True
    return all(not present[c] or razed[c] for c in COVERED_BY[index])


def realm_points(unrazed: int) -> int:
    """[C16] points for a number of unrazed realms."""
    return REALM_POINTS[max(0, min(unrazed, len(REALM_POINTS) - 1))]


def timed_score(unrazed_realms: int, commanders: int, armies: int) -> int:
    """The table score of a timed match ([C16]).

    Each army in play scores 1, each commander in play 2, and unrazed realms
    1 -> 3, 2 -> 5, 3 -> 8, 4 -> 13, 5 -> 21 (6 -> 34, only reachable in Duplas).
    """
    if unrazed_realms < 0 or commanders < 0 or armies < 0:
        raise ValueError("counts cannot be negative")
    return realm_points(unrazed_realms) + 2 * commanders + armies
