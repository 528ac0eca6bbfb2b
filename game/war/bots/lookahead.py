"""Hard's whole-turn planning.

A plan is a sequence of conquests for the rest of the turn. It is rolled out on
a copy of the map in expectation: each step takes the best marginal attack
(exact odds, expected survivors, the armies moved in), and values conquests
*given the ones already planned* — so the bot sees that two conquests complete
a continent, or that three finish its objective this turn, which one-step
greedy play misses. The hard bot uses it to choose where to mass its
reinforcements and which attack to roll next.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.war import records as R
from game.war.bots.brain import ADJ, BONUS, CONT, MEMBERS, Brain, N, T
from game.war.bots.policy import (
    BOARD_INDEX,
    as_place,
    attack_allocation,
    choose_move,
    placement_base,
)
from game.war.bots.quick_odds import qexp, qwin

#: steps looked ahead when placing and when choosing an attack
PLACE_DEPTH = 10
ATTACK_DEPTH = 8
#: planned attacks below these odds are not considered
PLAN_MIN_ODDS = 0.3


@dataclass
class Sim:
    """A map copy for rollouts (armies as floats: expectations)."""

    owner: list[int]
    armies: list[float]
    taken: list[int] = field(default_factory=list)
    reach: list[float] = field(default_factory=lambda: [1.0] * N)
    conquered: bool = False

    def copy(self) -> Sim:
        return Sim(
            list(self.owner), list(self.armies), list(self.taken), list(self.reach), self.conquered
        )


def start_sim(brain: Brain, extra: list[int] | None = None) -> Sim:
    """The map as the view shows it, plus `extra` armies per territory."""
    armies = [float(a) for a in brain.armies]
    if extra:
        for i, x in enumerate(extra):
            armies[i] += x
    return Sim(list(brain.owner), armies, conquered=brain.conquered)


def step_value(brain: Brain, sim: Sim, t: int) -> float:
    """Worth of conquering t after the conquests already in `sim`."""
    p = brain.p
    me = brain.me
    k = CONT[t]
    defender = brain.owner[t]
    taken = set(sim.taken)
    v = brain.territory_values()[t]
    if all(sim.owner[j] == me for j in MEMBERS[k] if j != t):
        v += BONUS[k] * p.continent_turns
        if k in brain.target_continents():
            v += 4.0
    if brain.holds(defender, k) and not any(j in taken for j in MEMBERS[k]):
        v += BONUS[k] * p.break_turns
    if p.block:
        v += p.block * 15.0 * brain.block_map[t]
    left_of_defender = brain.counts[defender] - sum(1 for j in taken if brain.owner[j] == defender)
    if left_of_defender == 1 and brain.destroy_target() == defender:
        v += 500.0
    if p.objective and brain.objective["kind"] != "destroy":
        before = brain.missing_after(taken)
        after = brain.missing_after(taken | {t})
        if after == 0:
            v += 500.0
        elif after < before:
            v += p.progress / (after + 1)
    v *= brain.scale
    if not sim.conquered:
        v += brain.card_value()
    if left_of_defender == 1 and p.hunt:
        v += brain.card_counts[defender] * brain.card_value() * 0.8
    return v


def options(brain: Brain, sim: Sim) -> list[tuple[float, int, int, float, float]]:
    """(gain, source, target, P(win), E[left]) for each attack in `sim`, best first."""
    me = brain.me
    cost = brain.p.army_cost
    out = []
    for s in range(N):
        if sim.owner[s] != me or sim.armies[s] < 2:
            continue
        a = int(sim.armies[s]) - 1
        for t in ADJ[s]:
            if sim.owner[t] == me:
                continue
            win, left, loss = qexp(a, max(1, int(sim.armies[t] + 0.5)))
            if win < PLAN_MIN_ODDS:
                continue
            gain = sim.reach[s] * (win * step_value(brain, sim, t) - loss * cost)
            out.append((gain, s, t, win, left))
    out.sort(reverse=True)
    return out


def conquer(brain: Brain, sim: Sim, s: int, t: int, win: float, left: float) -> None:
    """Apply an expected conquest to `sim`: move up to 3 in if t leads on."""
    me = brain.me
    onward = any(sim.owner[j] != me for j in ADJ[t])
    move = min(3.0, max(1.0, left - 1.0)) if onward else 1.0
    sim.owner[t] = me
    sim.armies[s] = max(1.0, left + 1.0 - move)
    sim.armies[t] = move
    sim.taken.append(t)
    sim.reach[t] = sim.reach[s] * win
    sim.conquered = True


def rollout(brain: Brain, sim: Sim, depth: int) -> float:
    """Greedy plan value of the rest of the turn from `sim` (mutates it)."""
    total = 0.0
    for _ in range(depth):
        opts = options(brain, sim)
        if not opts or opts[0][0] <= 0:
            break
        gain, s, t, win, left = opts[0]
        total += gain
        conquer(brain, sim, s, t, win, left)
    return total


def exposure(brain: Brain, sim: Sim) -> float:
    """Expected cost of the counter-attacks the position in `sim` invites."""
    me = brain.me
    inc = brain.income()
    vals = brain.territory_values()
    held = [all(sim.owner[j] == me for j in MEMBERS[k]) for k in range(len(MEMBERS))]
    risk = 0.0
    for i in range(N):
        if sim.owner[i] != me:
            continue
        th = 0.0
        for j in ADJ[i]:
            o = sim.owner[j]
            if o != me:
                a = sim.armies[j] - 1.0 + 0.6 * inc[o]
                if a > th:
                    th = a
        if th <= 0.5:
            continue
        val = vals[i] + (BONUS[CONT[i]] * brain.p.continent_turns if held[CONT[i]] else 0.0)
        risk += qwin(int(th + 0.5), max(1, int(sim.armies[i] + 0.5))) * val
    return risk * brain.scale * brain.p.defense_weight * 0.5


def plan_value(brain: Brain, extra: list[int] | None, depth: int) -> float:
    """Whole-turn value of a placement: the plan's gains minus the exposure left."""
    sim = start_sim(brain, extra)
    gained = rollout(brain, sim, depth)
    return gained - exposure(brain, sim)


