"""Reading several ranges at once ([T10]: O Morto's multi-way skill).

Weighting each Monte Carlo deal by every opponent's range leaves few deals that
count at a full table; dealing each opponent from his own range keeps them all.
"""

from __future__ import annotations

import random

from game.cards import parse_cards, standard_deck
from game.wyrt import equity
from game.wyrt.bots import skill_of
from game.wyrt.personas import PERSONAS

MINE = parse_cards("AS AH 7D 5C 2S")
UNSEEN = [c for c in standard_deck() if c not in MINE]


def _effective(report: equity.EquityReport) -> float:
    """Effective number of deals of a weighted sample."""
    return sum(report.weight) ** 2 / sum(w * w for w in report.weight)


def test_redeal_keeps_every_deal_against_five_ranges_t10() -> None:
    """Five opponents who each raised: weights leave a handful of deals; redealing
    from each range keeps nearly all of them and lands near the long-run answer."""
    ranges = [equity.range_weight(0.56)] * 5
    weighted = equity.simulate(MINE, [], UNSEEN, 5, 400, random.Random(3), ranges)
    redealt = equity.simulate(MINE, [], UNSEEN, 5, 400, random.Random(3), ranges, redeal=8)
    assert _effective(weighted) < 60
    assert _effective(redealt) > 300
    reference = equity.simulate(MINE, [], UNSEEN, 5, 6000, random.Random(4), ranges, redeal=8)
    assert abs(redealt.equity() - reference.equity()) < 0.04


def test_redeal_changes_nothing_without_ranges() -> None:
    """No range read: the same draws as the plain deal (same seed, same answer)."""
    plain = equity.simulate(MINE, [], UNSEEN, 3, 300, random.Random(5))
    asked = equity.simulate(MINE, [], UNSEEN, 3, 300, random.Random(5), redeal=8)
    assert plain.share == asked.share


def test_redeal_against_strong_ranges_lowers_equity_t10() -> None:
    """Redealt hands really come from the range: against raisers a pair of aces is
    worth less than against anything."""
    loose = equity.simulate(MINE, [], UNSEEN, 4, 3000, random.Random(6)).equity()
    ranges = [equity.range_weight(0.72)] * 4
    tight = equity.simulate(MINE, [], UNSEEN, 4, 3000, random.Random(6), ranges, redeal=8)
    assert tight.equity() < loose - 0.03
    pcts = [x for deal in tight.pct for x in deal]
    assert sum(pcts) / len(pcts) > 0.6  # the raisers' hands are strong ones


def test_only_o_morto_reads_several_ranges_at_once_t10() -> None:
    """[T10] the boss's multi-way skill: he alone deals each opponent from his range."""
    for pid, p in PERSONAS.items():
        assert (skill_of(p).redeal > 0) == p.boss, pid
