"""How Chama's cards and seats look: a card face with its level big enough to
read at 1024×640 and a type icon (realm, commander, army, armistice), the
marks that tell razed, exposed and protected realms apart (colour plus a
shape), and the seat and team colours.

Faces reuse the shared card widget (scenes/widgets/cards.py) and add Chama's
own index on top; everything is cached per card and size.
"""

from __future__ import annotations

import math

import pygame

from game.cards import Card, parse_card, rank_text
from game.chama.rules import role
from scenes import palette, style
from scenes.style import cached
from scenes.widgets.cards import back_surface, card_size, face_surface, placeholder_surface
from scenes.widgets.suits import blit_suit, suit_colour

Colour = tuple[int, int, int]

#: colour of each card type's icon disc
ROLE_COLOURS: dict[str, Colour] = {
    "realm": (196, 150, 40),
    "commander": (70, 86, 120),
    "army": (60, 120, 70),
    "armistice": (236, 236, 230),
}
EXPOSED: Colour = (226, 92, 44)
PROTECTED: Colour = (120, 170, 220)
RAZED: Colour = (150, 30, 24)
LEGAL: Colour = (250, 214, 90)
#: Duplas: one colour per team (seats 0 and 2, seats 1 and 3), by palette name
TEAM_COLOURS: tuple[str, str] = ("blue", "red")
CARD_BACK = "crimson"


