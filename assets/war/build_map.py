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

    python assets/war/build_map.py            # fetches world-atlas with npm
    python assets/war/build_map.py --atlas /path/to/countries-50m.json
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, unary_union

HERE = Path(__file__).resolve().parent
OUTPUT = HERE / "map.json"
ATLAS_PACKAGE = "world-atlas@2.0.2"
ATLAS_FILE = "countries-50m.json"
SOURCE = (
    "Natural Earth 1:50m Admin 0 countries (public domain), version 4.1.0, "
    "as TopoJSON in the npm package world-atlas 2.0.2 (ISC); see SOURCE.md"
)

# ---------------------------------------------------------------------------
# The board (a literal copy of RULINGS.md, "War" -> "The board")
# ---------------------------------------------------------------------------

CONTINENTS: dict[str, list[str]] = {
    "América do Norte": [
        "Alasca",
        "Mackenzie",
        "Groenlândia",
        "Vancouver",
        "Ottawa",
        "Labrador",
        "Califórnia",
        "Nova York",
        "México",
    ],
    "América do Sul": ["Venezuela", "Peru", "Brasil", "Argentina"],
    "Europa": ["Islândia", "Inglaterra", "Suécia", "Moscou", "Alemanha", "Polônia", "Portugal"],
    "África": ["Argélia", "Egito", "Sudão", "Congo", "África do Sul", "Madagascar"],
    "Ásia": [
        "Oriente Médio",
        "Aral",
        "Omsk",
        "Dudinka",
        "Sibéria",
        "Tchita",
        "Mongólia",
        "Vladivostok",
        "China",
        "Índia",
        "Japão",
        "Vietnã",
    ],
    "Oceania": ["Sumatra", "Bornéu", "Nova Guiné", "Austrália"],
}

BORDERS: dict[str, list[str]] = {
    "Alasca": ["Mackenzie", "Vancouver", "Vladivostok"],
    "Mackenzie": ["Alasca", "Groenlândia", "Vancouver", "Ottawa"],
    "Groenlândia": ["Mackenzie", "Labrador", "Islândia"],
    "Vancouver": ["Alasca", "Mackenzie", "Ottawa", "Califórnia"],
    "Ottawa": ["Mackenzie", "Vancouver", "Labrador", "Califórnia", "Nova York"],
    "Labrador": ["Groenlândia", "Ottawa", "Nova York"],
    "Califórnia": ["Vancouver", "Ottawa", "Nova York", "México"],
    "Nova York": ["Ottawa", "Labrador", "Califórnia", "México"],
    "México": ["Califórnia", "Nova York", "Venezuela"],
    "Venezuela": ["México", "Peru", "Brasil"],
    "Peru": ["Venezuela", "Brasil", "Argentina"],
    "Brasil": ["Venezuela", "Peru", "Argentina", "Argélia"],
    "Argentina": ["Peru", "Brasil"],
    "Islândia": ["Groenlândia", "Inglaterra"],
    "Inglaterra": ["Islândia", "Suécia", "Alemanha", "Portugal"],
    "Suécia": ["Inglaterra", "Moscou"],
    "Moscou": ["Suécia", "Polônia", "Oriente Médio", "Aral", "Omsk"],
    "Alemanha": ["Inglaterra", "Portugal", "Polônia"],
    "Portugal": ["Inglaterra", "Alemanha", "Polônia", "Argélia", "Egito"],
    "Polônia": ["Moscou", "Alemanha", "Portugal", "Egito", "Oriente Médio"],
    "Argélia": ["Brasil", "Portugal", "Egito", "Sudão", "Congo"],
    "Egito": ["Portugal", "Polônia", "Argélia", "Sudão", "Oriente Médio"],
    "Sudão": ["Argélia", "Egito", "Congo", "África do Sul", "Madagascar"],
    "Congo": ["Argélia", "Sudão", "África do Sul"],
    "África do Sul": ["Sudão", "Congo", "Madagascar"],
    "Madagascar": ["Sudão", "África do Sul"],
    "Oriente Médio": ["Moscou", "Polônia", "Egito", "Aral", "Índia"],
    "Aral": ["Moscou", "Oriente Médio", "Omsk", "China", "Índia"],
    "Omsk": ["Moscou", "Aral", "Dudinka", "Mongólia", "China"],
    "Dudinka": ["Omsk", "Sibéria", "Tchita", "Mongólia"],
    "Sibéria": ["Dudinka", "Tchita", "Vladivostok"],
    "Tchita": ["Dudinka", "Sibéria", "Mongólia", "Vladivostok", "China"],
    "Mongólia": ["Omsk", "Dudinka", "Tchita", "China"],
    "Vladivostok": ["Alasca", "Sibéria", "Tchita", "China", "Japão"],
    "China": ["Aral", "Omsk", "Tchita", "Mongólia", "Vladivostok", "Índia", "Japão", "Vietnã"],
    "Índia": ["Oriente Médio", "Aral", "China", "Vietnã", "Sumatra"],
    "Japão": ["Vladivostok", "China"],
    "Vietnã": ["China", "Índia", "Bornéu"],
    "Sumatra": ["Índia", "Austrália"],
    "Bornéu": ["Vietnã", "Nova Guiné", "Austrália"],
    "Nova Guiné": ["Bornéu", "Austrália"],
    "Austrália": ["Sumatra", "Bornéu", "Nova Guiné"],
}

