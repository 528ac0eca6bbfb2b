"""Cheating ([T9]): the ladder, the house 1d6 test, the double test, steal and expulsion."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.cards import parse_cards
from game.core import IllegalAction
from game.wyrt import cheating
from game.wyrt.personas import PERSONAS, Persona
from game.wyrt.records import (
    CardsStolen,
    Cheat,
    CheatAbandoned,
    CheatCaught,
    CheatGiveUp,
    CheatPress,
    CheatSucceeded,
    CheatTested,
    Fold,
    PlayerExpelled,
    Steal,
)
from tests.game.wyrt.helpers import act, dice, give, of, table


def P(i: int, *perks: str) -> Persona:
    return Persona("test", 0, i, tuple(perks), "test")


@pytest.mark.parametrize(
    ("i", "level"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (9, 6)]
)
def test_ladder_from_intelligence_t9(i: int, level: int) -> None:
    """[T9] I 0 very easy … I 6+ very hard (counting raw I here; no perks)."""
    assert cheating.watcher_level(P(i)) == level


def test_crime_and_manipulation_add_a_level_each_t9() -> None:
    """[T9] one level harder for each of Crime and Manipulação (each skill is also I +1)."""
    crime, manip, both = P(1, "crime"), P(1, "manipulacao"), P(0, "crime", "manipulacao")
    assert (crime.i, manip.i, both.i) == (2, 2, 2)
    assert cheating.watcher_level(crime) == 3
    assert cheating.watcher_level(manip) == 3
    assert cheating.watcher_level(both) == 4


def test_radar_makes_it_very_hard_before_the_skills_t9() -> None:
    """[T9] Radar: very hard whatever the I, then the skill steps on top."""
    assert cheating.watcher_level(P(0, "radar")) == 6
    assert cheating.watcher_level(P(0, "radar", "crime")) == 7
    assert cheating.level_name(7) == "very_hard"


def test_highest_intelligence_opponent_sets_it_t9() -> None:
    """[T9] the opponent of highest I decides; ties go to the harder one."""
    sly = P(2, "crime", "manipulacao")  # I4 with both skills: level 6
    d = cheating.table_difficulty([(1, P(3)), (2, P(5)), (3, sly)])
    assert (d.level, d.watcher) == (5, 2)  # the I5 opponent decides, not the slyer one
    d = cheating.table_difficulty([(1, P(4)), (2, P(3, "crime"))])
    assert (d.level, d.watcher) == (5, 2)  # both I4: the harder one counts


@pytest.mark.parametrize(
    ("level", "mod"), [(0, 3), (1, 2), (2, 1), (3, 0), (4, -1), (5, -2), (6, -3), (8, -5)]
)
def test_house_modifiers_t9(level: int, mod: int) -> None:
    """[T9] house rule: +3 very easy … −3 very hard, −1 per level beyond."""
    assert cheating.modifier(level) == mod


def test_house_roll_and_six_always_fails_t9() -> None:
    """[T9] pass on roll <= attribute + modifier; a 6 always fails."""
    assert cheating.passes(3, 0, 0) and not cheating.passes(4, 0, 0)
    assert not cheating.passes(6, 12, 0)
    assert cheating.pass_chance(12, 0) == pytest.approx(5 / 6)
    assert cheating.pass_chance(0, 6) == 0.0


@given(st.integers(0, 14), st.integers(0, 14), st.integers(0, 10), st.booleans())
def test_odds_are_probabilities_t9(h: int, i: int, level: int, press: bool) -> None:
    odds = cheating.cheat_odds(h, i, level, press)
    assert odds.steal + odds.caught + odds.gave_up == pytest.approx(1)
    assert min(odds.steal, odds.caught, odds.gave_up) >= 0


def _cheat_table() -> object:
    # Seat 0 is a card sharp (H4 I4) against two casual patrons (I0: very easy, +3).
    m = table(["bot:carteador", "bot:cliente_casual", "bot:cliente_casual"], cheating=True)
    give(m, "2C 7D 9S JH 4D", "", "")
    return m


def test_double_test_then_steal_and_discard_t9() -> None:
    """[T9] I passed, H passed: 1d6 cards of his choice, then back to five."""
    m = _cheat_table()
    assert m.persona(0).h == 4 and m.persona(0).i == 4
    assert Cheat() in m.legal_actions(0)
    dice(m, 2, 3, 3)  # I: 2 <= 7, H: 3 <= 7, count: 3
    events = act(m, Cheat())
    tests = of(events, CheatTested)
    assert [(t.test, t.roll, t.target, t.success) for t in tests] == [
        ("I", 2, 7, True),
        ("H", 3, 7, True),
    ]
    assert of(events, CheatSucceeded)[0].count == 3
    assert m.to_move == [0] and m.pending is not None
    view = m.view(0)
    assert view["steal"]["count"] == 3
    assert view["steal"]["deck"] == sorted(c.code for c in m.deck.cards)
    assert m.view(1)["steal"] is None and m.view(1)["cheat"]["pending"] == ""
    take = tuple(parse_cards("AS AH AD"))
    discard = tuple(parse_cards("2C 7D 4D"))
    with pytest.raises(IllegalAction) as err:
        act(m, Steal(take[:2], discard[:2]))
    assert err.value.rule == "T9"
    events = act(m, Steal(take, discard))
    assert of(events, CardsStolen)[0].taken == take
    assert Counter(m.hands[0]) == Counter(parse_cards("AS AH AD 9S JH"))
    assert len(m.deck) == 52 - 15
    assert m.to_move == [0] and m.pending is None  # now he bets
    with pytest.raises(IllegalAction) as err:
        act(m, Cheat())
    assert err.value.key == "wyrt.illegal.one_cheat_per_hand"


def test_failed_intelligence_give_up_t9() -> None:
    """[T9] after a failed I test the cheater may give up: nothing happens."""
    m = _cheat_table()
    dice(m, 6)
    events = act(m, Cheat())
    assert of(events, CheatTested)[0].success is False
    assert set(map(type, m.legal_actions(0))) == {CheatPress, CheatGiveUp}
    with pytest.raises(IllegalAction):
        act(m, Fold())
    events = act(m, CheatGiveUp())
    assert of(events, CheatAbandoned) and not m.folded[0] and m.status[0] == "playing"


def test_failed_intelligence_press_one_level_harder_t9() -> None:
    """[T9] pressing on takes the H test one level harder (very easy +3 -> easy +2)."""
    m = _cheat_table()
    dice(m, 6, 6)
    act(m, Cheat())
    events = act(m, CheatPress())
    caught = of(events, CheatCaught)[0]
    assert caught.target == 4 + 2 and caught.level == "easy"


def test_caught_forfeits_the_hand_and_is_expelled_t9() -> None:
    """[T9] caught: everything bet this hand stays in the pot; expelled for the session."""
    m = _cheat_table()
    act(m, m.legal_actions(0)[1])  # seat 0 calls 10
    act(m, m.legal_actions(1)[1])  # seat 1 calls
    act(m, m.legal_actions(2)[1])  # seat 2 checks
    assert m.round == 1
    # Round 2: seat 1 checks, seat 2 checks, seat 0 cheats and is caught.
    act(m, m.legal_actions(1)[1])
    act(m, m.legal_actions(2)[1])
    stack_before = m.stacks[0]
    dice(m, 1, 6)
    events = act(m, Cheat())
    caught = of(events, CheatCaught)[0]
    assert caught.forfeited == 10
    assert of(events, PlayerExpelled)[0].stack == stack_before
    assert m.status[0] == "expelled" and m.folded[0]
    assert m.stacks[0] == stack_before  # he keeps what he had not bet
    # The hand goes on without him and he is never dealt again.
    while m.hand_no == 1:
        s = m.to_move[0]
        act(m, m.legal_actions(s)[1])
    assert not m.in_hand[0] and m.stacks[0] == stack_before


def test_cheating_is_off_unless_the_table_allows_it_t9() -> None:
    """[T9] an optional table rule."""
    m = table(3)
    assert Cheat() not in m.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        act(m, Cheat())
    assert err.value.key == "wyrt.illegal.no_cheating"


def test_difficulty_follows_the_table_t9() -> None:
    """[T9] the view shows the difficulty from the opponent of highest I and his perks."""
    m = table(["bot:cliente_casual", "bot:carteador_expert", "bot:nobre_genial"], cheating=True)
    v = m.view(0)["cheat"]
    # The expert card sharp has I9 (very hard) plus Crime and Manipulação.
    assert (v["level"], v["watcher"]) == (8, 1)
    assert v["steal_chance"] == 0.0


def test_best_steal_builds_a_strong_hand_t9() -> None:
    """The steal helper (bots, suggested action) makes the best hand it can."""
    hand = parse_cards("AS KS 2D 7C 9H")
    deck = parse_cards("QS JS 10S 3C 4C 5H")
    take, discard = cheating.best_steal(hand, deck, 3)
    final = Counter(hand) + Counter(take) - Counter(discard)
    assert sorted(c.code for c in final.elements()) == sorted(["AS", "KS", "QS", "JS", "10S"])
    assert cheating.valid_steal(hand, deck, 3, take, discard)
    t, d = cheating.null_steal(hand, deck, 2)
    assert t == d and cheating.valid_steal(hand, deck, 2, t, d)
    assert not cheating.valid_steal(hand, deck, 2, t, tuple(parse_cards("AH 2D")))


def test_personas_count_for_the_human_too_t9_t10() -> None:
    """[T9][T10] a human's chosen persona counts for his tests and for others' difficulty."""
    m = table(["Ana", "bot:cliente_casual"], cheating=True, personas=["nobre_invicto", "auto"])
    assert m.persona(0) == PERSONAS["nobre_invicto"]
    assert m.view(1)["cheat"]["level"] == 8  # I14 very hard + Crime + Manipulação
    assert m.view(0)["cheat"]["level"] == 0
