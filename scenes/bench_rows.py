"""A row of `taverna bench`, the percentiles its timings quote, and the rows as
one aligned text table."""

from __future__ import annotations

from typing import Any


def row(
    section: str,
    name: str,
    value: Any,
    unit: str = "",
    budget: str = "",
    ok: bool | None = None,
    **data: Any,
) -> dict[str, Any]:
    """One line of the table; `data` carries the numbers for --json."""
    return {
        "section": section,
        "name": name,
        "value": value,
        "unit": unit,
        "budget": budget,
        "ok": ok,
        **data,
    }


def pct(values: list[float], p: float) -> float:
    from game.runner import percentile

    return percentile(values, p)


def format_table(rows: list[dict[str, Any]]) -> str:
    """The rows as one aligned text table."""
    head = ("section", "measurement", "value", "budget", "")
    cells = [
        (
            r["section"],
            r["name"],
            f"{r['value']} {r['unit']}".strip(),
            r["budget"] or "",
            {True: "ok", False: "OVER", None: ""}[r["ok"]],
        )
        for r in rows
    ]
    widths = [max(len(str(c[i])) for c in [head, *cells]) for i in range(5)]
    lines = []
    for c in [head, *cells]:
        lines.append(
            f"{c[0]:<{widths[0]}}  {c[1]:<{widths[1]}}  {c[2]:>{widths[2]}}  {c[3]:<{widths[3]}}  {c[4]}".rstrip()
        )
        if c is head:
            lines.append("-" * len(lines[0]))
    return "\n".join(lines)