def draw_role_icon(
    target: pygame.Surface, kind: str, center: tuple[float, float], r: float
) -> None:
    """A small disc with the card type's glyph: crown, helmet, banner or white flag."""
    cx, cy = center
    disc = ROLE_COLOURS.get(kind, (120, 120, 120))
    pygame.draw.circle(target, disc, (cx, cy), r)
    pygame.draw.circle(target, style.BLACK, (cx, cy), r, width=max(1, int(r // 6)))
    ink = style.CREAM if kind != "armistice" else style.INK
    s = r * 0.62
    if kind == "realm":  # a crown with three points
        pts = [
            (cx - s, cy + s * 0.6),
            (cx - s, cy - s * 0.5),
            (cx - s * 0.5, cy),
            (cx, cy - s * 0.8),
            (cx + s * 0.5, cy),
            (cx + s, cy - s * 0.5),
            (cx + s, cy + s * 0.6),
        ]
        pygame.draw.polygon(target, ink, pts)
    elif kind == "commander":  # a sword, point up
        w = max(1, int(r // 4))
        pygame.draw.line(target, ink, (cx, cy - s), (cx, cy + s), w + 1)
        pygame.draw.line(
            target, ink, (cx - s * 0.6, cy + s * 0.35), (cx + s * 0.6, cy + s * 0.35), w
        )
    elif kind == "army":  # a shield
        pts = [
            (cx - s * 0.8, cy - s * 0.7),
            (cx + s * 0.8, cy - s * 0.7),
            (cx + s * 0.7, cy + s * 0.2),
            (cx, cy + s),
            (cx - s * 0.7, cy + s * 0.2),
        ]
        pygame.draw.polygon(target, ink, pts)
    else:  # armistice: a white flag on a pole
        w = max(1, int(r // 5))
        pygame.draw.line(target, ink, (cx - s * 0.6, cy - s), (cx - s * 0.6, cy + s), w)
        flag = [
            (cx - s * 0.6, cy - s),
            (cx + s * 0.8, cy - s * 0.6),
            (cx - s * 0.6, cy - s * 0.1),
        ]
        pygame.draw.polygon(target, (250, 250, 250), flag)
        pygame.draw.polygon(target, ink, flag, width=1)


@cached(1024)
def chama_card(card: Card, width: int) -> pygame.Surface:
    """The face of a Chama card: the shared face, a large level index and the type icon."""
    face = face_surface(card, width).copy()
    w, h = card_size(width)
    kind = role(card)
    colour = suit_colour(card.suit)
    text = rank_text(card.rank)
    size = max(11, int(w * (0.42 if len(text) == 1 else 0.36)))
    # a plate over the printed corner index so the level reads at small sizes
    plate = pygame.Rect(1, 1, int(w * 0.5), int(size * 1.0 + w * 0.27))
    pygame.draw.rect(face, (251, 248, 238), plate, border_top_left_radius=max(3, int(w * 0.07)))
    label = style.render_text(text, size, colour, "bold")
    face.blit(label, label.get_rect(midtop=(plate.centerx, plate.top - max(1, size // 10))))
    blit_suit(
        face, card.suit, (plate.centerx, plate.top + size * 0.95 + w * 0.08), max(6, int(w * 0.22))
    )
    draw_role_icon(face, kind, (w - w * 0.2, w * 0.2), max(5, w * 0.16))
    return face


@cached(64)
def chama_back(width: int) -> pygame.Surface:
    """The back of a Chama card (hands of others, draw piles)."""
    return back_surface(width, CARD_BACK)


@cached(32)
def slot_outline(width: int) -> pygame.Surface:
    """An empty slot's outline (the shared placeholder, kept per size)."""
    return placeholder_surface(width)


@cached(64)
def razed_surface(width: int) -> pygame.Surface:
    """A razed realm: face down, darkened red, with a flame (colour plus shape)."""
    w, h = card_size(width)
    surf = back_surface(width, "forest").copy()
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(veil, (*RAZED, 150), veil.get_rect(), border_radius=max(3, int(w * 0.07)))
    surf.blit(veil, (0, 0))
    draw_flame(surf, (w / 2, h * 0.55), w * 0.3)
    return surf


def draw_flame(target: pygame.Surface, center: tuple[float, float], r: float) -> None:
    """A flame (a teardrop, point up): the mark of a razed realm."""
    cx, cy = center

    def drop(scale: float, dy: float) -> list[tuple[float, float]]:
        pts = []
        for i in range(33):
            t = 2 * math.pi * i / 32
            x = math.sin(t) * math.sin(t / 2) * r * 0.8 * scale
            y = -math.cos(t) * r * 1.2 * scale
            pts.append((cx + x, cy + dy - y * -1))
        return pts

    outer = drop(1.0, 0.0)
    pygame.draw.polygon(target, (250, 150, 40), outer)
    pygame.draw.polygon(target, (255, 232, 130), drop(0.5, r * 0.5))
    pygame.draw.polygon(target, style.BLACK, outer, width=1)


def draw_target_mark(target: pygame.Surface, center: tuple[float, float], r: float) -> None:
    """Crosshair disc: an exposed realm, one that can be attacked now."""
    cx, cy = center
    pygame.draw.circle(target, EXPOSED, (cx, cy), r)
    pygame.draw.circle(target, style.BLACK, (cx, cy), r, 1)
    pygame.draw.circle(target, style.CREAM, (cx, cy), r * 0.55, max(1, int(r // 4)))
    pygame.draw.line(target, style.CREAM, (cx - r * 0.9, cy), (cx + r * 0.9, cy), 1)
    pygame.draw.line(target, style.CREAM, (cx, cy - r * 0.9), (cx, cy + r * 0.9), 1)


def draw_shield_mark(target: pygame.Surface, center: tuple[float, float], r: float) -> None:
    """A blue shield: a realm protected by the realms in front of it ([C6])."""
    cx, cy = center
    pts = [
        (cx - r, cy - r * 0.9),
        (cx + r, cy - r * 0.9),
        (cx + r * 0.85, cy + r * 0.2),
        (cx, cy + r * 1.1),
        (cx - r * 0.85, cy + r * 0.2),
    ]
    pygame.draw.polygon(target, PROTECTED, pts)
    pygame.draw.polygon(target, style.BLACK, pts, width=1)


def draw_pineapple(target: pygame.Surface, center: tuple[float, float], r: float) -> None:
    """The Calouro do Chacrinha pineapple ([C15])."""
    cx, cy = center
    body = pygame.Rect(0, 0, r * 1.3, r * 1.6)
    body.center = (round(cx), round(cy + r * 0.35))
    pygame.draw.ellipse(target, (226, 170, 40), body)
    for k in range(-1, 2):
        pygame.draw.line(
            target,
            (150, 100, 20),
            (body.left + 2, body.centery + k * r * 0.4),
            (body.right - 2, body.centery + k * r * 0.4 + r * 0.3),
            1,
        )
    pygame.draw.ellipse(target, style.BLACK, body, 1)
    for dx in (-0.45, 0.0, 0.45):
        pygame.draw.polygon(
            target,
            (60, 150, 60),
            [
                (cx + dx * r - r * 0.18, body.top + 2),
                (cx + dx * r * 1.3, cy - r * 1.05),
                (cx + dx * r + r * 0.18, body.top + 2),
            ],
        )


def draw_clock(target: pygame.Surface, center: tuple[float, float], r: float, frac: float) -> None:
    """A clock face whose hand shows how much of the turn limit is used."""
    cx, cy = center
    pygame.draw.circle(target, style.PARCHMENT, (cx, cy), r)
    pygame.draw.circle(target, style.INK, (cx, cy), r, 2)
    if frac > 0:
        pts = [(cx, cy)] + [
            (cx + math.sin(a) * (r - 2), cy - math.cos(a) * (r - 2))
            for a in [2 * math.pi * frac * i / 24 for i in range(25)]
        ]
        if len(pts) >= 3:
            pygame.draw.polygon(target, (214, 120, 60), pts)
    a = 2 * math.pi * frac
    pygame.draw.line(
        target, style.INK, (cx, cy), (cx + math.sin(a) * r * 0.8, cy - math.cos(a) * r * 0.8), 2
    )


ROLE_ORDER = {"realm": 0, "commander": 1, "army": 2, "armistice": 3}


def hand_order(codes: list[str]) -> list[str]:
    """The hand as shown: realms, commanders, armies, armistices; high first."""
    return sorted(codes, key=lambda c: (ROLE_ORDER[role(parse_card(c))], -parse_card(c).rank, c))


def seat_colour(seat: int, duplas: bool) -> Colour:
    """A seat's colour; in Duplas partners share their team's colour ([C14])."""
    if duplas:
        return palette.colour(TEAM_COLOURS[seat % 2])
    return style.seat_colour((0, 1, 3, 5)[seat % 4])


def seat_emblem(seat: int) -> str:
    """A seat's own emblem (the second cue next to its colour)."""
    return ("circle", "square", "triangle", "diamond")[seat % 4]
