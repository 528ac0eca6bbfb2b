"""The faster trade options are exactly the old ones, in the same order.

`reference_trade_options` is `WyrMatch._trade_options` as it was before trades
were built without re-sorting (`Trade.sorted_already`); it stays here as the
reference. Many random positions of random matches (2 to 5 lords, some
with Tenebra, Hyninn and Thyatis) are compared action by action, and every trade's fast
`to_dict` with the one `Record.to_dict` spells out.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from game.core import Action, Record
from game.registry import new_match
from game.wyr.match import HAND_SIZE, WyrMatch
from game.wyr.records import Pass, Trade


def reference_trade_options(m: WyrMatch, seat: int) -> list[Action]:
    """The old `_trade_options`, kept verbatim as the reference."""
    hand = m.hands[seat]
    mao = m.mao_de_wyr
    eligible = m.takeable(seat)
    e = len(eligible)
    p = len(m.deck)
    out: list[Action] = [] if mao else [Pass()]
    extra = len(hand) - HAND_SIZE
    takes: dict[int, list[tuple[int, ...]]] = {}

    def choices(n: int) -> list[tuple[int, ...]]:
        if n not in takes:
            takes[n] = list(combinations(eligible, n))
        return takes[n]

    for d in m._discard_sets(hand, range(1, 4)):
        refill = len(d) - extra
        if mao and len(d) == 1:
            out.append(Trade(d, "none"))
            continue
        if refill <= 0:
            continue
        if p:
            short = refill - min(refill, p)
            if short <= e:
                out.extend(Trade(d, "pile", take) for take in choices(short))
        if e:
            need = min(refill, e)
            if refill - need <= p:
                out.extend(Trade(d, "table", take) for take in choices(need))
    return out


def _spelled_out(record: Record) -> dict[str, object]:
    """`Record.to_dict`, the generic way (Trade overrides it)."""
    return Record.to_dict(record)


@pytest.mark.parametrize(
    ("seats", "options"),
    [(2, {}), (3, {"tenebra": True}), (4, {}), (5, {"hyninn": 2, "thyatis": True})],
)
def test_the_trade_options_are_the_old_ones_in_the_same_order(
    seats: int, options: dict[str, object]
) -> None:
    rng = random.Random(seats)
    compared = 0
    for game in range(3):
        m = new_match("wyr", seats, seed=100 * seats + game, options=options)
        assert isinstance(m, WyrMatch)
        for _ in range(400):
            if m.is_over:
                break
            seat = rng.choice(m.to_move)
            legal = m.legal_actions(seat)
            if m.phase == "trade":
                for s in range(seats):  # every seat's hand, not only the mover's
                    new, old = m._trade_options(s), reference_trade_options(m, s)
                    assert new == old
                    assert [type(a) for a in new] == [type(a) for a in old]
                    assert all(hash(a) == hash(b) for a, b in zip(new, old, strict=True))
                    assert [a.to_dict() for a in new] == [_spelled_out(a) for a in old]
                    compared += 1
            m.apply(seat, rng.choice(legal))
    assert compared > 30


def test_a_trade_built_already_sorted_equals_one_sorted_on_building() -> None:
    m = new_match("wyr", 3, seed=3)
    assert isinstance(m, WyrMatch)
    cards = tuple(sorted(m.hands[0][:3]))
    fast = Trade.sorted_already(cards, "table", (0, 2))
    slow = Trade(tuple(reversed(cards)), "table", (2, 0))
    assert fast == slow and hash(fast) == hash(slow)
    assert Record.from_dict(fast.to_dict()) == slow
