"""The three bot levels: legal play from views only, and the choices that set them apart."""

from __future__ import annotations

import json

import pytest

from game.cards import parse_cards
from game.registry import make_bot
from game.rng import Rng
from game.runner import simulate
from game.wyr.bots import EasyBot, HardBot, NormalBot, holds_combination
from game.wyr.records import Pass, PickBet, ThyatisChoice, Trade

from .helpers import bet_all, card, dice, make, mao_keep, pass_rest, rig


def json_view(m, seat):  # type: ignore[no-untyped-def]
    """Bots get exactly a JSON-able view ([G4])."""
    return json.loads(json.dumps(m.view(seat)))


@pytest.mark.parametrize(
    "options",
    [{}, {"hyninn": 4, "thyatis": True}, {"tenebra": True, "azgher": True, "tournament": True}],
)
def test_bot_games_finish_with_invariants(options: dict) -> None:
    out = simulate("wyr", ["hard", "normal", "easy"], games=3, seed=3, options=options)
    assert out["invariants_held"] and out["capped_games"] == 0
    assert abs(sum(s["wins"] for s in out["seats"]) - 3) < 1e-9


def test_group_bot_game() -> None:
    out = simulate(
        "wyr",
        ["hard", "easy", "normal", "hard"],
        games=2,
        seed=4,
        options={"groups": "pairs", "nimb": True},
    )
    assert out["invariants_held"]


def test_bots_are_deterministic_given_their_rng() -> None:
    m = make(3)
    bet_all(m)
    for level in ("easy", "normal", "hard"):
        bot = make_bot("wyr", level)
        a = bot.choose(json_view(m, 0), m.legal_actions(0), Rng(9))
        b = bot.choose(json_view(m, 0), m.legal_actions(0), Rng(9))
        assert a == b
        m.check(0, a)


def test_easy_passes_on_a_run_and_keeps_its_pair() -> None:
    m = make(3)
    rig(m, {1: "5s 6h 7d 8c 9h", 2: "Ks Kh 2d 7c 4h"})
    bet_all(m)
    mao_keep(m)
    bot = EasyBot()
    assert bot.choose(json_view(m, 1), m.legal_actions(1), Rng(1)) == Pass()
    m.apply(1, Pass())
    act = bot.choose(json_view(m, 2), m.legal_actions(2), Rng(1))
    assert isinstance(act, Trade) and act.source == "pile"
    assert sorted(c.code for c in act.discard) == sorted(["2D", "4H", "7C"])


def test_normal_keeps_the_best_expected_points_from_the_pile() -> None:
    m = make(3)
    rig(m, {1: "Qs Qh Qd 2c 7h"})
    bet_all(m)
    mao_keep(m)
    act = NormalBot().choose(json_view(m, 1), m.legal_actions(1), Rng(1))
    assert isinstance(act, Trade) and act.source == "pile"
    assert all(c.rank != 12 for c in act.discard)  # the trinca stays


def test_hard_takes_a_face_up_card_that_completes_a_dragao() -> None:
    m = make(3)
    rig(m, {1: "Qs Qh Qd 2c 7h"}, pile="7s Kd 4c")
    bet_all(m)
    mao_keep(m)  # the table shows 7s Kd 4c
    act = HardBot().choose(json_view(m, 1), m.legal_actions(1), Rng(1))
    assert isinstance(act, Trade) and act.source == "table"
    assert [c.code for c in act.discard] == ["2C"] and act.take == (0,)
    m.apply(1, act)
    assert sorted(c.code for c in m.hands[1]) == sorted(["QS", "QH", "QD", "7H", "7S"])


def test_hard_leader_keeps_the_stakes_low_heads_up() -> None:
    m = make(2)
    m.money = [140, 60]
    m.dealer = 1
    m.dealt = [True, True]
    view = json_view(m, 0)
    assert HardBot().bet(view, Rng(2)) == 10
    assert NormalBot().bet(view, Rng(2)) == 10


