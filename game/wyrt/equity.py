"""Hand strength and Monte Carlo equity for the Wyrt bots.

Equity is estimated by dealing the unseen cards to the opponents (five each) and
rolling the missing dice cards from their real distribution, many times over.
Opponents' hands can be weighted by how likely their betting is with them
(a range): each dealt hand gets a weight from its current strength percentile.
All chance comes from the `random.Random` passed in, so bots stay deterministic.
"""

from __future__ import annotations

import bisect
import math
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.cards import Card, standard_deck
from game.wyrt import evaluator as ev
from game.wyrt.dice_cards import EQUALLY_LIKELY

#: the 144 equally likely dice cards as evaluator codes
DICE_CODES: tuple[int, ...] = tuple(ev.card_code(c) for c in EQUALLY_LIKELY)
DECK_CODES: tuple[int, ...] = tuple(ev.card_code(c) for c in standard_deck())
_MASK = ev.RANK_MASK
_SHIFT = ev.SUIT_SHIFT

_CDF: dict[int, list[int]] = {}
_CDF_LOCK = threading.Lock()


def _build_cdf(n_board: int, samples: int = 6000) -> list[int]:
    r = random.Random(7919 + n_board)  # fixed: the tables are the same on every run
    out = []
    for _ in range(samples):
        hand = r.sample(DECK_CODES, 5)
        board = [DICE_CODES[int(r.random() * 144)] for _ in range(n_board)]
        out.append(ev.score_codes(hand + board))
    out.sort()
    return out


def percentile(score: int, n_board: int) -> float:
    """Share of random hands (5 cards + `n_board` dice cards) scoring below `score`."""
    table = _CDF.get(n_board)
    if table is None:
        ev.warm_up()
        with _CDF_LOCK:
            table = _CDF.get(n_board)
            if table is None:
                table = _CDF[n_board] = _build_cdf(n_board)
    lo = bisect.bisect_left(table, score)
    hi = bisect.bisect_right(table, score)
    return (lo + hi) / 2 / len(table)


#: average equity heads-up of a hand by its strength percentile (10 buckets, made
#: monotone), with 0, 1 or 2 dice cards shown; measured offline by Monte Carlo.
#: Before any dice card the percentile of a made hand says little (draws count).
EQUITY_CURVE: dict[int, tuple[float, ...]] = {
    0: (0.38, 0.38, 0.38, 0.38, 0.38, 0.45, 0.60, 0.64, 0.65, 0.78),
    1: (0.25, 0.25, 0.28, 0.38, 0.48, 0.53, 0.57, 0.62, 0.76, 0.90),
    2: (0.05, 0.17, 0.26, 0.34, 0.47, 0.56, 0.65, 0.76, 0.85, 0.95),
}


def curve_equity(pct: float, n_board: int) -> float:
    """Expected heads-up equity of a hand at strength percentile `pct`."""
    curve = EQUITY_CURVE[n_board]
    x = min(max(pct * 10 - 0.5, 0.0), 9.0)
    i = min(int(x), 8)
    return curve[i] + (curve[i + 1] - curve[i]) * (x - i)


def continue_threshold(need: float, n_board: int) -> float:
    """Weakest percentile whose expected equity reaches `need` (1.0: none does)."""
    if curve_equity(0.0, n_board) >= need:
        return 0.0
    lo, hi = 0.0, 1.0
    if curve_equity(hi, n_board) < need:
        return 1.0
    for _ in range(20):
        mid = (lo + hi) / 2
        if curve_equity(mid, n_board) >= need:
            hi = mid
        else:
            lo = mid
    return hi


def warm_up() -> None:
    """Build the evaluator table and the strength tables now."""
    ev.warm_up()
    for n in (0, 1, 2):
        percentile(0, n)


def strength(cards: Sequence[Card], board: Sequence[Card]) -> float:
    """Percentile of a hand with the dice cards shown so far."""
    return percentile(ev.evaluate(list(cards) + list(board)).score, len(board))


