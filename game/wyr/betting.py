"""How bots pick bets ([Y2]): a standing heuristic and a match-level look-ahead.

The heuristic (the `normal` bot's rule, and the model `hard` has of the other
lords): the leader picks T$ 10 to keep his lead cheap, the last picks T$ 50 to
catch up, the rest T$ 20; a lord who cannot cover T$ 50 picks it anyway (he pays
only what he has and still plays for the whole pot). Under Azgher the leader is
the lord with the least money.

`hard` plays the rest of the match out many times from the bet reveal on with
equal round-win chances, for each table bet its pick could produce, and picks
against the likely picks of the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

from game.rng import Rng
from game.wyr.rules import BET_CHOICES, table_bet


@dataclass
class Table:
    """A light copy of what matters for the money race (from a view)."""

    money: list[int]
    out: list[bool]
    dealer: int
    dealt: list[bool]
    groups: list[list[int]]
    azgher: bool
    rounds_left_by_limit: int  # 0 = no limit

    @staticmethod
    def from_view(view: dict[str, Any]) -> Table:
        """Build from a Wyr view."""
        n = int(view["n_seats"])
        groups = view["groups"] or [[s] for s in range(n)]
        limit = int(view.get("turn_limit") or 0)
        left = max(1, limit - int(view["rounds_played"])) if limit else 0
        return Table(
            money=list(view["money"]),
            out=list(view["out"]),
            dealer=int(view["dealer"]),
            dealt=list(view["dealt"]),
            groups=[list(g) for g in groups],
            azgher=bool(view["variants"]["azgher"]),
            rounds_left_by_limit=left,
        )

    def unit(self, seat: int) -> int:
        """Index of the seat's group (its own index without groups)."""
        for i, g in enumerate(self.groups):
            if seat in g:
                return i
        raise ValueError(seat)

    def totals(self) -> list[int]:
        """Money per group."""
        return [sum(self.money[s] for s in g) for g in self.groups]

    def alive(self) -> list[bool]:
        """Groups with a lord still playing."""
        return [any(not self.out[s] for s in g) for g in self.groups]

    def winners(self) -> list[int]:
        """Winning groups now ([Y10]; least money among those playing under Azgher)."""
        totals = self.totals()
        if self.azgher:
            alive = self.alive()
            cands = [i for i, a in enumerate(alive) if a]
            if not cands:
                return list(range(len(totals)))
            best = min(totals[i] for i in cands)
            return [i for i in cands if totals[i] == best]
        best = max(totals)
        return [i for i, t in enumerate(totals) if t == best]


def standing_pick(t: Table, seat: int) -> int:
    """The heuristic pick of one lord (see the module docstring)."""
    totals = t.totals()
    alive = t.alive()
    mine = t.unit(seat)
    if not t.azgher and t.money[seat] < BET_CHOICES[-1]:
        return BET_CHOICES[-1]
    live = [i for i, a in enumerate(alive) if a]
    if t.azgher:
        ahead = sum(1 for i in live if totals[i] < totals[mine])
        behind = sum(1 for i in live if totals[i] > totals[mine])
    else:
        ahead = sum(1 for i in live if totals[i] > totals[mine])
        behind = sum(1 for i in live if totals[i] < totals[mine])
    if ahead == 0 and behind > 0:
        return BET_CHOICES[0]
    if behind == 0 and ahead > 0:
        return BET_CHOICES[-1]
    return BET_CHOICES[1]


def _play_round(t: Table, bet: int, rng: Rng) -> None:
    active = [s for s in range(len(t.money)) if not t.out[s]]
    pot = 0
    for s in active:
        pay = min(bet, t.money[s])
        t.money[s] -= pay
        pot += pay
    winner = active[rng.randrange(len(active))]
    t.money[winner] += pot
    for s in active:
        if t.money[s] == 0:
            t.out[s] = True


def _next_dealer(t: Table) -> int | None:
    n = len(t.money)
    if sum(t.out) >= 2 or sum(1 for o in t.out if not o) <= 1:
        return None
    for i in range(1, n + 1):
        s = (t.dealer + i) % n
        if not t.out[s]:
            return None if t.dealt[s] else s
    return None


def _copy(t: Table) -> Table:
    return Table(
        list(t.money),
        list(t.out),
        t.dealer,
        list(t.dealt),
        t.groups,
        t.azgher,
        t.rounds_left_by_limit,
    )


def _finish(t: Table, rng: Rng, rounds: int) -> None:
    """Play the match on from the end of a round (`rounds` already played here)."""
    while True:
        if t.rounds_left_by_limit and rounds >= t.rounds_left_by_limit:
            return
        nxt = _next_dealer(t)
        if nxt is None:
            return
        t.dealer = nxt
        t.dealt[nxt] = True
        b = table_bet([standing_pick(t, s) for s in range(len(t.money)) if not t.out[s]])
        _play_round(t, b, rng)
        rounds += 1


def _share(t: Table, unit: int) -> float:
    w = t.winners()
    return 1 / len(w) if unit in w else 0.0


def simulate_share(t0: Table, me: int, bet: int, rng: Rng, sims: int) -> float:
    """My group's expected share of the match win if this round's table bet is `bet`."""
    unit = t0.unit(me)
    total = 0.0
    for _ in range(sims):
        t = _copy(t0)
        _play_round(t, bet, rng)
        _finish(t, rng, 1)
        total += _share(t, unit)
    return total / sims


def pot_worth(view: dict[str, Any], rng: Rng, sims: int = 120) -> float:
    """How much taking this round's pot raises my group's expected share of the win.

    Negative under Azgher ([Y11]) for a lord who can afford to lose the round.
    The pot is already paid; the rest of the match is played out at random.
    """
    t0 = Table.from_view(view)
    me = int(view["seat"])
    unit = t0.unit(me)
    pot = int(view["pot"])
    others = [s for s in range(len(t0.money)) if not t0.out[s] and s != me]
    if not others:
        return 1.0
    diff = 0.0
    for i in range(sims):
        for winner, sign in ((me, 1.0), (others[i % len(others)], -1.0)):
            t = _copy(t0)
            t.money[winner] += pot
            for s in range(len(t.money)):
                if not t.out[s] and t.money[s] == 0:
                    t.out[s] = True
            _finish(t, rng, 1)
            diff += sign * _share(t, unit)
    return diff / sims


def hard_pick(view: dict[str, Any], rng: Rng, sims: int = 160) -> int:
    """The pick with the best expected match share against the others' likely picks."""
    t = Table.from_view(view)
    me = int(view["seat"])
    share = {b: simulate_share(t, me, b, rng, sims) for b in BET_CHOICES}
    others = [s for s in range(len(t.money)) if not t.out[s] and s != me]
    dists: list[list[tuple[int, float]]] = []
    for s in others:
        guess = standing_pick(t, s)
        dists.append([(b, 0.6 if b == guess else 0.2) for b in BET_CHOICES])
    best_pick, best_val = BET_CHOICES[1], -1.0
    for pick in BET_CHOICES:
        val = 0.0
        for combo in product(*dists):
            p = 1.0
            picks = [pick]
            for b, pb in combo:
                p *= pb
                picks.append(b)
            val += p * share[table_bet(picks)]
        if val > best_val + 1e-9:
            best_pick, best_val = pick, val
    return best_pick