def placement_planned(brain: Brain) -> R.Place:
    """Hard's placement: continent bonuses and defence as normal; the attack
    armies go where the whole-turn plan is worth most among `placements`
    (normal's choice is one of them)."""
    base, free = placement_base(brain)
    best = max(placements(brain, base, free), key=lambda a: plan_value(brain, a, PLACE_DEPTH))
    return as_place(best)


#: fronts that may take all the free armies, and those whose pairs may share them
PLACE_FRONTS = 12
SPLIT_FRONTS = 4


def placements(brain: Brain, base: list[int], free: int) -> list[list[int]]:
    """Candidate placements of the `free` armies over `base`: normal's; all of
    them on one of the `PLACE_FRONTS` fronts they add most to; a third, a half
    or two thirds of them on each of two of the `SPLIT_FRONTS` best. Weighing
    this many (not six fronts and one even split) won about 2.6 points more
    against three normals on the same deals (see `LEVELS`)."""
    normal = list(base)
    if free > 0:
        attack_allocation(brain, normal, free)
    candidates = [normal]
    if free <= 0:
        return candidates
    fronts = [i for i in brain.mine if brain.is_front(i)]
    ranked = sorted(
        fronts,
        key=lambda i: (
            brain.stack_value(i, brain.armies[i] - 1 + base[i] + free)
            - brain.stack_value(i, brain.armies[i] - 1 + base[i])
        ),
        reverse=True,
    )[:PLACE_FRONTS]
    for i in ranked:
        alloc = list(base)
        alloc[i] += free
        candidates.append(alloc)
    shares = sorted({free // 3, free // 2, (2 * free) // 3} - {0, free})
    best = ranked[:SPLIT_FRONTS]
    for k, a in enumerate(best):
        for b in best[k + 1 :]:
            for share in shares:
                alloc = list(base)
                alloc[a] += free - share
                alloc[b] += share
                candidates.append(alloc)
    return candidates


def choose_attack_planned(brain: Brain) -> R.Attack | None:
    """The first roll of the best plan: each candidate attack is valued by its
    own gain plus the best continuation of the turn, minus the exposure it
    leaves; stopping is valued by the exposure of the position now."""
    sim = start_sim(brain)
    stop = -exposure(brain, sim)
    best: tuple[float, int, int] | None = None
    for gain, s, t, win, left in options(brain, sim)[:10]:
        if win < brain.p.min_odds and gain < 3.0 * brain.scale:
            continue
        nxt = sim.copy()
        conquer(brain, nxt, s, t, win, left)
        total = gain + rollout(brain, nxt, ATTACK_DEPTH) - exposure(brain, nxt)
        if best is None or total > best[0]:
            best = (total, s, t)
    if best is not None and best[0] > stop:
        _, s, t = best
        return R.Attack(T[s], T[t], min(3, brain.armies[s] - 1))
    pick = brain.desperate_attack()
    if pick is not None:
        return R.Attack(T[pick[0]], T[pick[1]], min(3, brain.armies[pick[0]] - 1))
    return None


def choose_occupy_planned(brain: Brain) -> R.Occupy:
    """Move in the count whose rest-of-turn plan, minus the exposure it leaves,
    is worth most ([W7])."""
    occ = brain.view["occupy"]
    s, t = brain_index(occ["source"]), brain_index(occ["target"])
    most = occ["max"]
    best: tuple[float, int] | None = None
    for count in sorted({1, max(1, most - 1), most}):
        sim = start_sim(brain)
        sim.armies[s] -= count
        sim.armies[t] = float(count)
        sim.conquered = True
        value = rollout(brain, sim, ATTACK_DEPTH) - exposure(brain, sim)
        if best is None or value > best[0] + 1e-9:
            best = (value, count)
    assert best is not None
    return R.Occupy(best[1])


def brain_index(name: str) -> int:
    """Board index of a territory name."""
    return T.index(name)


def choose_move_planned(brain: Brain) -> R.Move | None:
    """Hard's fortifying move: normal's candidate, or a front-to-front shift,
    whichever lowers the exposure of the position most while keeping the best
    attack stacks for next turn ([W8])."""
    movable = {BOARD_INDEX[t]: m for t, m in brain.view["movable"].items()}
    if not movable:
        return None
    me = brain.me
    base = start_sim(brain)
    now = exposure(brain, base)
    best: tuple[float, int, int, int] | None = None
    normal = choose_move(brain)
    if normal is not None:
        s, j = BOARD_INDEX[normal.source], BOARD_INDEX[normal.target]
        best = (_move_gain(brain, base, now, s, j, normal.count) + 0.5, s, j, normal.count)
    for s, m in movable.items():
        for j in ADJ[s]:
            if brain.owner[j] != me:
                continue
            for amount in {m, (m + 1) // 2}:
                gain = _move_gain(brain, base, now, s, j, amount)
                if best is None or gain > best[0]:
                    best = (gain, s, j, amount)
    if best is None or best[0] <= 0.25:
        return None
    _, s, j, amount = best
    return R.Move(T[s], T[j], amount)


def _move_gain(brain: Brain, base: Sim, now: float, s: int, j: int, amount: int) -> float:
    """Lower exposure plus better attack stacks after moving `amount` from s to j."""
    sim = base.copy()
    sim.armies[s] -= amount
    sim.armies[j] += amount
    safer = now - exposure(brain, sim)
    before = brain.stack_value(s, brain.armies[s] - 1) + brain.stack_value(j, brain.armies[j] - 1)
    after = brain.stack_value(s, brain.armies[s] - 1 - amount) + brain.stack_value(
        j, brain.armies[j] - 1 + amount
    )
    return safer + 0.5 * (after - before)
