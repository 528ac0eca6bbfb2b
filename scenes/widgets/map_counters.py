"""Where the War map's army counters and their badges go: no two overlap.

At 1024x640 Europe is a thumb wide: Germany's, Poland's and Portugal's counters
lay on one another, and a click on the one on top picked another territory.
`spread` moves overlapping counters apart (each as little as it must, from
where the map puts it), and `place_badges` gives each badge ("+5", "3 to
move") the corner of its counter that hides nothing. Pixels in, pixels out; no
pygame, so the rules are tested without a window.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

Point = tuple[float, float]
#: a rectangle as (left, top, width, height)
Box = tuple[float, float, float, float]


def spread(
    anchors: Mapping[str, Point], radius: float, bounds: Box, gap: float = 3.0, rounds: int = 80
) -> dict[str, Point]:
    """Counters of `radius` at `anchors`, pushed apart until no two are closer
    than two radii and `gap`, and kept inside `bounds`. Deterministic (names in
    order; two on one spot part left and right)."""
    pos = {name: (float(x), float(y)) for name, (x, y) in sorted(anchors.items())}
    names = list(pos)
    need = 2 * radius + gap
    left, top, width, height = bounds
    lo_x, hi_x = left + radius, left + width - radius
    lo_y, hi_y = top + radius, top + height - radius
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                (ax, ay), (bx, by) = pos[a], pos[b]
                dx, dy = bx - ax, by - ay
                d = math.hypot(dx, dy)
                if d >= need - 1e-6:
                    continue
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (need - d) / 2 + 0.01
                ux, uy = dx / d, dy / d
                pos[a] = (ax - ux * push, ay - uy * push)
                pos[b] = (bx + ux * push, by + uy * push)
                moved = True
        for name, (x, y) in pos.items():
            pos[name] = (min(max(x, lo_x), hi_x), min(max(y, lo_y), hi_y))
        if not moved:
            break
    return pos


def _overlap(a: Box, b: Box) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def disc_box(centre: Point, radius: float) -> Box:
    """The square a counter covers."""
    return (centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)


def place_badges(
    counters: Mapping[str, Point],
    radius: float,
    sizes: Mapping[str, tuple[float, float]],
    bounds: Box,
) -> dict[str, Box]:
    """A badge of `sizes[name]` beside each of those counters: of the spots
    around it (upper right first, as the eye expects; then a little farther out),
    the first that covers no other counter and no badge already placed, else the
    one that covers least; the crowded counters choose first."""
    discs = {name: disc_box(c, radius) for name, c in counters.items()}
    placed: dict[str, Box] = {}
    left, top, width, height = bounds

    def crowd(name: str) -> int:
        x, y = counters[name]
        return sum(1 for cx, cy in counters.values() if math.hypot(cx - x, cy - y) < 4 * radius)

    # the crowded ones first: they have the fewest free corners
    for name in sorted((n for n in sizes if n in counters), key=lambda n: (-crowd(n), n)):
        (x, y), (w, h) = counters[name], sizes[name]
        near = radius * 0.55
        spots = [
            (x + near, y - near - h),  # upper right
            (x + near, y + near),  # lower right
            (x - near - w, y - near - h),  # upper left
            (x - near - w, y + near),  # lower left
            (x + radius + 1, y - h / 2),  # right
            (x - radius - 1 - w, y - h / 2),  # left
            (x - w / 2, y - radius - 1 - h),  # above
            (x - w / 2, y + radius + 1),  # below
        ]
        # then a little farther out along the same directions
        spots += [(sx + (sx - x + w / 2) * 0.5, sy + (sy - y + h / 2) * 0.5) for sx, sy in spots]
        best: tuple[float, Box] | None = None
        for i, (bx, by) in enumerate(spots):
            bx = min(max(bx, left), left + width - w)
            by = min(max(by, top), top + height - h)
            box = (bx, by, w, h)
            cost = sum(_overlap(box, d) for n, d in discs.items() if n != name)
            cost += sum(_overlap(box, other) for other in placed.values())
            cost = cost * 1000 + i  # nothing hidden first, then the nearest corner
            if best is None or cost < best[0]:
                best = (cost, box)
            if cost < 1000:
                break
        assert best is not None
        placed[name] = best[1]
    return placed
