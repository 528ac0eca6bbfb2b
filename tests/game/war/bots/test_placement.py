"""Hard's placement weighs many ways to spend its free armies and plays the one
its whole-turn plan values most ([W3])."""

from __future__ import annotations

from game.rng import Rng
from game.war.bots import LEVELS, WarBot
from game.war.bots.brain import Brain, N, T
from game.war.bots.inference import apply_inference
from game.war.bots.lookahead import PLACE_DEPTH, placement_planned, placements, plan_value
from game.war.bots.policy import placement_base
from game.war.match import WarMatch
from tests.game.war.helpers import new

HARD = LEVELS["hard"]


def midgame(seed: int) -> WarMatch:
    """Four normals play until a seat starts placing in round three with armies to spare."""
    m = new(4, seed=seed)
    bot = WarBot("normal")
    rng = Rng(f"placement/{seed}")
    for _ in range(5000):
        if m.round >= 3 and m.phase == "reinforce":
            view = m.view(m.current)
            if view["pending"]["free"] >= 6 and not view["must_trade"]:
                return m
        seat = m.current
        m.apply(seat, bot.choose(m.view(seat), m.legal_actions(seat), rng))
        assert not m.is_over
    raise AssertionError("no placement with free armies")


def hard_brain(m: WarMatch) -> Brain:
    brain = Brain(m.view(m.current), HARD)
    apply_inference(brain)
    return brain


def test_candidates_spend_every_free_army_and_include_splits_between_two_fronts() -> None:
    """All on one front, or a third, a half or two thirds on each of two of the best."""
    m = midgame(5)
    brain = hard_brain(m)
    base, free = placement_base(brain)
    cands = placements(brain, base, free)
    assert all(sum(c) == sum(base) + free for c in cands)
    extra = [[c[i] - base[i] for i in range(N) if c[i] != base[i]] for c in cands[1:]]
    singles = [e for e in extra if e == [free]]
    splits = [sorted(e) for e in extra if len(e) == 2]
    assert len(singles) >= 2
    assert [free // 3, free - free // 3] in splits
    assert [free // 2, free - free // 2] in splits


def test_hard_places_as_its_best_valued_candidate() -> None:
    for seed in (5, 6, 7):
        m = midgame(seed)
        brain = hard_brain(m)
        base, free = placement_base(brain)
        best = max(plan_value(brain, c, PLACE_DEPTH) for c in placements(brain, base, free))
        chosen = placement_planned(hard_brain(m))
        alloc = [chosen.armies.get(T[i], 0) for i in range(N)]
        assert abs(plan_value(brain, alloc, PLACE_DEPTH) - best) < 1e-9, seed
