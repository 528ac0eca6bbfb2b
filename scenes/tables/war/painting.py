"""How the War table paints itself: the wood and the map in one layer per change,
the army badges, the odds on hover, the panel and the continents' legend.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.war import BOARD
from scenes import style
from scenes.tables.war.look import Colour
from scenes.tables.war.odds_worker import OddsWorker
from scenes.tables.war.panel_words import Line, odds_text
from scenes.tables.war.places import (
    continent_compact,
    continent_name,
)
from scenes.text_scale import scaled
from scenes.widgets.emblems import draw_emblem
from scenes.widgets.hatching import CONTINENT_HATCH, hatch
from scenes.widgets.map_counters import place_badges
from scenes.widgets.map_view import CONTINENT_TINTS, MapView

#: a seat's colour and emblem
Look = tuple[Colour, str]
#: (window size, map rectangle): what the layers under the frame are painted for
LayerKey = tuple[tuple[int, int], tuple[int, int, int, int]]


@dataclass(frozen=True)
class MapFrame:
    """What the map shows this frame, as the table holds it."""

    view: Mapping[str, Any]
    viewer: int | None
    #: owners and armies as the animations have moved them so far
    owners: Mapping[str, int]
    armies: Mapping[str, int]
    hover: str | None
    source: str | None
    target: str | None
    #: unconfirmed reinforcements, territory -> armies
    placed: Mapping[str, int]
    my_turn: bool
    #: the chances of the battle under the mouse, when shown (practice, or the setting)
    show_odds: bool
    odds: OddsWorker


class WarPainter:
    """Paints the map view (its layer under the frame, highlights, counters and
    badges) and the panel under it."""

    def __init__(self, map_view: MapView, seat_look: Callable[[int], Look]) -> None:
        self.map = map_view
        self.seat_look = seat_look
        #: the wood with the map's shadow, for a size and map rectangle
        self._wood: tuple[LayerKey, pygame.Surface] | None = None
        #: that wood with the map painted on it, for the map's base version too
        self._under: tuple[LayerKey, int, pygame.Surface] | None = None

    def under_layer(
        self, size: tuple[int, int], owners: Mapping[str, int] | None
    ) -> pygame.Surface:
        """The wood, the map's shadow and the map without counters, put together
        once per change of owners or size: three large blits a frame were a
        third of the table's frame time. `owners` None: the continents view."""
        self.map.set_hatching(owners is None)  # the continents: a pattern beside each tint
        if owners is None:
            self.map.set_owner_colours({})
        else:
            self.map.set_owner_colours({t: self.seat_look(o)[0] for t, o in owners.items()})
        mr = self.map.map_rect
        key: LayerKey = (size, (mr.x, mr.y, mr.w, mr.h))
        wood = self._wood
        if wood is None or wood[0] != key:
            surf = style.wood_background(size).copy()
            surf.blit(style.shadow(mr.size, 14, 150), (mr.left - 12, mr.top - 6))
            wood = (key, surf.convert() if pygame.display.get_surface() else surf)
            self._wood = wood
        under = self._under
        if under is None or under[0] != key or under[1] != self.map.base_version:
            surf = wood[1].copy()
            self.map.paint_base(surf, mr.topleft)  # straight onto it: no map copy between
            under = (key, self.map.base_version, surf)
            self._under = under
        return under[2]

    def draw_map(self, surface: pygame.Surface, frame: MapFrame) -> None:
        """Highlights, counters, badges and the odds on hover, over the layer."""
        # the map itself lies in the layer under the frame (`under_layer`)
        # highlights: hover, selection, reachable neighbours
        view = frame.view
        seat = frame.viewer
        if frame.hover:
            self.map.glow(surface, frame.hover, (255, 255, 255), 60)
        if frame.source:
            self.map.outline(surface, frame.source, style.GOLD_LIGHT, 4)
            phase = view.get("phase")
            for n in BOARD.neighbors(frame.source):
                enemy = view["owners"].get(n) != seat
                if phase == "attack" and enemy:
                    self.map.outline(surface, n, (220, 60, 50), 2)
                elif phase == "move" and not enemy:
                    self.map.outline(surface, n, (120, 200, 120), 2)
        if frame.target:
            self.map.outline(
                surface,
                frame.target,
                (255, 90, 70) if view.get("phase") != "move" else (150, 230, 150),
                4,
            )
        counters = []
        big = {t for t in (frame.source, frame.target) if t}
        for t, owner in frame.owners.items():
            colour, emblem = self.seat_look(owner)
            counters.append((t, max(0, frame.armies.get(t, 0)), colour, emblem))
        self.map.draw_counters(surface, counters, big)
        self._paint_badges(surface, frame)
        if frame.hover and frame.show_odds:
            self._paint_hover_odds(surface, frame)

    def _paint_badges(self, surface: pygame.Surface, frame: MapFrame) -> None:
        """Unconfirmed reinforcements (+n) and armies still free to move."""
        badges: dict[str, tuple[str, tuple[int, int, int], bool]] = {}
        for t, n in frame.placed.items():
            badges[t] = (f"+{n}", style.GOLD_LIGHT, False)
        if frame.view.get("phase") == "move" and frame.my_turn:
            for t, n in (frame.view.get("movable") or {}).items():
                badges[t] = (str(n), (170, 230, 170), True)
        # small on a small map (36x18 at most at 1024x640: every territory can carry one)
        size = 13 if self.map.counter_radius() < 16 else 15
        labels = {
            t: style.render_text(text, size, colour, "bold", shadow=style.BLACK)
            for t, (text, colour, _arrow) in badges.items()
        }
        # each badge at the corner of its counter that hides no other counter nor badge
        high = scaled(size) + 5
        sizes = {t: (labels[t].get_width() + 6 + (13 if badges[t][2] else 0), high) for t in badges}
        mr = self.map.map_rect
        bounds = (mr.left, mr.top, mr.width, mr.height)
        spots = place_badges(self.map.counters(), self.map.counter_radius(), sizes, bounds)
        for t, (_text, colour, arrow) in badges.items():
            bx, by, bw, bh = spots[t]
            box = pygame.Rect(round(bx), round(by), round(bw), round(bh))
            pygame.draw.rect(surface, (30, 20, 12), box, border_radius=6)
            if arrow:  # a little two-headed arrow: "can still move"
                ax, ay = box.left + 3, box.centery
                pygame.draw.line(surface, colour, (ax + 2, ay), (ax + 9, ay), 2)
                pygame.draw.polygon(surface, colour, [(ax, ay), (ax + 3, ay - 3), (ax + 3, ay + 3)])
                pygame.draw.polygon(
                    surface, colour, [(ax + 11, ay), (ax + 8, ay - 3), (ax + 8, ay + 3)]
                )
            label = labels[t]
            surface.blit(label, label.get_rect(midright=(box.right - 3, box.centery)))

    def _paint_hover_odds(self, surface: pygame.Surface, frame: MapFrame) -> None:
        view, source, hover = frame.view, frame.source, frame.hover
        if view.get("phase") != "attack" or source is None or hover is None:
            return
        if view["owners"].get(hover) == frame.viewer or not BOARD.are_neighbors(source, hover):
            return
        able = view["armies"].get(source, 0) - 1
        text = odds_text(frame.odds, able, view["armies"].get(hover, 0))
        mx, my = pygame.mouse.get_pos()
        label = style.render_text(text, 15, style.CREAM, "bold")
        r = label.get_rect(topleft=(mx + 16, my + 16)).inflate(12, 8)
        pygame.draw.rect(surface, (30, 20, 12), r, border_radius=6)
        pygame.draw.rect(surface, style.GOLD, r, width=1, border_radius=6)
        surface.blit(label, r.inflate(-12, -8))

    def draw_panel(
        self,
        surface: pygame.Surface,
        p: pygame.Rect,
        view: Mapping[str, Any],
        texts: list[Line],
        width: int,
    ) -> None:
        """The panel under the map: `texts` (the step's words) wrapped into
        `width`, over the continents' legend."""
        surface.blit(style.parchment(p.size), p.topleft)
        self._paint_legend(surface, p, view)
        x = p.left + 18
        bottom = p.bottom - (42 if p.height >= 150 else 6)  # above the continents' legend
        # every word, at the largest scale at which all of it fits (a long
        # instruction was cut mid-sentence at 1024x640); the last resort ends in "…"
        for scale in (1.0, 0.92, 0.84, 0.76, 0.7):
            lines = [
                (line, max(11, round(size * scale)), colour, kind, i == 0)
                for i, (text, size, colour, kind) in enumerate(texts)
                for line in style.wrap_text(text, max(11, round(size * scale)), width, kind)
            ]
            if (
                sum(scaled(z) + (8 if first else 5) for _l, z, _c, _k, first in lines)
                <= bottom - p.top - 12
            ):
                break
        y = p.top + 12
        for n, (line, size, colour, kind, first) in enumerate(lines):
            if n + 1 < len(lines) and y + scaled(size) + 5 + scaled(lines[n + 1][1]) > bottom:
                line = style.ellipsize(line + " …", size, width, kind)  # nothing more fits
                style.blit_text(surface, line, size, (x, y), colour, kind=kind)
                return
            style.blit_text(surface, line, size, (x, y), colour, kind=kind)
            y += scaled(size) + (8 if first else 5)

    def _paint_legend(
        self, surface: pygame.Surface, p: pygame.Rect, view: Mapping[str, Any]
    ) -> None:
        """Continents, their bonus and who holds each, along the panel's foot."""
        if p.height < 150:
            return
        y = p.bottom - 34
        pygame.draw.line(surface, style.GOLD_DARK, (p.left + 14, y - 8), (p.right - 14, y - 8), 1)
        owners = view.get("owners", {})
        width = p.width - 28
        conts = list(BOARD.continents)
        held: dict[str, int | None] = {}
        for c in conts:
            holders = {owners.get(t) for t in BOARD.territories_of(c)}
            held[c] = (
                int(next(iter(holders))) if len(holders) == 1 and None not in holders else None
            )

        size = 14

        def need(c: str, name: str) -> int:  # swatch, label, the holder's emblem, a gap
            label = f"{name} +{BOARD.bonus(c)}"
            return 20 + style.font(size).size(label)[0] + (22 if held[c] is not None else 0) + 8

        names = {c: continent_name(c) for c in conts}
        if sum(need(c, names[c]) for c in conts) > width:
            names = {c: continent_compact(c) for c in conts}
        while size > 11 and sum(need(c, names[c]) for c in conts) > width:
            size -= 1
        # Each slot is as wide as its label needs, the rest shared out evenly.
        spare = max(0, width - sum(need(c, names[c]) for c in conts)) // len(conts)
        x = p.left + 14
        for c in conts:
            slot = need(c, names[c]) + spare
            pygame.draw.rect(
                surface,
                CONTINENT_TINTS.get(c, style.PARCHMENT_DARK),
                pygame.Rect(x, y + 4, 14, 14),
                border_radius=3,
            )
            # the continents view hatches each continent: the legend is its key
            surface.blit(hatch((14, 14), CONTINENT_HATCH.get(c, "")), (x, y + 4))
            pygame.draw.rect(
                surface, style.INK, pygame.Rect(x, y + 4, 14, 14), width=1, border_radius=3
            )
            label = f"{names[c]} +{BOARD.bonus(c)}"
            r = style.blit_text(surface, label, size, (x + 20, y + 2), style.INK)
            holder = held[c]
            if holder is not None:  # right after its own continent's name
                colour, emblem = self.seat_look(holder)
                draw_emblem(surface, emblem, (r.right + 12, y + 11), 8, colour)
            x += slot
