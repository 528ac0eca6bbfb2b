#!/usr/bin/env python3
"""Render ``map.json`` to a PNG for a human look (tooling only, not used by the app).

    python assets/war/preview.py /tmp/war_map_1280.png --width 1280
    python assets/war/preview.py /tmp/war_map_eu.png --width 3000 --crop 800,80,1200,400

Parchment background, continents tinted, territory borders, continent outlines,
dotted sea crossings, labels and army anchors.
"""

from __future__ import annotations

import argparse
import json
import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
FONT = HERE.parent / "fonts" / "EBGaramond12-Regular.otf"

PARCHMENT = (236, 222, 186)
SEA = (214, 203, 168)
INK = (84, 58, 34)
CONTINENT_TINT = {
    "América do Norte": (222, 190, 120),
    "América do Sul": (196, 170, 110),
    "Europa": (170, 180, 150),
    "África": (214, 160, 110),
    "Ásia": (190, 170, 140),
    "Oceania": (200, 150, 140),
}
DECOR_LAND = (226, 212, 176)

Pt = tuple[float, float]


def dotted(surf: pygame.Surface, pts: list[Pt], colour: tuple[int, int, int], step: float) -> None:
    carry = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        d = carry
        while d < length:
            t = d / length
            pygame.draw.circle(
                surf,
                colour,
                (round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)),
                max(1, round(step / 4)),
            )
            d += step
        carry = d - length


def render(data: dict, width: int, crop: tuple[int, int, int, int] | None) -> pygame.Surface:
    x0, y0, x1, y1 = crop or (0, 0, data["width"], data["height"])
    s = width / (x1 - x0)
    height = round((y1 - y0) * s)

    def tr(p: list[float]) -> Pt:
        return ((p[0] - x0) * s, (p[1] - y0) * s)

    surf = pygame.Surface((width, height))
    surf.fill(SEA)
    grat = data.get("graticule", {})
    for line in grat.get("meridians", []) + grat.get("parallels", []):
        pygame.draw.aalines(surf, (196, 182, 146), False, [tr(p) for p in line["line"]])
    for ring in data.get("decor", {}).get("land", []):
        pts = [tr(p) for p in ring]
        pygame.draw.polygon(surf, DECOR_LAND, pts)
        pygame.draw.aalines(surf, (150, 130, 100), True, pts)
    for i, t in enumerate(data["territories"].values()):
        shade = (-14, 0, 14)[i % 3]
        r, g, b = (max(0, min(255, v + shade)) for v in CONTINENT_TINT[t["continent"]])
        tint = (r, g, b)
        for ring in t["polygons"]:
            pygame.draw.polygon(surf, tint, [tr(p) for p in ring])
    for t in data["territories"].values():
        for ring in t["polygons"]:
            pygame.draw.aalines(surf, (120, 92, 60), True, [tr(p) for p in ring])
    for c in data["continents"].values():
        for ring in c["outline"]:
            pygame.draw.lines(surf, INK, True, [tr(p) for p in ring], max(1, round(s * 1.2)))
    step = max(4.0, 9 * s)
    for cr in data["crossings"]:
        if cr.get("wrap"):
            for seg in cr["segments"]:
                dotted(surf, [tr(p) for p in seg], INK, step)
        else:
            dotted(surf, [tr(p) for p in cr["path"]], INK, step)
    pygame.font.init()
    size = max(10, round(width / 100))
    font = pygame.font.Font(str(FONT), size)
    for name, t in data["territories"].items():
        lx, ly = tr(t["label"])
        text = font.render(name, True, (40, 26, 14))
        surf.blit(text, text.get_rect(center=(round(lx), round(ly))))
        ax, ay = tr(t["anchor"])
        r = max(5, round(size * 0.75))
        pygame.draw.circle(surf, (150, 30, 30), (round(ax), round(ay)), r)
        pygame.draw.circle(surf, (250, 240, 220), (round(ax), round(ay)), r, 1)
        n = font.render("3", True, (250, 240, 220))
        surf.blit(n, n.get_rect(center=(round(ax), round(ay))))
    return surf


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--map", type=Path, default=HERE / "map.json")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--crop", help="x0,y0,x1,y1 in map units")
    args = ap.parse_args()
    data = json.loads(args.map.read_text(encoding="utf-8"))
    crop = tuple(int(v) for v in args.crop.split(",")) if args.crop else None
    pygame.image.save(render(data, args.width, crop), str(args.out))  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
