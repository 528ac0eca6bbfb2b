"""Painting the Chama table: felt, turn bar, areas, armistices, the centre,
the controls' prompt, the hand and the practice calculator.

`ChamaPainter` keeps the layers it paints once (the felt, the turn bar, each
area's still part) and paints a `ChamaFrame`, which the table builds for each
frame from its state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game import Action
from game.cards import parse_card
from scenes import style
from scenes.i18n import language, tr
from scenes.tables.chama import layout as L
from scenes.tables.chama.animations import between
from scenes.tables.chama.battle_view import draw_battle, draw_spoils
from scenes.tables.chama.calculator import battle_calc
from scenes.tables.chama.controls import ControlRow
from scenes.tables.chama.effects import Fx
from scenes.tables.chama.formation_view import AreaMarks, AreaPainter, free_band
from scenes.tables.chama.hints import bot_hand_text, pretty
from scenes.tables.chama.look import LEGAL, chama_card, hand_order
from scenes.tables.chama.selection import Selection, lit_hand
from scenes.tables.chama.turn_bar import Badge, TurnBarState, draw_turn_bar
from scenes.text_scale import scaled

SLOTS = "ABCDEF"

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class ChamaFrame:
    """Everything one frame of the table shows, as the viewer sees it."""

    lay: L.Layout
    #: the view painted (the animated copy while events play, else the engine's)
    view: dict[str, Any]
    #: the viewer's legal moves now (none when it is not his move)
    legal: list[Action]
    viewer: int | None
    names: list[str]
    #: each seat's colour and emblem
    looks: Mapping[int, tuple[Colour, str]]
    #: each area's header words and its highlights
    headers: Mapping[int, list[tuple[str, Colour]]]
    marks: Mapping[int, AreaMarks]
    #: practice: the revealed bots' own views (their hands are shown)
    bot_hands: Mapping[int, dict[str, Any]]
    sel: Selection
    pulse: float
    fx: Sequence[Fx]
    row: ControlRow | None
    #: the battle calculator is shown, in this much of the hand strip (0: not)
    show_calc: bool
    calc_room: int
    last_result: str
    #: the person at the screen must act now
    my_turn: bool


class ChamaPainter:
    """Paints the Chama table; keeps the layers it paints once per layout."""

    def __init__(self) -> None:
        #: the seats' areas, each a cached layer plus this frame's lights
        self.areas = AreaPainter()
        self._under: tuple[Any, pygame.Surface] | None = None
        self._felt: tuple[Any, pygame.Surface] | None = None
        self._bar: tuple[Any, pygame.Surface] | None = None
        #: where the turn bar's badges lie (their tips show under the mouse)
        self.badge_rects: list[tuple[pygame.Rect, Badge]] = []
        #: lines of the calculator left out for want of room (a test keeps it 0)
        self.calc_lines_cut = 0

    def draw(self, surface: pygame.Surface, f: ChamaFrame) -> None:
        """Paint the frame over the under layer."""
        lay, view = f.lay, f.view
        self._draw_turn_bar(surface, f)
        for seat, area in lay.areas.items():
            colour, emblem = f.looks[seat]
            self.areas.draw(
                surface,
                area,
                view["players"][seat],
                f.headers[seat],
                colour,
                emblem,
                f.marks[seat],
                f.pulse,
            )
            if seat in f.bot_hands:
                self.draw_bot_hand(surface, area, seat, f.bot_hands[seat])
        self.draw_armistices(surface, view, lay, f.names)
        self._draw_centre(surface, f)
        self._draw_controls(surface, f)
        self._draw_hand(surface, f)
        if f.show_calc:
            self._draw_calc(surface, f)
        for fx in f.fx:
            fx.draw(surface)
        drag = f.sel.drag
        if drag is not None and drag.moving:
            img = chama_card(parse_card(drag.code), lay.hand_w)
            surface.blit(img, img.get_rect(center=drag.pos))
        self._draw_badge_tip(surface)

    def under_layer(self, size: tuple[int, int], lay: L.Layout | None) -> pygame.Surface:
        """The wood with the felt and its border, put together once per layout:
        two large blits a frame were a fifth of the table's frame time."""
        if lay is None:
            return style.wood_background(size)
        key = (size, tuple(lay.felt), tuple(lay.hand))
        under = self._under
        if under is None or under[0] != key:
            surf = style.wood_background(size).copy()
            surf.blit(self.felt_surface(lay), lay.felt.topleft)
            pygame.draw.rect(surf, style.GOLD_DARK, lay.felt, width=2, border_radius=10)
            under = (key, surf.convert() if pygame.display.get_surface() else surf)
            self._under = under
        return under[1]

    def felt_surface(self, lay: L.Layout) -> pygame.Surface:
        """The felt with its hand strip, in the display's format (one opaque blit a frame)."""
        key = (tuple(lay.felt), tuple(lay.hand))
        if self._felt is None or self._felt[0] != key:
            felt = style.felt(lay.felt.size).copy()
            hand = lay.hand.move(-lay.felt.left, -lay.felt.top)
            veil = pygame.Surface(hand.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (0, 0, 0, 60), veil.get_rect(), border_radius=8)
            felt.blit(veil, hand.topleft)
            if pygame.display.get_surface() is not None:
                felt = felt.convert()
            self._felt = (key, felt)
        return self._felt[1]

    def _draw_turn_bar(self, surface: pygame.Surface, f: ChamaFrame) -> None:
        view = f.view
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
        pines = [f.names[i] for i, p in enumerate(view["players"]) if p.get("pineapple")]
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
            f.names[active], f.looks[active][0], int(view.get("step") or 0), badges
        )
        key = (repr(state), tuple(f.lay.turn_bar), language())
        if self._bar is None or self._bar[0] != key:
            r = f.lay.turn_bar
            layer = pygame.Surface(r.size, pygame.SRCALPHA)
            placed = draw_turn_bar(layer, pygame.Rect(0, 0, r.width, r.height), state)
            self.badge_rects = [(br.move(r.topleft), b) for br, b in placed]
            self._bar = (key, layer)
        surface.blit(self._bar[1], f.lay.turn_bar.topleft)

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

    def draw_armistices(
        self, surface: pygame.Surface, view: dict[str, Any], lay: L.Layout, names: Sequence[str]
    ) -> None:
        """Each armistice in play: the ace between caster and target, a dashed line
        ([C11]) -- except, while a battle fills the centre, one whose ace would lie
        on it (it covered the battle's title; the log still says it)."""
        battle = lay.centre.inflate(8, 24) if view.get("battle") else None
        for a in view.get("armistices", []):
            ra, rb = lay.areas.get(a["caster"]), lay.areas.get(a["target"])
            if ra is None or rb is None:
                continue
            p = between(lay, a["caster"], a["target"])
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
                    caster=names[a["caster"]],
                    target=names[a["target"]],
                ),
                12,
                (r.centerx, r.top - 2),
                style.CREAM,
                "bold",
                "midbottom",
                style.BLACK,
            )

    def _draw_centre(self, surface: pygame.Surface, f: ChamaFrame) -> None:
        view = f.view
        c = f.lay.centre
        b = view.get("battle")
        names = f.names
        if b:
            realm = view["players"][b["defender"]]["formation"][SLOTS.index(b["slot"])]["card"]
            draw_battle(surface, c, b, realm, names, pulse=f.pulse)
            return
        spoils = view.get("spoils_card")
        if spoils and view.get("phase") == "spoils" and f.my_turn:
            draw_spoils(surface, c, spoils)
            return
        if f.last_result:
            style.blit_text(
                surface,
                f.last_result,
                15,
                (c.centerx, c.bottom - 6),
                style.PARCHMENT,
                "sans",
                "midbottom",
                style.BLACK,
                c.width - 20,
            )

    def _draw_calc(self, surface: pygame.Surface, f: ChamaFrame) -> None:
        """Practice: the battle calculator, in the hand strip beside the cards."""
        calc = battle_calc(f.view)
        room = f.calc_room
        if calc is None or not room:
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
        r = f.lay.hand
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
        self.calc_lines_cut = 0
        for _i, part in parts:
            if y + scaled(size) + 2 > box.bottom:
                self.calc_lines_cut += 1
                continue
            style.blit_text(surface, part, size, (box.left + 8, y), style.CREAM)
            y += scaled(size) + 3

    def _draw_controls(self, surface: pygame.Surface, f: ChamaFrame) -> None:
        row = f.row
        if row is None:
            return
        r = f.lay.controls
        room = row.left_edge - r.left - 16
        if row.prompt and room > 60:
            lines = style.wrap_text(row.prompt, 15, room, "bold")[:2]
            y = r.centery - scaled(18) * len(lines) // 2
            for line in lines:
                style.blit_text(
                    surface, line, 15, (r.left + 4, y), style.CREAM, "bold", shadow=style.BLACK
                )
                y += scaled(18)

    def _draw_hand(self, surface: pygame.Surface, f: ChamaFrame) -> None:
        lay, view, legal, sel = f.lay, f.view, f.legal, f.sel
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
        rects = lay.hand_cards(len(codes), f.calc_room)
        lit = lit_hand(legal)
        hover = sel.hover[2] if sel.hover and sel.hover[0] == "hand" else None
        dragging = sel.dragged()
        discard_step = view.get("phase") == "discard" and bool(legal)
        for i, (code, rect) in enumerate(zip(codes, rects, strict=True)):
            if code == dragging:
                continue
            chosen = code == sel.selected or code in sel.rebuild_pick
            rr = rect.move(0, -10 if (chosen or i == hover) else 0)
            surface.blit(style.shadow(rr.size, 6, 100), (rr.left - 5, rr.top - 2))
            surface.blit(chama_card(parse_card(code), lay.hand_w), rr.topleft)
            if chosen:
                pygame.draw.rect(
                    surface, style.GOLD_LIGHT, rr.inflate(6, 6), width=3, border_radius=7
                )
            elif code in lit or discard_step or (sel.rebuild_slot is not None):
                pygame.draw.rect(surface, LEGAL, rr.inflate(4, 4), width=2, border_radius=7)
        # the viewer's piles, named, at the strip's right end
        seat = f.viewer
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
                (x, r.top + 10 + scaled(20)),
                style.PARCHMENT,
                shadow=style.BLACK,
            )
            style.blit_text(
                surface,
                tr("chamatable.discard_label", count=len(p["discard"])),
                13,
                (x, r.top + 10 + scaled(20) + scaled(18)),
                style.PARCHMENT,
                shadow=style.BLACK,
            )

    def draw_bot_hand(
        self, surface: pygame.Surface, area: L.Area, seat: int, view: dict[str, Any]
    ) -> None:
        """Practice: a bot's hand, face up, on a parchment strip in the area's
        freest band (under the header covered the top row of a pyramid); `view`
        is that seat's own."""
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
