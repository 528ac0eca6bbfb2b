"""The Wyr table's look and the small text helpers its painting mixins share."""

from __future__ import annotations

from functools import lru_cache

from scenes import style
from scenes.tables import felt

#: a panel line: text, size, colour, font kind
Line = tuple[str, int, tuple[int, int, int], str]

#: the height of the top bar (status line, Menu and >>)
TOP = 56

#: the cloth, wood and light of the lords' table
LOOK = felt.TAVERN


@lru_cache(maxsize=512)
def wrap(text: str, size: int, width: int, kind: str = "sans") -> tuple[str, ...]:
    """`style.wrap_text`, remembered: panel words are re-laid out only when they change."""
    return tuple(style.wrap_text(text, size, width, kind))
