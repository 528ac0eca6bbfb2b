"""One seat's area on screen: the six-slot pyramid, the pool and the piles.

Empty slots are outlines with their letter; unrazed realms lie face up;
razed realms lie face down under a red veil with a flame. Exposed realms get
an orange frame and a crosshair, protected ones a blue shield ([C6]): colour
plus a shape, so the marks read without colour too.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from game.cards import parse_card
from scenes import style
from scenes.tables.chama.layout import Area
from scenes.tables.chama.look import (
    EXPOSED,
    LEGAL,
    chama_back,
    chama_card,
    draw_role_icon,
    draw_shield_mark,
    draw_target_mark,
    razed_surface,
    slot_outline,
)
from scenes.text_scale import scaled
from scenes.widgets.emblems import draw_emblem
from scenes.widgets.suits import blit_suit

SLOT_NAMES = "ABCDEF"
ARMY_DROP = 0.42  # how far below its commander an attached army shows


@dataclass
class AreaMarks:
    """What to light in one area this frame."""

    lit_slots: set[int] = field(default_factory=set)
    lit_units: set[int] = field(default_factory=set)
    selected_unit: int | None = None
    selected_slot: int | None = None
    hover_slot: int | None = None
    lit_area: bool = False
    active: bool = False
    #: the slot under attack in the battle, if it is this seat's
    attacked: int | None = None


def unit_rects(area: Area, pool: list[dict[str, Any]]) -> dict[int, pygame.Rect]:
    """uid -> rect of each pool commander shown in the area."""
    rects = area.pool_units(len(pool))
    return {int(u["uid"]): r for u, r in zip(pool, rects, strict=True)}


MARGIN = 12  # marks and frames stick out of an area a little


def _shifted(area: Area, dx: int, dy: int) -> Area:
    """The same area with every rect moved (to paint it on its own layer)."""
    return replace(
        area,
        rect=area.rect.move(dx, dy),
        header=area.header.move(dx, dy),
        slots=[r.move(dx, dy) for r in area.slots],
        pool=area.pool.move(dx, dy),
        draw_pile=area.draw_pile.move(dx, dy),
        discard_pile=area.discard_pile.move(dx, dy),
        counts_inside=area.counts_inside,
    )


class AreaPainter:
    """Paints areas; the still part of each is kept as a layer and repainted only
    when what it shows changes, so a frame costs one blit per area plus the lights."""

    def __init__(self) -> None:
        self._layers: dict[int, tuple[Any, pygame.Surface]] = {}

    def clear(self) -> None:
        """Forget every layer (resize, language)."""
        self._layers.clear()

    def draw(
        self,
        surface: pygame.Surface,
        area: Area,
        player: dict[str, Any],
        header: list[tuple[str, tuple[int, int, int]]],
        colour: tuple[int, int, int],
        emblem: str,
        marks: AreaMarks,
        pulse: float,
    ) -> None:
        """Paint one seat's area: the cached layer, then this frame's lights."""
        key = (
            tuple(area.rect),
            area.card_w,
            repr(player["formation"]),
            repr(player["pool"]),
            tuple(player.get("exposed", [])),
            tuple(player["discard"][-1:]),
            len(player["discard"]),
            player["draw_count"],
            player["suit"],
            player.get("alive", True),
            tuple(header),
            colour,
            emblem,
            marks.attacked,
        )
        cached = self._layers.get(area.seat)
        if cached is None or cached[0] != key:
            size = area.rect.inflate(2 * MARGIN, 2 * MARGIN).size
            layer = pygame.Surface(size, pygame.SRCALPHA)
            local = _shifted(area, MARGIN - area.rect.left, MARGIN - area.rect.top)
            _paint_backdrop(layer, local, colour)
            _paint_header(layer, local, header, colour, emblem, player)
            _paint_pyramid(layer, local, player, marks)
            _paint_pool(layer, local, player, marks)
            _paint_piles(layer, local, player)
            if not player.get("alive", True):  # a player who left: his table dims
                _dim(layer)
            if pygame.display.get_surface() is not None:
                layer = layer.convert_alpha()  # the display's format blits several times faster
            cached = (key, layer)
            self._layers[area.seat] = cached
        surface.blit(cached[1], (area.rect.left - MARGIN, area.rect.top - MARGIN))
        _paint_lights(surface, area, player, marks, pulse)


def free_band(area: Area, player: dict[str, Any], size: tuple[int, int]) -> tuple[int, int]:
    """Top-left of a `size` strip inside `area` (left, right or centred, at any
    height) that covers least of what the area shows: its cards (realms, pool
    units with their armies and levels, piles and their counts) weigh fully, an
    empty slot's outline a little. Ties go to the highest band, then the left."""
    r = area.rect
    obstacles: list[tuple[pygame.Rect, float]] = []
    for i, rect in enumerate(area.slots):
        obstacles.append((rect, 1.0 if player["formation"][i]["card"] is not None else 0.3))
    armies = {int(u["uid"]) for u in player["pool"] if u.get("army")}
    for uid, rect in unit_rects(area, player["pool"]).items():
        drop = round(rect.height * ARMY_DROP)  # (a crowded pool draws smaller cards)
        shown = rect.union(rect.move(0, drop)) if uid in armies else rect
        obstacles.append((shown.inflate(0, 36).move(0, 18), 1.0))  # its level under it
    for pile in (area.draw_pile, area.discard_pile):
        if pile.width:
            obstacles.append((pile.inflate(0, 36), 1.0))  # the count under it
    top, bottom = area.header.bottom + 1, r.bottom - size[1] - 3
    xs = (r.left + 6, r.right - size[0] - 6, r.centerx - size[0] // 2)
    best: tuple[float, int, int] | None = None
    for y in range(top, max(top, bottom) + 1, 3):
        for x in xs:
            band = pygame.Rect(x, y, *size)
            cost = 0.0
            for rect, weight in obstacles:
                hit = band.clip(rect)
                cost += weight * hit.width * hit.height
            if best is None or cost < best[0] - 1e-9:
                best = (cost, x, y)
    assert best is not None
    return best[1], best[2]


def draw_area(
    surface: pygame.Surface,
    area: Area,
    player: dict[str, Any],
    header: list[tuple[str, tuple[int, int, int]]],
    colour: tuple[int, int, int],
    emblem: str,
    marks: AreaMarks,
    pulse: float,
) -> None:
    """Paint one seat's area straight onto `surface` (no layer)."""
    _paint_backdrop(surface, area, colour)
    _paint_header(surface, area, header, colour, emblem, player)
    _paint_pyramid(surface, area, player, marks)
    _paint_pool(surface, area, player, marks)
    _paint_piles(surface, area, player)
    _paint_lights(surface, area, player, marks, pulse)


def _paint_lights(
    surface: pygame.Surface, area: Area, player: dict[str, Any], marks: AreaMarks, pulse: float
) -> None:
    """What changes frame by frame: whose turn, legal targets, hover and selection."""
    r = area.rect
    glow = 2 + int(2 * abs(0.8 - pulse))
    if marks.active:
        pygame.draw.rect(surface, style.GOLD, r.inflate(2, 2), width=2, border_radius=10)
    if marks.lit_area:
        pygame.draw.rect(surface, LEGAL, r.inflate(4, 4), width=glow, border_radius=11)
    for i, rect in enumerate(area.slots):
        if i in marks.lit_slots:
            pygame.draw.rect(surface, LEGAL, rect.inflate(4, 4), width=glow, border_radius=6)
        if i == marks.hover_slot and i in marks.lit_slots:
            pygame.draw.rect(surface, style.CREAM, rect.inflate(8, 8), width=2, border_radius=7)
        if i == marks.selected_slot:
            pygame.draw.rect(
                surface, style.GOLD_LIGHT, rect.inflate(8, 8), width=3, border_radius=7
            )
    if marks.lit_units or marks.selected_unit is not None:
        for unit in player["pool"]:
            uid = int(unit["uid"])
            unit_rect = unit_rects(area, player["pool"]).get(uid)
            if unit_rect is None or (uid not in marks.lit_units and uid != marks.selected_unit):
                continue
            bottom = unit_rect.bottom + (
                round(unit_rect.height * ARMY_DROP) if unit.get("army") else 0
            )
            frame = pygame.Rect(
                unit_rect.left, unit_rect.top, unit_rect.width, bottom - unit_rect.top
            )
            selected = uid == marks.selected_unit
            pygame.draw.rect(
                surface,
                style.GOLD_LIGHT if selected else LEGAL,
                frame.inflate(5, 5),
                width=glow + (1 if selected else 0),
                border_radius=6,
            )


def _dim(layer: pygame.Surface) -> None:
    veil = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
    veil.fill((10, 6, 4, 130))
    layer.blit(veil, (0, 0))


def _paint_backdrop(surface: pygame.Surface, area: Area, colour: tuple[int, int, int]) -> None:
    r = area.rect
    veil = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (0, 0, 0, 46), veil.get_rect(), border_radius=10)
    pygame.draw.rect(veil, (*colour, 160), veil.get_rect(), width=3, border_radius=10)
    surface.blit(veil, r.topleft)


