"""The 14 secret objectives, their checks and how far a player is from them.

Objective ids are stable (saves, translations `war.objectives.<id>`). A
"destroy" objective names a colour; it turns into "conquer 24 territories"
([W1]) when the colour is the holder's own or someone else eliminates it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.war.board import BOARD

#: The six army colours, in the order the board box lists them.
COLORS: tuple[str, ...] = ("branco", "vermelho", "preto", "azul", "amarelo", "verde")

#: Territories a "conquer 24" objective needs; also the yardstick of distances.
T24 = 24


@dataclass(frozen=True)
class Objective:
    """One objective card. Exactly one of the three kinds is set."""

    id: str
    #: continents to hold entirely
    continents: tuple[str, ...] = ()
    #: how many more whole continents of the player's choice
    extra_continents: int = 0
    #: territories to hold (with at least `min_armies` armies each)
    territories: int = 0
    min_armies: int = 1
    #: colour to eliminate
    destroy: str = ""

    @property
    def kind(self) -> str:
        """ "continents", "territories" or "destroy"."""
        if self.destroy:
            return "destroy"
        return "continents" if self.continents else "territories"

    def describe(self) -> dict[str, object]:
        """The objective's parameters for views and log lines."""
        return {
            "id": self.id,
            "kind": self.kind,
            "continents": list(self.continents),
            "extra_continents": self.extra_continents,
            "territories": self.territories,
            "min_armies": self.min_armies,
            "color": self.destroy or None,
        }


OBJECTIVES: tuple[Objective, ...] = (
    Objective("europa_oceania_mais_um", continents=("Europa", "Oceania"), extra_continents=1),
    Objective("asia_america_do_sul", continents=("Ásia", "América do Sul")),
    Objective(
        "europa_america_do_sul_mais_um", continents=("Europa", "América do Sul"), extra_continents=1
    ),
    Objective("territorios_18_com_2", territories=18, min_armies=2),
    Objective("asia_africa", continents=("Ásia", "África")),
    Objective("america_do_norte_africa", continents=("América do Norte", "África")),
    Objective("territorios_24", territories=T24),
    Objective("america_do_norte_oceania", continents=("América do Norte", "Oceania")),
    Objective("destruir_azul", destroy="azul"),
    Objective("destruir_amarelo", destroy="amarelo"),
    Objective("destruir_vermelho", destroy="vermelho"),
    Objective("destruir_preto", destroy="preto"),
    Objective("destruir_branco", destroy="branco"),
    Objective("destruir_verde", destroy="verde"),
)
OBJECTIVE_BY_ID: dict[str, Objective] = {o.id: o for o in OBJECTIVES}
#: The objective a destroy card falls back to ([W1]).
FALLBACK_ID = "territorios_24"


def objectives_in_play(colors: Sequence[str]) -> list[Objective]:
    """The objective deck for a table playing `colors` ([W1]): destroy cards of
    colours nobody plays are removed."""
    playing = set(colors)
    return [o for o in OBJECTIVES if not o.destroy or o.destroy in playing]


def continents_held(owner: Sequence[int], seat: int) -> list[str]:
    """Continents whose every territory `owner` (by territory index) gives `seat`."""
    return [
        c
        for c, idx in zip(BOARD.continents, BOARD.members_idx, strict=True)
        if all(owner[i] == seat for i in idx)
    ]


def missing_territories(
    objective: Objective,
    owner: Sequence[int],
    armies: Sequence[int],
    seat: int,
    target_territories: int = 0,
) -> int:
    """Territories `seat` still has to take (or strengthen) to meet `objective`.

    For "destroy", `target_territories` is how many territories the target
    colour still holds. 0 means the objective is met (destroy: the target is
    gone; the match decides who eliminated it).
    """
    if objective.kind == "territories":
        good = sum(
            1 for i in range(len(owner)) if owner[i] == seat and armies[i] >= objective.min_armies
        )
        return max(0, objective.territories - good)
    if objective.kind == "destroy":
        return target_territories
    missing = 0
    for c in objective.continents:
        idx = BOARD.members_idx[BOARD.continents.index(c)]
        missing += sum(1 for i in idx if owner[i] != seat)
    if objective.extra_continents:
        others = []
        for c, idx in zip(BOARD.continents, BOARD.members_idx, strict=True):
            if c in objective.continents:
                continue
            others.append(sum(1 for i in idx if owner[i] != seat))
        others.sort()
        missing += sum(others[: objective.extra_continents])
    return missing


def distance(missing: int) -> float:
    """Normalised distance: territories still needed over 24, capped to [0, 1].

    Every objective is measured in the same unit (territories to take), so a
    player 5 territories from Ásia + África and one 5 short of 24 territories
    are equally close ([R7]).
    """
    return min(1.0, max(0.0, missing / T24))
