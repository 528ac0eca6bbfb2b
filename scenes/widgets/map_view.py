"""The War world map: territory shapes, owner tints, labels, crossings and army
counters, drawn from `assets/war/map.json` in cached layers.

Static layers (sea, land, outlines, names, dotted crossings) are painted once
per size at 2x and scaled down for smooth edges; the owner tint layer is
recomposed only when an owner changes; counters and highlights are cheap
per-frame blits. Hit-testing works in map units with point-in-polygon.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from scenes import style
from scenes.widgets import hatching
from scenes.widgets.army_counter import INK_DARK, army_counter
from scenes.widgets.map_counters import spread

Point = tuple[float, float]
Colour = tuple[int, int, int]
SS = 2  # supersampling of the static layers

SEA: Colour = (196, 184, 150)
SEA_DARK: Colour = (164, 150, 116)
LAND_EDGE: Colour = (70, 48, 28)

#: soft continent tints under the owner colours (so continents stay readable)
CONTINENT_TINTS: dict[str, Colour] = {
    "América do Norte": (214, 170, 110),
    "América do Sul": (150, 180, 110),
    "Europa": (150, 160, 200),
    "África": (210, 150, 100),
    "Ásia": (190, 190, 120),
    "Oceania": (200, 140, 170),
}


def point_in_ring(x: float, y: float, ring: list[Point]) -> bool:
    """Even-odd rule."""
    inside = False
    j = len(ring) - 1
    for i in range(len(ring)):
        xi, yi = ring[i]
        xj, yj = ring[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / ((yj - yi) or 1e-12) + xi:
            inside = not inside
        j = i
    return inside


@dataclass
class Territory:
    """One territory's geometry in map units."""

    name: str
    continent: str
    polygons: list[list[Point]]
    label: Point
    anchor: Point
    bbox: tuple[float, float, float, float] = (0, 0, 0, 0)

    def __post_init__(self) -> None:
        xs = [p[0] for ring in self.polygons for p in ring]
        ys = [p[1] for ring in self.polygons for p in ring]
        self.bbox = (min(xs), min(ys), max(xs), max(ys))

    def contains(self, x: float, y: float) -> bool:
        """Whether a map point lies inside one of the polygons."""
        x0, y0, x1, y1 = self.bbox
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        return any(point_in_ring(x, y, ring) for ring in self.polygons)


@dataclass
class Crossing:
    """A dotted sea route between two territories (maybe split at the map edge)."""

    a: str
    b: str
    segments: list[list[Point]] = field(default_factory=list)


