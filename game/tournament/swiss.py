"""Swiss pairing of duels [R2].

Round 1 is random; the bye (odd fields) goes to the lowest-ranked entrant, i.e.
the highest registration number when everyone is on 0. Later rounds pair the
standings by a maximum-weight matching (networkx) whose weights encode, in
strict order of importance:

1. as few rematches as possible — so an avoidable rematch is never forced;
2. no second bye while someone without one could take it;
3. the bye to the lowest-ranked entrant among those;
4. opponents of equal score (squared score gaps as small as possible);
5. the source's order inside a score group: top half against bottom half
   (1 v 5, 2 v 6 …), the odd one out floating down to meet the top of the
   next group (a pair across score groups costs its squared rank distance).

The levels are packed into one integer per edge (mixed radix), each level's
radix larger than the most the levels below can add up to over a whole
matching, so a better level always wins. networkx's blossom algorithm is exact
but slow on big fields, so above `EXACT_LIMIT` entrants a fast path pairs score
group by score group (floaters first, then the fold, trying the nearest
alternatives on a rematch). It only accepts a rematch-free pairing; when it
cannot find one it re-pairs a growing bottom slice of the standings exactly,
and in the end the whole field, so the guarantee of level 1 always holds.
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
    """The best pairing under the five levels of the module docstring."""
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
    half = n // 2 + 1
    max_gap = max(scores) - min(scores)
    max_meet = max(
        (met_count(met, numbers[i], numbers[j]) for i in range(n) for j in range(i + 1, n)),
        default=0,
    )
    # Radices: each level's total over a matching stays below its radix.
    r_fold = n * n * half + 1
    r_score = max_gap * max_gap * half + 1
    r_bye_rank = n + 1
    r_bye_repeat = max(p.byes for p in players) + 1
    unit_score = r_fold
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
            cost = (
                met_count(met, numbers[i], numbers[j]) * unit_rematch
                + gap * gap * unit_score
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
    """Pair big fields quickly; never accepts an avoidable rematch (see module doc)."""
    n = len(players)
    if n < 2:
        return pair_exact(players, met)
    bye: int | None = None
    rest = list(players)
    if n % 2:
        fewest = min(p.byes for p in players)
        # The lowest-ranked entrant among those with the fewest byes.
        k = max(i for i, p in enumerate(players) if p.byes == fewest)
        bye = rest.pop(k).number
    rank = {p.number: i for i, p in enumerate(players)}
    pairs, loose = _pair_groups(rest, met, rank)
    if loose:
        repaired = _repair_bottom(rest, pairs, loose, met)
        if repaired is None:
            return pair_exact(players, met)
        pairs = repaired
    ordered = sorted(
        (tuple(sorted(pair, key=rank.__getitem__)) for pair in pairs), key=lambda q: rank[q[0]]
    )
    return Pairing(tuple((a, b) for a, b in ordered), bye)


def _pair_groups(
    rest: list[SwissPlayer], met: Meetings, rank: Mapping[int, int]
) -> tuple[list[tuple[int, int]], list[SwissPlayer]]:
    """Pair score groups top-down; returns the pairs and whoever is still loose."""
    pairs: list[tuple[int, int]] = []
    floaters: list[SwissPlayer] = []
    start = 0
    while start < len(rest):
        end = start
        while end < len(rest) and rest[end].score == rest[start].score:
            end += 1
        got, floaters = _pair_pool(floaters, rest[start:end], met, rank)
        pairs.extend(got)
        start = end
    return pairs, floaters


def _pair_pool(
    floaters: list[SwissPlayer],
    group: list[SwissPlayer],
    met: Meetings,
    rank: Mapping[int, int],
) -> tuple[list[tuple[int, int]], list[SwissPlayer]]:
    """Floaters meet the top of the group; the rest of the group folds (1 v 5 …)."""
    pairs: list[tuple[int, int]] = []
    free = list(group)
    loose: list[SwissPlayer] = []
    for f in floaters:
        for k, g in enumerate(free):
            if not met_count(met, f.number, g.number):
                pairs.append((f.number, g.number))
                del free[k]
                break
        else:
            loose.append(f)
    half = len(free) // 2
    top, bottom = free[:half], free[half:]
    used = [False] * len(bottom)
    for i, a in enumerate(top):
        # The fold partner first, then the nearest alternatives (lower first).
        for j in _near(i, len(bottom)):
            if not used[j] and not met_count(met, a.number, bottom[j].number):
                used[j] = True
                pairs.append((a.number, bottom[j].number))
                break
        else:
            loose.append(a)
    loose.extend(b for j, b in enumerate(bottom) if not used[j])
    # Whoever is still loose tries the others still loose, then floats down.
    ranked = sorted(loose, key=lambda p: rank[p.number])
    left: list[SwissPlayer] = []
    while ranked:
        a = ranked.pop(0)
        for k, b in enumerate(ranked):
            if not met_count(met, a.number, b.number):
                pairs.append((a.number, b.number))
                del ranked[k]
                break
        else:
            left.append(a)
    return pairs, left


def _repair_bottom(
    rest: list[SwissPlayer],
    pairs: list[tuple[int, int]],
    loose: list[SwissPlayer],
    met: Meetings,
) -> list[tuple[int, int]] | None:
    """Re-pair a growing bottom slice of the standings exactly until it is rematch-free."""
    partner: dict[int, int] = {}
    for a, b in pairs:
        partner[a] = b
        partner[b] = a
    size = max(8, 4 * len(loose))
    while True:
        size = min(size, len(rest))
        members = {p.number for p in rest[len(rest) - size :]} | {p.number for p in loose}
        members |= {partner[m] for m in list(members) if m in partner}
        sub_players = [p for p in rest if p.number in members]
        sub = pair_exact(sub_players, met)
        if rematches(sub, met) == 0 and sub.bye is None:
            kept = [(a, b) for a, b in pairs if a not in members]
            return kept + list(sub.pairs)
        if size >= len(rest):
            return None
        size *= 2


def _near(i: int, n: int) -> list[int]:
    """Indices 0..n-1 by distance from i, the lower-ranked side first on a tie."""
    out = [i] if i < n else []
    for d in range(1, n):
        if i + d < n:
            out.append(i + d)
        if 0 <= i - d < n:
            out.append(i - d)
    return out
