"""Stakes, blinds, straddle, betting, pots, dice cards, buck and session end: [T1]-[T8]."""

from __future__ import annotations

import pytest

from game.core import IllegalAction, MatchOver
from game.wyrt.match import WyrtMatch
from game.wyrt.pots import Pot, build_pots, split, uncalled
from game.wyrt.records import (
    AllIn,
    BettingRoundStarted,
    BlindPosted,
    Call,
    Check,
    DiceCardRolled,
    Fold,
    HandShown,
    HandStarted,
    Leave,
    NoStraddle,
    PlayerBusted,
    PotWon,
    PotWonUncontested,
    Raise,
    RunOut,
    SessionEnded,
    Straddle,
    UncalledReturned,
)
from tests.game.wyrt.helpers import act, dice, give, of, stacks, table

# ---------------------------------------------------------------------------
# [T1] stakes and blinds


@pytest.mark.parametrize(
    ("preset", "sb", "bb", "stack"),
    [("casual", 1, 2, 100), ("tavern", 5, 10, 1000), ("ahlen", 5000, 10000, 1_000_000)],
)
def test_table_presets_and_blinds_t1(preset: str, sb: int, bb: int, stack: int) -> None:
    """[T1] minimum bet per preset; small blind half of it, big blind all of it."""
    m = table(3, table=preset)
    assert (m.sb_amount, m.bb_amount) == (sb, bb)
    assert m.start_stacks == [stack] * 3
    posted = {e.blind: e.amount for e in of(m.start_events, BlindPosted)}
    assert posted == {"small": sb, "big": bb}
    assert m.contrib == [0, sb, bb]  # buck 0, small blind 1, big blind 2


def test_small_blind_rounds_down_but_is_at_least_one_t1() -> None:
    """[T1] small blind = half the minimum, rounded down, at least 1."""
    assert table(2, mode="death_match", pv_bet=3).sb_amount == 1
    assert table(2, mode="death_match", pv_bet=1).sb_amount == 1
    assert table(2, mode="death_match", pv_bet=5).sb_amount == 2


def test_stack_in_big_blinds_option_t1() -> None:
    """[T1] the starting stack can be set in big blinds."""
    assert table(2, table="casual", stack_bb=20).start_stacks == [40, 40]


# ---------------------------------------------------------------------------
# [T2] straddle and who acts first


def test_straddle_posts_double_and_acts_last_t2() -> None:
    """[T2] the straddler posts 2x the minimum, the player to his left acts first, he last."""
    m = table(4, straddle=True)
    assert m.phase == "straddle" and m.to_move == [3]
    assert set(map(type, m.legal_actions(3))) == {Straddle, NoStraddle, Leave}
    ev = act(m, Straddle())
    assert of(ev, BlindPosted)[0].amount == 20 and m.current_bet == 20
    assert m.to_move == [0]
    with pytest.raises(IllegalAction) as err:
        m.check(0, Check())
    assert err.value.rule == "T3"
    act(m, Call())  # seat 0
    act(m, Call())  # seat 1 (small blind)
    act(m, Call())  # seat 2 (big blind)
    assert m.to_move == [3]  # the straddler closes the round
    assert Check() in m.legal_actions(3)


def test_declined_straddle_acts_first_t2() -> None:
    """[T2] without a straddle the player left of the big blind acts first."""
    m = table(4, straddle=True)
    ev = act(m, NoStraddle())
    assert of(ev, BettingRoundStarted)[0].first == 3
    assert m.to_move == [3] and m.current_bet == 10


def test_no_straddle_heads_up_t2() -> None:
    """[T2] two players: the seat left of the big blind already posted; no straddle."""
    m = table(2, straddle=True)
    assert m.phase == "betting"


def test_first_round_starts_left_of_big_blind_t2() -> None:
    """[T2] first betting round: left of the big blind."""
    m = table(3)
    assert (m.buck, m.sb_seat, m.bb_seat) == (0, 1, 2)
    assert m.to_move == [0]


# ---------------------------------------------------------------------------
# [T3] no-limit betting


def test_minimum_raise_is_always_the_big_blind_t3() -> None:
    """[T3] (revised): a raise adds at least the big blind - the seed's only limit
    ("nunca pode ser inferior à aposta mínima"); a bigger raise before does not
    raise that minimum."""
    m = table(3)
    with pytest.raises(IllegalAction) as err:
        act(m, Raise(19))
    assert err.value.rule == "T3" and err.value.params == {"minimum": 20}
    act(m, Raise(40))  # raises by 30
    with pytest.raises(IllegalAction) as err:
        act(m, Raise(49))  # by 9: less than the big blind
    assert err.value.params == {"minimum": 50}
    act(m, Raise(50))  # by 10, the big blind: allowed though the last raise was 30
    assert m.raise_bounds(2)[0] == 60


