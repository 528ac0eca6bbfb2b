"""How the War table paints itself: the wood and the map in one layer per change,
the army badges, the odds on hover, the panel, the legend and the status line.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.war import BOARD, until_stop
from scenes import style
from scenes.i18n import tr
from scenes.tables.war.places import (
    continent_compact,
    continent_name,
)
from scenes.widgets.emblems import draw_emblem
from scenes.widgets.map_counters import place_badges
from scenes.widgets.map_view import CONTINENT_TINTS


class WarPainting:
    """Painting (mixed into `WarTable`)."""

    def draw_table(self, surface: pygame.Surface) -> None:
        view = self.view()
        self._paint_map(surface, view)
        for fx in self.fx:
            fx.draw(surface)
        self._paint_panel(surface, view)

    def under_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The wood, the map's shadow and the map without counters, put together
        once per change of owners or size: three large blits a frame were a
        third of the table's frame time."""
        if self.show_continents:
            self.map.set_owner_colours({})
        else:
            self.map.set_owner_colours(
                {t: self.seat_look(o)[0] for t, o in self.shown_owner.items()}
            )
        mr = self.map.map_rect
        key = (size, tuple(mr))
        wood: tuple[Any, pygame.Surface] | None = getattr(self, "_wood", None)
        if wood is None or wood[0] != key:
            surf = style.wood_background(size).copy()
            surf.blit(style.shadow(mr.size, 14, 150), (mr.left - 12, mr.top - 6))
            wood = (key, surf.convert() if pygame.display.get_surface() else surf)
            self._wood = wood
        under: tuple[Any, int, pygame.Surface] | None = getattr(self, "_under", None)
        if under is None or under[0] != key or under[1] != self.map.base_version:
            surf = wood[1].copy()
            self.map.paint_base(surf, mr.topleft)  # straight onto it: no map copy between
            under = (key, self.map.base_version, surf)
            self._under = under
        return under[2]

    def _paint_map(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        # the map itself lies in the layer under the frame (`under_layer`)
        # highlights: hover, selection, reachable neighbours
        seat = self.viewer
        if self.hover:
            self.map.glow(surface, self.hover, (255, 255, 255), 60)
        if self.source:
            self.map.outline(surface, self.source, style.GOLD_LIGHT, 4)
            phase = view.get("phase")
            for n in BOARD.neighbors(self.source):
                enemy = view["owners"].get(n) != seat
                if phase == "attack" and enemy:
                    self.map.outline(surface, n, (220, 60, 50), 2)
                elif phase == "move" and not enemy:
                    self.map.outline(surface, n, (120, 200, 120), 2)
        if self.target:
            self.map.outline(
                surface,
                self.target,
                (255, 90, 70) if view.get("phase") != "move" else (150, 230, 150),
                4,
            )
        counters = []
        big = {t for t in (self.source, self.target) if t}
        for t, owner in self.shown_owner.items():
            colour, emblem = self.seat_look(owner)
            counters.append((t, max(0, self.shown_armies.get(t, 0)), colour, emblem))
        self.map.draw_counters(surface, counters, big)
        self._paint_badges(surface, view)
        if self.hover and (self.practice or self.app.settings.show_odds):
            self._paint_hover_odds(surface, view)

    def _paint_badges(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Unconfirmed reinforcements (+n) and armies still free to move."""
        badges: dict[str, tuple[str, tuple[int, int, int], bool]] = {}
        if self.buffer is not None:
            for t, n in self.buffer.placed.items():
                badges[t] = (f"+{n}", style.GOLD_LIGHT, False)
        if view.get("phase") == "move" and self.my_turn():
            for t, n in (view.get("movable") or {}).items():
                badges[t] = (str(n), (170, 230, 170), True)
        # small on a small map (36x18 at most at 1024x640: every territory can carry one)
        size = 13 if self.map.counter_radius() < 16 else 15
        labels = {
            t: style.render_text(text, size, colour, "bold", shadow=style.BLACK)
            for t, (text, colour, _arrow) in badges.items()
        }
        # each badge at the corner of its counter that hides no other counter nor badge
        high = size + 5
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

    def _paint_hover_odds(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        if view.get("phase") != "attack" or self.source is None or self.hover is None:
            return
        if view["owners"].get(self.hover) == self.viewer or not BOARD.are_neighbors(
            self.source, self.hover
        ):
            return
        able = view["armies"].get(self.source, 0) - 1
        text = self.odds_text(able, view["armies"].get(self.hover, 0))
        mx, my = pygame.mouse.get_pos()
        label = style.render_text(text, 15, style.CREAM, "bold")
        r = label.get_rect(topleft=(mx + 16, my + 16)).inflate(12, 8)
        pygame.draw.rect(surface, (30, 20, 12), r, border_radius=6)
        pygame.draw.rect(surface, style.GOLD, r, width=1, border_radius=6)
        surface.blit(label, r.inflate(-12, -8))

    def odds_text(self, able: int, defenders: int, until: int = 0) -> str:
        """ "Chance to conquer: 73%" (or, with `until`, the chance of "attack until
        `until` are left"); "…" while a big battle is still being swept."""
        stop = until_stop(until)
        p = self.odds.get(able, defenders, stop) if able > stop else 0.0
        if until:
            if p is None:
                return tr("wartable.odds_until_pending", count=until)
            return tr("wartable.odds_until", percent=round(p * 100), count=until)
        if p is None:
            return tr("war.ui.odds_pending")
        return tr("war.ui.odds", percent=round(p * 100))

    def _paint_panel(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        p = self.panel
        surface.blit(style.parchment(p.size), p.topleft)
        self._paint_legend(surface, view)
        x = p.left + 18
        width = self._text_width()
        texts = self._panel_text(view)
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
                sum(z + (8 if first else 5) for _l, z, _c, _k, first in lines)
                <= bottom - p.top - 12
            ):
                break
        y = p.top + 12
        for n, (line, size, colour, kind, first) in enumerate(lines):
            if n + 1 < len(lines) and y + size + 5 + lines[n + 1][1] > bottom:
                line = style.ellipsize(line + " …", size, width, kind)  # nothing more fits
                style.blit_text(surface, line, size, (x, y), colour, kind=kind)
                return
            style.blit_text(surface, line, size, (x, y), colour, kind=kind)
            y += size + (8 if first else 5)

    def _paint_legend(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Continents, their bonus and who holds each, along the panel's foot."""
        p = self.panel
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
            )  # type: ignore[arg-type]

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

    def draw_status(self, surface: pygame.Surface) -> None:
        view = self.view()
        if view.get("phase") == "over":
            super().draw_status(surface)
            return
        text = tr(
            "wartable.status",
            round=view.get("round", 1),
            turn=view.get("turn", 0),
            deck=tr("wartable.n_cards", count=view.get("deck_size", 0)),
            value=tr("wartable.n_armies", count=view.get("next_trade_value", 0)),
        )
        self.blit_status(surface, text + self.skip_note(), 18)
