"""Guessing opponents' secret objectives from what they have done in public.

Everything used here is on the table for anyone to note: where each player put
his reinforcements, where he conquered, whom he attacked, what he holds. Each
opponent gets a probability over the objective cards he might hold (the deck
for this table minus my own card); his danger is how close the likely ones are.
"""

from __future__ import annotations

import math

from game.war.bots.brain import CONT_INDEX, MEMBERS, N_CONT, Brain, N
from game.war.objectives import FALLBACK_ID, OBJECTIVE_BY_ID, Objective, objectives_in_play

#: how sharply behaviour separates hypotheses
FOCUS_WEIGHT = 6.0
DESTROY_WEIGHT = 5.0
HOLD_WEIGHT = 0.6


def beliefs(brain: Brain) -> dict[int, dict[str, float]]:
    """seat -> {objective id: probability} for every opponent still playing."""
    view = brain.view
    hist = view["history"]
    colors = brain.colors
    deck = [o for o in objectives_in_play(colors) if o.id != brain.objective["card"]]
    out: dict[int, dict[str, float]] = {}
    for s in range(brain.n):
        if s == brain.me or not brain.alive[s]:
            continue
        placed = hist["placed"][s]
        taken = hist["taken"][s]
        attacks = hist["attacks"][s]
        activity = [placed[k] + 2.0 * taken[k] for k in range(N_CONT)]
        total = sum(activity) + 1e-9
        total_att = sum(attacks) + 1e-9
        scores: dict[str, float] = {}
        for o in deck:
            scores[o.id] = _score(brain, s, o, activity, total, attacks, total_att)
        top = max(scores.values())
        z = sum(math.exp(v - top) for v in scores.values())
        out[s] = {k: math.exp(v - top) / z for k, v in scores.items()}
    return out


def _score(
    brain: Brain,
    s: int,
    o: Objective,
    activity: list[float],
    total: float,
    attacks: list[int],
    total_att: float,
) -> float:
    if o.destroy:
        if o.destroy == brain.colors[s]:
            return 0.0  # his own colour: he plays for 24 territories
        target = brain.colors.index(o.destroy)
        if not brain.alive[target]:
            return 0.0  # someone else finished the target: 24 territories now
        expected = 1.0 / max(1, sum(1 for a in brain.alive if a) - 1)
        return DESTROY_WEIGHT * (attacks[target] / total_att - expected) if total_att > 1 else 0.0
    if not o.continents:
        return 0.0
    score = 0.0
    for c in o.continents:
        k = CONT_INDEX[c]
        share = activity[k] / total if total > 1 else 0.0
        score += FOCUS_WEIGHT * (share - len(MEMBERS[k]) / N)
        owned = sum(1 for i in MEMBERS[k] if brain.owner[i] == s) / len(MEMBERS[k])
        score += HOLD_WEIGHT * (owned - brain.counts[s] / N)
    return score


def active_objective(brain: Brain, s: int, oid: str) -> Objective:
    """The objective seat s would play for if he held card `oid`."""
    o = OBJECTIVE_BY_ID[oid]
    if o.destroy and (
        o.destroy == brain.colors[s] or not brain.alive[brain.colors.index(o.destroy)]
    ):
        return OBJECTIVE_BY_ID[FALLBACK_ID]
    return o


def missing_for(brain: Brain, s: int, o: Objective) -> tuple[int, set[int], set[int]]:
    """(territories seat s still needs, the pieces of his goal he holds, the
    pieces he still has to take)."""
    owner = brain.owner
    if o.kind == "territories":
        good = sum(1 for i in range(N) if owner[i] == s and brain.armies[i] >= o.min_armies)
        return max(0, o.territories - good), {i for i in range(N) if owner[i] == s}, set()
    if o.kind == "destroy":
        target = brain.colors.index(o.destroy)
        ts = {i for i in range(N) if owner[i] == target}
        return len(ts), set(), ts
    want = [CONT_INDEX[c] for c in o.continents]
    if o.extra_continents:
        rest = sorted(
            (sum(1 for i in MEMBERS[k] if owner[i] != s), k) for k in range(N_CONT) if k not in want
        )
        want += [k for _, k in rest[: o.extra_continents]]
    goal = {i for k in want for i in MEMBERS[k]}
    todo = {i for i in goal if owner[i] != s}
    return len(todo), goal - todo, todo


def urgency(missing: int) -> float:
    """How likely an opponent `missing` territories short finishes on his next
    turn, roughly: one territory is usually within reach, two often, three rarely."""
    return {0: 1.0, 1: 1.0, 2: 0.4, 3: 0.1}.get(missing, 0.0)


def apply_inference(brain: Brain) -> None:
    """Set `brain.block_weight` (per seat danger), `brain.block_map` (per
    territory: how much taking it sets a dangerous opponent back) and
    `brain.need_map` (per territory: how much a dangerous opponent needs it)."""
    block_map = [0.0] * N
    need_map = [0.0] * N
    danger = [0.0] * brain.n
    for s, probs in beliefs(brain).items():
        for oid, p in probs.items():
            if p < 0.02:
                continue
            o = active_objective(brain, s, oid)
            missing, pieces, todo = missing_for(brain, s, o)
            close = 1.0 / (1.0 + missing) ** brain.p.block_power
            close += brain.p.block_urgent * urgency(missing)
            danger[s] += p * close
            for i in pieces:
                block_map[i] += p * close
            for i in todo:
                need_map[i] += p * close
    brain.block_weight = danger
    brain.block_map = block_map
    brain.need_map = need_map