def test_raise_cannot_exceed_stack_t3() -> None:
    """[T3] table stakes: nobody bets more than he has."""
    m = table(3)
    with pytest.raises(IllegalAction) as err:
        act(m, Raise(1001))
    assert err.value.key == "wyrt.illegal.raise_too_big"


def test_check_only_when_nothing_owed_t3() -> None:
    """[T3] check only when nothing is owed; call only when something is."""
    m = table(3)
    with pytest.raises(IllegalAction) as err:
        act(m, Check())
    assert err.value.rule == "T3"
    act(m, Call())
    act(m, Call())
    with pytest.raises(IllegalAction):
        act(m, Call())  # the big blind owes nothing
    act(m, Check())
    assert m.round == 1


def test_short_all_in_does_not_reopen_betting_t3() -> None:
    """[T3] a short all-in: those who already acted may only call or fold."""
    m = table(3)
    stacks(m, 1000, 100, 990)  # the small blind can reach 105 in all
    act(m, Raise(100))  # seat 0 raises by 90
    act(m, AllIn())  # seat 1: to 105, 5 more - less than the big blind: short ([T3])
    assert m.current_bet == 105
    # The big blind has not acted yet: he may raise.
    assert any(isinstance(a, Raise) for a in m.legal_actions(2))
    act(m, Call())
    assert m.to_move == [0]
    legal = m.legal_actions(0)
    assert Call() in legal and Fold() in legal
    assert not any(isinstance(a, (Raise, AllIn)) for a in legal)
    with pytest.raises(IllegalAction) as err:
        m.check(0, Raise(400))
    assert (err.value.rule, err.value.key) == ("T3", "wyrt.illegal.not_reopened")
    with pytest.raises(IllegalAction):
        m.check(0, AllIn())


def test_full_raise_reopens_betting_t3() -> None:
    """[T3] a full raise lets those who acted raise again."""
    m = table(3)
    act(m, Raise(100))
    act(m, Raise(200))  # seat 1: full raise
    act(m, Call())
    assert any(isinstance(a, Raise) for a in m.legal_actions(0))


def test_all_in_for_less_than_a_call_is_allowed_t3() -> None:
    """[T3] all-in is always allowed, even for less than the bet."""
    m = table(3)
    stacks(m, 1000, 995, 990)
    act(m, Raise(500))
    stacks(m, 500, 30, 990)
    legal = m.legal_actions(1)
    assert AllIn() in legal and Call() in legal
    ev = act(m, AllIn())
    assert m.all_in[1] and m.contrib[1] == 35 and ev


# ---------------------------------------------------------------------------
# [T4] pots


def _all_in_three_ways() -> tuple[WyrtMatch, list]:
    m = table(3)
    stacks(m, 100, 195, 290)
    give(m, "AS AH AD AC KS", "KH KD KC QS QH", "2C 7D 9S JH 4D")
    dice(m, 2, 1, 1, 3, 1, 2)  # 2♥ then 3♠
    events = []
    events += act(m, AllIn())
    events += act(m, AllIn())
    # Nobody is left to raise against: the big blind may only call (or fold).
    assert AllIn() not in m.legal_actions(2)
    events += act(m, Call())
    return m, events


def test_side_pots_tier_by_tier_t4() -> None:
    """[T4] each player is eligible for the tiers he paid; the rest is returned."""
    m, events = _all_in_three_ways()
    won = {(e.pot, e.amount): e.winners for e in of(events, PotWon)}
    assert won == {(1, 300): (0,), (2, 200): (1,)}
    assert not of(events, UncalledReturned)
    ended = [i for i, e in enumerate(events) if isinstance(e, PotWon)][-1]
    assert not any(isinstance(e, HandStarted) for e in events[:ended])


def test_uncalled_bet_goes_back_t4() -> None:
    """[T4] the part of a bet nobody matched returns to its owner."""
    m = table(3)
    act(m, Raise(100))
    act(m, Fold())
    events = act(m, Fold())
    assert [(e.seat, e.amount) for e in of(events, UncalledReturned)] == [(0, 90)]
    assert of(events, PotWonUncontested)[0].amount == 25