class MapData:
    """The parsed asset."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.width = float(data["width"])
        self.height = float(data["height"])
        self.territories: dict[str, Territory] = {}
        for name, t in data["territories"].items():
            self.territories[name] = Territory(
                name,
                t["continent"],
                [[(float(x), float(y)) for x, y in ring] for ring in t["polygons"]],
                (float(t["label"][0]), float(t["label"][1])),
                (float(t["anchor"][0]), float(t["anchor"][1])),
            )
        self.continents: dict[str, list[list[Point]]] = {
            name: [[(float(x), float(y)) for x, y in ring] for ring in c.get("outline", [])]
            for name, c in data.get("continents", {}).items()
        }
        self.crossings: list[Crossing] = []
        for c in data.get("crossings", []):
            if c.get("segments"):
                segs = [[(float(x), float(y)) for x, y in seg] for seg in c["segments"]]
            else:
                segs = [[(float(x), float(y)) for x, y in c.get("path", [])]]
            self.crossings.append(Crossing(c["a"], c["b"], segs))

    @classmethod
    def load(cls, path: Path) -> MapData:
        """Read the asset file."""
        return cls(json.loads(path.read_text(encoding="utf-8")))


class MapView:
    """Draws a `MapData` into a rectangle of the window."""

    def __init__(self, data: MapData) -> None:
        self.data = data
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.scale = 1.0
        self.offset = (0.0, 0.0)
        self._static: pygame.Surface | None = None
        self._names: pygame.Surface | None = None
        self._masks: dict[str, tuple[pygame.Surface, pygame.Rect]] = {}
        self._tints: pygame.Surface | None = None
        #: the continents view: each continent's land hatched (`CONTINENT_HATCH`)
        self._hatched: pygame.Surface | None = None
        self.hatching = False
        self._owner_colours: dict[str, Colour] = {}
        self._counter_cache: dict[tuple[int, Colour, str, bool], pygame.Surface] = {}
        #: where each counter stands at this size (moved apart where they crowd)
        self._spread: dict[str, tuple[int, int]] | None = None
        self._tinted_cache: dict[tuple[str, Colour], pygame.Surface] = {}
        #: territory id -> the name written on the map (the id when absent)
        self.labels: dict[str, str] = {}
        #: counts the changes of the map without counters (owners, size): a caller
        #: keeps what `paint_base` painted while it stands
        self.base_version = 0

    # -- geometry -------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect) -> None:
        """Fit the map into `rect`, keeping its aspect; layers repaint lazily."""
        rect = pygame.Rect(rect)
        if rect == self.rect and self._static is not None:
            return
        self.rect = rect
        self.scale = min(rect.width / self.data.width, rect.height / self.data.height)
        w, h = self.data.width * self.scale, self.data.height * self.scale
        self.offset = (rect.left + (rect.width - w) / 2, rect.top + (rect.height - h) / 2)
        self._static = self._names = self._tints = self._hatched = None
        self.base_version += 1
        self._masks.clear()
        self._tinted_cache.clear()
        self._counter_cache.clear()
        self._spread = None

    def set_labels(self, labels: dict[str, str]) -> None:
        """The names to write on the map (territory id -> words, e.g. in the
        player's language); the names layer repaints when they change."""
        if labels == self.labels:
            return
        self.labels = dict(labels)
        self._names = None
        self.base_version += 1

    def set_hatching(self, on: bool) -> None:
        """Hatch each continent its own way (the continents view), or not."""
        if on != self.hatching:
            self.hatching = on
            self.base_version += 1

    def label(self, name: str) -> str:
        """The words written on the map for a territory."""
        return self.labels.get(name, name)

    @property
    def map_rect(self) -> pygame.Rect:
        """The pixels the map itself covers."""
        return pygame.Rect(
            round(self.offset[0]),
            round(self.offset[1]),
            round(self.data.width * self.scale),
            round(self.data.height * self.scale),
        )

    def to_screen(self, p: Point) -> tuple[int, int]:
        """Map units -> window pixels."""
        return round(self.offset[0] + p[0] * self.scale), round(self.offset[1] + p[1] * self.scale)

    def to_map(self, pos: tuple[int, int]) -> Point:
        """Window pixels -> map units."""
        return (pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale

    def territory_at(self, pos: tuple[int, int]) -> str | None:
        """The territory whose counter is under a window position, else the land
        under it (None over the sea)."""
        r = self.counter_radius()
        hit = min(
            ((math.hypot(pos[0] - cx, pos[1] - cy), n) for n, (cx, cy) in self.counters().items()),
            default=None,
        )
        if hit is not None and hit[0] <= r:
            return hit[1]
        x, y = self.to_map(pos)
        for t in self.data.territories.values():
            if t.contains(x, y):
                return t.name
        return None

    def anchor(self, name: str) -> tuple[int, int]:
        """Where a territory's army counter sits, in pixels."""
        return self.counters()[name]

    def counters(self) -> dict[str, tuple[int, int]]:
        """Every counter's place at this size: the map's anchor, moved apart from
        its neighbours' where they would overlap (crowded Europe at 1024x640)."""
        if self._spread is None:
            anchors = {n: self.to_screen(t.anchor) for n, t in self.data.territories.items()}
            r = self.counter_radius()
            box = (self.map_rect.left, self.map_rect.top, self.map_rect.width, self.map_rect.height)
            moved = spread(anchors, r, box, gap=max(2.0, r * 0.15))
            self._spread = {n: (round(x), round(y)) for n, (x, y) in moved.items()}
        return self._spread

    # -- layers ---------------------------------------------------------------
    def _ring_px(
        self, ring: list[Point], k: float, origin: Point = (0.0, 0.0)
    ) -> list[tuple[float, float]]:
        return [
            ((x * self.scale - origin[0]) * k, (y * self.scale - origin[1]) * k) for x, y in ring
        ]

    def _paint_static(self) -> pygame.Surface:
        """Sea, continents, territory edges and dotted crossings."""
        mr = self.map_rect
        big = pygame.Surface((mr.width * SS, mr.height * SS), pygame.SRCALPHA)
        sea = style.parchment((mr.width, mr.height), border=False)
        big.blit(pygame.transform.smoothscale(sea, big.get_size()), (0, 0))
        # faint graticule: the old-map look
        for lon in range(0, 13):
            x = big.get_width() * lon / 12
            pygame.draw.line(big, (*SEA_DARK, 70), (x, 0), (x, big.get_height()), 1)
        for lat in range(0, 7):
            y = big.get_height() * lat / 6
            pygame.draw.line(big, (*SEA_DARK, 70), (0, y), (big.get_width(), y), 1)
        for t in self.data.territories.values():
            tint = CONTINENT_TINTS.get(t.continent, (200, 180, 140))
            for ring in t.polygons:
                pts = self._ring_px(ring, SS)
                if len(pts) >= 3:
                    pygame.draw.polygon(big, tint, pts)
        for t in self.data.territories.values():
            for ring in t.polygons:
                pts = self._ring_px(ring, SS)
                if len(pts) >= 3:
                    pygame.draw.polygon(big, LAND_EDGE, pts, width=max(1, SS))
        for outline in self.data.continents.values():
            for ring in outline:
                pts = self._ring_px(ring, SS)
                if len(pts) >= 3:
                    pygame.draw.polygon(big, (40, 24, 12), pts, width=3 * SS)
        for c in self.data.crossings:
            for seg in c.segments:
                self._dotted(big, self._ring_px(seg, SS), (60, 40, 24), 3 * SS, 7 * SS)
        return pygame.transform.smoothscale(big, mr.size)

    @staticmethod
    def _dotted(
        surface: pygame.Surface,
        pts: list[tuple[float, float]],
        colour: Colour,
        width: int,
        gap: int,
    ) -> None:
        carry = 0.0
        for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
            length = math.hypot(x1 - x0, y1 - y0)
            d = carry
            while d < length:
                t = d / length if length else 0
                pygame.draw.circle(
                    surface, colour, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), width / 2
                )
                d += gap
            carry = d - length

    def counter_radius(self, big: bool = False) -> int:
        """Radius of an army counter at the current scale (see `counter_surface`):
        13 px on the map of a 1024x640 window, 17 at 1280x800, growing with the
        window up to 24 (a selected counter a quarter more)."""
        r = min(24.0, max(13.0, self.scale * 35))
        return round(r * (1.25 if big else 1.0))

    def name_rects(self, font_size: int) -> dict[str, pygame.Rect]:
        """Where each territory's name goes (map-layer pixels): at its label point
        when that hides no army counter and no other name, else nudged to the
        nearest free spot around it (small windows crowd Europe, Africa and
        South-East Asia)."""
        f = style.font(font_size, "bold")
        r = self.counter_radius() + 3
        ox, oy = self.map_rect.left, self.map_rect.top
        discs = []
        for ax, ay in self.counters().values():
            discs.append(pygame.Rect(ax - ox - r, ay - oy - r, 2 * r, 2 * r))
        bounds = pygame.Rect((0, 0), self.map_rect.size)
        placed: dict[str, pygame.Rect] = {}
        h = f.get_height()
        steps = [(0, 0)] + [
            (dx, dy)
            for dist in (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5)
            for dx, dy in (
                (0, -dist * h),
                (0, dist * h),
                (-dist * 2 * h, 0),
                (dist * 2 * h, 0),
                (-dist * 1.4 * h, -dist * 0.7 * h),
                (dist * 1.4 * h, -dist * 0.7 * h),
                (-dist * 1.4 * h, dist * 0.7 * h),
                (dist * 1.4 * h, dist * 0.7 * h),
            )
        ]
        # Names in crowded places first: they have the fewest good spots.
        order = sorted(
            self.data.territories.values(),
            key=lambda t: (
                -sum(
                    1
                    for d in discs
                    if d.colliderect(
                        pygame.Rect(0, 0, *f.size(self.label(t.name))).move(
                            t.label[0] * self.scale - f.size(self.label(t.name))[0] / 2,
                            t.label[1] * self.scale - h / 2,
                        )
                    )
                )
            ),
        )
        for t in order:
            w = f.size(self.label(t.name))[0] + 2
            x, y = t.label[0] * self.scale, t.label[1] * self.scale
            ax, ay = self.counters()[t.name][0] - ox, self.counters()[t.name][1] - oy
            # the label point, then right beside the territory's own counter (under,
            # over, right, left: clear of it by construction), then a widening ring
            spots = [(x, y)]
            below, beside = r + h / 2 + 1, r + w / 2 + 2
            spots += [
                (ax, ay + below),
                (ax, ay - below),
                (ax + beside, ay),
                (ax - beside, ay),
                (ax + w / 2, ay + below),
                (ax - w / 2, ay + below),
                (ax + w / 2, ay - below),
                (ax - w / 2, ay - below),
            ]
            spots += [(x + dx, y + dy) for dx, dy in steps[1:]]
            best: tuple[float, pygame.Rect] | None = None
            for i, (sx, sy) in enumerate(spots):
                if best is not None and i * 2 >= best[0]:
                    break  # farther spots cannot do better
                rect = pygame.Rect(0, 0, w, h)
                rect.center = (round(sx), round(sy))
                rect.clamp_ip(bounds)
                hidden = sum(_overlap(rect, d) for d in discs)
                # names keep a little air between them ("África do SulMadagascar")
                crowd = sum(_overlap(rect.inflate(8, 2), o) for o in placed.values())
                if (hidden or crowd) and best is not None and best[0] < 1000:
                    continue  # a free spot is already known
                # stay near the label point, and on the territory's own land (a name
                # pushed into the sea or onto a neighbour reads as the wrong place)
                away = self._away_from_home(t, rect)
                # a name on a counter or on another name is worse than any distance
                cost = (hidden + crowd) * 1000 + i * 2 + away
                if best is None or cost < best[0]:
                    best = (cost, rect)
                if hidden == 0 and crowd == 0 and away == 0:
                    break
            assert best is not None
            placed[t.name] = best[1]
        return placed

    def _away_from_home(self, t: Territory, rect: pygame.Rect) -> int:
        """How wrong a name's place reads: 0 centred on its own land; 40 over the
        sea but touching its own land (an island narrower than its name, such as
        Madagascar); 80 out at sea; 120 on a neighbour's land."""
        k = self.scale
        cx, cy = rect.centerx / k, rect.centery / k
        if t.contains(cx, cy):
            return 0
        if any(o.contains(cx, cy) for o in self.data.territories.values() if o is not t):
            return 120
        edge = rect.inflate(6, 6)
        xs = [edge.left + edge.width * f / 6 for f in range(7)]
        probes = [(x, edge.top) for x in xs] + [(x, edge.bottom) for x in xs]
        probes += [(edge.left, edge.centery), (edge.right, edge.centery)]
        return 40 if any(t.contains(px / k, py / k) for px, py in probes) else 80

    def leader(self, name: str, rect: pygame.Rect) -> tuple[int, int] | None:
        """Where a leader line leaves a name's rectangle (map-layer pixels) for its
        counter, or None when the name sits on its land right by the counter."""
        t = self.data.territories[name]
        ax = self.counters()[name][0] - self.map_rect.left
        ay = self.counters()[name][1] - self.map_rect.top
        nx = min(max(ax, rect.left), rect.right)
        ny = min(max(ay, rect.top), rect.bottom)
        gap = math.hypot(nx - ax, ny - ay) - self.counter_radius()
        if gap <= rect.height * 0.8 or (
            gap <= rect.height * 2
            and t.contains(rect.centerx / self.scale, rect.centery / self.scale)
        ):
            return None
        return round(nx), round(ny)

    def _paint_names(self, font_size: int) -> pygame.Surface:
        """Territory names with a light halo, readable on any owner colour."""
        mr = self.map_rect
        layer = pygame.Surface(mr.size, pygame.SRCALPHA)
        f = style.font(font_size, "bold")
        rects = self.name_rects(font_size)
        # a name pushed away from its counter gets a thin leader line to it, so
        # crowded Europe's and the islands' names still point at their land
        for name, r in rects.items():
            start = self.leader(name, r)
            if start is not None:
                ax, ay = self.counters()[name]
                end = (ax - mr.left, ay - mr.top)
                pygame.draw.line(layer, (250, 240, 215, 200), start, end, 3)
                pygame.draw.line(layer, (60, 40, 24, 230), start, end, 1)
        for name, r in rects.items():
            text = f.render(self.label(name), True, (30, 20, 12))
            halo = f.render(self.label(name), True, (250, 240, 215))
            r = text.get_rect(center=r.center)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
                layer.blit(halo, r.move(dx, dy))
            layer.blit(text, r)
        return layer

    def _mask(self, name: str) -> tuple[pygame.Surface, pygame.Rect]:
        """A white, antialiased silhouette of a territory (recoloured on demand)."""
        if name not in self._masks:
            t = self.data.territories[name]
            x0, y0, x1, y1 = t.bbox
            origin = (x0 * self.scale - 1, y0 * self.scale - 1)
            w = int((x1 - x0) * self.scale) + 3
            h = int((y1 - y0) * self.scale) + 3
            big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
            for ring in t.polygons:
                pts = self._ring_px(ring, SS, origin)
                if len(pts) >= 3:
                    pygame.draw.polygon(big, (255, 255, 255, 255), pts)
            mask = pygame.transform.smoothscale(big, (w, h))
            mr = self.map_rect
            self._masks[name] = (
                mask,
                pygame.Rect(mr.left + round(origin[0]), mr.top + round(origin[1]), w, h),
            )
        return self._masks[name]

    def set_owner_colours(self, colours: dict[str, Colour]) -> None:
        """Owner colour per territory; only the changed territories are repainted."""
        if colours == self._owner_colours:
            return
        changed = {
            t
            for t in set(colours) | set(self._owner_colours)
            if colours.get(t) != self._owner_colours.get(t)
        }
        self._owner_colours = dict(colours)
        self.base_version += 1
        if self._tints is None:
            return
        if len(changed) > 10:  # a new deal or a whole new view: paint it all
            self._tints = None
            return
        for name in changed:
            if name in self.data.territories:
                self._repaint_region(name)

    def _tinted(self, name: str, colour: Colour) -> pygame.Surface:
        key = (name, colour)
        surf = self._tinted_cache.get(key)
        if surf is None:
            mask, _ = self._mask(name)
            surf = mask.copy()
            surf.fill((*colour, 150), special_flags=pygame.BLEND_RGBA_MULT)
            self._tinted_cache[key] = surf
        return surf

    def _paint_tints(self) -> pygame.Surface:
        mr = self.map_rect
        layer = pygame.Surface(mr.size, pygame.SRCALPHA)
        for name, colour in self._owner_colours.items():
            if name in self.data.territories:
                _, where = self._mask(name)
                layer.blit(self._tinted(name, colour), (where.left - mr.left, where.top - mr.top))
        return layer

    def _repaint_region(self, name: str) -> None:
        """Clear one territory's box on the tint layer and repaint what overlaps it."""
        assert self._tints is not None
        mr = self.map_rect
        _, where = self._mask(name)
        region = where.move(-mr.left, -mr.top)
        self._tints.fill((0, 0, 0, 0), region)
        self._tints.set_clip(region)
        for other, colour in self._owner_colours.items():
            if other not in self.data.territories:
                continue
            _, w2 = self._mask(other)
            box = w2.move(-mr.left, -mr.top)
            if box.colliderect(region):
                self._tints.blit(self._tinted(other, colour), box.topleft)
        self._tints.set_clip(None)

    def outline(self, surface: pygame.Surface, name: str, colour: Colour, width: int = 3) -> None:
        """Draw a territory's outline (selection, hover, targets)."""
        t = self.data.territories[name]
        for ring in t.polygons:
            pts = [self.to_screen(p) for p in ring]
            if len(pts) >= 3:
                pygame.draw.polygon(surface, colour, pts, width=width)

    def glow(self, surface: pygame.Surface, name: str, colour: Colour, alpha: int = 90) -> None:
        """Wash a territory with a translucent colour (hover, reachable neighbours)."""
        mask, where = self._mask(name)
        tinted = mask.copy()
        tinted.fill((*colour, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(tinted, where)

    # -- counters -------------------------------------------------------------
    def counter_surface(
        self, count: int, colour: Colour, emblem: str, big: bool = False
    ) -> pygame.Surface:
        """The army counter: a disc in the owner's colour with its emblem ring and the number."""
        key = (count, colour, emblem, big)
        if key not in self._counter_cache:
            self._counter_cache[key] = army_counter(self.counter_radius(big), count, colour, emblem)
        return self._counter_cache[key]

    # -- drawing --------------------------------------------------------------
    def name_size(self) -> int:
        """Label size for the current scale (readable at 1024x640)."""
        return max(10, min(15, int(self.scale * 11)))

    def paint_base(self, surface: pygame.Surface, topleft: tuple[int, int]) -> None:
        """Paint the map without counters onto `surface` (a layer the caller keeps
        per `base_version`): its static layer, owner tints and names in turn."""
        if self._static is None:
            self._static = self._paint_static()
        if self._tints is None:
            self._tints = self._paint_tints()
        if self._names is None:
            self._names = self._paint_names(self.name_size())
        layers = [self._static, self._tints]
        if self.hatching:
            if self._hatched is None:
                continents = {n: t.continent for n, t in self.data.territories.items()}
                self._hatched = hatching.hatched_land(self.map_rect, continents, self._mask)
            layers.append(self._hatched)
        for layer in (*layers, self._names):
            surface.blit(layer, topleft)

    def draw_counters(
        self,
        surface: pygame.Surface,
        counters: Iterable[tuple[str, int, Colour, str]],
        big: set[str] | None = None,
    ) -> None:
        """Army counters: (territory, count, owner colour, owner emblem). A counter
        moved off its own land to make room gets a thin line to it."""
        counters = list(counters)
        r = self.counter_radius()
        for name, _count, _colour, _emblem in counters:
            x, y = self.anchor(name)
            home = self.data.territories[name]
            if not home.contains(*self.to_map((x, y))):
                ax, ay = self.to_screen(home.anchor)
                if math.hypot(x - ax, y - ay) > r * 0.6:
                    pygame.draw.line(surface, (250, 240, 215), (ax, ay), (x, y), 3)
                    pygame.draw.line(surface, INK_DARK, (ax, ay), (x, y), 1)
        for name, count, colour, emblem in counters:
            surf = self.counter_surface(count, colour, emblem, bool(big and name in big))
            surface.blit(surf, surf.get_rect(center=self.anchor(name)))


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """Area two rectangles share."""
    c = a.clip(b)
    return c.width * c.height
