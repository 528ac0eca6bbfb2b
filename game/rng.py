"""The seeded random generator every match owns ([G1]).

All chance in a match (shuffles, dice, seat draws) comes from one `Rng`, so the
same seed and the same actions give the same match, bit for bit, also after a
save is loaded (the log is replayed from the seed).

Two kinds of seed:
- a whole number (a local match; short enough to type, so a deal can be
  replayed): the stream is Python's Mersenne Twister, as it always was;
- a *secret seed*, "secret:" and 64 hex digits (256 bits from `secrets`): every
  match played from another machine. Its stream is SHAKE-256 of the key and a
  block counter, which reveals nothing of the key, so no seat can work the deal
  out from what it sees, and no search over seeds can find it. It is kept only
  on the host (in its saves) and never sent.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
import sys
from array import array
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeGuard, TypeVar

T = TypeVar("T")

#: a match's seed: a typed whole number, or a secret seed string
Seed = int | str

SECRET_PREFIX = "secret:"
_SECRET = re.compile(r"secret:[0-9a-f]{64}\Z")
#: bytes of generator output made at once (one SHAKE call feeds 512 draws)
_BLOCK = 4096
_WORDS = _BLOCK // 8
#: six-sided dice come from their own stream of bytes, made a block at a time
#: in C: bytes 252-255 are dropped (252 = 42 x 6, so no face is likelier) and
#: the rest mapped to 1-6 (`bytes.translate`); War rolls thousands of them
_D6_TABLE = bytes(b % 6 + 1 if b < 252 else 0 for b in range(256))
_D6_DROP = bytes(range(252, 256))
#: n -> the largest multiple of n below 2**64 (draws at or above it are redrawn)
_LIMITS: dict[int, int] = {}


def _limit(n: int) -> int:
    limit = (1 << 64) - (1 << 64) % n
    if len(_LIMITS) < 4096:
        _LIMITS[n] = limit
    return limit


def new_secret_seed() -> str:
    """A fresh 256-bit secret seed (for a match played across machines)."""
    return SECRET_PREFIX + secrets.token_hex(32)


def secret_seed_from(n: int) -> str:
    """A secret seed fixed by a whole number: the same deal every time (tests,
    `taverna host --seed`); as guessable as `n` is, so never the default."""
    return SECRET_PREFIX + hashlib.sha256(f"taverna/fixed-seed/{n}".encode()).hexdigest()


def is_secret_seed(seed: object) -> TypeGuard[str]:
    """Whether `seed` is a well-formed secret seed."""
    return isinstance(seed, str) and _SECRET.match(seed) is not None


def is_seed(seed: object) -> TypeGuard[Seed]:
    """Whether `seed` may seed a match (a whole number or a secret seed)."""
    return (isinstance(seed, int) and not isinstance(seed, bool)) or is_secret_seed(seed)


def seed_label(seed: Seed) -> str:
    """The seed as it may appear in a file name or on screen ("online" for a secret one)."""
    return "online" if is_secret_seed(seed) else str(seed)


def bots_seed(seed: Seed) -> Seed:
    """What a table's bots seed their own sampling from: the match's seed when it
    is a public one (the same bots' choices on a replayed deal), a fresh random
    number when it is secret (never anything derived from the secret)."""
    return secrets.randbits(62) if is_secret_seed(seed) else seed


def match_rng(seed: Seed) -> Rng:
    """The generator of a match with this seed."""
    return SecretRng(seed) if is_secret_seed(seed) else Rng(seed)


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

    def copy(self) -> Rng:
        """An independent generator at the same point of the same stream."""
        return self.__deepcopy__({})

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


class SecretRng(Rng):
    """The generator of a secret seed: SHAKE-256(key || block number) read as
    64-bit words, each draw unbiased by rejection. Deterministic from the seed
    (saves and replays replay), and its outputs tell nothing of the key."""

    def __init__(self, seed: str) -> None:
        if not is_secret_seed(seed):
            raise ValueError("a secret seed is 'secret:' and 64 hex digits")
        self.seed = seed
        self._key = bytes.fromhex(seed[len(SECRET_PREFIX) :])
        self._block = 0
        self._at = 0
        self._words = self._make(0)
        self._dice_block = 0
        self._dice_at = 0
        self._dice = self._make_dice(0)

    def _make(self, block: int) -> array[int]:
        data = hashlib.shake_256(self._key + block.to_bytes(8, "little")).digest(_BLOCK)
        words = array("Q", data)
        if sys.byteorder == "big":  # the same stream on every machine
            words.byteswap()
        return words

    def _make_dice(self, block: int) -> bytes:
        # its own domain ("/d6/"), so the dice never share output with the words
        seed = self._key + b"/d6/" + block.to_bytes(8, "little")
        return hashlib.shake_256(seed).digest(_BLOCK).translate(_D6_TABLE, _D6_DROP)

    def _word(self) -> int:
        at = self._at
        if at >= len(self._words):
            self._block += 1
            self._words = self._make(self._block)
            at = 0
        self._at = at + 1
        return self._words[at]

    def _below(self, n: int) -> int:
        """An integer in [0, n), unbiased (n up to 2**64)."""
        if n <= 0:
            raise ValueError("empty range")
        limit = _LIMITS.get(n) or _limit(n)
        at = self._at
        if at < _WORDS:  # the usual case, inline: a draw is a few hundred nanoseconds
            w = self._words[at]
            if w < limit:
                self._at = at + 1
                return w % n
        w = self._word()
        while w >= limit:
            w = self._word()
        return w % n

    def __deepcopy__(self, memo: dict[int, Any]) -> SecretRng:
        other = SecretRng.__new__(SecretRng)
        other.__dict__.update(self.__dict__)  # the words are never changed in place
        return other

    def copy(self) -> SecretRng:
        """An independent generator at the same point of the same stream."""
        return self.__deepcopy__({})

    def random(self) -> float:
        """A float in [0, 1) (53 random bits)."""
        return (self._word() >> 11) * (1.0 / (1 << 53))

    def randint(self, a: int, b: int) -> int:
        """An integer in [a, b], both ends included."""
        return a + self._below(b - a + 1)

    def randrange(self, n: int) -> int:
        """An integer in [0, n)."""
        return self._below(n)

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self._below(len(seq))]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self._below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """k distinct elements, in random order."""
        pool = list(seq)
        if not 0 <= k <= len(pool):
            raise ValueError("sample larger than population or is negative")
        for i in range(k):
            j = i + self._below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]:
        """Roll n dice with the given number of sides (six-sided ones from their
        own stream: a roll is a slice of bytes)."""
        if sides == 6 and n >= 0:
            at, dice = self._dice_at, self._dice
            if at + n <= len(dice):
                self._dice_at = at + n
                return tuple(dice[at : at + n])
            out = list(dice[at:])
            while len(out) < n:
                self._dice_block += 1
                self._dice = dice = self._make_dice(self._dice_block)
                take = min(n - len(out), len(dice))
                out.extend(dice[:take])
                self._dice_at = take
            return tuple(out)
        if sides <= 0:
            raise ValueError("empty range")
        limit = _LIMITS.get(sides) or _limit(sides)
        words, at = self._words, self._at
        out = []
        for _ in range(n):
            while True:
                if at >= _WORDS:
                    self._block += 1
                    self._words = words = self._make(self._block)
                    at = 0
                w = words[at]
                at += 1
                if w < limit:
                    break
            out.append(1 + w % sides)
        self._at = at
        return tuple(out)

    def fork(self, label: str) -> SecretRng:
        """An independent secret stream derived from this one's key and a label."""
        sub = hashlib.sha256(self._key + b"/fork/" + label.encode()).hexdigest()
        return SecretRng(SECRET_PREFIX + sub)

    def getstate(self) -> Any:
        """The position in the stream (the key included: never shown or sent)."""
        return ("secret", self.seed, self._block, self._at, self._dice_block, self._dice_at)

    def setstate(self, state: Any) -> None:
        """Restore a position taken with `getstate`."""
        kind, seed, block, at, dice_block, dice_at = state
        if kind != "secret" or not is_secret_seed(seed):
            raise ValueError("not a secret generator's state")
        self.seed = seed
        self._key = bytes.fromhex(seed[len(SECRET_PREFIX) :])
        self._block, self._at = int(block), int(at)
        self._words = self._make(self._block)
        self._dice_block, self._dice_at = int(dice_block), int(dice_at)
        self._dice = self._make_dice(self._dice_block)
