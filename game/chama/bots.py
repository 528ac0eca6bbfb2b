"""Chama bots: easy and normal play by rules of thumb; hard searches (IS-MCTS).

Bots see only the view ([G4]). They rebuild a position from it with
`ChamaMatch.from_view`, which samples the hidden hands and draw piles from the
known deck composition; easy and normal read only the public table and their
own hand from it, hard searches over many such samples.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.ai.ismcts import ismcts
from game.bots import Bot
from game.chama import policy
from game.chama.match import OVER, ChamaMatch
from game.core import Action
from game.rng import Rng


class HeuristicBot:
    """Rule-of-thumb play ("easy" or "normal")."""

    def __init__(self, level: str) -> None:
        self.name = f"chama-{level}"
        self.level = level
        self.time_budget = 0.2

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """Pick an action from the seat's view."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        m = ChamaMatch.from_view(view, rng)
        action = policy.choose(m, int(view["seat"]), legal_actions, rng, self.level)
        return action if action in legal_actions else _fallback(action, legal_actions)


def _fallback(action: Action, legal: list[Action]) -> Action:
    # Parameterised actions (rebuild discards) are accepted even if not listed.
    return action if type(action).__name__ == "RebuildRealm" else legal[-1]


def resample(base: ChamaMatch, me: int, rng: Rng) -> ChamaMatch:
    """A copy of `base` with every card `me` cannot see dealt anew."""
    m = base.clone()
    for s in range(m.n_seats):
        if s == me:
            rng.shuffle(m.draw[s])
            continue
        keep = [c for seat, c in m.spoils_pending if seat == s]
        hidden = m.hands[s] + m.draw[s]
        for c in keep:
            hidden.remove(c)
        rng.shuffle(hidden)
        k = len(m.hands[s]) - len(keep)
        m.hands[s] = keep + hidden[:k]
        m.draw[s] = hidden[k:]
    return m


class _Search:
    """Adapter from a Chama position to the generic IS-MCTS.

    The tree branches on the decisions `branches` selects (the hard bot: targets
    and battles); the rest are played at once by the normal policy. Each iteration
    plays on to the end of the horizon with normal play and scores the leaf.
    """

    def __init__(
        self,
        base: ChamaMatch,
        me: int,
        horizon: int,
        branches: Callable[[ChamaMatch], bool],
        own_level: str = "hard",
    ) -> None:
        self.base = base
        self.me = me
        self.stop_turn = base.turn + horizon
        self.branches = branches
        self.rng = Rng(0)
        #: policy for the searcher's own unsearched moves; opponents are modelled as normal
        self.own_level = own_level

    def _policy(self, m: ChamaMatch, seat: int, rng: Rng) -> Action:
        level = self.own_level if seat == self.me else "normal"
        return policy.choose(m, seat, m.legal_actions(seat), rng, level)

    def determinize(self, rng: Rng) -> ChamaMatch:
        self.rng = rng
        return resample(self.base, self.me, rng)

    def _live(self, m: ChamaMatch) -> bool:
        return m.phase != OVER and m.turn <= self.stop_turn

    def mover(self, m: ChamaMatch) -> int | None:
        return m.to_move[0] if self._live(m) else None

    def legal(self, m: ChamaMatch) -> list[Action]:
        return m.legal_actions(m.to_move[0])

    def apply(self, m: ChamaMatch, action: Action) -> None:
        m._apply(m.to_move[0], action)
        for _ in range(200):
            if not self._live(m) or self.branches(m):
                break
            seat = m.to_move[0]
            m._apply(seat, self._policy(m, seat, self.rng))

    def rollout(self, m: ChamaMatch, rng: Rng) -> list[float]:
        for _ in range(400):
            if m.phase == OVER or m.turn > self.stop_turn:
                break
            seat = m.to_move[0]
            m._apply(seat, self._policy(m, seat, rng))
        return policy.evaluate(m)


class SearchBot:
    """Hard: anytime IS-MCTS, determinised over the hidden cards (each iteration
    deals the unseen cards anew), until its time budget is spent.

    Every decision of its turn with a choice is searched at the root (realms, pool,
    targets, battles, spoils, discards); inside the tree only targets and battles
    branch, the rest is played by rules of thumb (its own tuned "hard" rules, the
    opponents modelled as normal), over the rest of its turn and until every other
    seat has answered once. The rule-of-thumb move starts with `prior_visits` virtual visits, so the search
    overrules it only on evidence: searching realms and the pool without that head
    start lost more games (53% and 50% against normal, 60 games each at 0.25 s).
    Targets and battles get the whole budget, the other steps `minor_share` of it
    (rules of thumb play those well, and a person should not wait on a discard).
    With `search_all=False` only targets and battles are searched at all.
    """

    def __init__(
        self,
        time_budget: float = 0.9,
        iterations: int | None = None,
        horizon: int | None = None,
        max_depth: int = 40,
        search_all: bool = True,
        own_level: str = "hard",
        prior_visits: float = 30.0,
        minor_share: float = 0.25,
    ) -> None:
        self.name = "chama-hard"
        self.level = "hard"
        self.time_budget = time_budget
        #: None: as many as the budget allows (anytime); a number caps them (tests)
        self.iterations = iterations
        #: turns searched after the current one; None: a whole round (every other
        #: seat still playing answers once), so each opponent's reply is seen
        self.horizon = horizon
        self.max_depth = max_depth
        self.search_all = search_all
        #: rules of thumb for its own unsearched moves ("hard": tuned, see policy)
        self.own_level = own_level
        #: head start of the rule-of-thumb move at the root (see `ismcts`)
        self.prior_visits = prior_visits
        #: share of the budget for the steps rules of thumb play well (realms, pool,
        #: spoils, discards): targets and battles get the whole budget
        self.minor_share = minor_share
        #: iterations of the last search (the bench and tests read it)
        self.last_iterations = 0

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """Search from the seat's information set within the time budget."""
        start = time.perf_counter()
        if len(legal_actions) == 1:
            return legal_actions[0]
        me = int(view["seat"])
        base = ChamaMatch.from_view(view, rng)
        # Inside the tree only targets and battles branch (a wider tree searched
        # worse in our games); `search_all` searches every step at the root.
        root = policy.turn_needs_search if self.search_all else policy.phase_needs_search
        action = policy.choose(base, me, legal_actions, rng, self.own_level)
        if action not in legal_actions:
            action = _fallback(action, legal_actions)
        if not root(base) or action not in legal_actions:
            return action  # (a rebuild with the rule of thumb's own discards)
        # Leave a margin for the last iteration and the answer (stays within budget).
        share = 1.0 if policy.phase_needs_search(base) else self.minor_share
        left = self.time_budget * 0.85 * share - (time.perf_counter() - start)
        result = ismcts(
            _Search(base, me, self._horizon(base), policy.phase_needs_search, self.own_level),
            me,
            rng,
            iterations=self.iterations if self.iterations is not None else 10**9,
            time_budget=max(0.0, left),
            max_depth=self.max_depth,
            root_actions=legal_actions,
            prior=action if action in legal_actions else None,
            prior_visits=self.prior_visits,
        )
        self.last_iterations = result.iterations
        return result.action

    def _horizon(self, base: ChamaMatch) -> int:
        if self.horizon is not None:
            return self.horizon
        return max(1, len(base.alive_seats()) - 1)


def make_bot(bot_id: str) -> Bot:
    """A bot of level `bot_id` (easy, normal or hard)."""
    if bot_id in ("easy", "normal"):
        return HeuristicBot(bot_id)
    if bot_id == "hard":
        return SearchBot()
    raise ValueError(f"no chama bot {bot_id!r}")
