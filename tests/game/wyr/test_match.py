"""Hand-built positions for Wyr's rulings on money, bets, the trade and the end
([Y1]-[Y4], [Y10], [R7], [R8], [G3], [G4]); the show in test_match_show, the
variants in test_match_variants."""

from __future__ import annotations

import pytest

from game.cards import parse_cards
from game.core import IllegalAction, MatchOver
from game.wyr.checks import invariants
from game.wyr.match import WyrMatch
from game.wyr.records import (
    BetsRevealed,
    CardsReceived,
    DealerChanged,
    FirstDealerDrawn,
    HandRevealed,
    LordLeft,
    MulliganChoice,
    Pass,
    PickBet,
    PotPaid,
    TableCardsTaken,
    Trade,
    TradeTurn,
)

from .helpers import bet_all, card, codes, dice, make, mao_keep, pass_rest, rig, to_show

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
