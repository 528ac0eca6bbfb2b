"""Territory and continent names in the player's language.

The engine names places by their Portuguese board ids ("Groenlândia",
"América do Norte"); every name that reaches the screen goes through here, so
the English table reads "Greenland" and "North America" (`warmap.*.json`).
"""

from __future__ import annotations

from typing import Any

from game.war.board import JOKER
from scenes.i18n import register_param_words, tr

#: event fields that hold a territory id
TERRITORY_FIELDS: tuple[str, ...] = ("territory", "source", "target")
#: event fields that hold a list of territory ids or cards
TERRITORY_LIST_FIELDS: tuple[str, ...] = ("bonus_territories", "cards")


def _lookup(kind: str, ident: str) -> str:
    key = f"warmap.{kind}.{ident}"
    text = tr(key)
    # an unknown id (an old save, a typo) shows as itself rather than as a key
    return ident if text == key else text


def territory_name(ident: str) -> str:
    """A territory's name in the current language."""
    return _lookup("territories", ident)


def continent_name(ident: str) -> str:
    """A continent's name in the current language."""
    return _lookup("continents", ident)


def continent_compact(ident: str) -> str:
    """A continent's name shortened for narrow places (the legend)."""
    return _lookup("continents_compact", ident)


def continent_short(ident: str) -> str:
    """A continent's two-letter mark for the seat panel ("NA", "EU")."""
    return _lookup("continents_short", ident)


def card_name(card: str) -> str:
    """The words on a territory card: its territory, or the joker."""
    return tr("wartable.joker") if card == JOKER else territory_name(card)


def place_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """A copy of an event's / error's fields with territory and continent ids in words."""
    out = dict(fields)
    for k in TERRITORY_FIELDS:
        if isinstance(out.get(k), str):
            out[k] = territory_name(out[k])
    for k in TERRITORY_LIST_FIELDS:
        v = out.get(k)
        if isinstance(v, list | tuple):
            out[k] = ", ".join(card_name(i) for i in v)
    if isinstance(out.get("card"), str):
        out["card"] = card_name(out["card"])
    if isinstance(out.get("continent"), str):
        out["continent"] = continent_name(out["continent"])
    return out


def trp(key: str, **params: Any) -> str:
    """`tr` with the territory and continent ids among `params` put in words."""
    return tr(key, **place_fields(params))


# the engine's refusals name places by their board ids ("Alemanha is not yours.")
register_param_words("war.", place_fields)
