"""Seat emblems: the shape that goes with every player colour (a second cue for
colour-blind players), as a polygon and drawn filled with a contrasting rim."""

from __future__ import annotations

import math

import pygame

from scenes.style import BLACK, CREAM, Color


def emblem_points(kind: str, center: tuple[float, float], r: float) -> list[tuple[float, float]]:
    """Polygon of a seat emblem (circle approximated), for colour-blind cues."""
    cx, cy = center
    if kind == "square":
        k = r * 0.82
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if kind == "triangle":
        return [
            (cx + r * math.cos(a), cy + r * math.sin(a))
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
    if kind == "diamond":
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if kind == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    if kind == "hexagon":
        return [
            (cx + r * math.cos(a), cy + r * math.sin(a))
            for a in (i * math.pi / 3 for i in range(6))
        ]
    return [
        (cx + r * math.cos(a), cy + r * math.sin(a)) for a in (i * math.pi / 12 for i in range(24))
    ]


def draw_emblem(
    target: pygame.Surface, kind: str, center: tuple[float, float], r: float, colour: Color
) -> None:
    """A filled emblem with a contrasting outline."""
    pts = emblem_points(kind, center, r)
    pygame.draw.polygon(target, colour, pts)
    lum = 0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2]
    pygame.draw.polygon(target, BLACK if lum > 110 else CREAM, pts, width=max(1, int(r // 6)))
