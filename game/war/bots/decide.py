"""One War bot decision: the step of the turn the view is in, played by the
normal policy or, for the levels that plan (`Params.lookahead`), by the
whole-turn planner.

Apart from `policy` so that the planner, which builds on the normal policy's
steps, and the policy do not import each other.
"""

from __future__ import annotations

from game.core import Action
from game.rng import Rng
from game.war import records as R
from game.war.bots.brain import Brain
from game.war.bots.lookahead import (
    choose_attack_planned,
    choose_move_planned,
    choose_occupy_planned,
    placement_planned,
)
from game.war.bots.policy import choose_attack, choose_move, choose_occupy, choose_trade, placement


def decide(brain: Brain, legal: list[Action], rng: Rng) -> Action:
    """One decision for the phase the view is in."""
    phase = brain.view["phase"]
    if phase == "reinforce":
        trade = choose_trade(brain, eager=brain.p.eager_trade)
        if trade is not None:
            return trade
        if brain.p.lookahead:
            return placement_planned(brain)
        return placement(brain)
    if phase == "attack":
        att = choose_attack_planned(brain) if brain.p.lookahead else choose_attack(brain)
        if att is not None:
            return att
        return R.EndAttacks() if brain.p.fortify else R.EndTurn()
    if phase == "occupy":
        if brain.p.lookahead and brain.p.plan_occupy:
            return choose_occupy_planned(brain)
        return choose_occupy(brain)
    if phase == "move":
        if brain.p.lookahead and brain.p.plan_moves:
            mv = choose_move_planned(brain)
            return mv if mv is not None else R.EndTurn()
        mv = choose_move(brain) if brain.p.fortify else None
        return mv if mv is not None else R.EndTurn()
    return rng.choice(legal)
