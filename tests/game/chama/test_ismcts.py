"""The generic IS-MCTS of game.ai on a tiny hidden-information game."""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.ismcts import ismcts
from game.rng import Rng


@dataclass
class Nim:
    """Take 1 or 2 from a heap; whoever takes the last wins. Player 1 also holds a
    hidden card that does not matter (to exercise determinisation)."""

    heap: int
    mover_: int
    hidden: int


class NimSearch:
    def __init__(self, heap: int) -> None:
        self.heap = heap

    def determinize(self, rng: Rng) -> Nim:
        return Nim(self.heap, 0, rng.randrange(10))

    def mover(self, s: Nim) -> int | None:
        return None if s.heap == 0 else s.mover_

    def legal(self, s: Nim) -> list[int]:
        return [n for n in (1, 2) if n <= s.heap]

    def apply(self, s: Nim, take: int) -> None:
        s.heap -= take
        s.mover_ = 1 - s.mover_

    def rollout(self, s: Nim, rng: Rng) -> list[float]:
        while s.heap:
            self.apply(s, rng.choice(self.legal(s)))
        winner = 1 - s.mover_
        return [1.0 if p == winner else 0.0 for p in (0, 1)]


def test_ismcts_finds_the_winning_move() -> None:
    """From 4 the winning move is to take 1 (leave a multiple of 3); from 5, take 2."""
    assert ismcts(NimSearch(4), 0, Rng(1), iterations=600, time_budget=10).action == 1
    assert ismcts(NimSearch(5), 0, Rng(1), iterations=600, time_budget=10).action == 2


def test_ismcts_respects_root_actions_and_is_deterministic() -> None:
    """Root restriction and same rng -> same result."""
    r = ismcts(NimSearch(7), 0, Rng(3), iterations=50, root_actions=[2])
    assert r.action == 2 and set(r.visits) == {2}
    a = ismcts(NimSearch(7), 0, Rng(4), iterations=80)
    b = ismcts(NimSearch(7), 0, Rng(4), iterations=80)
    assert a.action == b.action and a.visits == b.visits


def test_prior_stands_on_little_evidence_and_yields_to_much() -> None:
    """The rule of thumb's move wins a short search (it is tried first and has a
    head start of virtual visits) but a long search overrules a losing prior: from
    a heap of 4, taking 2 loses and taking 1 wins."""
    short = ismcts(NimSearch(4), 0, Rng(5), iterations=4, prior=2, prior_visits=30)
    assert short.action == 2 and 2 in short.visits
    long = ismcts(NimSearch(4), 0, Rng(5), iterations=3000, prior=2, prior_visits=30)
    assert long.action == 1
    assert long.visits[1] > long.visits[2] + 30
