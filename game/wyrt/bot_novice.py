"""How likely a novice's betting is with each hand category ([T10]).

A novice bot plays its made hand only (`WyrtBot._novice`): it bets big with
trips or better, min-raises two pair most of the time when nobody has bet,
bluffs a min-raise now and then, checks the rest, and pays anything cheap, any
pair, and now and then more on a whim (its `calls` habit). Whoever knows the
roster can turn that into odds: for each category of hand, the chance the
novice would have made the moves he made this hand. A min-raise by a
back-room gambler who bluffs one time in five is then mostly air, while the
same min-raise by a patron who seldom bluffs is mostly two pair.
"""

from __future__ import annotations

from typing import Any

from game.wyrt.evaluator import TRIPS

#: hand categories (evaluator rank_index): 0 high card … 10 royal flush
CATEGORIES = 11
#: chance of a move the novice's rules never make with that hand (a misread, an edge case)
NEVER = 0.02


def likelihood(view: dict[str, Any], seat: int, bluff: float, calls: float) -> tuple[float, ...]:
    """P(the novice at `seat` bet as he did this hand | his hand's category now).

    `bluff` and `calls` are his persona's habits. Moves made before the last
    dice card are read with room for the hand to have improved since: a check
    or a min-raise then does not rule out a strong hand now.
    """
    like = [1.0] * CATEGORIES
    now = view["round"]
    big_blind = view["big_blind"]
    stack = view["seats"][seat]["stack"]
    mine = [e for e in view["hand_log"] if e["seat"] == seat]
    # His stack when he acted: what he has now plus what he paid from then on.
    paid_after = [sum(e["amount"] for e in mine[k:]) for k in range(len(mine))]
    top: dict[int, int] = {}
    his: dict[int, int] = {}
    k = 0
    for e in view["hand_log"]:
        rnd = e["round"]
        before = top.get(rnd, 0)
        if e["seat"] == seat:
            owe = before - his.get(rnd, 0)
            p = _move(e, before, owe, big_blind, stack + paid_after[k], bluff, calls)
            k += 1
            if p is not None:
                if rnd < now:
                    # An earlier round: the hand may have grown into trips since.
                    weak = max(p[:TRIPS])
                    p = p[:TRIPS] + tuple(max(x, weak) for x in p[TRIPS:])
                like = [a * b for a, b in zip(like, p, strict=True)]
            his[rnd] = e["to"]
        top[rnd] = max(before, e["to"])
    return tuple(like)


def _move(
    e: dict[str, Any], before: int, owe: int, big_blind: int, stack: int, bluff: float, calls: float
) -> tuple[float, ...] | None:
    """P(this move | category) for each category; None when it tells nothing."""
    act = e["act"]
    if act == "check":
        return _by_cat(1 - bluff, 1 - bluff, 0.4 * (1 - bluff), NEVER)
    if act in ("raise", "allin") and e["to"] > before:
        if owe <= 0 and e["to"] - before <= big_blind:
            # An unforced min-raise: two pair most often, else a bluff.
            return _by_cat(bluff, bluff, 0.6 + 0.4 * bluff, NEVER)
        return _by_cat(NEVER, NEVER, NEVER, 1.0)  # a big bet or a raise: trips or better
    if act in ("call", "allin") and owe > 0:
        cheap = owe <= max(2 * big_blind, stack // 10)
        return _by_cat(1.0 if cheap else max(NEVER, calls), 1.0, 1.0, NEVER)
    return None


def _by_cat(high: float, pair: float, two_pair: float, strong: float) -> tuple[float, ...]:
    """One chance per category: high card, a pair, two pair, trips and better."""
    return (high, pair, two_pair) + (strong,) * (CATEGORIES - TRIPS)
