"""The bots' battle odds: exact up to `QUICK_LIMIT` armies a side and scaled
beyond it (so the exact tables stay small), memoised forms for the rollouts' hot
loops, and the armies a territory needs to hold against a threat. The public
odds (`game.war.odds`) stay exact at any size."""

from __future__ import annotations

from game.war.odds import expected_after_win, win_probability

#: Above this many armies bots scale battles down (same ratio) to keep the
#: exact tables small; the public odds functions stay exact.
QUICK_LIMIT = 150


def qwin(a: int, d: int) -> float:
    """P(conquest), exact up to QUICK_LIMIT armies a side, scaled beyond."""
    if a <= 0:
        return 0.0
    if d <= 0:
        return 1.0
    big = max(a, d)
    if big > QUICK_LIMIT:
        f = QUICK_LIMIT / big
        return win_probability(max(1, round(a * f)), max(1, round(d * f)))
    return win_probability(a, d)


def qexp(a: int, d: int) -> tuple[float, float, float]:
    """(P(conquest), E[attackers left | conquest], E[attacker losses]), scaled like qwin."""
    if a <= 0:
        return 0.0, 0.0, 0.0
    if d <= 0:
        return 1.0, float(a), 0.0
    big = max(a, d)
    if big > QUICK_LIMIT:
        f = QUICK_LIMIT / big
        w, left, loss = expected_after_win(max(1, round(a * f)), max(1, round(d * f)))
        return w, left / f, loss / f
    return expected_after_win(a, d)


#: `qexp` remembered, by `a * BATTLE_KEY + d`: a rollout asks the same few
#: battles thousands of times. The fast policy's hot loops read it directly
#: (a dict lookup costs less than a call).
QEXP_MEMO: dict[int, tuple[float, float, float]] = {}
#: the key's multiplier: above any army count a game can reach (a long rollout
#: without a turn limit did pass 4096, the old multiplier, and poisoned the memo)
BATTLE_KEY = 1 << 32
_NEED: dict[tuple[int, float], int] = {}


def cached_qexp(a: int, d: int) -> tuple[float, float, float]:
    """`qexp`, through `QEXP_MEMO`."""
    key = a * BATTLE_KEY + d
    hit = QEXP_MEMO.get(key)
    if hit is None:
        hit = QEXP_MEMO[key] = qexp(a, d)
    return hit


def armies_needed(threat: int, risk: float = 0.3) -> int:
    """The fewest armies a territory needs so a threat of `threat` armies takes
    it with probability at most `risk` (1 when nothing threatens it)."""
    if threat <= 0:
        return 1
    key = (threat, risk)
    hit = _NEED.get(key)
    if hit is None:
        lo, hi = 1, max(2, threat)
        while qwin(threat, hi) > risk:
            hi *= 2
        while lo < hi:  # the smallest a with qwin(threat, a) <= risk
            mid = (lo + hi) // 2
            if qwin(threat, mid) <= risk:
                hi = mid
            else:
                lo = mid + 1
        hit = _NEED[key] = lo
    return hit
