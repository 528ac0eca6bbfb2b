"""Melee tables [R5]: how many tables of which size, and who sits where.

The source gives the split for 3 to 12 players; above 12 a table of 4 is added
to the split of n - 4 (13 = the split of 9 plus a table of 4). A game whose seat
limits do not fit that split gets the nearest split that does: among the
table counts that can seat everyone, the one whose as-even-as-possible sizes
differ least from the source's (sum of size differences, tables paired largest
first), preferring tables of 3 or more and using tables of 2 only when nothing
else seats everyone.

Seating: round 1 is random. Later rounds minimise repeated opponents: the cost
of a seating is, over every table, the sum of (times met)^2 over its pairs, plus
a heavy penalty for a table identical to one of an earlier round (the source's
"no table with the same formation"). Up to `EXACT_SEATING_LIMIT` players every
seating is tried (random order among the best); above it a depth-first search
finds a seating with no repeated pair whenever one exists ([R5] revised); only
when none exists is a greedy seating improved by swapping players between
tables until no swap helps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from itertools import combinations

from game.rng import Rng

#: The source's table for 3-12 players (sizes of the tables).
SOURCE_SPLITS: dict[int, tuple[int, ...]] = {
    3: (3,),
    4: (4,),
    5: (5,),
    6: (3, 3),
    7: (3, 4),
    8: (4, 4),
    9: (3, 3, 3),
    10: (3, 3, 4),
    11: (4, 4, 3),
    12: (4, 4, 4),
}

#: Fields up to this size are seated by trying every seating.
EXACT_SEATING_LIMIT = 12
#: Cost of putting together exactly the players of an earlier table.
SAME_FORMATION_PENALTY = 1000

Meetings = Mapping[int, Mapping[int, int]]


def source_split(n: int) -> tuple[int, ...]:
    """The source's split of `n` players (n >= 3), largest tables first."""
    if n < 3:
        raise ValueError("a melee needs at least 3 players")
    sizes: list[int] = []
    while n > 12:
        sizes.append(4)
        n -= 4
    sizes.extend(SOURCE_SPLITS[n])
    return tuple(sorted(sizes, reverse=True))


def _distance(a: Sequence[int], b: Sequence[int]) -> int:
    """Sum of size differences, largest tables paired first (missing tables count 0)."""
    x = sorted(a, reverse=True)
    y = sorted(b, reverse=True)
    width = max(len(x), len(y))
    x += [0] * (width - len(x))
    y += [0] * (width - len(y))
    return sum(abs(p - q) for p, q in zip(x, y, strict=True))


