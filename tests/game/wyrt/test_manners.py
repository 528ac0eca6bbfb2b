"""The personas' own ways of playing ([T10]) and their cheating ([T9]).

Each test sets up one spot and compares what personas do there over many
seeded decisions, so the habits of the one table `MANNERS` show in play.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from game.core import Action
from game.registry import make_bot
from game.rng import Rng
from game.wyrt.bots import MANNERS, WyrtBot, skill_of
from game.wyrt.personas import MORTO, PERSONAS
from game.wyrt.records import AllIn, Call, Cheat, CheatGiveUp, CheatPress, Check, Raise
from tests.game.wyrt.helpers import give, table


def _bot(persona: str) -> WyrtBot:
    bot = make_bot("wyrt", persona)
    assert isinstance(bot, WyrtBot)
    return bot


def _count(persona: str, view: dict[str, Any], legal: list[Action], kinds: tuple[type, ...]) -> int:
    """How many of 80 seeded decisions of `persona` in this spot are of `kinds`."""
    bot = _bot(persona)
    return sum(isinstance(bot.choose(view, legal, Rng(k)), kinds) for k in range(80))


def test_one_manner_for_every_persona_and_no_two_alike_t10() -> None:
    """[T10] every persona of the roster has its own row in the one table."""
    assert set(MANNERS) == set(PERSONAS)
    rows = [
        (m.aggression, m.bluff, m.calls, m.straddle, m.cheat_risk, m.nerve)
        for m in MANNERS.values()
    ]
    assert len(set(rows)) == len(rows)
    for m in MANNERS.values():
        assert -0.1 <= m.aggression <= 0.3 and 0 <= m.bluff <= 0.3 and 0 <= m.calls <= 0.3
        assert 0 <= m.straddle <= 1 and 0 <= m.cheat_risk <= 0.3 and 0 <= m.nerve < 1 and m.note


def test_skill_rises_with_intelligence_and_o_morto_is_best_t10() -> None:
    """[T10] higher I: more deals, less noise, more reading; O Morto above all."""
    people = sorted((p for p in PERSONAS.values() if not p.boss), key=lambda p: p.i)
    skills = [skill_of(p) for p in people]
    for lo, hi, a, b in zip(people, people[1:], skills, skills[1:], strict=False):
        assert b.samples >= a.samples or a.samples == 0, (lo.id, hi.id)
        if a.samples:
            assert b.noise <= a.noise and b.fold_trust >= a.fold_trust
            assert b.ranges >= a.ranges and b.reads >= a.reads
        if hi.i > lo.i and a.samples:
            assert b.noise < a.noise
    boss = skill_of(PERSONAS[MORTO])
    assert all(boss.samples > s.samples and boss.noise < s.noise for s in skills if s.samples)


def test_gambler_raises_where_the_timid_learner_checks_t10() -> None:
    """[T10] same I, other habits: the back-room gambler bets and bluffs with
    nothing, the timid learner mostly checks."""
    m = table(2)
    give(m, "2S 7H 9D JC 4S", "")
    m.apply(1, Call())  # the small blind completes; the big blind may check or raise
    view, legal = m.view(0), m.legal_actions(0)
    assert PERSONAS["clandestino"].i == PERSONAS["cliente_aprendiz"].i
    gambler = _count("clandestino", view, legal, (Raise, AllIn))
    timid = _count("cliente_aprendiz", view, legal, (Raise, AllIn))
    assert gambler > timid + 15


def test_timid_learner_calls_a_raise_with_a_pair_where_nerve_alone_would_reraise_t10() -> None:
    """[T10] the timid learner's nerve: facing a raise with a middling pair it
    calls and rarely raises back; the same mind without the nerve raises often."""
    m = table(2)
    give(m, "9S 9H 2D 5C KH", "")
    m.apply(1, Raise(60))
    view, legal = m.view(0), m.legal_actions(0)
    assert MANNERS["cliente_aprendiz"].nerve > 0
    timid = _count("cliente_aprendiz", view, legal, (Raise, AllIn))
    bold = _bot("cliente_aprendiz")
    bold.manner = replace(bold.manner, nerve=0.0)
    reckless = sum(isinstance(bold.choose(view, legal, Rng(k)), (Raise, AllIn)) for k in range(80))
    assert reckless > 2 * timid and reckless - timid >= 15
    assert _count("cliente_aprendiz", view, legal, (Call,)) > 40


def test_the_noble_who_pays_to_see_calls_where_the_gambler_raises_t10() -> None:
    """[T10] the experienced noble (I 3) pays to see the cards: facing a raise with a
    middling pair he calls, where the back-room gambler raises back."""
    m = table(2)
    give(m, "9S 9H 2D 5C KH", "")
    m.apply(1, Raise(60))
    view, legal = m.view(0), m.legal_actions(0)
    noble = _count("nobre_experiente", view, legal, (Raise, AllIn))
    gambler = _count("clandestino", view, legal, (Raise, AllIn))
    assert gambler > noble + 15
    assert _count("nobre_experiente", view, legal, (Call,)) > 40


def test_loose_noble_pays_to_see_where_the_casual_client_folds_t10() -> None:
    """[T10] the rich beginner calls a big bet with nothing more often."""
    m = table(2)
    give(m, "2S 7H 9D JC 4S", "")
    m.apply(1, Raise(300))  # 30 big blinds: no novice calls that as cheap
    view, legal = m.view(0), m.legal_actions(0)
    loose = _count("nobre_iniciante", view, legal, (Call,))
    tight = _count("cliente_casual", view, legal, (Call,))
    assert loose > tight


def test_straddle_habits_differ_t10() -> None:
    """[T10] the gamblers of the Arena straddle; the thinkers never do."""
    m = table(3, straddle=True)
    seat = m.to_move[0]
    view, legal = m.view(seat), m.legal_actions(seat)
    from game.wyrt.records import Straddle

    assert _count("clandestino", view, legal, (Straddle,)) > 30
    assert _count("nobre_invicto", view, legal, (Straddle,)) == 0


def _cheat_spot(caught: float, steal: float) -> tuple[dict[str, Any], list[Action]]:
    """A weak hand in a big pot with the cheat offered; the test odds as given."""
    m = table(["bot:carteador", "a", "b"], cheating=True)
    give(m, "2S 7H 9D JC 4S", "", "")
    view = m.view(0)
    view["pot_total"] = 30 * view["big_blind"]
    view["cheat"] = {**view["cheat"], "caught_chance": caught, "steal_chance": steal}
    legal = [*m.legal_actions(0)]
    if Cheat() not in legal:
        legal.append(Cheat())
    return view, legal


def test_card_sharps_cheat_when_the_odds_favour_it_t9() -> None:
    """[T9] a card sharp cheats when stealing is likely and being caught is not."""
    view, legal = _cheat_spot(caught=0.1, steal=0.8)
    assert _bot("carteador").choose(view, legal, Rng(1)) == Cheat()
    # Bad odds: the same sharp plays on honestly.
    view, legal = _cheat_spot(caught=0.4, steal=0.5)
    assert _bot("carteador").choose(view, legal, Rng(1)) != Cheat()
    # An honest persona never cheats, whatever the odds.
    view, legal = _cheat_spot(caught=0.0, steal=1.0)
    assert _bot("cliente_genial").choose(view, legal, Rng(1)) != Cheat()


def test_nobody_risks_o_mortos_table_t9() -> None:
    """[T9][T11] caught at O Morto's table means death: only near-sure cheats."""
    view, legal = _cheat_spot(caught=0.1, steal=0.8)
    view["mode"] = "death_match"
    view["morto_defeated"] = False
    assert _bot("carteador").choose(view, legal, Rng(1)) != Cheat()


