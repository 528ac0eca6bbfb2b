"""Hand-built positions for every Wyr ruling ([Y1]-[Y11], [R7], [R8], [G3], [G4])."""

from __future__ import annotations

import pytest

from game.cards import parse_cards
from game.core import IllegalAction, MatchOver
from game.wyr.checks import invariants
from game.wyr.match import WyrMatch
from game.wyr.records import (
    BetsRevealed,
    CardsLaidDown,
    CardsReceived,
    CardsToTable,
    DealerChanged,
    DiceRolled,
    DieRerolled,
    FirstDealerDrawn,
    HandRevealed,
    HandsShown,
    LordLeft,
    MulliganChoice,
    Pass,
    PickBet,
    PotMoved,
    PotPaid,
    ReisBestKept,
    RollOffStarted,
    RoundWon,
    ScoreSet,
    TableCardsTaken,
    ThyatisChoice,
    Trade,
    TradeTurn,
)

from .helpers import bet_all, card, dice, make, mao_keep, pass_rest, rig, to_show


def codes(text: str) -> list[str]:
    return [c.code for c in parse_cards(text)]


# ---------------------------------------------------------------------------
# [Y1] seats, groups, money


def test_everyone_starts_with_100_and_groups_interleave_y1() -> None:
    m = make(6, groups="pairs")
    v = m.view(0)
    assert v["money"] == [100] * 6
    assert v["groups"] == [[0, 3], [1, 4], [2, 5]]
    assert v["group_of"] == [0, 1, 2, 0, 1, 2]
    assert make(3).view(0)["groups"] is None


# ---------------------------------------------------------------------------
# [Y2] secret simultaneous bets and the table bet


def test_bets_are_simultaneous_and_secret_until_revealed_y2_g4() -> None:
    m = make(3)
    assert m.to_move == [0, 1, 2]  # all at once
    assert m.view(0)["hand"] == [] and m.view(0)["hand_hidden"]  # bet before seeing the hand
    m.apply(1, PickBet(50))
    assert m.to_move == [0, 2]
    v0 = m.view(0)
    assert v0["bets"] == [None, None, None] and v0["my_pick"] is None
    assert v0["picked"] == [False, True, False]
    assert m.view(1)["my_pick"] == 50
    assert "50" not in str(m.public_view()["bets"])
    with pytest.raises(IllegalAction) as e:
        m.apply(1, PickBet(10))  # one pick each
    assert e.value.rule == "G3"
    with pytest.raises(IllegalAction) as e:
        m.apply(0, PickBet(30))
    assert e.value.rule == "Y2"


def test_table_bet_is_paid_by_everyone_y2() -> None:
    m = make(3)
    m.apply(0, PickBet(20))
    m.apply(1, PickBet(50))
    events = m.apply(2, PickBet(20))
    reveal = next(e for e in events if isinstance(e, BetsRevealed))
    assert reveal.table_bet == 20 and reveal.bets == (20, 50, 20)
    assert m.pot == 60 and m.money == [80, 80, 80]
    assert m.view(2)["bets"] == [20, 50, 20]
    # Now each lord sees his hand, privately.
    seen = [e for e in events if isinstance(e, HandRevealed)]
    assert {e.seat for e in seen} == {0, 1, 2} and all(e.PRIVATE for e in seen)
    assert m.view(0)["hand"] == [c.code for c in m.hands[0]]


def test_all_different_bets_take_the_lowest_y2() -> None:
    m = make(3)
    bet_all(m, {0: 10, 1: 20, 2: 50})
    assert m.current_bet == 10 and m.pot == 30


def test_short_stack_pays_everything_y2() -> None:
    m = make(3)
    m.money = [100, 15, 100]
    events: list = []
    for s in range(3):
        events += m.apply(s, PickBet(50))
    paid = {e.seat: e for e in events if isinstance(e, PotPaid)}
    assert paid[1].amount == 15 and paid[1].all_in
    assert paid[0].amount == 50 and not paid[0].all_in
    assert m.money[1] == 0 and m.pot == 115


