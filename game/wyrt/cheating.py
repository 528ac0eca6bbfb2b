"""Cheating at Wyrt ([T9]): the difficulty ladder, the (house) 1d6 test, the steal.

The difficulty comes from the opponent of highest Inteligência at the table:
I 0 very easy … I 6+ very hard, one level harder for each of Crime and
Manipulação that opponent has; any opponent with Radar, whatever his I, sets
very hard before those steps. A test rolls 1d6
and succeeds on roll <= attribute + modifier (modifier +3 very easy … −3 very
hard, −1 more per level beyond); a 6 always fails. The test is double:
Inteligência, then Habilidade at the same level; after a failed Inteligência
test the cheater gives up or takes the Habilidade test one level harder.

A successful cheat rolls 1d6: the cheater looks through the deck, takes that many
cards of his choice and discards back to five (the discards are shuffled back).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.cards import SUITS, Card
from game.wyrt.evaluator import evaluate
from game.wyrt.personas import CRIME, MANIPULATION, RADAR, Persona

LEVEL_NAMES: tuple[str, ...] = (
    "very_easy",
    "easy",
    "easy_medium",
    "medium",
    "medium_hard",
    "hard",
    "very_hard",
)
VERY_HARD = 6


def level_name(level: int) -> str:
    """Translation-friendly name of a difficulty level (beyond very hard: very_hard)."""
    return LEVEL_NAMES[min(level, VERY_HARD)]


def watcher_level(watcher: Persona) -> int:
    """The difficulty a single opponent sets: I ladder, Radar, then Crime/Manipulação."""
    base = VERY_HARD if RADAR in watcher.perks else min(max(watcher.i, 0), VERY_HARD)
    return base + (CRIME in watcher.perks) + (MANIPULATION in watcher.perks)


@dataclass(frozen=True)
class Difficulty:
    """The difficulty a cheater faces and the opponent who sets it."""

    level: int
    watcher: int  # seat of the opponent of highest I (-1 when nobody watches)

    @property
    def name(self) -> str:
        """very_easy … very_hard."""
        return level_name(self.level)

    @property
    def modifier(self) -> int:
        """+3 very easy … −3 very hard, −1 more per level beyond."""
        return modifier(self.level)


def modifier(level: int) -> int:
    """Test modifier of a difficulty level (house rule of [T9])."""
    return 3 - level


def table_difficulty(opponents: Sequence[tuple[int, Persona]]) -> Difficulty:
    """Difficulty from the opponent of highest I, or from any opponent with Radar
    whatever his I ([T9] revised); among several, the hardest sets it."""
    if not opponents:
        return Difficulty(0, -1)
    top_i = max(p.i for _, p in opponents)
    best = max(
        (watcher_level(p), -seat, seat) for seat, p in opponents if p.i == top_i or RADAR in p.perks
    )
    return Difficulty(best[0], best[2])


def test_target(attribute: int, level: int) -> int:
    """Highest roll that passes (a 6 fails anyway)."""
    return attribute + modifier(level)


def passes(roll: int, attribute: int, level: int) -> bool:
    """Whether a 1d6 roll passes the test ([T9] house rule)."""
    return roll != 6 and roll <= test_target(attribute, level)


def pass_chance(attribute: int, level: int) -> float:
    """Probability that one test passes."""
    return max(0, min(5, test_target(attribute, level))) / 6


@dataclass(frozen=True)
class CheatOdds:
    """Chances of the whole double test under a policy for a failed I test."""

    steal: float
    caught: float
    gave_up: float


def cheat_odds(h: int, i: int, level: int, press_after_fail: bool = True) -> CheatOdds:
    """The formula's expected outcome of a cheating attempt."""
    p_i = pass_chance(i, level)
    p_h = pass_chance(h, level)
    p_h2 = pass_chance(h, level + 1)
    steal = p_i * p_h
    caught = p_i * (1 - p_h)
    gave_up = 0.0
    if press_after_fail:
        steal += (1 - p_i) * p_h2
        caught += (1 - p_i) * (1 - p_h2)
    else:
        gave_up = 1 - p_i
    return CheatOdds(steal, caught, gave_up)


# ---------------------------------------------------------------------------
# Choosing the cards to steal


def _take(needed: Sequence[Card], hand: Counter[Card], deck: Counter[Card]) -> int | None:
    """Deck cards a target needs beyond the hand, or None if the deck lacks them."""
    missing = Counter(needed) - hand
    for card, n in missing.items():
        if deck[card] < n:
            return None
    return sum(missing.values())


