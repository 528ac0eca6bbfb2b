"""The War board's geometry in map units, for `build_map.py`: territories
projected and cleaned, narrow straits bridged and near misses opened,
simplified as one coverage, labels and army anchors placed, sea crossings
drawn."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable

import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, unary_union

# the sibling modules of this script's folder (run as a script, not imported)
from map_countries import (
    LonLat,
)
from map_source import (
    BORDERS,
    LAT_BOTTOM,
    LAT_TOP,
    LON0,
    WIDTH,
    parts,
    project,
    project_geom,
)

# ---------------------------------------------------------------------------
# Geometry in map units
# ---------------------------------------------------------------------------

VIEW = box(LON0, LAT_BOTTOM, LON0 + 360, LAT_TOP)
MIN_AREA = 10.0  # map units^2: smaller islands are dropped
CLOSE_RADIUS = 0.8  # inlets narrower than twice this are filled
GAP = 3.5  # the least distance kept between territories that are no neighbours
BRIDGE_WIDTH = 3.0


def to_map(geoms: Iterable[BaseGeometry], min_area: float = MIN_AREA) -> BaseGeometry:
    merged = unary_union([g.intersection(VIEW) for g in geoms])
    projected = shapely.make_valid(project_geom(merged))
    return shapely.make_valid(MultiPolygon([p for p in parts(projected) if p.area >= min_area]))


def close_inlets(terr: dict[str, BaseGeometry], radius: float) -> None:
    """Fill inlets and straits narrower than ``2 * radius`` inside each territory.

    What a territory gains is taken only from the sea, never from another territory.
    """
    for t in list(terr):
        closed = terr[t].buffer(radius, quad_segs=4).buffer(-radius, quad_segs=4)
        gained = closed.difference(terr[t])
        others = unary_union([g for o, g in terr.items() if o != t])
        gained = gained.difference(others)
        terr[t] = shapely.make_valid(terr[t].union(gained))


def lonlat_box(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    (a, b), (c, d) = project(x0, y1), project(x1, y0)
    return box(a, b, c, d)


# Board borders that are narrow straits on the real map: a thin land bridge,
# given to the first territory, between the nearest points inside a lon/lat box.
BRIDGES: list[tuple[str, str, tuple[float, float, float, float]]] = [
    ("Mackenzie", "Groenlândia", (-75.0, 80.4, -55.0, 83.5)),
    ("Labrador", "Groenlândia", (-80.0, 77.5, -66.0, 79.4)),
    ("Portugal", "Argélia", (-6.5, 35.5, -4.5, 36.6)),
    ("Portugal", "Egito", (7.5, 36.8, 11.0, 39.6)),
    ("Polônia", "Egito", (10.0, 36.5, 13.5, 38.5)),
]


def neighbours(a: str, b: str) -> bool:
    return b in BORDERS[a]


def add_bridges(terr: dict[str, BaseGeometry]) -> None:
    for a, b, zone in BRIDGES:
        if terr[a].distance(terr[b]) < 0.01:
            continue
        z = lonlat_box(*zone)
        pa, pb = nearest_points(terr[a].intersection(z), terr[b].intersection(z))
        dx, dy = pb.x - pa.x, pb.y - pa.y
        n = math.hypot(dx, dy)
        ext = 1.0 / n
        line = LineString([(pa.x - dx * ext, pa.y - dy * ext), (pb.x + dx * ext, pb.y + dy * ext)])
        bridge = line.buffer(BRIDGE_WIDTH / 2, cap_style="flat")
        for other, geom in terr.items():
            if other not in (a, b) and not neighbours(a, other):
                bridge = bridge.difference(geom.buffer(GAP))
        bridge = bridge.difference(terr[b])
        for other, geom in terr.items():
            if other not in (a, b):
                bridge = bridge.difference(geom)
        terr[a] = terr[a].union(bridge)
        print(f"bridge {a} - {b}: {n:.1f} units", file=sys.stderr)


# Which of two too-close non-neighbours gives way (default: the smaller one).
ERODE_FIRST: dict[frozenset[str], str] = {}


def open_channels(terr: dict[str, BaseGeometry]) -> None:
    names = sorted(terr)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if neighbours(a, b):
                continue
            d = terr[a].distance(terr[b])
            if d >= GAP:
                continue
            loser = ERODE_FIRST.get(frozenset((a, b)))
            if loser is None:
                loser = a if terr[a].area < terr[b].area else b
            winner = b if loser == a else a
            terr[loser] = terr[loser].difference(terr[winner].buffer(GAP + 0.5))
            print(f"channel {a} / {b}: was {d:.2f}, {loser} gives way", file=sys.stderr)


def clean(geom: BaseGeometry, min_area: float) -> MultiPolygon:
    return MultiPolygon([Polygon(p.exterior) for p in parts(geom) if p.area >= min_area])


def simplify_coverage(terr: dict[str, BaseGeometry], tolerance: float) -> dict[str, MultiPolygon]:
    names = list(terr)
    simplified = shapely.coverage_simplify([terr[n] for n in names], tolerance)
    return {n: g for n, g in zip(names, simplified, strict=True)}


def round_ring(coords: Iterable[tuple[float, float]]) -> list[list[int]]:
    out: list[list[int]] = []
    for x, y in coords:
        p = [round(x), round(y)]
        if not out or p != out[-1]:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def _valid_rings(ring: list[list[int]]) -> list[list[list[int]]]:
    """Rounding may twist a ring where two edges nearly meet: untwist it."""
    poly = Polygon(ring)
    if poly.is_valid:
        return [ring]
    out = []
    for p in parts(shapely.make_valid(poly)):
        if p.area >= 1.0:
            r = round_ring(p.exterior.coords)
            if len(r) >= 3:
                out.append(r)
    return out


def rings_of(geom: BaseGeometry, min_area: float = 0.0) -> list[list[list[int]]]:
    rings = []
    for p in parts(geom):
        if p.area < min_area:
            continue
        r = round_ring(p.exterior.coords)
        if len(r) >= 3 and Polygon(r).area > 0:
            rings.extend(_valid_rings(r))
    return rings


# ---------------------------------------------------------------------------
# Labels and anchors
# ---------------------------------------------------------------------------

# The app writes names at about 12 px on a 1024 px wide map: in map units a
# letter is about 12 wide and a line 24 high; an army counter is about 20 across.
CHAR_WIDTH = 12.0
TEXT_HEIGHT = 24.0
COUNTER = 20.0

# Hand-placed label / anchor positions (lon, lat) where the automatic ones are poor.
LABEL_AT: dict[str, LonLat] = {
    "Portugal": (-3.8, 40.0),  # Iberia ...
    "Alemanha": (10.2, 50.6),
    "Polônia": (28.5, 49.2),
    "Suécia": (15.3, 63.2),
    "Mongólia": (105.5, 46.3),
    "Peru": (-75.0, -9.8),
    # the name and the counter at the two ends of the island (issue 34: at 1024x640
    # the name sat out in the sea); Congo and Madagascar likewise keep them apart
    "Sumatra": (97.1, 3.5),
    "Congo": (18.3, -9.6),
    "Madagascar": (48.9, -13.6),
    "Bornéu": (113.8, -1.0),
    "Nova Guiné": (138.0, -2.6),
}
ANCHOR_AT: dict[str, LonLat] = {
    "Portugal": (2.4, 46.9),  # ... and France
    "Alemanha": (15.0, 48.3),
    "Polônia": (20.0, 52.3),
    "Suécia": (26.8, 63.6),
    "Mongólia": (94.0, 47.6),
    "Peru": (-65.3, -17.0),  # Bolivia
    "Sumatra": (104.7, -5.1),
    "Congo": (19.6, 4.8),
    "Madagascar": (45.8, -22.7),
    "Bornéu": (116.4, 4.8),
    "Nova Guiné": (143.6, -6.2),
}


def _grid(poly: Polygon, step: float) -> list[tuple[float, float, float, float]]:
    """Points inside ``poly`` on a grid: (x, y, depth, half the horizontal room)."""
    x0, y0, x1, y1 = poly.bounds
    out = []
    boundary = poly.exterior
    y = y0 + step / 2
    while y < y1:
        row = LineString([(x0 - 1, y), (x1 + 1, y)]).intersection(poly)
        for seg in getattr(row, "geoms", [row]):
            if seg.is_empty or not isinstance(seg, LineString):
                continue
            sx0, sx1 = sorted((seg.coords[0][0], seg.coords[-1][0]))
            x = sx0 + step / 2
            while x < sx1:
                depth = boundary.distance(Point(x, y))
                out.append((x, y, depth, min(x - sx0, sx1 - x)))
                x += step
        y += step
    return out


def place(name: str, geom: MultiPolygon) -> tuple[list[float], list[float]]:
    main = max(geom.geoms, key=lambda p: p.area)
    step = max(1.0, math.sqrt(main.area) / 70)
    pts = _grid(main, step)
    half_text = len(name) * CHAR_WIDTH / 2
    if name in LABEL_AT:
        lx, ly = project(*LABEL_AT[name])
    else:
        cx, cy = main.centroid.x, main.centroid.y
        size = math.sqrt(main.area)

        def label_score(p: tuple[float, float, float, float]) -> float:
            x, y, depth, room = p
            near = math.hypot(x - cx, y - cy) / size
            return min(room, half_text) + 2 * min(depth, TEXT_HEIGHT / 2) - 8 * near

        lx, ly, _, _ = max(pts, key=label_score)
    if name in ANCHOR_AT:
        ax, ay = project(*ANCHOR_AT[name])
    else:

        def clear(p: tuple[float, float, float, float]) -> bool:
            dx, dy = abs(p[0] - lx), abs(p[1] - ly)
            return dy >= (TEXT_HEIGHT + COUNTER) / 2 or dx >= half_text + COUNTER / 2

        def anchor_score(p: tuple[float, float, float, float]) -> float:
            x, y, depth, _ = p
            return min(depth, COUNTER * 0.75) - 0.02 * math.hypot(x - lx, y - ly)

        free = [p for p in pts if clear(p)]
        if not free:  # a tiny shape: as far from the label as it gets
            free = sorted(pts, key=lambda p: -math.hypot(p[0] - lx, p[1] - ly))[:5]
        ax, ay, _, _ = max(free, key=anchor_score)
    return [round(lx, 1), round(ly, 1)], [round(ax, 1), round(ay, 1)]


# ---------------------------------------------------------------------------
# Sea crossings
# ---------------------------------------------------------------------------

# Where a dotted crossing leaves each coast (lon, lat: snapped to the nearest coast
# of the territory), with optional waypoints between; pairs not listed join
# the nearest points of the two territories.
CROSSING_ROUTE: dict[tuple[str, str], list[LonLat]] = {
    ("Inglaterra", "Alemanha"): [(1.7, 52.6), (4.6, 52.6)],
    ("Inglaterra", "Portugal"): [(-1.4, 50.6), (-1.4, 49.6)],
    ("Inglaterra", "Suécia"): [(-1.3, 60.4), (5.0, 61.0)],
    ("Japão", "Vladivostok"): [(141.3, 43.3), (133.0, 42.9)],
    ("Japão", "China"): [(129.8, 32.6), (121.9, 30.9)],
    ("Bornéu", "Nova Guiné"): [(124.8, 1.3), (127.8, 1.1)],
    ("Bornéu", "Austrália"): [(122.8, -5.4), (128.6, -6.9), (130.0, -9.6), (131.5, -11.3)],
    ("Sumatra", "Austrália"): [(120.3, -10.3), (122.6, -16.5)],
    ("Nova Guiné", "Austrália"): [(141.6, -9.1), (142.5, -10.8)],
    ("Madagascar", "Sudão"): [(49.2, -12.0), (40.3, -10.3)],
    ("Madagascar", "África do Sul"): [(44.2, -17.5), (37.5, -17.8)],
    ("Vietnã", "Bornéu"): [(106.0, 9.0), (110.8, 2.0)],
}
MIN_CROSSING = 16.0  # map units: a shorter crossing reaches a little inland


def _route(a: str, b: str) -> list[LonLat]:
    if (a, b) in CROSSING_ROUTE:
        return CROSSING_ROUTE[(a, b)]
    if (b, a) in CROSSING_ROUTE:
        return CROSSING_ROUTE[(b, a)][::-1]
    return []


def _inland(geom: BaseGeometry, p: Point, toward: Point, need: float) -> Point:
    """Move ``p`` up to ``need`` units away from ``toward``, staying inside ``geom``."""
    dx, dy = p.x - toward.x, p.y - toward.y
    n = math.hypot(dx, dy) or 1.0
    best = p
    for k in range(1, 9):
        q = Point(p.x + dx / n * need * k / 8, p.y + dy / n * need * k / 8)
        if not geom.buffer(0.5).contains(q):
            break
        best = q
    return best


def crossing(a: str, b: str, terr: dict[str, MultiPolygon]) -> dict:
    ga, gb = terr[a], terr[b]
    if {a, b} == {"Alasca", "Vladivostok"}:
        # over the date line: Alasca's westmost cape to the left edge, and the
        # right edge to Chukotka's eastmost cape
        wx, wy = min((c for p in ga.geoms for c in p.exterior.coords), key=lambda c: c[0])
        ex, ey = max((c for p in gb.geoms for c in p.exterior.coords), key=lambda c: c[0])
        y = (wy + ey) / 2
        west = _inland(ga, Point(wx, wy), Point(0, y), MIN_CROSSING / 2)
        east = _inland(gb, Point(ex, ey), Point(WIDTH, y), MIN_CROSSING / 2)
        return {
            "a": a,
            "b": b,
            "path": [],
            "wrap": True,
            "segments": [
                [[round(west.x, 1), round(west.y, 1)], [0, round(y, 1)]],
                [[WIDTH, round(y, 1)], [round(east.x, 1), round(east.y, 1)]],
            ],
        }
    route = _route(a, b)
    if route:
        pa = nearest_points(ga, Point(project(*route[0])))[0]
        pb = nearest_points(gb, Point(project(*route[-1])))[0]
        mids = [Point(project(*v)) for v in route[1:-1]]
    else:
        pa, pb = nearest_points(ga, gb)
        mids = []
    length = sum(p.distance(q) for p, q in zip([pa, *mids], [*mids, pb], strict=True))
    if length < MIN_CROSSING:
        need = (MIN_CROSSING - length) / 2
        first, last = (mids[0] if mids else pb), (mids[-1] if mids else pa)
        pa, pb = _inland(ga, pa, first, need), _inland(gb, pb, last, need)
    path = [pa, *mids, pb]
    return {"a": a, "b": b, "path": [[round(p.x, 1), round(p.y, 1)] for p in path], "wrap": False}
