"""What players hold against Risk bots, checked on War's hard bot: a kill for
the cards is taken, and a hopeless attack is not started ([W6], [W10])."""

from __future__ import annotations

from game.rng import Rng
from game.war import records as R
from game.war.board import BOARD
from game.war.bots import WarBot
from game.war.bots.quick_odds import qwin
from game.war.match import WarMatch
from tests.game.war.helpers import new, position

#: seat 2's last territory and the four cards it holds
LAST = "Islândia"
CARDS = ["Alasca", "Mackenzie", "Vancouver", "Ottawa"]


def last_stand(phase: str) -> WarMatch:
    """Seat 2 is down to Islândia (1 army) with four cards; my stack of 8 in
    Groenlândia borders it; seat 1 holds the rest of the map but China and
    Egito (mine), short of his Ásia + África."""
    return position(
        new(3, seed=4),
        {LAST: 2, "Groenlândia": 0, "Labrador": 0, "China": 0, "Egito": 0},
        default_owner=1,
        current=0,
        phase=phase,
        armies={"Groenlândia": 8, LAST: 1},
        hands={2: CARDS},
        objectives={0: "territorios_24", 1: "asia_africa", 2: "territorios_24"},
    )


def play_my_turn(m: WarMatch, bot: WarBot) -> None:
    rng = Rng(7)
    me = m.current
    while m.current == me and not m.is_over:
        m.apply(me, bot.choose(m.view(me), m.legal_actions(me), rng))


def test_hard_takes_a_kill_for_the_cards() -> None:
    """[W10] eliminating a player hands me his cards: the hard bot's turn,
    search included, ends with seat 2 gone by my hand and his cards in mine."""
    m = last_stand("reinforce")
    bot = WarBot("hard")
    bot.time_budget = 0.05
    assert not m.is_over
    play_my_turn(m, bot)
    assert not m.alive[2] and m.eliminated_by[2] == 0
    assert set(CARDS) <= set(m.hands[0])


def test_hard_starts_no_hopeless_attack() -> None:
    """[W6] a lone army next to big enemy stacks: every attack hard starts in a
    turn of quiet play has at least even odds of taking its target."""
    m = position(
        new(3, seed=5),
        {"Groenlândia": 0, "Labrador": 0, "Islândia": 0, "China": 0, "Egito": 0, "Japão": 2},
        default_owner=1,
        current=0,
        phase="attack",
        armies={"Groenlândia": 3, "Labrador": 2, "Islândia": 2, "Inglaterra": 9, "Ottawa": 8},
        objectives={0: "territorios_24", 1: "asia_africa", 2: "territorios_24"},
    )
    bot = WarBot("hard")
    rng = Rng(3)
    assert not m.is_over
    while m.current == 0 and m.phase == "attack":
        action = bot.choose(m.view(0), m.legal_actions(0), rng)
        if isinstance(action, R.Attack):
            s, t = BOARD.index[action.source], BOARD.index[action.target]
            assert qwin(m.armies[s] - 1, m.armies[t]) >= 0.25, action
        m.apply(0, action)
