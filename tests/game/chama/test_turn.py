"""Setup, the turn, the formation and the pool: [C1]-[C5], [C7], [C12], [R8], [G3]."""

from __future__ import annotations

from collections import Counter

import pytest

import game
from game.cards import Card
from game.chama import rules
from game.chama.actions import (
    AttachArmy,
    DiscardCard,
    EndStep,
    KeepHand,
    Mulligan,
    PlayRealm,
    PoolCommander,
    RebuildRealm,
    Redraw,
)
from game.chama.events import CutForFirst, FirstPlayer, GameRestarted, PoolDiscarded
from game.chama.match import ATTACK, DISCARD, MULLIGAN, POOL, REALM, ChamaMatch
from game.core import IllegalAction
from tests.game.chama.helpers import c, cards, check, fresh, give


def end_turn(m: ChamaMatch) -> None:
    """EndStep through the active player's turn (no battle, no discards)."""
    seat = m.active
    while m.active == seat and not m.is_over and m.phase in (REALM, POOL, ATTACK):
        m.apply(seat, EndStep())


def test_each_player_owns_a_whole_suit_c1() -> None:
    """[C1] 52 cards of one suit per player: 12 realms, 16 commanders, 20 armies, 4 aces."""
    m = game.new_match("chama", 4, seed=3)
    assert isinstance(m, ChamaMatch)
    assert len(set(m.suits)) == 4
    for s in range(4):
        deck = rules.full_deck(m.suits[s])
        roles = Counter(rules.role(x) for x in deck)
        assert roles == {"realm": 12, "commander": 16, "army": 20, "armistice": 4}
        assert all(x.suit == m.suits[s] for x in m.draw[s] + m.hands[s])
    check(m)


def test_opening_hand_five_and_first_turn_draws_three_c2() -> None:
    """[C2] 5 cards each, and the first player's first turn starts with 3 more."""
    for seed in range(5):
        m = game.new_match("chama", 3, seed=seed)
        assert isinstance(m, ChamaMatch)
        first = m.first_player
        for s in range(3):
            assert len(m.hands[s]) == (8 if s == first else 5)
        assert m.turn == 1 and m.active == first


def test_cut_highest_starts_and_ties_cut_again_c2() -> None:
    """[C2] the highest cut (A high) starts; tied players cut again."""
    saw_tie = False
    for seed in range(40):
        m = game.new_match("chama", 4, seed=seed)
        cuts = [e for e in m.start_events if isinstance(e, CutForFirst)]
        first = next(e for e in m.start_events if isinstance(e, FirstPlayer))
        assert first.how == "cut"
        for prev, nxt in zip(cuts, cuts[1:], strict=False):
            best = max(x.rank for x in prev.cards)
            tied = [s for s, x in zip(prev.seats, prev.cards, strict=True) if x.rank == best]
            assert list(nxt.seats) == tied and len(tied) > 1
            saw_tie = True
        last = cuts[-1]
        best = max(x.rank for x in last.cards)
        winners = [s for s, x in zip(last.seats, last.cards, strict=True) if x.rank == best]
        assert winners == [first.seat] == [m.first_player]
    assert saw_tie


def test_hand_limit_eight_at_end_of_turn_c2() -> None:
    """[C2] at step 5 the active player discards down to 8, one card at a time."""
    m = fresh()
    give(m, 0, hand="6 6 7 7 8 8 9 9 10 10")
    end_turn(m)
    assert m.phase == DISCARD and m.to_move == [0]
    assert all(isinstance(a, DiscardCard) for a in m.legal_actions(0))
    m.apply(0, DiscardCard(c(m, 0, "6")))
    assert m.phase == DISCARD
    m.apply(0, DiscardCard(c(m, 0, "7")))
    assert m.active == 1 and len(m.hands[0]) == 8
    check(m)


