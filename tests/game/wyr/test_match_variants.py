"""Hand-built positions for every variant of Wyr ([Y11]): Hyninn's jokers,
Nimb's three dice, Azgher's least money, Thyatis' reroll and Tenebra's
face-down table."""

from __future__ import annotations

import pytest

from game.core import IllegalAction
from game.wyr.match import WyrMatch
from game.wyr.records import (
    CardsLaidDown,
    CardsReceived,
    CardsToTable,
    DiceRolled,
    DieRerolled,
    Pass,
    RoundWon,
    ScoreSet,
    TableCardsTaken,
    ThyatisChoice,
    Trade,
)

from .helpers import bet_all, card, dice, make, mao_keep, pass_rest, rig, to_show

# ---------------------------------------------------------------------------
# [Y11] variants


def test_hyninn_adds_jokers_y11() -> None:
    for jokers in (2, 4):
        m = make(3, hyninn=jokers)
        total = len(m.deck) + sum(len(h) for h in m.hands)
        assert total == 52 + jokers and m.view(0)["deck_size"] == 52 + jokers


def test_nimb_rolls_three_dice_and_ties_go_straight_to_the_dice_y11() -> None:
    m = make(2, nimb=True)
    # Trinca 3+(2,2,2)=9 vs par 2+(2,2,3)=9: tied; roll-off 3d6: 1,1,1 vs 6,6,6.
    dice(m, [2, 2, 2, 2, 2, 3, 1, 1, 1, 6, 6, 6])
    events = to_show(m, {0: "7s 7h 7d 2c 3h", 1: "4s 4h 8d Jd Ks"})
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert all(len(r.dice) == 3 for r in rolls)
    win = next(e for e in events if isinstance(e, RoundWon))
    assert win.reason == "rolloff" and win.winners == (1,)  # no combination tie-break


def test_under_nimb_a_reis_tie_goes_to_the_dice_too_y11() -> None:
    """(house, with [Y9] and [Y11]) Under Nimb every score tie goes straight to the
    dice: the Reis de Arton keeps no tie privilege there."""
    m = make(2, nimb=True)
    # Reis: (1,1,1) / (1,1,2) -> 4, score 10; trinca: (2,2,3) -> 7, score 10.
    dice(m, [1, 1, 1, 1, 1, 2, 2, 2, 3, 1, 1, 1, 6, 6, 6])
    events = to_show(m, {0: "10s Jh Qd Kc Ah", 1: "7s 7h 7d 2c 3h"})
    scores = {e.seat: e.score for e in events if isinstance(e, ScoreSet)}
    assert scores == {0: 10, 1: 10}
    win = next(e for e in events if isinstance(e, RoundWon))
    assert win.reason == "rolloff"


def test_azgher_least_money_among_players_wins_y11_r7() -> None:
    m = make(3, azgher=True)
    m.money = [180, 120, 0]
    m.out = [False, False, True]
    m.left_round = [0, 0, 1]
    assert m.standings() == [[1], [0], [2]]
    assert m.distance_to_victory(1) == 0.0 and m.distance_to_victory(0) == 60.0
    assert m.distance_to_victory(2) > 300


def test_thyatis_reroll_is_a_choice_after_the_roll_y11() -> None:
    m = make(2, thyatis=True)
    dice(m, [2, 5, 6, 6, 6])  # seat 0 (trinca) rolls 2,5 (reroll: 6); seat 1 rolls 6,6
    rig(m, {0: "7s 7h 7d 2c 3h", 1: "4s 4h 8d Jd Ks"})
    bet_all(m)
    mao_keep(m)
    pass_rest(m)
    assert m.phase == "thyatis" and m.to_move == [0]
    v = m.view(0)
    assert v["show"]["dice"][0] == [2, 5] and v["show"]["pending"] == 0
    assert m.legal_actions(0) == [ThyatisChoice(False), ThyatisChoice(True)]
    with pytest.raises(IllegalAction) as e:
        m.apply(0, Pass())
    assert e.value.rule == "Y11"
    events = m.apply(0, ThyatisChoice(True))  # the 2 becomes a 6
    rr = next(e for e in events if isinstance(e, DieRerolled))
    assert (rr.old, rr.new, rr.total) == (2, 6, 11)
    assert m.to_move == [1]  # next lord rolled (6,6) and now decides
    assert m.view(1)["show"]["dice"][1] == [6, 6]
    events = m.apply(1, ThyatisChoice(False))
    scores = {e.seat: e.score for e in events if isinstance(e, ScoreSet)}
    assert scores == {1: 14}  # 14 each: the trinca wins the tie
    assert m.money == [120, 80]


