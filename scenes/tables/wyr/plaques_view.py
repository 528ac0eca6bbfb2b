"""What the Wyr plates and corner plaques say: each lord's plate, the round
plaque (who deals, how the game ends), the variants' badges and the groups'
totals. `WyrPlaques` is handed the ring, the fans and what it asks about the
seats; it keeps the plates' words and where the plaques fell.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from scenes import style
from scenes.i18n import language, tr
from scenes.tables import felt
from scenes.tables.wyr import paint
from scenes.tables.wyr.look import Line
from scenes.tables.wyr.model import (
    active_variants,
    group_totals,
    round_info,
    seat_tag,
)
from scenes.tables.wyr.parts import SeatFacts
from scenes.tables.wyr.shown import WyrShown
from scenes.tables.wyr.words import money
from scenes.widgets.emblems import draw_emblem


class WyrPlaques:
    """The seats' plates and the corner plaques of the cloth."""

    def __init__(
        self, ring: felt.SeatRing, fans: Mapping[int, felt.CardFan], seats: SeatFacts
    ) -> None:
        self.ring = ring
        self.fans = fans
        self.seats = seats
        #: each seat's plate and the key it was built for
        self._plates: dict[int, tuple[tuple[Any, ...], felt.PlateInfo]] = {}
        #: where the round plaque, the groups' plaque and the variants' badges fell
        #: when last painted (the board and the tray keep clear of them)
        self.plaque_rect: pygame.Rect | None = None
        self.groups_rect: pygame.Rect | None = None
        self.badges_rect = pygame.Rect(0, 0, 0, 0)

    def plate(
        self, s: int, view: dict[str, Any], shown: WyrShown, viewer: int | None, active: bool
    ) -> felt.PlateInfo:
        """A seat plate's words and looks (`active`: the seat must act), built again
        only when one of them changes (the translations and money words cost more
        than the plate's painting)."""
        key = (
            language(),
            viewer,
            shown.notes.get(s),
            bool(view["out"][s]),
            int(view["dealer"]),
            shown.money[s],
            active,
            seat_tag(view, s),
            self.seats.look(s),
        )
        cache = self._plates
        hit = cache.get(s)
        if hit is not None and hit[0] == key:
            return hit[1]
        info = self._plate_info(s, view, shown, viewer, active)
        cache[s] = (key, info)
        return info

    def _plate_info(
        self, s: int, view: dict[str, Any], shown: WyrShown, viewer: int | None, active: bool
    ) -> felt.PlateInfo:
        colour, emblem = self.seats.look(s)
        tag = seat_tag(view, s)
        if s == viewer and self.seats.is_human(s):
            subtitle = tr("wyrtable.you")
        elif self.seats.setup(s).bot:
            subtitle = tr("wyrtable.bot", level=tr(f"wyr.bots.{self.seats.setup(s).bot}"))
        else:
            subtitle = tr("ui.table.human")
        if tag:
            subtitle = f"{tag} · {subtitle}"
        badge, kind = shown.notes.get(s, ("", "info"))
        out = bool(view["out"][s])
        if out:
            badge, kind = tr("wyrtable.note.out"), "out"
        elif s == int(view["dealer"]) and not badge:
            badge, kind = tr("wyr.ui.lorde_de_wyr"), "info"
        return felt.PlateInfo(
            self.seats.name(s),
            subtitle,
            money(shown.money[s]),
            colour,
            emblem,
            badge=badge,
            badge_kind=kind,
            active=active,
            dimmed=out,
            hero=s == viewer,
        )

    def plaque_lines(self, view: dict[str, Any], area: pygame.Rect) -> list[Line]:
        """The round indicator: round, Lorde de Wyr, who has dealt, how the game ends ([Y10])."""
        info = round_info(view)
        if self._compact_plaque(area):
            # Seats crowd the corner: the same facts in fewer, shorter lines.
            lines: list[Line] = [
                (
                    tr(
                        "wyrtable.round.compact_title",
                        round=info.round,
                        name=self.seats.name(info.dealer),
                    ),
                    12,
                    style.INK,
                    "bold",
                ),
                (
                    tr("wyrtable.round.compact_dealt", dealt=info.dealt, total=info.dealers_total),
                    11,
                    style.INK_SOFT,
                    "sans",
                ),
                (tr("wyrtable.round.compact_ends", out=info.out), 11, style.INK_SOFT, "sans"),
            ]
            if view.get("table_bet") is not None:
                key = "wyrtable.round.group_bet" if view.get("groups") else "wyrtable.round.bet"
                lines.append((tr(key, amount=money(int(view["table_bet"]))), 12, style.RED, "bold"))
            return lines
        lines = [
            (tr("wyrtable.round.title", round=info.round), 17, style.INK, "serif"),
            (tr("wyrtable.round.dealer", name=self.seats.name(info.dealer)), 13, style.INK, "bold"),
            (
                tr("wyrtable.round.dealt", dealt=info.dealt, total=info.dealers_total),
                12,
                style.INK_SOFT,
                "sans",
            ),
            (tr("wyrtable.round.ends", out=info.out), 12, style.INK_SOFT, "sans"),
        ]
        if view.get("table_bet") is not None:
            key = "wyrtable.round.group_bet" if view.get("groups") else "wyrtable.round.bet"
            lines.append((tr(key, amount=money(int(view["table_bet"]))), 13, style.RED, "bold"))
        return lines

    def _plaque_width(self, lines: list[Line], area: pygame.Rect, viewer: int | None) -> int:
        """As wide as the corner allows, so the lines stay few: narrower than a seat's
        plate (its combination tag above it) or cards it would reach, taller instead
        (at five lords the top-left plate covered the plaque's last lines)."""
        a = area
        seats = []
        for s in range(len(self.fans)):
            plate = self.ring.plate_rect(s)
            seats.append(pygame.Rect(plate.left, plate.top - 14, plate.width, plate.height + 14))
            if s != viewer and self.fans[s].sprites:
                seats.append(self.fans[s].rect)
        width = 320
        for _ in range(4):  # narrowing makes it taller: check again
            rect = pygame.Rect(a.left + 4, a.top + 4, width, paint.plaque_height(lines, width))
            hit = [r.left for r in seats if r.colliderect(rect) and r.left > rect.left + 60]
            if not hit:
                break
            width = max(100, min(hit) - rect.left - 10)
        return width

    def _compact_plaque(self, area: pygame.Rect) -> bool:
        """True when a seat's plate stands close under the round plaque's corner."""
        a = area
        for s in range(len(self.fans)):
            plate = self.ring.plate_rect(s)
            if plate.left < a.left + 230 and plate.top < a.top + 150:
                return True
        return False

    def group_lines(self, view: dict[str, Any]) -> list[Line]:
        """Each group's members and money ([Y1], [Y10])."""
        totals = group_totals(view)
        if not totals:
            return []
        lines: list[Line] = [(tr("wyrtable.groups.title"), 15, style.INK, "serif")]
        for letter, members, amount in totals:
            text = tr(
                "wyrtable.groups.line",
                group=letter,
                names=", ".join(self.seats.name(m) for m in members),
                amount=money(amount),
            )
            lines.append((text, 12, style.INK, "sans"))
        return lines

    def _groups_width(self, lines: list[Line], least: int, area: pygame.Rect) -> int:
        """Wide enough that no group's line wraps (a wrapped line reached down under the
        top-right plate), yet clear of the plate at the head of the table."""
        a = area
        need = max(style.font(size, kind).size(text)[0] for text, size, _, kind in lines) + 22
        heads = [
            self.ring.plate_rect(s).right
            for s in range(len(self.fans))
            if self.ring.plate_rect(s).top < a.top + 40
        ]
        room = a.right - 4 - (max(heads, default=a.centerx) + 14)
        return max(least, min(need, room))

    def _badge_room(self, area: pygame.Rect) -> pygame.Rect:
        """The free bottom-left corner of the cloth: left of the bottom lord's plate,
        under every plate and hand of the lords on that side."""
        a = area
        left = a.left + 4
        right = max(left + 120, self.ring.plate_rect(self.ring.bottom).left - 8)
        top = a.top + a.height // 2
        blocks = [self.ring.plate_rect(s) for s in range(len(self.fans))]
        blocks += [fan.rect for fan in self.fans.values() if fan.sprites]
        for r in blocks:
            if r.right > left and r.left < right and r.centery > a.centery:
                top = max(top, r.bottom + 4)
        return pygame.Rect(left, top, right - left, max(0, a.bottom - top))

    def draw_corners(
        self, surface: pygame.Surface, view: dict[str, Any], area: pygame.Rect, viewer: int | None
    ) -> None:
        """Round indicator (top left), variant badges (bottom left), groups (top right),
        on the cloth `area`; where each fell is kept (`plaque_rect` ...)."""
        a = area
        width = base_width = 210 if a.width > 800 else 178
        lines = self.plaque_lines(view, area)
        if self._compact_plaque(area):
            width = self._plaque_width(lines, area, viewer)
        self.plaque_rect = paint.plaque(surface, (a.left + 4, a.top + 4), lines, width)
        variants = active_variants(view)
        if variants:
            # The bottom-left corner of the cloth, under the seats beside it (with
            # five or six lords one sits there and covered the badges): as wide as
            # the room to the bottom lord's plate, in short names if need be.
            room = self._badge_room(area)
            jokers = int(view["variants"]["hyninn"])
            for short in (False, True):
                height = paint.variant_badges(None, variants, (0, 0), room.width, jokers, short)
                if height <= room.height:
                    break
            self.badges_rect = pygame.Rect(room.left, room.bottom - height, room.width, height)
            paint.variant_badges(
                surface, variants, self.badges_rect.topleft, room.width, jokers, short
            )
        glines = self.group_lines(view)
        if glines:
            gw = self._groups_width(glines, base_width + 30, area)
            r = paint.plaque(surface, (a.right - gw - 4, a.top + 4), glines, gw)
            self.groups_rect = r
            for i, members in enumerate(view["groups"]):
                colour, emblem = self.seats.look(members[0])
                draw_emblem(surface, emblem, (r.left - 8, r.top + 7 + 19 + i * 16 + 7), 6, colour)
