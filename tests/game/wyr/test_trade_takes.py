"""[Y3] (revised): which table cards a lord may take, and a complete `legal_actions`.

A lord refills from cards "descartadas pelos outros lordes" or turned up by the
Mão de Wyr, never from his own discards. The Wyr table builds its choices from
`legal_actions`, so the list must hold every trade `apply` accepts.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from game.cards import parse_cards
from game.core import IllegalAction
from game.harness import random_playthrough
from game.wyr.match import WyrMatch
from game.wyr.records import Pass, Trade
from tests.game.wyr.helpers import bet_all, card, make, mao_keep, rig


def _round_two() -> WyrMatch:
    """Seat 0 kept (6s is his own discard), seat 1 discarded 2s, seat 2 passed."""
    m = make(3)
    rig(m, {1: "2s 5h 9d Jc Kh", 2: "3c 4c 8h Qd Qs"}, pile="9s Kd 6s Ah As Ad")
    bet_all(m)
    mao_keep(m)  # table: 9s Kd (the Mão de Wyr's), 6s (seat 0's)
    m.apply(1, Trade((card("2s"),), "pile"))  # table + 2s (seat 1's)
    m.apply(2, Pass())
    assert [c.code for c in m.table] == ["9S", "KD", "6S", "2S"]
    assert m.table_by == [None, None, 0, 1]
    return m


def test_a_lord_never_takes_back_his_own_discard_y3() -> None:
    m = _round_two()
    assert m.to_move == [0]
    before = m.fingerprint()
    hand = m.hands[0]
    with pytest.raises(IllegalAction) as e:
        m.apply(0, Trade((hand[0],), "table", (2,)))  # 6s: his own, from round 1
    assert e.value.rule == "Y3" and e.value.key == "rulings.wyr.own_discard"
    assert m.fingerprint() == before  # [G3]
    takes = {a.take for a in m.legal_actions(0) if isinstance(a, Trade) and a.source == "table"}
    assert (2,) not in takes and {(0,), (1,), (3,)} <= takes
    # The other lords' discard and the Mão de Wyr's cards are his to take.
    m.apply(0, Trade((hand[0],), "table", (3,)))
    assert card("2s") in m.hands[0]


def test_own_discards_do_not_complete_a_short_pile_y3() -> None:
    m = _round_two()
    m.apply(0, Pass())
    # Seat 1: the pile is empty; the table holds 9s Kd 6s (takeable) and 2s (his own).
    m.deck.cards, parked = [], m.deck.cards
    m.table.extend(parked)
    m.table_up.extend([True] * len(parked))
    m.table_by.extend([1] * len(parked))  # hand-built: all his own discards
    with pytest.raises(IllegalAction) as e:
        m.apply(1, Trade((m.hands[1][0],), "pile", (0,)))
    assert e.value.key == "rulings.wyr.pile_empty"
    legal = m.legal_actions(1)
    assert all(isinstance(a, Pass) or a.source == "table" for a in legal)
    assert all(m.table_by[i] != 1 for a in legal if isinstance(a, Trade) for i in a.take)
    # Three takeable cards: discarding 3 works, and no trade names a fourth.
    assert max(len(a.take) for a in legal if isinstance(a, Trade)) == 3


def test_only_own_discards_on_the_table_cannot_refill_y3() -> None:
    m = make(2)
    rig(m, {1: "2s 5h 9d Jc Kh"}, pile="9s Kd 6s")
    bet_all(m)
    mao_keep(m)
    m.table_by = [1] * len(m.table)  # hand-built: every table card is seat 1's
    with pytest.raises(IllegalAction) as e:
        m.apply(1, Trade((card("2s"),), "table", (0,)))
    assert e.value.key == "rulings.wyr.only_own_discards"
    assert not [a for a in m.legal_actions(1) if isinstance(a, Trade) and a.source == "table"]


def test_trades_are_canonical_whatever_the_order_y3() -> None:
    a = Trade(tuple(parse_cards("Kh 2s")), "table", (3, 1))
    b = Trade(tuple(parse_cards("2s Kh")), "table", (1, 3))
    assert a == b and a.take == (1, 3)


def _candidates(m: WyrMatch, seat: int) -> list[Trade]:
    """Every trade shape the rules could name, legal or not (for brute force)."""
    hand = m.hands[seat]
    t = len(m.table)
    out: list[Trade] = []
    for k in range(1, 4):
        for idx in combinations(range(len(hand)), k):
            discard = tuple(hand[i] for i in idx)
            for source in ("pile", "table", "none"):
                for n in range(0, 4):
                    for take in combinations(range(t), n):
                        out.append(Trade(discard, source, take))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_legal_actions_list_every_trade_apply_accepts_y3_y4(seed: int) -> None:
    checked = 0

    def chooser(m: WyrMatch, seat: int, legal: list, rng) -> object:  # type: ignore[type-arg]
        nonlocal checked
        if m.phase == "trade" and len(m.table) <= 9 and checked < 12:
            listed = set(legal)
            accepted = set()
            for action in _candidates(m, seat):
                try:
                    m.check(seat, action)
                except IllegalAction:
                    continue
                accepted.add(action)
            accepted |= {a for a in listed if isinstance(a, Pass)}
            assert accepted == listed
            checked += 1
        return rng.choice(legal)

    random_playthrough("wyr", 4, seed=seed, chooser=chooser, probe_every=0)
    assert checked >= 6
