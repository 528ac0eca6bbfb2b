"""O Morto milks the novices ([T10]: the boss plays the strongest game).

The novices play their made hand only (`WyrtBot._novice`), and their habits are
public (`MANNERS`). O Morto reads a novice's betting as odds (his bluffs and his
loose calls included), weighs bigger bets while a novice who pays any size with
a pair is in the pot, and never bluffs on a whim into one.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from game.rng import Rng
from game.wyrt import bot_novice, equity
from game.wyrt.bots import MANNERS, WyrtBot, skill_of
from game.wyrt.evaluator import PAIR, TRIPS, TWO_PAIR
from game.wyrt.personas import PERSONAS
from game.wyrt.records import AllIn, Check, Raise
from tests.game.wyrt.helpers import morto_to_bet


def _view(log: list[dict[str, Any]], rnd: int = 2, stack: int = 900) -> dict[str, Any]:
    """A view with seat 1 (the novice) acting as `log` says."""
    return {
        "round": rnd,
        "big_blind": 10,
        "seats": [{"stack": 900}, {"stack": stack}],
        "hand_log": log,
    }


def _e(seat: int, act: str, amount: int, to: int, rnd: int = 2) -> dict[str, Any]:
    return {"seat": seat, "act": act, "amount": amount, "to": to, "round": rnd}


def _like(view: dict[str, Any], persona: str) -> tuple[float, ...]:
    m = MANNERS[persona]
    return bot_novice.likelihood(view, 1, m.bluff, m.calls)


def test_a_gamblers_min_raise_is_mostly_air_t10() -> None:
    """[T10] An unforced min-raise: two pair or a bluff. The back-room gambler
    bluffs one time in five, the patron almost never: the same move weighs high
    cards far more for the gambler; trips and better would have bet big."""
    view = _view([_e(0, "check", 0, 0), _e(1, "raise", 10, 10)])
    gambler = _like(view, "clandestino")
    patron = _like(view, "cliente_casual")
    assert gambler[0] / gambler[TWO_PAIR] > 5 * patron[0] / patron[TWO_PAIR]
    assert gambler[TRIPS] == bot_novice.NEVER and gambler[TWO_PAIR] > gambler[PAIR]


def test_a_big_bet_or_a_raise_is_trips_or_better_t10() -> None:
    """[T10] A novice bets big or raises only with trips or better."""
    for log in (
        [_e(0, "check", 0, 0), _e(1, "raise", 80, 80)],
        [_e(0, "raise", 20, 20), _e(1, "raise", 60, 60)],
    ):
        like = _like(_view(log), "clandestino")
        assert like[TRIPS] == like[-1] == 1.0
        assert max(like[:TRIPS]) == bot_novice.NEVER


def test_a_check_rules_out_trips_only_in_this_round_t10() -> None:
    """[T10] A check now says no trips; a check before the last dice card leaves
    room for the hand to have grown since."""
    now = _like(_view([_e(1, "check", 0, 0, rnd=2)]), "cliente_casual")
    before = _like(_view([_e(1, "check", 0, 0, rnd=1)]), "cliente_casual")
    assert now[TRIPS] == bot_novice.NEVER
    assert before[TRIPS] == max(before[:TRIPS]) > bot_novice.NEVER


def test_a_dear_call_shows_a_pair_or_a_whim_t10() -> None:
    """[T10] A novice pays anything cheap (it tells nothing of high cards), a dear
    bet with a pair, or on a whim (his `calls` habit) with less."""
    cheap = _like(_view([_e(0, "raise", 20, 20), _e(1, "call", 20, 20)]), "cliente_casual")
    dear = _like(_view([_e(0, "raise", 300, 300), _e(1, "call", 300, 300)]), "cliente_casual")
    assert cheap[0] == cheap[PAIR] == 1.0
    assert dear[0] == MANNERS["cliente_casual"].calls and dear[PAIR] == 1.0
    assert dear[TRIPS] == bot_novice.NEVER  # trips would have raised


def test_category_weights_follow_the_hand_category_t10() -> None:
    """[T10] The range weighs each dealt hand by its category's odds."""
    like = (0.2, 0.2, 0.68) + (0.02,) * 8
    fn = equity.category_weight(like, 1)
    assert fn is not None
    bounds = [equity.percentile(c << 20, 1) for c in (PAIR, TWO_PAIR, TRIPS)]
    assert fn(bounds[0] / 2) == fn((bounds[0] + bounds[1]) / 2) < fn(bounds[1]) == 1.0
    assert fn(bounds[2]) < fn(bounds[0])
    assert equity.category_weight((1.0,) * 11, 1) is None  # nothing told


def _fixed_report(eq: float, n: int) -> equity.EquityReport:
    return equity.EquityReport([eq], [1.0], [(0.5,) * n], [0], [(0,) * n])


def test_o_morto_bets_bigger_into_novices_t10(monkeypatch) -> None:
    """[T10] When bigger always pays, he bets all in while novices are in the pot;
    against thinkers he keeps to his usual sizes (at most 1.5 pots)."""
    monkeypatch.setattr(WyrtBot, "_simulate", lambda self, v, r: _fixed_report(0.5, 5))
    monkeypatch.setattr(
        equity.EquityReport, "call_value", lambda self, th, pot, adds, *loose: 3.0 * pot
    )
    m, s = morto_to_bet("cliente_casual")
    assert WyrtBot("morto").choose(m.view(s), m.legal_actions(s), Rng(1)) == AllIn()
    m, s = morto_to_bet("nobre_expert")
    view = m.view(s)
    action = WyrtBot("morto").choose(view, m.legal_actions(s), Rng(1))
    assert isinstance(action, Raise)
    assert action.to <= view["current_bet"] + 1.5 * view["pot_total"] + 1


def test_o_morto_never_bluffs_on_a_whim_into_a_novice_t10(monkeypatch) -> None:
    """[T10] With nothing and a bet worth nothing, a whim bluff would bet; he checks
    while a novice is in the pot (others who bluff on a whim still bet)."""
    monkeypatch.setattr(WyrtBot, "_simulate", lambda self, v, r: _fixed_report(0.0, 5))
    monkeypatch.setattr(equity.EquityReport, "call_value", lambda self, th, pot, adds, *loose: 0.0)
    m, s = morto_to_bet("cliente_casual")
    bot = WyrtBot("morto")
    bot.manner = dataclasses.replace(bot.manner, bluff=1.0)
    assert bot.choose(m.view(s), m.legal_actions(s), Rng(1)) == Check()
    bot.skill = dataclasses.replace(bot.skill, novice_odds=False)
    assert isinstance(bot.choose(m.view(s), m.legal_actions(s), Rng(1)), (Raise, AllIn))


def test_only_o_morto_milks_the_novices_t10() -> None:
    """[T10] The boss alone: the invicto and the rest bet and read as before."""
    boss = skill_of(PERSONAS["morto"])
    assert boss.station_sizes and boss.novice_odds
    for pid in ("nobre_invicto", "nobre_expert", "carteador_genial", "clandestino"):
        sk = skill_of(PERSONAS[pid])
        assert not sk.station_sizes and not sk.novice_odds
