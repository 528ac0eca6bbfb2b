"""The War board: territories, continents with their bonuses (Tabela I), the 79
borders and the figure printed on each territory card.

The data lives in `board.json` next to this module and is read once, when the
package is imported. Territory and continent names are the Portuguese names of
the board; they are identifiers and display names at once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

#: The three figures of territory cards ([W5]); a joker stands for any of them.
FIGURES: tuple[str, ...] = ("triangulo", "quadrado", "circulo")
#: The code of a joker card in hands, decks and actions.
JOKER = "Coringa"
#: Number of jokers in the territory deck.
JOKERS = 2


@dataclass(frozen=True)
class Board:
    """The map as data. Territories are also numbered (`index`) for fast bots."""

    territories: tuple[str, ...]
    continents: tuple[str, ...]
    bonuses: dict[str, int]
    members: dict[str, tuple[str, ...]]
    borders: tuple[tuple[str, str], ...]
    sea_borders: tuple[tuple[str, str], ...]
    figures: dict[str, str]
    continent_of: dict[str, str] = field(default_factory=dict)
    adjacency: dict[str, tuple[str, ...]] = field(default_factory=dict)
    index: dict[str, int] = field(default_factory=dict)
    #: neighbour indices per territory index
    adj_idx: tuple[tuple[int, ...], ...] = ()
    #: continent index per territory index
    cont_idx: tuple[int, ...] = ()
    #: territory indices per continent index
    members_idx: tuple[tuple[int, ...], ...] = ()

    def neighbors(self, name: str) -> tuple[str, ...]:
        """Territories bordering `name` (land or dotted sea line); KeyError if unknown."""
        return self.adjacency[name]

    def bonus(self, continent: str) -> int:
        """Armies for holding the whole `continent` (Tabela I); KeyError if unknown."""
        return self.bonuses[continent]

    def are_neighbors(self, a: str, b: str) -> bool:
        """Whether `a` and `b` share a border."""
        return b in self.adjacency.get(a, ())

    def territories_of(self, continent: str) -> tuple[str, ...]:
        """The territories of one continent, in board order."""
        return self.members[continent]

    def figure(self, card: str) -> str | None:
        """The figure of a territory card; None for a joker."""
        return None if card == JOKER else self.figures[card]


def _build(data: dict[str, Any]) -> Board:
    continents = tuple(c["name"] for c in data["continents"])
    members = {c["name"]: tuple(c["territories"]) for c in data["continents"]}
    bonuses = {c["name"]: int(c["bonus"]) for c in data["continents"]}
    territories = tuple(t for c in continents for t in members[c])
    continent_of = {t: c for c in continents for t in members[c]}
    borders = tuple((a, b) for a, b in data["borders"])
    adjacency: dict[str, list[str]] = {t: [] for t in territories}
    for a, b in borders:
        adjacency[a].append(b)
        adjacency[b].append(a)
    order = {t: i for i, t in enumerate(territories)}
    adj = {t: tuple(sorted(ns, key=order.__getitem__)) for t, ns in adjacency.items()}
    return Board(
        territories=territories,
        continents=continents,
        bonuses=bonuses,
        members=members,
        borders=borders,
        sea_borders=tuple((a, b) for a, b in data["sea_borders"]),
        figures=dict(data["figures"]),
        continent_of=continent_of,
        adjacency=adj,
        index=order,
        adj_idx=tuple(tuple(order[n] for n in adj[t]) for t in territories),
        cont_idx=tuple(continents.index(continent_of[t]) for t in territories),
        members_idx=tuple(tuple(order[t] for t in members[c]) for c in continents),
    )


def load_board() -> Board:
    """Read `board.json` from the package (done once at import as `BOARD`)."""
    text = resources.files("game.war").joinpath("board.json").read_text(encoding="utf-8")
    return _build(json.loads(text))


BOARD: Board = load_board()

#: Every card of the territory deck: one per territory, then the jokers.
FULL_DECK: tuple[str, ...] = BOARD.territories + (JOKER,) * JOKERS
