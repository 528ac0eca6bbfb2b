"""Battles and their exact odds under [W6].

A roll: the attacker throws 1-3 dice, the defender min(3, armies); both sorted
high to low, compared pair by pair for min(attacker dice, defender dice) pairs;
the defender wins ties; each lost pair costs that side one army.

`win_probability` and `attack_distribution` solve the Markov chain of repeated
rolls exactly (no sampling): the state is (armies able to attack, defenders)
and every roll moves to a state with fewer armies in total, so one sweep over
the states in decreasing total gives every probability.

Past `TABLE_LIMIT` armies a side (stacks a long game builds) the full table
would cost seconds and a hundred MiB; such a battle is swept on its own, and
states less likely than `NEGLIGIBLE` are dropped on the way: they move the
answer by less than 1e-12, the size of float rounding over such a sweep.
"""

from __future__ import annotations

import itertools
import threading
from fractions import Fraction
from functools import cache, lru_cache

#: (attacker dice, defender dice) -> ((attacker losses, defender losses), probability)
OutcomeTable = dict[tuple[int, int], tuple[tuple[tuple[int, int], float], ...]]


def resolve_battle(
    attack_dice: tuple[int, ...] | list[int], defense_dice: tuple[int, ...] | list[int]
) -> tuple[int, int]:
    """Compare one roll ([W6]); returns (attacker losses, defender losses).

    Dice are compared highest with highest; ties go to the defender; only
    min(len(attack), len(defense)) pairs count.
    """
    att = sorted(attack_dice, reverse=True)
    dfn = sorted(defense_dice, reverse=True)
    lost_a = lost_d = 0
    for a, d in zip(att, dfn, strict=False):
        if a > d:
            lost_d += 1
        else:
            lost_a += 1
    return lost_a, lost_d


@cache
def _sorted_rolls(n: int) -> dict[tuple[int, ...], int]:
    """How many of the 6**n rolls of `n` dice show each set of faces (sorted high to low)."""
    counts: dict[tuple[int, ...], int] = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        key = tuple(sorted(faces, reverse=True))
        counts[key] = counts.get(key, 0) + 1
    return counts


@cache
def roll_outcomes_exact(
    attack_n: int, defense_n: int
) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """Exact probabilities of each (attacker losses, defender losses) of one roll."""
    if not (1 <= attack_n <= 3 and 1 <= defense_n <= 3):
        raise ValueError("each side rolls 1 to 3 dice")
    # Each side's roll counted by its sorted faces (56 kinds for 3 dice) and the
    # kinds paired: the same counts as the 6**6 rolls one by one, which cost the
    # table's first odds 0.1-0.3 s on the render thread.
    counts: dict[tuple[int, int], int] = {}
    for att, n_att in _sorted_rolls(attack_n).items():
        for dfn, n_dfn in _sorted_rolls(defense_n).items():
            key = resolve_battle(att, dfn)
            counts[key] = counts.get(key, 0) + n_att * n_dfn
    total = 6 ** (attack_n + defense_n)
    return tuple(sorted((k, Fraction(v, total)) for k, v in counts.items()))


@cache
def roll_outcomes(attack_n: int, defense_n: int) -> tuple[tuple[tuple[int, int], float], ...]:
    """Like `roll_outcomes_exact`, as floats."""
    return tuple((k, float(p)) for k, p in roll_outcomes_exact(attack_n, defense_n))


def until_stop(armies_left: int) -> int:
    """The `stop` (attackers able to attack) of "attack until N armies are left in
    the source": N armies there are N - 1 able ones plus the occupation army; 0
    (or 1) means "until conquest or no attacker is left"."""
    return max(0, armies_left - 1)


def until_dice(attackers: int, stop: int = 0) -> int:
    """Dice of the next roll of "attack until conquest or `stop` attackers left".

    min(3, attackers - stop): the roll can never take the attacker below its
    stop; 0 means the attack stops. `attack_distribution` computes its odds
    with exactly this function, and the table rolls exactly these dice, so the
    chance shown is the chance played ([W6], [W12]).
    """
    return max(0, min(3, attackers - stop))


