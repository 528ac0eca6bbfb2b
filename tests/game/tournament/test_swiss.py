"""Swiss pairing [R2]: checked against brute force over every possible pairing."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rng import Rng
from game.tournament.swiss import (
    Pairing,
    SwissPlayer,
    pair_exact,
    pair_fast,
    pair_first_round,
    pair_swiss,
    rematches,
)

Met = dict[int, dict[int, int]]


def all_pairings(numbers: list[int]) -> Iterator[Pairing]:
    """Every way to pair `numbers` (with one bye when odd)."""

    def walk(rest: list[int]) -> Iterator[list[tuple[int, int]]]:
        if not rest:
            yield []
            return
        a = rest[0]
        for k in range(1, len(rest)):
            b = rest[k]
            for tail in walk(rest[1:k] + rest[k + 1 :]):
                yield [(a, b), *tail]

    if len(numbers) % 2:
        for i, bye in enumerate(numbers):
            for pairs in walk(numbers[:i] + numbers[i + 1 :]):
                yield Pairing(tuple(pairs), bye)
    else:
        for pairs in walk(list(numbers)):
            yield Pairing(tuple(pairs), None)


def seed_pairs(players: list[SwissPlayer]) -> set[frozenset[int]]:
    """The seed's own procedure, written out independently: registration order
    inside each score group, fold, the odd one floats to the next group's top;
    the bye to the fewest byes, fewest points, highest registration number."""
    order = sorted(players, key=lambda q: (-q.score, q.number))
    bye = None
    if len(order) % 2:
        fewest = min(q.byes for q in order)
        bye = [q for q in order if q.byes == fewest][-1].number
    out: set[frozenset[int]] = set()
    carry: list[int] = []
    for score in sorted({q.score for q in order if q.number != bye}, reverse=True):
        group = carry + [q.number for q in order if q.score == score and q.number != bye]
        carry = []
        if len(group) and group[0] not in [q.number for q in order if q.score == score]:
            out.add(frozenset(group[:2]))
            group = group[2:]
        h = len(group) // 2
        for a, b in zip(group[:h], group[h:], strict=False):
            out.add(frozenset((a, b)))
        if len(group) % 2:
            carry = [group[-1]]
    return out


def levels(p: Pairing, players: list[SwissPlayer], met: Met) -> tuple[int, ...]:
    """The six levels of swiss.py's docstring, written out independently."""
    players = sorted(players, key=lambda q: (-q.score, q.number))
    seed = seed_pairs(players)
    index = {q.number: i for i, q in enumerate(players)}
    by = {q.number: q for q in players}
    n = len(players)
    bye_repeat = by[p.bye].byes if p.bye is not None else 0
    bye_rank = n - 1 - index[p.bye] if p.bye is not None else 0
    groups: dict[int, list[int]] = defaultdict(list)
    for q in players:
        groups[q.score].append(q.number)
    score = 0
    fold = 0
    off_seed = sum(1 for a, b in p.pairs if frozenset((a, b)) not in seed)
    for a, b in p.pairs:
        i, j = sorted((index[a], index[b]))
        sa, sb = players[i].score, players[j].score
        score += (sa - sb) ** 2
        if sa == sb:
            g = groups[sa]
            pi, pj = g.index(players[i].number), g.index(players[j].number)
            fold += abs(pj - pi - len(g) // 2)
        else:
            fold += (j - i) ** 2
    return (rematches(p, met), bye_repeat, bye_rank, score, off_seed, fold)


@st.composite
def fields(draw: st.DrawFn, max_n: int = 9) -> tuple[list[SwissPlayer], Met]:
    """A field in standings order with a random history of meetings and byes."""
    n = draw(st.integers(2, max_n))
    scores = sorted(draw(st.lists(st.integers(0, 12), min_size=n, max_size=n)), reverse=True)
    byes = draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    players = [SwissPlayer(i + 1, scores[i], byes[i]) for i in range(n)]
    met: Met = defaultdict(dict)
    pairs = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)]
    chosen = draw(st.lists(st.sampled_from(pairs), max_size=len(pairs) * 2)) if pairs else []
    for a, b in chosen:
        met[a][b] = met[a].get(b, 0) + 1
        met[b][a] = met[b].get(a, 0) + 1
    return players, met


