"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley & Whitehouse (2012): every iteration samples one
determinisation of the hidden information consistent with what the searching
player sees, walks a tree shared by all samples (children are filtered by the
actions legal in the current sample; UCB uses "availability" counts), plays a
cheap rollout, and backs the rewards up from each mover's point of view.

The game plugs in through `SearchGame`; nothing here knows any rules.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from game.rng import Rng

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)


class SearchGame(Protocol[S, A]):
    """What a game offers the search. `S` is a mutable state, `A` a hashable action."""

    def determinize(self, rng: Rng) -> S:
        """A full state consistent with the searcher's information."""
        ...

    def mover(self, state: S) -> int | None:
        """The seat to act, or None when the state is terminal (or a search leaf)."""
        ...

    def legal(self, state: S) -> list[A]:
        """Legal actions of the mover."""
        ...

    def apply(self, state: S, action: A) -> None:
        """Play `action` for the mover, in place."""
        ...

    def rollout(self, state: S, rng: Rng) -> list[float]:
        """Play on cheaply from `state` and return a reward in [0, 1] per seat."""
        ...


#: Share of the iterations the prior's visit count is credited with at the end.
PRIOR_SHARE = 0.15


class _Node(Generic[A]):
    __slots__ = ("action", "player", "parent", "children", "visits", "avail", "reward")

    def __init__(self, action: A | None, player: int, parent: _Node[A] | None) -> None:
        self.action = action
        self.player = player  # the seat that chose `action`
        self.parent = parent
        self.children: dict[A, _Node[A]] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


@dataclass
class SearchResult(Generic[A]):
    """The chosen action and some statistics (for tests and the bench)."""

    action: A
    iterations: int
    visits: dict[A, int]


def ismcts(
    game: SearchGame[S, A],
    root_player: int,
    rng: Rng,
    *,
    iterations: int = 1000,
    time_budget: float = 1.0,
    exploration: float = 0.7,
    max_depth: int = 40,
    root_actions: list[A] | None = None,
    prior: A | None = None,
    prior_visits: float = 0.0,
) -> SearchResult[A]:
    """Search from the root player's information set; return the most visited action.

    Stops after `iterations` or `time_budget` seconds, whichever comes first (at
    least one iteration). `root_actions` restricts the root to these actions
    (they must be legal in every determinisation, e.g. the real legal list).
    `prior` (a root action a rule of thumb recommends) starts with `prior_visits`
    virtual visits worth the root's running mean reward (and, for the final choice,
    at least `PRIOR_SHARE` of all iterations): with few iterations the rule of thumb
    stands, and the search overrules it only on evidence.
    """
    root: _Node[A] = _Node(None, root_player, None)
    root_total = 0.0  # the root player's reward summed over iterations
    deadline = time.perf_counter() + time_budget
    done = 0
    allowed = set(root_actions) if root_actions is not None else None
    while done < iterations and (done == 0 or time.perf_counter() < deadline):
        state = game.determinize(rng)
        node = root
        depth = 0
        # Selection and expansion.
        while depth < max_depth:
            mover = game.mover(state)
            if mover is None:
                break
            legal = game.legal(state)
            if node is root and allowed is not None:
                legal = [a for a in legal if a in allowed]
            if not legal:
                break
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                if node is root and prior in untried:
                    action = prior  # the rule of thumb's move is tried first
                else:
                    action = untried[rng.randrange(len(untried))]
                child = _Node(action, mover, node)
                node.children[action] = child
                game.apply(state, action)
                node = child
                depth += 1
                break
            best: _Node[A] | None = None
            best_score = -math.inf
            for a in legal:
                c = node.children[a]
                log_total = math.log(max(c.avail, 1))
                n_c, r_c = float(c.visits), c.reward
                if node is root and a == prior and prior_visits > 0:
                    n_c += prior_visits
                    r_c += prior_visits * root_total / max(done, 1)
                score = r_c / n_c + exploration * math.sqrt(log_total / n_c)
                if score > best_score:
                    best_score, best = score, c
            assert best is not None and best.action is not None
            game.apply(state, best.action)
            node = best
            depth += 1
        rewards = game.rollout(state, rng)
        root_total += rewards[root_player]
        # Back-propagation: each node scores the reward of the seat that chose it.
        walk: _Node[A] | None = node
        while walk is not None:
            walk.visits += 1
            if walk.parent is not None:
                walk.reward += rewards[walk.player]
            walk = walk.parent
        done += 1
    if not root.children:
        raise ValueError("the root has no legal action")
    visits = {a: c.visits for a, c in root.children.items()}

    # At the end the prior keeps a head start that grows with the search (a share
    # of all iterations), so near-ties among equal moves do not overrule it by noise.
    head_start = max(prior_visits, PRIOR_SHARE * done) if prior_visits > 0 else 0.0

    def weight(c: _Node[A]) -> tuple[float, float]:
        bonus = head_start if c.action == prior else 0.0
        return (c.visits + bonus, c.reward / max(c.visits, 1))

    best_action = max(root.children.values(), key=weight).action
    assert best_action is not None
    return SearchResult(best_action, done, visits)
