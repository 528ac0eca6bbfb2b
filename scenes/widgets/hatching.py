"""Hatching: the second cue beside a colour (issue 50). War's continents view
hatches each continent's land its own way, and the legend's swatches carry the
same hatch as its key, so continents are told apart without telling tints apart."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

#: continent (as the engine names it) -> its hatch
CONTINENT_HATCH: dict[str, str] = {
    "América do Norte": "rows",
    "América do Sul": "columns",
    "Europa": "rising",
    "África": "falling",
    "Ásia": "dots",
    "Oceania": "grid",
}
HATCH_INK = (60, 40, 24, 110)
HATCH_STEP = 7


def hatch(size: tuple[int, int], kind: str) -> pygame.Surface:
    """A transparent tile of `size` hatched as `kind` (see `CONTINENT_HATCH`)."""
    w, h = size
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    step = HATCH_STEP
    if kind in ("rows", "grid"):
        for y in range(step // 2, h, step):
            pygame.draw.line(out, HATCH_INK, (0, y), (w, y))
    if kind in ("columns", "grid"):
        for x in range(step // 2, w, step):
            pygame.draw.line(out, HATCH_INK, (x, 0), (x, h))
    if kind in ("rising", "falling"):
        for k in range(-h, w + h, step):
            a, b = ((k, h), (k + h, 0)) if kind == "rising" else ((k, 0), (k + h, h))
            pygame.draw.line(out, HATCH_INK, a, b)
    if kind == "dots":
        for y in range(step // 2, h, step):
            for x in range(step // 2 + (y // step % 2) * step // 2, w, step):
                pygame.draw.circle(out, HATCH_INK, (x, y), 1)
    return out


def hatched_land(
    area: pygame.Rect,
    continents: Mapping[str, str],
    mask_of: Callable[[str], tuple[pygame.Surface, pygame.Rect]],
) -> pygame.Surface:
    """A layer of `area`'s size with each territory hatched as its continent is:
    `continents` maps a territory to its continent, `mask_of` gives a territory's
    silhouette and where it lies on screen."""
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    tiles: dict[str, pygame.Surface] = {}
    for name, continent in continents.items():
        kind = CONTINENT_HATCH.get(continent)
        if kind is None:
            continue
        if kind not in tiles:  # one tile per kind, cut out per territory: lines run on
            tiles[kind] = hatch(area.size, kind)
        mask, where = mask_of(name)
        local = where.move(-area.left, -area.top)
        inside = local.clip(layer.get_rect())  # a mask's box may lean over the edge
        if not inside.width or not inside.height:
            continue
        piece = tiles[kind].subsurface(inside).copy()
        cut = mask.subsurface(inside.move(-local.left, -local.top))
        piece.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        layer.blit(piece, inside.topleft)
    return layer