def _thyatis_spot(my_dice: list[int], other_dice: list[int], **options: object):  # type: ignore[no-untyped-def]
    m = make(2, thyatis=True, **options)
    dice(m, other_dice + my_dice)
    rig(m, {0: "7s 7h 7d 2c 3h", 1: "4s 4h 8d Jd Ks"})  # seat 0 rolls first
    bet_all(m)
    mao_keep(m)
    pass_rest(m)
    m.apply(0, ThyatisChoice(False))
    assert m.to_move == [1]
    return m


def test_hard_rerolls_only_when_it_helps_y11() -> None:
    # Seat 0 (trinca) scored 3 + 6 = 9. Seat 1 (par) with 2 + 7 = 9 loses the tie
    # to the better combination: rerolling the 2 wins on a 3 or more.
    m = _thyatis_spot([2, 5], [3, 3])
    assert HardBot().choose(json_view(m, 1), m.legal_actions(1), Rng(1)) == ThyatisChoice(True)
    # Already winning with 2 + 11 = 13: a reroll of the 5 could only risk it.
    m = _thyatis_spot([6, 5], [3, 3])
    assert HardBot().choose(json_view(m, 1), m.legal_actions(1), Rng(1)) == ThyatisChoice(False)
    # Hopeless (15 to beat with 1 + a die): it keeps.
    m = _thyatis_spot([1, 1], [6, 6])
    assert HardBot().choose(json_view(m, 1), m.legal_actions(1), Rng(1)) == ThyatisChoice(False)


def test_hard_under_azgher_rerolls_to_lose_y11() -> None:
    # Winning the pot is bad under Azgher for a lord who still has money.
    m = _thyatis_spot([6, 5], [3, 3], azgher=True)
    assert HardBot().choose(json_view(m, 1), m.legal_actions(1), Rng(1)) == ThyatisChoice(True)


def _first_turn(hand: str, **options: object):  # type: ignore[no-untyped-def]
    """Seat 1's first discard & trade turn of a 3-lord match, holding `hand`."""
    m = make(3, **options)
    rig(m, {1: hand})
    bet_all(m)
    mao_keep(m)
    assert m.to_move == [1]
    return m


def _kept_ranks(act: Pass | Trade, hand: str) -> list[int]:
    gone = [] if isinstance(act, Pass) else list(act.discard)
    kept = [c for c in parse_cards(hand)]
    for c in gone:
        kept.remove(c)
    return sorted(c.rank for c in kept)


def test_under_azgher_normal_keeps_a_pair_that_hard_throws_y11() -> None:
    # [Y11] Azgher: least money wins, so a won pot counts against a lord who can
    # afford to lose it. Hard breaks its pair to lose the round; normal keeps it
    # by the plain game's habit and changes only the loose cards.
    hand = "Qs Qh 9d 2c 7h"
    m = _first_turn(hand, azgher=True)
    normal = NormalBot().choose(json_view(m, 1), m.legal_actions(1), Rng(1))
    hard = HardBot().choose(json_view(m, 1), m.legal_actions(1), Rng(1))
    assert _kept_ranks(normal, hand).count(12) == 2
    assert isinstance(hard, Trade) and any(c.rank == 12 for c in hard.discard)


def test_under_azgher_normal_plays_a_combination_as_in_the_plain_game_y11() -> None:
    # The habit is the plain game's move itself: same hand, same choice.
    hand = "Qs Qh 9d 2c 7h"
    plain = _first_turn(hand)
    azgher = _first_turn(hand, azgher=True)
    assert NormalBot().choose(json_view(plain, 1), plain.legal_actions(1), Rng(1)) == (
        NormalBot().choose(json_view(azgher, 1), azgher.legal_actions(1), Rng(1))
    )