def test_pool_cards_do_not_count_toward_the_hand_limit_c7() -> None:
    """[C7] the pool is in play: a big pool with 8 cards in hand needs no discard."""
    m = fresh()
    give(m, 0, hand="6 6 7 7 8 8 9 9", pool="5+10 4+10 3")
    end_turn(m)
    assert m.active == 1


def test_redraw_restarts_the_game_c3() -> None:
    """[C3] no realm played or held: show the hand, restart, cut again."""
    m = fresh()
    give(m, 0, hand="5 6 7 A")
    assert Redraw() in m.legal_actions(0)
    ev = m.apply(0, Redraw())
    assert any(isinstance(e, GameRestarted) for e in ev)
    assert any(isinstance(e, CutForFirst) for e in ev)
    assert m.redraws[0] == 1 and m.game_no == 2
    assert sum(len(h) for h in m.hands) == 5 * 2 + 3
    check(m)


def test_redraw_refused_with_a_realm_in_hand_or_play_c3() -> None:
    """[C3] a realm in hand, or a realm played, forbids the redraw."""
    m = fresh()
    give(m, 0, hand="5 K")
    with pytest.raises(IllegalAction) as err:
        m.apply(0, Redraw())
    assert err.value.rule == "C3"
    m = fresh()
    give(m, 0, hand="5", slots="A:K")
    m.played_realm[0] = True
    assert Redraw() not in m.legal_actions(0)


def test_redraw_only_until_second_turn_and_twice_c3() -> None:
    """[C3] up to the end of the second turn; at most two per player."""
    m = fresh()
    give(m, 0, hand="5")
    m.turns_taken[0] = 3
    assert Redraw() not in m.legal_actions(0)
    m.turns_taken[0] = 2
    assert Redraw() in m.legal_actions(0)
    m.redraws[0] = 2
    assert Redraw() not in m.legal_actions(0)


def test_realm_goes_to_next_slot_in_order_c5() -> None:
    """[C5] A first; B and C before D, E, F."""
    m = fresh()
    give(m, 0, hand="K Q")
    slots = {a.slot for a in m.legal_actions(0) if isinstance(a, PlayRealm)}
    assert slots == {"A"}
    with pytest.raises(IllegalAction) as err:
        m.apply(0, PlayRealm(c(m, 0, "K"), "B"))
    assert err.value.rule == "C5"
    m = fresh()
    give(m, 0, hand="K", slots="A:J B:J")
    assert {a.slot for a in m.legal_actions(0) if isinstance(a, PlayRealm)} == {"C"}
    m = fresh()
    give(m, 0, hand="K", slots="A:J B:J C:Q*")
    assert {a.slot for a in m.legal_actions(0) if isinstance(a, PlayRealm)} == {"C", "D", "E", "F"}


def test_realm_on_razed_slot_discards_the_old_one_c5() -> None:
    """[C5] a new realm on a razed realm: the razed one goes to the discard pile."""
    m = fresh()
    give(m, 0, hand="K", slots="A:Q*")
    m.apply(0, PlayRealm(c(m, 0, "K"), "A"))
    assert m.slot_card[0][0] == c(m, 0, "K") and not m.slot_razed[0][0]
    assert c(m, 0, "Q") in m.discard[0]
    check(m)


def test_rebuild_costs_three_cards_and_one_realm_action_per_turn_c5() -> None:
    """[C5] rebuild = discard three cards; then no other realm action this turn."""
    m = fresh()
    give(m, 0, hand="K 5 6 7 8", slots="A:Q*")
    with pytest.raises(IllegalAction):
        m.apply(0, RebuildRealm("A", tuple(cards(m, 0, "6 7"))))
    m.apply(0, RebuildRealm("A", tuple(cards(m, 0, "6 7 8"))))
    assert not m.slot_razed[0][0] and sorted(m.hands[0]) == cards(m, 0, "5 K")
    # [C17]: still in step 2 - skipping it would tell the table he could not
    # redraw (so he holds a realm); only "end step" is left.
    assert m.phase == REALM and m.legal_actions(0) == [EndStep()]
    assert sorted(m.discard[0]) == sorted(cards(m, 0, "6 7 8"))
    with pytest.raises(IllegalAction) as err:
        m.apply(0, PlayRealm(c(m, 0, "K"), "B"))
    assert err.value.rule == "C5"
    check(m)