def _score(codes: list[int]) -> int:
    total = sum(codes)
    best = ev._TABLE[total & _MASK]
    suits = total >> _SHIFT
    if (suits + 0x3333) & 0x8888:
        for s in range(4):
            if (suits >> (4 * s)) & 0xF >= 5:
                fs = ev._flush_score(codes, s)
                if fs > best:
                    best = fs
                break
    return best


def _share(mine: int, best: int, ties: int) -> float:
    """My share of the pot when the best other score is `best`, reached by `ties` + 1
    opponents."""
    if mine > best:
        return 1.0
    return 1.0 / (ties + 2) if mine == best else 0.0


#: weight of an opponent's dealt hand from its strength percentile (1.0 = as likely as any)
RangeFn = Callable[[float], float]


def range_weight(threshold: float, sharpness: float = 0.08, floor: float = 0.03) -> RangeFn:
    """A soft range: hands well below `threshold` are unlikely (but never impossible)."""
    if threshold <= 0:
        return lambda s: 1.0

    def weight(s: float) -> float:
        x = (s - threshold) / sharpness
        if x > 30:
            return 1.0
        if x < -30:
            return floor
        return floor + (1 - floor) / (1 + math.exp(-x))

    return weight


def category_weight(
    likelihood: Sequence[float], n_board: int, floor: float = 0.03
) -> RangeFn | None:
    """A range from the chance of a player's betting with each hand category.

    `likelihood[c]` is that chance for category c (evaluator rank_index); the
    weight of a dealt hand is its category's chance next to the likeliest one's.
    None when the betting tells nothing (every category alike).
    """
    top = max(likelihood)
    if top <= 0 or min(likelihood) >= top:
        return None
    # A hand's category from its percentile: the lowest score of each category.
    bounds = [percentile(c << 20, n_board) for c in range(1, len(likelihood))]
    weights = [floor + (1 - floor) * x / top for x in likelihood]

    def weight(s: float) -> float:
        return weights[bisect.bisect_right(bounds, s)]

    return weight


def whim(deal: int, opponent: int) -> float:
    """A fixed, evenly spread fraction for each deal and opponent, in [0, 1).

    A whim call (a novice paying with nothing, `loose` below) is counted deal by
    deal: opponent o calls in deal d when `whim(d, o)` < his habit. Evenly
    spread fractions (golden ratio steps) count it without drawing from the
    bot's generator, so the rest of its play draws exactly as before.
    """
    return ((deal + 1) * 0.6180339887498949 + opponent * 0.7548776662466927) % 1.0


def _going(
    deal: int, pct: Sequence[float], thresholds: Sequence[float], loose: Sequence[float] | None
) -> list[int]:
    """The opponents who go on against a bet in one deal."""
    if not loose:
        return [o for o, x in enumerate(pct) if x >= thresholds[o]]
    return [
        o
        for o, x in enumerate(pct)
        if x >= thresholds[o] or (loose[o] > 0 and whim(deal, o) < loose[o])
    ]


