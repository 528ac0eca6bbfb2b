"""The War map asset (assets/war/map.json) against the board of RULINGS.md.

Pure Python: no shapely. Land borders must be shared boundaries of the two
shapes, sea crossings must have a dotted path, and territories that are no
neighbours must not touch.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest

MAP = Path(__file__).resolve().parents[2] / "assets" / "war" / "map.json"

# A literal copy of RULINGS.md, "War" -> "The board".
CONTINENTS = {
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
BORDERS = {
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
SEA_CROSSINGS = [
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

TOUCH = 1.5  # map units: a shared boundary is a vertex this close to the other's edge
CELL = 8.0  # spatial hash cell, map units

Point = tuple[float, float]
Ring = list[list[float]]


def _pairs(adjacency: dict[str, list[str]]) -> set[frozenset[str]]:
    return {frozenset((a, b)) for a, bs in adjacency.items() for b in bs}


SEA = {frozenset(p) for p in SEA_CROSSINGS}
LAND = _pairs(BORDERS) - SEA


@cache
def board() -> dict:
    return json.loads(MAP.read_text(encoding="utf-8"))


def rings(name: str) -> list[Ring]:
    return board()["territories"][name]["polygons"]


def _segments(name: str) -> list[tuple[Point, Point]]:
    out = []
    for ring in rings(name):
        for i, p in enumerate(ring):
            q = ring[(i + 1) % len(ring)]
            out.append(((p[0], p[1]), (q[0], q[1])))
    return out


@cache
def segment_grid(name: str) -> dict[tuple[int, int], list[tuple[Point, Point]]]:
    grid: dict[tuple[int, int], list[tuple[Point, Point]]] = defaultdict(list)
    for seg in _segments(name):
        (x0, y0), (x1, y1) = seg
        for cx in range(int(min(x0, x1) // CELL), int(max(x0, x1) // CELL) + 1):
            for cy in range(int(min(y0, y1) // CELL), int(max(y0, y1) // CELL) + 1):
                grid[(cx, cy)].append(seg)
    return grid


def _seg_distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / n))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _vertex_gap(a: str, b: str, limit: float) -> float:
    """The least distance from a vertex of ``a`` to an edge of ``b`` (capped at ``limit``)."""
    grid = segment_grid(b)
    best = limit
    reach = int(math.ceil(limit / CELL))
    for ring in rings(a):
        for x, y in ring:
            cx, cy = int(x // CELL), int(y // CELL)
            for gx in range(cx - reach, cx + reach + 1):
                for gy in range(cy - reach, cy + reach + 1):
                    for s0, s1 in grid.get((gx, gy), ()):
                        best = min(best, _seg_distance((x, y), s0, s1))
    return best


def gap(a: str, b: str, limit: float = 10.0) -> float:
    return min(_vertex_gap(a, b, limit), _vertex_gap(b, a, limit))


def inside(p: Point, ring: Ring) -> bool:
    x, y = p
    hit = False
    for i, (x0, y0) in enumerate(ring):
        x1, y1 = ring[i - 1]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def test_rulings_copy_is_consistent() -> None:
    assert len(BORDERS) == 42
    for a, bs in BORDERS.items():
        for b in bs:
            assert a in BORDERS[b], (a, b)
    assert len(_pairs(BORDERS)) == 79
    assert _pairs(BORDERS) >= SEA


def test_header_and_size() -> None:
    assert MAP.stat().st_size < 500 * 1024
    data = board()
    assert data["version"] == 1
    assert "Natural Earth" in data["source"]
    assert 1.8 < data["width"] / data["height"] < 2.2


def test_territories_and_continents() -> None:
    data = board()
    expected = {t: c for c, ts in CONTINENTS.items() for t in ts}
    assert len(expected) == 42
    got = {t: v["continent"] for t, v in data["territories"].items()}
    assert got == expected
    assert set(data["continents"]) == set(CONTINENTS)
    for c in CONTINENTS:
        assert data["continents"][c]["outline"], c


def test_polygons_are_rings_on_the_map() -> None:
    data = board()
    w, h = data["width"], data["height"]
    for name, t in data["territories"].items():
        assert t["polygons"], name
        for ring in t["polygons"]:
            assert len(ring) >= 3, name
            for x, y in ring:
                assert -1 <= x <= w + 1 and -1 <= y <= h + 1, (name, x, y)


@pytest.mark.parametrize("pair", sorted(tuple(sorted(p)) for p in LAND))
def test_land_borders_are_shared(pair: tuple[str, str]) -> None:
    a, b = pair
    assert gap(a, b) <= TOUCH, f"{a} and {b} share no boundary"


def test_no_border_between_non_neighbours() -> None:
    touching = []
    for a, b in combinations(sorted(BORDERS), 2):
        if frozenset((a, b)) in _pairs(BORDERS):
            continue
        if gap(a, b, limit=TOUCH + 0.5) <= TOUCH:
            touching.append((a, b))
    assert touching == []


def test_sea_crossings_have_paths() -> None:
    data = board()
    found = {}
    for cr in data["crossings"]:
        pair = frozenset((cr["a"], cr["b"]))
        assert pair in SEA, pair
        assert pair not in found, pair
        found[pair] = cr
    assert set(found) == SEA
    w = data["width"]
    for pair, cr in found.items():
        if cr["wrap"]:
            segments = cr["segments"]
            assert len(segments) == 2, pair
            edges = sorted(x for seg in segments for x, _ in seg if x in (0, w))
            assert edges == [0, w], pair
        else:
            assert len(cr["path"]) >= 2, pair
    assert found[frozenset(("Alasca", "Vladivostok"))]["wrap"] is True


def test_crossings_start_and_end_at_their_territories() -> None:
    for cr in board()["crossings"]:
        pts = [cr["segments"][0][0], cr["segments"][1][-1]] if cr["wrap"] else cr["path"]
        for name, p in ((cr["a"], pts[0]), (cr["b"], pts[-1])):
            near = any(inside((p[0], p[1]), r) for r in rings(name))
            if not near:
                near = (
                    min(_seg_distance((p[0], p[1]), s0, s1) for s0, s1 in _segments(name)) <= TOUCH
                )
            assert near, (cr["a"], cr["b"], name, p)


def test_labels_and_anchors_inside() -> None:
    for name, t in board()["territories"].items():
        for key in ("label", "anchor"):
            x, y = t[key]
            assert any(inside((x, y), r) for r in t["polygons"]), (name, key)
        lx, ly = t["label"]
        ax, ay = t["anchor"]
        assert math.hypot(ax - lx, ay - ly) >= 10, name