def _paint_header(
    surface: pygame.Surface,
    area: Area,
    header: list[tuple[str, tuple[int, int, int]]],
    colour: tuple[int, int, int],
    emblem: str,
    player: dict[str, Any],
) -> None:
    hr = area.header
    draw_emblem(surface, emblem, (hr.left + 12, hr.centery + 1), 7, colour)
    blit_suit(
        surface,
        player["suit"],
        (hr.left + 27, hr.centery + 1),
        13,
        style.CREAM if player["suit"] in "SC" else None,
    )
    x, y = hr.left + 38, hr.top + 1
    for i, (text, col) in enumerate(header):
        kind = "bold" if i == 0 else "sans"
        width = style.font(14, kind).size(text)[0]
        if x + width > hr.right - 4 and i > 0 and y + 2 * scaled(17) <= hr.bottom:
            x, y = hr.left + 38, y + scaled(17)  # a narrow area wraps its header to a second line
        room = hr.right - x - 4
        if width * 12 / 14 > room and i > 0:
            continue  # no room left at a readable size: the words further on may fit
        # the seat's name ends in "…" rather than shrinking unreadable; the words
        # after it fit at 12 px or more (see above) and only shrink
        fitted, size = style.fit_text(text, 14, room, kind, min_size=12) if i == 0 else (text, 14)
        rect = style.blit_text(
            surface, fitted, size, (x, y), col, kind=kind, shadow=style.BLACK, max_width=room
        )
        x = rect.right + 10


