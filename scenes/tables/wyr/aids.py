"""Practice aids for Wyr: odds of improving, the final-score spread, hint reasons.

Pure arithmetic over a view ([G4]: nothing a lord could not know), built on the
engine's exact odds (`game.wyr.odds`) and combination order ([Y5], [Y6]).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from game import Action
from game.cards import Card, parse_card
from game.wyr.betting import Table, standing_pick
from game.wyr.combos import REIS_POINTS, best_combination, evaluate_ranks
from game.wyr.odds import (
    beat_probability,
    dice_dist,
    draw_outcomes,
    reis_dice_dist,
    reroll_dist,
    tie_share,
)
from game.wyr.planner import knowledge
from game.wyr.records import MulliganChoice, Pass, PickBet, ThyatisChoice, Trade
from game.wyr.rules import HAND_SIZE


def hand_cards(view: dict[str, Any]) -> list[Card]:
    """The viewer's hand as cards."""
    return [parse_card(c) for c in view.get("hand") or []]


def current_points(hand: list[Card]) -> int:
    """Points of the best five cards of a hand (the Mão de Wyr holds six)."""
    if len(hand) <= HAND_SIZE:
        return best_combination(hand).points if hand else 0
    return max(best_combination(list(c)).points for c in combinations(hand, HAND_SIZE))


def improve_chance(
    view: dict[str, Any],
    discard: list[int],
    source: str,
    takes: Sequence[int] = (),
) -> float:
    """P(a better combination) after discarding hand indices `discard` ([Y3], [Y4]).

    The refill comes from `source`: "pile" draws from the unseen cards, "table"
    takes the chosen table positions (face-down ones count as unseen draws),
    "none" keeps five cards of the Mão de Wyr's six.
    """
    hand = hand_cards(view)
    base = current_points(hand)
    keep = [c.rank for i, c in enumerate(hand) if i not in discard]
    refill = len(discard) - (len(hand) - HAND_SIZE)
    known: list[int] = []
    if source == "table":
        table = view.get("table") or []
        for p in list(takes)[:refill]:
            code = table[p]["card"] if 0 <= p < len(table) else None
            if code is not None:
                known.append(parse_card(code).rank)
    fixed = keep + known
    unknown = max(0, HAND_SIZE - len(fixed)) if source != "none" else 0
    if source == "none":
        return 1.0 if _points(fixed) > base else 0.0
    unseen = knowledge(view).unseen
    total = 0.0
    for drawn, chance in draw_outcomes(unseen, unknown):
        if _points(fixed + list(drawn)) > base:
            total += chance
    return total


def _points(ranks: list[int]) -> int:
    return evaluate_ranks(tuple(sorted(ranks)))[0]


def best_discards(view: dict[str, Any], mao: bool, top: int = 3) -> list[tuple[list[int], float]]:
    """The discards (hand indices) with the best chance of improving by the pile."""
    hand = hand_cards(view)
    sizes = (2, 3) if mao else (1, 2, 3)
    seen: dict[tuple[int, ...], tuple[list[int], float]] = {}
    for k in sizes:
        for idx in combinations(range(len(hand)), k):
            key = tuple(sorted(hand[i].rank for i in idx))
            if key in seen:
                continue
            seen[key] = (list(idx), improve_chance(view, list(idx), "pile"))
    ranked = sorted(seen.values(), key=lambda t: (-t[1], len(t[0])))
    return [r for r in ranked if r[1] > 0][:top]


# ---------------------------------------------------------------------------
# Hora da Verdade


def score_distribution(points: int, nimb: bool) -> list[tuple[int, float]]:
    """The final score (points + dice) a combination may reach, with its chance ([Y7], [Y9])."""
    n = 3 if nimb else 2
    dist = reis_dice_dist(n) if points == REIS_POINTS else dice_dist(n)
    return [(points + t, p) for t, p in dist]


def _strength(codes: list[str]) -> tuple[int, tuple[int, ...]]:
    return best_combination([parse_card(c) for c in codes]).strength