def test_under_azgher_normal_keeps_a_bare_hand_low_y11() -> None:
    # Dealt nothing, normal plays to lose: it stands on its Maior Tesouro instead of
    # drawing towards a pair, which the plain game's normal does.
    hand = "Ks 9h 7d 4c 2h"
    m = _first_turn(hand, azgher=True)
    assert NormalBot().choose(json_view(m, 1), m.legal_actions(1), Rng(1)) == Pass()
    plain = _first_turn(hand)
    assert isinstance(
        NormalBot().choose(json_view(plain, 1), plain.legal_actions(1), Rng(1)), Trade
    )


def test_under_azgher_a_lord_who_paid_his_last_coin_plays_for_the_pot_y11() -> None:
    # With T$ 0 left he leaves unless he wins ([Y10]): a bare hand is no longer kept low.
    hand = "Ks 9h 7d 4c 2h"
    m = make(3, azgher=True)
    m.money[1] = 20
    rig(m, {1: hand})
    bet_all(m)
    mao_keep(m)
    assert m.money[1] == 0
    assert isinstance(NormalBot().choose(json_view(m, 1), m.legal_actions(1), Rng(1)), Trade)


@pytest.mark.parametrize(
    ("hand", "held"),
    [
        ("Qs Qh 9d 2c 7h", True),
        ("Ks 9h 7d 4c 2h", False),
        ("5s 6h 7d 8c 9h", True),  # Aventureiros
        ("10s Jh Qd Kc Ah", True),  # Reis de Arton
        ("Ks 9h 7d 4c 2h Qd", False),  # six at the Mão de Wyr, nothing in them
        ("Js 9h 7d 8c 2h 10d", True),  # a run among the six
    ],
)
def test_holds_combination_y5(hand: str, held: bool) -> None:
    assert holds_combination(parse_cards(hand)) is held


def test_bots_handle_the_mao_de_wyr_y4() -> None:
    for bot in (EasyBot(), NormalBot(), HardBot()):
        m = make(3)
        rig(m, {0: "Qs Qh 9d 2c 7h"}, pile="Qd 3c 8s")
        bet_all(m)
        act = bot.choose(json_view(m, 0), m.legal_actions(0), Rng(1))
        assert isinstance(act, Trade)
        m.check(0, act)
        m.apply(0, act)
        assert len(m.hands[0]) == 5


def test_picks_are_legal_values() -> None:
    m = make(4)
    for level in ("easy", "normal", "hard"):
        act = make_bot("wyr", level).choose(json_view(m, 2), m.legal_actions(2), Rng(4))
        assert isinstance(act, PickBet) and act.amount in (10, 20, 50)


def test_card_helper() -> None:
    assert card("Qs") == parse_cards("Qs")[0]


def _after_a_queen_is_thrown(**options: object):  # type: ignore[no-untyped-def]
    m = make(3, **options)
    rig(m, {0: "Qd 5h 9d Jc Kh", 1: "Qs Qh 9s 2c 7h"}, pile="3s 4d 6c 8h 10s")
    bet_all(m)
    m.apply(0, Trade((card("Qd"),), "none"))  # the Lorde de Wyr throws a queen ([Y4])
    assert m.to_move == [1]
    return m


def test_hard_takes_a_face_up_throw_but_under_tenebra_draws_y3_y11() -> None:
    # Plain game: the queen lies face up and hard takes it for a trinca ([Y3]).
    m = _after_a_queen_is_thrown()
    act = HardBot().choose(json_view(m, 1), m.legal_actions(1), Rng(1))
    assert isinstance(act, Trade) and act.source == "table"
    # Tenebra: the same throw lies face down; no level takes a card it cannot see,
    # so hard refills from the pile like the others ([Y11]).
    m = _after_a_queen_is_thrown(tenebra=True)
    for bot in (HardBot(), NormalBot(), EasyBot()):
        act = bot.choose(json_view(m, 1), m.legal_actions(1), Rng(1))
        assert isinstance(act, Pass) or act.source == "pile"
