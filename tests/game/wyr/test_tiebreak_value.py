"""The hard bot values the cards inside equal points by what a tie-break is worth
([Y6], [Y8]); under Azgher ([Y11]) it expects the others' bare Maiores Tesouros."""

from __future__ import annotations

from game.rng import Rng
from game.wyr.bots import HardBot
from game.wyr.lookahead import hand_value
from game.wyr.odds import (
    AZGHER_POINTS,
    OPPONENT_POINTS,
    POINTS_AFTER_DISCARDS,
    key_share,
    read_opponents,
    tie_table,
    win_table,
)


def test_key_share_rises_with_the_cards_y6() -> None:
    """[Y6] an ace-high Maior Tesouro beats most other Maiores Tesouros; a 7-high
    (the lowest there is: 2-3-4-5-6 is a run) beats almost none."""
    low = key_share(1, (7, 5, 4, 3, 2))
    high = key_share(1, (14, 13, 12, 11, 9))
    assert low < 0.01 and high > 0.99
    assert key_share(2, (14, 14, 3, 4, 5)) > key_share(2, (2, 2, 14, 13, 12))


def test_no_tiebreak_worth_under_nimb_or_for_reis_y9_y11() -> None:
    """[Y11] Nimb settles every tie by a roll-off; [Y9] two Reis split the pot."""
    assert tie_table(1, True) == (0.0,) * 6
    assert tie_table(1, False)[5] == 0.0
    assert all(t > 0 for t in tie_table(1, False)[:5])


def test_azgher_values_a_low_maior_tesouro_above_an_ace_high_y11() -> None:
    """[Y11] under Azgher the lord who wants to lose prefers 7-high to ace-high by
    about what a tie-break of two bare Maiores Tesouros is worth (dice tie ~11%)."""
    profile = (win_table(1, False, AZGHER_POINTS), -1.0, tie_table(1, False, AZGHER_POINTS))
    low = hand_value((2, 3, 4, 5, 7), profile)
    ace = hand_value((2, 3, 4, 6, 14), profile)
    assert low - ace > 0.05
    # Still, any Maior Tesouro beats a pair for him.
    assert ace > hand_value((2, 2, 4, 5, 7), profile)


def test_azgher_prior_expects_bare_maiores_tesouros_y11() -> None:
    """[Y11] the others play to lose under Azgher: a tie on a bare Maior Tesouro is
    far likelier than in a normal round."""
    assert AZGHER_POINTS[0] > 0.5 > OPPONENT_POINTS[0]
    assert tie_table(1, False, AZGHER_POINTS)[0] > 5 * tie_table(1, False, OPPONENT_POINTS)[0]


def _turn(seat: int, rnd: int, thrown: int, mao: bool = False) -> dict[str, object]:
    return {
        "seat": seat,
        "trade_round": rnd,
        "mao_de_wyr": mao,
        "kind": "pass" if thrown == 0 else "trade",
        "discards": [None] * thrown,  # face down under Tenebra: only the count shows
    }


def test_a_lord_who_passed_his_last_turn_is_read_strong_y3() -> None:
    """[Y3] what a lord did is public, even face down: passing his last turn means a
    made hand, throwing three means little; an unfinished lord keeps the prior."""
    passed = read_opponents([_turn(1, 1, 3), _turn(1, 2, 0)], [1], 2)
    threw = read_opponents([_turn(1, 1, 0), _turn(1, 2, 3)], [1], 2)
    unfinished = read_opponents([_turn(1, 1, 0)], [1], 2)
    assert passed == POINTS_AFTER_DISCARDS[0] and threw == POINTS_AFTER_DISCARDS[3]
    assert unfinished == OPPONENT_POINTS
    # Against the strong reading a bare pair is worth less than against the weak one.
    assert win_table(1, False, passed)[1] < win_table(1, False, threw)[1] - 0.2


def test_hard_reads_the_opponent_from_the_view_only_g4() -> None:
    """[G4] the hard bot's prior comes from the view's history: the same hand is
    valued lower after the other lord passed his last turn than after he threw three."""
    base = {"variants": {"azgher": False, "nimb": False}, "out": [False, False], "seat": 0}
    bot = HardBot()
    strong = bot.profile({**base, "history": [_turn(1, 1, 3), _turn(1, 2, 0)]}, Rng(1))
    weak = bot.profile({**base, "history": [_turn(1, 1, 0), _turn(1, 2, 3)]}, Rng(1))
    pair = (2, 2, 5, 9, 13)
    assert hand_value(pair, strong) < hand_value(pair, weak)