def test_group_play_pays_the_same_table_bet_y2() -> None:
    """[Y2] (revised): group totals must match (60 = 60 here), not each pick."""
    m = make(4, groups="pairs")
    bet_all(m, {0: 10, 1: 50, 2: 50, 3: 10})
    assert m.current_bet == 60
    # Both groups put in the same total, shared evenly by their members.
    assert m.money == [70, 70, 70, 70] and m.pot == 120


# ---------------------------------------------------------------------------
# [Y3] discard & trade


def test_exactly_two_rounds_from_the_lorde_de_wyr_y3() -> None:
    m = make(3)
    m.dealer = 0
    bet_all(m)
    turns = []
    first = True
    while m.phase == "trade":
        seat = m.to_move_one()
        turns.append(seat)
        if first:
            mao_keep(m)
            first = False
        else:
            m.apply(seat, Pass())
    assert turns == [0, 1, 2, 0, 1, 2]
    assert m.turn == 1  # the round was played out


def test_discard_then_draw_from_the_pile_y3() -> None:
    m = make(3)
    rig(m, {1: "2s 5h 9d Jc Kh"}, pile="3s 4s 6s Ah As Ad Ac")
    bet_all(m)
    mao_keep(m)  # the dealer took 3s 4s (to table) and 6s
    assert m.to_move == [1]
    events = m.apply(1, Trade(tuple(parse_cards("2s 5h")), "pile"))
    assert sorted(m.hands[1]) == sorted(parse_cards("9d Jc Kh Ah As"))
    drawn = [e for e in events if isinstance(e, CardsReceived)]
    assert drawn and drawn[0].PRIVATE and drawn[0].seat == 1
    assert [c.code for c in m.table][-2:] == codes("2s 5h")


def test_refill_from_the_table_only_takes_earlier_cards_y3() -> None:
    m = make(3)
    rig(m, {1: "2s 5h 9d Jc Kh"}, pile="9s Kd 6s")
    bet_all(m)
    mao_keep(m)  # table: 9s Kd 6s
    assert codes("9s Kd 6s") == [c.code for c in m.table]
    # Taking a position that is only created by this discard is refused.
    with pytest.raises(IllegalAction) as e:
        m.apply(1, Trade((card("2s"),), "table", (3,)))
    assert e.value.rule == "Y3"
    before = m.fingerprint()
    with pytest.raises(IllegalAction):
        m.apply(1, Trade(tuple(parse_cards("2s 5h")), "table", (0,)))  # needs 2
    assert m.fingerprint() == before  # [G3]
    events = m.apply(1, Trade(tuple(parse_cards("2s 5h")), "table", (0, 1)))
    assert sorted(m.hands[1]) == sorted(parse_cards("9d Jc Kh 9s Kd"))
    assert [c.code for c in m.table] == codes("6s 2s 5h")
    taken = next(e for e in events if isinstance(e, TableCardsTaken))
    assert not taken.blind and [c.code for c in taken.cards] == codes("9s Kd")


def test_a_short_table_is_completed_from_the_pile_y3() -> None:
    m = make(3)
    rig(m, {1: "2s 5h 9d Jc Kh"}, pile="9s Kd 6s Ah As")
    bet_all(m)
    mao_keep(m)  # table: 9s Kd 6s; pile top: Ah, As
    # Hand-built: only 9s stays on the table, Kd and 6s go under the pile.
    m.table, m.table_up, m.table_by = m.table[:1], m.table_up[:1], m.table_by[:1]
    m.deck.put_bottom(parse_cards("Kd 6s"))
    invariants(m)
    with pytest.raises(IllegalAction):
        m.apply(1, Trade(tuple(parse_cards("2s 5h 9d")), "table", (0, 1)))
    m.apply(1, Trade(tuple(parse_cards("2s 5h 9d")), "table", (0,)))
    assert sorted(m.hands[1]) == sorted(parse_cards("Jc Kh 9s Ah As"))
    invariants(m)


