"""Exact odds for Wyr: dice totals, draws from unseen cards, round-win chances.

Everything is pure and cached on small tuple keys, so bots can call it many
times per decision. Ranks are 2..14 and 0 for a joker; suits never matter.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import comb
from typing import Any

from game.wyr.combos import REIS_POINTS, evaluate_ranks

Dist = dict[int, float]

#: Rough final-points distribution of a competent lord's hand after discard &
#: trade (measured from bot games: index = points 1..6). Used as the prior for
#: hands a bot cannot see.
OPPONENT_POINTS: tuple[float, ...] = (0.05, 0.46, 0.30, 0.09, 0.10, 0.002)

#: The same under Azgher ([Y11]) for a lord who plays to lose the round: he
#: throws his pairs, so most final hands are a bare Maior Tesouro (measured:
#: 99% of normal's and hard's hands heads-up; kept below 1 for other styles).
AZGHER_POINTS: tuple[float, ...] = (0.78, 0.19, 0.02, 0.005, 0.005, 0.0)


@lru_cache(maxsize=64)
def dice_dist(n: int) -> tuple[tuple[int, float], ...]:
    """Distribution of the sum of n d6 as (total, probability) pairs."""
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=n):
        t = sum(faces)
        counts[t] = counts.get(t, 0) + 1
    total = 6**n
    return tuple((t, c / total) for t, c in sorted(counts.items()))


@lru_cache(maxsize=64)
def reis_dice_dist(n: int) -> tuple[tuple[int, float], ...]:
    """Reis de Arton's total: the better of two rolls of n d6 ([Y9])."""
    base = dice_dist(n)
    cdf: dict[int, float] = {}
    acc = 0.0
    for t, p in base:
        acc += p
        cdf[t] = acc
    out: list[tuple[int, float]] = []
    prev = 0.0
    for t, _ in base:
        c = cdf[t] ** 2
        out.append((t, c - prev))
        prev = c
    return tuple(out)


@lru_cache(maxsize=256)
def thyatis_dice_dist(n: int, reis: bool, threshold: int) -> tuple[tuple[int, float], ...]:
    """Dice total when the lowest die is rerolled whenever it is <= `threshold` ([Y11])."""
    acc: dict[int, float] = {}
    rolls = 2 if reis else 1
    per = 1 / 6**n
    # Enumerate the kept roll: for Reis, the better of two rolls (first on ties).
    kept: dict[tuple[int, ...], float] = {}
    if rolls == 1:
        for faces in product(range(1, 7), repeat=n):
            kept[faces] = kept.get(faces, 0.0) + per
    else:
        for a in product(range(1, 7), repeat=n):
            for b in product(range(1, 7), repeat=n):
                k = b if sum(b) > sum(a) else a
                kept[k] = kept.get(k, 0.0) + per * per
    for faces, p in kept.items():
        low = min(faces)
        if low <= threshold:
            base = sum(faces) - low
            for new in range(1, 7):
                acc[base + new] = acc.get(base + new, 0.0) + p / 6
        else:
            acc[sum(faces)] = acc.get(sum(faces), 0.0) + p
    return tuple(sorted(acc.items()))


def reroll_dist(dice: Sequence[int]) -> Dist:
    """Totals after rerolling the lowest die of `dice` once ([Y11])."""
    base = sum(dice) - min(dice)
    return {base + v: 1 / 6 for v in range(1, 7)}


# ---------------------------------------------------------------------------
# Draws


def draw_outcomes(
    counts: tuple[tuple[int, int], ...], k: int
) -> list[tuple[tuple[int, ...], float]]:
    """Every rank multiset of k cards drawn from `counts` ((rank, copies) pairs), with its probability."""
    return list(_draw_outcomes(counts, k))