@dataclass
class EquityReport:
    """Monte Carlo deals summarised: my share of each deal, the opponents' strength.

    `share[k]` is my share of the pot in deal k, `weight[k]` how likely the deal
    is under the opponents' ranges and `pct[k][o]` opponent o's strength
    percentile (his cards and the dice cards shown so far) in that deal.
    `mine[k]` and `scores[k][o]` are the final scores (all dice cards rolled) of
    my hand and of opponent o's, so a multi-way pot can be shared among those
    who go on only (`call_value`).
    """

    share: list[float]
    weight: list[float]
    pct: list[tuple[float, ...]]
    mine: list[int] = field(default_factory=list)
    scores: list[tuple[int, ...]] = field(default_factory=list)

    def equity(self) -> float:
        """Weighted average share."""
        total = sum(self.weight)
        if total <= 0:
            return 0.0
        return sum(w * s for w, s in zip(self.weight, self.share, strict=True)) / total

    def against(
        self, thresholds: Sequence[float], loose: Sequence[float] | None = None
    ) -> tuple[float, float, float]:
        """(chance all fold, equity when called, average callers) for a bet.

        Opponent o goes on with hands at or above `thresholds[o]`, and with a
        weaker hand `loose[o]` of the time (a whim call, see `whim`).
        """
        total = sum(self.weight)
        if total <= 0:
            return 0.0, 0.0, 0.0
        fold_w = 0.0
        call_w = 0.0
        call_share = 0.0
        callers = 0.0
        for d, (w, s, p) in enumerate(zip(self.weight, self.share, self.pct, strict=True)):
            k = len(_going(d, p, thresholds, loose))
            if k == 0:
                fold_w += w
            else:
                call_w += w
                call_share += w * s
                callers += w * k
        if call_w <= 0:
            return 1.0, 0.0, 0.0
        return fold_w / total, call_share / call_w, callers / call_w

    def call_value(
        self,
        thresholds: Sequence[float],
        pot: float,
        adds: Sequence[float],
        loose: Sequence[float] | None = None,
    ) -> float:
        """Expected chips a call (or a bet) takes back from a multi-way pot.

        `pot` is the pot with my chips in; opponent o goes on with hands at or
        above `thresholds[o]` (or, `loose[o]` of the time, with less: a whim)
        and then adds `adds[o]` (what he still owes), so the pot grows with
        those who pay and only they share it with me (when all fold, it is mine).
        """
        total = sum(self.weight)
        if total <= 0 or len(self.scores) != len(self.share):
            return self.equity() * pot  # no deals kept (nothing left to deal)
        value = 0.0
        for k, (w, p) in enumerate(zip(self.weight, self.pct, strict=True)):
            going = _going(k, p, thresholds, loose)
            if going:
                sc = self.scores[k]
                best = max(sc[o] for o in going)
                s = _share(self.mine[k], best, sum(1 for o in going if sc[o] == best) - 1)
            else:
                s = 1.0
            if s:
                value += w * s * (pot + sum(adds[o] for o in going))
        return value / total


def equity(
    mine: Sequence[Card],
    board: Sequence[Card],
    unseen: Sequence[Card],
    n_opponents: int,
    samples: int,
    r: random.Random,
    ranges: Sequence[RangeFn | None] | None = None,
    known: Sequence[Sequence[Card]] | None = None,
) -> float:
    """Share of the pot `mine` wins on average against `n_opponents` (ties split)."""
    return simulate(mine, board, unseen, n_opponents, samples, r, ranges, known).equity()


def simulate(
    mine: Sequence[Card],
    board: Sequence[Card],
    unseen: Sequence[Card],
    n_opponents: int,
    samples: int,
    r: random.Random,
    ranges: Sequence[RangeFn | None] | None = None,
    known: Sequence[Sequence[Card]] | None = None,
    redeal: int = 0,
) -> EquityReport:
    """Deal the unseen cards and the missing dice cards `samples` times.

    `unseen` are the cards that may be in opponents' hands; `ranges[o]` weighs
    opponent o's dealt hands; `known[o]` are cards of opponent o already seen.
    With `redeal` > 0 each opponent's hand is drawn from his range instead
    (dealt again, up to `redeal` times, until his range accepts it): weights
    multiplied over several opponents leave few deals that count, so reading
    several ranges at once takes dealing from each range.
    """
    if redeal > 0 and ranges and any(fn is not None for fn in ranges):
        return _simulate_redeal(mine, board, unseen, n_opponents, samples, r, ranges, known, redeal)
    report = EquityReport([], [], [])
    if n_opponents <= 0:
        return EquityReport([1.0], [1.0], [()])
    ev.warm_up()
    my = [ev.card_code(c) for c in mine]
    bd = [ev.card_code(c) for c in board]
    kn = [[ev.card_code(c) for c in ks] for ks in (known or [])]
    kn += [[] for _ in range(n_opponents - len(kn))]
    known_all = {c for ks in kn for c in ks}
    pool = [ev.card_code(c) for c in unseen]
    pool = [c for c in pool if c not in known_all] if known_all else pool
    need = [5 - len(kn[o]) for o in range(n_opponents)]
    total_need = sum(need)
    if total_need > len(pool):
        return EquityReport([1.0 / (n_opponents + 1)], [1.0], [(0.5,) * n_opponents])
    rngs: list[RangeFn | None] = list(ranges or [])
    rngs += [None] * (n_opponents - len(rngs))
    n_board = len(bd)
    missing = 2 - n_board
    table = ev._TABLE
    sample = r.sample
    rand = r.random
    for _ in range(samples):
        drawn = sample(pool, total_need)
        extra = [DICE_CODES[int(rand() * 144)] for _ in range(missing)]
        full = bd + extra
        fsum = sum(full)
        mine_score = _score(my + full)
        w = 1.0
        best = -1
        ties = 0
        pos = 0
        pcts: list[float] = []
        scs: list[int] = []
        for o in range(n_opponents):
            hand = kn[o] + drawn[pos : pos + need[o]]
            pos += need[o]
            pct = percentile(_score(hand + bd), n_board)
            pcts.append(pct)
            fn = rngs[o]
            if fn is not None:
                w *= fn(pct)
            total = sum(hand) + fsum
            sc = table[total & _MASK]
            if ((total >> _SHIFT) + 0x3333) & 0x8888:
                sc = _score(hand + full)
            scs.append(sc)
            if sc > best:
                best, ties = sc, 0
            elif sc == best:
                ties += 1
        report.share.append(_share(mine_score, best, ties))
        report.weight.append(w)
        report.pct.append(tuple(pcts))
        report.mine.append(mine_score)
        report.scores.append(tuple(scs))
    return report


