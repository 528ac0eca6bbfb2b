"""The Wyr table (see `table.py`); its own pieces live beside it, the felt is shared."""

from scenes.tables.wyr.table import WyrTable

__all__ = ["WyrTable"]