@lru_cache(maxsize=4096)
def _draw_outcomes(
    counts: tuple[tuple[int, int], ...], k: int
) -> tuple[tuple[tuple[int, ...], float], ...]:
    total = sum(c for _, c in counts)
    if k <= 0:
        return (((), 1.0),)
    if total < k:
        k = total
        if k == 0:
            return (((), 1.0),)
    denom = comb(total, k)
    out: list[tuple[tuple[int, ...], float]] = []

    def rec(i: int, left: int, picked: list[int], weight: int) -> None:
        if left == 0:
            out.append((tuple(picked), weight / denom))
            return
        if i >= len(counts):
            return
        rank, c = counts[i]
        for m in range(min(c, left), -1, -1):
            rec(i + 1, left - m, picked + [rank] * m, weight * comb(c, m))

    rec(0, k, [], 1)
    return tuple(out)


def points_of(ranks: Sequence[int]) -> int:
    """Combination points of a rank multiset."""
    return evaluate_ranks(tuple(sorted(ranks)))[0]


# ---------------------------------------------------------------------------
# Round-win chances against hands one cannot see


@lru_cache(maxsize=512)
def win_table(
    opponents: int, nimb: bool, prior: tuple[float, ...] = OPPONENT_POINTS
) -> tuple[float, ...]:
    """P(win the pot | my points) for points 1..6 (index 0..5) against `opponents` unknown hands.

    Opponents' points follow `prior`, their dice are plain; score ties go to
    the better combination (Reis de Arton always), equal ones are a coin flip
    ([Y8], [Y9]); under Nimb every tie is a coin flip ([Y11]).
    """
    n = 3 if nimb else 2
    dd = dice_dist(n)
    opp_total: dict[tuple[int, int], float] = {}
    for q, pq in enumerate(prior, start=1):
        src = reis_dice_dist(n) if q == REIS_POINTS else dd
        for e, pe in src:
            opp_total[(q, q + e)] = opp_total.get((q, q + e), 0.0) + pq * pe
    out: list[float] = []
    for p in range(1, 7):
        mine = reis_dice_dist(n) if p == REIS_POINTS else dd
        total = 0.0
        for d, pd in mine:
            s = p + d
            beat = 0.0
            for (q, t), pr in opp_total.items():
                if t < s:
                    beat += pr
                elif t == s:
                    if nimb or q == p:
                        beat += pr / 2
                    elif p == REIS_POINTS or (q < p and q != REIS_POINTS):
                        beat += pr
            total += pd * beat ** max(opponents, 1)
        out.append(total)
    return tuple(out)


def beat_probability(
    my_score: int,
    my_strength: tuple[int, tuple[int, ...]],
    other_points: int,
    other_strength: tuple[int, tuple[int, ...]],
    other_totals: Mapping[int, float],
    nimb: bool,
) -> float:
    """P(my fixed score beats one lord whose dice totals follow `other_totals`) ([Y8], [Y9])."""
    p = 0.0
    for t, pr in other_totals.items():
        s = other_points + t
        if s < my_score:
            p += pr
        elif s == my_score:
            p += pr * tie_share(my_strength, other_strength, nimb)
    return p


#: A lord's final points, read from his last discard & trade turn when he has no
#: turn left (how many cards he threw; 0 = he passed): measured over 150
#: normal-vs-normal Tenebra games (the pass and two-card rows, seen ten times
#: each, smoothed): he passes on a made hand, throws three around a pair.
POINTS_AFTER_DISCARDS: dict[int, tuple[float, ...]] = {
    0: (0.0, 0.05, 0.35, 0.30, 0.28, 0.02),
    1: (0.13, 0.53, 0.23, 0.01, 0.09, 0.01),
    2: (0.40, 0.45, 0.10, 0.02, 0.03, 0.0),
    3: (0.09, 0.78, 0.12, 0.005, 0.005, 0.0),
}


