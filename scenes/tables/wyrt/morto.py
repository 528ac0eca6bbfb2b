"""O Morto's look: the hooded dealer behind the Life Cassino table, his mark on
his seat, and the art of the five cards of A Mão do Morto."""

from __future__ import annotations

import math

import pygame

from game.cards import Card
from game.wyrt.relics import RELIC_CARDS
from scenes import style
from scenes.i18n import tr
from scenes.style import cached
from scenes.tables import felt
from scenes.widgets.cards import CardSprite

#: card -> relic id, for the art
RELIC_OF_CARD: dict[Card, str] = {c: r for r, c in RELIC_CARDS.items()}
VIOLET = (150, 90, 200)
BONE = (226, 218, 196)


def skull(surface: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """A small skull drawn with shapes (the mark of O Morto)."""
    cx, cy = centre
    pygame.draw.circle(surface, BONE, (cx, cy - r * 0.15), r)
    jaw = pygame.Rect(0, 0, r * 1.1, r * 0.7)
    jaw.midtop = (round(cx), round(cy + r * 0.5))
    pygame.draw.rect(surface, BONE, jaw, border_radius=max(1, int(r * 0.2)))
    for dx in (-0.4, 0.4):
        pygame.draw.circle(surface, style.BLACK, (cx + dx * r, cy - r * 0.1), r * 0.28)
    pygame.draw.polygon(
        surface,
        style.BLACK,
        [(cx, cy + r * 0.15), (cx - r * 0.12, cy + r * 0.42), (cx + r * 0.12, cy + r * 0.42)],
    )
    for dx in (-0.3, 0.0, 0.3):
        pygame.draw.line(
            surface, style.BLACK, (cx + dx * r, cy + r * 0.55), (cx + dx * r, cy + r * 1.1), 1
        )


def morto_badge(surface: pygame.Surface, plate: pygame.Rect) -> None:
    """O Morto's skull on the corner of his plate."""
    r = max(7, plate.height // 6)
    skull(surface, (plate.right - r - 6, plate.top + r + 6), r)


def draw_dealer(surface: pygame.Surface, ring: felt.SeatRing, t: float) -> None:
    """O Morto as the Life Cassino's dealer: a hooded figure at the head of the table."""
    w = hood_width(ring)
    x, y = hood_spot(ring)
    hood = _hood(w)
    surface.blit(hood, hood.get_rect(midbottom=(x, y + w // 3)))
    glow = 0.6 + 0.4 * math.sin(t * 2.3)
    eye = (int(120 + 100 * glow), 40, 30)
    for dx in (-w * 0.12, w * 0.12):
        pygame.draw.circle(surface, eye, (x + dx, y - w * 0.28), max(2, w // 22))


def hood_width(ring: felt.SeatRing) -> int:
    """How wide O Morto's hood is drawn at this table size."""
    return max(60, ring.oval.width // 9)


def hood_rect(ring: felt.SeatRing, spot: tuple[int, int]) -> pygame.Rect:
    """The hood's area when its rim point is `spot` (see `draw_dealer`)."""
    w = hood_width(ring)
    r = pygame.Rect(0, 0, w, round(w * 1.1))
    r.midbottom = (spot[0], spot[1] + w // 3)
    return r


def hood_spot(ring: felt.SeatRing) -> tuple[int, int]:
    """Where O Morto stands on the rail: at the head of the table, or, when a seat's
    plate is there (2, 4, 6, 8 seats), sideways along the rail to the first place
    clear of every plate and its badge."""
    o = ring.oval
    plates = [ring.plate_rect(s).inflate(8, 24) for s in range(ring.n)]
    step = hood_width(ring) // 3
    best: tuple[int, tuple[int, int]] | None = None
    for k in range(0, 13):
        for side in (-1, 1) if k else (1,):
            dx = side * k * step
            half = o.width / 2
            if abs(dx) >= half * 0.8:
                continue
            y = o.centery - o.height / 2 * math.sqrt(1 - (dx / half) ** 2)
            spot = (o.centerx + dx, round(y) + 4)
            r = hood_rect(ring, spot)
            hidden = sum(r.clip(p).width * r.clip(p).height for p in plates)
            if hidden == 0:
                return spot
            if best is None or hidden < best[0]:
                best = (hidden, spot)
    assert best is not None
    return best[1]


@cached(4)
def _hood(w: int) -> pygame.Surface:
    h = int(w * 1.1)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(surf, (18, 14, 18), [(w * 0.5, 0), (w, h), (0, h)])
    pygame.draw.ellipse(surf, (8, 6, 8), pygame.Rect(w * 0.28, h * 0.22, w * 0.44, h * 0.36))
    pygame.draw.polygon(surf, (60, 50, 60), [(w * 0.5, 0), (w, h), (0, h)], 2)
    return surf


def draw_relic_marks(
    surface: pygame.Surface, sprites: list[CardSprite], clear_below: int | None = None
) -> None:
    """The relic cards of O Morto's deck wear a violet frame and their name.

    The name stays above row `clear_below` (the person's plate and its badge,
    which are drawn over his tucked cards)."""
    for sp in sprites:
        if not sp.face_up or sp.card is None:
            continue
        relic = RELIC_OF_CARD.get(sp.card)
        if relic is None or sp.animating:
            continue
        r = sp.rect
        if sp.selected or (sp.hovered and sp.selectable):
            r = r.move(0, -int(r.height * 0.08))
        pygame.draw.rect(surface, VIOLET, r.inflate(4, 4), 2, border_radius=max(4, r.width // 12))
        label = _relic_label(tr(f"wyrttable.relic_short.{relic}"), max(9, r.width // 5))
        bottom = r.bottom - 2 if clear_below is None else min(r.bottom - 2, clear_below - 2)
        surface.blit(label, label.get_rect(midbottom=(r.centerx, bottom)))


@cached(16)
def _relic_label(text: str, size: int) -> pygame.Surface:
    t = style.render_text(text, size, style.GOLD_LIGHT, kind="bold")
    box = pygame.Surface((t.get_width() + 8, t.get_height() + 2), pygame.SRCALPHA)
    pygame.draw.rect(box, (*VIOLET, 220), box.get_rect(), border_radius=4)
    box.blit(t, (4, 1))
    return box