def test_folded_chips_stay_in_the_pot_t4() -> None:
    """[T4] a folded player's chips go to the pot he fed."""
    m = table(3)
    act(m, Raise(50))
    act(m, Call())  # small blind puts in 50 …
    act(m, Fold())  # … big blind leaves his 10
    act(m, Raise(100))  # round 2, the small blind bets
    events = act(m, Fold())  # seat 0 folds his 50
    assert of(events, PotWonUncontested)[0].amount == 110
    assert m.stacks[0] == 1000 - 50 - 10  # and he posts the next big blind


def test_odd_chip_goes_clockwise_from_the_buck_t4() -> None:
    """[T4] split pot: the odd chip to the first winner left of the buck."""
    m = table(3)
    give(m, "AS KD QC JH 10S", "2C 3C 4D 6H 8S", "AH KC QD JS 10D")
    dice(m, 2, 1, 1, 3, 1, 2)
    act(m, Call())  # seat 0: 10
    act(m, Fold())  # seat 1: 5 stay in
    act(m, Check())  # seat 2
    events = []
    for _ in range(4):
        events += act(m, Check())
    pot = of(events, PotWon)[0]
    assert pot.amount == 25 and pot.winners == (0, 2) and pot.shares == (12, 13)


def test_pots_helpers_t4() -> None:
    """[T4] building pots, the uncalled bet and the split helpers."""
    assert uncalled([100, 300, 50]) == (1, 200)
    assert uncalled([100, 100]) == (-1, 0)
    pots = build_pots([100, 200, 200, 50], [True, True, True, False])
    assert pots == [Pot(350, (0, 1, 2)), Pot(200, (1, 2))]
    assert split(7, [2, 0], buck=0, n_seats=3) == {2: 4, 0: 3}  # order 1, 2, 0
    assert split(5, [0, 1], buck=2, n_seats=3) == {0: 3, 1: 2}  # order 0, 1, 2
    assert split(8, [0, 1, 2], buck=0, n_seats=3) == {1: 3, 2: 3, 0: 2}


# ---------------------------------------------------------------------------
# [T5] dice cards and betting rounds


def test_dice_card_rolled_with_rerolls_and_shown_t5() -> None:
    """[T5] suit from 1d6 (1 and 6 roll again), value from 2d6; events carry the dice."""
    m = table(3)
    dice(m, 1, 6, 2, 5, 6)
    act(m, Call())
    act(m, Call())
    events = act(m, Check())
    rolled = of(events, DiceCardRolled)[0]
    assert rolled.suit_dice == (1, 6, 2) and rolled.value_dice == (5, 6)
    assert rolled.card.code == "JH" and m.board[0].code == "JH"


def test_small_blind_acts_first_from_round_two_t5() -> None:
    """[T5] from the second betting round on, the small blind starts."""
    m = table(3)
    act(m, Call())
    act(m, Call())
    events = act(m, Check())
    assert of(events, BettingRoundStarted)[0].first == 1
    assert m.to_move == [1]


def test_next_player_starts_when_small_blind_folded_t5() -> None:
    """[T5] with the small blind out, the next player still in starts."""
    m = table(3)
    act(m, Call())
    act(m, Fold())
    events = act(m, Check())
    assert of(events, BettingRoundStarted)[0].first == 2


def test_dice_card_may_duplicate_a_held_card_t5() -> None:
    """[T5] dice cards do not come from the deck: a Q♥ in hand and a Q♥ from the dice."""
    m = table(2)
    give(m, "QH 9C 4D 2S 7H", "AS KD 3C 5H 8S")
    dice(m, 2, 6, 6, 5, 1, 1)  # Q♥, then 2♣
    events = act(m, AllIn())
    events += act(m, Call())
    shown = {e.seat: e for e in of(events, HandShown)}
    assert [c.code for c in shown[0].best_five].count("QH") == 2
    assert shown[0].category == "two_pair"  # Q♥ Q♥ and 2♠ 2♣


def test_run_out_when_nobody_can_bet_t5() -> None:
    """[T5] all-in with at most one player able to bet: the cards are rolled at once."""
    m = table(2)
    act(m, AllIn())
    events = act(m, Call())
    assert of(events, RunOut) and len(of(events, DiceCardRolled)) == 2
    assert of(events, HandShown)


# ---------------------------------------------------------------------------
# [T7] buck and dealer


