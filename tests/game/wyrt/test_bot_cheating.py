"""A cheater cheats when the odds of the tests favour it, and not when they don't ([T9]).

One test per clause of the cheating rule that moves the odds: the watcher's
Inteligência, his Crime, his Manipulação, Radar, the highest-I opponent, the
cheater's own H and I, and the risk-free cases (no help needed, honest persona).
Every spot uses the real odds the view computes for that table; only the pot is
set big enough to be worth a seat at the table.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.core import Action
from game.registry import make_bot
from game.rng import Rng
from game.wyrt.bots import MANNERS, WyrtBot
from game.wyrt.personas import CRIME, MANIPULATION, PERSONAS, RADAR, Persona
from game.wyrt.records import Call, Cheat
from tests.game.wyrt.helpers import give, table

WEAK_HAND = "2S 7H 9D JC 4S"


def _spot(
    cheater: str, watchers: list[str], hand: str = WEAK_HAND
) -> tuple[dict[str, Any], list[Action]]:
    """`cheater` at seat 0 with a weak hand, a big pot and the cheat offered."""
    m = table([f"bot:{cheater}", *(f"bot:{w}" for w in watchers)], cheating=True)
    give(m, hand, *("" for _ in watchers))
    while m.to_move[0] != 0:  # the others call round to him: he decides
        m.apply(m.to_move[0], Call())
    view = m.view(0)
    view["pot_total"] = 3 * view["seats"][0]["stack"]  # worth it even for the invicto
    legal = [*m.legal_actions(0)]
    if Cheat() not in legal:
        legal.append(Cheat())
    return view, legal


def _cheats(cheater: str, watchers: list[str], hand: str = WEAK_HAND) -> tuple[bool, float]:
    """Whether `cheater` tries, and the chance of being caught the view shows."""
    view, legal = _spot(cheater, watchers, hand)
    bot = make_bot("wyrt", cheater)
    assert isinstance(bot, WyrtBot)
    return bot.choose(view, legal, Rng(1)) == Cheat(), float(view["cheat"]["caught_chance"])


@pytest.fixture
def watchers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand-made watchers of the table (the roster has nobody with Radar)."""
    for pid, base_i, perks in (
        ("w_i0", 0, ()),
        ("w_i3", 3, ()),
        ("w_i2_crime", 2, (CRIME,)),  # I 3 with Crime's +1
        ("w_i2_manip", 2, (MANIPULATION,)),  # I 3 with Manipulação's +1
        ("w_i0_radar", 0, (RADAR,)),
    ):
        monkeypatch.setitem(PERSONAS, pid, Persona(pid, 0, base_i, perks, "test"))
        monkeypatch.setitem(MANNERS, pid, MANNERS["cliente_casual"])


# The expert card sharp (H5 I9, accepts a 23% risk) is caught 19% at medium
# (level 3) and 36% at medium-to-hard (level 4): one level turns his decision.


@pytest.mark.usefixtures("watchers")
def test_the_watchers_intelligence_sets_the_odds_t9() -> None:
    """[T9] I 3 watching: medium, he cheats; I 4 watching: harder, he plays honestly."""
    assert _cheats("carteador_expert", ["w_i3"]) == (True, pytest.approx(0.1944, abs=1e-3))
    tried, caught = _cheats("carteador_expert", ["cliente_genial"])  # I 4
    assert not tried and caught > MANNERS["carteador_expert"].cheat_risk


@pytest.mark.usefixtures("watchers")
@pytest.mark.parametrize("watcher", ["w_i2_crime", "w_i2_manip"])
def test_crime_or_manipulacao_of_the_watcher_makes_it_one_level_harder_t9(watcher: str) -> None:
    """[T9] the same I 3 watcher with Crime (or Manipulação) is one level harder: no cheat."""
    assert PERSONAS[watcher].i == PERSONAS["w_i3"].i == 3
    tried, caught = _cheats("carteador_expert", [watcher])
    assert not tried and caught == pytest.approx(0.3611, abs=1e-3)


@pytest.mark.usefixtures("watchers")
def test_radar_makes_it_very_hard_whatever_the_watchers_intelligence_t9() -> None:
    """[T9] an I 0 watcher invites the cheat; the same watcher with Radar forbids it."""
    assert _cheats("carteador_expert", ["w_i0"])[0]
    tried, caught = _cheats("carteador_expert", ["w_i0_radar"])
    assert not tried and caught > 0.6


@pytest.mark.usefixtures("watchers")
def test_the_opponent_of_highest_intelligence_decides_t9() -> None:
    """[T9] two dull watchers: he cheats; add one clever one (I 4): he does not."""
    assert _cheats("carteador_expert", ["w_i0", "cliente_casual"])[0]
    assert not _cheats("carteador_expert", ["w_i0", "cliente_genial"])[0]


def test_the_cheaters_own_h_and_i_decide_at_the_same_table_t9() -> None:
    """[T9] watched by an I 2 learner (easy-to-medium): the card sharp (H4 I4) is
    caught 19% and cheats; the back-room gambler (H2 I2), who accepts about as
    much risk, would be caught 58% and does not."""
    sharp = _cheats("carteador", ["cliente_aprendiz"])
    gambler = _cheats("clandestino", ["cliente_aprendiz"])
    assert sharp == (True, pytest.approx(0.1944, abs=1e-3))
    assert gambler[0] is False and gambler[1] > 0.5
    assert MANNERS["clandestino"].cheat_risk >= MANNERS["carteador"].cheat_risk - 0.01


def test_a_six_always_fails_so_even_the_invicto_is_caught_one_in_six_t9() -> None:
    """[T9] the invicto (H12 I14) faces only the natural 6 at any table: he accepts
    that risk for a pot worth a session; nobody who fears it more ever cheats."""
    tried, caught = _cheats("nobre_invicto", ["morto"])
    assert tried and caught == pytest.approx(1 / 6, abs=1e-3)
    assert all(m.cheat_risk == 0 or m.cheat_risk >= 1 / 6 for m in MANNERS.values()), (
        "a risk below 1/6 would be a cheater who never cheats"
    )


def test_a_strong_hand_needs_no_cheat_t9() -> None:
    """[T9] the best odds, a big pot, but a full house in hand: he plays it honestly."""
    assert _cheats("carteador", ["cliente_casual"])[0]
    assert not _cheats("carteador", ["cliente_casual"], hand="9S 9H 9D 4C 4S")[0]


@pytest.mark.parametrize("persona", [p for p, m in MANNERS.items() if m.cheat_risk == 0])
def test_honest_personas_never_cheat_even_at_the_easiest_table_t9(persona: str) -> None:
    """[T9][T10] the personas without a taste for risk never try, whatever the odds."""
    assert not _cheats(persona, ["cliente_casual"])[0]


def test_all_in_the_invicto_still_weighs_his_seat_before_cheating_t9() -> None:
    """[T9] all in (no chips behind) he still risks expulsion: he cheats only for a
    pot worth all he brought to the table, not for any pot bigger than nothing."""
    view, legal = _spot("nobre_invicto", ["cliente_casual", "clandestino"])
    me = view["seats"][0]
    me["contributed"], me["stack"] = me["stack"] + me["contributed"], 0
    bot = make_bot("wyrt", "nobre_invicto")
    view["pot_total"] = me["contributed"] + me["contributed"] // 10
    assert bot.choose(view, legal, Rng(1)) != Cheat()
    view["pot_total"] = 3 * me["contributed"]
    assert bot.choose(view, legal, Rng(1)) == Cheat()
