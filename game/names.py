"""Names for seats nobody named: the tavern's regulars (proper names, the
same in every language), for bots at the table and at a hosted table."""

from __future__ import annotations

from collections.abc import Iterable

#: names for bot seats
BOT_NAMES = (
    "Borin",
    "Lisandra",
    "Thorgrim",
    "Mirela",
    "Kaelen",
    "Odalys",
    "Tibério",
    "Yasmin",
    "Galvão",
    "Ravena",
    "Dario",
    "Sélia",
)


def free_bot_name(taken: Iterable[str], index: int) -> str:
    """The first tavern name no seat uses yet ("Bot N" when all are taken)."""
    used = {t.lower() for t in taken}
    return next((n for n in BOT_NAMES if n.lower() not in used), f"Bot {index + 1}")
