"""The War table (world map)."""

from scenes.tables.war.table import WarTable

__all__ = ["WarTable"]
