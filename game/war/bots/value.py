"""How good a War position is for one seat: its chance to win from here.

A conditional logit over the seats still playing: each seat's score is a
weighted sum of what decides War races — territories still missing for its
objective, territories and armies held, income, cards in hand, and how soon it
moves — and its win chance is its share of exp(score). The weights were fitted
(maximum likelihood) on positions of games among normal bots, recorded at the
start of every turn and labelled with who went on to win.

Used only on the search's sampled worlds (`FastState`), where every objective
is known. Each opponent's chance counts against mine: a max-n leaf (every
seat plays for itself), not a paranoid one.
"""

from __future__ import annotations

import math

from game.war.bots.fastsim import (
    BONUS,
    N_CONT,
    OVER,
    SIZE,
    FastState,
)

#: Weights of the features of `features`, fitted on 13 746 positions of 250
#: games among four normal bots (log-loss 1.065 against 1.312 for "anyone").
WEIGHTS: tuple[float, ...] = (4.38, 0.038, 0.20, 0.050, 0.203, -0.175)


def features(st: FastState, seat: int, armies_of: list[int] | None = None) -> tuple[float, ...]:
    """(1 / (1 + territories missing), territories, tenths of all armies on
    the map that are its own, income, cards, seats that move before it)."""
    if armies_of is None:
        armies_of = [0] * st.n
        for o, a in zip(st.owner, st.armies, strict=True):
            armies_of[o] += a
    terr = st.count[seat]
    income = max(3, terr // 2)
    cc = st.cc[seat]
    for k in range(N_CONT):
        if cc[k] == SIZE[k]:
            income += BONUS[k]
    share = 10.0 * armies_of[seat] / max(1, sum(armies_of))
    wait = (seat - st.current) % st.n
    return (1.0 / (1 + st.missing(seat)), terr, share, income, len(st.hands[seat]), wait)


def win_chance(st: FastState, seat: int) -> float:
    """`seat`'s estimated chance to win from `st`: 1 or 0 once the game is over."""
    if st.phase == OVER:
        return 1.0 if st.winner == seat else 0.0
    if not st.alive[seat]:
        return 0.0
    armies_of = [0] * st.n
    for o, a in zip(st.owner, st.armies, strict=True):
        armies_of[o] += a
    scores: dict[int, float] = {}
    for s in range(st.n):
        if st.alive[s]:
            f = features(st, s, armies_of)
            scores[s] = sum(w * x for w, x in zip(WEIGHTS, f, strict=True))
    top = max(scores.values())
    z = sum(math.exp(v - top) for v in scores.values())
    return math.exp(scores[seat] - top) / z