SEA_CROSSINGS: list[tuple[str, str]] = [
    ("Alasca", "Vladivostok"),
    ("Groenlândia", "Islândia"),
    ("Brasil", "Argélia"),
    ("Índia", "Sumatra"),
    ("Vietnã", "Bornéu"),
    ("Japão", "Vladivostok"),
    ("Japão", "China"),
    ("Islândia", "Inglaterra"),
    ("Inglaterra", "Suécia"),
    ("Inglaterra", "Alemanha"),
    ("Inglaterra", "Portugal"),
    ("Madagascar", "Sudão"),
    ("Madagascar", "África do Sul"),
    ("Sumatra", "Austrália"),
    ("Bornéu", "Austrália"),
    ("Bornéu", "Nova Guiné"),
    ("Nova Guiné", "Austrália"),
]

TERRITORY_CONTINENT = {t: c for c, ts in CONTINENTS.items() for t in ts}

# ---------------------------------------------------------------------------
# Projection: Miller cylindrical, longitudes -168.9 .. 191.1, latitudes -57 .. 85
# ---------------------------------------------------------------------------

WIDTH = 2000
LON0 = -168.9
LAT_TOP = 85.0
LAT_BOTTOM = -57.0
K = WIDTH / (2 * math.pi)


def miller_y(lat: float) -> float:
    phi = math.radians(max(-89.0, min(89.0, lat)))
    return 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * phi))


Y_TOP = miller_y(LAT_TOP)
HEIGHT = round((Y_TOP - miller_y(LAT_BOTTOM)) * K)


def project(lon: float, lat: float) -> tuple[float, float]:
    return (math.radians(lon - LON0) * K, (Y_TOP - miller_y(lat)) * K)


def project_geom(geom: BaseGeometry) -> BaseGeometry:
    def fn(a: np.ndarray) -> np.ndarray:
        x = np.radians(a[:, 0] - LON0) * K
        phi = np.radians(np.clip(a[:, 1], -89.0, 89.0))
        y = (Y_TOP - 1.25 * np.log(np.tan(np.pi / 4 + 0.4 * phi))) * K
        return np.column_stack([x, y])

    return shapely.transform(geom, fn)


# ---------------------------------------------------------------------------
# TopoJSON (a small decoder of quantized, delta-encoded arcs)
# ---------------------------------------------------------------------------


