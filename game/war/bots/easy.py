"""The easy bot: legal and plausible, no objective planning.

It reinforces its most threatened borders, attacks only with good odds (the
exact odds, but no plan), moves interior armies to the front and trades only
when it must.
"""

from __future__ import annotations

from game.core import Action
from game.rng import Rng
from game.war import records as R
from game.war.bots.brain import ADJ, CONT_INDEX, MEMBERS, Brain, N, T, best_set
from game.war.bots.policy import as_place, choose_move
from game.war.bots.quick_odds import qwin


def decide_easy(brain: Brain, legal: list[Action], rng: Rng) -> Action:
    """One easy decision."""
    view = brain.view
    phase = view["phase"]
    me = brain.me
    if phase == "reinforce":
        if view["must_trade"] or (view["sets"] and len(brain.hand) >= 4):
            owner_of = {T[i]: brain.owner[i] for i in range(N)}
            chosen = best_set(brain.hand, view["sets"], owner_of, me)
            return R.Trade((chosen[0], chosen[1], chosen[2]))
        return _place(brain, rng)
    if phase == "attack":
        best: tuple[float, int, int] | None = None
        for s in brain.mine:
            a = brain.armies[s] - 1
            if a < 2:
                continue
            for t in ADJ[s]:
                if brain.owner[t] == me:
                    continue
                p = qwin(a, brain.armies[t])
                if p >= brain.p.min_odds and (best is None or p > best[0]):
                    best = (p, s, t)
        if best is not None:
            src, dst = best[1], best[2]
            return R.Attack(T[src], T[dst], min(3, brain.armies[src] - 1))
        pick = brain.desperate_attack()
        if pick is not None:
            return R.Attack(T[pick[0]], T[pick[1]], min(3, brain.armies[pick[0]] - 1))
        return R.EndAttacks()
    if phase == "occupy":
        return R.Occupy(view["occupy"]["max"])
    if phase == "move":
        mv = choose_move(brain)
        return mv if mv is not None else R.EndTurn()
    return rng.choice(legal)


def _place(brain: Brain, rng: Rng) -> R.Place:
    pend = brain.view["pending"]
    alloc = [0] * N
    threat = brain.threat()

    def pick(cands: list[int]) -> int:
        fronts = [i for i in cands if brain.is_front(i)] or cands
        # the most threatened front, with a little randomness
        ranked = sorted(fronts, key=lambda i: threat[i] - brain.armies[i], reverse=True)
        return ranked[rng.randrange(min(2, len(ranked)))]

    for cname, amount in pend["continents"].items():
        k = CONT_INDEX[cname]
        cands = [i for i in MEMBERS[k] if brain.owner[i] == brain.me]
        alloc[pick(cands)] += amount
    free = pend["free"]
    if free:
        first = pick(brain.mine)
        half = free // 2 if free >= 4 else free
        alloc[first] += half
        if free - half:
            alloc[pick(brain.mine)] += free - half
    return as_place(alloc)