def _targets(hand: Sequence[Card], deck: Sequence[Card]) -> list[list[Card]]:
    """Candidate five-card hands worth building (each checked for cost later)."""
    pool = sorted(set(hand) | set(deck), key=lambda c: (c.rank, c.suit), reverse=True)
    held = sorted(hand, key=lambda c: c.rank, reverse=True)
    out: list[list[Card]] = []
    windows = [list(range(top, top - 5, -1)) for top in range(14, 5, -1)] + [[5, 4, 3, 2, 14]]
    for s in SUITS:
        for w in windows:
            out.append([Card(r, s) for r in w])
        suited = [c for c in pool if c.suit == s]
        if len(suited) >= 5:
            # the flush from the held cards of the suit plus the highest others
            mine = [c for c in held if c.suit == s]
            rest = [c for c in suited if c not in mine]
            out.append((mine + rest)[:5] if len(mine) < 5 else mine[:5])
            out.append(suited[:5])
    by_rank: dict[int, list[Card]] = {}
    for c in pool:
        by_rank.setdefault(c.rank, []).append(c)
    ranks = sorted(by_rank, reverse=True)
    for r in ranks:
        cards = by_rank[r]
        if len(cards) == 4:
            kicker = next((c for c in held if c.rank != r), None) or next(
                c for c in pool if c.rank != r
            )
            out.append(cards + [kicker])
        for r2 in ranks:
            if r2 != r and len(cards) >= 3 and len(by_rank[r2]) >= 2:
                out.append(cards[:3] + by_rank[r2][:2])
    for w in windows:
        line: list[Card] = []
        for r in w:
            pick = next((c for c in held if c.rank == r), None) or next(
                (c for c in pool if c.rank == r), None
            )
            if pick is None:
                break
            line.append(pick)
        if len(line) == 5:
            out.append(line)
    # three of a kind / two pair / pair on the held cards' ranks, best kickers
    for r in {c.rank for c in held}:
        same = by_rank[r]
        others = [c for c in held if c.rank != r] + [c for c in pool if c.rank != r]
        for k in (3, 2):
            if len(same) >= k:
                kick: list[Card] = []
                for c in others:
                    if c not in kick and c.rank != r:
                        kick.append(c)
                    if len(kick) == 5 - k:
                        break
                out.append(same[:k] + kick)
    return out


def best_steal(
    hand: Sequence[Card], deck: Sequence[Card], n: int, board: Sequence[Card] = ()
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A strong (take, discard) for a cheater allowed `n` cards from `deck`.

    Builds candidate hands (straight flushes, quads, full houses, flushes,
    straights, sets) that need at most `n` deck cards, values each with the dice
    cards already on the table, and keeps the best; extra takes are discarded.
    """
    n = min(n, len(deck))
    hand_c: Counter[Card] = Counter(hand)
    deck_c: Counter[Card] = Counter(deck)
    best_score = evaluate(list(hand) + list(board)).score
    best_target: list[Card] = list(hand)
    best_cost = 0
    for target in _targets(hand, deck):
        if len(target) != 5:
            continue
        cost = _take(target, hand_c, deck_c)
        if cost is None or cost > n:
            continue
        score = evaluate(target + list(board)).score
        if score > best_score or (score == best_score and cost < best_cost):
            best_score, best_target, best_cost = score, target, cost
    take_list = list((Counter(best_target) - hand_c).elements())
    # Pad the take to exactly n with the lowest deck cards left, discarded again.
    left = deck_c - Counter(take_list)
    spare = sorted(left.elements(), key=lambda c: (c.rank, c.suit))
    pad = spare[: n - len(take_list)]
    discard = list((hand_c - Counter(best_target)).elements()) + pad
    return tuple(take_list + pad), tuple(discard)


def null_steal(
    hand: Sequence[Card], deck: Sequence[Card], n: int
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Take the n lowest deck cards and discard them again (hand unchanged)."""
    n = min(n, len(deck))
    take = tuple(sorted(deck, key=lambda c: (c.rank, c.suit))[:n])
    return take, take


def valid_steal(
    hand: Sequence[Card],
    deck: Sequence[Card],
    n: int,
    take: Sequence[Card],
    discard: Sequence[Card],
) -> bool:
    """Whether taking `take` and discarding `discard` is a legal steal of n cards."""
    n = min(n, len(deck))
    if len(take) != n or len(discard) != n:
        return False
    if Counter(take) - Counter(deck):
        return False
    return not (Counter(discard) - (Counter(hand) + Counter(take)))
