"""Lines said to the person at the screen: a log line about the seat that looks
now, when a person here plays it, reads "You pick a bet in secret", not "Ana
has picked a bet" with the person's own name (nor "You has picked").

The sentences are whole ones in the translation files, never string surgery:
each line's key has a twin in a `_self` section, one per seat field that may
name the person ("seat", the actor of most events, reads from
`<ns>.events_self.<Event>`; another field such as "defender" from
`<ns>.events_self_defender.<Event>`). A twin that does not exist falls back to
the named line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scenes.i18n import has, tr

#: what a section's name gets to become its twin said to the person
SELF = "_self"


def self_key(key: str, field: str = "seat") -> str:
    """The twin of `key` said to the person that `field` names.

    `wyr.events.BetPlaced` -> `wyr.events_self.BetPlaced`;
    (`chama.events.BattleStarted`, "defender") -> `chama.events_self_defender.BattleStarted`;
    `wyrttable.bet_log` -> `wyrttable.bet_log_self`.
    """
    ns, _, rest = key.partition(".")
    section, dot, tail = rest.partition(".")
    suffix = SELF if field == "seat" else f"{SELF}_{field}"
    return f"{ns}.{section}{suffix}{dot}{tail}"


def fields_naming(
    fields: Mapping[str, Any], you: int | None, seat_fields: Iterable[str]
) -> list[str]:
    """The seat fields of an event that hold `you`, the seat the line is said to
    (none when nobody at the screen is spoken to)."""
    if you is None:
        return []
    return [
        k
        for k in seat_fields
        if isinstance(fields.get(k), int)
        and not isinstance(fields.get(k), bool)
        and fields.get(k) == you
    ]


def keys_for(key: str, named: Iterable[str]) -> list[str]:
    """The keys to word a line by, most particular first: the twins of `key`
    for the fields that name the person, then `key` itself."""
    return [*(self_key(key, f) for f in named), key]


def say_about(key: str, seat: int, you: int | None, **params: Any) -> str:
    """A sentence about `seat`, said to the person (`key`'s `_self` twin) when
    he is `you`, else naming the seat as `params` do."""
    return say_first(keys_for(key, ["seat"] if seat == you else []), **params)


def say_first(keys: Iterable[str], **params: Any) -> str:
    """The first of `keys` that has words, worded ("" when none has)."""
    for key in keys:
        if has(key):
            return tr(key, **params)
    return ""


def names_with_you(names: Sequence[str], seats: Sequence[int], you: int | None) -> str:
    """ "Borin, Lisandra and you": the seats' names, the person's said as "you" and
    last (never a sentence's lowercase first word)."""
    said = [n for n, s in zip(names, seats, strict=True) if s != you]
    if you in seats:
        said.append(tr("ui.table.you_in_list"))
    if len(said) <= 1:
        return "".join(said)
    return tr("ui.table.list_and", first=", ".join(said[:-1]), last=said[-1])