def table_split(n: int, min_seats: int = 3, max_seats: int = 4) -> tuple[int, ...] | None:
    """The table sizes for `n` players of a game seating `min_seats`..`max_seats`.

    The source's split when every table fits, else the nearest split that fits
    (see the module docstring); None when the game cannot seat `n` players in
    melee tables (fewer than 3 players, or a game of at most 2 seats).
    """
    if n < 3 or max_seats < 3:
        return None
    source = source_split(n)
    if all(min_seats <= s <= max_seats for s in source):
        return source
    for low in (max(3, min_seats), max(2, min_seats)):
        best: tuple[int, int, tuple[int, ...]] | None = None
        for k in range(-(-n // max_seats), n // low + 1):
            q, r = divmod(n, k)
            sizes = tuple([q + 1] * r + [q] * (k - r))
            if not all(low <= s <= max_seats for s in sizes):
                continue
            key = (_distance(sizes, source), abs(k - len(source)), sizes)
            if best is None or key[:2] < best[:2]:
                best = key
        if best is not None:
            return best[2]
    return None


def seating_cost(
    tables: Sequence[Sequence[int]], met: Meetings, past: Collection[frozenset[int]] = ()
) -> int:
    """Cost of a seating: (times met)^2 summed over pairs, plus repeated formations."""
    return sum(_table_cost(t, met, past) for t in tables)


def repeated_pairs(tables: Sequence[Sequence[int]], met: Meetings) -> int:
    """How many pairs of tablemates have met before."""
    return sum(1 for t in tables for a, b in combinations(t, 2) if met.get(a, {}).get(b, 0))


def _table_cost(table: Sequence[int], met: Meetings, past: Collection[frozenset[int]]) -> int:
    cost = 0
    for a, b in combinations(table, 2):
        m = met.get(a, {}).get(b, 0)
        cost += m * m
    if frozenset(table) in past:
        cost += SAME_FORMATION_PENALTY
    return cost


def seat_tables(
    players: Sequence[int],
    sizes: Sequence[int],
    met: Meetings,
    rng: Rng,
    past: Collection[frozenset[int]] = (),
) -> list[list[int]]:
    """Seat `players` at tables of `sizes`, minimising repeats; seat order random."""
    if sum(sizes) != len(players):
        raise ValueError("the table sizes do not add up to the players")
    order = list(players)
    rng.shuffle(order)
    if not met and not past:
        tables = []
        at = 0
        for s in sizes:
            tables.append(order[at : at + s])
            at += s
    elif len(order) <= EXACT_SEATING_LIMIT:
        tables = _seat_exact(order, sizes, met, past)
    else:
        # [R5] (revised): a seating with no repeated pair whenever one exists.
        clean = _seat_clean(order, sizes, met)
        tables = clean if clean is not None else _seat_search(order, sizes, met, past)
    # Largest tables first (the split's order), each table in a random seat order.
    tables.sort(key=len, reverse=True)
    for t in tables:
        rng.shuffle(t)
    return tables


def _seat_exact(
    order: list[int], sizes: Sequence[int], met: Meetings, past: Collection[frozenset[int]]
) -> list[list[int]]:
    """Try every seating (each set partition once); the first best in `order` wins."""
    best_cost: list[int | None] = [None]
    best: list[list[list[int]]] = [[]]

    def walk(rest: list[int], left: Counter[int], chosen: list[list[int]], cost: int) -> None:
        bc = best_cost[0]
        if bc is not None and cost >= bc:
            return
        if not rest:
            best_cost[0] = cost
            best[0] = [list(t) for t in chosen]
            return
        head, tail = rest[0], rest[1:]
        for size in sorted(left, reverse=True):
            if not left[size]:
                continue
            for mates in combinations(tail, size - 1):
                table = [head, *mates]
                left[size] -= 1
                chosen.append(table)
                remaining = [p for p in tail if p not in mates]
                walk(remaining, left, chosen, cost + _table_cost(table, met, past))
                chosen.pop()
                left[size] += 1

    walk(order, Counter(sizes), [], 0)
    return best[0]


#: Search nodes `_seat_clean` may visit before it gives up (it needs far fewer
#: on any field a tournament meets; the cap only bounds a pathological one).
CLEAN_NODE_LIMIT = 400_000


def _seat_clean(order: list[int], sizes: Sequence[int], met: Meetings) -> list[list[int]] | None:
    """A seating in which nobody meets anyone again, or None when there is none.

    Depth-first: the player with the fewest tables he may still join goes first;
    empty tables of one size are interchangeable, so only the first is tried.
    """
    conflict = {p: {q for q, k in met.get(p, {}).items() if k} for p in order}
    tables: list[list[int]] = [[] for _ in sizes]
    left = set(order)
    nodes = [0]

    def options(p: int) -> list[int]:
        out: list[int] = []
        empty_sizes: set[int] = set()
        for k, t in enumerate(tables):
            if len(t) >= sizes[k]:
                continue
            if not t:
                if sizes[k] in empty_sizes:
                    continue
                empty_sizes.add(sizes[k])
            elif conflict[p] & set(t):
                continue
            out.append(k)
        return out

    def walk() -> bool:
        if not left:
            return True
        nodes[0] += 1
        if nodes[0] > CLEAN_NODE_LIMIT:
            return False
        best_p, best_opts = -1, list[int]()
        for p in sorted(left, key=order.index):
            opts = options(p)
            if best_p < 0 or len(opts) < len(best_opts):
                best_p, best_opts = p, opts
                if not opts:
                    return False
        left.discard(best_p)
        for k in best_opts:
            tables[k].append(best_p)
            if walk():
                return True
            tables[k].pop()
        left.add(best_p)
        return False

    return [list(t) for t in tables] if walk() else None


def _seat_search(
    order: list[int], sizes: Sequence[int], met: Meetings, past: Collection[frozenset[int]]
) -> list[list[int]]:
    """Greedy seating, then swaps between tables while any swap lowers the cost."""
    tables: list[list[int]] = [[] for _ in sizes]
    for p in order:
        best_k = -1
        best_add = 0
        for k, t in enumerate(tables):
            if len(t) >= sizes[k]:
                continue
            add = sum(met.get(p, {}).get(q, 0) ** 2 for q in t)
            if best_k < 0 or add < best_add:
                best_k, best_add = k, add
        tables[best_k].append(p)
    costs = [_table_cost(t, met, past) for t in tables]
    for _ in range(50):
        improved = False
        for x in range(len(tables)):
            if not costs[x]:
                continue  # only tables with a repeat can gain from a swap
            for y in range(len(tables)):
                if y == x:
                    continue
                for i in range(len(tables[x])):
                    for j in range(len(tables[y])):
                        a, b = tables[x][i], tables[y][j]
                        tables[x][i], tables[y][j] = b, a
                        cx = _table_cost(tables[x], met, past)
                        cy = _table_cost(tables[y], met, past)
                        if cx + cy < costs[x] + costs[y]:
                            costs[x], costs[y] = cx, cy
                            improved = True
                        else:
                            tables[x][i], tables[y][j] = a, b
        if not improved:
            break
    return tables
