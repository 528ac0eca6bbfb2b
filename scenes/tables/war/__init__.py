"""The War table (world map)."""

from scenes.tables.war.table import WarTable, bench_frames

__all__ = ["WarTable", "bench_frames"]
