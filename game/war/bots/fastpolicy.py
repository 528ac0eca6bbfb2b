"""A normal-like War policy on `FastState`, for rollouts.

It mirrors the normal bot's decisions (`policy.py` with normal's `Params`) in a
cheaper form: the same values in armies (objective territories, continents
completed or broken, the card of a first conquest, hunting a weak player's
cards, positional values scaled by the armies in play), the same attack test
(P(conquest) >= min odds and a positive gain), the same trade habit (hold early
small sets unless the hand fills or a +2 sweetens it), continent bonuses and
defence to threatened gates, the rest massed on the best attack stack,
interior armies walked to the front, and the same stall count (rounds without
the objective coming closer make it bolder and then grind into what the
objective needs, unless it leads in armies). What it drops: exposure costs,
three-step stack values and the front-to-front surplus moves.

Actions are tuples: ("trade", a, b, c), ("place", alloc), ("attack", s, t, dice),
("occupy", count), ("end_attacks",), ("move", s, t, count), ("end_turn",).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import combinations
from typing import Any

from game.war.bots.brain import (
    STALL_GRACE,
    Params,
    bolder,
    leads_in_armies,
    pushing,
)
from game.war.bots.fastsim import (
    ADJ,
    ATTACK,
    BONUS,
    CONT,
    FIGURE,
    JOKER_CARD,
    K_CONTINENTS,
    K_DESTROY,
    K_TERRITORIES,
    MEMBERS,
    MOVE,
    N_CONT,
    OCCUPY,
    REINFORCE,
    SIZE,
    TRADE_VALUE,
    FastState,
    N,
)
from game.war.bots.quick_odds import BATTLE_KEY, QEXP_MEMO, armies_needed, cached_qexp

FastAction = tuple[Any, ...]


def is_set(a: int, b: int, c: int) -> bool:
    """[W5] three equal or three different figures; a joker is any figure."""
    fa, fb, fc = FIGURE[a], FIGURE[b], FIGURE[c]
    if fa < 0 or fb < 0 or fc < 0:
        return True
    return (fa == fb == fc) or (fa != fb and fb != fc and fa != fc)


class FastPolicy:
    """The normal-like policy; one object may play every seat."""

    def __init__(self, params: Params | None = None) -> None:
        self.p = params or Params()
        self._key = (-1, -1)
        self._pair: tuple[int, int] | None = None
        self._pair_value = 0.0
        self._cv: dict[int, float] = {}
        self._miss = -1
        self._moves: list[tuple[int, int, int]] | None = None
        #: seat -> (objective, fewest territories missing, turn of that):
        #: the stall count `WarBot` keeps, for the seats this policy plays
        self._progress: dict[int, tuple[str, int, int]] = {}

    def reset(self) -> None:
        """Forget the per-turn memos and stall counts (before playing another
        position: the stall counts start again from `Params.stall`)."""
        self._key = (-1, -1)
        self._progress = {}

    def stall(self, st: FastState, me: int) -> int:
        """My rounds since my objective last came closer (as `WarBot._stall`;
        the first position I see counts as `Params.stall` rounds in), or 0
        while I lead in armies and `Params.leader_waits` (as the `Brain`)."""
        alive_n = max(1, sum(st.alive))
        obj, missing, turn = st.obj_active[me], st.missing(me), st.turn
        p = self._progress.get(me)
        if p is None:
            p = (obj, missing, turn - self.p.stall * alive_n)
        elif p[0] != obj or missing < p[1] or turn < p[2]:
            p = (obj, missing, turn)
        self._progress[me] = p
        rounds = (turn - p[2]) // alive_n
        if rounds and self.p.leader_waits and leads_in_armies(st.owner, st.armies, me, st.n):
            return 0
        return rounds

    # ------------------------------------------------------------ per turn

    def _prepare(self, st: FastState, me: int) -> None:
        """Values that hold for the whole turn (objective, scale, stalemate)."""
        self._key = (st.turn, me)
        self._forget()
        self._pair = None
        self._moves = None
        p = self.p
        alive_n = max(1, sum(st.alive))
        self.stale = (st.turn - st.last_conquest[me]) // alive_n if st.round > 1 else 0
        stall = self.stall(st, me)
        self.push = pushing(stall)
        self.bold = max(self.stale, stall - STALL_GRACE)
        self.min_odds, self.army_cost = bolder(p.min_odds, p.army_cost, self.bold)
        self.scale = max(1.0, sum(st.armies) / (N * 3.0))
        kind = st.okind[me]
        owner = st.owner
        targets: set[int] = set()
        self.destroy = -1
        if kind == K_CONTINENTS:
            targets = set(st.oconts[me])
            extra = st.oextra[me]
            if extra:
                cost = []
                for k in range(N_CONT):
                    if k in targets:
                        continue
                    enemy = sum(st.armies[i] for i in MEMBERS[k] if owner[i] != me)
                    missing = SIZE[k] - st.cc[me][k]
                    cost.append((enemy + 2 * missing - BONUS[k], k))
                cost.sort()
                targets.update(k for _, k in cost[:extra])
        elif kind == K_DESTROY:
            d = st.otarget[me]
            if d >= 0 and d != me and st.alive[d]:
                self.destroy = d
        self.targets = targets
        vals = [2.0] * N
        gw = p.goal_weight
        for k in targets:
            done = 1.0 - (SIZE[k] - st.cc[me][k]) / SIZE[k]
            for i in MEMBERS[k]:
                vals[i] += gw + gw * done
        if kind == K_TERRITORIES:
            vals = [v + 0.8 for v in vals]
        if self.destroy >= 0:
            bump = 6.0 / max(1, st.count[self.destroy])
            for i in range(N):
                if owner[i] == self.destroy:
                    vals[i] += gw + bump
        self.vals = vals
        nxt = TRADE_VALUE[st.trades + 1]
        self.card = (1.5 + nxt / 3.0) * (1.0 + 0.5 * min(self.stale, 4))

    def _forget(self) -> None:
        # Conquest values change only with the owners: kept from the turn's
        # start until a conquest (whose occupation comes next).
        self._cv = {}
        self._miss = -1

    def _missing(self, st: FastState, me: int) -> int:
        kind = st.okind[me]
        if kind == K_CONTINENTS:
            return sum(SIZE[k] - st.cc[me][k] for k in self.targets)
        if kind == K_TERRITORIES:
            return max(0, st.oneed[me] - st.count[me])
        return 99

    def conquest_value(self, st: FastState, me: int, t: int, card: bool) -> float:
        """Worth of taking enemy territory t now, in armies (as `Brain.conquest_value`);
        remembered until the owners change."""
        key = t + t + card
        hit = self._cv.get(key)
        if hit is None:
            hit = self._cv[key] = self._conquest_value(st, me, t, card)
        return hit

    def _conquest_value(self, st: FastState, me: int, t: int, card: bool) -> float:
        v = self.vals[t]
        d = st.owner[t]
        k = CONT[t]
        if st.cc[me][k] == SIZE[k] - 1:
            v += BONUS[k] * self.p.continent_turns + (4.0 if k in self.targets else 0.0)
        if st.cc[d][k] == SIZE[k]:
            v += BONUS[k] * self.p.break_turns
        last = st.count[d] == 1
        if last and d == self.destroy:
            v += 500.0
        kind = st.okind[me]
        if (kind == K_CONTINENTS and k in self.targets) or (
            kind == K_TERRITORIES and st.omin[me] <= 1
        ):
            if self._miss < 0:
                self._miss = self._missing(st, me)
            after = self._miss - 1
            v += 500.0 if after == 0 else self.p.progress / (after + 1)
        v *= self.scale
        if card:
            v += self.card
        if last and self.p.hunt:
            v += len(st.hands[d]) * self.card * 0.8
        return v

    # ------------------------------------------------------------ decisions

    def decide(self, st: FastState) -> FastAction:
        """The action for the player to move in `st`."""
        me = st.current
        if self._key != (st.turn, me):
            self._prepare(st, me)
        phase = st.phase
        if phase == REINFORCE:
            trade = self.choose_trade(st, me)
            if trade is not None:
                return ("trade", *trade)
            return ("place", self.placement(st, me))
        if phase == ATTACK:
            pick = self.choose_attack(st, me)
            if pick is None:
                return ("end_attacks",) if self.p.fortify else ("end_turn",)
            s, t = pick
            a = st.armies[s] - 1
            return ("attack", s, t, 3 if a > 3 else a)
        if phase == OCCUPY:
            return ("occupy", self.choose_occupy(st, me))
        if phase == MOVE:
            if self._moves is None:
                self._moves = self.plan_moves(st, me)
            if self._moves:
                return ("move", *self._moves.pop())
            return ("end_turn",)
        raise ValueError("the game is over")

    def choose_trade(self, st: FastState, me: int) -> tuple[int, int, int] | None:
        """The set to trade now, or None to keep the cards ([W5])."""
        hand = st.hands[me]
        if len(hand) < 3:
            return None
        owner = st.owner
        best: tuple[int, int, int] | None = None
        best_score = (-1, 0)
        own_any = False
        for a, b, c in combinations(sorted(hand), 3):
            if not is_set(a, b, c):
                continue
            own = sum(1 for x in (a, b, c) if x != JOKER_CARD and owner[x] == me)
            own_any = own_any or own > 0
            score = (own, -(a == JOKER_CARD) - (b == JOKER_CARD) - (c == JOKER_CARD))
            if score > best_score:
                best, best_score = (a, b, c), score
        if best is None:
            return None
        if not st.must_trade():
            if not self.p.eager_trade:
                return None
            if TRADE_VALUE[st.trades + 1] < self.p.trade_at and len(hand) < 4 and not own_any:
                return None
        return best

    def _threats(self, st: FastState, me: int) -> list[float]:
        owner, armies = st.owner, st.armies
        inc = [0.0] * st.n
        nxt = TRADE_VALUE[st.trades + 1]
        for s in range(st.n):
            if st.alive[s]:
                v = float(max(3, st.count[s] // 2))
                v += sum(BONUS[k] for k in range(N_CONT) if st.cc[s][k] == SIZE[k])
                c = len(st.hands[s])
                v += nxt if c >= 5 else (0.5 * nxt if c >= 3 else 0.0)
                inc[s] = 0.6 * v
        out = [0.0] * N
        for i in range(N):
            if owner[i] != me:
                continue
            best = 0.0
            for j in ADJ[i]:
                o = owner[j]
                if o != me:
                    a = armies[j] - 1 + inc[o]
                    if a > best:
                        best = a
            out[i] = best
        return out

    def placement(self, st: FastState, me: int) -> list[int]:
        """Every pending army: continent bonuses to their gates, single armies
        lifted for "18 with 2", defence of held continents, the rest massed."""
        owner, armies = st.owner, st.armies
        alloc = [0] * N
        threat = self._threats(st, me)
        fronts = [i for i in range(N) if owner[i] == me and threat[i] > 0.0]
        is_front = set(fronts)
        for k in range(N_CONT):
            amount = st.pending_cont[k]
            if not amount:
                continue
            gates = [i for i in MEMBERS[k] if i in is_front]
            if not gates:
                alloc[MEMBERS[k][0]] += amount
                continue
            gaps = sorted(
                ((armies_needed(int(threat[i] + 0.5)) - armies[i], i) for i in gates), reverse=True
            )
            for gap, i in gaps:
                if gap > 0 and amount > 0:
                    c = min(gap, amount)
                    alloc[i] += c
                    amount -= c
            if amount:
                alloc[
                    max(gates, key=lambda i: self._front_score(st, me, i, armies[i] - 1 + amount))
                ] += amount
        free = st.pending_free
        if st.okind[me] == K_TERRITORIES and st.omin[me] > 1 and free:
            mine = [i for i in range(N) if owner[i] == me]
            strong = sum(1 for i in mine if armies[i] + alloc[i] >= 2)
            singles = sorted(
                (i for i in mine if armies[i] + alloc[i] < 2), key=lambda i: (i in is_front, i)
            )
            for i in singles[: max(0, min(st.oneed[me] - strong, free // 2))]:
                alloc[i] += 1
                free -= 1
        budget = int(free * self.p.defense_share)
        if budget:
            worries = []
            for i in fronts:
                k = CONT[i]
                if st.cc[me][k] != SIZE[k]:
                    continue
                gap = armies_needed(int(threat[i] + 0.5)) - armies[i] - alloc[i]
                if gap > 0:
                    hold = (self.vals[i] + BONUS[k] * self.p.continent_turns) * self.scale
                    worries.append((hold / gap, i, gap))
            worries.sort(reverse=True)
            for _, i, gap in worries:
                c = min(gap, budget)
                if c <= 0:
                    break
                alloc[i] += c
                budget -= c
                free -= c
        if free > 0:
            self._mass(st, me, alloc, free, fronts or [i for i in range(N) if owner[i] == me])
        return alloc

    def _mass(self, st: FastState, me: int, alloc: list[int], free: int, fronts: list[int]) -> None:
        """`free` armies on the stack whose attacks gain most; a saturated stack
        (its last quarter adds little) passes the rest on, up to four stacks."""
        armies, owner = st.armies, st.owner
        cost = self.army_cost
        known = self._cv  # conquest values without a card, memoised by 2t
        targets: dict[int, list[tuple[int, float]]] = {}
        # A stack can gain at most its best target's value: fronts are tried from
        # the highest such bound and the rest skipped once the bound is beaten.
        bound: dict[int, float] = {}
        for i in fronts:
            row = []
            top = -math.inf
            for t in ADJ[i]:
                if owner[t] != me:
                    cv = known.get(t + t)
                    if cv is None:
                        cv = self.conquest_value(st, me, t, False)
                    row.append((armies[t], cv))
                    if cv > top:
                        top = cv
            targets[i] = row
            bound[i] = top if row else 0.0
        memo: dict[int, float] = {}
        table = QEXP_MEMO

        def score(i: int, a: int) -> float:
            key = i * 1_000_000 + a
            hit = memo.get(key)
            if hit is None:
                hit = 0.0
                base = a * BATTLE_KEY
                for d, cv in targets[i]:
                    e = table.get(base + d)
                    win, _, loss = cached_qexp(a, d) if e is None else e
                    v = win * cv - loss * cost * (0.5 + 0.5 * win)
                    if v > hit:
                        hit = v
                memo[key] = hit
            return hit

        order = sorted(fronts, key=lambda i: (-bound[i], i))
        for _ in range(4):
            if free <= 0:
                return
            best_i, best_gain = -1, 1e-6
            for i in order:
                if bound[i] < best_gain:
                    break
                a = armies[i] - 1 + alloc[i]
                gain = score(i, a + free) - score(i, a)
                # equal gains: the lowest territory, as a scan in board order picks
                if gain > best_gain or (gain == best_gain and best_i > i):
                    best_i, best_gain = i, gain
            if best_i < 0:
                break
            a = armies[best_i] - 1 + alloc[best_i]
            now = score(best_i, a)
            take = free
            while take > 3:
                part = take * 3 // 4
                full = score(best_i, a + take)
                if full - score(best_i, a + part) > 0.05 * max(1e-6, full - now):
                    break
                take = part
            alloc[best_i] += take
            free -= take
        if free > 0:  # nothing worth it: mass opposite the weakest neighbour
            alloc[
                min(fronts, key=lambda i: (self._weakest(st, me, i) / (armies[i] + alloc[i]), i))
            ] += free

    def _weakest(self, st: FastState, me: int, i: int) -> int:
        return min((st.armies[t] for t in ADJ[i] if st.owner[t] != me), default=10**9)

    def _front_score(self, st: FastState, me: int, i: int, a: int) -> float:
        """Worth of `a` attackers on front i: the best single attack's gain."""
        best = 0.0
        cost = self.army_cost
        for t in ADJ[i]:
            if st.owner[t] != me:
                win, _, loss = cached_qexp(a, st.armies[t])
                v = win * self.conquest_value(st, me, t, False) - loss * cost * (0.5 + 0.5 * win)
                if v > best:
                    best = v
        return best

    def choose_attack(self, st: FastState, me: int) -> tuple[int, int] | None:
        """The (source, target) to roll at next, or None to stop ([W6]).

        The pair chosen keeps rolling while its own gain stays positive (the
        target's value cannot change before it falls); the board is scanned
        again only after a conquest or when the pair turns bad."""
        owner, armies = st.owner, st.armies
        min_odds, cost = self.min_odds, self.army_cost
        pair = self._pair
        if pair is not None:
            s, t = pair
            if owner[s] == me and owner[t] != me and armies[s] >= 2:
                e = QEXP_MEMO.get((armies[s] - 1) * BATTLE_KEY + armies[t])
                win, _, loss = cached_qexp(armies[s] - 1, armies[t]) if e is None else e
                if win >= min_odds and win * self._pair_value - loss * cost > 0.0:
                    return pair
        best, best_gain, best_value = None, 0.0, 0.0
        card = not st.conquered
        known = self._cv  # conquest values, memoised by 2t + card
        table = QEXP_MEMO
        for s in range(N):
            if owner[s] != me or armies[s] < 2:
                continue
            a = armies[s] - 1
            base = a * BATTLE_KEY
            for t in ADJ[s]:
                if owner[t] == me:
                    continue
                e = table.get(base + armies[t])
                win, _, loss = cached_qexp(a, armies[t]) if e is None else e
                if win < min_odds:
                    continue
                v = known.get(t + t + card)
                if v is None:
                    v = self.conquest_value(st, me, t, card)
                g = win * v - loss * cost
                if g > best_gain:
                    best, best_gain, best_value = (s, t), g, v
        if best is None:  # a stalemate breaker, as `Brain.desperate_attack`
            if self.push:
                best = self._grind(st, me, self._goal_target)
            if best is None and not st.conquered and self.bold >= 5:
                best = self._grind(st, me, None)
            best_value = 1e9 if best is not None else 0.0  # roll on while it bleeds
        self._pair = best
        self._pair_value = best_value
        return best

    def _goal_target(self, st: FastState, me: int, t: int) -> bool:
        kind = st.okind[me]
        if kind == K_CONTINENTS:
            return CONT[t] in self.targets
        return kind == K_TERRITORIES or st.owner[t] == self.destroy

    def _grind(
        self, st: FastState, me: int, goal: Callable[[FastState, int, int], bool] | None
    ) -> tuple[int, int] | None:
        """My best attackers-to-defenders pair of ratio at least 0.6 (targets
        passing `goal`, or any)."""
        owner, armies = st.owner, st.armies
        best, ratio = None, 0.6
        for s in range(N):
            if owner[s] != me or armies[s] < 2:
                continue
            for t in ADJ[s]:
                if owner[t] == me or (goal is not None and not goal(st, me, t)):
                    continue
                r = (armies[s] - 1) / armies[t]
                if r >= ratio:
                    best, ratio = (s, t), r
        return best

    def choose_occupy(self, st: FastState, me: int) -> int:
        """Armies into the fresh conquest ([W7]): all if the source is safe, one if
        the target is, else by where the pressure is."""
        s, t, most = st.occ  # type: ignore[misc]  # set in the occupy phase, the only caller's
        self._pair = None
        self._forget()
        owner, armies = st.owner, st.armies
        src = [armies[j] for j in ADJ[s] if owner[j] != me and j != t]
        tgt = [armies[j] for j in ADJ[t] if owner[j] != me]
        if not src:
            return most
        if not tgt:
            return 1
        if max(tgt) >= max(src):
            return most
        return max(1, most - 1)

    def plan_moves(self, st: FastState, me: int) -> list[tuple[int, int, int]]:
        """Interior armies one step towards the nearest front ([W8]); popped last first."""
        owner, movable = st.owner, st.movable
        dist = [99] * N
        queue = []  # my fronts first: distance 0
        walkers = False
        for i in range(N):
            if owner[i] != me:
                continue
            for j in ADJ[i]:
                if owner[j] != me:
                    queue.append(i)
                    dist[i] = 0
                    break
            else:
                walkers = walkers or movable[i] > 0
        if not walkers:
            return []  # no interior army to walk: no map distances needed
        k = 0
        while k < len(queue):
            i = queue[k]
            k += 1
            step = dist[i] + 1
            for j in ADJ[i]:
                if owner[j] == me and dist[j] > step:
                    dist[j] = step
                    queue.append(j)
        moves = []
        keep_two = st.omin[me] > 1 and st.okind[me] == K_TERRITORIES
        for s in range(N):
            m = movable[s]
            if m <= 0 or dist[s] == 0 or dist[s] == 99:
                continue
            if keep_two:
                m = min(m, st.armies[s] - 2)
                if m <= 0:
                    continue
            # the neighbour nearest a front; equal distances: the lowest index
            to = -1
            for j in ADJ[s]:
                if owner[j] == me and (
                    to < 0 or dist[j] < dist[to] or (dist[j] == dist[to] and j < to)
                ):
                    to = j
            moves.append((s, to, m))
        moves.reverse()
        return moves
