"""The harness's hooks for War's hidden information ([G4]): objectives and the
territory cards in hand and in the deck, varied for the shape check."""

from __future__ import annotations

from typing import Any

from game.core import Action, Event, Match
from game.rng import Rng
from game.war import records as R
from game.war.match import WarMatch
from game.war.objectives import FALLBACK_ID, objectives_in_play


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