@lru_cache(maxsize=8192)
def attack_distribution(
    attackers: int, defenders: int, stop: int = 0
) -> tuple[tuple[tuple[int, int], float], ...]:
    """Final states of "attack until conquest or until `stop` attackers are left".

    `attackers` are the armies able to attack (armies in the source minus the
    occupation army), `defenders` the armies in the target. Each roll the
    attacker uses `until_dice(attackers, stop)` = min(3, attackers - stop)
    dice, so it never drops below `stop`; with stop = 0 that is the most dice
    it can roll ([W12]). Returns
    ((attackers left, defenders left), probability) pairs; defenders left == 0
    means the territory was taken. Probabilities sum to 1 (to 1e-12 past
    `TABLE_LIMIT`, where negligible states are dropped).
    """
    if attackers < 0 or defenders < 0 or stop < 0:
        raise ValueError("armies cannot be negative")
    big = max(attackers, defenders) >= TABLE_LIMIT
    final = _sweep(attackers, defenders, stop, NEGLIGIBLE if big else 0.0)
    return tuple(sorted(final.items()))


#: armies a side up to which `win_probability` keeps a full table
TABLE_LIMIT = 400
#: past the table, states less likely than this are dropped from a sweep
NEGLIGIBLE = 1e-18


def _sweep(
    attackers: int, defenders: int, stop: int, negligible: float
) -> dict[tuple[int, int], float]:
    """Final states of one battle: every roll lowers the armies in play, so the
    states are swept by their total, largest first, each once."""
    if defenders == 0 or attackers <= stop:
        return {(attackers, defenders): 1.0}
    layers: dict[int, dict[tuple[int, int], float]] = {
        attackers + defenders: {(attackers, defenders): 1.0}
    }
    final: dict[tuple[int, int], float] = {}
    for total in range(attackers + defenders, -1, -1):
        layer = layers.pop(total, None)
        if not layer:
            continue
        for (a, d), p in layer.items():
            dice = until_dice(a, stop)
            if d == 0 or dice == 0:
                final[(a, d)] = final.get((a, d), 0.0) + p
                continue
            for (la, ld), q in roll_outcomes(dice, min(3, d)):
                pq = p * q
                if pq < negligible:
                    continue
                nxt = layers.setdefault(total - la - ld, {})
                key = (a - la, d - ld)
                nxt[key] = nxt.get(key, 0.0) + pq
    return final


@lru_cache(maxsize=1024)
def _big_win(attackers: int, defenders: int) -> float:
    """P(conquest) of a battle past `TABLE_LIMIT`, swept on its own."""
    final = _sweep(attackers, defenders, 0, NEGLIGIBLE)
    return sum(p for (_, d), p in final.items() if d == 0)


