"""The harness's hooks for War's hidden information ([G4]): objectives and the
territory cards in hand and in the deck, varied for the shape check."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core import Action, Event, Match
from game.rng import Rng
from game.war import records as R
from game.war.board import BOARD, FULL_DECK
from game.war.match import WarMatch
from game.war.objectives import FALLBACK_ID, objectives_in_play
from game.war.phases import (
    N_TERRITORIES,
    PHASE_MOVE,
    PHASE_OVER,
)
from game.war.trades import contains


def scramble(match: Match, keep: frozenset[int], rng: Rng) -> Match:
    """A copy where the objectives and hands of the seats outside `keep` and the
    deck are dealt anew; the trade pile and the map are public.

    A new objective follows [W1]: a destroy card naming the holder's own colour,
    or a colour already eliminated, plays as "conquer 24 territories".
    """
    assert isinstance(match, WarMatch)
    other = match.clone()
    assert isinstance(other, WarMatch)
    hidden = [s for s in range(other.n_seats) if s not in keep]
    kept = {other.objective_card[s] for s in keep}
    cards = [o for o in objectives_in_play(other.colors) if o.id not in kept]
    rng.shuffle(cards)
    for s in hidden:
        card = cards.pop()
        target = other.seat_of_color(card.destroy) if card.destroy else None
        fallen = target is not None and (target == s or not other.alive[target])
        other.objective_card[s] = card.id
        other.objective_active[s] = FALLBACK_ID if fallen else card.id
    pool = [c for s in hidden for c in other.hands[s]] + other.deck
    rng.shuffle(pool)
    for s in hidden:
        k = len(other.hands[s])
        other.hands[s], pool = pool[:k], pool[k:]
    other.deck = pool
    return other


def reveals(match: Match, action: Action, events: list[Event] | None) -> bool:
    """Every objective is shown when the match ends ([W11], [R7])."""
    return events is not None and any(isinstance(e, R.ObjectivesRevealed) for e in events)


def mask(seat: int, shown: dict[str, Any]) -> dict[str, Any]:
    """Territory cards by count only: a card drawn from the deck or taken from an
    eliminated player is the seat's to see, and its name, figure and the sets it
    makes may differ between two deals of the hidden cards."""
    view = dict(shown["view"])
    view["cards"] = ["?"] * len(view.get("cards", []))
    view["sets"] = "?"
    events = []
    for e in shown["events"]:
        if e.get("type") == R.CardDrawn.TYPE and "card" in e:
            e = {**e, "card": "?"}
        elif e.get("type") == R.CardsReceived.TYPE and "cards" in e:
            e = {**e, "cards": ["?"] * len(e["cards"])}
        events.append(e)
    return {**shown, "view": view, "events": events}


def invariants(match: Match) -> None:
    """Conservation laws: 42 territories held by players still in, armies >= 1
    (but a conquest waiting for its occupying armies), the 44 cards split among
    deck, pile and hands, armies = placed - lost."""
    assert isinstance(match, WarMatch)
    m = match
    assert len(m.owner) == N_TERRITORIES
    pending_target = m.occupy[1] if m.occupy else -1
    for i, (o, a) in enumerate(zip(m.owner, m.armies, strict=True)):
        assert 0 <= o < m.n_seats and m.alive[o], f"{BOARD.territories[i]} held by seat {o}"
        if i == pending_target:
            assert a == 0, "a conquered territory waits empty for its occupiers"
        else:
            assert a >= 1, f"{BOARD.territories[i]} has {a} armies"
    assert sum(m.armies) == m.armies_added - m.armies_lost, "armies not accounted for"
    cards: Counter[str] = Counter(m.deck)
    cards.update(m.pile)
    for h in m.hands:
        cards.update(h)
        assert len(h) <= 6, "a hand above 6 cards"
    assert cards == Counter(FULL_DECK), "territory cards not conserved"
    for s in range(m.n_seats):
        if not m.alive[s]:
            assert not m.hands[s], "an eliminated player holds cards"
    assert m.trades >= 0 and sum(1 for a in m.alive if a) >= 1
    if m.phase == PHASE_MOVE:
        for i in range(N_TERRITORIES):
            assert 0 <= m.movable[i] <= max(0, m.armies[i] - 1)


_VIEW_KEYS = {
    "game",
    "seats",
    "colors",
    "alive",
    "eliminated_by",
    "owners",
    "armies",
    "current",
    "phase",
    "round",
    "turn",
    "dealer",
    "first_player",
    "pending",
    "reinforcement",
    "card_counts",
    "deck_size",
    "pile_size",
    "trades_done",
    "next_trade_value",
    "occupy",
    "movable",
    "last_battle",
    "conquered_this_turn",
    "history",
    "winner",
    "timed_out",
    "n_seats",
    "seat",
    "cards",
    "sets",
    "must_trade",
    "objective",
}


def check_view(match: Match, seat: int, view: dict[str, Any]) -> None:
    """A seat's view shows its own cards and objective only ([G4])."""
    assert isinstance(match, WarMatch)
    over = match.phase == PHASE_OVER
    extra = set(view) - _VIEW_KEYS - ({"objectives", "distances"} if over else set())
    assert not extra, f"unexpected view keys {extra}"
    assert [c["card"] for c in view["cards"]] == match.hands[seat]
    assert view["objective"]["card"] == match.objective_card[seat]
    assert view["card_counts"] == [len(h) for h in match.hands]
    if not over:
        assert "objectives" not in view
        mine = {match.objective_card[seat], match.objective_active[seat]}
        text = repr(view)
        for other in range(match.n_seats):
            card = match.objective_card[other]
            if other != seat and card not in mine:
                assert f"'{card}'" not in text, f"seat {other}'s objective leaked"
    for s in view["sets"]:
        assert contains(match.hands[seat], s)
