"""How a felt table looks: the cloth, the rail and the light.

A `FeltLook` is plain data the caller picks (the tavern's green baize, a dark
cloth by candlelight for a sinister host, …); `draw_felt` paints the oval table
with it, cached per size and look.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scenes import style
from scenes.style import cached

Color = tuple[int, int, int]


@dataclass(frozen=True)
class FeltLook:
    """Colours and light of a felt table (hashable: it keys the caches)."""

    #: the cloth
    cloth: Color = style.FELT
    #: the padded rail around it
    rail: Color = (72, 40, 22)
    #: the thin rule on the rail and the betting line on the cloth
    trim: Color = style.GOLD_DARK
    #: warm pools of candlelight on the cloth (and a darker room)
    candles: bool = False
    #: the design of card backs dealt at this table ("crimson" or "forest")
    back: str = "crimson"
    #: the colour of text written on the cloth (pot labels, hints)
    ink: Color = style.CREAM


#: the tavern's green baize
TAVERN = FeltLook()
#: a dark cloth lit by candles
CANDLELIGHT = FeltLook(
    cloth=(38, 30, 44), rail=(26, 18, 16), trim=(150, 120, 70), candles=True, back="forest"
)


def felt_scene(
    background: pygame.Surface, oval: pygame.Rect, look: FeltLook = TAVERN, dim: int = 0
) -> pygame.Surface:
    """The room and the table as one opaque surface (cache it per size and look).

    Tables blit this once per frame instead of the wall, the shadow and the
    alpha-blended cloth: one opaque blit is several times cheaper. `dim`
    darkens the room (a candlelit table) before the table is laid on it.
    """
    out = background.copy()
    if dim:
        style.dim(out, dim)
    draw_felt(out, oval, look)
    return out.convert() if pygame.display.get_surface() else out


def draw_felt(surface: pygame.Surface, oval: pygame.Rect, look: FeltLook = TAVERN) -> None:
    """Paint the oval table (rail, cloth, betting line) so that its cloth fills `oval`."""
    rail = max(10, oval.height // 14)
    outer = oval.inflate(2 * rail, 2 * rail)
    surf = _table_surface(outer.size, rail, look)
    surface.blit(style.shadow(outer.size, 18, 150), (outer.left - 14, outer.top - 6))
    surface.blit(surf, outer.topleft)


@cached(8)
def _table_surface(size: tuple[int, int], rail: int, look: FeltLook) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    outer = surf.get_rect()
    # the rail: a dark padded ring with a highlight on its upper half
    pygame.draw.ellipse(surf, look.rail, outer)
    light = tuple(min(255, c + 26) for c in look.rail)
    pygame.draw.ellipse(surf, light, outer.inflate(-rail // 2, -rail // 2), width=max(2, rail // 4))
    pygame.draw.ellipse(surf, look.trim, outer.inflate(-rail * 2 + 4, -rail * 2 + 4), width=2)
    # the cloth, cut to the oval with a mask
    inner = outer.inflate(-2 * rail, -2 * rail)
    cloth = style.felt(inner.size, look.cloth).copy()
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.ellipse(mask, (255, 255, 255, 255), mask.get_rect())
    shaped = pygame.Surface(inner.size, pygame.SRCALPHA)
    shaped.blit(cloth, (0, 0))
    shaped.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if look.candles:
        _candlelight(shaped)
    surf.blit(shaped, inner.topleft)
    # the betting line: chips pushed past it are in play
    line = inner.inflate(-inner.width * 0.22, -inner.height * 0.26)
    pygame.draw.ellipse(surf, (*look.trim, 150), line, width=2)
    return surf


def _candlelight(cloth: pygame.Surface) -> None:
    """Warm pools of light (additive) where candles stand on the rail."""
    w, h = cloth.get_size()
    spot = _glow_sprite()
    size = (int(w * 0.55), int(h * 0.75))
    big = pygame.transform.smoothscale(spot, size)
    for fx, fy in ((0.15, 0.15), (0.85, 0.15), (0.5, 0.95)):
        cloth.blit(big, big.get_rect(center=(w * fx, h * fy)), special_flags=pygame.BLEND_RGB_ADD)


@cached(1)
def _glow_sprite() -> pygame.Surface:
    """A small radial gradient, computed per pixel so it scales up smooth."""
    n = 48
    surf = pygame.Surface((n, n))
    c = (n - 1) / 2
    for y in range(n):
        for x in range(n):
            d = min(1.0, math.hypot(x - c, y - c) / c)
            k = (1 - d) ** 2
            surf.set_at((x, y), (int(110 * k), int(72 * k), int(28 * k)))
    return surf


def candle(surface: pygame.Surface, base: tuple[int, int], height: int, t: float) -> None:
    """A small candle with a flickering flame (`t` in seconds drives the flicker)."""
    x, y = base
    w = max(4, height // 4)
    pygame.draw.rect(surface, (226, 214, 186), pygame.Rect(x - w // 2, y - height, w, height))
    flick = 1 + 0.12 * math.sin(t * 11.0) + 0.06 * math.sin(t * 23.0)
    fh = int(height * 0.45 * flick)
    glow = pygame.Surface((fh * 4, fh * 4), pygame.SRCALPHA)
    pygame.draw.circle(glow, (255, 190, 90, 40), (fh * 2, fh * 2), fh * 2)
    surface.blit(glow, (x - fh * 2, y - height - fh * 2 - fh // 2))
    flame = pygame.Rect(0, 0, max(3, w - 1), fh)
    flame.midbottom = (x, y - height)
    pygame.draw.ellipse(surface, (255, 200, 90), flame)
    pygame.draw.ellipse(surface, (255, 244, 200), flame.inflate(-flame.width // 2, -fh // 3))
