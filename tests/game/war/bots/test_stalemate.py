"""Games that stall: rounds without getting closer to the objective make hard
bolder, as rounds without any conquest make every bot bolder, so a standoff of
huge stacks breaks instead of dragging on (issue 32's first complaint)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rng import Rng
from game.war import records as R
from game.war.bots import LEVELS, WarBot
from game.war.bots.brain import STALL_GRACE, Brain
from game.war.bots.fastpolicy import FastPolicy
from game.war.bots.fastsim import FastState
from tests.game.war.bots.test_army_cost import brazil_before

HARD = LEVELS["hard"]


def at(view: dict[str, Any], turn: int, missing: int, active: str = "x") -> dict[str, Any]:
    """`view` moved to `turn`, with my objective `active` missing `missing`."""
    return {
        **view,
        "turn": turn,
        "objective": {**view["objective"], "missing": missing, "active": active},
    }


def test_stall_counts_my_rounds_since_my_objective_last_came_closer() -> None:
    view = brazil_before(2).view(0)  # three seats playing
    bot = WarBot("hard")
    assert bot._stall(at(view, 10, 8)) == 0
    assert bot._stall(at(view, 13, 8)) == 1
    assert bot._stall(at(view, 22, 9)) == 4  # further off: still counting from turn 10
    assert bot._stall(at(view, 25, 7)) == 0  # closer than ever: a new start
    assert bot._stall(at(view, 31, 7)) == 2
    assert bot._stall(at(view, 34, 7, active="other")) == 0  # a new objective
    assert bot._stall(at(view, 5, 7, active="other")) == 0  # a new game


def test_a_stall_past_the_grace_makes_the_brain_bolder_but_cards_no_dearer() -> None:
    view = brazil_before(1).view(0)
    calm = Brain(view, replace(HARD, stall=STALL_GRACE + 1))
    base = Brain(view, HARD)
    assert (calm.p.min_odds, calm.p.army_cost) == (base.p.min_odds, base.p.army_cost)
    bold = Brain(view, replace(HARD, stall=STALL_GRACE + 3))
    assert bold.p.min_odds == base.p.min_odds - 0.2
    assert bold.p.army_cost == base.p.army_cost * 0.25
    assert bold.card_value() == base.card_value()
    assert base.desperate_attack() is None
    assert Brain(view, replace(HARD, stall=STALL_GRACE + 5)).desperate_attack() is not None


def test_the_rollout_policy_is_as_bold_as_the_brain() -> None:
    view = brazil_before(1).view(0)
    st = FastState.from_view(view, Rng(1), 0, None)
    for stall in (0, STALL_GRACE + 1, STALL_GRACE + 3, STALL_GRACE + 9):
        params = replace(HARD, stall=stall)
        pol, brain = FastPolicy(params), Brain(view, replace(params, army_cost_scaled=False))
        pol._prepare(st, 0)
        assert (pol.min_odds, pol.army_cost) == (brain.p.min_odds, brain.p.army_cost)
        assert pol.bold == brain.bold


def test_late_in_a_standoff_hard_spends_the_stack_it_kept_while_the_game_moved() -> None:
    m = brazil_before(6)
    view = m.view(0)
    assert isinstance(WarBot("hard").choose(view, m.legal_actions(0), Rng("s")), R.EndAttacks)
    stuck = WarBot("hard")
    # my objective has not come closer for eight rounds
    stuck.progress = (
        0,
        view["objective"]["active"],
        view["objective"]["missing"],
        view["turn"] - 8 * 3,
    )
    assert isinstance(stuck.choose(view, m.legal_actions(0), Rng("s")), R.Attack)
