"""The Wyrt personalities: the source's NPC roster with their table stats ([T10]).

Each persona keeps the source's base Habilidade (H) and Inteligência (I) and its
perks; the stats used at the Wyrt table add the perks' bonuses:

- Arena (Mesa de Wyrt): H +2 and I +2 while seated at a Wyrt table;
- the card sharp's kit (Kit do Carteador, complete) gives the Blefar power:
  H +2 and I +2 in Wyrt (the source computes O Morto's H4 I6 this way);
- Genialidade: I +2;
- every complete skill (perícia: Manipulação, Crime, Animais): I +1.

Where the source gives a range ("I 1 a 3") the upper end is used. I decides how
well a bot plays; H and the perks decide its cheating ([T9]).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: perks that change table stats or cheating; the others are shown for flavour
ARENA = "arena"
KIT = "kit_carteador"
GENIUS = "genialidade"
MANIPULATION = "manipulacao"
CRIME = "crime"
ANIMALS = "animais"
RADAR = "radar"
WEALTH = "riqueza"
MEMORY = "memoria_expandida"
DEVOTION = "devocao"
SKILLS: frozenset[str] = frozenset({MANIPULATION, CRIME, ANIMALS})
PERKS: tuple[str, ...] = (
    ARENA,
    KIT,
    GENIUS,
    MANIPULATION,
    CRIME,
    ANIMALS,
    RADAR,
    WEALTH,
    MEMORY,
    DEVOTION,
)


@dataclass(frozen=True)
class Persona:
    """One personality of the roster."""

    id: str
    #: the source's values before the table bonuses (upper end of a range)
    base_h: int
    base_i: int
    perks: tuple[str, ...]
    #: how the source states H and I (ranges kept for the rules text and panel)
    source: str
    #: O Morto plays the strongest game whatever his I ([T11])
    boss: bool = False
    #: life points in a Death Match when the persona has its own (O Morto: R6 x 5)
    pv: int = 0

    @property
    def h(self) -> int:
        """Habilidade at the Wyrt table."""
        bonus = 2 * (ARENA in self.perks) + 2 * (KIT in self.perks)
        return self.base_h + bonus

    @property
    def i(self) -> int:
        """Inteligência at the Wyrt table."""
        bonus = (
            2 * (ARENA in self.perks)
            + 2 * (KIT in self.perks)
            + 2 * (GENIUS in self.perks)
            + sum(1 for p in self.perks if p in SKILLS)
        )
        return self.base_i + bonus

    @property
    def tier(self) -> str:
        """Play strength: novice, casual, solid, sharp, master, boss."""
        return play_tier(self)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able stats for views (the seat panel shows them)."""
        return {
            "id": self.id,
            "h": self.h,
            "i": self.i,
            "perks": list(self.perks),
            "source": self.source,
            "tier": self.tier,
            "boss": self.boss,
        }


def play_tier(p: Persona) -> str:
    """The bot strength tier of a persona, from its I (O Morto is the boss)."""
    if p.boss:
        return "boss"
    if p.i <= 1:
        return "novice"
    if p.i <= 3:
        return "casual"
    if p.i <= 6:
        return "solid"
    if p.i <= 10:
        return "sharp"
    return "master"


TIERS: tuple[str, ...] = ("novice", "casual", "solid", "sharp", "master", "boss")

_ROSTER: tuple[Persona, ...] = (
    Persona("cliente_casual", 0, 0, (), "H0 I0"),
    Persona("cliente_aprendiz", 0, 2, (), "H0 I1-2"),
    Persona("cliente_genial", 0, 2, (GENIUS,), "H0 I0-2"),
    Persona("clandestino", 0, 0, (ARENA,), "H0 I0"),
    Persona("clandestino_experiente", 1, 0, (ARENA,), "H1 I0"),
    Persona("clandestino_genial", 0, 0, (GENIUS, ARENA), "H0 I0"),
    Persona("carteador", 2, 0, (ARENA, MANIPULATION, CRIME), "H2 I0"),
    Persona("carteador_genial", 2, 0, (ARENA, GENIUS, MANIPULATION, CRIME), "H2 I0"),
    Persona("carteador_expert", 3, 3, (ARENA, GENIUS, MANIPULATION, CRIME), "H3 I1-3"),
    Persona("nobre_iniciante", 0, 0, (MANIPULATION,), "H0 I0"),
    Persona("nobre_experiente", 1, 0, (ARENA, MANIPULATION), "H1 I0"),
    Persona("nobre_genial", 0, 3, (GENIUS, MANIPULATION), "H0 I1-3"),
    Persona("nobre_expert", 3, 4, (ARENA, GENIUS, MANIPULATION, CRIME, WEALTH), "H2-3 I1-4"),
    Persona(
        "nobre_invicto",
        8,
        6,
        (ARENA, GENIUS, MANIPULATION, CRIME, WEALTH, MEMORY, DEVOTION, KIT),
        "H3-8 I6+",
    ),
    Persona(
        "morto",
        0,
        0,
        (ARENA, KIT, MANIPULATION, ANIMALS, DEVOTION),
        "H0 I0",
        boss=True,
        pv=30,
    ),
)

#: persona id -> persona
PERSONAS: dict[str, Persona] = {p.id: p for p in _ROSTER}

#: persona ids weakest first (by tier, then I, then H; O Morto last)
ROSTER_ORDER: tuple[str, ...] = tuple(
    p.id for p in sorted(_ROSTER, key=lambda p: (TIERS.index(p.tier), p.i, p.h, p.id))
)

#: what `bot:easy|normal|hard` means at Wyrt, whose bots are personas: the
#: roster's low tier (the plain novice client), its middle (the persona the app
#: offers as the middle bot, ROSTER_ORDER's middle) and its high tier (the
#: strongest ordinary player; O Morto is a boss with his own rules, not a level)
LEVEL_PERSONAS: dict[str, str] = {
    "easy": "cliente_casual",
    "normal": "clandestino_genial",
    "hard": "nobre_invicto",
}

#: the default persona of a seat nobody chose one for
DEFAULT_PERSONA = "cliente_casual"
MORTO = "morto"


def persona_from_seat_name(name: str) -> str | None:
    """The persona a seat name asks for: "bot:carteador", "carteador#2", "carteador"."""
    text = name.strip().lower()
    if text.startswith("bot:"):
        text = text[4:]
    text = text.split("#", 1)[0].strip()
    return text if text in PERSONAS else None
