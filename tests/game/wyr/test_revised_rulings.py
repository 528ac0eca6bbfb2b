"""Wyr rulings revised after the conformance audit: [Y2] group bets, [Y6] ties
inside a combination, [Y9] no roll-off for an even split, [Y11] Azgher groups."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.wyr.records import DiceRolled, Pass, PotMoved, RollOffStarted, RoundWon
from game.wyr.rules import group_bet, share_payment
from tests.game.wyr.helpers import bet_all, dice, make, mao_keep, rig


def test_group_totals_differ_the_lowest_total_is_every_groups_bet_y2() -> None:
    """Groups A (0, 2) and B (1, 3): totals 20 and 100 - the impasse takes 20."""
    m = make(4, groups="pairs")
    bet_all(m, {0: 10, 2: 10, 1: 50, 3: 50})
    assert m.current_bet == 20
    assert m.money == [90, 90, 90, 90] and m.pot == 40


def test_majority_rule_is_for_individual_play_only_y2() -> None:
    """Three lords of four pick 50, but the groups' totals (60, 100) decide."""
    m = make(4, groups="pairs")
    bet_all(m, {0: 10, 2: 50, 1: 50, 3: 50})
    assert m.current_bet == 60
    assert m.pot == 120


def test_a_short_member_pays_all_and_partners_cover_y2() -> None:
    assert share_payment(60, [100, 100]) == [30, 30]
    assert share_payment(50, [100, 100, 100]) == [17, 17, 16]
    assert share_payment(60, [10, 100]) == [10, 50]
    assert share_payment(60, [10, 20]) == [10, 20]  # cannot cover: pays all it has
    assert group_bet([60, 60]) == 60 and group_bet([100, 20, 60]) == 20
    m = make(4, groups="pairs")
    m.money = [5, 100, 100, 100]
    bet_all(m, {0: 50, 2: 50, 1: 50, 3: 50})
    assert m.current_bet == 100
    assert m.money == [0, 50, 5, 50]


def test_two_reis_splitting_an_even_pot_hold_no_roll_off_y9() -> None:
    m = make(3)
    dice(m, [2, 2, 3, 3, 6, 6, 1, 1, 6, 6])
    rig(m, {0: "10s Jh Qd Kc Ah", 1: "10d Jc Qh Kd As", 2: "7s 7h 7d 2d 2h"})
    m.money = [100, 100, 100]
    events: list = []
    bet_all(m, {0: 20, 1: 20, 2: 10})  # table bet 20: pot 60, even between two
    mao_keep(m)
    while m.phase == "trade":
        events += m.apply(m.to_move_one(), Pass())
    win = next(e for e in events if isinstance(e, RoundWon))
    assert win.reason == "reis_split"
    assert not any(isinstance(e, RollOffStarted) for e in events)
    assert not any(isinstance(e, DiceRolled) and e.kind == "rolloff" for e in events)
    moved = [(e.seat, e.amount, e.kind) for e in events if isinstance(e, PotMoved)]
    assert sorted(moved) == [(0, 30, "share"), (1, 30, "share")]


def test_azgher_a_group_with_a_member_out_is_not_valid_y11() -> None:
    """Group A (0, 2) lost seat 2 but holds the least money: group B wins."""
    m = make(4, groups="pairs", azgher=True)
    m.money = [30, 100, 0, 90]
    m.out = [False, False, True, False]
    m.left_round = [0, 0, 1, 0]
    assert m.distance_to_victory(1) == 0.0 and m.distance_to_victory(3) == 0.0
    assert m.distance_to_victory(0) > 300 and m.distance_to_victory(2) > 300
    assert m.standings()[0] == [1, 3]


def test_azgher_no_whole_group_the_fullest_groups_compete_y11() -> None:
    m = make(6, groups="pairs", azgher=True)  # A (0, 3), B (1, 4), C (2, 5)
    m.money = [50, 0, 0, 0, 10, 40]
    m.out = [False, True, True, True, False, False]
    # A and B have one lord each in, C has one too: all three compete; B least.
    assert m.distance_to_victory(4) == 0.0
    m.out = [False, True, False, True, False, False]  # C whole again
    assert m.distance_to_victory(2) == 0.0 and m.distance_to_victory(4) > 300


def test_a_short_member_is_settled_before_the_odd_tibar_y2() -> None:
    """The audit's cases: the odd tibar is shared among those who can pay it."""
    assert share_payment(50, [60, 10, 60]) == [20, 10, 20]
    assert share_payment(40, [30, 10, 252]) == [15, 10, 15]
    assert share_payment(10, [4, 3, 3]) == [4, 3, 3]


@given(
    st.integers(min_value=0, max_value=300),
    st.lists(st.integers(min_value=0, max_value=300), min_size=1, max_size=3),
)
def test_shares_are_as_even_as_the_tibares_allow_y2(bet: int, money: list[int]) -> None:
    """Shares sum to the bet (or all the group has), nobody pays more than he has,
    and among members who are not short no two shares differ by more than one."""
    pay = share_payment(bet, money)
    assert sum(pay) == min(bet, sum(money))
    assert all(0 <= p <= m for p, m in zip(pay, money, strict=True))
    paying_in_full = [p for p, m in zip(pay, money, strict=True) if p < m]
    if paying_in_full:
        assert max(paying_in_full) - min(paying_in_full) <= 1
        # a short member never pays more than a member who could pay more
        assert all(p <= min(paying_in_full) + 1 for p in pay)
