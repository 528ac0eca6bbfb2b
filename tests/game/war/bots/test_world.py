"""Possible worlds rebuilt from one view ([G4]): the search's determinization."""

from __future__ import annotations

from collections import Counter

import game
from game.registry import make_bot
from game.rng import Rng
from game.war.board import FULL_DECK
from game.war.bots.brain import Brain, Params
from game.war.bots.inference import beliefs
from game.war.bots.world import determinize, sample_objectives
from game.war.checks import invariants
from game.war.match import WarMatch

#: view keys that differ by construction (seat names, the last roll shown)
LOOSE = {"seats", "last_battle"}


def midgame(seed: int = 4, rounds: int = 4) -> WarMatch:
    """A four-player match played by normal bots into round `rounds`, stopped
    at a placement decision without a forced trade."""
    m = played(seed, rounds)
    assert not m.is_over
    return m


def played(seed: int, rounds: int) -> WarMatch:
    """`midgame`, or the finished match if someone wins before round `rounds`."""
    m = game.new_match("war", 4, seed=seed)
    assert isinstance(m, WarMatch)
    bots = [make_bot("war", "normal") for _ in range(4)]
    rng = Rng("mid")
    while not m.is_over and (m.round < rounds or m.phase != "reinforce" or m.must_trade):
        seat = m.to_move[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal_actions(seat), rng))
    return m


def test_a_world_shows_the_same_view_to_its_seat() -> None:
    m = midgame()
    me = m.current
    view = m.view(me)
    objectives = sample_objectives(view, beliefs(Brain(view, Params())), Rng(1))
    w = determinize(view, objectives, Rng(2), 3)
    again = w.view(me)
    for key in set(view) - LOOSE:
        assert again[key] == view[key], key
    invariants(w)


def test_hidden_cards_are_dealt_to_the_public_counts_from_the_unseen_ones() -> None:
    m = midgame(seed=9, rounds=6)
    me = m.current
    view = m.view(me)
    objectives = sample_objectives(view, {}, Rng(1))
    w = determinize(view, objectives, Rng(5), 1)
    assert [len(h) for h in w.hands] == view["card_counts"]
    assert w.hands[me] == m.hands[me]
    assert len(w.deck) == view["deck_size"] and len(w.pile) == view["pile_size"]
    everything: Counter[str] = Counter(w.deck) + Counter(w.pile)
    for h in w.hands:
        everything.update(h)
    assert everything == Counter(FULL_DECK)


def test_objectives_follow_the_beliefs_without_repeats_and_with_fallbacks() -> None:
    """[W1]: a destroy card of one's own colour is played as 24 territories;
    no card is dealt twice; my own card is never dealt to anyone else."""
    m = midgame()
    me = m.current
    view = m.view(me)
    others = [s for s in range(4) if s != me]
    own_colour = f"destruir_{m.colors[others[0]]}"
    if own_colour == view["objective"]["card"]:
        own_colour = f"destruir_{m.colors[others[1]]}"
        others = [others[1], others[0], others[2]]
    certain = {
        others[0]: {own_colour: 1.0},
        others[1]: {"asia_africa": 1.0},
        others[2]: {view["objective"]["card"]: 0.9, "territorios_18_com_2": 0.1},
    }
    for k in range(20):
        drawn = sample_objectives(view, certain, Rng(k))
        cards = [c for c, _ in drawn]
        assert len(set(cards)) == 4
        assert drawn[others[0]] == (own_colour, "territorios_24")
        assert drawn[others[1]] == ("asia_africa", "asia_africa")
        assert drawn[others[2]] == ("territorios_18_com_2", "territorios_18_com_2")
        assert drawn[me] == (view["objective"]["card"], view["objective"]["active"])
    # two opponents who look alike cannot both hold the same card
    alike = {s: {"asia_africa": 1.0} for s in others}
    cards = [c for c, _ in sample_objectives(view, alike, Rng(7))]
    assert len(set(cards)) == 4 and cards.count("asia_africa") == 1


def test_a_world_depends_on_the_view_only() -> None:
    """[G4]: two matches that look the same to me give the same world, however
    their hidden cards and objectives differ."""
    m = midgame()
    me = m.current
    twin = midgame()
    others = [s for s in range(4) if s != me]
    # shuffle what I cannot see: the others' objectives and hands, the deck
    a, b = others[0], others[1]
    twin.objective_card[a], twin.objective_card[b] = twin.objective_card[b], twin.objective_card[a]
    twin.objective_active[a], twin.objective_active[b] = (
        twin.objective_active[b],
        twin.objective_active[a],
    )
    pool = twin.deck + [c for s in others for c in twin.hands[s]]
    Rng(99).shuffle(pool)
    for s in others:
        k = len(twin.hands[s])
        twin.hands[s], pool = pool[:k], pool[k:]
    twin.deck = pool
    v1, v2 = m.view(me), twin.view(me)
    assert v1 == v2
    objs = sample_objectives(v1, beliefs(Brain(v1, Params())), Rng(3))
    w1, w2 = determinize(v1, objs, Rng(4), 5), determinize(v2, objs, Rng(4), 5)
    assert w1.snapshot() == w2.snapshot()
