"""O Morto at a full table ([T10]: the boss plays the strongest game).

He counts a novice's whim calls with nothing (the novice's `calls` habit, see
`WyrtBot._novice`), weighs the dearest bet a novice still pays with any hand,
and in a pot of several opponents gives a raise over a bet no bluff discount
(whim bluffs open an unbet pot). Heads-up against a thinker none of it acts.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from game.rng import Rng
from game.wyrt import equity
from game.wyrt.bots import MANNERS, WyrtBot, skill_of
from game.wyrt.personas import PERSONAS
from game.wyrt.records import AllIn, Fold, Raise
from tests.game.wyrt.helpers import give, morto_to_bet, table


def _weak_report(n: int, deals: int = 400) -> equity.EquityReport:
    """Every opponent holds a weak hand (no pair) and loses to mine in every deal."""
    return equity.EquityReport(
        [1.0] * deals, [1.0] * deals, [(0.1,) * n] * deals, [1] * deals, [(0,) * n] * deals
    )


def test_whim_calls_are_counted_deal_by_deal_t10() -> None:
    """[T10] Below his threshold an opponent folds, unless on a whim (`loose`):
    then he pays his due in that share of the deals, and the bet folds him less."""
    report = _weak_report(1, deals=1000)
    assert report.against([0.5]) == (1.0, 0.0, 0.0)
    fold, eq_called, callers = report.against([0.5], [0.15])
    assert abs(fold - 0.85) < 0.01 and eq_called == 1.0 and callers == 1.0
    assert report.call_value([0.5], 100, [50.0]) == 100
    assert abs(report.call_value([0.5], 100, [50.0], [0.15]) - 107.5) < 0.5
    assert report.call_value([0.5], 100, [50.0], [0.0]) == 100


def test_o_morto_knows_who_pays_on_a_whim_t10() -> None:
    """[T10] A novice pays a dear bet with nothing his `calls` share of the time;
    a cheap one he pays anyway, and thinkers are read by their hands alone."""
    m, s = morto_to_bet("cliente_casual")
    view = m.view(s)
    bot = WyrtBot("morto")
    opps = bot._opponents(view)
    assert bot._whims(view, opps, [500] * len(opps)) == [MANNERS["cliente_casual"].calls] * 5
    assert bot._whims(view, opps, [20] * len(opps)) is None
    assert WyrtBot("nobre_invicto")._whims(view, opps, [500] * len(opps)) is None
    m, s = morto_to_bet("nobre_expert")
    view = m.view(s)
    assert bot._whims(view, bot._opponents(view), [500] * 5) is None


def test_whims_make_the_big_bet_pay_t10(monkeypatch) -> None:
    """[T10] Novices who never pair up: without whims the best bet is the dearest
    they pay with anything (their cheap limit, thin value); counting their whim
    calls, all in pays more."""
    monkeypatch.setattr(WyrtBot, "_simulate", lambda self, v, r: _weak_report(5))
    m, s = morto_to_bet("cliente_casual")
    view = m.view(s)
    bot = WyrtBot("morto")
    assert bot.choose(view, m.legal_actions(s), Rng(1)) == AllIn()
    bot.skill = dataclasses.replace(bot.skill, whims=False)
    action = bot.choose(view, m.legal_actions(s), Rng(1))
    cheap = bot._cheap_limit(view, 3)
    assert action == Raise(view["seats"][3]["bet"] + cheap)


def _log_view(
    acts: list[tuple[int, str, int]], folded: tuple[int, ...] = (), seats: int = 3
) -> dict[str, Any]:
    """A round-2 view for O Morto at seat 0 with a gambler (1) and a noble (2)."""
    ids = ["morto", "clandestino", "nobre_expert"][:seats]
    return {
        "seat": 0,
        "big_blind": 10,
        "round": 2,
        "seats": [
            {"persona": {"id": p, "tier": "x"}, "in_hand": True, "folded": s in folded}
            for s, p in enumerate(ids)
        ],
        "hand_log": [
            {"seat": seat, "act": act, "to": to, "amount": to, "round": 2} for seat, act, to in acts
        ],
    }


def test_a_raise_over_a_bet_is_no_whim_bluff_t10() -> None:
    """[T10] A gambler's opening bet may be a whim bluff; his raise over a bet in a
    pot of several opponents is not (his taste for raising still counts).
    Heads-up, and for the other readers, his bets weigh as before."""
    morto, invicto = WyrtBot("morto"), WyrtBot("nobre_invicto")
    opened = _log_view([(1, "raise", 40)])
    reraised = _log_view([(2, "raise", 40), (1, "raise", 160)])
    m = MANNERS["clandestino"]
    base = max(0.5, 1 - (1.5 * m.bluff + m.aggression))
    assert morto._habit_discount(opened, 1) == base
    assert morto._habit_discount(reraised, 1) == 1 - m.aggression > base
    heads_up = _log_view([(0, "raise", 40), (1, "raise", 160)], seats=2)
    assert morto._habit_discount(heads_up, 1) == base
    assert invicto._habit_discount(reraised, 1) == invicto._habit_discount(opened, 1)


def test_the_raise_keeps_its_credit_once_the_others_fold_t10() -> None:
    """[T10] In a hand dealt to several, the gambler's raise over O Morto's bet is
    no whim bluff either once the noble has folded: heads-up now, the raise still
    counts in full. Dealt to two alone (a heads-up table), it weighs as before;
    the invicto and the rest read as before."""
    morto, invicto = WyrtBot("morto"), WyrtBot("nobre_invicto")
    m = MANNERS["clandestino"]
    base = max(0.5, 1 - (1.5 * m.bluff + m.aggression))
    left_alone = _log_view([(0, "raise", 40), (1, "raise", 160)], folded=(2,))
    assert morto._opponents(left_alone) == [1]
    assert morto._habit_discount(left_alone, 1) == 1 - m.aggression > base
    opened = _log_view([(1, "raise", 40)], folded=(2,))
    assert morto._habit_discount(opened, 1) == base
    assert invicto._habit_discount(left_alone, 1) == invicto._habit_discount(opened, 1)
    dealt_two = _log_view([(0, "raise", 40), (1, "raise", 160)], seats=2)
    assert morto._habit_discount(dealt_two, 1) == base


def test_only_o_morto_counts_whims_t10() -> None:
    """[T10] The boss alone: the invicto and the rest judge as before."""
    boss = skill_of(PERSONAS["morto"])
    assert boss.whims and boss.cheap_bet and boss.reraise_credit and boss.dealt_credit
    for pid in ("nobre_invicto", "nobre_expert", "carteador_genial", "clandestino"):
        sk = skill_of(PERSONAS[pid])
        assert not (sk.whims or sk.cheap_bet or sk.reraise_credit or sk.dealt_credit)


def test_a_novice_pays_by_what_he_owes_t10(monkeypatch) -> None:
    """[T10] A novice pays anything cheap by what he owes: after a bet ahead, a
    small raise still costs the small blind the whole bet (he calls it with a
    pair, or on a whim), and O Morto reads his due so."""
    m = table(6, seed=4, personas=["morto"] + ["cliente_casual"] * 2 + ["nobre_expert"] * 3)
    give(m, "QS QH 5D 5C 3S")
    assert m.to_move == [3] and m.view(1)["seats"][1]["bet"] == 5
    m.apply(3, Raise(60))
    for seat in (4, 5):
        m.apply(seat, Fold())
    assert m.to_move == [0]
    seen: dict[int, list[int]] = {}
    real = WyrtBot._continue_threshold

    def spy(self, view, seat, price, due, tight):  # type: ignore[no-untyped-def]
        seen.setdefault(seat, []).append(due)
        return real(self, view, seat, price, due, tight)

    monkeypatch.setattr(WyrtBot, "_continue_threshold", spy)
    monkeypatch.setattr(WyrtBot, "_simulate", lambda self, v, r: _weak_report(3, deals=50))
    WyrtBot("morto").choose(m.view(0), m.legal_actions(0), Rng(1))
    # First his call of the 60 ahead (55 more), then each raise: the small blind
    # owes 55 more than the noble who bet the 60.
    assert seen[1][0] == 55 and seen[3]
    assert [a - b for a, b in zip(seen[1][1:], seen[3], strict=True)] == [55] * len(seen[3])
