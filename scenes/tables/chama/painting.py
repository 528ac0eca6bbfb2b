"""Painting the Chama table: felt, turn bar, areas, armistices, the centre,
the controls' prompt, the hand and the practice calculator."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import Action
from game.cards import parse_card
from scenes import style
from scenes.i18n import language, tr
from scenes.tables.chama import layout as L
from scenes.tables.chama.battle_view import draw_battle, draw_spoils
from scenes.tables.chama.calculator import battle_calc
from scenes.tables.chama.formation_view import free_band
from scenes.tables.chama.hints import bot_hand_text, pretty
from scenes.tables.chama.look import LEGAL, chama_card, hand_order
from scenes.tables.chama.turn_bar import Badge, TurnBarState, draw_turn_bar

if TYPE_CHECKING:
    pass

SLOTS = "ABCDEF"


class TablePainting:
    """Mixin of `ChamaTable`: the frame, as seen by the viewer."""

    def draw_table(self, surface: pygame.Surface) -> None:
        lay = self.lay
        if lay is None:
            return
        view = self.shown()  # the felt lies in the layer under the frame (`under_layer`)
        legal = self.legal()
        revealed = set(self.revealed_seats())
        self._draw_turn_bar(surface, view)
        for seat, area in lay.areas.items():
            colour, emblem = self.seat_look(seat)
            self.painter.draw(
                surface,
                area,
                view["players"][seat],
                self.header_for(seat, view),
                colour,
                emblem,
                self.marks_for(seat, view, legal),
                self.pulse,
            )
            if seat in revealed:
                self._draw_bot_hand(surface, area, seat)
        self._draw_armistices(surface, view)
        self._draw_centre(surface, view, legal)
        self._draw_controls(surface)
        self._draw_hand(surface, view, legal)
        if self.show_calc:
            self._draw_calc(surface, view)
        for fx in self.fx:
            fx.draw(surface)
        if self.drag is not None and self.drag.get("moving"):
            img = chama_card(parse_card(self.drag["code"]), lay.hand_w)
            surface.blit(img, img.get_rect(center=self.drag["pos"]))
        self._draw_badge_tip(surface)

    def under_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The wood with the felt and its border, put together once per layout:
        two large blits a frame were a fifth of the table's frame time."""
        if self.lay is None:
            return style.wood_background(size)
        key = (size, tuple(self.lay.felt), tuple(self.lay.hand))
        under: tuple[Any, pygame.Surface] | None = getattr(self, "_under", None)
        if under is None or under[0] != key:
            surf = style.wood_background(size).copy()
            surf.blit(self._felt_surface(), self.lay.felt.topleft)
            pygame.draw.rect(surf, style.GOLD_DARK, self.lay.felt, width=2, border_radius=10)
            under = (key, surf.convert() if pygame.display.get_surface() else surf)
            self._under = under
        return under[1]

    def _felt_surface(self) -> pygame.Surface:
        """The felt with its hand strip, in the display's format (one opaque blit a frame)."""
        assert self.lay is not None
        key = (tuple(self.lay.felt), tuple(self.lay.hand))
        if self._felt is None or self._felt[0] != key:
            felt = style.felt(self.lay.felt.size).copy()
            hand = self.lay.hand.move(-self.lay.felt.left, -self.lay.felt.top)
            veil = pygame.Surface(hand.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (0, 0, 0, 60), veil.get_rect(), border_radius=8)
            felt.blit(veil, hand.topleft)
            if pygame.display.get_surface() is not None:
                felt = felt.convert()
            self._felt = (key, felt)
        return self._felt[1]

    def _draw_turn_bar(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        assert self.lay is not None
        active = int(view.get("active", 0))
        mode = view.get("mode", "campeonato")
        badges = [
            Badge(
                tr(f"chama.options.mode.choices.{mode}"),
                style.PARCHMENT,
                tip=tr(f"chamatable.badge_tips.{mode}"),
            )
        ]
        if view.get("aliados"):
            badges.append(
                Badge(
                    tr("chama.options.aliados.label"),
                    (200, 220, 190),
                    tip=tr("chamatable.badge_tips.aliados"),
                )
            )
        if view.get("xisum"):
            badges.append(
                Badge(
                    tr("chama.options.xisum.label"),
                    (220, 200, 230),
                    tip=tr("chamatable.badge_tips.xisum"),
                )
            )
        pines = [self.seats[i].name for i, p in enumerate(view["players"]) if p.get("pineapple")]
        if pines:
            badges.append(
                Badge(
                    tr("chamatable.badges.pineapple"),
                    (240, 220, 150),
                    icon="pineapple",
                    tip=tr("chamatable.badge_tips.pineapple", names=", ".join(pines)),
                )
            )
        limit = int(view.get("turn_limit") or 0)
        if limit:
            badges.append(
                Badge(
                    tr("chamatable.badges.clock", turn=view.get("turn", 0), limit=limit),
                    (240, 210, 180),
                    icon="clock",
                    fraction=min(1.0, view.get("turn", 0) / limit),
                    tip=tr("chamatable.badge_tips.clock", limit=limit),
                )
            )
        state = TurnBarState(
            self.seats[active].name, self.seat_look(active)[0], int(view.get("step") or 0), badges
        )
        key = (repr(state), tuple(self.lay.turn_bar), language())
        if self._bar is None or self._bar[0] != key:
            r = self.lay.turn_bar
            layer = pygame.Surface(r.size, pygame.SRCALPHA)
            placed = draw_turn_bar(layer, pygame.Rect(0, 0, r.width, r.height), state)
            self.badge_rects = [(br.move(r.topleft), b) for br, b in placed]
            self._bar = (key, layer)
        surface.blit(self._bar[1], self.lay.turn_bar.topleft)

    def _draw_badge_tip(self, surface: pygame.Surface) -> None:
        """What a badge means, while the mouse rests on it."""
        pos = pygame.mouse.get_pos()
        for rect, badge in self.badge_rects:
            if badge.tip and rect.collidepoint(pos):
                lines = style.wrap_text(badge.tip, 14, 320)
                box = pygame.Rect(0, 0, 340, 12 + 18 * len(lines))
                box.topright = (rect.right, rect.bottom + 6)
                box.clamp_ip(surface.get_rect())
                surface.blit(style.parchment(box.size), box.topleft)
                for i, line in enumerate(lines):
                    style.blit_text(surface, line, 14, (box.left + 10, box.top + 6 + 18 * i))
                return

    def _draw_armistices(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Each armistice in play: the ace between caster and target, a dashed line
        ([C11]) -- except, while a battle fills the centre, one whose ace would lie
        on it (it covered the battle's title; the log still says it)."""
        assert self.lay is not None
        battle = self.lay.centre.inflate(8, 24) if view.get("battle") else None
        for a in view.get("armistices", []):
            ra, rb = self._area(a["caster"]), self._area(a["target"])
            if ra is None or rb is None:
                continue
            p = self._between(a["caster"], a["target"])
            if battle is not None and battle.collidepoint(p):
                continue
            for src in (ra.rect.center, rb.rect.center):
                steps = 12
                for k in range(0, steps, 2):
                    t0, t1 = k / steps, (k + 1) / steps
                    x0 = p[0] + (src[0] - p[0]) * t0 * 0.5
                    y0 = p[1] + (src[1] - p[1]) * t0 * 0.5
                    x1 = p[0] + (src[0] - p[0]) * t1 * 0.5
                    y1 = p[1] + (src[1] - p[1]) * t1 * 0.5
                    pygame.draw.line(surface, (240, 240, 240), (x0, y0), (x1, y1), 2)
            img = chama_card(parse_card(a["card"]), 34)
            r = img.get_rect(center=p)
            surface.blit(img, r)
            style.blit_text(
                surface,
                tr(
                    "chamatable.armistice_marker",
                    caster=self.seats[a["caster"]].name,
                    target=self.seats[a["target"]].name,
                ),
                12,
                (r.centerx, r.top - 2),
                style.CREAM,
                "bold",
                "midbottom",
                style.BLACK,
            )

    def _draw_centre(
        self, surface: pygame.Surface, view: dict[str, Any], legal: list[Action]
    ) -> None:
        assert self.lay is not None
        c = self.lay.centre
        b = view.get("battle")
        names = [s.name for s in self.seats]
        if b:
            realm = view["players"][b["defender"]]["formation"][SLOTS.index(b["slot"])]["card"]
            draw_battle(surface, c, b, realm, names, pulse=self.pulse)
            return
        spoils = view.get("spoils_card")
        if spoils and view.get("phase") == "spoils" and self.my_turn():
            draw_spoils(surface, c, spoils)
            return
        if self.last_result:
            style.blit_text(
                surface,
                self.last_result,
                15,
                (c.centerx, c.bottom - 6),
                style.PARCHMENT,
                "sans",
                "midbottom",
                style.BLACK,
                c.width - 20,
            )

    def _draw_calc(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Practice: the battle calculator, in the hand strip beside the cards."""
        calc = battle_calc(view)
        room = self.calc_room(view)
        if calc is None or self.lay is None or not room:
            return
        if calc.need == 0:
            lines = [tr("chamatable.calc.ahead", mine=calc.mine, theirs=calc.theirs)]
        else:
            key = f"chamatable.calc.need_{calc.side}"
            lines = [tr(key, need=calc.need, mine=calc.mine, theirs=calc.theirs)]
            if calc.hand_singles:
                cards = ", ".join(pretty(x) for x in calc.hand_singles)
                lines.append(tr("chamatable.calc.hand_singles", cards=cards))
            elif calc.hand_total_enough:
                cards = ", ".join(pretty(x) for x in calc.hand_armies)
                lines.append(tr("chamatable.calc.hand_together", cards=cards))
            else:
                lines.append(tr("chamatable.calc.hand_short"))
            deck = ", ".join(f"{r}×{n}" for r, n in sorted(calc.deck_singles.items()))
            lines.append(tr("chamatable.calc.deck", cards=deck or "—", left=calc.deck_left))
        r = self.lay.hand
        box = pygame.Rect(r.right - 120 - room, r.top + 6, room - 8, r.height - 12)
        pygame.draw.rect(surface, (16, 10, 6), box, border_radius=8)
        pygame.draw.rect(surface, style.GOLD_DARK, box, width=1, border_radius=8)
        style.blit_text(
            surface,
            tr("chamatable.calc.title"),
            13,
            (box.left + 8, box.top + 4),
            style.GOLD,
            "bold",
        )
        y = box.top + 22
        # smaller letters before a line is lost: at 1024x640 the strip is short
        # and the deck's odds (the last line) were cut
        texts = [(line, "sans") for line in lines]
        size, parts = style.wrap_to_fit(texts, box.width - 16, box.bottom - y, (12, 11, 10), 3)
        #: lines of the calculator left out for want of room (a test keeps it 0)
        self.calc_lines_cut = 0
        for _i, part in parts:
            if y + size + 2 > box.bottom:
                self.calc_lines_cut += 1
                continue
            style.blit_text(surface, part, size, (box.left + 8, y), style.CREAM)
            y += size + 3

    def _draw_controls(self, surface: pygame.Surface) -> None:
        if self.row is None or self.lay is None:
            return
        r = self.lay.controls
        room = self.row.left_edge - r.left - 16
        if self.row.prompt and room > 60:
            lines = style.wrap_text(self.row.prompt, 15, room, "bold")[:2]
            y = r.centery - 9 * len(lines)
            for line in lines:
                style.blit_text(
                    surface, line, 15, (r.left + 4, y), style.CREAM, "bold", shadow=style.BLACK
                )
                y += 18

    def _draw_hand(
        self, surface: pygame.Surface, view: dict[str, Any], legal: list[Action]
    ) -> None:
        lay = self.lay
        assert lay is not None
        hand = view.get("hand")
        r = lay.hand
        if hand is None:
            style.blit_text(
                surface,
                tr("chamatable.spectator"),
                16,
                r.center,
                style.PARCHMENT,
                "bold",
                "center",
                style.BLACK,
            )
            return
        codes = hand_order(list(hand))
        rects = lay.hand_cards(len(codes), self.calc_room(view))
        lit = self.lit_hand(legal)
        hover = self.hover[2] if self.hover and self.hover[0] == "hand" else None
        dragging = self.drag["code"] if self.drag and self.drag.get("moving") else None
        discard_step = view.get("phase") == "discard" and bool(legal)
        for i, (code, rect) in enumerate(zip(codes, rects, strict=True)):
            if code == dragging:
                continue
            chosen = code == self.selected or code in self.rebuild_pick
            rr = rect.move(0, -10 if (chosen or i == hover) else 0)
            surface.blit(style.shadow(rr.size, 6, 100), (rr.left - 5, rr.top - 2))
            surface.blit(chama_card(parse_card(code), lay.hand_w), rr.topleft)
            if chosen:
                pygame.draw.rect(
                    surface, style.GOLD_LIGHT, rr.inflate(6, 6), width=3, border_radius=7
                )
            elif code in lit or discard_step or (self.rebuild_slot is not None):
                pygame.draw.rect(surface, LEGAL, rr.inflate(4, 4), width=2, border_radius=7)
        # the viewer's piles, named, at the strip's right end
        seat = self.viewer
        if seat is not None:
            p = view["players"][seat]
            x = r.right - 110
            style.blit_text(
                surface,
                tr("chamatable.hand_label", count=len(codes)),
                14,
                (x, r.top + 10),
                style.CREAM,
                "bold",
                shadow=style.BLACK,
            )
            style.blit_text(
                surface,
                tr("chamatable.deck_label", count=p["draw_count"]),
                13,
                (x, r.top + 30),
                style.PARCHMENT,
                shadow=style.BLACK,
            )
            style.blit_text(
                surface,
                tr("chamatable.discard_label", count=len(p["discard"])),
                13,
                (x, r.top + 48),
                style.PARCHMENT,
                shadow=style.BLACK,
            )

    def _draw_bot_hand(self, surface: pygame.Surface, area: L.Area, seat: int) -> None:
        """Practice: a bot's hand, face up, on a parchment strip in the area's
        freest band (under the header covered the top row of a pyramid)."""
        view = self.match.view(seat)
        text = tr("chamatable.practice.bot_hand", cards=bot_hand_text(view.get("hand") or []))
        # a narrow side area wraps it onto more lines rather than cutting it
        lines = [
            style.render_text(line, 13, style.INK, "bold")
            for line in style.wrap_text(text, 13, area.rect.width - 20, "bold")
        ]
        box = pygame.Rect(
            0, 0, max(x.get_width() for x in lines) + 8, sum(x.get_height() for x in lines) + 4
        )
        box.topleft = free_band(area, view["players"][seat], box.size)
        pygame.draw.rect(surface, style.PARCHMENT, box, border_radius=5)
        y = box.top + 2
        for line in lines:
            surface.blit(line, (box.left + 4, y))
            y += line.get_height()

    def draw_status(self, surface: pygame.Surface) -> None:
        view = self.view()
        if self.match.is_over:
            super().draw_status(surface)
            return
        base = tr("chamatable.status", game=view.get("game_no", 1), turn=view.get("turn", 0))
        to_act = self.to_act_note()
        thinking = ""
        if self.worker.busy and self.worker.seat is not None:
            thinking = "  ·  " + tr("ui.table.thinking", name=self.seats[self.worker.seat].name)
        left_of = min(
            [b.rect.left for b in self.buttons.values()]
            + [b.rect.left for b in self.extra_buttons.values()],
            default=surface.get_width() - 16,
        )
        # the longest line that fits at full size: with many buttons at 1024x640
        # the whole line shrank to tiny letters; the thinking bot names who acts
        skip = self.skip_note()
        choices = [base + to_act + thinking + skip, base + to_act + thinking, base + thinking]
        text = next(
            (c for c in choices if style.text_width(c, 17, "bold") <= left_of - 40),
            base + to_act,
        )
        style.blit_text(
            surface,
            text,
            17,
            (20, 20),
            style.CREAM,
            kind="bold",
            shadow=style.BLACK,
            max_width=left_of - 40,
        )
