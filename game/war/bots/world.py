"""Possible worlds for the hard bot's search: a full match rebuilt from one view.

A view shows the map, the public history, my cards and my objective. What it
hides — the others' objective cards and territory cards, and the deck order —
is sampled here consistently with it: objectives from the inferred beliefs
(`inference.beliefs`), without repeating a card; the unseen territory cards
dealt to the hand sizes the view shows, the rest split into deck and pile by
their public sizes. The result is a real `WarMatch` the engine can play on, so
search rollouts follow exactly the rules ([G4]: nothing here reads the match).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core import Match
from game.rng import Rng
from game.war.board import BOARD, FULL_DECK
from game.war.match import WarMatch
from game.war.objectives import FALLBACK_ID, OBJECTIVE_BY_ID, objectives_in_play

Beliefs = dict[int, dict[str, float]]


def sample_objectives(view: dict[str, Any], beliefs: Beliefs, rng: Rng) -> list[tuple[str, str]]:
    """(card, active objective) per seat: mine from the view, the others drawn
    from `beliefs` without repeating a card ([W1] fallbacks applied)."""
    n = view["n_seats"]
    me = view["seat"]
    colors: list[str] = view["colors"]
    alive: list[bool] = view["alive"]
    mine = view["objective"]
    used = {mine["card"]}
    out: list[tuple[str, str]] = [("", "")] * n
    out[me] = (mine["card"], mine["active"])
    deck = [o.id for o in objectives_in_play(colors)]
    for s in range(n):
        if s == me:
            continue
        probs = beliefs.get(s, {})
        cands = [(oid, p) for oid, p in probs.items() if oid not in used and p > 0.0]
        if cands:
            total = sum(p for _, p in cands)
            x = rng.random() * total
            card = cands[-1][0]
            for oid, p in cands:
                x -= p
                if x <= 0.0:
                    card = oid
                    break
        else:
            # eliminated seats (no beliefs): any card still free, it never matters
            card = next((o for o in deck if o not in used), FALLBACK_ID)
        used.add(card)
        obj = OBJECTIVE_BY_ID[card]
        active = card
        if obj.destroy and (obj.destroy == colors[s] or not alive[colors.index(obj.destroy)]):
            active = FALLBACK_ID
        out[s] = (card, active)
    return out


def determinize(
    view: dict[str, Any], objectives: list[tuple[str, str]], rng: Rng, seed: int
) -> WarMatch:
    """A `WarMatch` in the position of `view`, with `objectives` per seat and the
    unseen cards dealt at random; its own dice come from `seed`."""
    n = view["n_seats"]
    me = view["seat"]
    m = WarMatch.__new__(WarMatch)
    Match.__init__(m, [f"s{i}" for i in range(n)], seed, {"turn_limit": 0})
    idx = BOARD.index
    nt = len(BOARD.territories)
    m.owner = [0] * nt
    m.armies = [0] * nt
    for t, o in view["owners"].items():
        m.owner[idx[t]] = o
    for t, a in view["armies"].items():
        m.armies[idx[t]] = a
    # the cards I cannot see, dealt to the hand sizes and deck/pile sizes shown
    my_hand = [c["card"] for c in view["cards"]]
    unseen = list((Counter(FULL_DECK) - Counter(my_hand)).elements())
    rng.shuffle(unseen)
    hands: list[list[str]] = []
    for s in range(n):
        if s == me:
            hands.append(list(my_hand))
        else:
            k = view["card_counts"][s]
            hands.append(unseen[:k])
            unseen = unseen[k:]
    m.hands = hands
    m.deck = unseen[: view["deck_size"]]
    m.pile = unseen[view["deck_size"] :]
    m.trades = view["trades_done"]
    m.alive = list(view["alive"])
    m.eliminated_by = list(view["eliminated_by"])
    m.eliminated_order = [s for s in range(n) if not m.alive[s]]
    m.winner = None
    m.round = view["round"]
    m.turn = view["turn"]
    m.phase = view["phase"]
    m.current = view["current"]
    m.dealer = view["dealer"]
    m.first_player = view["first_player"]
    pend = view["pending"] or {"free": 0, "continents": {}}
    m.pending_free = pend["free"]
    m.pending_continents = dict(pend["continents"])
    m.reinforcement = {
        k: dict(v) if isinstance(v, dict) else v for k, v in view["reinforcement"].items()
    }
    m.conquered = view["conquered_this_turn"]
    occ = view["occupy"]
    m.occupy = None if occ is None else (idx[occ["source"]], idx[occ["target"]], occ["max"])
    m.movable = [0] * nt
    for t, k in view["movable"].items():
        m.movable[idx[t]] = k
    m.last_battle = None
    hist = view["history"]
    m.placed = [list(r) for r in hist["placed"]]
    m.taken = [list(r) for r in hist["taken"]]
    m.attacks = [list(r) for r in hist["attacks"]]
    m.last_conquest = list(hist["last_conquest"])
    m.armies_added = sum(m.armies)
    m.armies_lost = 0
    m.colors = list(view["colors"])
    m.objective_card = [c for c, _ in objectives]
    m.objective_active = [a for _, a in objectives]
    return m
