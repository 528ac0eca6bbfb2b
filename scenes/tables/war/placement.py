"""The reinforcement buffer: clicks add and take back armies before confirming.

Armies bound to a continent ([W3]) may only go inside it; a click inside a
continent uses its bound armies first, then free ones, and taking an army back
returns it to the pool it came from. The whole buffer becomes one `Place`.
"""

from __future__ import annotations

from collections.abc import Callable


class PlacementBuffer:
    """Tentative placements of one reinforcement step."""

    def __init__(
        self,
        free: int,
        bound: dict[str, int],
        can_place: Callable[[str], bool],
        continent_of: Callable[[str], str],
    ) -> None:
        self.free = free
        self.bound = dict(bound)
        self.can_place = can_place
        self.continent_of = continent_of
        #: territory -> pools the armies came from, in order ("" = free)
        self.stacks: dict[str, list[str]] = {}
        #: the territory of each tentative army, in the order they went (Esc takes the last back)
        self.order: list[str] = []

    @property
    def placed(self) -> dict[str, int]:
        """territory -> tentative armies."""
        return {t: len(s) for t, s in self.stacks.items() if s}

    @property
    def left(self) -> int:
        """Armies still to place."""
        return self.free + sum(self.bound.values())

    def left_for(self, territory: str) -> int:
        """Armies that could still go on `territory`."""
        return self.free + self.bound.get(self.continent_of(territory), 0)

    def add(self, territory: str, n: int = 1) -> int:
        """Put up to `n` armies on a territory; returns how many went."""
        if not self.can_place(territory):
            return 0
        continent = self.continent_of(territory)
        done = 0
        for _ in range(n):
            if self.bound.get(continent, 0) > 0:
                self.bound[continent] -= 1
                pool = continent
            elif self.free > 0:
                self.free -= 1
                pool = ""
            else:
                break
            self.stacks.setdefault(territory, []).append(pool)
            self.order.append(territory)
            done += 1
        return done

    def remove(self, territory: str, n: int = 1) -> int:
        """Take back up to `n` unconfirmed armies; returns how many came back."""
        stack = self.stacks.get(territory, [])
        done = 0
        while stack and done < n:
            pool = stack.pop()
            if pool:
                self.bound[pool] += 1
            else:
                self.free += 1
            # the newest army there leaves the order too
            del self.order[len(self.order) - 1 - self.order[::-1].index(territory)]
            done += 1
        return done

    def take_back_last(self) -> bool:
        """Take back the army placed last; False when none is placed."""
        return bool(self.order) and self.remove(self.order[-1]) == 1

    def clear(self) -> None:
        """Take back everything."""
        for t in list(self.stacks):
            self.remove(t, len(self.stacks[t]))