def test_press_after_a_failed_test_only_within_the_persona_risk_t9() -> None:
    """[T9] after a failed I test, the H test one level harder: press when safe enough."""
    view: dict[str, Any] = {"mode": "standard", "morto_defeated": False, "cheat": {"h_target": 6}}
    bot = _bot("carteador")  # risk 0.25: caught 1/6 when pressing at 5 in 6
    assert bot._press_or_give_up(view) == CheatPress()
    view["cheat"] = {"h_target": 4}  # caught 1/2
    assert bot._press_or_give_up(view) == CheatGiveUp()
    assert _bot("cliente_genial")._press_or_give_up({**view, "cheat": {"h_target": 6}}) == (
        CheatGiveUp()
    )


def test_strong_hand_checks_or_bets_never_folds_when_free() -> None:
    """Every persona with a free check never folds (sanity across the table)."""
    m = table(2)
    give(m, "AS AH AD 7C QS", "")
    m.apply(1, Call())
    view, legal = m.view(0), m.legal_actions(0)
    for persona in PERSONAS:
        action = _bot(persona).choose(view, legal, Rng(3))
        assert isinstance(action, (Check, Raise, AllIn)), persona


@pytest.mark.slow
def test_who_knows_the_roster_calls_a_bluffer_wider_t10() -> None:
    """[T10] O Morto knows the personas: a gambler's raise buys less respect than a
    tight thinker's; a low-I player makes no such difference."""
    calls = {}
    for raiser in ("clandestino", "cliente_genial"):
        m = table(["bot:morto", f"bot:{raiser}"])
        give(m, "KS KH 8D 5C 2S", "")
        m.apply(1, Raise(300))  # 30 big blinds into 3: strong, unless he bluffs a lot
        view, legal = m.view(0), m.legal_actions(0)
        calls[raiser] = _count("morto", view, legal, (Call, Raise, AllIn))
    assert calls["clandestino"] > calls["cliente_genial"] + 10
    bot = _bot("morto")
    m = table(["bot:morto", "bot:clandestino"])
    assert bot._habit_discount(m.view(0), 1) < 1.0
    m = table(["bot:cliente_aprendiz", "bot:clandestino"])
    assert _bot("cliente_aprendiz")._habit_discount(m.view(0), 1) == 1.0


