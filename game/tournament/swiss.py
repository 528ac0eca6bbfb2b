"""Swiss pairing of duels [R2], as the seed describes it at every field size.

Round 1 is random; the bye (odd fields) goes to the highest registration number.
Later rounds order each score group by registration number (not by tie-breaks),
split it in half and pair the top half against the bottom half (1 v 5, 2 v 6 …);
the odd one out (the last of the bottom half) floats down and meets the top of
the next score group, which is then split again without the player he took.
The bye goes to the player with the fewest points who has had the fewest byes,
ties to the highest registration number. That is `seed_pairing`.

When the seed's pairing repeats a match, a maximum-weight matching (networkx)
repairs it; its weights encode, in strict order of importance:

1. as few rematches as possible — so an avoidable rematch is never forced;
2. no second bye while someone without one could take it;
3. the bye to the lowest-ranked entrant among those;
4. opponents of equal score (squared score gaps as small as possible), so a
   rematch is repaired inside the score group and a player crosses groups
   only when no rematch-free pairing inside it exists;
5. as many pairs of the seed's pairing as possible;
6. then the fold distance (a pair across score groups costs its squared rank
   distance).

The levels are packed into one integer per edge (mixed radix), each level's
radix larger than the most the levels below can add up to over a whole
matching, so a better level always wins. The blossom algorithm is exact but
slow on big fields, so above `EXACT_LIMIT` entrants the repair runs on the
smallest window of score groups around each repeated match that can be made
rematch-free (and, in the end, on the whole field), keeping the rest of the
seed's pairing as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import networkx as nx

from game.rng import Rng

#: Fields up to this size are paired by the exact matching directly.
EXACT_LIMIT = 64

#: number -> {opponent number: times they met}
Meetings = Mapping[int, Mapping[int, int]]


@dataclass(frozen=True)
class SwissPlayer:
    """An entrant as the pairing sees him (the list is in standings order)."""

    number: int
    score: int
    byes: int = 0


@dataclass(frozen=True)
class Pairing:
    """A round's pairs (higher-ranked entrant first) and the bye, if any."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None = None


def met_count(met: Meetings, a: int, b: int) -> int:
    """How many times `a` and `b` have met."""
    return met.get(a, {}).get(b, 0)


def rematches(pairing: Pairing, met: Meetings) -> int:
    """The number of pairs in `pairing` who met before (counting each earlier meeting)."""
    return sum(met_count(met, a, b) for a, b in pairing.pairs)


def seed_order(players: Sequence[SwissPlayer]) -> list[SwissPlayer]:
    """Score groups best first; inside a group, by registration number ([R2])."""
    return sorted(players, key=lambda p: (-p.score, p.number))


def seed_bye(players: Sequence[SwissPlayer]) -> int | None:
    """The seed's bye: among those with the fewest byes, the fewest points, ties
    to the highest registration number (`players` in `seed_order`)."""
    if len(players) % 2 == 0:
        return None
    fewest = min(p.byes for p in players)
    return [p for p in players if p.byes == fewest][-1].number


def seed_pairing(players: Sequence[SwissPlayer], bye: int | None) -> list[tuple[int, int]]:
    """The seed's pairs without the bye: fold each score group (registration
    order), the odd one floating down to the top of the next group, which is
    split again without the player he meets."""
    rest = [p for p in seed_order(players) if p.number != bye]
    pairs: list[tuple[int, int]] = []
    floater: int | None = None
    start = 0
    while start < len(rest):
        end = start
        while end < len(rest) and rest[end].score == rest[start].score:
            end += 1
        members = [p.number for p in rest[start:end]]
        if floater is not None:
            pairs.append((floater, members.pop(0)))
            floater = None
        half = len(members) // 2
        top, bottom = members[:half], members[half:]
        pairs.extend(zip(top, bottom, strict=False))
        if len(bottom) > len(top):
            floater = bottom[-1]
        start = end
    return pairs


def pair_first_round(ranked: Sequence[int], rng: Rng) -> Pairing:
    """Round 1 [R2]: random pairs; the bye to the last of `ranked` (the lowest-ranked)."""
    players = list(ranked)
    bye = players.pop() if len(players) % 2 else None
    rng.shuffle(players)
    pairs = tuple((players[i], players[i + 1]) for i in range(0, len(players) - 1, 2))
    return Pairing(pairs, bye)


def pair_swiss(players: Sequence[SwissPlayer], met: Meetings, *, method: str = "auto") -> Pairing:
    """Pair a round of a Swiss; `players` in standings order, best first.

    method: "exact" (one matching over the whole field), "fast" (score groups,
    falling back to exact matchings when needed) or "auto" (exact up to
    `EXACT_LIMIT` entrants).
    """
    if method not in ("auto", "exact", "fast"):
        raise ValueError(f"unknown pairing method {method!r}")
    if method == "exact" or (method == "auto" and len(players) <= EXACT_LIMIT):
        return pair_exact(players, met)
    return pair_fast(players, met)


# ---------------------------------------------------------------------------
# Exact: one maximum-weight matching over every possible pair


