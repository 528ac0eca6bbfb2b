"""O Morto's reading of multi-way pots ([T10]: the boss plays the strongest game).

At a full table he counts a bet's and a call's value deal by deal: a hand that
folds no longer shares the pot, and each player who pays adds what he owes.
Heads-up nothing changes (there is nobody else to fold or pay).
"""

from __future__ import annotations

import random

from game.cards import parse_cards, standard_deck
from game.rng import Rng
from game.wyrt import equity
from game.wyrt.bots import WyrtBot, skill_of
from game.wyrt.personas import PERSONAS
from game.wyrt.records import AllIn, Call, Check, Fold, Raise
from tests.game.wyrt.helpers import give, table


def _report(mine: int, scores: list[tuple[int, ...]], pcts: list[tuple[float, ...]]):
    """A hand-made report: my final score `mine` in every deal."""
    shares = []
    for sc in scores:
        best = max(sc)
        ties = sum(1 for s in sc if s == best) - 1
        shares.append(equity._share(mine, best, ties))
    return equity.EquityReport(
        shares, [1.0] * len(scores), pcts, [mine] * len(scores), list(scores)
    )


def test_only_those_who_go_on_share_the_pot_t10() -> None:
    """[T10] The weak hand that folds (here the one that would have drawn out)
    takes no share: against the caller alone the bet wins the whole pot."""
    report = _report(80, [(90, 70)], [(0.1, 0.9)])
    assert report.call_value([0.5, 0.5], 100, [0.0, 0.0]) == 100
    assert report.against([0.5, 0.5])[1] == 0.0  # the old count: the folder's hand wins
    # A tie with the one caller splits between the two of us only.
    report = _report(80, [(90, 80, 80)], [(0.1, 0.9, 0.2)])
    assert report.call_value([0.5, 0.5, 0.5], 100, [0.0] * 3) == 50
    # Everyone folds: the pot is mine.
    assert report.call_value([0.95] * 3, 100, [0.0] * 3) == 100


def test_the_multi_way_value_agrees_with_equity_when_all_go_on_t10() -> None:
    """[T10] Dealt for real: when everyone goes on and nobody owes more, the value
    is my equity times the pot (heads-up too); folds behind can only raise it."""
    mine = parse_cards("KS KH 9D 9C 4S")
    unseen = [c for c in standard_deck() if c not in mine]
    r = random.Random(3)
    multi = equity.simulate(mine, [], unseen, 4, 300, r)
    assert abs(multi.call_value([0.0] * 4, 100, [0.0] * 4) - 100 * multi.equity()) < 1e-9
    for th in ([0.5, 0.5, 0.5, 0.5], [0.2, 0.7, 0.0, 0.9]):
        assert multi.call_value(th, 100, [0.0] * 4) > 100 * multi.equity()
    heads_up = equity.simulate(mine, [], unseen, 1, 300, r)
    assert abs(heads_up.call_value([0.0], 60, [0.0]) - 60 * heads_up.equity()) < 1e-9


def test_redeal_reports_the_scores_too_t10() -> None:
    """[T10] O Morto's several-ranges dealing keeps each deal's final scores."""
    mine = parse_cards("AS AH 7D 7C 2S")
    unseen = [c for c in standard_deck() if c not in mine]
    ranges = [equity.range_weight(0.6), None, equity.range_weight(0.3)]
    report = equity.simulate(mine, [], unseen, 3, 200, random.Random(5), ranges, None, 8)
    assert len(report.scores) == len(report.mine) == len(report.share) == 200
    for k, sc in enumerate(report.scores):
        best = max(sc)
        expected = equity._share(report.mine[k], best, sum(1 for s in sc if s == best) - 1)
        assert report.share[k] == expected


def test_a_call_takes_back_a_share_of_what_the_callers_behind_pay_t10() -> None:
    """[T10] Multi-way pot odds: the pot a call wins grows with every player behind
    who pays, and those who fold take no share."""
    # Opponent 0 made the bet (always in); opponent 1 still owes 50 and goes on
    # with hands at 0.5 or better. Deal 1: he folds and I beat the bettor; deal
    # 2: he calls and beats me; deal 3: he calls and I beat both of them.
    report = _report(80, [(70, 90), (70, 95), (70, 60)], [(0.3, 0.2), (0.3, 0.8), (0.3, 0.6)])
    report.mine = [80, 80, 80]
    value = report.call_value([0.0, 0.5], 100, [0.0, 50.0])
    assert value == (100 + 0 + 150) / 3
    # Nobody behind: a call wins the pot when it wins, as heads-up.
    assert report.call_value([0.0, 0.0], 100, [0.0, 0.0]) == 100 / 3


