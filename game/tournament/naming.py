"""Chama tournament names and the ranked-event minimum [R10].

A Chama tournament is named "Chama: <type> <name> (<variant>) <year>", e.g.
"Chama: Campeonato Mariapaulista 2025" or "Chama: Duplas Fluminenses (Xisum)
2025". The type is one of the Chama modes (or an organizer's own); the variant
part appears only when variants are used. A ranked ("pontuado") Chama event
needs at least 8 entrants.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

#: Tournament types of the source (the Chama modes); organizers may invent others.
CHAMA_TYPES: tuple[str, ...] = ("Campeonato", "Guerrilha", "Duplas", "Conquistadores")
#: Chama variants that can appear in parentheses.
CHAMA_VARIANTS: tuple[str, ...] = ("Aliados", "Calouro do Chacrinha", "Xisum")
#: Entrants a ranked Chama tournament needs.
RANKED_MINIMUM = 8

_NAME = re.compile(
    r"^Chama: (?P<type>\S+)(?: (?P<name>[^()]*?))?(?: \((?P<variants>[^()]+)\))? (?P<year>\d{4})$"
)


@dataclass(frozen=True)
class ChamaEventName:
    """The parts of a Chama tournament name."""

    kind: str
    name: str
    variants: tuple[str, ...]
    year: int

    def __str__(self) -> str:
        return chama_event_name(self.kind, self.name, self.year, self.variants)


def chama_event_name(kind: str, name: str, year: int, variants: Sequence[str] = ()) -> str:
    """ "Chama: <type> <name> (<variant>) <year>"; several variants join with ", "."""
    kind = kind.strip()
    if not kind or " " in kind:
        raise ValueError("the tournament type is one word, e.g. Campeonato")
    if not 1000 <= year <= 9999:
        raise ValueError("the year has four digits")
    parts = ["Chama:", kind]
    if name.strip():
        parts.append(name.strip())
    chosen = [v.strip() for v in variants if v.strip()]
    if chosen:
        parts.append(f"({', '.join(chosen)})")
    parts.append(str(year))
    return " ".join(parts)


def parse_chama_event_name(text: str) -> ChamaEventName | None:
    """The parts of a well-formed Chama tournament name, or None."""
    m = _NAME.match(text.strip())
    if not m:
        return None
    variants = tuple(v.strip() for v in (m.group("variants") or "").split(",") if v.strip())
    return ChamaEventName(
        kind=m.group("type"),
        name=(m.group("name") or "").strip(),
        variants=variants,
        year=int(m.group("year")),
    )
