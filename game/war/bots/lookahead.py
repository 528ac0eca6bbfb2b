"""Hard's whole-turn planning (placeholder while normal is tuned)."""

from __future__ import annotations

from game.war import records as R
from game.war.bots.brain import Brain


def plan_bonus(brain: Brain) -> dict[int, float]:
    """Extra attack value per staging territory from whole-turn plans."""
    return {}


def choose_attack_planned(brain: Brain) -> R.Attack | None:
    """The next roll of the best whole-turn plan."""
    from game.war.bots.policy import choose_attack

    return choose_attack(brain)