@settings(max_examples=150, deadline=None)
@given(fields())
def test_exact_pairing_is_optimal_at_every_level_r2(field: tuple[list[SwissPlayer], Met]) -> None:
    """No avoidable rematch, no avoidable second bye, bye to the lowest-ranked, then
    equal scores, the seed's own pairs and the fold — each level as good as brute
    force can do."""
    players, met = field
    ours = pair_exact(players, met)
    best = min(levels(p, players, met) for p in all_pairings([q.number for q in players]))
    assert levels(ours, players, met) == best
    assert sorted([x for pair in ours.pairs for x in pair] + ([ours.bye] if ours.bye else [])) == [
        q.number for q in players
    ]


@settings(max_examples=150, deadline=None)
@given(fields())
def test_fast_pairing_never_forces_an_avoidable_rematch_r2(
    field: tuple[list[SwissPlayer], Met],
) -> None:
    """The fast path (big fields) keeps the rematch and bye guarantees exactly."""
    players, met = field
    ours = pair_fast(players, met)
    best = min(levels(p, players, met)[:3] for p in all_pairings([q.number for q in players]))
    assert levels(ours, players, met)[:3] == best


def test_no_rematch_when_a_rematch_free_pairing_exists_r2() -> None:
    # 4 players, 1-2 and 3-4 met: the only rematch-free pairings cross over.
    players = [SwissPlayer(n, 5 if n <= 2 else 0) for n in (1, 2, 3, 4)]
    met: Met = {1: {2: 1}, 2: {1: 1}, 3: {4: 1}, 4: {3: 1}}
    for method in ("exact", "fast"):
        p = pair_swiss(players, met, method=method)
        assert rematches(p, met) == 0
        assert sorted(p.pairs) == [(1, 3), (2, 4)]  # score gaps as small as possible, fold


def test_forced_rematch_is_taken_only_when_unavoidable_r2() -> None:
    # Two players who already met: the rematch is forced.
    players = [SwissPlayer(1, 5), SwissPlayer(2, 0)]
    met: Met = {1: {2: 1}, 2: {1: 1}}
    assert pair_swiss(players, met).pairs == ((1, 2),)


def test_fold_pairs_top_half_against_bottom_half() -> None:
    """Source example: a score group of 8 pairs 1 v 5, 2 v 6, 3 v 7, 4 v 8."""
    players = [SwissPlayer(n, 10) for n in range(1, 9)]
    for method in ("exact", "fast"):
        assert pair_swiss(players, {}, method=method).pairs == ((1, 5), (2, 6), (3, 7), (4, 8))


def test_odd_group_floats_its_last_player_to_the_next_group() -> None:
    """Source example: a group of 7 pairs 1-3 v 4-6; the 7th meets the top of the next group."""
    players = [SwissPlayer(n, 10) for n in range(1, 8)] + [SwissPlayer(n, 5) for n in range(8, 12)]
    for method in ("exact", "fast"):
        pairs = set(pair_swiss(players, {}, method=method).pairs)
        assert {(1, 4), (2, 5), (3, 6), (7, 8)} <= pairs, method
        assert pair_swiss(players, {}, method=method).bye == 11


def test_bye_goes_to_lowest_ranked_without_one_r2() -> None:
    players = [SwissPlayer(n, 10 - n, byes=1 if n == 5 else 0) for n in range(1, 6)]
    for method in ("exact", "fast"):
        assert pair_swiss(players, {}, method=method).bye == 4  # 5 already had one


def test_second_bye_only_when_everyone_has_had_one_r2() -> None:
    players = [SwissPlayer(n, 10 - n, byes=1) for n in range(1, 6)]
    for method in ("exact", "fast"):
        assert pair_swiss(players, {}, method=method).bye == 5


def test_bye_moves_up_when_the_lowest_would_force_a_rematch_r2() -> None:
    # 1 v 2 already met; giving the bye to 3 would force 1 v 2 again.
    players = [SwissPlayer(1, 5), SwissPlayer(2, 5), SwissPlayer(3, 0)]
    met: Met = {1: {2: 1}, 2: {1: 1}}
    for method in ("exact", "fast"):
        p = pair_swiss(players, met, method=method)
        assert rematches(p, met) == 0 and p.bye in (1, 2)
        assert p.bye == 2  # the lower-ranked of the two


def test_first_round_is_random_and_bye_to_last_registration_r2() -> None:
    ranked = list(range(1, 10))
    a = pair_first_round(ranked, Rng("a"))
    b = pair_first_round(ranked, Rng("b"))
    assert a.bye == b.bye == 9
    assert a.pairs != b.pairs
    assert pair_first_round(ranked, Rng("a")) == a  # seeded