def test_pool_one_army_per_commander_c7() -> None:
    """[C7] commanders to the pool; each carries at most one army."""
    m = fresh()
    give(m, 0, hand="5 9 10")
    m.apply(0, EndStep())
    assert m.phase == POOL
    m.apply(0, PoolCommander(c(m, 0, "5")))
    uid = m.pool[0][0].uid
    m.apply(0, AttachArmy(uid, c(m, 0, "9")))
    with pytest.raises(IllegalAction) as err:
        m.apply(0, AttachArmy(uid, c(m, 0, "10")))
    assert err.value.rule == "C7"
    assert m.pool[0][0].army == c(m, 0, "9")
    check(m)


def test_pool_discarded_at_end_of_turn_without_realms_c12() -> None:
    """[C12] no realm at all (razed count) -> the whole pool is discarded at turn end."""
    m = fresh()
    give(m, 0, pool="5+9")
    give(m, 1, pool="4", slots="A:K*")
    ev: list = []
    end_turn(m)
    assert m.pool[0] == [] and sorted(m.discard[0]) == sorted(cards(m, 0, "5 9"))
    assert len(m.pool[1]) == 1  # a razed realm still counts
    check(m)
    m2 = fresh()
    give(m2, 1, pool="4")
    ev = []
    m2.active = 0
    end_turn(m2)
    del ev
    assert m2.pool[1] == []  # any player, at the end of the current turn


def test_pool_discard_event_c12() -> None:
    """[C12] the table sees a PoolDiscarded event."""
    m = fresh()
    give(m, 0, pool="3")
    seat = m.active
    events = []
    while m.active == seat:
        events += m.apply(seat, EndStep())
    assert any(isinstance(e, PoolDiscarded) and e.seat == 0 for e in events)


def test_tournament_coin_toss_and_mulligans_in_seat_order_r8() -> None:
    """[R8] coin toss for the first player; one mulligan per seat, in seat order."""
    m = game.new_match("chama", 3, seed=5, options={"tournament": True})
    assert isinstance(m, ChamaMatch)
    first = next(e for e in m.start_events if isinstance(e, FirstPlayer))
    assert first.how == "coin" and not any(isinstance(e, CutForFirst) for e in m.start_events)
    assert m.phase == MULLIGAN
    order = [(first.seat + i) % 3 for i in range(3)]
    assert m.to_move == [order[0]]
    old = list(m.hands[order[0]])
    m.apply(order[0], Mulligan())
    assert len(m.hands[order[0]]) == 5 and m.to_move == [order[1]]
    assert m.legal_actions(order[1]) == [KeepHand(), Mulligan()]
    m.apply(order[1], KeepHand())
    m.apply(order[2], KeepHand())
    assert m.phase != MULLIGAN and m.active == first.seat
    assert len(m.hands[first.seat]) == 8
    del old
    check(m)


def test_illegal_actions_name_a_rule_and_change_nothing_g3() -> None:
    """[G3] a refused action leaves the match as it was."""
    m = fresh()
    give(m, 0, hand="K 5")
    before = m.fingerprint()
    for action, rule in [
        (PlayRealm(c(m, 0, "K"), "D"), "C5"),
        (PlayRealm(Card(13, m.suits[1]), "A"), "C8"),
        (PoolCommander(c(m, 0, "5")), "C7"),
        (Redraw(), "C3"),
    ]:
        with pytest.raises(IllegalAction) as err:
            m.apply(0, action)
        assert err.value.rule == rule
        assert err.value.key.startswith("chama.illegal.")
    with pytest.raises(IllegalAction):
        m.apply(1, EndStep())
    assert m.fingerprint() == before