def pair_exact(players: Sequence[SwissPlayer], met: Meetings) -> Pairing:
    """The best pairing under the six levels of the module docstring."""
    players = seed_order(players)
    n = len(players)
    if n == 0:
        return Pairing(())
    if n == 1:
        return Pairing((), players[0].number)
    scores = [p.score for p in players]
    # Position inside the score group and the group's half size, for the fold.
    group_pos: list[int] = []
    group_half: list[int] = []
    start = 0
    while start < n:
        end = start
        while end < n and scores[end] == scores[start]:
            end += 1
        size = end - start
        group_pos.extend(range(size))
        group_half.extend([size // 2] * size)
        start = end
    numbers = [p.number for p in players]
    seed = {frozenset(q) for q in seed_pairing(players, seed_bye(players))}
    half = n // 2 + 1
    max_gap = max(scores) - min(scores)
    max_meet = max(
        (met_count(met, numbers[i], numbers[j]) for i in range(n) for j in range(i + 1, n)),
        default=0,
    )
    # Radices: each level's total over a matching stays below its radix.
    r_fold = n * n * half + 1
    r_seed = half + 1
    r_score = max_gap * max_gap * half + 1
    r_bye_rank = n + 1
    r_bye_repeat = max(p.byes for p in players) + 1
    unit_seed = r_fold
    unit_score = r_seed * unit_seed
    unit_bye_rank = r_score * unit_score
    unit_bye_repeat = r_bye_rank * unit_bye_rank
    unit_rematch = r_bye_repeat * unit_bye_repeat
    top = unit_rematch * (max_meet * half + 1)

    graph = nx.Graph()
    for i in range(n):
        for j in range(i + 1, n):
            if scores[i] == scores[j]:
                fold = abs(group_pos[j] - group_pos[i] - group_half[i])
            else:
                fold = (j - i) ** 2  # floaters meet the nearest ranks across the gap
            gap = scores[i] - scores[j]
            off_seed = 0 if frozenset((numbers[i], numbers[j])) in seed else 1
            cost = (
                met_count(met, numbers[i], numbers[j]) * unit_rematch
                + gap * gap * unit_score
                + off_seed * unit_seed
                + fold
            )
            graph.add_edge(i, j, weight=top - cost)
    if n % 2:
        bye_node = n
        for i, p in enumerate(players):
            cost = p.byes * unit_bye_repeat + (n - 1 - i) * unit_bye_rank
            graph.add_edge(i, bye_node, weight=top - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for u, v in matching:
        i, j = min(u, v), max(u, v)
        if j == n:
            bye = numbers[i]
        else:
            pairs.append((i, j))
    pairs.sort()
    return Pairing(tuple((numbers[i], numbers[j]) for i, j in pairs), bye)


# ---------------------------------------------------------------------------
# Fast: score group by score group, with an exact repair when stuck


def pair_fast(players: Sequence[SwissPlayer], met: Meetings) -> Pairing:
    """Pair big fields quickly: the seed's pairing itself when it repeats no match;
    else each repeated match is repaired exactly on the smallest window of score
    groups around it that can be made rematch-free, the rest left as the seed
    pairs it (see the module docstring)."""
    players = seed_order(players)
    n = len(players)
    if n < 2:
        return pair_exact(players, met)
    bye = seed_bye(players)
    rank = {p.number: i for i, p in enumerate(players)}
    pairs = seed_pairing(players, bye)
    group_of = {p.number: p.score for p in players}
    scores = sorted({p.score for p in players}, reverse=True)
    while True:
        bad = next(((a, b) for a, b in pairs if met_count(met, a, b)), None)
        if bad is None:
            break
        repaired = _repair_window(players, pairs, bad, bye, met, group_of, scores)
        if repaired is None:
            return pair_exact(players, met)
        pairs = repaired
    ordered = sorted(
        (tuple(sorted(pair, key=rank.__getitem__)) for pair in pairs), key=lambda q: rank[q[0]]
    )
    return Pairing(tuple((a, b) for a, b in ordered), bye)


def _repair_window(
    players: list[SwissPlayer],
    pairs: list[tuple[int, int]],
    bad: tuple[int, int],
    bye: int | None,
    met: Meetings,
    group_of: Mapping[int, int],
    scores: list[int],
) -> list[tuple[int, int]] | None:
    """Re-pair the score group of `bad` (growing to its neighbours) exactly."""
    partner: dict[int, int] = {}
    for a, b in pairs:
        partner[a] = b
        partner[b] = a
    g = scores.index(group_of[bad[0]])
    for radius in range(len(scores)):
        window = set(scores[max(0, g - radius) : g + radius + 1])
        members = {p.number for p in players if p.score in window and p.number != bye}
        # Close the set under the current partners (floaters bring their pairs).
        grow = True
        while grow:
            extra = {partner[m] for m in members if m in partner} - members
            grow = bool(extra)
            members |= extra
        sub = pair_exact([p for p in players if p.number in members], met)
        if sub.bye is None and rematches(sub, met) == 0:
            kept = [(a, b) for a, b in pairs if a not in members]
            return kept + list(sub.pairs)
        if len(members) + (bye is not None) >= len(players):
            return None
    return None


def _near(i: int, n: int) -> list[int]:
    """Indices 0..n-1 by distance from i, the lower-ranked side first on a tie."""
    out = [i] if i < n else []
    for d in range(1, n):
        if i + d < n:
            out.append(i + d)
        if 0 <= i - d < n:
            out.append(i - d)
    return out
