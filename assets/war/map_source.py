"""The War board's source data for `build_map.py`: the board itself (continents,
borders and sea crossings, as RULINGS.md gives them), the map projection, and
the Natural Earth countries read from world-atlas's TopoJSON."""

from __future__ import annotations

import json
import math
import subprocess
import tarfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

ATLAS_PACKAGE = "world-atlas@2.0.2"
ATLAS_FILE = "countries-50m.json"


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
