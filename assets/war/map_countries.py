"""Which War territory each Natural Earth country, or each piece of one, goes
to (`assign`), for `build_map.py`: most countries whole, Russia, Canada, the
USA and a few others split along hand-drawn lines."""

from __future__ import annotations

import sys
from collections.abc import Callable

import shapely
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

# the sibling modules of this script's folder (run as a script, not imported)
from map_source import (
    TERRITORY_CONTINENT,
)

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