def pot_chance(view: dict[str, Any], seat: int, dice_total: int | None = None) -> float:
    """P(`seat` takes the pot) from the hands shown and the scores already set.

    Lords still to roll roll plain dice (twice for a Reis de Arton); a score
    tie goes by [Y8]/[Y9] (a coin flip when equal, or under Nimb). With
    `dice_total` the seat's own dice are fixed at that total.
    """
    show = view.get("show")
    if not show:
        return 0.0
    nimb = bool((view.get("variants") or {}).get("nimb"))
    hands = show["hands"]
    order = [s for s in show["order"]]
    points = show["points"]
    scores = show["scores"]
    mine = _strength(hands[seat])
    if dice_total is not None:
        my_dist = [(int(points[seat]) + dice_total, 1.0)]
    elif scores[seat] is not None:
        my_dist = [(int(scores[seat]), 1.0)]
    else:
        my_dist = score_distribution(int(points[seat]), nimb)
    n = 3 if nimb else 2
    total = 0.0
    for score, pr in my_dist:
        p = pr
        for other in order:
            if other == seat:
                continue
            strength = _strength(hands[other])
            if scores[other] is not None and other != show.get("pending"):
                s = int(scores[other])
                if s > score:
                    p = 0.0
                elif s == score:
                    p *= tie_share(mine, strength, nimb)
                continue
            pts = int(points[other])
            if show["dice"][other] is not None and other == show.get("pending"):
                dist = {sum(show["dice"][other]): 1.0}
            else:
                dist = dict(reis_dice_dist(n) if pts == REIS_POINTS else dice_dist(n))
            p *= beat_probability(score, mine, pts, strength, dist, nimb)
        total += p
    return total


def reroll_chances(view: dict[str, Any], seat: int) -> tuple[float, float]:
    """Thyatis ([Y11]): P(take the pot) keeping the roll, and rerolling the lowest die."""
    show = view["show"]
    dice = list(show["dice"][seat])
    keep = pot_chance(view, seat, sum(dice))
    again = sum(p * pot_chance(view, seat, t) for t, p in reroll_dist(dice).items())
    return keep, again


# ---------------------------------------------------------------------------
# Hints: one line of why


def hint_reason(view: dict[str, Any], action: Action) -> tuple[str, dict[str, Any]]:
    """The translation key and parameters of a one-line reason for a hard-bot hint."""
    seat = int(view["seat"])
    if isinstance(action, PickBet):
        t = Table.from_view(view)
        heuristic = standing_pick(t, seat)
        totals = t.totals()
        mine = totals[t.unit(seat)]
        azgher = bool(view["variants"]["azgher"])
        if t.money[seat] < 50 and not azgher:
            return "wyrtable.why.bet_short", {"amount": action.amount}
        lead = all(mine <= x for x in totals) if azgher else all(mine >= x for x in totals)
        last = all(mine >= x for x in totals) if azgher else all(mine <= x for x in totals)
        key = "lead" if lead and not last else "last" if last and not lead else "middle"
        agree = "same" if heuristic == action.amount else "other"
        return f"wyrtable.why.bet_{key}", {"amount": action.amount, "agree": agree}
    if isinstance(action, MulliganChoice):
        hand = hand_cards(view)
        combo = best_combination(hand).name if hand else "maior_tesouro"
        return (
            "wyrtable.why.mulligan" if action.mulligan else "wyrtable.why.keep_hand",
            {"combination": combo},
        )
    if isinstance(action, ThyatisChoice):
        keep, again = reroll_chances(view, seat)
        return (
            "wyrtable.why.reroll" if action.reroll else "wyrtable.why.keep_roll",
            {"keep": round(keep * 100), "again": round(again * 100)},
        )
    hand = hand_cards(view)
    if isinstance(action, Pass):
        return "wyrtable.why.pass", {"combination": best_combination(hand).name}
    assert isinstance(action, Trade)
    rest = list(hand)
    for c in action.discard:
        rest.remove(c)
    idx = _indices(hand, action.discard)
    kept = best_combination(rest).name if rest else "maior_tesouro"
    if action.source == "none":
        return "wyrtable.why.mao_one", {"combination": best_combination(rest).name}
    chance = improve_chance(view, idx, action.source, list(action.take))
    key = "wyrtable.why.trade_table" if action.source == "table" else "wyrtable.why.trade_pile"
    return key, {"kept": kept, "count": len(action.discard), "percent": round(chance * 100)}


def _indices(hand: list[Card], cards: tuple[Card, ...]) -> list[int]:
    """Hand indices of `cards` (equal cards matched one each)."""
    out: list[int] = []
    for c in cards:
        for i, h in enumerate(hand):
            if h == c and i not in out:
                out.append(i)
                break
    return out