class _WinTable:
    """P(conquest) for every (attackers, defenders) below a size, grown on demand
    (only the new cells are computed)."""

    def __init__(self) -> None:
        self.size = 0
        self.table: list[list[float]] = []
        # bots think in a worker thread while the table may ask for odds too
        self._lock = threading.Lock()

    def get(self, a: int, d: int) -> float:
        if a >= self.size or d >= self.size:
            with self._lock:
                if a >= self.size or d >= self.size:
                    room = min(TABLE_LIMIT, self.size + self.size // 2)
                    self._grow(max(a + 1, d + 1, room, 32))
        return self.table[a][d]

    def _grow(self, size: int) -> None:
        old = self.size
        t = self.table
        for row in t:
            row.extend([0.0] * (size - old))
        t.extend([0.0] * size for _ in range(size - old))
        for a in range(size):
            t[a][0] = 1.0
            row = t[a]
            for d in range(1 if a >= old else old, size):
                if a == 0:
                    row[d] = 0.0
                    continue
                s = 0.0
                for (la, ld), q in roll_outcomes(min(3, a), min(3, d)):
                    s += q * t[a - la][d - ld]
                row[d] = s
        self.size = size


_WIN = _WinTable()


def win_probability(attackers: int, defenders: int) -> float:
    """P(taking a territory) with `attackers` armies able to attack (the source's
    armies minus one) against `defenders`, attacking until conquest or until no
    attacker is left, always rolling the most dice allowed ([W6], [W12]).
    """
    if attackers < 0 or defenders < 0:
        raise ValueError("armies cannot be negative")
    if defenders == 0:
        return 1.0
    if attackers == 0:
        return 0.0
    if max(attackers, defenders) >= TABLE_LIMIT:
        return _big_win(attackers, defenders)
    return _WIN.get(attackers, defenders)


def conquest_probability(attackers: int, defenders: int, stop: int = 0) -> float:
    """P(conquest) when the attacker gives up once only `stop` attackers are left."""
    if stop == 0:
        return win_probability(attackers, defenders)
    return sum(p for (_, d), p in attack_distribution(attackers, defenders, stop) if d == 0)


def remaining_distribution(attackers: int, defenders: int, stop: int = 0) -> dict[str, object]:
    """The distribution of "attack until `stop` left" in a JSON-friendly form.

    Returns {"win": P(conquest), "attackers_left": {n: p, ...} over conquests,
    "defenders_left": {n: p, ...} over failures, "expected_attacker_losses": x}.
    """
    win = 0.0
    att_left: dict[int, float] = {}
    def_left: dict[int, float] = {}
    losses = 0.0
    for (a, d), p in attack_distribution(attackers, defenders, stop):
        losses += p * (attackers - a)
        if d == 0:
            win += p
            att_left[a] = att_left.get(a, 0.0) + p
        else:
            def_left[d] = def_left.get(d, 0.0) + p
    return {
        "win": win,
        "attackers_left": att_left,
        "defenders_left": def_left,
        "expected_attacker_losses": losses,
    }


class _ExpectTable:
    """P(conquest), E[attackers left; conquest] and E[attacker losses] for every
    (attackers, defenders) below a size: three linear recurrences over [W6],
    grown on demand like `_WinTable`."""

    def __init__(self) -> None:
        self.size = 0
        self.win: list[list[float]] = []
        self.left: list[list[float]] = []
        self.loss: list[list[float]] = []
        self._lock = threading.Lock()

    def get(self, a: int, d: int) -> tuple[float, float, float]:
        if a >= self.size or d >= self.size:
            with self._lock:
                if a >= self.size or d >= self.size:
                    self._grow(max(a + 1, d + 1, self.size + self.size // 2, 32))
        return self.win[a][d], self.left[a][d], self.loss[a][d]

    def _grow(self, size: int) -> None:
        old = self.size
        win, left, loss = self.win, self.left, self.loss
        for tab in (win, left, loss):
            for row in tab:
                row.extend([0.0] * (size - old))
            tab.extend([0.0] * size for _ in range(size - old))
        for a in range(size):
            win[a][0] = 1.0
            left[a][0] = float(a)
            if a == 0:
                continue
            wa, la_, xa = win[a], left[a], loss[a]
            for d in range(1 if a >= old else old, size):
                w = lf = x = 0.0
                for (la, ld), q in roll_outcomes(min(3, a), min(3, d)):
                    w += q * win[a - la][d - ld]
                    lf += q * left[a - la][d - ld]
                    x += q * (la + loss[a - la][d - ld])
                wa[d], la_[d], xa[d] = w, lf, x
        self.size = size


_EXPECT = _ExpectTable()


def expected_after_win(attackers: int, defenders: int) -> tuple[float, float, float]:
    """(P(conquest), E[attackers left | conquest], E[attacker losses]) when
    attacking to the end with the most dice; used by bots."""
    if attackers < 0 or defenders < 0:
        raise ValueError("armies cannot be negative")
    w, lf, x = _EXPECT.get(attackers, defenders)
    return w, (lf / w if w > 0 else 0.0), x
