"""Dice helpers shared by every game. Rolls always come from a match's `Rng`."""

from __future__ import annotations

from game.rng import Rng


def roll(rng: Rng, n: int, sides: int = 6) -> tuple[int, ...]:
    """Roll `n` dice of `sides` faces."""
    if n < 0 or sides < 2:
        raise ValueError("need n >= 0 dice with at least 2 sides")
    return rng.roll(n, sides)


def total(dice: tuple[int, ...]) -> int:
    """The sum of a roll."""
    return sum(dice)


def roll_off(
    rng: Rng, contenders: list[int], n: int = 2, sides: int = 6
) -> tuple[int, list[dict[int, tuple[int, ...]]]]:
    """Roll for each contender, repeating among the tied highest until one wins.

    Returns the winner and the list of rounds (contender -> dice) for display.
    """
    if not contenders:
        raise ValueError("a roll-off needs at least one contender")
    rounds: list[dict[int, tuple[int, ...]]] = []
    alive = list(contenders)
    while len(alive) > 1:
        rolls = {c: rng.roll(n, sides) for c in alive}
        rounds.append(rolls)
        best = max(sum(r) for r in rolls.values())
        alive = [c for c in alive if sum(rolls[c]) == best]
    return alive[0], rounds
