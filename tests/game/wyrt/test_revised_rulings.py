"""Wyrt rulings revised after the conformance audit: [T9] expulsion and Radar,
[T11] the soul risk ends with O Morto, a Death Match has no hand limit."""

from __future__ import annotations

import pytest

from game.registry import OptionsError, new_match
from game.wyrt import cheating
from game.wyrt.personas import Persona
from game.wyrt.records import AllIn, Cheat, CheatPress, PlayerBusted, SoulTaken
from tests.game.wyrt.helpers import act, dice, give, of, stacks
from tests.game.wyrt.test_cheating import _cheat_table
from tests.game.wyrt.test_morto import _beat_o_morto


def P(i: int, *perks: str) -> Persona:
    return Persona("test", 0, i, tuple(perks), "test")


def test_radar_counts_whatever_its_holders_intelligence_t9() -> None:
    """[T9] (revised): an opponent with Radar makes it very hard even when another
    opponent has the highest Intelligence."""
    d = cheating.table_difficulty([(1, P(5)), (2, P(0, "radar"))])
    assert (d.level, d.watcher) == (6, 2)
    d = cheating.table_difficulty([(1, P(5)), (2, P(0, "radar", "crime"))])
    assert (d.level, d.watcher) == (7, 2)  # the skills still add on top
    # Without Radar the highest Intelligence still decides.
    d = cheating.table_difficulty([(1, P(5)), (2, P(0, "crime", "manipulacao"))])
    assert (d.level, d.watcher) == (5, 1)


def test_an_expelled_player_ranks_last_whatever_he_carried_t9() -> None:
    """[T9] (revised): expelled players rank below every player never expelled,
    the latest expelled first, and can never win."""
    m = _cheat_table()
    dice(m, 6, 6)
    act(m, Cheat())  # seat 0: Inteligência fails ...
    act(m, CheatPress())  # ... he presses on and is caught
    assert m.status[0] == "expelled"
    stacks(m, 5000, 10, 20)  # he walked away with the biggest stack
    assert m.standings()[-1] == [0]
    assert m.standings()[0] == [2]
    assert m.distance_to_victory(0) == m.total_chips


def test_after_o_morto_falls_zero_pv_is_out_alive_t11() -> None:
    """[T11] (revised): once O Morto is at 0 PV the soul risk ends: a player who
    then loses everything is out, not dead."""
    m, _ = _beat_o_morto()
    give(m, "AS AH AD AC KS", "2C 7D 9S JH 4D", "")
    dice(m, 2, 1, 1, 3, 1, 2)
    act(m, AllIn())
    events = act(m, AllIn())
    assert m.status[1] == "busted" and of(events, PlayerBusted)[0].seat == 1
    assert not of(events, SoulTaken)


def test_a_death_match_takes_no_hand_limit_t11() -> None:
    """[T11] (revised): nobody may stand up, so the session has no hand limit."""
    with pytest.raises(OptionsError) as err:
        new_match("wyrt", 3, seed=1, options={"mode": "death_match", "hand_limit": 5})
    assert err.value.key == "rulings.wyrt.death_match_no_limit"
