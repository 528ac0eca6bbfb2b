"""Playing cards drawn by our own code: faces, court art, joker, backs, sprites.

Faces are rendered once per (card, size) and cached; a resize simply asks for a
new size. `CardSprite` adds position, hover/selection looks and a flip animation.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.cards import Card, rank_text
from scenes import style
from scenes.style import cached
from scenes.widgets.suits import BLACK_INK, RED_INK, blit_suit, suit_colour, suit_surface
from scenes.widgets.tween import Tween, ease_in_out_cubic, ease_out_cubic

Color = tuple[int, int, int]
CARD_RATIO = 1.4  # height / width, like a poker card
FACE: Color = (251, 248, 238)
EDGE: Color = (120, 104, 84)
BACKS = ("crimson", "forest")

# Pip positions (x, y) in a unit box for 2..10, as on a printed deck.
_PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)],
    5: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)],
    6: [(0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)],
    7: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)],
    8: [
        (0.0, 0.0),
        (1.0, 0.0),
        (0.5, 0.25),
        (0.0, 0.5),
        (1.0, 0.5),
        (0.5, 0.75),
        (0.0, 1.0),
        (1.0, 1.0),
    ],
    9: [
        (0.0, 0.0),
        (1.0, 0.0),
        (0.0, 1 / 3),
        (1.0, 1 / 3),
        (0.5, 0.5),
        (0.0, 2 / 3),
        (1.0, 2 / 3),
        (0.0, 1.0),
        (1.0, 1.0),
    ],
    10: [
        (0.0, 0.0),
        (1.0, 0.0),
        (0.5, 1 / 6),
        (0.0, 1 / 3),
        (1.0, 1 / 3),
        (0.0, 2 / 3),
        (1.0, 2 / 3),
        (0.5, 5 / 6),
        (0.0, 1.0),
        (1.0, 1.0),
    ],
}


def card_size(width: int) -> tuple[int, int]:
    """Card width -> (width, height)."""
    return width, round(width * CARD_RATIO)


def _rounded(
    size: tuple[int, int], colour: Color, radius: int, border: Color | None = EDGE
) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(
            surf, border, surf.get_rect(), width=max(1, size[0] // 70), border_radius=radius
        )
    return surf


def _corner(face: pygame.Surface, card: Card, w: int, h: int) -> None:
    """Rank and small suit in the top-left and (rotated) bottom-right corners."""
    colour = suit_colour(card.suit)
    text = rank_text(card.rank)
    rank_size = max(8, int(w * (0.19 if text != "10" else 0.17)))
    idx = pygame.Surface((int(w * 0.19), int(h * 0.28)), pygame.SRCALPHA)
    label = style.render_text(text, rank_size, colour, kind="serif")
    if label.get_width() > idx.get_width():
        label = pygame.transform.smoothscale(label, (idx.get_width(), label.get_height()))
    idx.blit(label, label.get_rect(midtop=(idx.get_width() // 2, 0)))
    pip = max(4, int(w * 0.12))
    blit_suit(idx, card.suit, (idx.get_width() / 2, label.get_height() + pip * 0.45), pip)
    face.blit(idx, (int(w * 0.03), int(h * 0.035)))
    rot = pygame.transform.rotate(idx, 180)
    face.blit(rot, (w - int(w * 0.03) - rot.get_width(), h - int(h * 0.035) - rot.get_height()))


def _pips(face: pygame.Surface, card: Card, w: int, h: int) -> None:
    box = pygame.Rect(int(w * 0.345), int(h * 0.17), int(w * 0.31), int(h * 0.66))
    pip = int(w * 0.18)
    for fx, fy in _PIPS[card.rank]:
        cx = box.left + fx * box.width
        cy = box.top + fy * box.height
        blit_suit(face, card.suit, (cx, cy), pip, upside_down=fy > 0.5)


def _ace(face: pygame.Surface, card: Card, w: int, h: int) -> None:
    size = int(w * (0.56 if card.suit == "S" else 0.46))
    if card.suit == "S":  # the ace of spades gets its traditional flourish
        ring = pygame.Rect(0, 0, int(w * 0.7), int(w * 0.7))
        ring.center = (w // 2, h // 2)
        pygame.draw.ellipse(face, style.GOLD, ring, width=max(1, w // 40))
        pygame.draw.ellipse(
            face, style.GOLD_DARK, ring.inflate(-w // 14, -w // 14), width=max(1, w // 90)
        )
    blit_suit(face, card.suit, (w / 2, h / 2), size)


# ---- court cards -------------------------------------------------------------

_ROBES: dict[str, tuple[Color, Color]] = {
    "S": ((44, 62, 120), (200, 160, 60)),
    "H": ((170, 40, 44), (236, 196, 80)),
    "D": ((196, 120, 36), (60, 90, 150)),
    "C": ((40, 96, 60), (200, 60, 50)),
}
SKIN: Color = (238, 204, 170)


def _court_half(card: Card, w: int, h: int) -> pygame.Surface:
    """The upper half of a double-headed court figure, drawn at 3× and scaled."""
    k = 3
    W, H = w * k, h * k
    half = pygame.Surface((W, H), pygame.SRCALPHA)
    robe, trim = _ROBES[card.suit]
    ink = suit_colour(card.suit)
    cx = W * 0.5
    head_y = H * 0.36
    head_r = W * 0.16
    # shoulders and robe
    pygame.draw.ellipse(half, robe, pygame.Rect(cx - W * 0.42, H * 0.58, W * 0.84, H * 0.9))
    pygame.draw.ellipse(
        half,
        trim,
        pygame.Rect(cx - W * 0.42, H * 0.58, W * 0.84, H * 0.9),
        width=max(2, int(W // 60)),
    )
    # a collar band with lozenges
    band = pygame.Rect(cx - W * 0.3, H * 0.6, W * 0.6, H * 0.1)
    pygame.draw.rect(half, trim, band, border_radius=int(W * 0.04))
    for i in range(5):
        x = band.left + band.width * (i + 0.5) / 5
        pygame.draw.polygon(
            half,
            ink,
            [
                (x, band.top + 4),
                (x + W * 0.025, band.centery),
                (x, band.bottom - 4),
                (x - W * 0.025, band.centery),
            ],
        )
    # head, hair/beard by rank
    if card.rank == 13:  # king: beard
        pygame.draw.ellipse(
            half,
            (120, 84, 50),
            pygame.Rect(cx - head_r * 0.95, head_y - head_r * 0.1, head_r * 1.9, head_r * 1.5),
        )
    if card.rank == 12:  # queen: long hair
        pygame.draw.ellipse(
            half,
            (96, 60, 30),
            pygame.Rect(cx - head_r * 1.35, head_y - head_r * 1.1, head_r * 2.7, head_r * 2.9),
        )
    pygame.draw.circle(half, SKIN, (cx, head_y), head_r)
    pygame.draw.circle(
        half, (60, 40, 30), (cx - head_r * 0.38, head_y - head_r * 0.1), max(2, int(head_r // 9))
    )
    pygame.draw.circle(
        half, (60, 40, 30), (cx + head_r * 0.38, head_y - head_r * 0.1), max(2, int(head_r // 9))
    )
    pygame.draw.arc(
        half,
        (150, 60, 50),
        pygame.Rect(cx - head_r * 0.35, head_y + head_r * 0.05, head_r * 0.7, head_r * 0.55),
        math.pi * 1.15,
        math.pi * 1.85,
        max(2, int(head_r // 10)),
    )
    top = head_y - head_r * 0.85
    if card.rank == 13:  # crown with five points and jewels
        base = pygame.Rect(cx - head_r * 1.05, top - head_r * 0.25, head_r * 2.1, head_r * 0.5)
        pts: list[tuple[float, float]] = [(base.left, base.bottom)]
        for i in range(5):
            x0 = base.left + base.width * i / 4
            pts.append((x0, base.top - head_r * (0.55 if i % 2 == 0 else 0.25)))
        pts.append((base.right, base.bottom))
        pygame.draw.polygon(half, style.GOLD, pts)
        pygame.draw.polygon(half, style.GOLD_DARK, pts, width=max(2, int(W // 90)))
        for i in range(3):
            pygame.draw.circle(
                half,
                ink,
                (base.left + base.width * (i + 0.5) / 3, base.centery + 2),
                max(3, int(head_r // 7)),
            )
    elif card.rank == 12:  # tiara and a rose
        arc = pygame.Rect(cx - head_r * 0.95, top - head_r * 0.4, head_r * 1.9, head_r * 1.0)
        pygame.draw.arc(half, style.GOLD, arc, 0.15, math.pi - 0.15, max(3, int(W // 45)))
        pygame.draw.circle(
            half, style.GOLD_LIGHT, (cx, top - head_r * 0.42), max(3, int(head_r // 4))
        )
        rx, ry = cx + W * 0.28, H * 0.66
        pygame.draw.line(
            half, (40, 110, 50), (rx, ry), (rx - W * 0.08, ry + H * 0.22), max(2, int(W // 70))
        )
        for a in range(5):
            ang = a * 2 * math.pi / 5
            pygame.draw.circle(
                half,
                (200, 40, 60),
                (rx + math.cos(ang) * W * 0.025, ry + math.sin(ang) * W * 0.025),
                W * 0.03,
            )
        pygame.draw.circle(half, (140, 20, 40), (rx, ry), W * 0.022)
    else:  # jack: cap with a long feather
        cap = pygame.Rect(cx - head_r * 1.15, top - head_r * 0.35, head_r * 2.3, head_r * 0.8)
        pygame.draw.ellipse(half, robe, cap)
        pygame.draw.ellipse(half, trim, cap, width=max(2, int(W // 80)))
        feather = [
            (cx + head_r * 0.6, top),
            (cx + head_r * 2.2, top - head_r * 1.1),
            (cx + head_r * 1.0, top - head_r * 0.1),
        ]
        pygame.draw.polygon(half, trim, feather)
        pygame.draw.line(half, style.INK, feather[0], feather[1], max(2, int(W // 110)))
    # what each figure holds: a sceptre (K), a sword (J); the queen has her rose
    if card.rank == 13:
        pygame.draw.line(
            half, style.GOLD_DARK, (W * 0.78, H * 0.98), (W * 0.7, H * 0.5), max(3, int(W // 40))
        )
        pygame.draw.circle(half, style.GOLD, (W * 0.7, H * 0.48), W * 0.045)
    elif card.rank == 11:
        pygame.draw.line(
            half, (180, 184, 190), (W * 0.8, H * 0.98), (W * 0.74, H * 0.42), max(3, int(W // 45))
        )
        pygame.draw.line(
            half, style.GOLD_DARK, (W * 0.7, H * 0.86), (W * 0.88, H * 0.84), max(3, int(W // 45))
        )
    # the suit held on the chest
    chest = suit_surface(card.suit, int(W * 0.2))
    half.blit(chest, chest.get_rect(center=(W * 0.24, H * 0.82)))
    return pygame.transform.smoothscale(half, (w, h))


def _court(face: pygame.Surface, card: Card, w: int, h: int) -> None:
    frame = pygame.Rect(int(w * 0.2), int(h * 0.12), int(w * 0.6), int(h * 0.76))
    robe, trim = _ROBES[card.suit]
    tint = pygame.Surface(frame.size, pygame.SRCALPHA)
    tint.fill((*trim, 40))
    face.blit(tint, frame.topleft)
    half_h = frame.height // 2
    top = _court_half(card, frame.width, half_h)
    face.blit(top, frame.topleft)
    face.blit(pygame.transform.rotate(top, 180), (frame.left, frame.top + half_h))
    pygame.draw.line(
        face,
        suit_colour(card.suit),
        (frame.left + 2, frame.centery),
        (frame.right - 3, frame.centery),
        1,
    )
    pygame.draw.rect(face, suit_colour(card.suit), frame, width=max(1, w // 60))


def _joker(face: pygame.Surface, w: int, h: int) -> None:
    colours = [(182, 26, 34), (40, 70, 150), (214, 172, 82)]
    cx, cy = w / 2, h * 0.5
    # jester's cap: three horns with bells
    base_y = cy + h * 0.06
    for i, col in enumerate(colours):
        ang = math.radians(-140 + i * 50)
        tip = (cx + math.cos(ang) * w * 0.36, cy - h * 0.06 + math.sin(ang) * h * 0.28)
        pygame.draw.polygon(
            face,
            col,
            [
                (cx - w * 0.2 + i * w * 0.2 - w * 0.1, base_y),
                tip,
                (cx - w * 0.2 + i * w * 0.2 + w * 0.1, base_y),
            ],
        )
        pygame.draw.circle(face, style.GOLD, tip, max(2, w // 18))
        pygame.draw.circle(face, style.GOLD_DARK, tip, max(2, w // 18), width=1)
    band = pygame.Rect(cx - w * 0.32, base_y - h * 0.01, w * 0.64, h * 0.07)
    pygame.draw.rect(face, style.GOLD, band, border_radius=max(2, w // 30))
    pygame.draw.circle(face, SKIN, (cx, base_y + h * 0.13), w * 0.14)
    pygame.draw.arc(
        face,
        (150, 40, 40),
        pygame.Rect(cx - w * 0.08, base_y + h * 0.12, w * 0.16, h * 0.08),
        math.pi * 1.1,
        math.pi * 1.9,
        max(1, w // 50),
    )
    for x, y, txt_rot in ((w * 0.1, h * 0.06, 0), (w * 0.9, h * 0.94, 180)):
        column = pygame.Surface((int(w * 0.12), int(h * 0.36)), pygame.SRCALPHA)
        for i, ch in enumerate("JOKER"):
            style.blit_text(
                column,
                ch,
                max(6, int(w * 0.085)),
                (column.get_width() // 2, i * int(h * 0.068)),
                (182, 26, 34),
                kind="serif",
                anchor="midtop",
            )
        if txt_rot:
            column = pygame.transform.rotate(column, 180)
            face.blit(
                column, column.get_rect(bottomright=(int(x + column.get_width() / 2), int(y)))
            )
        else:
            face.blit(column, column.get_rect(topleft=(int(x - column.get_width() / 2), int(y))))


@cached(512)
def face_surface(card: Card, width: int) -> pygame.Surface:
    """The face of `card` at `width` pixels (height from the card ratio)."""
    w, h = card_size(width)
    radius = max(3, int(w * 0.07))
    face = _rounded((w, h), FACE, radius)
    if card.is_joker:
        _joker(face, w, h)
        return face
    _corner(face, card, w, h)
    if card.rank in _PIPS:
        _pips(face, card, w, h)
    elif card.rank == 14:
        _ace(face, card, w, h)
    else:
        _court(face, card, w, h)
    return face


@cached(32)
def back_surface(width: int, design: str = "crimson") -> pygame.Surface:
    """A card back: "crimson" lattice with a gold medallion, or "forest" rings."""
    w, h = card_size(width)
    radius = max(3, int(w * 0.07))
    surf = _rounded((w, h), FACE, radius)
    inner = pygame.Rect(0, 0, w, h).inflate(-int(w * 0.12), -int(w * 0.12))
    field_colour, line_colour = (
        ((128, 22, 30), (176, 52, 54)) if design == "crimson" else ((26, 82, 52), (54, 122, 80))
    )
    field = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(field, field_colour, field.get_rect(), border_radius=max(2, radius - 2))
    step = max(6, w // 9)
    if design == "crimson":
        for x in range(-inner.height, inner.width + inner.height, step):
            pygame.draw.line(field, line_colour, (x, 0), (x + inner.height, inner.height), 1)
            pygame.draw.line(field, line_colour, (x + inner.height, 0), (x, inner.height), 1)
    else:
        c = (inner.width // 2, inner.height // 2)
        for r in range(step // 2, max(inner.size), step // 2 + 2):
            pygame.draw.circle(field, line_colour, c, r, 1)
    pygame.draw.rect(
        field, style.GOLD, field.get_rect(), width=max(1, w // 45), border_radius=max(2, radius - 2)
    )
    medal = pygame.Rect(0, 0, int(inner.width * 0.5), int(inner.width * 0.5))
    medal.center = field.get_rect().center
    pygame.draw.ellipse(field, field_colour, medal)
    pygame.draw.ellipse(field, style.GOLD, medal, width=max(1, w // 35))
    style.blit_text(
        field,
        "T",
        max(8, int(w * 0.3)),
        medal.center,
        style.GOLD_LIGHT,
        kind="serif",
        anchor="center",
    )
    surf.blit(field, inner.topleft)
    return surf


def placeholder_surface(width: int) -> pygame.Surface:
    """An empty card slot: a dashed outline on the felt."""
    w, h = card_size(width)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(
        surf, (255, 255, 255, 28), surf.get_rect(), border_radius=max(3, int(w * 0.07))
    )
    pygame.draw.rect(
        surf,
        (255, 255, 255, 90),
        surf.get_rect(),
        width=max(1, w // 50),
        border_radius=max(3, int(w * 0.07)),
    )
    return surf


class CardSprite:
    """A card on the table: position, looks (selectable, selected, highlighted,
    disabled), hover lift, tweened moves and a flip animation."""

    def __init__(
        self,
        card: Card | None,
        width: int,
        pos: tuple[float, float] = (0, 0),
        face_up: bool = True,
        back: str = "crimson",
    ) -> None:
        self.card = card
        self.width = width
        self.x, self.y = pos
        self.face_up = face_up and card is not None
        self.back = back
        self.selectable = False
        self.selected = False
        self.highlighted = False
        self.disabled = False
        self.hovered = False
        self.angle = 0.0
        self._flip_t: float | None = None
        self._flip_dur = 0.3
        self.tweens: list[Tween] = []

    @property
    def size(self) -> tuple[int, int]:
        """Pixel size."""
        return card_size(self.width)

    @property
    def rect(self) -> pygame.Rect:
        """Where the card is (its resting place, without the hover lift)."""
        w, h = self.size
        return pygame.Rect(round(self.x), round(self.y), w, h)

    def contains(self, point: tuple[int, int]) -> bool:
        """Hit test."""
        return self.rect.collidepoint(point)

    def move_to(
        self,
        pos: tuple[float, float],
        duration: float,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        """Slide to `pos` (instant when duration is 0)."""
        if duration <= 0:
            self.x, self.y = pos
            if on_done:
                on_done()
            return
        self.tweens.append(Tween(self, "x", self.x, pos[0], duration, ease_out_cubic, delay))
        self.tweens.append(
            Tween(self, "y", self.y, pos[1], duration, ease_out_cubic, delay, on_done)
        )

    def flip(self, duration: float = 0.3) -> None:
        """Turn the card over with a squash animation."""
        if duration <= 0 or self.card is None:
            self.face_up = not self.face_up and self.card is not None
            return
        self._flip_t = 0.0
        self._flip_dur = duration

    @property
    def animating(self) -> bool:
        """True while moving or flipping."""
        return bool(self.tweens) or self._flip_t is not None

    def update(self, dt: float) -> None:
        """Advance moves and the flip."""
        for t in list(self.tweens):
            t.update(dt)
            if t.done:
                self.tweens.remove(t)
        if self._flip_t is not None:
            before = self._flip_t
            self._flip_t += dt / self._flip_dur
            if before < 0.5 <= self._flip_t:
                self.face_up = not self.face_up
            if self._flip_t >= 1.0:
                self._flip_t = None

    def _surface(self) -> pygame.Surface:
        if self.face_up and self.card is not None:
            return face_surface(self.card, self.width)
        return back_surface(self.width, self.back)

    def draw(self, target: pygame.Surface) -> None:
        """Paint with shadow, lift and state looks."""
        surf = self._surface()
        w, h = surf.get_size()
        scale_x = 1.0
        if self._flip_t is not None:
            scale_x = abs(math.cos(math.pi * ease_in_out_cubic(min(1.0, self._flip_t))))
        lift = (
            -int(h * 0.08)
            if (self.hovered and self.selectable and not self.disabled) or self.selected
            else 0
        )
        x, y = round(self.x), round(self.y) + lift
        if scale_x < 0.999:
            sw = max(1, int(w * scale_x))
            surf = pygame.transform.smoothscale(surf, (sw, h))
            x += (w - sw) // 2
        if self.angle:
            surf = pygame.transform.rotozoom(surf, self.angle, 1.0)
        sh = style.shadow((surf.get_width(), surf.get_height()), radius=max(4, w // 12), alpha=110)
        target.blit(sh, (x - max(4, w // 12) + 2, y - max(4, w // 12) + 4 - lift // 2))
        target.blit(surf, (x, y))
        if self.highlighted or self.selected:
            glow = style.GOLD_LIGHT if self.selected else style.GOLD
            pygame.draw.rect(
                target,
                glow,
                pygame.Rect(x - 3, y - 3, surf.get_width() + 6, h + 6),
                width=3,
                border_radius=max(4, int(w * 0.09)),
            )
        elif self.hovered and self.selectable and not self.disabled:
            pygame.draw.rect(
                target,
                style.CREAM,
                pygame.Rect(x - 2, y - 2, surf.get_width() + 4, h + 4),
                width=2,
                border_radius=max(4, int(w * 0.09)),
            )
        if self.disabled:
            veil = pygame.Surface((surf.get_width(), h), pygame.SRCALPHA)
            pygame.draw.rect(
                veil, (30, 24, 20, 120), veil.get_rect(), border_radius=max(3, int(w * 0.07))
            )
            target.blit(veil, (x, y))


__all__ = [
    "BACKS",
    "BLACK_INK",
    "CARD_RATIO",
    "RED_INK",
    "CardSprite",
    "back_surface",
    "card_size",
    "face_surface",
    "placeholder_surface",
]
