"""Decisions for each step of a War turn, shared by the bot levels.

Every function takes a `Brain` (one view) and returns an action. Levels differ
by their `Params` and by which helper they call (hard adds `lookahead`).
"""

from __future__ import annotations

from game.war import records as R
from game.war.bots.brain import ADJ, CONT, CONT_INDEX, MEMBERS, Brain, N, T, best_set
from game.war.bots.quick_odds import armies_needed

# --------------------------------------------------------------- trading


def choose_trade(brain: Brain, *, eager: bool) -> R.Trade | None:
    """A trade to make now, or None to keep the cards."""
    sets = brain.view["sets"]
    if not sets:
        return None
    owner_of = {T[i]: brain.owner[i] for i in range(N)}
    if not brain.view["must_trade"]:
        if not eager:
            return None
        own_bonus = any(owner_of.get(c) == brain.me for s in sets for c in s)
        # Early sets are small; hold them unless the hand is filling up or the
        # +2 bonus sweetens it. Later, armies now beat armies later.
        if brain.next_trade < brain.p.trade_at and len(brain.hand) < 4 and not own_bonus:
            return None
    chosen = best_set(brain.hand, sets, owner_of, brain.me)
    return R.Trade((chosen[0], chosen[1], chosen[2]))


# ------------------------------------------------------------- placement


def as_place(alloc: list[int]) -> R.Place:
    """The placement of an allocation (armies per territory index)."""
    return R.Place({T[i]: c for i, c in enumerate(alloc) if c > 0})


def placement(brain: Brain) -> R.Place:
    """Normal's placement: `placement_base`, then the attack armies by
    `attack_allocation`."""
    alloc, free = placement_base(brain)
    if free > 0:
        attack_allocation(brain, alloc, free)
    return as_place(alloc)


