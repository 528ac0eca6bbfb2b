"""Building hand-made Wyrt positions for the rules tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.cards import Card, parse_cards, standard_deck
from game.core import Action, Event
from game.registry import new_match
from game.rng import Rng
from game.wyrt.match import WyrtMatch
from game.wyrt.records import Call


class ScriptedRng(Rng):
    """An Rng whose dice (`randint`) follow a script; everything else is seeded."""

    def __init__(self, rolls: list[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        if self.rolls:
            v = self.rolls.pop(0)
            assert a <= v <= b, f"scripted roll {v} outside {a}..{b}"
            return v
        return super().randint(a, b)


def table(seats: int | list[str] = 3, seed: int = 1, **options: Any) -> WyrtMatch:
    """A fresh session; straddles off unless asked for."""
    opts = {"straddle": False, **options}
    m = new_match("wyrt", seats, seed=seed, options=opts)
    assert isinstance(m, WyrtMatch)
    return m


def give(m: WyrtMatch, *hands: str) -> None:
    """Set the hole cards of seats 0, 1, … ("" keeps a seat's cards); rebuild the deck.

    Cards of other seats that clash with the given ones are replaced from the deck.
    """
    given: dict[int, list[Card]] = {s: parse_cards(t) for s, t in enumerate(hands) if t}
    taken: Counter[Card] = Counter()
    for h in given.values():
        taken.update(h)
    for s in range(m.n_seats):
        if s in given:
            m.hands[s] = given[s]
        elif m.hands[s]:
            keep = [c for c in m.hands[s] if c not in taken]
            m.hands[s] = keep
            taken.update(keep)
    free = list((Counter(standard_deck()) - taken).elements())
    for s in range(m.n_seats):
        while m.hands[s] and len(m.hands[s]) < 5:
            m.hands[s].append(free.pop())
    m.deck.cards = free


def dice(m: WyrtMatch, *rolls: int) -> None:
    """Script the next die rolls of the match (suit die, value dice, tests…)."""
    m.rng = ScriptedRng(list(rolls))


def act(m: WyrtMatch, action: Action) -> list[Event]:
    """The seat to move takes `action`."""
    return m.apply(m.to_move[0], action)


def board(*codes: str) -> list[Card]:
    """Cards from codes."""
    return parse_cards(" ".join(codes))


def of(events: list[Event], kind: type) -> list[Any]:
    """The events of one class."""
    return [e for e in events if isinstance(e, kind)]


def stacks(m: WyrtMatch, *values: int) -> None:
    """Set the chips behind of seats 0, 1, … (after the blinds); keeps the books right."""
    for s, v in enumerate(values):
        m.stacks[s] = v
    m.total_chips = sum(m.stacks) + sum(m.contrib)
    m.start_stacks = [m.stacks[s] + m.contrib[s] for s in range(m.n_seats)]


def morto_to_bet(others: str) -> tuple[Any, int]:
    """Six seats, O Morto at seat 2, everyone called the big blind: he may bet."""
    m = table(6, seed=4, personas=[others] * 2 + ["morto"] + [others] * 3)
    give(m, "", "", "QS QH 5D 5C 3S")
    for seat in (3, 4, 5, 0, 1):
        m.apply(seat, Call())
    assert m.to_move == [2] and m.view(2)["to_call"] == 0
    return m, 2
