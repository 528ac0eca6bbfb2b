"""Export buttons: standings and pairings to CSV or JSON in `<data dir>/exports`."""

from __future__ import annotations

import datetime
import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

from game import storage
from game.tournament import (
    Tournament,
    TournamentError,
    export_pairings_csv,
    export_pairings_json,
    export_standings_csv,
    export_standings_json,
)
from scenes.i18n import tr
from scenes.tournament.common import error_text

if TYPE_CHECKING:
    from scenes.manager import AppHost

FORMATS = ("csv", "json")


def exports_dir() -> Path:
    """Where exported files go."""
    return storage.data_dir() / "exports"


def slug(text: str) -> str:
    """A file-name-safe version of a tournament name ("Chama: Duplas (Xisum) 2026" →
    "chama-duplas-xisum-2026")."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    words = re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-").lower()
    return words[:60] or "tournament"


def export_files(t: Tournament, fmt: str, now: datetime.datetime | None = None) -> list[Path]:
    """Write the standings and the pairings in `fmt` ("csv" or "json"); returns the paths."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}")
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder = exports_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{slug(t.name)}-{stamp}"
    standings = folder / f"{stem}-standings.{fmt}"
    pairings = folder / f"{stem}-pairings.{fmt}"
    if fmt == "csv":
        export_standings_csv(t, standings)
        export_pairings_csv(t, pairings)
    else:
        export_standings_json(t, standings)
        export_pairings_json(t, pairings)
    return [standings, pairings]


def export_and_tell(app: AppHost, t: Tournament, fmt: str) -> list[Path]:
    """Export and say where the files went (or why not)."""
    try:
        paths = export_files(t, fmt)
    except (OSError, TournamentError, ValueError) as e:
        app.notify(tr("tournament.export.failed", reason=error_text(e)), "error")
        return []
    app.notify(
        tr(
            "tournament.export.done",
            count=len(paths),
            files=", ".join(p.name for p in paths),
            folder=str(paths[0].parent),
        )
    )
    return paths