def read_opponents(
    history: Sequence[Mapping[str, Any]], opponents: Sequence[int], last_round: int
) -> tuple[float, ...]:
    """The points prior of the others from what everyone saw them do ([G4]: public).

    A lord whose last turn (round `last_round`) is played is read from how many
    cards he threw; the others keep the generic prior. Several are averaged.
    """
    priors: list[tuple[float, ...]] = []
    for seat in opponents:
        turns = [h for h in history if h["seat"] == seat and not h["mao_de_wyr"]]
        last = turns[-1] if turns else None
        if last is not None and last["trade_round"] == last_round:
            thrown = 0 if last["kind"] == "pass" else len(last["discards"])
            priors.append(POINTS_AFTER_DISCARDS.get(thrown, OPPONENT_POINTS))
        else:
            priors.append(OPPONENT_POINTS)
    if not priors:
        return OPPONENT_POINTS
    return tuple(round(sum(p[i] for p in priors) / len(priors), 4) for i in range(6))


@lru_cache(maxsize=16)
def tie_table(
    opponents: int, nimb: bool, prior: tuple[float, ...] = OPPONENT_POINTS
) -> tuple[float, ...]:
    """For points 1..6: the chance that the pot turns on a tie-break between equal
    combinations ([Y8]): one opponent ends on my points and rolls my total, and I
    beat the others. Under Nimb a tie is a roll-off, so the cards never matter."""
    if nimb:
        return (0.0,) * 6
    n = 2
    others = win_table(opponents - 1, nimb, prior) if opponents > 1 else (1.0,) * 6
    out: list[float] = []
    for p in range(1, 7):
        if p == REIS_POINTS:
            out.append(0.0)  # two Reis split the pot, whatever the cards ([Y9])
            continue
        same_roll = sum(pd * pd for _, pd in dice_dist(n))
        out.append(opponents * prior[p - 1] * same_roll * others[p - 1])
    return tuple(out)


@lru_cache(maxsize=1)
def _keys_by_points() -> dict[int, tuple[list[tuple[int, ...]], list[float]]]:
    """Every joker-free final hand's key per points, sorted, with cumulative weights
    (how many deals of real cards give it), for `key_share`."""
    weights: dict[int, dict[tuple[int, ...], float]] = {}
    for hand in combinations_with_replacement(range(2, 15), 5):
        counts = [hand.count(r) for r in set(hand)]
        if max(counts) > 4:
            continue
        w = 1.0
        for c in counts:
            w *= comb(4, c)
        pts, key, _ = evaluate_ranks(hand)
        per = weights.setdefault(pts, {})
        per[key] = per.get(key, 0.0) + w
    out: dict[int, tuple[list[tuple[int, ...]], list[float]]] = {}
    for pts, per in weights.items():
        keys = sorted(per)
        total = sum(per.values())
        cum: list[float] = []
        run = 0.0
        for k in keys:
            run += per[k] / total
            cum.append(run)
        out[pts] = (keys, cum)
    return out


@lru_cache(maxsize=20_000)
def key_share(pts: int, key: tuple[int, ...]) -> float:
    """My share of a tie-break against a random hand of the same points ([Y6], [Y8]):
    the chance its combination is weaker, plus half the chance it is equal."""
    table = _keys_by_points().get(pts)
    if table is None or not key:
        return 0.5
    keys, cum = table
    lo = bisect_left(keys, key)
    hi = bisect_right(keys, key)
    below = cum[lo - 1] if lo else 0.0
    upto = cum[hi - 1] if hi else 0.0
    return below + (upto - below) / 2


def tie_share(
    mine: tuple[int, tuple[int, ...]], other: tuple[int, tuple[int, ...]], nimb: bool
) -> float:
    """My chance in a score tie with one other lord ([Y8], [Y9], Nimb of [Y11])."""
    if nimb:
        return 0.5
    my_reis = mine[0] == REIS_POINTS
    other_reis = other[0] == REIS_POINTS
    if my_reis != other_reis:
        return 1.0 if my_reis else 0.0
    if mine == other:
        return 0.5
    return 1.0 if mine > other else 0.0
