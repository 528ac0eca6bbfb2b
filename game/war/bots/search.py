"""Hard's turn search: a Monte Carlo choice among a few ways to play the turn.

At its placement the hard bot weighs a handful of *styles* — its usual plan,
blocking the opponents closest to winning, rushing its own objective — and,
when an opponent looks close to winning, placements that mass every free army
against him (*strikes*). Each candidate is a placement plus the `Params` the
rest of the turn plays with. Every candidate is played out in the same sampled
worlds (`world.determinize`: hidden objectives drawn from the inferred
beliefs, hidden cards dealt at random, the same dice seeds for all): the rest
of my turn by the candidate's values (the normal policy's quick attacks), then
one turn of every opponent by the normal policy (our model of a sensible
player), up to the start of my next turn. The position reached is scored by
`value.win_chance` (1 if I have won, 0 if someone else has). The plan plays
unless another candidate beats it clearly in the same worlds.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Any

from game.core import Action
from game.rng import Rng
from game.war import records as R
from game.war.bots.brain import ADJ, Brain, N, Params, T, qwin
from game.war.bots.inference import apply_inference, beliefs
from game.war.bots.value import win_chance
from game.war.bots.world import Beliefs, determinize, sample_objectives
from game.war.match import PHASE_REINFORCE, WarMatch

#: Params overrides of each style (on top of the hard level's own).
STYLES: dict[str, dict[str, Any]] = {
    "plan": {},
    "block": {"block": 4.0, "block_power": 0.7},
    "rush": {"progress": 30.0, "army_cost": 0.2, "min_odds": 0.4},
}
#: Inferred danger (sum over his likely objectives of P / (1 + missing)) from
#: which an opponent gets placements of their own that strike at him.
STRIKE_DANGER = 0.2
#: Standard errors by which a style must beat the plan to be played instead.
EVIDENCE = 1.0
#: Sampled worlds per style (fewer when time runs short; none: the usual plan).
MAX_WORLDS = 12
#: Share of the bot's time budget the search may use (the rest is margin).
BUDGET_SHARE = 0.6
#: Safety cap on decisions in one rollout (a turn takes about 20).
ROLLOUT_CAP = 600


@dataclass
class Choice:
    """The outcome of a search: the style chosen, its placement and the scores."""

    style: str
    place: R.Place
    scores: dict[str, float]
    worlds: int
    #: the params the rest of the turn plays with
    params: Params


def style_params(base: Params, style: str) -> Params:
    """The Params of `style` on top of `base`."""
    return replace(base, **STYLES[style])


#: What inference concluded at the root: (danger per seat, block map, need map).
Maps = tuple[list[float], list[float], list[float]]


def decide_with(view: dict[str, Any], params: Params, maps: Maps | None = None) -> Action:
    """One decision of the search-free policy for `params`: inference applied
    when the params ask for it, or its conclusions `maps` reused."""
    from game.war.bots.decide import decide

    brain = Brain(view, params)
    if maps is not None:
        brain.block_weight, brain.block_map, brain.need_map = maps
    elif params.infer and view["phase"] in ("reinforce", "attack"):
        apply_inference(brain)
    return decide(brain, [], _NO_RNG)


def rollout_params(params: Params) -> Params:
    """The quick version of a style for my own turn in rollouts: its values
    and thresholds with the normal policy's one-step attacks instead of the
    whole-turn planner (a tenth of the cost, so several times the worlds)."""
    return replace(params, lookahead=False, plan_moves=False, infer=False)


def placement_for(view: dict[str, Any], params: Params) -> R.Place:
    """The placement the search-free policy for `params` makes from `view`."""
    from game.war.bots.lookahead import placement_planned
    from game.war.bots.policy import placement

    brain = Brain(view, params)
    if params.infer:
        apply_inference(brain)
    return placement_planned(brain) if params.lookahead else placement(brain)


#: The policies never draw from the rng for the four phases they handle;
#: a fixed generator keeps rollouts reproducible should that change.
_NO_RNG = Rng("war-search")


def play_until_my_turn(
    m: WarMatch,
    me: int,
    mine: Params,
    others: Params,
    deadline: float = math.inf,
    maps: Maps | None = None,
) -> bool:
    """Play `m` until my next turn starts (or the match ends): my decisions by
    `mine` (with the inference `maps` of the root), everyone else's by
    `others`. False if time ran out first."""
    start_turn = m.turn
    for _ in range(ROLLOUT_CAP):
        if m.is_over:
            return True
        seat = m.current
        if seat == me and m.turn != start_turn and m.phase == PHASE_REINFORCE:
            return True
        if time.perf_counter() > deadline:
            return False
        view = m.view(seat)
        action = decide_with(view, mine, maps) if seat == me else decide_with(view, others)
        m.apply(seat, action)
    return True


def search_turn(
    view: dict[str, Any],
    base: Params,
    others: Params,
    rng: Rng,
    budget: float,
) -> Choice:
    """Pick the style to play this turn with (view: my placement decision)."""
    deadline = time.perf_counter() + budget * BUDGET_SHARE
    me = view["seat"]
    brain = Brain(view, base)
    bel: Beliefs = beliefs(brain)
    apply_inference(brain)
    maps: Maps = (brain.block_weight, brain.block_map, brain.need_map)
    cands: list[tuple[str, Params, R.Place]] = []
    for style in STYLES:  # "plan" first: the fallback
        params = style_params(base, style)
        cands.append((style, params, placement_for(view, params)))
    if "block" in STYLES:
        params = style_params(base, "block")
        for k, place in enumerate(strike_placements(view, params, maps)):
            if all(place != c[2] or params != c[1] for c in cands):
                cands.append((f"strike{k}", params, place))
    values: dict[str, list[float]] = {s: [] for s, _, _ in cands}
    while len(values["plan"]) < MAX_WORLDS:
        objectives = sample_objectives(view, bel, rng)
        card_seed = rng.randrange(1 << 30)
        dice_seed = rng.randrange(1 << 30)
        got: dict[str, float] = {}
        for style, params, place in cands:
            if time.perf_counter() > deadline:
                break
            m = determinize(view, objectives, Rng(card_seed), dice_seed)
            m.apply(me, place)
            if not play_until_my_turn(m, me, rollout_params(params), others, deadline, maps):
                break
            got[style] = win_chance(m, me)
        if len(got) < len(cands):
            break  # out of time: a world every style has not seen would bias the means
        for style, v in got.items():
            values[style].append(v)
    worlds = len(values["plan"])
    scores = {s: sum(v) / max(1, worlds) for s, v in values.items()}
    best = cands[0]
    for cand in cands[1:]:
        if scores[cand[0]] > scores[best[0]] and beats_plan(values[cand[0]], values["plan"]):
            best = cand
    return Choice(best[0], best[2], scores, worlds, best[1])


def beats_plan(style: list[float], plan: list[float]) -> bool:
    """Whether a style's values beat the usual plan's in the same worlds by
    more than `EVIDENCE` standard errors of the paired differences (so the
    noise of a few worlds does not pull the bot off its plan)."""
    n = len(plan)
    if n < 2:
        return False
    diffs = [a - b for a, b in zip(style, plan, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > EVIDENCE * math.sqrt(var / n)


def strike_placements(view: dict[str, Any], params: Params, maps: Maps) -> list[R.Place]:
    """Placements that mass every free army against the opponents closest to
    winning: for each one whose inferred danger reaches `STRIKE_DANGER` (most
    dangerous first, at most two), the front where the odds of taking a piece
    of his likely objective, times what taking it sets him back, are best."""
    from game.war.bots.policy import placement_base

    brain = Brain(view, params)
    brain.block_weight, brain.block_map, brain.need_map = maps
    base, free = placement_base(brain)
    if free <= 0:
        return []
    me = brain.me
    out: list[R.Place] = []
    danger = brain.block_weight
    foes = sorted(
        (s for s in range(brain.n) if s != me and danger[s] >= STRIKE_DANGER),
        key=lambda s: -danger[s],
    )
    for foe in foes[:2]:
        best: tuple[float, int] | None = None
        for t in range(N):
            if brain.owner[t] != foe or brain.block_map[t] <= 0.0:
                continue
            for f in ADJ[t]:
                if brain.owner[f] != me:
                    continue
                odds = qwin(brain.armies[f] - 1 + base[f] + free, brain.armies[t])
                score = odds * brain.block_map[t]
                if best is None or score > best[0]:
                    best = (score, f)
        if best is None:
            continue
        alloc = list(base)
        alloc[best[1]] += free
        place = R.Place({T[i]: c for i, c in enumerate(alloc) if c > 0})
        if place not in out:
            out.append(place)
    return out
