"""Hard's turn search: whole turns weighed on the fast simulator, anytime.

At its placement the hard bot builds candidate *plans*: a placement plus the
`Params` the rest of the turn plays with. They are its usual plan, the best
other placements its whole-turn planner ranked (`lookahead.placements`), the
styles (blocking the leaders, rushing the objective, careful attacks) and, when
an opponent looks close to winning, placements that mass every free army
against him (*strikes*: ganging up on the leader), and when my own objective
has stalled, one that masses them where it needs territory (*push*).

Every plan is played out in the same sampled worlds (`sample_world`: hidden
objectives drawn from the inferred beliefs, hidden cards dealt at random) with
the same dice (common random numbers: one seed per world for every plan): the
rest of my turn by the plan's values, then every opponent's turn, up to the
start of my next turn, on `FastState` (about half a millisecond a round, so
hundreds of worlds in the budget). The opponents play the normal-like fast
policy with values drawn per world from a mix of temperaments (`OPPONENTS`):
a model of sensible players, not a copy of our normal bot. The position
reached is scored by `value.win_chance` (objective distance, territories,
armies, income, cards and turn order; 1 or 0 once someone has won): each
opponent's chance counts against mine, a max-n leaf rather than a paranoid one.

The budget buys the worlds: as many as it affords at a reckoned cost per
rollout (`worlds_for`; a second buys about 150 for eight plans), so a decision
is the same on a busy machine as on a quiet one, and the clock only guards the
budget. The plan plays unless another beats it clearly in the same worlds.

After each conquest of the turn (its card already won) the bot asks once more
whether to attack on or stop there (`search_stop`): the same rollouts from the
position reached, with and without the rest of the attacks, at a quarter of
the budget. That is where Lozano & Bratz's Risk search found its margin:
knowing when to stop.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Any

from game.rng import Rng
from game.war import records as R
from game.war.bots.brain import ADJ, Brain, N, Params, pushing
from game.war.bots.fastplay import apply_action
from game.war.bots.fastpolicy import FastPolicy
from game.war.bots.fastsim import OVER, REINFORCE, FastState
from game.war.bots.inference import apply_inference, beliefs
from game.war.bots.quick_odds import qwin
from game.war.bots.value import win_chance
from game.war.bots.world import Beliefs, sample_objectives

#: Params overrides of each style (on top of the hard level's own).
STYLES: dict[str, dict[str, Any]] = {
    "plan": {},
    "block": {"block": 4.0, "block_power": 0.7},
    "rush": {"progress": 30.0, "army_cost": 0.2, "min_odds": 0.4},
    "careful": {"min_odds": 0.7, "army_cost": 0.7},
}
#: Other placements of the plan's own values, the best its planner ranked.
ALTERNATIVES = 4
#: Inferred danger (sum over his likely objectives of P / (1 + missing)) from
#: which an opponent gets placements of their own that strike at him.
STRIKE_DANGER = 0.2
#: Standard errors by which a candidate must beat the plan to be played instead.
EVIDENCE = 1.0
#: Worlds at most, whatever the budget.
MAX_WORLDS = 400
#: Share of the bot's time budget the search plans to use.
BUDGET_SHARE = 0.6
#: Seconds one plan's rollout of one world is reckoned to take (measured: about
#: 0.4 ms on the 2-core reference machine when quiet, 1 ms with both cores
#: busy). The worlds searched are worked out from the budget with it, not read
#: off the clock, so a decision is the same on any machine that is not
#: overloaded (`simulate --jobs` plays the same games as one process); the
#: clock only guards the budget (`GUARD`), and stops a search early only when
#: rollouts run at less than two-thirds of this reckoned speed.
ROLLOUT_SECONDS = 0.0005
#: Share of the budget after which the search stops whatever it planned.
GUARD = 0.9
#: Share of the time budget the stop-or-attack-on search after a conquest
#: takes (`search_stop`; 0 turns it off).
STOP_SHARE = 0.25
#: Safety cap on actions in one rollout (a round takes about 60).
ROLLOUT_CAP = 2000
#: The opponents' temperaments in the rollouts, with their weights: the normal
#: values, a bolder and a more careful player, and one who plays for territory.
OPPONENTS: tuple[tuple[float, Params], ...] = (
    (0.5, Params()),
    (0.2, Params(min_odds=0.4, army_cost=0.25, progress=20.0)),
    (0.2, Params(min_odds=0.65, army_cost=0.5, defense_share=0.7)),
    (0.1, Params(objective=False, eager_trade=False, hunt=False, min_odds=0.75)),
)


@dataclass
class Choice:
    """The outcome of a search: the plan chosen, its placement and the scores."""

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


def inferred_maps(brain: Brain) -> Maps:
    """Inference applied to `brain` (`apply_inference`), and the maps it drew."""
    apply_inference(brain)
    return brain.block_weight, brain.block_map, brain.need_map


def placement_for(view: dict[str, Any], params: Params) -> R.Place:
    """The placement the search-free policy for `params` makes from `view`."""
    from game.war.bots.lookahead import placement_planned
    from game.war.bots.policy import placement

    brain = Brain(view, params)
    if params.infer:
        apply_inference(brain)
    return placement_planned(brain) if params.lookahead else placement(brain)


def alternatives(view: dict[str, Any], params: Params, maps: Maps, k: int) -> list[R.Place]:
    """The `k` placements the whole-turn planner ranks best (its own choice first)."""
    from game.war.bots.lookahead import PLACE_DEPTH, placements, plan_value
    from game.war.bots.policy import as_place, placement_base

    brain = Brain(view, params)
    brain.block_weight, brain.block_map, brain.need_map = maps
    base, free = placement_base(brain)
    ranked = sorted(placements(brain, base, free), key=lambda a: -plan_value(brain, a, PLACE_DEPTH))
    out: list[R.Place] = []
    for alloc in ranked:
        place = as_place(alloc)
        if place not in out:
            out.append(place)
        if len(out) >= k:
            break
    return out


def candidates(view: dict[str, Any], base: Params, maps: Maps) -> list[tuple[str, Params, R.Place]]:
    """The plans weighed: (name, params, placement), the usual plan first."""
    cands: list[tuple[str, Params, R.Place]] = []

    def add(name: str, params: Params, place: R.Place) -> None:
        if all(place != c[2] or params != c[1] for c in cands):
            cands.append((name, params, place))

    plan = style_params(base, "plan")
    for k, place in enumerate(alternatives(view, plan, maps, ALTERNATIVES + 1)):
        add("plan" if k == 0 else f"alt{k}", plan, place)
    for style in STYLES:
        if style != "plan":
            params = style_params(base, style)
            add(style, params, placement_for(view, params))
    # the careful style with the plan's placement: same armies, fewer risks
    add("careful-plan", style_params(base, "careful"), cands[0][2])
    block = style_params(base, "block")
    for k, place in enumerate(strike_placements(view, block, maps)):
        add(f"strike{k}", block, place)
    if pushing(base.stall):
        rush = style_params(base, "rush")
        for place in push_placements(view, rush, maps):
            add("push", rush, place)
    return cands


# ------------------------------------------------------------ worlds and rollouts


def sample_world(view: dict[str, Any], bel: Beliefs, rng: Rng) -> FastState:
    """A position consistent with `view`: hidden objectives from the beliefs,
    unseen cards dealt at random ([G4]: only the view is read)."""
    objectives = sample_objectives(view, bel, rng)
    return FastState.from_view(view, rng, 0, objectives)


def opponent_policies(n: int, me: int, rng: Rng) -> list[FastPolicy | None]:
    """A temperament per opponent for one world (None for my seat)."""
    out: list[FastPolicy | None] = []
    for s in range(n):
        if s == me:
            out.append(None)
            continue
        x = rng.random()
        params = OPPONENTS[-1][1]
        for weight, p in OPPONENTS:
            x -= weight
            if x <= 0.0:
                params = p
                break
        out.append(FastPolicy(params))
    return out


def draw_world(
    view: dict[str, Any], bel: Beliefs, me: int, rng: Rng
) -> tuple[FastState, list[FastPolicy | None], int]:
    """One world of a search: the position, the opponents' temperaments and
    the dice seed every candidate played in it shares."""
    world = sample_world(view, bel, rng)
    others = opponent_policies(view["n_seats"], me, rng)
    return world, others, rng.randrange(1 << 30)


def rollout(st: FastState, me: int, mine: FastPolicy, others: list[FastPolicy | None]) -> float:
    """Play `st` (my placement done) to the start of my next turn; my win chance there."""
    start = st.turn
    for pol in (mine, *others):
        if pol is not None:
            pol.reset()  # per-turn memos belong to another world
    for _ in range(ROLLOUT_CAP):
        if st.phase == OVER:
            break
        seat = st.current
        if seat == me and st.turn != start and st.phase == REINFORCE:
            break
        pol = mine if seat == me else others[seat]
        assert pol is not None
        apply_action(st, pol.decide(st))
    return win_chance(st, me)


def place_alloc(place: R.Place) -> list[int]:
    """A placement as armies per territory index."""
    from game.war.board import BOARD

    alloc = [0] * N
    for t, c in place.armies.items():
        alloc[BOARD.index[t]] += c
    return alloc


def search_turn(
    view: dict[str, Any],
    base: Params,
    rng: Rng,
    budget: float,
    max_worlds: int = MAX_WORLDS,
) -> Choice:
    """Pick the plan to play this turn with (view: my placement decision):
    as many worlds as `budget` allows (`worlds_for`), at most `max_worlds`."""
    deadline = time.perf_counter() + budget * GUARD
    me = view["seat"]
    brain = Brain(view, base)
    bel: Beliefs = beliefs(brain)
    maps = inferred_maps(brain)
    cands = candidates(view, base, maps)
    allocs = [place_alloc(c[2]) for c in cands]
    mine = [FastPolicy(replace(c[1], lookahead=False, infer=False)) for c in cands]
    values: dict[str, list[float]] = {c[0]: [] for c in cands}
    planned = min(max_worlds, worlds_for(budget, len(cands)))
    while len(values["plan"]) < planned and len(cands) > 1:
        if time.perf_counter() > deadline:
            break
        world, others, dice = draw_world(view, bel, me, rng)
        got: list[float] = []
        for k in range(len(cands)):
            st = world.copy(dice)
            st.place(allocs[k])
            got.append(rollout(st, me, mine[k], others))
        for (name, _, _), v in zip(cands, got, strict=True):
            values[name].append(v)
    worlds = len(values["plan"])
    scores = {s: sum(v) / max(1, worlds) for s, v in values.items()}
    best = cands[0]
    for cand in cands[1:]:
        if scores[cand[0]] > scores[best[0]] and beats(values[cand[0]], values[best[0]]):
            best = cand
    return Choice(best[0], best[2], scores, worlds, best[1])


def worlds_for(budget: float, plans: int) -> int:
    """Worlds a search of `plans` candidates can afford in `budget` seconds."""
    if budget == math.inf:
        return MAX_WORLDS
    return int(budget * BUDGET_SHARE / (plans * ROLLOUT_SECONDS))


def beats(cand: list[float], plan: list[float]) -> bool:
    """Whether a candidate's values beat another's in the same worlds by more
    than `EVIDENCE` standard errors of the paired differences (so the noise of
    a few worlds does not pull the bot off its plan)."""
    n = len(plan)
    if n < 2:
        return False
    diffs = [a - b for a, b in zip(cand, plan, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > EVIDENCE * math.sqrt(var / n)


def push_placements(view: dict[str, Any], params: Params, maps: Maps) -> list[R.Place]:
    """When my objective has stalled: every free army on the front with the
    best odds of taking a territory the objective still needs."""
    from game.war.bots.policy import as_place, placement_base

    brain = Brain(view, params)
    brain.block_weight, brain.block_map, brain.need_map = maps
    base, free = placement_base(brain)
    if free <= 0:
        return []
    best: tuple[float, int] | None = None
    for t in sorted(brain.goal_targets()):
        for f in ADJ[t]:
            if brain.owner[f] == brain.me:
                odds = qwin(brain.armies[f] - 1 + base[f] + free, brain.armies[t])
                if best is None or odds > best[0]:
                    best = (odds, f)
    if best is None:
        return []
    alloc = list(base)
    alloc[best[1]] += free
    return [as_place(alloc)]


def strike_placements(view: dict[str, Any], params: Params, maps: Maps) -> list[R.Place]:
    """Placements that mass every free army against the opponents closest to
    winning: for each one whose inferred danger reaches `STRIKE_DANGER` (most
    dangerous first, at most two), the front where the odds of taking a piece
    of his likely objective, times what taking it sets him back, are best."""
    from game.war.bots.policy import as_place, placement_base

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
        place = as_place(alloc)
        if place not in out:
            out.append(place)
    return out


def search_stop(view: dict[str, Any], params: Params, rng: Rng, budget: float) -> bool:
    """Whether to end the attacks now rather than attack on with `params`
    (view: an attack decision after a conquest, so the card is won): both
    played out in the same sampled worlds with the same dice, to my next turn;
    stopping must beat attacking on clearly (`beats`)."""
    me = view["seat"]
    bel: Beliefs = beliefs(Brain(view, params))
    mine = FastPolicy(replace(params, lookahead=False, infer=False))
    share = budget * STOP_SHARE
    planned = min(MAX_WORLDS, worlds_for(share, 2))
    deadline = time.perf_counter() + share / BUDGET_SHARE * GUARD
    on: list[float] = []
    stop: list[float] = []
    while len(on) < planned and time.perf_counter() <= deadline:
        world, others, dice = draw_world(view, bel, me, rng)
        on.append(rollout(world.copy(dice), me, mine, others))
        st = world.copy(dice)
        st.end_attacks()
        stop.append(rollout(st, me, mine, others))
    return beats(stop, on)
