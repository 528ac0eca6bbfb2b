"""Conservation laws and the leak check of Wyr's views ([G4])."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.cards import Card, standard_deck
from game.core import Action, Event, Match
from game.rng import Rng
from game.wyr.match import WyrMatch
from game.wyr.records import BetsRevealed, HandsShown
from game.wyr.rules import BET_CHOICES, HAND_SIZE, STARTING_MONEY


def invariants(match: Match) -> None:
    """Money and cards are conserved; hands hold 5 whenever the rules say so."""
    assert isinstance(match, WyrMatch)
    m = match
    total = sum(m.money) + m.pot
    assert total == STARTING_MONEY * m.n_seats, f"money not conserved: {total}"
    assert all(x >= 0 for x in m.money), "negative money"
    cards: Counter[Card] = Counter(m.deck.cards)
    for h in m.hands:
        cards.update(h)
    cards.update(m.table)
    assert cards == Counter(standard_deck(m.jokers)), "cards not conserved"
    assert len(m.table) == len(m.table_up) == len(m.table_by)
    for s in range(m.n_seats):
        if m.out[s]:
            assert m.money[s] == 0 and not m.hands[s], f"seat {s} left but still plays"
            continue
        size = len(m.hands[s])
        if m.over:
            assert size == 0
        elif m.mao_de_wyr and s == m.dealer:
            assert size == HAND_SIZE + 1, "the Lorde de Wyr holds 6 during the Mão de Wyr"
        else:
            assert size == HAND_SIZE, f"seat {s} holds {size} cards"
    if m.phase == "thyatis":
        # Hands of 5 at the end of discard & trade, shown at the Hora da Verdade.
        assert all(len(m.hands[s]) == HAND_SIZE for s in m.active)


def _codes_in(value: Any, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            _codes_in(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _codes_in(v, out)


def check_view(match: Match, seat: int, view: dict[str, Any]) -> None:
    """The view shows `seat` its own hand and the public table only ([G4])."""
    assert isinstance(match, WyrMatch)
    m = match
    own = [c.code for c in m.hands[seat]] if m.hands_seen else []
    assert view["hand"] == own, "the view's hand is not the seat's own"
    if not m.hands_seen:
        assert view["hand"] == [], "the hand is visible before the bets are revealed"
    # Unrevealed picks never show, except one's own.
    if not m.revealed_bets:
        assert all(b is None for b in view["bets"]), "a bet shows before the reveal"
    assert view["my_pick"] == m.picks.get(seat)
    # Table: face-down cards hidden unless this seat laid them.
    assert len(view["table"]) == len(m.table)
    for entry, card, up, by in zip(view["table"], m.table, m.table_up, m.table_by, strict=True):
        if up or by == seat:
            assert entry["card"] == card.code
        else:
            assert entry["card"] is None, "a face-down table card shows"
    # Nothing anywhere in the view names a card hidden from this seat.
    secret: set[str] = {c.code for c in m.deck.cards}
    for s in range(m.n_seats):
        if s != seat and (m.show is None or s not in m.show["combos"]):
            secret.update(c.code for c in m.hands[s])
    for card, up, by in zip(m.table, m.table_up, m.table_by, strict=True):
        if not up and by != seat:
            secret.add(card.code)
    # Jokers look alike; a visible joker says nothing about a hidden one.
    secret.discard("JK")
    allowed = set(own) | _publicly_known(m, seat)
    found: list[str] = []
    # Seat names are free text; the last round's hands were shown before this shuffle.
    _codes_in({k: v for k, v in view.items() if k not in ("seats", "last_round")}, found)
    leaks = sorted((set(found) & secret) - allowed)
    assert not leaks, f"view of seat {seat} leaks {leaks}"


def _publicly_known(m: WyrMatch, seat: int) -> set[str]:
    """Cards this seat legitimately saw this round (face-up table, own discards, shown hands)."""
    known: set[str] = set()
    for h in m.history:
        for item in list(h["discards"]) + list(h["taken"]):
            if item["up"] or item["by"] == seat or h["seat"] == seat:
                known.add(item["card"].code)
    if m.show is not None:
        for s in m.show["combos"]:
            known.update(c.code for c in m.hands[s])
    for card, up in zip(m.table, m.table_up, strict=True):
        if up:
            known.add(card.code)
    return known


def scramble(match: Match, keep: frozenset[int], rng: Rng) -> Match:
    """A copy where every card hidden from the seats in `keep` is dealt anew, and
    their unrevealed bets picked anew (for the harness's shape check, [G4]).

    Hidden: the other lords' hands (until the Hora da Verdade shows them), the
    pile, and face-down table cards (Tenebra) laid by another lord or by the Mão
    de Wyr. Face-up table cards and one's own face-down discards stay.
    """
    assert isinstance(match, WyrMatch)
    other = match.clone()
    assert isinstance(other, WyrMatch)
    for s in other.picks:
        if s not in keep and not other.revealed_bets:
            other.picks[s] = rng.choice(BET_CHOICES)
    hands = [] if other.show is not None else [s for s in range(other.n_seats) if s not in keep]
    spots = [
        i
        for i, (up, by) in enumerate(zip(other.table_up, other.table_by, strict=True))
        if not up and by not in keep
    ]
    pool = [c for s in hands for c in other.hands[s]]
    pool += [other.table[i] for i in spots] + other.deck.cards
    rng.shuffle(pool)
    for s in hands:
        k = len(other.hands[s])
        other.hands[s], pool = pool[:k], pool[k:]
    for i in spots:
        other.table[i] = pool.pop()
    other.deck.cards = pool
    return other


def reveals(match: Match, action: Action, events: list[Event] | None) -> bool:
    """The picks shown together ([Y2]) and the hands shown at the Hora da Verdade
    ([Y7]) are public by rule."""
    return events is not None and any(isinstance(e, (BetsRevealed, HandsShown)) for e in events)
