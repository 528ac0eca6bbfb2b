"""The Chama table (formation, pool and battle)."""

from scenes.tables.chama.table import ChamaTable, bench_frames

__all__ = ["ChamaTable", "bench_frames"]
