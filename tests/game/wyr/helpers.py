"""Hand-built Wyr positions: rigged hands, pile order and dice."""

from __future__ import annotations

from collections import deque
from typing import Any

from game.cards import Card, parse_cards, standard_deck
from game.core import Event
from game.registry import new_match
from game.rng import Rng
from game.wyr.match import WyrMatch
from game.wyr.records import Pass, PickBet, Trade


class ScriptedRng(Rng):
    """An Rng whose dice come from a script (then from the seed as usual)."""

    def __init__(self, seed: int | str, dice: list[int]) -> None:
        super().__init__(seed)
        self.script: deque[int] = deque(dice)

    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]:
        out = []
        for _ in range(n):
            out.append(self.script.popleft() if self.script else self._r.randint(1, sides))
        return tuple(out)


def make(seats: int = 3, **options: Any) -> WyrMatch:
    """A fresh match at the bet phase of round 1."""
    m = new_match("wyr", seats, seed=5, options=options)
    assert isinstance(m, WyrMatch)
    return m


def rig(m: WyrMatch, hands: dict[int, str], pile: str = "") -> None:
    """Give seats exact hands; `pile` lists the next cards drawn, first first."""
    full = standard_deck(m.jokers)
    given = {s: parse_cards(text) for s, text in hands.items()}
    top = parse_cards(pile)
    for cards in [*given.values(), top]:
        for c in cards:
            full.remove(c)
    for s in range(m.n_seats):
        if s in given:
            m.hands[s] = list(given[s])
        elif m.hands[s]:
            # Unnamed seats keep 5 cards of the rest.
            m.hands[s] = [full.pop(0) for _ in range(5)]
    m.deck.cards = full + list(reversed(top))


def dice(m: WyrMatch, values: list[int]) -> None:
    """Script the next dice rolls of the match."""
    m.rng = ScriptedRng("scripted", values)


def bet_all(m: WyrMatch, picks: dict[int, int] | None = None) -> None:
    """Every active lord picks (20 unless told)."""
    for s in list(m.to_move):
        m.apply(s, PickBet((picks or {}).get(s, 20)))


def mao_keep(m: WyrMatch) -> None:
    """The Lorde de Wyr discards the card he drew (option 1) — his hand is unchanged."""
    dealer = m.to_move_one()
    drawn = m.hands[dealer][-1]
    m.apply(dealer, Trade((drawn,), "none"))


def pass_rest(m: WyrMatch) -> list[Event]:
    """Everyone passes until discard & trade ends; the events of those turns."""
    events: list[Event] = []
    while m.phase == "trade":
        events += m.apply(m.to_move_one(), Pass())
    return events


def to_show(m: WyrMatch, hands: dict[int, str], picks: dict[int, int] | None = None) -> list[Event]:
    """Rig hands, bet, keep every hand through discard & trade (Hora da Verdade
    follows); the events from the first pass on (the rolls and the round's end)."""
    rig(m, hands)
    bet_all(m, picks)
    mao_keep(m)
    return pass_rest(m)


def card(text: str) -> Card:
    """One card from its text."""
    return parse_cards(text)[0]


def codes(text: str) -> list[str]:
    """The codes of the cards written in `text` ("AS 10H" -> ["AS", "10H"])."""
    return [c.code for c in parse_cards(text)]
