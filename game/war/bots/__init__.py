"""War bots: easy, normal and hard. They see only the view ([G4])."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core import Action
from game.rng import Rng
from game.war import records as R
from game.war.bots.brain import Brain, Params, Progress, stall_rounds
from game.war.bots.decide import decide
from game.war.bots.easy import decide_easy
from game.war.bots.inference import apply_inference
from game.war.bots.policy import choose_trade

#: Parameters of each level (see `Params`). Hard blocks a player near his
#: objective harder than normal does, weighs many more placements, searches
#: its whole turn on the fast simulator (search.py), prices armies by the
#: armies in play and turns bolder when rounds pass without progress; each of
#: those was kept because it won on paired deals. TUNING.md has the figures
#: and what was tried without a gain. Hard at its 1 s budget on 1000 fresh
#: deals: 52.5% (49.4-55.6) against three normals, in 50.6 turns.
LEVELS: dict[str, Params] = {
    "easy": Params(objective=False, eager_trade=False, hunt=False, min_odds=0.75),
    "normal": Params(),
    "hard": Params(
        army_cost_scaled=True,
        leader_waits=False,
        block=2.0,
        block_power=2.0,
        block_urgent=1.0,
        infer=True,
        lookahead=True,
        plan_moves=True,
        search=True,
    ),
}
#: Seconds per decision each level is allowed (ARCHITECTURE.md budgets).
BUDGETS = {"easy": 0.2, "normal": 0.2, "hard": 1.0}


class WarBot:
    """A War bot of one level.

    The only things it keeps between decisions are the style its search chose
    for the current turn (by turn number and seat), so the attacks and moves
    follow the placement they were planned with (without it, a fresh bot in
    the middle of a turn, the level's own params play on), the conquest
    after which it last weighed stopping, so it weighs that once per conquest,
    and when its objective last came closer, so a stalemate makes normal and
    hard bolder (a fresh bot starts that count from the position it is given;
    easy keeps no count).
    """

    def __init__(self, level: str, params: Params | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"no War bot level {level!r}")
        self.name = f"war-{level}"
        self.level = level
        self.time_budget = BUDGETS[level]
        self.params = params or LEVELS[level]
        #: (turn, seat, params) chosen by the search for that turn
        self.turn_plan: tuple[int, int, Params] | None = None
        #: (turn, seat, territories held) when it last weighed stopping
        self.stop_key: tuple[int, int, int] | None = None
        #: (seat, objective, fewest territories it has missed, turn of that)
        self.progress: Progress | None = None

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """The bot's action for the seat of `view`."""
        params = self.params
        if self.level == "easy":
            return decide_easy(Brain(view, params), legal_actions, rng)
        params = replace(params, stall=self._stall(view))
        if params.search:
            params = replace(params, search=False)
            plan = self.turn_plan
            if plan is not None and plan[:2] == (view["turn"], view["seat"]):
                params = plan[2]
            elif view["phase"] == "reinforce" and view["round"] > 1:
                return self._search(view, params, rng)
        brain = Brain(view, params)
        if params.infer and view["phase"] in ("reinforce", "attack"):
            apply_inference(brain)
        action = decide(brain, legal_actions, rng)
        if (
            isinstance(action, R.Attack)
            and self.params.search
            and self._stop_now(view, params, rng)
        ):
            return R.EndAttacks()
        return action

    def _stall(self, view: dict[str, Any]) -> int:
        """My rounds since my objective last came closer (`stall_rounds`)."""
        self.progress, rounds = stall_rounds(self.progress, view)
        return rounds

    def _stop_now(self, view: dict[str, Any], params: Params, rng: Rng) -> bool:
        """After a conquest this turn (once per conquest): whether the search
        finds ending the attacks clearly better than the attack planned."""
        from game.war.bots import search

        if search.STOP_SHARE <= 0.0 or not view["conquered_this_turn"]:
            return False
        me = view["seat"]
        key = (view["turn"], me, sum(1 for o in view["owners"].values() if o == me))
        if key == self.stop_key:
            return False
        self.stop_key = key
        return search.search_stop(view, params, rng, self.time_budget)

    def _search(self, view: dict[str, Any], params: Params, rng: Rng) -> Action:
        """Trade first if the level would; then place as the chosen style does."""
        from game.war.bots.search import search_turn

        trade = choose_trade(Brain(view, params), eager=params.eager_trade)
        if trade is not None:
            return trade
        choice = search_turn(view, params, rng, self.time_budget)
        self.turn_plan = (view["turn"], view["seat"], choice.params)
        return choice.place


def make_bot(bot_id: str) -> WarBot:
    """The bot for `bot_id` ("easy", "normal", "hard")."""
    return WarBot(bot_id)
