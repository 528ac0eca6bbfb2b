"""The seeded random generator every match owns ([G1]).

All chance in a match (shuffles, dice, seat draws) comes from one `Rng`, so the
same seed and the same actions give the same match, bit for bit, also after a
save is loaded (the log is replayed from the seed).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Rng:
    """A small deterministic wrapper around `random.Random`.

    Only the methods below are used by engines, so the stream of numbers stays
    under our control (no hidden calls to the global `random`).
    """

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._r = random.Random(seed)

    def __deepcopy__(self, memo: dict[int, Any]) -> Rng:
        # The generator's state by getstate/setstate: several times faster than
        # deep-copying `random.Random` (every clone of a match copies one).
        other = Rng.__new__(Rng)
        other.__dict__.update(self.__dict__)
        other._r = random.Random()
        other._r.setstate(self._r.getstate())
        return other

    def random(self) -> float:
        """A float in [0, 1)."""
        return self._r.random()

    def randint(self, a: int, b: int) -> int:
        """An integer in [a, b], both ends included."""
        return self._r.randint(a, b)

    def randrange(self, n: int) -> int:
        """An integer in [0, n)."""
        return self._r.randrange(n)

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self._r.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        self._r.shuffle(seq)

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """k distinct elements, in random order."""
        return self._r.sample(list(seq), k)

    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]:
        """Roll n dice with the given number of sides."""
        return tuple(self._r.randint(1, sides) for _ in range(n))

    def fork(self, label: str) -> Rng:
        """An independent generator derived from this one's seed and a label.

        Used to give bots their own stream without touching the match's stream.
        """
        return Rng(f"{self.seed}/{label}")

    def getstate(self) -> Any:
        """The internal state, for clones and fingerprints."""
        return self._r.getstate()

    def setstate(self, state: Any) -> None:
        """Restore a state taken with `getstate`."""
        self._r.setstate(state)
