"""Conservation laws, view leak checks and option cross-checks for Chama."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.cards import Card
from game.chama import rules
from game.chama.actions import CallXisum, Redraw
from game.chama.match import ChamaMatch
from game.core import Action, Event, Match
from game.registry import OptionsError
from game.rng import Rng


def check_options(n_seats: int, options: dict[str, Any]) -> None:
    """Duplas needs exactly four seats; the pineapple list fits the table ([C14], [C15])."""
    if options.get("mode") == "duplas" and n_seats != 4:
        raise OptionsError(
            "chama.options.duplas_needs_four", "Duplas is played by exactly four players"
        )
    pine = options.get("pineapple") or []
    if pine and len(pine) != n_seats:
        raise OptionsError(
            "core.options.bad_per_seat",
            "option pineapple needs a choice for every seat",
            option="pineapple",
        )


def cards_of(match: ChamaMatch, seat: int) -> Counter[Card]:
    """Every card of `seat`'s deck wherever it is: pile, hand, formation, pool,
    battle, discard, armistices in play."""
    c: Counter[Card] = Counter(match.draw[seat])
    c.update(match.hands[seat])
    c.update(x for x in match.slot_card[seat] if x is not None)
    for u in match.pool[seat]:
        c[u.commander] += 1
        if u.army is not None:
            c[u.army] += 1
    if match.battle is not None:
        c.update(match.battle.cards_of(seat))
    c.update(ace for caster, _t, ace, _s in match.armistices if caster == seat)
    c.update(match.discard[seat])
    return c


def invariants(match: Match) -> None:
    """52 cards per player conserved; no commander in two incursions of a battle."""
    assert isinstance(match, ChamaMatch)
    for seat in range(match.n_seats):
        got = cards_of(match, seat)
        want = Counter(rules.full_deck(match.suits[seat]))
        assert got == want, f"seat {seat}: cards not conserved ({got - want} / {want - got})"
        for u in match.pool[seat]:
            assert rules.is_commander(u.commander), "a pool unit is not a commander"
            assert u.army is None or rules.is_army(u.army), "a pool attachment is not an army"
        for i in range(6):
            card = match.slot_card[seat][i]
            assert card is None or rules.is_realm(card), "a formation card is not a realm"
            assert card is not None or not match.slot_razed[seat][i], "an empty slot is razed"
        filled = [c is not None for c in match.slot_card[seat]]
        if any(filled[1:3]):
            assert filled[0], "B or C filled before A ([C5])"
        if any(filled[3:]):
            assert filled[1] and filled[2], "the base filled before B and C ([C5])"
    uids = [u.uid for p in match.pool for u in p]
    b = match.battle
    if b is not None:
        assert len(b.history) == len(set(b.history)), "a commander fought twice in one battle"
        uids += [u.uid for u in (b.att, b.dfn) if u is not None]
        assert not (set(b.helpers) & {b.attacker, b.defender}), "a principal is a helper"
    assert len(uids) == len(set(uids)), "a unit id is in two places"


def scramble(match: Match, keep: frozenset[int], rng: Rng) -> Match:
    """A copy where every hidden card is dealt anew but the hands of the seats in
    `keep` (every draw pile is reshuffled: nobody sees his own pile)."""
    assert isinstance(match, ChamaMatch)
    other = match.clone()
    for s in range(other.n_seats):
        if s in keep:
            rng.shuffle(other.draw[s])
            continue
        hidden = other.hands[s] + other.draw[s]
        k = len(other.hands[s])
        rng.shuffle(hidden)
        other.hands[s] = hidden[:k]
        other.draw[s] = hidden[k:]
        other.spoils_pending = [
            (o, other.hands[o][-1] if o == s else c) for o, c in other.spoils_pending
        ]
    return other


def reveals(match: Match, action: Action, events: list[Event] | None = None) -> bool:
    """Actions that show hidden cards by rule: a xisum turns up the target's top
    card, a redraw shows the hand and cuts for the first player anew ([C3], [C15])."""
    return isinstance(action, (CallXisum, Redraw))


def _scrambled(match: ChamaMatch, seat: int, rng: Rng) -> ChamaMatch:
    """A copy where everything `seat` may not see is reshuffled."""
    other = match.clone()
    for s in range(other.n_seats):
        if s == seat:
            rng.shuffle(other.draw[s])
            continue
        # Everything hidden is dealt anew, the card another seat drew as spoils
        # included: holding it fixed would hide a view that depends on it ([C10]).
        hidden = other.hands[s] + other.draw[s]
        k = len(other.hands[s])
        rng.shuffle(hidden)
        other.hands[s] = hidden[:k]
        other.draw[s] = hidden[k:]
        other.spoils_pending = [
            (o, other.hands[o][-1] if o == s else c) for o, c in other.spoils_pending
        ]
    return other


def check_view(match: Match, seat: int, view: dict[str, Any]) -> None:
    """The view shows `seat` its own hand and nothing else hidden ([G4])."""
    assert isinstance(match, ChamaMatch)
    assert view["hand"] == [c.code for c in match.hands[seat]]
    assert "hands" not in view and "draw" not in view
    for p in view["players"]:
        assert set(p) >= {"hand_count", "draw_count"}
        assert "hand" not in p and "draw" not in p
    # Reshuffling what the seat cannot see must not change its view.
    rng = Rng(f"leak/{match.turn}/{len(match.log)}/{seat}")
    assert _scrambled(match, seat, rng).view(seat) == view, "the view depends on hidden cards"