def _paint_pyramid(
    surface: pygame.Surface, area: Area, player: dict[str, Any], marks: AreaMarks
) -> None:
    formation = player["formation"]
    exposed = {SLOT_NAMES.index(s) for s in player.get("exposed", [])}
    w = area.card_w
    for i in area.slot_order():
        rect = area.slots[i]
        slot = formation[i]
        if slot["card"] is None:
            surface.blit(slot_outline(w), rect.topleft)
        elif slot["razed"]:
            surface.blit(style.shadow(rect.size, 5, 90), (rect.left - 4, rect.top - 2))
            surface.blit(razed_surface(w), rect.topleft)
        else:
            surface.blit(style.shadow(rect.size, 5, 90), (rect.left - 4, rect.top - 2))
            surface.blit(chama_card(parse_card(slot["card"]), w), rect.topleft)
    # an empty slot's letter where no card lies over it (a card in A hid B and C's)
    filled = [area.slots[i].inflate(-2, -2) for i in range(6) if formation[i]["card"] is not None]
    size = max(12, w // 2)
    for i, rect in enumerate(area.slots):
        if formation[i]["card"] is not None:
            continue
        h = area.card_h
        # whole pixels, as pygame truncates a float position
        spots = [(rect.centerx, int(rect.top + h * y)) for y in (0.3, 0.7, 0.5, 0.15, 0.85)]
        at = next(
            (p for p in spots if not any(f.inflate(size, size).collidepoint(p) for f in filled)),
            spots[0],
        )
        style.blit_text(
            surface, SLOT_NAMES[i], size, at, (255, 255, 255), kind="bold", anchor="center"
        )
    # marks last, on each card's top edge, so the overlapping rows never hide them
    for i, rect in enumerate(area.slots):
        slot = formation[i]
        r = max(5, w // 6)
        mark_at = (rect.left + w * 0.5, rect.top)
        if slot["card"] is not None and not slot["razed"]:
            if i in exposed:
                pygame.draw.rect(surface, EXPOSED, rect.inflate(2, 2), width=2, border_radius=5)
                draw_target_mark(surface, mark_at, r)
            else:
                draw_shield_mark(surface, mark_at, r * 0.85)
        if i == marks.attacked:
            pygame.draw.rect(surface, (255, 60, 40), rect.inflate(6, 6), width=3, border_radius=6)


def draw_unit(
    surface: pygame.Surface,
    rect: pygame.Rect,
    unit: dict[str, Any],
    width: int,
    lit: bool = False,
    selected: bool = False,
    glow: int = 2,
) -> None:
    """A pool commander with its attached army fanned below it (both levels in view)."""
    h = rect.height
    surface.blit(style.shadow(rect.size, 5, 90), (rect.left - 4, rect.top - 2))
    if unit.get("face_down"):
        surface.blit(chama_back(width), rect.topleft)
        style.blit_text(
            surface,
            "X",
            max(12, width // 2),
            rect.center,
            style.GOLD_LIGHT,
            "bold",
            "center",
            style.BLACK,
        )
    else:
        surface.blit(chama_card(parse_card(unit["commander"]), width), rect.topleft)
    bottom = rect.bottom
    if unit.get("army") and not unit.get("face_down"):
        ar = rect.move(0, round(h * ARMY_DROP))
        surface.blit(chama_card(parse_card(unit["army"]), width), ar.topleft)
        bottom = ar.bottom
    if lit or selected:
        frame = pygame.Rect(rect.left, rect.top, rect.width, bottom - rect.top)
        pygame.draw.rect(
            surface,
            style.GOLD_LIGHT if selected else LEGAL,
            frame.inflate(5, 5),
            width=glow + (1 if selected else 0),
            border_radius=6,
        )


def unit_level(unit: dict[str, Any]) -> int:
    """Commander level plus its attached army (what the badge shows)."""
    level = parse_card(unit["commander"]).rank
    if unit.get("army"):
        level += parse_card(unit["army"]).rank
    return level


def _paint_pool(
    surface: pygame.Surface, area: Area, player: dict[str, Any], marks: AreaMarks
) -> None:
    rects = unit_rects(area, player["pool"])
    if not rects:  # an empty pool still shows where commanders go
        r = area.empty_pool()
        surface.blit(slot_outline(area.card_w), r.topleft)
        draw_role_icon(surface, "commander", r.center, max(5, area.card_w // 6))
    lefts = sorted(r.left for r in rects.values())
    width = next(iter(rects.values())).width if rects else area.card_w
    step = min((b - a for a, b in zip(lefts, lefts[1:], strict=False)), default=width)
    for unit in player["pool"]:
        uid = int(unit["uid"])
        rect = rects.get(uid)
        if rect is None:
            continue
        draw_unit(surface, rect, unit, rect.width)
        if not unit.get("face_down") and step >= 18:
            drop = round(rect.height * ARMY_DROP) if unit.get("army") else 0
            style.blit_text(
                surface,
                str(unit_level(unit)),
                13,
                (rect.left + min(step, rect.width) // 2, rect.bottom + drop + 1),
                style.GOLD_LIGHT,
                "bold",
                "midtop",
                style.BLACK,
            )


def _paint_piles(surface: pygame.Surface, area: Area, player: dict[str, Any]) -> None:
    d, x = area.draw_pile, area.discard_pile
    count = int(player["draw_count"])
    if count:
        for k in range(min(3, (count + 9) // 10)):
            surface.blit(chama_back(d.width), (d.left - k, d.top - k))
    else:
        surface.blit(slot_outline(d.width), d.topleft)
    discard = player["discard"]
    if discard:
        surface.blit(chama_card(parse_card(discard[-1]), x.width), x.topleft)
    else:
        surface.blit(slot_outline(x.width), x.topleft)
    for rect, n in ((d, count), (x, len(discard))):
        if area.counts_inside:
            at, anchor = (rect.centerx, rect.bottom - 2), "midbottom"
        else:
            at, anchor = (rect.centerx, rect.bottom + 1), "midtop"
        style.blit_text(surface, str(n), 14, at, style.CREAM, "bold", anchor, style.BLACK)