def test_the_table_decides_whether_the_card_sharp_cheats_t9() -> None:
    """[T9] real odds from the view: among weak players the sharp's tests favour
    him and he cheats for a big pot; with a sharp noble watching (I 10, Crime,
    Manipulação) the odds turn and he plays honestly; a small pot is not worth it."""
    choices = {}
    for name, others in (
        ("weak", "cliente_casual,clandestino"),
        ("watched", "cliente_casual,nobre_expert"),
    ):
        m = table(["bot:carteador", *(f"bot:{o}" for o in others.split(","))], cheating=True)
        give(m, "2S 7H 9D JC 4S", "", "")
        view = m.view(0)
        view["pot_total"] = 30 * view["big_blind"]
        legal = [*m.legal_actions(0)]
        if Cheat() not in legal:
            legal.append(Cheat())
        choices[name] = (_bot("carteador").choose(view, legal, Rng(1)), view)
    assert choices["weak"][1]["cheat"]["caught_chance"] < 0.2
    assert choices["watched"][1]["cheat"]["caught_chance"] > 0.5
    assert choices["weak"][0] == Cheat()
    assert choices["watched"][0] != Cheat()
    view = choices["weak"][1]
    view["pot_total"] = 3 * view["big_blind"]
    legal = [*table(3).legal_actions(0), Cheat()]
    assert _bot("carteador").choose(view, legal, Rng(1)) != Cheat()


def test_the_wiser_the_sharp_the_bigger_the_pot_he_cheats_for_t9() -> None:
    """[T9][T10] the same good odds: the card sharp cheats for a pot of a quarter
    of his stack; the unbeaten dealer, who has more to lose at the table, only
    for a pot worth more than twice all he has."""
    m = table(["bot:nobre_invicto", "bot:cliente_casual", "bot:clandestino"], cheating=True)
    give(m, "2S 7H 9D JC 4S", "", "")
    view = m.view(0)
    assert view["cheat"]["caught_chance"] <= MANNERS["nobre_invicto"].cheat_risk
    legal = [*m.legal_actions(0), Cheat()]
    stack = view["seats"][0]["stack"]
    view["pot_total"] = stack // 2
    assert _bot("nobre_invicto").choose(view, legal, Rng(1)) != Cheat()
    assert _bot("carteador").choose(view, legal, Rng(1)) == Cheat()
    view["pot_total"] = stack * 2
    assert _bot("nobre_invicto").choose(view, legal, Rng(1)) != Cheat()
    view["pot_total"] = stack * 3
    assert _bot("nobre_invicto").choose(view, legal, Rng(1)) == Cheat()
