"""War bots: easy, normal and hard. They see only the view ([G4])."""

from __future__ import annotations

from typing import Any

from game.core import Action
from game.rng import Rng
from game.war.bots.brain import Brain, Params
from game.war.bots.easy import decide_easy
from game.war.bots.inference import apply_inference
from game.war.bots.policy import decide

#: Parameters of each level (see `Params`).
LEVELS: dict[str, Params] = {
    "easy": Params(objective=False, eager_trade=False, hunt=False, min_odds=0.75),
    "normal": Params(),
    "hard": Params(block=1.0, infer=True, lookahead=True, plan_moves=True),
}
#: Seconds per decision each level is allowed (ARCHITECTURE.md budgets).
BUDGETS = {"easy": 0.2, "normal": 0.2, "hard": 1.0}


class WarBot:
    """A War bot of one level; keeps no state between decisions."""

    def __init__(self, level: str, params: Params | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"no War bot level {level!r}")
        self.name = f"war-{level}"
        self.level = level
        self.time_budget = BUDGETS[level]
        self.params = params or LEVELS[level]

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """The bot's action for the seat of `view`."""
        brain = Brain(view, self.params)
        if self.level == "easy":
            return decide_easy(brain, legal_actions, rng)
        if self.params.infer and view["phase"] in ("reinforce", "attack"):
            apply_inference(brain)
        return decide(brain, legal_actions, rng)


def make_bot(bot_id: str) -> WarBot:
    """The bot for `bot_id` ("easy", "normal", "hard")."""
    return WarBot(bot_id)