def placement_base(brain: Brain) -> tuple[list[int], int]:
    """Place every pending army ([W3]).

    Continent bonuses go inside their continent (to its weakest gate, or to its
    best attack stack); for 18 territories with 2 armies, single armies are
    lifted; then the deficits of threatened gates of continents I hold (at most
    `defense_share` of the free armies). Returns the allocation so far and the
    free armies left for attacking.
    """
    pend = brain.view["pending"]
    alloc = [0] * N
    me = brain.me
    p = brain.p
    for cname, amount in pend["continents"].items():
        k = CONT_INDEX[cname]
        cands = [i for i in MEMBERS[k] if brain.owner[i] == me]
        gates = [i for i in cands if brain.is_front(i)]
        if not gates:
            alloc[cands[0]] += amount
            continue
        left = amount
        for i in sorted(gates, key=lambda i: needed(brain, i) - brain.armies[i], reverse=True):
            gap = needed(brain, i) - brain.armies[i] - alloc[i]
            if gap > 0 and left > 0:
                c = min(gap, left)
                alloc[i] += c
                left -= c
        if left:
            best = max(gates, key=lambda i: brain.stack_value(i, brain.armies[i] - 1 + left))
            alloc[best] += left
    free = pend["free"]
    # 18 territories with 2 armies: lift single armies first
    obj = brain.objective
    if p.objective and obj["kind"] == "territories" and obj["min_armies"] > 1 and free:
        strong = sum(1 for i in brain.mine if brain.armies[i] + alloc[i] >= 2)
        missing = obj["territories"] - strong
        singles = sorted(
            (i for i in brain.mine if brain.armies[i] + alloc[i] < 2),
            key=lambda i: (brain.is_front(i), i),
        )
        for i in singles[: max(0, min(missing, free // 2))]:
            alloc[i] += 1
            free -= 1
    # defence of held continents
    budget = int(free * p.defense_share)
    if budget:
        worries = []
        for i in brain.mine:
            if not brain.is_front(i):
                continue
            if not brain.holds(me, CONT[i]) and brain.need_map[i] < 0.15:
                continue
            gap = needed(brain, i) - brain.armies[i] - alloc[i]
            if gap > 0:
                worries.append((brain.hold_value(i) / gap, i, gap))
        worries.sort(reverse=True)
        for _, i, gap in worries:
            c = min(gap, budget)
            if c <= 0:
                break
            alloc[i] += c
            budget -= c
            free -= c
    return alloc, free


def attack_allocation(brain: Brain, alloc: list[int], free: int) -> None:
    """Concentrate `free` armies on the stack whose attacks gain most from them.

    All of them go to one stack unless its value saturates (odds already near
    certain), in which case the rest goes to the next best one. When no attack
    is worth anything yet (huge enemy stacks), build up opposite the weakest
    valuable target so a later turn can break through.
    """
    fronts = [i for i in brain.mine if brain.is_front(i)] or list(brain.mine)
    vals = {i: 0.0 for i in fronts}
    rounds = 0
    while free > 0 and rounds < 4:
        rounds += 1
        best_i, best_gain = -1, 1e-6
        for i in fronts:
            a = brain.armies[i] - 1 + alloc[i]
            gain = brain.stack_value(i, a + free) - brain.stack_value(i, a)
            if gain > best_gain:
                best_i, best_gain = i, gain
        if best_i < 0:
            break
        a = brain.armies[best_i] - 1 + alloc[best_i]
        take = free
        # saturation: the last quarter adds little, keep it for elsewhere
        while take > 3:
            part = take * 3 // 4
            full = brain.stack_value(best_i, a + take)
            if full - brain.stack_value(best_i, a + part) > 0.05 * max(1e-6, full - vals[best_i]):
                break
            take = part
        alloc[best_i] += take
        vals[best_i] = brain.stack_value(best_i, a + take)
        free -= take
    if free > 0:
        # nothing attractive: mass opposite the weakest worthwhile target
        def siege(i: int) -> float:
            a = brain.armies[i] + alloc[i] + free
            return max(
                (
                    brain.conquest_value(t, card=False) * a / (brain.armies[t] + 1)
                    for t in ADJ[i]
                    if brain.owner[t] != brain.me
                ),
                default=0.0,
            ) + brain.threat()[i] / (brain.armies[i] + alloc[i] + 1)

        alloc[max(fronts, key=siege)] += free


# --------------------------------------------------------------- attacks


def choose_attack(brain: Brain) -> R.Attack | None:
    """The best attack roll now, or None to stop."""
    opts = brain.attack_options()
    if opts and opts[0][0] > 0:
        _, s, t = opts[0]
        return R.Attack(T[s], T[t], min(3, brain.armies[s] - 1))
    pick = brain.desperate_attack()
    if pick is not None:
        s, t = pick
        return R.Attack(T[s], T[t], min(3, brain.armies[s] - 1))
    return None


def choose_occupy(brain: Brain) -> R.Occupy:
    """How many armies to move into a fresh conquest ([W7])."""
    occ = brain.view["occupy"]
    s, t = (BOARD_INDEX[occ["source"]], BOARD_INDEX[occ["target"]])
    most = occ["max"]
    me = brain.me
    # after the conquest, who is threatening what?
    src_enemies = [j for j in ADJ[s] if brain.owner[j] != me and j != t]
    tgt_enemies = [j for j in ADJ[t] if brain.owner[j] != me]
    if not src_enemies:
        return R.Occupy(most)
    if not tgt_enemies:
        return R.Occupy(1)
    # keep going from the new territory if it has juicy neighbours
    vals = brain.territory_values()
    cont = max((vals[j] / (brain.armies[j] + 1) for j in tgt_enemies), default=0.0)
    stay = max((vals[j] / (brain.armies[j] + 1) for j in src_enemies), default=0.0)
    src_pressure = max(brain.armies[j] for j in src_enemies)
    tgt_pressure = max(brain.armies[j] for j in tgt_enemies)
    if cont >= stay or tgt_pressure >= src_pressure:
        return R.Occupy(most)
    return R.Occupy(max(1, most - 1))


# ----------------------------------------------------------------- moves


def choose_move(brain: Brain) -> R.Move | None:
    """One fortifying move, or None when nothing helps ([W8]).

    Interior armies walk towards the front that matters most (attack appeal
    minus distance); fronts with more than they need pass the surplus to a
    neighbouring front that needs it or attacks better.
    """
    movable = {BOARD_INDEX[t]: m for t, m in brain.view["movable"].items()}
    if not movable:
        return None
    me = brain.me
    obj = brain.objective
    keep2 = brain.p.objective and obj["kind"] == "territories" and obj["min_armies"] > 1
    fronts = [i for i in brain.mine if brain.is_front(i)]
    if not fronts:
        return None
    prio = {f: front_priority(brain, f) for f in fronts}
    best: tuple[float, int, int, int] | None = None
    interior = [s for s in movable if s not in prio]
    if interior:
        pull = _front_pull(brain, prio)
        for s in interior:
            m = movable[s]
            if keep2 and brain.armies[s] - m < 2:
                m = brain.armies[s] - 2
            if m <= 0:
                continue
            js = [j for j in ADJ[s] if brain.owner[j] == me]
            j = max(js, key=lambda j: (pull[j], -j))
            if pull[j] <= pull[s]:
                continue
            score = 100.0 + m
            if best is None or score > best[0]:
                best = (score, s, j, m)
    for s in fronts:
        m = movable.get(s, 0)
        if m <= 0:
            continue
        surplus = min(m, brain.armies[s] - needed(brain, s))
        if keep2:
            surplus = min(surplus, brain.armies[s] - 2)
        if surplus <= 0:
            continue
        for j in ADJ[s]:
            if brain.owner[j] != me or j not in prio:
                continue
            deficit = needed(brain, j) - brain.armies[j]
            if deficit > 0:
                amount = min(surplus, deficit)
                score = 10.0 + amount * brain.hold_value(j) / 2.0
            elif prio[j] > 1.3 * prio[s] + 0.1:
                amount = surplus
                score = (prio[j] - prio[s]) * amount
            else:
                continue
            if best is None or score > best[0]:
                best = (score, s, j, amount)
    if best is None:
        return None
    _, s, j, amount = best
    return R.Move(T[s], T[j], amount)


def front_priority(brain: Brain, f: int) -> float:
    """How much a front wants armies: its best target's appeal and its own danger."""
    appeal = max(
        (
            brain.conquest_value(t, card=False) / (brain.armies[t] + 1)
            for t in ADJ[f]
            if brain.owner[t] != brain.me
        ),
        default=0.0,
    )
    danger = brain.threat()[f] / (brain.armies[f] + 1) * brain.hold_value(f) / 4.0
    return appeal + danger


def _front_pull(brain: Brain, prio: dict[int, float]) -> list[float]:
    """For each of my territories, the best (front priority - 0.3 * distance)."""
    me = brain.me
    pull = [-1e9] * N
    for f, pr in prio.items():
        dist = {f: 0}
        queue = [f]
        k = 0
        while k < len(queue):
            i = queue[k]
            k += 1
            v = pr - 0.3 * dist[i]
            if v > pull[i]:
                pull[i] = v
            for j in ADJ[i]:
                if brain.owner[j] == me and j not in dist:
                    dist[j] = dist[i] + 1
                    queue.append(j)
    return pull


def needed(brain: Brain, i: int, risk: float = 0.3) -> int:
    """Armies my territory i needs so its threat takes it with at most `risk`."""
    return armies_needed(int(brain.threat()[i] + 0.5), risk)


def front_distance(brain: Brain) -> list[int]:
    """Steps from each of my territories to the nearest front (0 = a front)."""
    me = brain.me
    dist = [99] * N
    queue = [i for i in brain.mine if brain.is_front(i)]
    for i in queue:
        dist[i] = 0
    k = 0
    while k < len(queue):
        i = queue[k]
        k += 1
        for j in ADJ[i]:
            if brain.owner[j] == me and dist[j] > dist[i] + 1:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


BOARD_INDEX = {t: i for i, t in enumerate(T)}