def _unwrap(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Make a ring continuous across the date line; move far-west rings east."""
    out: list[tuple[float, float]] = []
    offset = 0.0
    prev: float | None = None
    for x, y in points:
        if prev is not None:
            if x - prev > 180:
                offset -= 360
            elif x - prev < -180:
                offset += 360
        prev = x
        out.append((x + offset, y))
    mean_x = sum(p[0] for p in out) / len(out)
    if mean_x < LON0:
        out = [(x + 360, y) for x, y in out]
    return out


def load_countries(path: Path) -> dict[str, list[Polygon]]:
    topo = json.loads(path.read_text(encoding="utf-8"))
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs: list[list[tuple[float, float]]] = []
    for arc in topo["arcs"]:
        qx = qy = 0
        pts = []
        for dx, dy in arc:
            qx += dx
            qy += dy
            pts.append((qx * sx + tx, qy * sy + ty))
        arcs.append(pts)

    def ring(indices: Sequence[int]) -> list[tuple[float, float]]:
        pts: list[tuple[float, float]] = []
        for i in indices:
            arc = arcs[i] if i >= 0 else arcs[~i][::-1]
            pts.extend(arc if not pts else arc[1:])
        return _unwrap(pts)

    countries: dict[str, list[Polygon]] = {}
    for geom in topo["objects"]["countries"]["geometries"]:
        if geom["type"] == "Polygon":
            polys = [geom["arcs"]]
        elif geom["type"] == "MultiPolygon":
            polys = geom["arcs"]
        else:
            continue
        name = geom["properties"]["name"]
        shapes = []
        for p in polys:
            poly = shapely.make_valid(Polygon(ring(p[0]), [ring(h) for h in p[1:]]))
            shapes.extend(parts(poly))
        countries[name] = shapes
    return countries


def parts(geom: BaseGeometry) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    return [g for sub in getattr(geom, "geoms", []) for g in parts(sub)]


def fetch_atlas(workdir: Path) -> Path:
    """``npm pack`` the world-atlas package into ``workdir`` and unpack it."""
    subprocess.run(
        ["npm", "pack", ATLAS_PACKAGE, "--silent"],
        cwd=workdir,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    tgz = next(workdir.glob("world-atlas-*.tgz"))
    with tarfile.open(tgz) as tar:
        tar.extractall(workdir, filter="data")
    return workdir / "package" / ATLAS_FILE


# ---------------------------------------------------------------------------
# Countries -> territories
# ---------------------------------------------------------------------------

DECOR = "decor"
DROP = None

SIMPLE: dict[str, str | None] = {}


def _give(territory: str | None, *names: str) -> None:
    for n in names:
        SIMPLE[n] = territory


_give("Groenlândia", "Greenland")
_give(
    "México",
    "Mexico",
    "Guatemala",
    "Belize",
    "Honduras",
    "El Salvador",
    "Nicaragua",
    "Costa Rica",
    "Panama",
    "Cuba",
    "Jamaica",
    "Haiti",
    "Dominican Rep.",
    "Bahamas",
    "Puerto Rico",
    "Cayman Is.",
    "Turks and Caicos Is.",
)
_give("Venezuela", "Venezuela", "Colombia", "Guyana", "Suriname", "Trinidad and Tobago")
_give("Peru", "Peru", "Bolivia")
_give("Brasil", "Brazil")
_give("Argentina", "Argentina", "Uruguay", "Paraguay", "Falkland Is.")
_give("Islândia", "Iceland")
_give("Inglaterra", "Ireland", "Isle of Man")
_give("Suécia", "Sweden", "Finland", "Åland")
_give(
    "Alemanha",
    "Germany",
    "Belgium",
    "Luxembourg",
    "Switzerland",
    "Liechtenstein",
    "Austria",
    "Czechia",
)
_give(
    "Polônia",
    "Poland",
    "Lithuania",
    "Latvia",
    "Estonia",
    "Belarus",
    "Ukraine",
    "Moldova",
    "Slovakia",
    "Hungary",
    "Romania",
    "Bulgaria",
    "Slovenia",
    "Croatia",
    "Bosnia and Herz.",
    "Serbia",
    "Montenegro",
    "Kosovo",
    "Macedonia",
    "Albania",
    "Greece",
    "San Marino",
    "Vatican",
    "Malta",
)
_give("Portugal", "Andorra", "Monaco")
_give(
    "Argélia",
    "Morocco",
    "W. Sahara",
    "Algeria",
    "Mauritania",
    "Mali",
    "Niger",
    "Senegal",
    "Gambia",
    "Guinea-Bissau",
    "Guinea",
    "Sierra Leone",
    "Liberia",
    "Côte d'Ivoire",
    "Burkina Faso",
    "Ghana",
    "Togo",
    "Benin",
    "Nigeria",
)
_give("Egito", "Egypt", "Libya", "Tunisia")
_give(
    "Sudão",
    "Sudan",
    "S. Sudan",
    "Chad",
    "Eritrea",
    "Ethiopia",
    "Djibouti",
    "Somalia",
    "Somaliland",
    "Kenya",
    "Uganda",
    "Tanzania",
)
_give(
    "Congo",
    "Cameroon",
    "Central African Rep.",
    "Congo",
    "Dem. Rep. Congo",
    "Gabon",
    "Eq. Guinea",
    "São Tomé and Principe",
    "Angola",
    "Rwanda",
    "Burundi",
)
_give(
    "África do Sul",
    "South Africa",
    "Lesotho",
    "eSwatini",
    "Namibia",
    "Botswana",
    "Zimbabwe",
    "Mozambique",
    "Malawi",
    "Zambia",
)
_give("Madagascar", "Madagascar")
_give(
    "Oriente Médio",
    "Turkey",
    "Cyprus",
    "N. Cyprus",
    "Syria",
    "Lebanon",
    "Israel",
    "Palestine",
    "Jordan",
    "Iraq",
    "Iran",
    "Saudi Arabia",
    "Kuwait",
    "Bahrain",
    "Qatar",
    "United Arab Emirates",
    "Oman",
    "Georgia",
    "Armenia",
    "Azerbaijan",
)
_give("Aral", "Uzbekistan", "Turkmenistan", "Kyrgyzstan", "Tajikistan", "Afghanistan")
_give("Mongólia", "Mongolia")
_give("China", "China", "Taiwan", "Hong Kong", "Macao", "North Korea", "South Korea")
_give("Índia", "India", "Pakistan", "Nepal", "Bhutan", "Bangladesh", "Sri Lanka", "Siachen Glacier")
_give("Japão", "Japan")
_give("Vietnã", "Myanmar", "Thailand", "Laos", "Cambodia", "Vietnam", "Singapore")
_give("Sumatra", "Timor-Leste")
_give("Bornéu", "Brunei")
_give("Nova Guiné", "Papua New Guinea")
_give(
    DECOR,
    "Philippines",
    "New Zealand",
    "Solomon Is.",
    "New Caledonia",
    "Vanuatu",
    "Fiji",
    "Faeroe Is.",
)

Region = list[tuple[float, float]]
LonLat = tuple[float, float]

# Russia, split west -> east. Each line runs from the south (lat 35) to past the pole.
URALS: Region = [
    (61.0, 35),
    (61.0, 50.6),
    (60.0, 56),
    (59.8, 62),
    (63.5, 66),
    (66.0, 68.5),
    (67.5, 70.5),
    (71.0, 77),
    (75.0, 90),
]
YENISEI: Region = [
    (91.0, 35),
    (91.0, 50),
    (88.0, 56),
    (86.0, 62),
    (84.0, 68),
    (81.0, 71.5),
    (80.0, 90),
]
TCHITA: Region = [(98.5, 35), (98.5, 55), (104.0, 57), (118.0, 57.5), (128.0, 56), (128.5, 35)]
VLADIVOSTOK: Region = [
    (128.5, 35),
    (128.0, 56),
    (138.0, 59),
    (145.0, 64),
    (155.0, 68),
    (160.0, 72),
    (160.0, 90),
    (200.0, 90),
    (200.0, 35),
]
SIBERIA: Region = [
    (104.0, 57),
    (108.0, 66),
    (113.0, 73.5),
    (115.0, 90),
    (160.0, 90),
    (160.0, 72),
    (155.0, 68),
    (145.0, 64),
    (138.0, 59),
    (128.0, 56),
    (118.0, 57.5),
]

# Canada: Quebec's western border (Ottawa | Labrador), and Ellesmere's cut.
QUEBEC_WEST: Region = [
    (-74.3, 40),
    (-74.3, 44.9),
    (-74.5, 45.3),
    (-77.5, 46.0),
    (-79.5, 47.0),
    (-79.5, 51.5),
    (-80.0, 58),
    (-80.0, 63.6),
]
# USA: Califórnia | Nova York.
USA_SPLIT: Region = [(-97.5, 50), (-98.5, 40), (-100.5, 28.6), (-100.5, 20)]


def west_of(line: Region, west: float = -400.0) -> Polygon:
    """The part of the plane west of a south->north polyline."""
    return Polygon([(west, line[0][1]), *line, (west, line[-1][1])])


def _poly(points: Region) -> Polygon:
    return Polygon(points)


def split_russia(part: Polygon) -> dict[str | None, BaseGeometry]:
    c = part.centroid
    if c.x < 23:
        return {"Polônia": part}  # Kaliningrad
    if c.y > 79.5 and c.x < 70:
        return {DECOR: part}  # Franz Josef Land
    out: dict[str | None, BaseGeometry] = {}
    rest: BaseGeometry = part
    for name, region in (
        ("Moscou", west_of(URALS)),
        ("Omsk", west_of(YENISEI)),
        ("Tchita", _poly(TCHITA)),
        ("Vladivostok", _poly(VLADIVOSTOK)),
        ("Sibéria", _poly(SIBERIA)),
    ):
        piece = rest.intersection(region)
        if not piece.is_empty:
            out[name] = piece
            rest = rest.difference(region)
    if not rest.is_empty:
        out["Dudinka"] = rest
    return out


def _labrador_island(c: Point) -> bool:
    if c.x > -82.5 and 61.0 < c.y < 74.5:
        return True  # Baffin, Bylot and the islands of Foxe Basin and Hudson Strait
    return c.x > -93.5 and 74.3 < c.y < 77.3  # Devon


# Ellesmere: north (Mackenzie) and south (Labrador) of Eureka Sound's fjords.
ELLESMERE_SOUTH: Region = [
    (-100, 60),
    (-100, 79.6),
    (-86.5, 79.75),
    (-80.7, 80.05),
    (-77.8, 79.35),
    (-70, 79.2),
    (-60, 79.2),
    (-60, 60),
]


def split_canada(part: Polygon) -> dict[str | None, BaseGeometry]:
    c = part.centroid
    if part.area > 500:  # the mainland
        quebec = part.difference(west_of(QUEBEC_WEST)).intersection(box(-90, 40, -50, 63.7))
        rest = part.difference(quebec)
        north = rest.intersection(box(-150, 60, -50, 90))
        rest = rest.difference(north)
        return {
            "Labrador": quebec,
            "Mackenzie": north,
            "Vancouver": rest.intersection(box(-150, 40, -101.8, 60)),
            "Ottawa": rest.difference(box(-150, 40, -101.8, 60)),
        }
    if c.y > 78.5 and -90 < c.x < -65 and part.area > 50:  # Ellesmere
        south = _poly(ELLESMERE_SOUTH)
        return {"Labrador": part.intersection(south), "Mackenzie": part.difference(south)}
    if c.y < 60.0:
        if shapely.contains(west_of(QUEBEC_WEST), c):
            return {"Ottawa" if c.x > -101.8 else "Vancouver": part}
        return {"Labrador": part}
    if _labrador_island(c):
        return {"Labrador": part}
    return {"Mackenzie": part}


def split_usa(part: Polygon) -> dict[str | None, BaseGeometry]:
    c = part.centroid
    if c.y > 50 and c.x < -129.5:
        return {"Alasca": part}
    if c.y < 24 and c.x < -150:
        return {DECOR: part}  # Hawaii
    if c.y < 24 or c.x > -66:
        return {DROP: part}
    west = west_of(USA_SPLIT)
    return {"Califórnia": part.intersection(west), "Nova York": part.difference(west)}


def by_centroid(rule: Callable[[Point], str | None]) -> Callable[[Polygon], dict]:
    def split(part: Polygon) -> dict[str | None, BaseGeometry]:
        return {rule(part.centroid): part}

    return split


def _indonesia(c: Point) -> str | None:
    if c.x < 106.2 and c.y > -5.95:
        return "Sumatra"
    if c.x < 109 and -4 < c.y < -1.5:
        return "Sumatra"  # Bangka, Belitung
    if c.y < -5.95 and c.x < 127.5:
        return "Sumatra"  # Java and the Lesser Sunda islands
    if c.x < 125.3:
        return "Bornéu"  # Kalimantan, Sulawesi
    return "Nova Guiné"  # the Moluccas and Papua


SPLIT: dict[str, Callable[[Polygon], dict[str | None, BaseGeometry]]] = {
    "Russia": split_russia,
    "Canada": split_canada,
    "United States of America": split_usa,
    "Indonesia": by_centroid(_indonesia),
    "Malaysia": by_centroid(lambda c: "Vietnã" if c.x < 105 else "Bornéu"),
    "France": by_centroid(
        lambda c: (
            "Venezuela"
            if c.x < -50 and c.y > 0
            else ("Portugal" if -6 < c.x < 10 and 41 < c.y < 52 else DROP)
        )
    ),
    "Netherlands": by_centroid(lambda c: "Alemanha" if c.y > 50 else DROP),
    "Norway": by_centroid(lambda c: "Suécia" if c.y < 72 else (DECOR if c.x > 0 else DROP)),
    "Denmark": by_centroid(lambda c: "Alemanha" if c.x < 14 else DROP),  # no Bornholm
    "Italy": by_centroid(lambda c: "Portugal" if c.x < 10 and c.y > 38.5 else "Polônia"),
    "Spain": by_centroid(lambda c: "Portugal" if c.y > 36.5 and c.x > -10 else DROP),
    "Portugal": by_centroid(lambda c: "Portugal" if c.x > -10 else DROP),
    "United Kingdom": by_centroid(lambda c: "Inglaterra" if c.y > 49.8 and c.x > -9 else DROP),
    "Chile": by_centroid(lambda c: "Peru" if c.x > -80 else DROP),
    "Ecuador": by_centroid(lambda c: "Peru" if c.x > -85 else DROP),
    "Yemen": by_centroid(lambda c: "Oriente Médio" if c.x < 52 else DROP),
    "Australia": by_centroid(lambda c: "Austrália" if c.x > 112 and c.y < -10 else DROP),
    "Kazakhstan": lambda p: {
        "Omsk": p.intersection(box(85.5, 48.5, 95, 56)),
        "Aral": p.difference(box(85.5, 48.5, 95, 56)),
    },
}


def assign(countries: dict[str, list[Polygon]]) -> tuple[dict[str, list[BaseGeometry]], list]:
    """Territory -> pieces (lon/lat), and the decor pieces."""
    pieces: dict[str, list[BaseGeometry]] = {t: [] for t in TERRITORY_CONTINENT}
    decor: list[BaseGeometry] = []
    unknown = []
    for name, polys in countries.items():
        for part in polys:
            if name in SPLIT:
                given = SPLIT[name](part)
            elif name in SIMPLE:
                given = {SIMPLE[name]: part}
            else:
                unknown.append(name)
                given = {DROP: part}
            for territory, geom in given.items():
                if geom.is_empty or territory is DROP:
                    continue
                if territory == DECOR:
                    decor.append(geom)
                else:
                    pieces[territory].append(geom)
    if unknown:
        print("dropped:", ", ".join(sorted(set(unknown))), file=sys.stderr)
    return pieces, decor


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
