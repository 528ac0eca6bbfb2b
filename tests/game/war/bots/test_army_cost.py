"""Hard's army cost grows with the armies in play, as its positional values do."""

from __future__ import annotations

from dataclasses import replace

from game.core import Action
from game.rng import Rng
from game.war import records as R
from game.war.board import BOARD
from game.war.bots import LEVELS, WarBot
from game.war.bots.brain import Brain
from game.war.match import WarMatch
from tests.game.war.helpers import new, position

HARD = LEVELS["hard"]


def brazil_before(bulk: int) -> WarMatch:
    """Seat 0 attacks with 30 armies in Argentina; Brasil (seat 1) holds 8;
    every other territory holds `bulk` (how far the game has grown)."""
    m = new(3, seed=1)
    armies = dict.fromkeys(BOARD.territories, bulk)
    armies.update({"Argentina": 30, "Brasil": 8})
    owners = {"Argentina": 0, "Peru": 0, "Venezuela": 0, "Brasil": 1}
    return position(m, owners, default_owner=2, armies=armies)


def decision(m: WarMatch, bot: WarBot) -> Action:
    return bot.choose(m.view(0), m.legal_actions(0), Rng("army-cost"))


def test_hard_prices_an_army_by_the_armies_in_play() -> None:
    for bulk in (1, 6, 14):
        view = brazil_before(bulk).view(0)
        hard, normal = Brain(view, HARD), Brain(view, LEVELS["normal"])
        assert hard.p.army_cost == LEVELS["normal"].army_cost * hard.scale
        assert normal.p.army_cost == LEVELS["normal"].army_cost
    assert Brain(brazil_before(1).view(0), HARD).scale == 1.0


def test_early_on_hard_attacks_as_before() -> None:
    m = brazil_before(2)
    assert isinstance(decision(m, WarBot("hard")), R.Attack)


def test_late_on_hard_keeps_a_stack_it_would_once_have_spent_on_a_plain_territory() -> None:
    m = brazil_before(6)
    assert isinstance(decision(m, WarBot("normal")), R.Attack)
    unscaled = WarBot("hard", replace(HARD, army_cost_scaled=False))
    assert isinstance(decision(m, unscaled), R.Attack)
    assert isinstance(decision(m, WarBot("hard")), R.EndAttacks)
