"""Amounts in words: tibares or life points, with the player's thousands separator."""

from __future__ import annotations

from scenes.i18n import grouped, tr

__all__ = ["grouped", "money"]


def money(amount: int, unit: str) -> str:
    """An amount at this table: "T$ 1.250" or "18 PV"."""
    key = "wyrttable.money_pv" if unit == "PV" else "wyrttable.money_tibar"
    return tr(key, amount=grouped(amount))
