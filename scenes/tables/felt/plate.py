"""The seat plate: who sits there, what he has, and what he is doing.

The caller fills a `PlateInfo` with words already translated and money already
formatted (tibares, life points, …); `draw_plate` paints it. Plates are cached
per content and size, so drawing every frame costs one blit.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes import style
from scenes.style import cached
from scenes.text_scale import scaled, text_size
from scenes.widgets.emblems import draw_emblem

Color = tuple[int, int, int]

#: badge kinds and their colours (body, text); unknown kinds look like "info"
BADGE_COLOURS: dict[str, tuple[Color, Color]] = {
    "thinking": ((70, 90, 140), style.CREAM),
    "folded": ((90, 80, 72), style.CREAM),
    "all_in": ((170, 40, 34), style.CREAM),
    "out": ((40, 36, 34), (190, 180, 170)),
    "expelled": ((120, 20, 20), style.GOLD_LIGHT),
    "winner": (style.GOLD, style.INK),
    "dead": ((20, 16, 14), (220, 60, 50)),
    "info": (style.GOLD_DARK, style.CREAM),
}


@dataclass(frozen=True)
class PlateInfo:
    """What one seat's plate shows (all text already in the player's language)."""

    name: str
    #: second line: the persona, "you", "bot · Hard" …
    subtitle: str
    #: the money line, formatted by the caller ("T$ 1.250", "PV 18")
    money: str
    colour: Color
    emblem: str
    #: short state text ("Folded", "All-in" …) and its kind (see BADGE_COLOURS)
    badge: str = ""
    badge_kind: str = "info"
    #: the seat must act now (gold frame)
    active: bool = False
    #: out of this hand (folded, out, expelled): drawn faded
    dimmed: bool = False
    #: the person at the screen (a brighter plate)
    hero: bool = False


def draw_plate(
    surface: pygame.Surface,
    rect: pygame.Rect,
    info: PlateInfo,
    pulse: float = 0.0,
    *,
    badge_below: bool = False,
) -> None:
    """Paint a plate in `rect`; `pulse` (0–1) breathes the frame of the active seat.
    The badge sits on the plate's top edge, or on its bottom edge with
    `badge_below` (for a seat whose cards lie just above its plate)."""
    surface.blit(_plate(rect.size, info), rect.topleft)
    if info.active:
        grow = int(2 + 3 * abs(pulse - 0.5) * 2)
        style.gold_frame(surface, rect.inflate(grow * 2, grow * 2), width=2, radius=12)
    if info.badge:
        _badge(surface, rect, info, below=badge_below)


@cached(64)
def _plate(size: tuple[int, int], info: PlateInfo) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    body = (54, 38, 28) if not info.hero else (74, 52, 34)
    pygame.draw.rect(surf, (*style.BLACK, 150), surf.get_rect().move(2, 3), border_radius=12)
    pygame.draw.rect(surf, body, surf.get_rect().inflate(-2, -3), border_radius=12)
    pygame.draw.rect(
        surf, style.GOLD_DARK if not info.hero else style.GOLD, surf.get_rect(), 2, border_radius=12
    )
    # the seat colour with its emblem (a second cue for colour-blind players)
    r = max(8, h // 4)
    pad = 8 if w >= 150 else 5  # a narrow plate gives its room to the name
    pygame.draw.circle(surf, info.colour, (r + pad, h // 2), r)
    draw_emblem(surf, info.emblem, (r + pad, h // 2), r * 0.62, info.colour)
    pygame.draw.circle(surf, style.GOLD_DARK, (r + pad, h // 2), r, 1)
    x = 2 * r + 2 * pad
    tw = w - x - pad
    base = h * 100 // text_size()  # the plate grows with the text (felt/ring.py)
    big = max(12, base // 4)
    small = max(10, base // 5)
    # Long persona names shrink a little, then end in "…" (never cut mid-letter).
    name, name_size = style.fit_text(info.name, big, tw, "bold", min_size=min(big, 10))
    style.blit_text(surf, name, name_size, (x, 5), style.CREAM, kind="bold", shadow=style.BLACK)
    sub, sub_size = style.fit_text(info.subtitle, small, tw, min_size=min(small, 9))
    style.blit_text(surf, sub, sub_size, (x, 6 + scaled(big) + 2), (206, 190, 160))
    style.blit_text(
        surf,
        info.money,
        big,
        (x, h - scaled(big) - 8),
        style.GOLD_LIGHT,
        kind="bold",
        max_width=tw,
        shadow=style.BLACK,
    )
    if info.dimmed:
        veil = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (10, 8, 6, 130), veil.get_rect(), border_radius=12)
        surf.blit(veil, (0, 0))
    return surf


def badge_top(rect: pygame.Rect) -> int:
    """The highest row a plate at `rect` covers, its badge included (what lies
    above stays in sight)."""
    size = max(10, rect.height // 5)
    height = style.render_text("Ag", size, style.BLACK, kind="bold").get_height() + 4
    return rect.top + size // 2 - height


def badge_rect(rect: pygame.Rect, text: str, *, below: bool = False) -> pygame.Rect:
    """Where the badge `text` of a plate at `rect` paints: astride its top edge,
    or its bottom edge when `below`."""
    size = max(10, rect.height // 5)
    box = style.render_text(text, size, style.BLACK, kind="bold").get_rect().inflate(12, 4)
    if below:
        box.midtop = (rect.centerx, rect.bottom - size // 2)
    else:
        box.midbottom = (rect.centerx, rect.top + size // 2)
    return box


def _badge(surface: pygame.Surface, rect: pygame.Rect, info: PlateInfo, *, below: bool) -> None:
    body, ink = BADGE_COLOURS.get(info.badge_kind, BADGE_COLOURS["info"])
    size = max(10, rect.height // 5)
    text = style.render_text(info.badge, size, ink, kind="bold")
    box = badge_rect(rect, info.badge, below=below)
    pygame.draw.rect(surface, body, box, border_radius=box.height // 2)
    pygame.draw.rect(surface, style.BLACK, box, 1, border_radius=box.height // 2)
    surface.blit(text, text.get_rect(center=box.center))