def test_buck_moves_clockwise_t7() -> None:
    """[T7] the buck moves one seat clockwise each hand."""
    m = table(3)
    act(m, Fold())
    events = act(m, Fold())
    started = of(events, HandStarted)[0]
    assert (started.buck, started.small_blind, started.big_blind) == (1, 2, 0)
    assert started.dealer == 1


def test_fixed_dealer_option_t7() -> None:
    """[T7] a fixed non-playing dealer deals (Ahlen tables by default); the buck still moves."""
    assert of(table(3, table="ahlen").start_events, HandStarted)[0].dealer == -1
    assert of(table(3, dealer="fixed").start_events, HandStarted)[0].dealer == -1
    m = table(3, table="ahlen", dealer="buck")
    assert of(m.start_events, HandStarted)[0].dealer == 0
    assert table(3, table="ahlen").public_view()["dealer"] == "house"


def test_buck_skips_busted_players_t7() -> None:
    """[T7][T8] the buck and blinds go to players still at the table."""
    m = table(3)
    stacks(m, 1000, 95, 990)
    give(m, "AS AH AD AC KS", "2C 7D 9S JH 4D", "3C 8D 10S QH 5D")
    dice(m, 2, 1, 1, 3, 1, 2)
    act(m, Raise(100))
    act(m, AllIn())  # seat 1 all-in for 100
    events = act(m, Fold())
    assert of(events, PlayerBusted)[0].seat == 1
    started = of(events, HandStarted)[0]
    assert started.buck == 2 and started.small_blind == 0 and started.big_blind == 2
    assert not m.in_hand[1]


# ---------------------------------------------------------------------------
# [T8] the end of a session


def test_session_ends_when_one_player_holds_all_chips_t8() -> None:
    """[T8] a busted player leaves; one player with every chip ends the session."""
    m = table(2)
    give(m, "AS AH AD AC KS", "2C 7D 9S JH 4D")
    dice(m, 2, 1, 1, 3, 1, 2)
    act(m, AllIn())
    events = act(m, Call())
    assert of(events, PlayerBusted)[0].seat == 0 or of(events, PlayerBusted)[0].seat == 1
    assert m.is_over and m.end_reason == "one_left"
    assert isinstance(events[-1], MatchOver)
    assert m.standings()[0] == [max(range(2), key=lambda s: m.stacks[s])]


def test_hand_limit_ends_the_session_t8() -> None:
    """[T8] the table's hand limit."""
    m = table(3, hand_limit=2)
    act(m, Fold())
    act(m, Fold())
    assert m.hand_no == 2
    act(m, Fold())
    events = act(m, Fold())
    assert m.is_over and m.end_reason == "hand_limit" and not m.timed_out
    assert of(events, SessionEnded)[0].reason == "hand_limit"


def test_turn_limit_ends_on_time_by_chips_r7_t8() -> None:
    """[R7][T8] a turn limit ends on time; standings by chips."""
    m = table(3, turn_limit=1)
    act(m, Raise(50))
    act(m, Fold())
    act(m, Fold())
    assert m.is_over and m.timed_out
    assert m.standings()[0] == [0]
    assert m.distance_to_victory(0) < m.distance_to_victory(1)


def test_leaving_ends_the_session_t8() -> None:
    """[T8] a player who gets up ends the session; the hand is settled at once."""
    m = table(3)
    give(m, "2C 7D 9S JH 4D", "AS AH AD AC KS", "3C 8D 10S QH 5D")
    dice(m, 2, 1, 1, 3, 1, 2)
    act(m, Call())
    act(m, Raise(40))  # seat 1
    events = act(m, Leave())  # seat 2 gets up
    assert m.is_over and m.end_reason == "left"
    assert of(events, RunOut) and len(of(events, DiceCardRolled)) == 2
    # Seat 1's unmatched 30 goes back; he wins 10 + 10 + 10 from the others.
    assert m.stacks == [990, 1020, 990]
    assert sum(m.stacks) == 3000


def test_uncontested_pot_is_not_shown_t8() -> None:
    """The last player left takes the pot without showing."""
    m = table(3)
    act(m, Fold())
    events = act(m, Fold())
    assert of(events, PotWonUncontested)[0].seat == 2 and not of(events, HandShown)


def test_leaving_before_the_deal_voids_the_hand_t8() -> None:
    """[T8] getting up before any card is seen (straddle decision) returns the blinds."""
    m = table(4, straddle=True)
    assert m.phase == "straddle"
    events = act(m, Leave())
    assert m.is_over and m.end_reason == "left"
    assert m.stacks == [1000] * 4 and not of(events, PotWon)
