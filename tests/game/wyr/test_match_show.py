"""Hand-built positions for the Hora da Verdade: the show order, the score as
points plus dice, ties and roll-offs, and the Reis de Arton ([Y6]-[Y9])."""

from __future__ import annotations

from game.wyr.records import (
    DiceRolled,
    HandsShown,
    PotMoved,
    ReisBestKept,
    RollOffStarted,
    RoundWon,
    ScoreSet,
)

from .helpers import bet_all, dice, make, mao_keep, pass_rest, rig, to_show

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
