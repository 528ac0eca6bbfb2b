#!/usr/bin/env python3
"""Build ``map.json``, the War board geometry, from Natural Earth country shapes.

Offline tooling, not used by the app (the app reads ``map.json`` only). Needs
``shapely`` (>= 2.1) and, unless ``--atlas`` names a local copy of
``countries-50m.json``, the ``npm`` client to fetch the ``world-atlas`` package.

Steps: decode the TopoJSON; give every country (or a piece of it) to one of the
42 War territories, splitting Canada, the USA and Russia along hand-drawn
lines; project (Miller cylindrical, cropped); close the few "land" borders of
the board that are narrow straits in reality with thin land bridges; open a
channel wherever two territories that are no neighbours come too close;
simplify the whole coverage at once so that shared borders stay shared;
place labels and army anchors; draw the sea crossings; write compact JSON.
The steps live in this folder's `map_source`, `map_countries` and
`map_geometry` modules; this script puts them together.

    python assets/war/build_map.py            # fetches world-atlas with npm
    python assets/war/build_map.py --atlas /path/to/countries-50m.json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import shapely
from shapely.geometry import MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

# the sibling modules of this script's folder (run as a script, not imported)
from map_countries import (
    assign,
)
from map_geometry import (
    CLOSE_RADIUS,
    MIN_AREA,
    add_bridges,
    clean,
    close_inlets,
    crossing,
    neighbours,
    open_channels,
    place,
    rings_of,
    simplify_coverage,
    to_map,
)
from map_source import (
    CONTINENTS,
    HEIGHT,
    LAT_BOTTOM,
    LAT_TOP,
    LON0,
    SEA_CROSSINGS,
    TERRITORY_CONTINENT,
    WIDTH,
    fetch_atlas,
    load_countries,
    parts,
    project,
)

HERE = Path(__file__).resolve().parent
OUTPUT = HERE / "map.json"
SOURCE = (
    "Natural Earth 1:50m Admin 0 countries (public domain), version 4.1.0, "
    "as TopoJSON in the npm package world-atlas 2.0.2 (ISC); see SOURCE.md"
)

# ---------------------------------------------------------------------------
# Graticule
# ---------------------------------------------------------------------------


def graticule() -> dict[str, list]:
    meridians = []
    for lon in range(-150, 181, 30):
        pts = [project(lon, lat) for lat in (LAT_BOTTOM, LAT_TOP)]
        meridians.append({"lon": lon, "line": [[round(x, 1), round(y, 1)] for x, y in pts]})
    parallels = []
    for lat in (-30, 0, 30, 60):
        y = project(0, lat)[1]
        parallels.append({"lat": lat, "line": [[0, round(y, 1)], [WIDTH, round(y, 1)]]})
    tropics = [
        {
            "lat": lat,
            "line": [[0, round(project(0, lat)[1], 1)], [WIDTH, round(project(0, lat)[1], 1)]],
        }
        for lat in (23.44, -23.44, 66.56)
    ]
    return {"meridians": meridians, "parallels": parallels, "tropics": tropics}


# ---------------------------------------------------------------------------


def build(atlas: Path, tolerance: float) -> dict:
    countries = load_countries(atlas)
    pieces, decor_pieces = assign(countries)
    terr: dict[str, BaseGeometry] = {t: to_map(ps) for t, ps in pieces.items()}
    close_inlets(terr, CLOSE_RADIUS)
    add_bridges(terr)
    open_channels(terr)
    terr = {t: MultiPolygon(parts(shapely.make_valid(g))) for t, g in terr.items()}
    simple = simplify_coverage(terr, tolerance)
    final = {t: clean(g, MIN_AREA / 2) for t, g in simple.items()}

    territories = {}
    for t, g in final.items():
        label, anchor = place(t, g)
        territories[t] = {
            "continent": TERRITORY_CONTINENT[t],
            "polygons": rings_of(g),
            "label": label,
            "anchor": anchor,
        }
    continents = {}
    for c, ts in CONTINENTS.items():
        union = unary_union(
            [shapely.make_valid(Polygon(r)) for t in ts for r in territories[t]["polygons"]]
        )
        continents[c] = {"outline": rings_of(union, MIN_AREA / 2)}
    decor = to_map(decor_pieces)
    decor_rings = rings_of(decor.simplify(tolerance), MIN_AREA)
    crossings = [crossing(a, b, final) for a, b in SEA_CROSSINGS]
    return {
        "version": 1,
        "source": SOURCE,
        "width": WIDTH,
        "height": HEIGHT,
        "projection": {
            "name": "miller",
            "lon0": LON0,
            "lat_top": LAT_TOP,
            "lat_bottom": LAT_BOTTOM,
        },
        "territories": territories,
        "continents": continents,
        "crossings": crossings,
        "graticule": graticule(),
        "decor": {"land": decor_rings},
    }


def validate(data: dict) -> list[str]:
    """The board's rules on the written geometry (the app's test checks them too)."""
    shapes = {
        t: unary_union([shapely.make_valid(Polygon(r)) for r in v["polygons"]])
        for t, v in data["territories"].items()
    }
    problems = []
    sea = {frozenset(p) for p in SEA_CROSSINGS}
    names = sorted(shapes)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            d = shapes[a].distance(shapes[b])
            pair = frozenset((a, b))
            if neighbours(a, b) and pair not in sea and d > 0.5:
                problems.append(f"{a} and {b} should share a border (gap {d:.2f})")
            if not neighbours(a, b) and d < 2.0:
                problems.append(f"{a} and {b} are no neighbours but only {d:.2f} apart")
    for t, v in data["territories"].items():
        for key in ("label", "anchor"):
            if not shapes[t].contains(Point(v[key])):
                problems.append(f"{t}: {key} outside")
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--atlas", type=Path, help="a local countries-50m.json of world-atlas")
    ap.add_argument("--tolerance", type=float, default=0.6, help="simplification, map units")
    ap.add_argument("--out", type=Path, default=OUTPUT)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        atlas = args.atlas or fetch_atlas(Path(tmp))
        data = build(atlas, args.tolerance)
    problems = validate(data)
    for p in problems:
        print("PROBLEM:", p, file=sys.stderr)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    args.out.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({len(text) // 1024} KB)", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
