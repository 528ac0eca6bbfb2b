"""Amounts in words: tibares or life points, with the player's thousands separator."""

from __future__ import annotations

from scenes.i18n import language, tr


def grouped(amount: int) -> str:
    """1250 -> "1.250" in Portuguese, "1,250" in English."""
    text = f"{amount:,}"
    return text.replace(",", ".") if language() == "pt" else text


def money(amount: int, unit: str) -> str:
    """An amount at this table: "T$ 1.250" or "18 PV"."""
    key = "wyrttable.money_pv" if unit == "PV" else "wyrttable.money_tibar"
    return tr(key, amount=grouped(amount))
