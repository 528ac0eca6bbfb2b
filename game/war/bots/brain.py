"""What a War bot knows: a view read into arrays, and the values bots reason with.

A `Brain` is built from one view (never from the match) and answers questions
like "how much is taking this territory worth to me", "how threatened is this
border", "which continents do I want". Every number is in armies, so values of
cards, continents and objective progress can be added and compared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.war.board import BOARD, JOKER
from game.war.bots.quick_odds import qexp, qwin

T = BOARD.territories
N = len(T)
ADJ = BOARD.adj_idx
CONT = BOARD.cont_idx
MEMBERS = BOARD.members_idx
N_CONT = len(BOARD.continents)
BONUS = tuple(BOARD.bonus(c) for c in BOARD.continents)
CONT_INDEX = {c: k for k, c in enumerate(BOARD.continents)}
#: territories of each continent that border another continent (its gates)
GATES = tuple(
    tuple(i for i in MEMBERS[k] if any(CONT[j] != k for j in ADJ[i])) for k in range(N_CONT)
)


@dataclass
class Params:
    """Knobs that make the levels differ (all values in armies)."""

    #: the objective matters (normal and hard); easy plays for territory only
    objective: bool = True
    #: value of holding a whole continent, in turns of its bonus
    continent_turns: float = 2.5
    #: value of breaking an enemy continent, in turns of its bonus
    break_turns: float = 1.5
    #: weight of a territory inside an objective continent
    goal_weight: float = 3.0
    #: minimum P(conquest) before starting an attack
    min_odds: float = 0.5
    #: extra margin an attack must win by (armies)
    attack_margin: float = 0.0
    #: armies one army lost costs
    army_cost: float = 0.35
    #: the cost of an army lost grows with the armies in play, as positional
    #: values do (`Brain.scale`); without it a late game's stacks are thrown
    #: at plain territories for a fraction of their worth (hard)
    army_cost_scaled: bool = False
    #: scale of defensive worries
    defense_weight: float = 1.0
    #: trade voluntarily (else only when forced)
    eager_trade: bool = True
    #: smallest trade value worth trading for before the hand fills up
    trade_at: int = 8
    #: fortify towards fronts
    fortify: bool = True
    #: take the cards of weak players
    hunt: bool = True
    #: block opponents close to victory (weight of the inferred danger)
    block: float = 0.0
    #: how sharply danger grows as an opponent's objective nears (1/(1+missing)^power)
    block_power: float = 1.0
    #: extra danger of an opponent one (full) or two (part) territories from
    #: his objective: he may finish on his next turn, so stopping him outweighs
    #: most gains of my own
    block_urgent: float = 0.0
    #: infer opponents' objectives from public history (hard)
    infer: bool = False
    #: whole-turn plan rollouts for placement and attacks (hard)
    lookahead: bool = False
    #: choose how many armies move into a conquest by rollouts too (hard)
    plan_occupy: bool = True
    #: fortify by the exposure the moves leave (hard)
    plan_moves: bool = False
    #: value of one step closer to the objective, divided by the steps left
    progress: float = 12.0
    #: fraction of free armies reserved for defence at most
    defense_share: float = 0.5
    #: choose the turn's style by Monte Carlo rollouts at placement (hard)
    search: bool = False
    #: my rounds since my objective last came closer (normal's and hard's
    #: `WarBot` keep count): past `STALL_GRACE` they make the bot bolder, as
    #: rounds without any conquest do, so a stalemate of huge stacks breaks
    stall: int = 0
    #: a stall counts only while another seat holds more armies than I do:
    #: time is on the side of the strongest in a standoff, so it waits and the
    #: others break it (normal; hard counts its stall all the same)
    leader_waits: bool = True


#: Rounds without getting closer to the objective before they count as a
#: stalemate (`Params.stall`).
STALL_GRACE = 3
#: Stalled rounds past `STALL_GRACE` after which the bot grinds its stacks into
#: the territories its objective needs (`Brain.desperate_attack`).
GOAL_PUSH = 2


def leads_in_armies(owner: Sequence[int], armies: Sequence[int], me: int, seats: int) -> bool:
    """Whether no seat holds more armies on the map than `me`."""
    total = [0] * seats
    for o, a in zip(owner, armies, strict=True):
        total[o] += a
    return total[me] >= max(total)


#: (seat, objective, fewest territories it has missed, turn of that)
Progress = tuple[int, str, int, int]


def stall_rounds(progress: Progress | None, view: dict[str, Any]) -> tuple[Progress, int]:
    """My rounds since my objective last came closer, and the progress to keep
    for the next decision: a new fewest territories missing, a new objective
    or a new game starts the count again."""
    obj = view["objective"]
    me, turn, missing = view["seat"], view["turn"], obj["missing"]
    p = progress
    if p is None or p[:2] != (me, obj["active"]) or missing < p[2] or turn < p[3]:
        p = (me, obj["active"], missing, turn)
    return p, (turn - p[3]) // max(1, sum(1 for a in view["alive"] if a))


def pushing(stall: int) -> bool:
    """Whether `stall` rounds without my objective coming closer are enough
    (`GOAL_PUSH` past `STALL_GRACE`) for my stacks to aim at what it needs."""
    return stall - STALL_GRACE >= GOAL_PUSH


def bolder(min_odds: float, army_cost: float, bold: int) -> tuple[float, float]:
    """(min_odds, army_cost) after `bold` rounds of stalemate (from 2 on):
    lower odds accepted, armies spent more cheaply (the Brain and the rollout
    policy both use this)."""
    if bold < 2:
        return min_odds, army_cost
    boost = min(3, bold - 1)
    return max(0.25, min_odds - 0.1 * boost), army_cost * 0.5**boost


class Brain:
    """A view as arrays plus derived quantities, cached per decision."""

    def __init__(self, view: dict[str, Any], params: Params) -> None:
        self.view = view
        self.p = params
        self.me: int = view["seat"]
        self.n: int = view["n_seats"]
        idx = BOARD.index
        self.owner = [0] * N
        self.armies = [0] * N
        for t, o in view["owners"].items():
            self.owner[idx[t]] = o
        for t, a in view["armies"].items():
            self.armies[idx[t]] = a
        self.alive: list[bool] = view["alive"]
        self.colors: list[str] = view["colors"]
        self.card_counts: list[int] = view["card_counts"]
        self.hand: list[str] = [c["card"] for c in view["cards"]]
        self.objective: dict[str, Any] = view["objective"]
        self.next_trade: int = view["next_trade_value"]
        self.conquered: bool = view["conquered_this_turn"]
        self.round: int = view["round"]
        # Turns of mine since my last conquest: a stalemate makes bots bolder.
        alive_n = max(1, sum(1 for a in self.alive if a))
        last = view["history"]["last_conquest"][self.me]
        self.stale = (view["turn"] - last) // alive_n if self.round > 1 else 0
        if (
            params.stall
            and params.leader_waits
            and leads_in_armies(self.owner, self.armies, self.me, self.n)
        ):
            params = replace(params, stall=0)
            self.p = params
        #: how bold the stalemate makes me: rounds without a conquest, or
        #: without getting closer to my objective (only the first buys cards)
        self.bold = max(self.stale, params.stall - STALL_GRACE)
        if self.bold >= 2:
            odds, cost = bolder(params.min_odds, params.army_cost, self.bold)
            params = replace(params, min_odds=odds, army_cost=cost)
            self.p = params
        self.mine = [i for i in range(N) if self.owner[i] == self.me]
        self.counts = [0] * self.n
        for o in self.owner:
            self.counts[o] += 1
        #: armies in play relative to an early game: positional values scale with it
        self.scale = max(1.0, sum(self.armies) / (N * 3.0))
        if self.p.army_cost_scaled:
            self.p = replace(self.p, army_cost=self.p.army_cost * self.scale)
        self._income: list[float] | None = None
        self._value: list[float] | None = None
        self._threat: list[float] | None = None
        self._targets: set[int] | None = None
        self.block_weight: list[float] = [0.0] * self.n
        self.block_map: list[float] = [0.0] * N
        self.need_map: list[float] = [0.0] * N
        self._cv: dict[tuple[int, bool], float] = {}
        self._missing: int | None = None
        self._ma: dict[frozenset[int], int] = {}
        self._sv: dict[tuple[int, int], float] = {}

    # ------------------------------------------------------------ basics

    def holds(self, seat: int, k: int) -> bool:
        """Whether `seat` holds all of continent `k`."""
        return all(self.owner[i] == seat for i in MEMBERS[k])

    def is_front(self, i: int) -> bool:
        """One of my territories bordering an enemy."""
        me = self.owner[i]
        return any(self.owner[j] != me for j in ADJ[i])

    def card_value(self) -> float:
        """What the card of a first conquest this turn is worth, in armies."""
        return (1.5 + self.next_trade / 3.0) * (1.0 + 0.5 * min(self.stale, 4))

    def income(self) -> list[float]:
        """Each seat's expected reinforcements next turn (cards counted roughly)."""
        if self._income is None:
            inc = [0.0] * self.n
            for s in range(self.n):
                if not self.alive[s]:
                    continue
                v = float(max(3, self.counts[s] // 2))
                v += sum(BONUS[k] for k in range(N_CONT) if self.holds(s, k))
                c = self.card_counts[s]
                if c >= 5:
                    v += self.next_trade
                elif c >= 3:
                    v += 0.5 * self.next_trade
                inc[s] = v
            self._income = inc
        return self._income

    # ------------------------------------------------------------ objective

    def target_continents(self) -> set[int]:
        """Continents my objective wants (with the cheapest extra ones)."""
        obj = self.objective
        if not self.p.objective or obj["kind"] != "continents":
            return set()
        want = {CONT_INDEX[c] for c in obj["continents"]}
        extra = obj["extra_continents"]
        if extra:
            others = sorted((self.continent_cost(k), k) for k in range(N_CONT) if k not in want)
            want.update(k for _, k in others[:extra])
        return want

    def continent_cost(self, k: int) -> float:
        """How hard continent k is to take and hold: enemy armies in it plus
        entry points to guard."""
        enemy = sum(self.armies[i] for i in MEMBERS[k] if self.owner[i] != self.me)
        missing = sum(1 for i in MEMBERS[k] if self.owner[i] != self.me)
        return enemy + 2 * missing + 1.5 * len(GATES[k]) - BONUS[k]

    def destroy_target(self) -> int | None:
        """The seat my destroy objective aims at, if any and still playing."""
        obj = self.objective
        if not self.p.objective or obj["kind"] != "destroy":
            return None
        color = obj["color"]
        if color in self.colors:
            s = self.colors.index(color)
            if self.alive[s] and s != self.me:
                return s
        return None

    def goal_set(self) -> set[int]:
        """Territories my objective wants me to own."""
        if self._targets is None:
            ts: set[int] = set()
            for k in self.target_continents():
                ts.update(MEMBERS[k])
            d = self.destroy_target()
            if d is not None:
                ts.update(i for i in range(N) if self.owner[i] == d)
            self._targets = ts
        return self._targets

    def missing_now(self) -> int:
        """Territories my objective still needs."""
        if self._missing is None:
            self._missing = self.missing_after(set())
        return self._missing

    def missing_after(self, taken: set[int]) -> int:
        """Territories still missing for my objective if I also held `taken`."""
        key = frozenset(taken)
        hit = self._ma.get(key)
        if hit is None:
            hit = self._ma[key] = self._missing_after(key)
        return hit

    def _missing_after(self, taken: frozenset[int]) -> int:
        obj = self.objective
        if obj["kind"] == "territories":
            need = obj["territories"]
            have = sum(
                1
                for i in range(N)
                if (self.owner[i] == self.me and self.armies[i] >= obj["min_armies"])
                or (i in taken and obj["min_armies"] <= 1)
            )
            return max(0, need - have)
        if obj["kind"] == "destroy":
            d = self.destroy_target()
            if d is None:
                return 99
            return sum(1 for i in range(N) if self.owner[i] == d and i not in taken)
        missing = 0
        want = {CONT_INDEX[c] for c in obj["continents"]}
        for k in want:
            missing += sum(1 for i in MEMBERS[k] if self.owner[i] != self.me and i not in taken)
        if obj["extra_continents"]:
            rest = sorted(
                sum(1 for i in MEMBERS[k] if self.owner[i] != self.me and i not in taken)
                for k in range(N_CONT)
                if k not in want
            )
            missing += sum(rest[: obj["extra_continents"]])
        return missing

    # ------------------------------------------------------------ values

    def territory_values(self) -> list[float]:
        """Worth of owning each territory for me (for my own ones: of keeping it)."""
        if self._value is not None:
            return self._value
        p = self.p
        goal = self.goal_set()
        tc = self.target_continents()
        obj = self.objective
        vals = [2.0] * N
        for i in range(N):
            v = 2.0
            if i in goal:
                v += p.goal_weight
                k = CONT[i]
                if k in tc:
                    # the closer the continent is to done, the more each piece is worth
                    missing = sum(1 for j in MEMBERS[k] if self.owner[j] != self.me)
                    v += p.goal_weight * (1.0 - missing / len(MEMBERS[k]))
            if p.objective and obj["kind"] == "territories":
                v += 0.8
            vals[i] = v
        d = self.destroy_target()
        if d is not None:
            left = self.counts[d]
            for i in range(N):
                if self.owner[i] == d:
                    vals[i] += 6.0 / max(1, left)
        self._value = vals
        return vals

    def conquest_value(self, t: int, *, card: bool | None = None) -> float:
        """Worth of taking enemy territory t now (armies)."""
        if card is None:
            card = not self.conquered
        key = (t, card)
        hit = self._cv.get(key)
        if hit is None:
            hit = self._cv[key] = self._conquest_value(t, card)
        return hit

    def _conquest_value(self, t: int, card: bool) -> float:
        p = self.p
        v = self.territory_values()[t]
        defender = self.owner[t]
        k = CONT[t]
        # completing a continent
        if all(self.owner[j] == self.me for j in MEMBERS[k] if j != t):
            v += BONUS[k] * p.continent_turns
            if k in self.target_continents():
                v += 4.0
        # breaking one
        if self.holds(defender, k):
            v += BONUS[k] * p.break_turns
        if p.block:
            # hard: set back an opponent whose likely objective is close
            v += p.block * 15.0 * self.block_map[t]
        if self.counts[defender] == 1 and self.destroy_target() == defender:
            v += 500.0
        if p.objective and self.objective["kind"] != "destroy":
            after = self.missing_after({t})
            if after == 0:
                v += 500.0
            elif after < self.missing_now():
                v += p.progress / (after + 1)
        # positional values grow with the armies in play; cards are already armies
        v *= self.scale
        if card:
            v += self.card_value()
        if self.counts[defender] == 1 and p.hunt:
            v += self.card_counts[defender] * self.card_value() * 0.8
        return v

    # ------------------------------------------------------------ threats

    def threat(self) -> list[float]:
        """For each of my territories, the strongest attack an enemy can bring
        next turn (adjacent stack minus one plus part of his income)."""
        if self._threat is not None:
            return self._threat
        inc = self.income()
        out = [0.0] * N
        for i in self.mine:
            best = 0.0
            for j in ADJ[i]:
                o = self.owner[j]
                if o == self.me:
                    continue
                a = self.armies[j] - 1 + 0.6 * inc[o]
                if a > best:
                    best = a
            out[i] = best
        self._threat = out
        return out

    def hold_value(self, i: int) -> float:
        """What losing my territory i would cost me."""
        k = CONT[i]
        v = self.territory_values()[i]
        if self.holds(self.me, k):
            v += BONUS[k] * self.p.continent_turns
        if self.p.block:
            # a territory a dangerous opponent needs for his objective
            v += self.p.block * 15.0 * self.need_map[i]
        return v * self.scale

    def loss_risk(self, i: int, extra: int = 0) -> float:
        """Expected cost of my territory i being taken next turn, with `extra` armies."""
        th = self.threat()[i]
        if th <= 0:
            return 0.0
        return qwin(int(th + 0.5), self.armies[i] + extra) * self.hold_value(i)

    # ------------------------------------------------------------ attacks

    def attack_options(self) -> list[tuple[float, int, int]]:
        """(gain, source, target) for every attack I could roll now, best first."""
        out = []
        p = self.p
        for s in self.mine:
            a = self.armies[s] - 1
            if a < 1:
                continue
            for t in ADJ[s]:
                if self.owner[t] == self.me:
                    continue
                win, _, loss = qexp(a, self.armies[t])
                if win < p.min_odds:
                    continue
                gain = win * self.conquest_value(t) - loss * p.army_cost - p.attack_margin
                gain -= self.exposure_cost(s, loss)
                out.append((gain, s, t))
        out.sort(reverse=True)
        return out

    def goal_targets(self) -> set[int]:
        """Enemy territories whose conquest my objective counts."""
        if not self.p.objective:
            return set()
        if self.objective["kind"] == "territories":
            return {i for i in range(N) if self.owner[i] != self.me}
        return {i for i in self.goal_set() if self.owner[i] != self.me}

    def desperate_attack(self) -> tuple[int, int] | None:
        """A stalemate breaker when no attack is worth its odds: after
        `GOAL_PUSH` stalled rounds (`Params.stall` past `STALL_GRACE`) the
        best-ratio stack grinds into a territory my objective needs, even
        after this turn's card; after many turns without any conquest, into
        any neighbour. Only while it still has 60% of the defenders' armies:
        the bleeding on both sides brings the battle back to sizes where dice
        decide."""
        best = None
        if pushing(self.p.stall):
            best = self._grind(self.goal_targets())
        if best is None and self.bold >= 5 and not self.conquered:
            best = self._grind(None)
        return best

    def _grind(self, targets: set[int] | None) -> tuple[int, int] | None:
        """(source, target) of my best attackers-to-defenders ratio of at
        least 0.6, among `targets` (None: any enemy territory)."""
        best = None
        for s in self.mine:
            a = self.armies[s] - 1
            if a < 1:
                continue
            for t in ADJ[s]:
                if self.owner[t] == self.me or (targets is not None and t not in targets):
                    continue
                ratio = a / self.armies[t]
                if ratio >= 0.6 and (best is None or ratio > best[0]):
                    best = (ratio, s, t)
        return None if best is None else (best[1], best[2])

    def exposure_cost(self, s: int, loss: float) -> float:
        """What spending `loss` armies from s costs its defence."""
        th = self.threat()[s]
        if th <= 0:
            return 0.0
        now = qwin(int(th + 0.5), max(1, self.armies[s]))
        after = qwin(int(th + 0.5), max(1, int(self.armies[s] - loss - 1)))
        return (after - now) * self.hold_value(s) * self.p.defense_weight * 0.5

    def stack_value(self, s: int, attackers: int) -> float:
        """Worth of attacking from s with `attackers` armies: the best sequence of
        up to three adjacent targets, each taken with its odds."""
        key = (s, attackers)
        hit = self._sv.get(key)
        if hit is None:
            hit = self._sv[key] = self._stack_value(s, attackers)
        return hit

    def _stack_value(self, s: int, attackers: int) -> float:
        targets = [t for t in ADJ[s] if self.owner[t] != self.me]
        if not targets or attackers < 1:
            return 0.0
        scored = sorted(
            targets, key=lambda t: -self.conquest_value(t, card=False) / (self.armies[t] + 1)
        )
        total = 0.0
        reach = 1.0
        a = attackers
        card = not self.conquered
        for t in scored[:3]:
            if a < 1:
                break
            win, left, loss = qexp(a, self.armies[t])
            gain = win * self.conquest_value(t, card=card) - loss * self.p.army_cost * (
                0.5 + 0.5 * win
            )
            if gain <= 0:
                continue
            total += reach * gain
            card = False
            reach *= win
            a = int(left) - 1
        return max(0.0, total)


def best_set(
    hand: list[str], sets: list[list[str]], owner_of: dict[str, int], me: int
) -> list[str]:
    """The set to trade: most cards on my own territories (+2 each), fewest jokers."""

    def score(s: list[str]) -> tuple[int, int]:
        own = sum(1 for c in s if c != JOKER and owner_of.get(c) == me)
        jokers = sum(1 for c in s if c == JOKER)
        return (own, -jokers)

    return max(sets, key=score)