def test_a_short_pile_is_completed_from_the_table_y3() -> None:
    m = make(3)
    rig(m, {1: "2s 5h 9d Jc Kh"}, pile="9s Kd 6s Ah")
    bet_all(m)
    mao_keep(m)  # table 9s Kd 6s; the pile's top is Ah
    rest = [c for c in m.deck.cards if c.code != "AH"]
    m.deck.cards = [parse_cards("Ah")[0]]
    m.table.extend(rest)  # hand-built: park the rest of the pile on the table, face up
    m.table_up.extend([True] * len(rest))
    m.table_by.extend([None] * len(rest))
    invariants(m)
    with pytest.raises(IllegalAction):
        m.apply(1, Trade(tuple(parse_cards("2s 5h 9d")), "pile"))  # must name 2 table cards
    m.apply(1, Trade(tuple(parse_cards("2s 5h 9d")), "pile", (0, 1)))
    assert sorted(m.hands[1]) == sorted(parse_cards("Jc Kh Ah 9s Kd"))
    assert len(m.deck) == 0


def test_discard_counts_and_sources_y3() -> None:
    m = make(3)
    rig(m, {1: "2s 5h 9d Jc Kh"})
    bet_all(m)
    mao_keep(m)
    for bad in (
        Trade(tuple(parse_cards("2s 5h 9d Jc")), "pile"),  # 4 cards
        Trade((), "pile"),  # nothing
        Trade((card("2s"),), "none"),  # "none" is only for the Mão de Wyr
        Trade((card("2s"),), "sky"),
        Trade((card("Ad"),), "pile"),  # not in hand
    ):
        with pytest.raises(IllegalAction) as e:
            m.apply(1, bad)
        assert e.value.rule == "Y3"
    m.apply(1, Pass())
    assert m.to_move == [2]


# ---------------------------------------------------------------------------
# [Y4] Mão de Wyr


def _at_mao(**options: object) -> WyrMatch:
    m = make(3, **options)
    rig(m, {0: "2s 5h 9d Jc Kh"}, pile="9s Kd 6s Ah As")
    bet_all(m)
    return m


def test_mao_de_wyr_reveals_two_and_draws_one_y4() -> None:
    m = _at_mao()
    assert m.to_move == [0] and m.mao_de_wyr
    assert [c.code for c in m.table] == codes("9s Kd") and all(m.table_up)
    assert len(m.hands[0]) == 6 and card("6s") in m.hands[0]
    assert m.view(0)["trade"]["mao_de_wyr"]
    with pytest.raises(IllegalAction) as e:
        m.apply(0, Pass())
    assert e.value.rule == "Y4"


def test_mao_option_1_discards_exactly_one_y4() -> None:
    m = _at_mao()
    with pytest.raises(IllegalAction) as e:
        m.apply(0, Trade(tuple(parse_cards("2s 5h")), "none"))
    assert e.value.rule == "Y4"
    m.apply(0, Trade((card("2s"),), "none"))
    assert len(m.hands[0]) == 5 and [c.code for c in m.table] == codes("9s Kd 2s")


def test_mao_option_2_refills_from_the_table_y4() -> None:
    m = _at_mao()
    with pytest.raises(IllegalAction):
        m.apply(0, Trade(tuple(parse_cards("2s 5h 6s 9d")), "table", (0, 1)))  # 4 discards
    m.apply(0, Trade(tuple(parse_cards("2s 5h 6s")), "table", (0, 1)))
    assert sorted(m.hands[0]) == sorted(parse_cards("9d Jc Kh 9s Kd"))
    assert [c.code for c in m.table] == codes("2s 5h 6s")


def test_mao_option_3_refills_from_the_pile_y4() -> None:
    m = _at_mao()
    m.apply(0, Trade(tuple(parse_cards("2s 5h")), "pile"))
    assert sorted(m.hands[0]) == sorted(parse_cards("9d Jc Kh 6s Ah"))
    assert [c.code for c in m.table] == codes("9s Kd 2s 5h")
    # The dealer's second turn is an ordinary one (he may pass).
    m.apply(1, Pass())
    m.apply(2, Pass())
    assert m.to_move == [0] and not m.mao_de_wyr
    assert Pass() in m.legal_actions(0)


# ---------------------------------------------------------------------------
# [Y7] [Y8] Hora da Verdade