def _simulate_redeal(
    mine: Sequence[Card],
    board: Sequence[Card],
    unseen: Sequence[Card],
    n_opponents: int,
    samples: int,
    r: random.Random,
    ranges: Sequence[RangeFn | None],
    known: Sequence[Sequence[Card]] | None,
    redeal: int,
) -> EquityReport:
    """`simulate` drawing each opponent's hand from his range (rejection sampling).

    A hand his range would rarely hold is dealt again (kept with probability
    equal to its weight); after `redeal` refusals the last one stays, weighted,
    so no deal is impossible.
    """
    ev.warm_up()
    my = [ev.card_code(c) for c in mine]
    bd = [ev.card_code(c) for c in board]
    kn = [[ev.card_code(c) for c in ks] for ks in (known or [])]
    kn += [[] for _ in range(n_opponents - len(kn))]
    known_all = {c for ks in kn for c in ks}
    pool = [c for c in (ev.card_code(c) for c in unseen) if c not in known_all]
    need = [5 - len(kn[o]) for o in range(n_opponents)]
    if sum(need) > len(pool):
        return EquityReport([1.0 / (n_opponents + 1)], [1.0], [(0.5,) * n_opponents])
    rngs: list[RangeFn | None] = list(ranges)
    rngs += [None] * (n_opponents - len(rngs))
    n_board = len(bd)
    missing = 2 - n_board
    table = ev._TABLE
    sample = r.sample
    rand = r.random
    report = EquityReport([], [], [])
    # Readers with the narrowest ranges are dealt first, from the fullest pool.
    order = sorted(range(n_opponents), key=lambda o: rngs[o] is None)
    for _ in range(samples):
        avail = list(pool)
        extra = [DICE_CODES[int(rand() * 144)] for _ in range(missing)]
        full = bd + extra
        fsum = sum(full)
        mine_score = _score(my + full)
        w = 1.0
        best = -1
        ties = 0
        pcts = [0.0] * n_opponents
        scs = [0] * n_opponents
        for o in order:
            fn = rngs[o]
            for tries in range(redeal + 1):
                drawn = sample(avail, need[o])
                hand = kn[o] + drawn
                pct = percentile(_score(hand + bd), n_board)
                if fn is None:
                    break
                weight = fn(pct)
                if rand() < weight:
                    break
                if tries == redeal:
                    w *= weight
            for c in drawn:
                avail.remove(c)
            pcts[o] = pct
            total = sum(hand) + fsum
            sc = table[total & _MASK]
            if ((total >> _SHIFT) + 0x3333) & 0x8888:
                sc = _score(hand + full)
            scs[o] = sc
            if sc > best:
                best, ties = sc, 0
            elif sc == best:
                ties += 1
        report.share.append(_share(mine_score, best, ties))
        report.weight.append(w)
        report.pct.append(tuple(pcts))
        report.mine.append(mine_score)
        report.scores.append(tuple(scs))
    return report
