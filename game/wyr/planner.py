"""What a bot knows from its view, and the discard & trade planner.

The planner scores every way to keep cards (deduplicated by ranks: suits never
matter) and every refill source with the exact distribution of draws from the
cards the bot has not seen, and, when allowed, with the face-up table cards it
could take. The score of a final hand comes from a value function the bot
supplies (expected points for `normal`, round-win chance for `hard`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from game.cards import JOKER_RANK, RANKS, Card, parse_card
from game.wyr.combos import evaluate_ranks
from game.wyr.odds import draw_outcomes
from game.wyr.records import Pass, Trade
from game.wyr.rules import HAND_SIZE

ValueFn = Callable[[tuple[int, ...]], float]


@dataclass
class TableCard:
    """One table position as the bot sees it (card None = face down, unknown)."""

    pos: int
    card: Card | None
    face_up: bool
    by: int | None


@dataclass
class Knowledge:
    """The parts of a view the planner needs."""

    seat: int
    hand: list[Card]
    table: list[TableCard]
    pile_size: int
    #: (rank, copies) of every card this seat has not seen this round
    unseen: tuple[tuple[int, int], ...]
    mao_de_wyr: bool
    trade_round: int
    extra: dict[str, Any] = field(default_factory=dict)


def knowledge(view: dict[str, Any]) -> Knowledge:
    """Read hand, table and the unseen-card counts from a view ([G4]: nothing else)."""
    seat = int(view["seat"])
    hand = [parse_card(c) for c in view["hand"]]
    table = [
        TableCard(
            i,
            parse_card(t["card"]) if t["card"] is not None else None,
            bool(t["face_up"]),
            t["by"],
        )
        for i, t in enumerate(view["table"])
    ]
    known: set[str] = {c.code for c in hand}
    known.update(t.card.code for t in table if t.card is not None)
    # Cards others took from the face-up table are in their hands, not the pile.
    for h in view.get("history", []):
        for code in h["taken"]:
            if code is not None:
                known.add(code)
        for code in h["discards"]:
            if code is not None:
                known.add(code)
    jokers_total = int(view["deck_size"]) - 52
    jokers_known = sum(1 for c in hand if c.is_joker) + sum(
        1 for t in table if t.card is not None and t.card.is_joker
    )
    counts: Counter[int] = Counter()
    for r in RANKS:
        for s in "SHDC":
            if Card(r, s).code not in known:
                counts[r] += 1
    if jokers_total - jokers_known > 0:
        counts[JOKER_RANK] = jokers_total - jokers_known
    trade = view.get("trade") or {}
    return Knowledge(
        seat=seat,
        hand=hand,
        table=table,
        pile_size=int(view["pile_size"]),
        unseen=tuple(sorted((r, c) for r, c in counts.items() if c > 0)),
        mao_de_wyr=bool(trade.get("mao_de_wyr", False)),
        trade_round=int(trade.get("trade_round", 1)),
    )


def keep_options(hand: list[Card], sizes: tuple[int, ...]) -> dict[tuple[int, ...], list[Card]]:
    """Sorted kept ranks -> one choice of cards to keep, for each allowed keep size."""
    out: dict[tuple[int, ...], list[Card]] = {}
    for size in sizes:
        for idx in combinations(range(len(hand)), size):
            cards = [hand[i] for i in idx]
            key = tuple(sorted(c.rank for c in cards))
            if key not in out:
                out[key] = cards
    return out


@dataclass
class Plan:
    """A chosen discard & trade move and the value the planner gave it."""

    value: float
    keep: list[Card]
    source: str
    take: tuple[int, ...] = ()

    def action(self, hand: list[Card], k: Knowledge) -> Pass | Trade:
        """The action that carries the plan out."""
        if self.source == "pass":
            return Pass()
        rest = list(hand)
        for c in self.keep:
            rest.remove(c)
        discard = tuple(sorted(rest))
        take = self.take
        source = self.source
        refill = len(discard) - (len(hand) - HAND_SIZE)
        if source == "pile" and k.pile_size == 0:
            # [Y3]: an empty pile gives nothing; the whole refill comes from the table.
            source = "table"
            ranked = sorted(
                (t for t in k.table if t.by != k.seat),
                key=lambda t: t.card.rank if t.card is not None else -1,
                reverse=True,
            )
            take = tuple(t.pos for t in ranked[:refill])
        elif source == "pile":
            short = refill - min(refill, k.pile_size)
            if short > 0:
                # The pile ran short: complete with the table cards it likes best.
                ranked = sorted(
                    (t for t in k.table if t.by != k.seat),
                    key=lambda t: t.card.rank if t.card is not None else -1,
                    reverse=True,
                )
                take = tuple(sorted(t.pos for t in ranked[:short]))
        return Trade(discard, source, tuple(sorted(take)))


class Evaluator:
    """Expected values of kept cards under one value function, memoised per decision."""

    def __init__(self, value: ValueFn, unseen: tuple[tuple[int, int], ...]) -> None:
        self.value_fn = value
        self.unseen = unseen
        self._memo: dict[tuple[int, ...], float] = {}

    def value(self, ranks: tuple[int, ...]) -> float:
        """Value of a final 5-card rank multiset (sorted)."""
        v = self._memo.get(ranks)
        if v is None:
            v = self.value_fn(ranks)
            self._memo[ranks] = v
        return v

    def expect_draw(self, keep: tuple[int, ...], n: int) -> float:
        """Expected value of `keep` plus n cards drawn from the unseen ones."""
        if n <= 0:
            return self.value(keep)
        total = 0.0
        for drawn, p in draw_outcomes(self.unseen, n):
            total += p * self.value(tuple(sorted(keep + drawn)))
        return total


def plan_trade(
    k: Knowledge,
    value: ValueFn,
    *,
    use_table: bool,
    evaluator: Evaluator | None = None,
) -> Plan:
    """The best discard & trade for the hand in `k` under `value` ([Y3], [Y4])."""
    ev = evaluator or Evaluator(value, k.unseen)
    hand = k.hand
    mao = k.mao_de_wyr
    # Mão de Wyr: discard 1 (no refill), or 2-3 and refill ([Y4]); else 1-3 ([Y3]).
    sizes = (5, 4, 3) if mao else (4, 3, 2)
    best: Plan | None = None
    if not mao:
        best = Plan(ev.value(tuple(sorted(c.rank for c in hand))), list(hand), "pass")
    # [Y3]: only cards the other lords discarded (or the Mão de Wyr turned up).
    takeable = [t for t in k.table if t.by != k.seat]
    visible = [t for t in takeable if t.card is not None]
    n_table = len(takeable)
    for ranks, cards in keep_options(hand, sizes).items():
        refill = HAND_SIZE - len(ranks)
        if refill == 0:
            plan = Plan(ev.value(ranks), cards, "none")
            if best is None or plan.value > best.value:
                best = plan
            continue
        # The pile must give at least one card; when short, the table completes it.
        if k.pile_size and refill - min(refill, k.pile_size) <= n_table:
            pile = Plan(ev.expect_draw(ranks, refill), cards, "pile")
            if best is None or pile.value > best.value:
                best = pile
        if use_table and n_table:
            need = min(refill, n_table)
            if len(visible) >= need and refill - need <= k.pile_size:
                table_plan = _best_take(ev, ranks, cards, visible, need, refill - need)
                if table_plan is not None and (best is None or table_plan.value > best.value):
                    best = table_plan
    assert best is not None
    return best


def _best_take(
    ev: Evaluator,
    keep: tuple[int, ...],
    cards: list[Card],
    visible: list[TableCard],
    need: int,
    from_pile: int,
) -> Plan | None:
    """The best `need` known table cards to take (plus `from_pile` random draws)."""
    by_rank: dict[int, list[int]] = {}
    for t in visible:
        assert t.card is not None
        by_rank.setdefault(t.card.rank, []).append(t.pos)
    ranks = sorted(by_rank)
    best: Plan | None = None
    for combo in _multisets(ranks, [len(by_rank[r]) for r in ranks], need):
        full = tuple(sorted(keep + combo))
        v = ev.expect_draw(full, from_pile)
        if best is None or v > best.value:
            used: Counter[int] = Counter()
            pos: list[int] = []
            for r in combo:
                pos.append(by_rank[r][used[r]])
                used[r] += 1
            best = Plan(v, cards, "table", tuple(sorted(pos)))
    return best


def _multisets(ranks: list[int], caps: list[int], k: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        if left == 0:
            out.append(tuple(acc))
            return
        if i >= len(ranks):
            return
        for m in range(min(caps[i], left), -1, -1):
            rec(i + 1, left - m, acc + [ranks[i]] * m)

    rec(0, k, [])
    return out


def points_value(ranks: tuple[int, ...]) -> float:
    """Normal's value: combination points, a hair more for higher ranks (ties, [Y6])."""
    pts, key, _ = evaluate_ranks(ranks)
    return pts + (key[0] / 1000 if key else 0.014)
