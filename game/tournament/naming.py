"""Chama tournament names and the ranked-event minimum [R10].

A Chama tournament is named "Chama: <type> <name> (<variant>) <year>", e.g.
"Chama: Campeonato Mariapaulista 2025" or "Chama: Duplas Fluminenses (Xisum)
2025". The type is one of the Chama modes (or an organizer's own); the variant
part appears only when variants are used. A ranked ("pontuado") Chama event
needs at least 8 entrants.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.tournament.errors import TournamentError

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


#: The name's tournament type of each Chama mode ([R10], [C14]).
CHAMA_MODE_TYPES: dict[str, str] = {
    "campeonato": "Campeonato",
    "guerrilha": "Guerrilha",
    "duplas": "Duplas",
    "conquistadores": "Conquistadores",
}
#: The name's variant of each Chama variant option ([R10], [C15]).
CHAMA_VARIANT_OPTIONS: dict[str, str] = {"aliados": "Aliados", "xisum": "Xisum"}


def chama_type(opts: Mapping[str, Any]) -> str:
    """The name's tournament type for an event played with `opts`."""
    return CHAMA_MODE_TYPES.get(str(opts.get("mode", "campeonato")), "Campeonato")


def chama_variants(opts: Mapping[str, Any]) -> list[str]:
    """The name's variants for the variant options switched on in `opts`."""
    return [label for key, label in CHAMA_VARIANT_OPTIONS.items() if opts.get(key)]


def check_chama_name(
    parsed: ChamaEventName, opts: Mapping[str, Any], known: Collection[str]
) -> None:
    """[R10]: the name says what the event plays. A type that is a Chama mode must
    be the event's mode (an organizer's own type says nothing about it), and the
    variants in parentheses must be exactly the variants switched on (`known`:
    the game's option keys; a setting the game lacks cannot be contradicted)."""
    kind = parsed.kind.casefold()
    modes = {v.casefold(): k for k, v in CHAMA_MODE_TYPES.items()}
    mode = str(opts.get("mode", "campeonato"))
    if "mode" in known and kind in modes and modes[kind] != mode:
        raise TournamentError(
            "rulings.tournament.chama_name_mode",
            f"the name says {parsed.kind} but the event plays {chama_type(opts)}",
            named=parsed.kind,
            mode=chama_type(opts),
        )
    named = {v.casefold() for v in parsed.variants}
    on = {v.casefold() for v in chama_variants(opts)}
    checked = {v.casefold() for k, v in CHAMA_VARIANT_OPTIONS.items() if k in known}
    checked.add("calouro do chacrinha")  # per player: never an event's setting
    if (named & checked) != on:
        raise TournamentError(
            "rulings.tournament.chama_name_variants",
            "the variants in the name are not the variants the event plays",
            named=", ".join(parsed.variants) or "-",
            played=", ".join(chama_variants(opts)) or "-",
        )
