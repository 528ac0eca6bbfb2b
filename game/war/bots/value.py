"""How good a War position is for one seat: its chance to win from here.

A conditional logit over the seats still playing: each seat's score is a
weighted sum of what decides War races — territories still missing for its
objective, territories and armies held, income, cards in hand, and how soon it
moves — and its win chance is its share of exp(score). The weights were fitted
(maximum likelihood) on positions of games among normal bots, recorded at the
start of every turn and labelled with who went on to win.

Used only on the search's sampled worlds, where every objective is known.
"""

from __future__ import annotations

import math

from game.war.board import BOARD
from game.war.match import WarMatch

#: Weights of the features of `features`, fitted on 13 746 positions of 250
#: games among four normal bots (log-loss 1.065 against 1.312 for "anyone").
WEIGHTS: tuple[float, ...] = (4.38, 0.038, 0.20, 0.050, 0.203, -0.175)


def features(m: WarMatch, seat: int) -> tuple[float, ...]:
    """(1 / (1 + territories missing), territories, tenths of all armies on
    the map that are its own, income, cards, seats that move before it)."""
    terr = 0
    armies = 0
    for o, a in zip(m.owner, m.armies, strict=True):
        if o == seat:
            terr += 1
            armies += a
    income = max(3, terr // 2)
    for k, idx in enumerate(BOARD.members_idx):
        if all(m.owner[i] == seat for i in idx):
            income += BOARD.bonuses[BOARD.continents[k]]
    wait = (seat - m.current) % m.n_seats
    share = 10.0 * armies / max(1, sum(m.armies))
    return (1.0 / (1 + m.missing(seat)), terr, share, income, len(m.hands[seat]), wait)


def win_chance(m: WarMatch, seat: int) -> float:
    """`seat`'s estimated chance to win `m`: 1 or 0 once the match is over."""
    if m.is_over:
        return 1.0 if seat in m.winners() else 0.0
    if not m.alive[seat]:
        return 0.0
    scores: dict[int, float] = {}
    for s in range(m.n_seats):
        if m.alive[s]:
            f = features(m, s)
            scores[s] = sum(w * x for w, x in zip(WEIGHTS, f, strict=True))
    top = max(scores.values())
    z = sum(math.exp(v - top) for v in scores.values())
    return math.exp(scores[seat] - top) / z