def test_show_order_best_first_and_score_is_points_plus_dice_y7() -> None:
    m = make(3)
    dice(m, [1, 1, 6, 6, 3, 4])
    events = to_show(m, {0: "2s 5h 9d Jc Kh", 1: "7s 7h 7d 2c 3h", 2: "4s 4h 8d Jd Ks"})
    shown = next(e for e in events if isinstance(e, HandsShown))
    assert shown.seats == (1, 2, 0)  # trinca, par, maior tesouro
    scores = {e.seat: e.score for e in events if isinstance(e, ScoreSet)}
    # Rolls go in show order: 1 gets (1,1), 2 gets (6,6), 0 gets (3,4).
    assert scores == {1: 3 + 2, 2: 2 + 12, 0: 1 + 7}
    win = next(e for e in events if isinstance(e, RoundWon))
    assert win.winners == (2,) and win.reason == "score" and win.pot == 60
    assert m.money == [80, 80, 140]


def test_score_tie_goes_to_the_better_combination_y8() -> None:
    m = make(2)
    dice(m, [3, 3, 3, 4])  # seat 0: trinca 3 + 6 = 9; seat 1: par 2 + 7 = 9
    events = to_show(m, {0: "7s 7h 7d 2c 3h", 1: "4s 4h 8d Jd Ks"})
    scores = {e.seat: e.score for e in events if isinstance(e, ScoreSet)}
    assert scores[0] == scores[1] == 9
    win = next(e for e in events if isinstance(e, RoundWon))
    assert win.winners == (0,) and win.reason == "combination"


def test_equal_combination_ties_also_compare_kickers_y8_y6() -> None:
    m = make(2)
    dice(m, [3, 4, 3, 4])
    events = to_show(m, {0: "4s 4h 8d Jd Ks", 1: "4d 4c 8s Jh Qs"})
    win = next(e for e in events if isinstance(e, RoundWon))
    assert win.winners == (0,) and win.reason == "combination"


def test_fully_equal_hands_roll_off_repeating_while_tied_y8() -> None:
    m = make(2)
    # Both 2+7; roll-off: 5-5 vs 4-6 (tied again), then 6-6 vs 1-1.
    dice(m, [3, 4, 2, 5, 5, 5, 4, 6, 6, 6, 1, 1])
    events = to_show(m, {0: "4s 4h 8d Jd Ks", 1: "4d 4c 8s Jh Kd"})
    assert any(isinstance(e, RollOffStarted) for e in events)
    offs = [e for e in events if isinstance(e, DiceRolled) and e.kind == "rolloff"]
    assert len(offs) == 4
    win = next(e for e in events if isinstance(e, RoundWon))
    assert win.reason == "rolloff"
    # The dealer (seat 0) rolls off first: 6-6 wins.
    assert win.winners == (0,)


# ---------------------------------------------------------------------------
# [Y9] Reis de Arton


def test_reis_rolls_twice_and_keeps_the_better_y9() -> None:
    m = make(2)
    dice(m, [1, 2, 5, 6, 6, 6])  # reis: (1,2) then (5,6) -> 11; other (6,6)
    events = to_show(m, {0: "10s Jh Qd Kc Ah", 1: "7s 7h 7d Kd Kh"})
    reis_rolls = [e for e in events if isinstance(e, DiceRolled) and e.seat == 0]
    assert [r.kind for r in reis_rolls] == ["main", "reis_second"]
    kept = next(e for e in events if isinstance(e, ReisBestKept))
    assert kept.total == 11
    scores = {e.seat: e.score for e in events if isinstance(e, ScoreSet)}
    assert scores == {0: 17, 1: 17}
    # A score tie with any hand goes to the Reis de Arton.
    win = next(e for e in events if isinstance(e, RoundWon))
    assert win.winners == (0,) and win.reason == "reis"


