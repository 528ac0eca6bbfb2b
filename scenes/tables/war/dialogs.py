"""War's modal screens: the card trade and the secret objective."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import Action
from game.war import JOKER, is_set
from game.war.records import Trade
from scenes import style, ui
from scenes.i18n import tr
from scenes.keyboard import FocusTarget, gui_targets
from scenes.manager import Scene
from scenes.tables.war.cards_view import war_card
from scenes.tables.war.places import card_name, territory_name

if TYPE_CHECKING:
    from scenes.manager import AppHost


def bonus_territories(cards: list[str], owners: dict[str, int], seat: int | None) -> list[str]:
    """Traded cards showing a territory the trader owns: +2 armies there ([W5])."""
    return [c for c in cards if c != JOKER and owners.get(c) == seat]


class TradeDialog(Scene):
    """Pick three cards; legal sets light up; forced at five cards ([W5])."""

    overlay = True

    def __init__(
        self, app: AppHost, submit: Callable[[Action], object], view: dict[str, Any]
    ) -> None:
        super().__init__(app)
        #: the table's `submit`: the trade goes to the match through it
        self.submit = submit
        self.view = view
        self.cards: list[str] = [c["card"] for c in view.get("cards", [])]
        self.forced = bool(view.get("must_trade"))
        self.selected: list[int] = []
        self.card_rects: list[pygame.Rect] = []
        self.box = pygame.Rect(0, 0, 0, 0)

    def _layout(self) -> None:
        w, h = self.app.size
        self.box = ui.centered((w, h), min(860, w - 60), min(520, h - 60))
        n = max(1, len(self.cards))
        cw = min(130, (self.box.width - 80) // n - 14)
        ch = round(cw * 1.4)
        total = n * cw + (n - 1) * 14
        x0 = self.box.centerx - total // 2
        y = self.box.top + 104
        self.card_w = cw
        self.card_rects = [
            pygame.Rect(x0 + i * (cw + 14), y, cw, ch) for i in range(len(self.cards))
        ]

    def build(self) -> None:
        self._layout()
        y = self.box.bottom - 70
        m = self.app.ui_manager
        self.trade = ui.button(
            pygame.Rect(self.box.right - 250, y, 220, 48),
            tr("wartable.trade_confirm"),
            m,
            self.ui,
            "#primary_button",
        )
        self.best = ui.button(
            pygame.Rect(self.box.centerx - 100, y, 200, 48), tr("wartable.best_set"), m, self.ui
        )
        self.cancel = ui.button(
            pygame.Rect(self.box.left + 30, y, 180, 48), tr("ui.common.back"), m, self.ui
        )
        if self.forced:
            self.cancel.disable()
        if not self.view.get("sets"):
            self.best.disable()
        self._refresh()

    def _chosen(self) -> list[str]:
        return [self.cards[i] for i in self.selected]

    def _refresh(self) -> None:
        chosen = self._chosen()
        ok = len(chosen) == 3 and is_set(chosen)
        if ok:
            self.trade.enable()
        else:
            self.trade.disable()

    def _extendable(self, index: int) -> bool:
        """Whether adding card `index` to the selection can still make a set."""
        trial = [*self.selected, index]
        names = [self.cards[i] for i in trial]
        return any(
            all(names.count(c) <= list(s).count(c) for c in names)
            for s in self.view.get("sets", [])
        )

    def _best_set(self) -> None:
        owners = self.view.get("owners", {})
        seat = self.view.get("seat")
        sets = [list(s) for s in self.view.get("sets", [])]
        if not sets:
            return
        best = max(sets, key=lambda s: (len(bonus_territories(s, owners, seat)), -s.count(JOKER)))
        picked: list[int] = []
        for name in best:
            i = next(i for i, c in enumerate(self.cards) if c == name and i not in picked)
            picked.append(i)
        self.selected = picked
        self._refresh()

    def toggle(self, index: int) -> None:
        """A click on card `index`: picked, or put back (three at most)."""
        if index in self.selected:
            self.selected.remove(index)
        elif len(self.selected) < 3:
            self.selected.append(index)
            self.app.sound.play("card")
        self._refresh()

    def focus_targets(self) -> list[FocusTarget]:
        """The cards left to right (a picked one where it is lifted to; none
        more to pick once three are), then the buttons."""
        cards = [
            FocusTarget(
                f"card:{i}", r.move(0, -14 if i in self.selected else 0), partial(self.toggle, i)
            )
            for i, r in enumerate(self.card_rects)
            if i in self.selected or len(self.selected) < 3
        ]
        return cards + gui_targets(self.ui)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.trade:
                cards = self._chosen()
                self.app.scenes.pop()
                self.submit(Trade((cards[0], cards[1], cards[2])))
            elif event.ui_element == self.best:
                self._best_set()
            elif event.ui_element == self.cancel and not self.forced:
                self.app.scenes.pop()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, r in enumerate(self.card_rects):
                if r.collidepoint(event.pos):
                    self.toggle(i)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.forced:
            self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        title = tr("wartable.trade_forced" if self.forced else "wartable.trade_title")
        style.modal_panel(surface, self.box, title)
        info = (
            tr("war.ui.next_trade", value=self.view.get("next_trade_value", 0))
            + "  ·  "
            + tr("war.ui.trades_done", count=self.view.get("trades_done", 0))
        )
        style.blit_text(
            surface,
            info,
            17,
            (self.box.centerx, self.box.top + 62),
            style.INK_SOFT,
            anchor="midtop",
        )
        hover = pygame.mouse.get_pos()
        for i, r in enumerate(self.card_rects):
            face = war_card(self.cards[i], self.card_w, card_name(self.cards[i]))
            lift = -14 if i in self.selected else (-5 if r.collidepoint(hover) else 0)
            surface.blit(style.shadow(r.size, 8, 90), (r.left - 6, r.top - 2 + lift))
            surface.blit(face, r.move(0, lift))
            if i in self.selected:
                pygame.draw.rect(
                    surface, style.GOLD, r.move(0, lift).inflate(6, 6), width=3, border_radius=10
                )
            elif len(self.selected) < 3 and self._extendable(i):
                pygame.draw.rect(
                    surface, style.GOLD_DARK, r.inflate(4, 4), width=1, border_radius=10
                )
        chosen = self._chosen()
        y = self.card_rects[0].bottom + 26 if self.card_rects else self.box.top + 120
        if len(chosen) == 3:
            if is_set(chosen):
                bonus = bonus_territories(
                    chosen, self.view.get("owners", {}), self.view.get("seat")
                )
                text = tr("wartable.trade_gives", value=self.view.get("next_trade_value", 0))
                if bonus:
                    text += "  " + "  ".join(
                        tr("war.ui.trade_bonus", territory=territory_name(t)) for t in bonus
                    )
                style.blit_text(
                    surface,
                    text,
                    19,
                    (self.box.centerx, y),
                    style.INK,
                    kind="bold",
                    anchor="midtop",
                    max_width=self.box.width - 40,
                )
            else:
                for line in style.wrap_text(tr("wartable.not_a_set"), 17, self.box.width - 60):
                    style.blit_text(
                        surface, line, 17, (self.box.centerx, y), style.RED, anchor="midtop"
                    )
                    y += 24
        else:
            style.blit_text(
                surface,
                tr("wartable.trade_hint"),
                17,
                (self.box.centerx, y),
                style.INK_SOFT,
                anchor="midtop",
                max_width=self.box.width - 40,
            )


def objective_text(objective: dict[str, Any]) -> str:
    """The words of an objective card."""
    return tr(f"war.objectives.{objective.get('active') or objective.get('id')}")


class ObjectiveOverlay(Scene):
    """The viewer's secret objective, as a card."""

    overlay = True

    def __init__(self, app: AppHost, objective: dict[str, Any], name: str) -> None:
        super().__init__(app)
        self.objective = objective
        self.name = name
        self.box = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        self.box = ui.centered(self.app.size, 420, 520)
        self.close = ui.button(
            pygame.Rect(self.box.centerx - 90, self.box.bottom - 66, 180, 46),
            tr("ui.common.ok"),
            self.app.ui_manager,
            self.ui,
            "#primary_button",
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element == self.close) or (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_o)
        ):
            self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        b = self.box
        style.modal_panel(surface, b, veil=160)
        style.gold_frame(surface, b.inflate(-16, -16), 2, 10)
        style.blit_text(
            surface,
            tr("war.ui.objective"),
            30,
            (b.centerx, b.top + 30),
            style.INK,
            kind="serif",
            anchor="midtop",
        )
        style.blit_text(
            surface, self.name, 18, (b.centerx, b.top + 72), style.INK_SOFT, anchor="midtop"
        )
        y = b.top + 130
        for line in style.wrap_text(objective_text(self.objective), 22, b.width - 80, "serif"):
            style.blit_text(
                surface, line, 22, (b.centerx, y), style.INK, kind="serif", anchor="midtop"
            )
            y += 30
        if self.objective.get("fallback"):
            y += 12
            for line in style.wrap_text(tr("war.ui.objective_fallback"), 16, b.width - 80):
                style.blit_text(surface, line, 16, (b.centerx, y), style.RED, anchor="midtop")
                y += 22
        missing = self.objective.get("missing")
        if isinstance(missing, int) and not self.objective.get("target_color"):
            style.blit_text(
                surface,
                tr("war.ui.distance", count=missing),
                17,
                (b.centerx, b.bottom - 110),
                style.INK_SOFT,
                anchor="midtop",
            )


__all__ = ["ObjectiveOverlay", "TradeDialog", "bonus_territories", "objective_text"]
