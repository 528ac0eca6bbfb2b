"""The Wyrt table: the felt, the betting controls and the dice card ritual."""

from scenes.tables.wyrt.table import WyrtTable

__all__ = ["WyrtTable"]