def test_two_reis_split_the_pot_remainder_by_tiebreak_y9() -> None:
    m = make(3)
    m.money = [100, 100, 15]
    # Show order: 0 and 1 (Reis), then 2. Reis 0: 2,2 / 3,3 -> 6; Reis 1: 6,6 / 1,1 -> 12.
    dice(m, [2, 2, 3, 3, 6, 6, 1, 1, 6, 6])
    events: list = []
    rig(m, {0: "10s Jh Qd Kc Ah", 1: "10d Jc Qh Kd As", 2: "7s 7h 7d 2d 2h"})
    bet_all(m, {0: 20, 1: 20, 2: 20})
    assert m.pot == 55
    mao_keep(m)
    events += pass_rest(m)
    win = next(e for e in events if isinstance(e, RoundWon))
    assert win.reason == "reis_split" and set(win.winners) == {0, 1}
    moved = [(e.seat, e.amount, e.kind) for e in events if isinstance(e, PotMoved)]
    assert (0, 27, "share") in moved and (1, 27, "share") in moved
    assert (1, 1, "remainder") in moved  # the higher score among the Reis
    assert m.money[0] == 80 + 27 and m.money[1] == 80 + 28 and m.money[2] == 0


def test_the_reis_split_whatever_the_others_scored_y9() -> None:
    """[Y9] With lords holding Reis de Arton the pot is theirs to split, however
    much the others scored: a trinca with a pair at 17 still loses to Reis at 10 and 9."""
    m = make(3)
    # Reis 0: (1,1) / (2,2) -> 4, score 10; Reis 1: (1,2) / (1,1) -> 3, score 9;
    # the trinca with a pair: (6,6) -> 12, score 17.
    dice(m, [1, 1, 2, 2, 1, 2, 1, 1, 6, 6])
    events = to_show(m, {0: "10s Jh Qd Kc Ah", 1: "10d Jc Qh Kd As", 2: "7s 7h 7d 2d 2h"})
    scores = {e.seat: e.score for e in events if isinstance(e, ScoreSet)}
    assert scores == {0: 10, 1: 9, 2: 17}
    win = next(e for e in events if isinstance(e, RoundWon))
    assert win.reason == "reis_split" and set(win.winners) == {0, 1}


# ---------------------------------------------------------------------------
# [Y10] rounds and the end


def test_dealer_rotates_and_the_match_ends_when_all_have_dealt_y10() -> None:
    m = make(3)
    dealers = []
    while not m.is_over:
        dealers.append(m.dealer)
        bet_all(m, {s: 10 for s in range(3)})
        mao_keep(m)
        pass_rest(m)
    assert dealers == [0, 1, 2] and m.turn == 3
    assert m.dealt == [True, True, True]


def test_a_broke_lord_leaves_and_two_leavers_end_the_game_y10() -> None:
    m = make(4)
    m.money = [100, 20, 20, 260]  # conserved total
    dice(m, [6, 6] + [1, 1] * 3)  # seat 3's trinca rolls first
    events: list = []
    rig(m, {0: "2s 5h 9d Jc Kh", 1: "2d 5c 9s Jd Ks", 2: "3s 6h 10d Qc Ah", 3: "7s 7h 7d 2c 3h"})
    for s in range(4):
        events += m.apply(s, PickBet(50))
    mao_keep(m)
    events += pass_rest(m)
    left = {e.seat for e in events if isinstance(e, LordLeft)}
    assert left == {1, 2}
    assert m.is_over and m.out == [False, True, True, False]
    over = next(e for e in events if isinstance(e, MatchOver))
    assert over.standings[0] == (3,)
    assert m.standings() == [[3], [0], [1, 2]]  # the two who left together share last


def test_a_single_leaver_does_not_end_a_four_player_game_y10() -> None:
    m = make(4)
    m.money = [100, 20, 140, 140]
    dice(m, [6, 6] + [1, 1] * 3)
    events = to_show(m, {1: "2d 5c 9s Jd 4s", 3: "7s 7h 7d 2c 3h"}, {s: 50 for s in range(4)})
    assert any(isinstance(e, LordLeft) and e.seat == 1 for e in events)
    assert not m.is_over
    dealer = next(e for e in events if isinstance(e, DealerChanged))
    assert dealer.seat == 2 and m.dealer == 2  # seat 1 left, seat 2 deals
    assert m.to_move == [0, 2, 3]


