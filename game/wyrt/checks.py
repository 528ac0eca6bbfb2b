"""Conservation laws and view leak checks for the test harness."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from game.cards import standard_deck
from game.core import Action, Event, Match
from game.rng import Rng
from game.wyrt.records import HandShown, HoleCards, InvokeRelic, Steal


def invariants(match: Match) -> None:
    """Chips and cards are conserved; stacks and bets are never negative ([T4])."""
    from game.wyrt.match import WyrtMatch

    assert isinstance(match, WyrtMatch)
    assert all(s >= 0 for s in match.stacks), f"negative stack {match.stacks}"
    assert all(c >= 0 for c in match.contrib), f"negative contribution {match.contrib}"
    total = sum(match.stacks) + sum(match.contrib)
    assert total == match.total_chips, f"chips not conserved: {total} != {match.total_chips}"
    cards: Counter[Any] = Counter(match.deck.cards)
    for h in match.hands:
        cards.update(h)
    assert cards == Counter(standard_deck()), "cards not conserved"
    assert len(match.board) <= 2
    for s in range(match.n_seats):
        if match.in_hand[s] and not match.folded[s] and match.phase == "betting":
            assert len(match.hands[s]) == 5, f"seat {s} holds {len(match.hands[s])} cards"
        assert match.bets[s] <= match.contrib[s] or match.phase != "betting"


def check_view(match: Match, seat: int, view: dict[str, Any]) -> None:
    """A seat's view holds its own cards only, and never the deck's order ([G4])."""
    from game.wyrt.match import WyrtMatch

    assert isinstance(match, WyrtMatch)
    assert view["hand_cards"] == [c.code for c in match.hands[seat]], "own hand wrong"
    assert "deck" not in view, "the deck is in the view"
    for entry in view["seats"]:
        assert "cards" not in entry and "hand" not in entry, "a seat entry shows cards"
    steal = view.get("steal")
    if steal is not None:
        p = match.pending
        assert p is not None and p["seat"] == seat and p["kind"] == "steal"
        assert steal["deck"] == sorted(c.code for c in match.deck.cards), "steal shows order"
    # Peeks (Coroa) are the viewer's own.
    assert view["peeks"] == list(match.peeks.get(seat, []))
    # Only shown hands of the last showdown are public.
    shown = view["last_hand"].get("shown", {}) if view["last_hand"] else {}
    for key in shown:
        assert int(key) in range(match.n_seats)
    if match.phase == "betting":
        # Mid-hand, no other seat's cards appear anywhere but the last hand's showdown.
        assert view["best"] is None or len(view["best"]["best_five"]) == 5
    cheat = view["cheat"]
    if cheat["pending"]:
        assert match.pending is not None and match.pending["seat"] == seat
    public = match.public_view()
    assert "hand_cards" not in public and "steal" not in public
    # No list anywhere in the view spells out another seat's hidden cards or the deck order.
    lists = list(_lists(view))
    for other in range(match.n_seats):
        if other == seat or not match.hands[other]:
            continue
        secret = sorted(c.code for c in match.hands[other])
        for lst in lists:
            assert not (
                len(lst) == len(secret)
                and all(isinstance(x, str) for x in lst)
                and sorted(lst) == secret
            ), f"seat {seat} sees the hand of seat {other}"
    order = [c.code for c in match.deck.cards]
    if len(order) > 1:
        for lst in lists:
            assert lst != order and lst != order[::-1], "the view shows the deck order"


def _lists(obj: Any) -> Iterator[list[Any]]:
    if isinstance(obj, list):
        yield obj
        for x in obj:
            yield from _lists(x)
    elif isinstance(obj, dict):
        for x in obj.values():
            yield from _lists(x)


def scramble(match: Match, keep: frozenset[int], rng: Rng) -> Match:
    """A copy where the hands of the seats outside `keep` and the deck are dealt
    anew (for the harness's shape check, [G4]); the dice cards are public."""
    from game.wyrt.match import WyrtMatch

    assert isinstance(match, WyrtMatch)
    other = match.clone()
    assert isinstance(other, WyrtMatch)
    hidden = [s for s in range(other.n_seats) if s not in keep]
    pool = [c for s in hidden for c in other.hands[s]] + other.deck.cards
    rng.shuffle(pool)
    for s in hidden:
        k = len(other.hands[s])
        other.hands[s], pool = pool[:k], pool[k:]
    other.deck.cards = pool
    return other


def reveals(match: Match, action: Action, events: list[Event] | None) -> bool:
    """A steal picks cards out of the deck and a relic peeks or swaps with it
    ([T9], [T11]); a showdown shows the hands ([T6]): each shows hidden cards."""
    if events is None:
        return isinstance(action, (Steal, InvokeRelic))
    return any(isinstance(e, HandShown) for e in events)


def mask(seat: int, shown: dict[str, Any]) -> dict[str, Any]:
    """The value of one's own best hand and which of one's cards are relics follow
    from one's own cards: dealt from the deck in this very action they may differ,
    so only their presence is compared (the card codes are masked by the harness)."""
    view = dict(shown["view"])
    if view.get("best") is not None:
        view["best"] = "?"
    # Which of one's own cards are relics of A Mão do Morto is part of the cards.
    events = [
        {**e, "relics": ["?"] * len(e["relics"])} if e.get("type") == HoleCards.TYPE else e
        for e in shown["events"]
    ]
    return {**shown, "view": view, "events": events}
