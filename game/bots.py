"""The bot protocol and the random bot.

A bot sees only a view ([G4]) and the legal actions, never the match, and
returns one of the legal actions (or an equivalent parameterised action the
match accepts). Heavy bots must respect `time_budget` (seconds per decision).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from game.core import Action
from game.rng import Rng


@runtime_checkable
class Bot(Protocol):
    """What every bot offers."""

    name: str
    level: str
    time_budget: float

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """Pick an action for the seat whose `view` is given."""
        ...


class RandomBot:
    """Plays a uniformly random legal action. The floor every level must beat."""

    def __init__(
        self, name: str = "random", level: str = "random", time_budget: float = 0.0
    ) -> None:
        self.name = name
        self.level = level
        self.time_budget = time_budget

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """A random legal action."""
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return rng.choice(legal_actions)