def test_heads_up_ends_when_one_lord_is_broke_y10() -> None:
    m = make(2)
    m.money = [20, 180]
    dice(m, [6, 6, 1, 1])  # seat 1 (trinca) rolls first
    rig(m, {0: "2s 5h 9d Jc Kh", 1: "7s 7h 7d 2c 3h"})
    bet_all(m, {0: 50, 1: 50})
    mao_keep(m)
    pass_rest(m)
    assert m.is_over and m.winners() == [1] and m.turn == 1


def test_winners_most_money_and_ties_share_y10() -> None:
    m = make(3)
    m.money = [150, 150, 0]
    m.out = [False, False, True]
    m.left_round = [0, 0, 1]
    assert m.standings() == [[0, 1], [2]]


def test_group_totals_decide_y10() -> None:
    m = make(4, groups="pairs")
    m.money = [10, 140, 120, 130]  # groups (0,2)=130 and (1,3)=270
    assert m.standings() == [[1, 3], [0, 2]]
    assert m.distance_to_victory(0) == 140.0 and m.distance_to_victory(3) == 0.0
    m.money = [50, 100, 150, 100]
    assert m.standings() == [[0, 1, 2, 3]]  # tied groups share


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


# ---------------------------------------------------------------------------
# [R7] [R8] turn limit and tournament


def test_turn_limit_counts_rounds_and_ends_on_time_r7() -> None:
    m = make(3, turn_limit=1)
    dice(m, [1, 1, 1, 1, 6, 6])
    events = to_show(m, {2: "7s 7h 7d 2c 3h"})
    over = next(e for e in events if isinstance(e, MatchOver))
    assert over.timed and m.timed_out and m.turn == 1
    assert m.winners() == [2]


def test_tournament_draws_the_first_dealer_and_allows_one_mulligan_r8() -> None:
    m = make(3, tournament=True)
    assert isinstance(m.start_events[0], FirstDealerDrawn)
    d = m.start_events[0].seat
    assert m.dealer == d
    bet_all(m)
    assert m.phase == "mulligan" and m.to_move == [d]
    old = list(m.hands[d])
    events = m.apply(d, MulliganChoice(True))
    assert any(isinstance(e, HandRevealed) and e.seat == d for e in events)
    assert m.hands[d] != old and len(m.hands[d]) == 5 and m.mulligan_used[d]
    for _ in range(2):
        m.apply(m.to_move_one(), MulliganChoice(False))
    assert m.phase == "trade" and m.mao_de_wyr
    # Next round: no mulligan.
    mao_keep(m)
    pass_rest(m)
    bet_all(m)
    assert m.phase == "trade"


# ---------------------------------------------------------------------------
# events and views


def test_trade_turn_events_flag_the_mao_de_wyr_y4() -> None:
    m = make(2)
    events: list = []
    for s in range(2):
        events += m.apply(s, PickBet(10))
    turn = next(e for e in events if isinstance(e, TradeTurn))
    assert turn.mao_de_wyr and turn.trade_round == 1 and turn.seat == 0


def test_views_hide_other_hands_until_the_show_g4() -> None:
    m = make(3)
    to_show_hands = {0: "2s 5h 9d Jc Kh", 1: "7s 7h 7d 2c 3h", 2: "4s 4h 8d Jd Ks"}
    rig(m, to_show_hands)
    bet_all(m)
    v = m.view(1)
    assert v["hand"] == codes("7s 7h 7d 2c 3h")
    for other in ("2S", "5H", "9D", "4S", "8D"):
        assert other not in str(v)
    assert "deck" not in v and "pile" not in v


def test_finished_round_is_public_in_last_round() -> None:
    m = make(3)
    to_show(m, {0: "2s 5h 9d Jc Kh", 1: "7s 7h 7d 2c 3h", 2: "4s 4h 8d Jd Ks"})
    lr = m.view(2)["last_round"]
    assert lr["combinations"][1] == "trinca" and lr["hands"][0] == codes("2s 5h 9d Jc Kh")
    assert sum(lr["payout"]) == 60 and lr["table_bet"] == 20