def test_thyatis_the_new_value_stands_even_when_lower_y11() -> None:
    """[Y11] Thyatis: the rerolled die's new value stands, better or worse."""
    m = make(2, thyatis=True)
    dice(m, [5, 6, 1, 6, 6])  # seat 0 (trinca) rolls 5,6 and rerolls the 5: a 1
    rig(m, {0: "7s 7h 7d 2c 3h", 1: "4s 4h 8d Jd Ks"})
    bet_all(m)
    mao_keep(m)
    pass_rest(m)
    events = m.apply(0, ThyatisChoice(True))
    rr = next(e for e in events if isinstance(e, DieRerolled))
    assert (rr.old, rr.new, rr.total) == (5, 1, 7)
    events += m.apply(1, ThyatisChoice(False))
    scores = {e.seat: e.score for e in events if isinstance(e, ScoreSet)}
    assert scores == {0: 10, 1: 14}  # 3 + 7, not 3 + 11
    assert m.money == [80, 120]


def test_tenebra_table_is_face_down_and_taking_is_blind_y11_g4() -> None:
    m = make(3, tenebra=True)
    rig(m, {0: "2s 5h 9d Jc Kh", 1: "2d 5c 9s Jd Ks"}, pile="9h Kd 6s Ah As")
    bet_all(m)
    assert not any(m.table_up)
    for seat in range(3):
        assert [t["card"] for t in m.view(seat)["table"]] == [None, None]
    events = m.apply(0, Trade((card("2s"),), "none"))
    put = next(e for e in events if isinstance(e, CardsToTable))
    assert not put.face_up and put.cards == ()
    # The one who laid it still knows it; nobody else does.
    assert m.view(0)["table"][2]["card"] == "2S"
    assert m.view(1)["table"][2]["card"] is None
    laid = next(e for e in events if isinstance(e, CardsLaidDown))
    assert laid.PRIVATE and laid.seat == 0 and laid.positions == put.positions
    assert [c.code for c in laid.cards] == ["2S"]
    assert laid.visible_to(0) and not laid.visible_to(1) and not laid.visible_to(None)
    events = m.apply(1, Trade((card("2d"),), "table", (0,)))
    taken = next(e for e in events if isinstance(e, TableCardsTaken))
    assert taken.blind and taken.cards == ()
    got = next(e for e in events if isinstance(e, CardsReceived))
    assert got.PRIVATE and got.seat == 1 and [c.code for c in got.cards] == ["9H"]
    assert "9H" not in str(m.view(2)) and "9H" in str(m.view(1)["hand"])


def test_tenebra_face_down_throws_lie_in_no_telling_order_y11_g4() -> None:
    """A Trade lists its discards sorted: laid as listed, the last face-down card of
    a throw was its highest, so a "blind" take could pick the best one."""
    orders = []
    for seed in range(1, 25):
        m = WyrMatch(["A", "B", "C"], seed, {**make(3, tenebra=True).options})
        bet_all(m)
        while m.mao_de_wyr:  # the Mão de Wyr keeps its hand
            s = m.to_move[0]
            m.apply(s, Trade((m.hands[s][0],), "none"))
        s = m.to_move[0]
        rig(m, {s: "2s 5h 9d Jc Kh"})
        start = len(m.table)
        m.apply(s, Trade((card("2s"), card("9d"), card("Kh")), "pile"))
        laid = [c.code for c in m.table[start : start + 3]]
        assert sorted(laid) == sorted(["2S", "9D", "KH"])
        # the thrower still knows which is which; the others see three backs
        other = (s + 1) % 3
        assert [t["card"] for t in m.view(s)["table"][start:]] == laid
        assert [t["card"] for t in m.view(other)["table"][start:]] == [None] * 3
        orders.append(tuple(laid))
    assert len(set(orders)) >= 4  # not the sorted order every time