def _novices_behind(hand: str):
    """Six seats, novices everywhere but O Morto (seat 4): seat 3 raises to 30, and
    four novices behind still owe it — a novice pays anything that cheap."""
    m = table(6, seed=4, personas=["cliente_casual"] * 4 + ["morto", "cliente_casual"])
    give(m, "", "", "", "", hand)
    m.apply(3, Raise(30))
    assert m.to_move == [4]
    return m


def test_o_morto_counts_the_callers_behind_t10() -> None:
    """[T10] Against five hands a small pair is not worth 30 into 105 — but the
    four novices behind will pay too, and that pot is worth the call."""
    m = _novices_behind("7S 7H 4D 6C 2S")
    bot = WyrtBot("morto")
    view = m.view(4)
    report = bot._simulate(view, random.Random(7))
    opps = bot._opponents(view)
    plain = report.equity() * (view["pot_total"] + view["to_call"]) - view["to_call"]
    value = bot._call_value(view, report, opps, [1.0] * len(opps), 0.0)
    assert plain < 0 < value


def test_o_morto_decides_a_multi_way_call_on_its_value_t10(monkeypatch) -> None:
    """[T10] His call option is the multi-way value (not the heads-up formula):
    the same spot is a call or a fold as that value says."""
    m = _novices_behind("9S 9H 4D 6C 2S")
    view = m.view(4)
    legal = [a for a in m.legal_actions(4) if not isinstance(a, Raise)]
    bot = WyrtBot("morto")
    view = {**view, "can_raise": False}
    monkeypatch.setattr(WyrtBot, "_call_value", lambda *a: 500.0)
    assert bot.choose(view, legal, Rng(1)) == Call()
    monkeypatch.setattr(WyrtBot, "_call_value", lambda *a: -500.0)
    assert bot.choose(view, legal, Rng(1)) == Fold()


def test_heads_up_the_old_reading_stands_t10(monkeypatch) -> None:
    """[T10] With one opponent left nothing changes: the multi-way value is never asked."""
    m = table(2, personas=["morto", "nobre_invicto"])
    give(m, "9S 9H 4D 6C 2S", "")

    def boom(*a: object) -> float:
        raise AssertionError("multi-way value asked heads-up")

    monkeypatch.setattr(WyrtBot, "_call_value", boom)
    monkeypatch.setattr(equity.EquityReport, "call_value", boom)
    m.apply(1, Raise(40))  # the small blind acts first heads-up
    assert m.to_move == [0] and m.view(0)["to_call"] > 0
    action = WyrtBot("morto").choose(m.view(0), m.legal_actions(0), Rng(3))
    assert isinstance(action, (Call, Fold, Raise, AllIn))


def test_only_o_morto_reads_multi_way_pots_t10() -> None:
    """[T10] O Morto, the strongest of the roster, alone weighs multi-way pots deal
    by deal (heads-up he plays as before)."""
    boss = skill_of(PERSONAS["morto"])
    assert boss.multiway and boss.behind
    for pid in ("nobre_invicto", "nobre_expert", "carteador_expert", "clandestino"):
        sk = skill_of(PERSONAS[pid])
        assert not sk.multiway and not sk.behind


def test_o_morto_values_a_multi_way_bet_deal_by_deal_t10(monkeypatch) -> None:
    """[T10] With several players in, his bet's worth is the multi-way value:
    the same spot is a bet or a check as that value says."""
    m = table(6, seed=4, personas=["cliente_casual"] * 2 + ["morto"] + ["cliente_casual"] * 3)
    give(m, "", "", "QS QH 5D 5C 3S")
    for seat in (3, 4, 5, 0, 1):
        m.apply(seat, Call())
    assert m.to_move == [2] and m.view(2)["to_call"] == 0
    bot = WyrtBot("morto")
    monkeypatch.setattr(equity.EquityReport, "call_value", lambda *a: 10_000.0)
    assert isinstance(bot.choose(m.view(2), m.legal_actions(2), Rng(1)), (Raise, AllIn))
    monkeypatch.setattr(equity.EquityReport, "call_value", lambda *a: -10_000.0)
    assert bot.choose(m.view(2), m.legal_actions(2), Rng(1)) == Check()