def _simulate(n: int, rounds: int, method: str, seed: int, brute: bool = False) -> list[Pairing]:
    rnd = random.Random(seed)
    score = dict.fromkeys(range(1, n + 1), 0)
    byes: dict[int, int] = defaultdict(int)
    met: Met = defaultdict(dict)
    out = []
    for r in range(rounds):
        order = sorted(score, key=lambda k: (-score[k], k))
        if r == 0:
            p = pair_first_round(order, Rng(seed))
        else:
            players = [SwissPlayer(k, score[k], byes[k]) for k in order]
            p = pair_swiss(players, met, method=method)
            if brute:
                best = min(levels(q, players, met)[:3] for q in all_pairings(order))
                assert levels(p, players, met)[:3] == best
        out.append(p)
        if not brute:
            assert rematches(p, met) == 0
        for a, b in p.pairs:
            met[a][b] = met[a].get(b, 0) + 1
            met[b][a] = met[b].get(a, 0) + 1
            x, y = rnd.choice([(5, 0), (0, 5), (4, 1), (1, 4), (2, 2)])
            score[a] += x
            score[b] += y
        if p.bye is not None:
            score[p.bye] += 5
            byes[p.bye] += 1
    return out


def test_big_field_fast_path_stays_rematch_free_with_one_bye_each_r2() -> None:
    pairings = _simulate(1001, 9, "fast", seed=4)
    byes = [p.bye for p in pairings]
    assert len(set(byes)) == len(byes)  # nobody twice


def test_small_field_long_event_keeps_guarantees_r2() -> None:
    """7 players for 9 rounds: rematches and second byes come only when forced."""
    for method in ("exact", "fast"):
        for seed in range(4):
            _simulate(7, 9, method, seed=seed, brute=True)


def test_score_groups_pair_by_registration_number_not_tie_break_r2() -> None:
    """[R2] (revised): the caller's standings order (tie-breaks) does not order a
    score group; registration numbers do (and the bye's tie)."""
    players = [SwissPlayer(n, 10) for n in (4, 2, 3, 1)] + [SwissPlayer(n, 0) for n in (7, 5, 6)]
    for method in ("exact", "fast"):
        p = pair_swiss(players, {}, method=method)
        assert p.pairs == ((1, 3), (2, 4), (5, 6)) and p.bye == 7, method


def test_a_group_receiving_a_floater_is_split_again_without_him_r2() -> None:
    """Group of 5 (1-5): 1v3, 2v4, 5 floats; group 6-10 receives him: 5v6, then
    7-10 split again: 7v9, 8v10 (not 6v8 ... shifted)."""
    players = [SwissPlayer(n, 10) for n in range(1, 6)] + [SwissPlayer(n, 5) for n in range(6, 11)]
    for method in ("exact", "fast"):
        pairs = set(pair_swiss(players, {}, method=method).pairs)
        assert pairs == {(1, 3), (2, 4), (5, 6), (7, 9), (8, 10)}, method


def test_big_fields_pair_exactly_as_the_seed_when_nothing_repeats_r2() -> None:
    """Above 64 entrants the seed's procedure still holds exactly (no extra floats)."""
    rnd = random.Random(7)
    numbers = list(range(1, 202))
    rnd.shuffle(numbers)
    players = [SwissPlayer(k, rnd.choice([0, 5, 10, 15])) for k in numbers]
    players.sort(key=lambda q: -q.score)
    p = pair_swiss(players, {})
    assert {frozenset(x) for x in p.pairs} == seed_pairs(players)
    assert p.bye == max(q.number for q in players if q.score == min(x.score for x in players))


def test_a_rematch_is_repaired_inside_its_score_group_first_r2() -> None:
    """1v3 met: inside the group 1v4, 2v3 (or 1v2 ...) - nobody crosses groups."""
    players = [SwissPlayer(n, 10) for n in range(1, 5)] + [SwissPlayer(n, 0) for n in range(5, 9)]
    met: Met = {1: {3: 1}, 3: {1: 1}}
    for method in ("exact", "fast"):
        p = pair_swiss(players, met, method=method)
        assert rematches(p, met) == 0
        assert all((a <= 4) == (b <= 4) for a, b in p.pairs), method
        assert {(5, 7), (6, 8)} <= set(p.pairs)
