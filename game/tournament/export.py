"""Export standings and pairings to CSV and JSON, and the whole tournament to JSON.

Every writer takes an explicit path and writes it atomically through
`game.storage`. CSV cells: empty for "does not apply", `true` / `false` for
yes/no columns, numbers as digits; the header row holds the column names
(StandingRow fields, or the pairing fields below), which the screens label with
`tournament.columns.<name>`.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from game.storage import atomic_write_json, atomic_write_text
from game.tournament.errors import TournamentError
from game.tournament.model import KNOCKOUT_STAGES
from game.tournament.organizer import Tournament

#: Columns of a pairings export: one line per entrant per table.
PAIRING_COLUMNS: tuple[str, ...] = (
    "round",
    "stage",
    "table",
    "seat",
    "number",
    "name",
    "bot",
    "outcome",
    "place",
    "points",
    "timed",
    "source",
)


def standings_rows(t: Tournament, *, final: bool = True) -> list[dict[str, Any]]:
    """Standings as dicts holding exactly `t.columns(final)`."""
    rows = t.final_standings() if final else t.prelim_standings()
    cols = t.columns(final)
    return [{c: getattr(r, c) for c in cols} for r in rows]


def pairing_rows(t: Tournament) -> list[dict[str, Any]]:
    """Every round's tables, one dict per seat (results where known)."""
    out: list[dict[str, Any]] = []
    for rnd in t.rounds:
        for table in rnd.tables:
            outs = t.table_outcomes(rnd.number, table.number)
            for seat, n in enumerate(table.seats):
                e = t.entrant(n)
                o = outs.get(n)
                out.append(
                    {
                        "round": rnd.number,
                        "stage": rnd.stage,
                        "table": table.number,
                        "seat": seat + 1,
                        "number": n,
                        "name": e.name,
                        "bot": e.bot,
                        "outcome": o.key if o else None,
                        "place": o.place if o else None,
                        "points": o.points if o and rnd.stage not in KNOCKOUT_STAGES else None,
                        "timed": table.result.timed if table.result else None,
                        "source": table.result.source if table.result else None,
                    }
                )
    return out


def csv_cell(value: Any) -> str:
    """How a value is written to a CSV cell."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _write_csv(path: Path, columns: tuple[str, ...], rows: list[dict[str, Any]]) -> None:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([csv_cell(row.get(c)) for c in columns])
    atomic_write_text(Path(path), buf.getvalue())


def read_csv(path: Path) -> list[dict[str, str]]:
    """Read back an exported CSV (cells as text)."""
    with open(path, encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def export_standings_csv(t: Tournament, path: Path, *, final: bool = True) -> None:
    """Standings (final places by default) to CSV."""
    _write_csv(path, t.columns(final), standings_rows(t, final=final))


def export_standings_json(t: Tournament, path: Path, *, final: bool = True) -> None:
    """Standings to JSON: {"tournament": …, "columns": […], "standings": [rows]}."""
    atomic_write_json(
        Path(path),
        {
            "tournament": _header(t),
            "columns": list(t.columns(final)),
            "standings": standings_rows(t, final=final),
        },
    )


def export_pairings_csv(t: Tournament, path: Path) -> None:
    """Every round's pairings and results to CSV."""
    _write_csv(path, PAIRING_COLUMNS, pairing_rows(t))


def export_pairings_json(t: Tournament, path: Path) -> None:
    """Every round's pairings and results to JSON: {"tournament": …, "pairings": [rows]}."""
    atomic_write_json(Path(path), {"tournament": _header(t), "pairings": pairing_rows(t)})


def export_tournament_json(t: Tournament, path: Path) -> None:
    """The whole tournament (re-importable with `import_tournament_json`)."""
    atomic_write_json(Path(path), t.to_dict())


def import_tournament_json(path: Path) -> Tournament:
    """Read a tournament written by `export_tournament_json` (it gets no store id)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise TournamentError(
            "tournament.errors.corrupt_record", f"the file cannot be read: {e}"
        ) from e
    if not isinstance(data, dict):
        raise TournamentError("tournament.errors.corrupt_record", "the file is not a tournament")
    return Tournament.from_dict(data)


def _header(t: Tournament) -> dict[str, Any]:
    champion = t.champion()
    return {
        "name": t.name,
        "game": t.game,
        "format": t.format,
        "entrants": len(t.entrants),
        "rounds": t.rounds_planned,
        "top_cut": t.top_cut,
        "turn_limit": t.turn_limit,
        "seed": t.seed,
        "finished": t.is_finished,
        "champion": champion.name if champion else None,
    }
