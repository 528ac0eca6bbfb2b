"""The Chama table (formation, pool and battle)."""

from scenes.tables.chama.table import ChamaTable

__all__ = ["ChamaTable"]
