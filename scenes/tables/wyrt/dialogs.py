"""Wyrt's modal screens: the steal after a successful cheat, the soul taken by
O Morto, and the end of a session with its standings and chip chart."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from game import Action
from game.cards import Card
from game.core import TableMatch
from game.wyrt.records import InvokeRelic, Steal
from scenes import style, ui
from scenes.i18n import tr
from scenes.keyboard import FocusTarget, gui_targets
from scenes.manager import Scene
from scenes.tables import felt
from scenes.tables.face import SeatSetup, TableFace
from scenes.tables.wyrt.morto import skull
from scenes.tables.wyrt.words import card_letters, without_suit_signs
from scenes.victory import VictoryOverlay
from scenes.widgets.cards import CardSprite

if TYPE_CHECKING:
    from scenes.manager import AppHost

SUIT_ROWS = ("S", "H", "D", "C")


class StealTable(Protocol):
    """What the steal reads of its table and asks of it."""

    @property
    def match(self) -> TableMatch: ...
    @property
    def viewer(self) -> int | None: ...
    def submit(self, action: Action, seat: int | None = None) -> bool: ...
    def controls_again(self) -> None: ...


class RelicTable(Protocol):
    """What the relic dialog reads of its table and asks of it."""

    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    def submit(self, action: Action, seat: int | None = None) -> bool: ...


class SessionTable(TableFace, Protocol):
    """A table as its session's end sees it: the standings' and the chart's."""

    @property
    def unit(self) -> str: ...
    @property
    def chip_history(self) -> Sequence[Sequence[int]]: ...
    def money(self, amount: int) -> str: ...
    def seat_look(self, seat: int) -> tuple[tuple[int, int, int], str]: ...


class StealDialog(Scene):
    """The deck face up: take the cards the dice allow, then discard back to five ([T9])."""

    overlay = True

    def __init__(self, app: AppHost, table: StealTable, view: dict[str, Any]) -> None:
        super().__init__(app)
        self.table = table
        self.count = int(view["steal"]["count"])
        self.deck = [Card.from_code(c) for c in view["steal"]["deck"]]
        self.hand = [Card.from_code(c) for c in view["hand_cards"]]
        self.take: list[Card] = []
        self.discard: list[int] = []  # indices into hand + take
        self.box = pygame.Rect(0, 0, 0, 0)
        self.deck_sprites: list[CardSprite] = []
        self.hand_sprites: list[CardSprite] = []

    def _layout(self) -> None:
        w, h = self.app.size
        self.box = ui.centered((w, h), min(1000, w - 40), min(700, h - 30))
        cw = max(26, min(56, (self.box.width - 60) // 13 - 6))
        # and short enough that the hand row stays above the buttons (at 1024x640
        # its first and last cards ran under "Best for me" and "Take the cards")
        while cw > 26 and self._height_for(cw) > self.box.height:
            cw -= 1
        self.cw = cw
        ch = round(cw * 1.4)
        x0 = self.box.left + (self.box.width - 13 * (cw + 6)) // 2
        y0 = self.box.top + 92
        self.deck_sprites = []
        for card in self.deck:
            col = card.rank - 2
            row = SUIT_ROWS.index(card.suit)
            sp = CardSprite(card, cw, (x0 + col * (cw + 6), y0 + row * (ch + 6)))
            sp.selectable = True
            self.deck_sprites.append(sp)
        self.hand_y = y0 + 4 * (ch + 6) + 40
        self._hand_sprites()

    @staticmethod
    def _height_for(cw: int) -> int:
        """The box height the deck grid, the hand row and the buttons need at `cw`."""
        hand_h = round(min(70, cw + 10) * 1.4)
        return 92 + 4 * (round(cw * 1.4) + 6) + 40 + hand_h + 8 + 62

    def _hand_sprites(self) -> None:
        cards = self.hand + self.take
        cw = min(70, self.cw + 10)
        n = len(cards)
        total = n * (cw + 8) - 8
        x0 = self.box.centerx - total // 2
        self.hand_sprites = []
        for i, c in enumerate(cards):
            sp = CardSprite(c, cw, (x0 + i * (cw + 8), self.hand_y))
            sp.selectable = True
            sp.disabled = i in self.discard
            sp.highlighted = i >= len(self.hand)
            self.hand_sprites.append(sp)

    def build(self) -> None:
        self._layout()
        m = self.app.ui_manager
        y = self.box.bottom - 62
        self.confirm = ui.button(
            pygame.Rect(self.box.right - 250, y, 220, 46),
            tr("wyrt.actions.steal"),
            m,
            self.ui,
            "#primary_button",
        )
        self.best = ui.button(
            pygame.Rect(self.box.left + 30, y, 220, 46), tr("wyrttable.steal_best"), m, self.ui
        )
        self._refresh()

    def _refresh(self) -> None:
        for sp in self.deck_sprites:
            sp.selected = sp.card in self.take
            sp.disabled = len(self.take) >= self.count and sp.card not in self.take
        self._hand_sprites()
        if len(self.take) == self.count and len(self.discard) == self.count:
            self.confirm.enable()
        else:
            self.confirm.disable()

    def click(self, pos: tuple[int, int]) -> None:
        """Take or put back a deck card; mark or unmark a card to discard."""
        for sp in self.deck_sprites:
            if sp.contains(pos) and sp.card is not None:
                self.pick_deck(sp.card)
                return
        for i, sp in enumerate(self.hand_sprites):
            if sp.contains(pos):
                self.pick_hand(i)
                return

    def pick_deck(self, card: Card) -> None:
        """Take a deck card, or put a taken one back (a click on it)."""
        if card in self.take:
            self._put_back(card)
        elif len(self.take) < self.count:
            self.take.append(card)
        else:
            self.app.notify(tr("wyrttable.steal_full", count=self.count), "warn")
        self._refresh()

    def _put_back(self, card: Card) -> None:
        i = len(self.hand) + self.take.index(card)
        self.take.remove(card)
        # indices after the removed card shift left
        self.discard = [d if d < i else d - 1 for d in self.discard if d != i]

    def pick_hand(self, i: int) -> None:
        """Mark the hand's `i`-th card to discard, or unmark it (a click on it)."""
        if i in self.discard:
            self.discard.remove(i)
        elif len(self.discard) < self.count:
            self.discard.append(i)
        else:
            self.app.notify(tr("wyrttable.discard_full", count=self.count), "warn")
        self._refresh()

    def back_out(self) -> bool:
        """Esc: the last mark undone (a discard, else a taken card); False when
        nothing is marked (the steal itself cannot be called off)."""
        if self.discard:
            self.discard.pop()
        elif self.take:
            self._put_back(self.take[-1])
        else:
            return False
        self._refresh()
        return True

    def focus_targets(self) -> list[FocusTarget]:
        """The deck's cards a click would take or put back (row by row), the
        hand's cards a click would mark or unmark (left to right), the buttons."""
        out = [
            FocusTarget(
                f"steal:deck:{sp.card}", pygame.Rect(sp.rect), partial(self.pick_deck, sp.card)
            )
            for sp in sorted(self.deck_sprites, key=lambda sp: (sp.rect.y, sp.rect.x))
            if sp.card is not None and (sp.card in self.take or len(self.take) < self.count)
        ]
        out += [
            FocusTarget(f"steal:hand:{sp.card}", pygame.Rect(sp.rect), partial(self.pick_hand, i))
            for i, sp in enumerate(self.hand_sprites)
            if i in self.discard or len(self.discard) < self.count
        ]
        return out + gui_targets(self.ui)

    def choose_best(self) -> None:
        """The engine's suggested steal (the strongest hand it finds)."""
        seat = self.table.viewer
        if seat is None:
            return
        steals = [a for a in self.table.match.legal_actions(seat) if isinstance(a, Steal)]
        if not steals:
            return
        best = steals[0]
        self.take = list(best.take)
        pool = self.hand + self.take
        self.discard = []
        for c in best.discard:
            i = next(i for i, x in enumerate(pool) if x == c and i not in self.discard)
            self.discard.append(i)
        self._refresh()

    def submit(self) -> None:
        """Send the steal; the engine checks it."""
        pool = self.hand + self.take
        action = Steal(tuple(self.take), tuple(pool[i] for i in self.discard))
        self.app.scenes.pop()
        if not self.table.submit(action):
            self.table.controls_again()  # reopen on the next frame

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.confirm:
                self.submit()
            elif event.ui_element == self.best:
                self.choose_best()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back_out()
        elif event.type == pygame.MOUSEMOTION:
            for sp in self.deck_sprites + self.hand_sprites:
                sp.hovered = sp.contains(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        style.modal_panel(surface, self.box, tr("wyrttable.steal_title"), veil=170)
        style.blit_text(
            surface,
            tr("wyrttable.steal_help", count=self.count),
            16,
            (self.box.centerx, self.box.top + 60),
            style.INK_SOFT,
            anchor="midtop",
            max_width=self.box.width - 40,
        )
        for sp in self.deck_sprites:
            sp.draw(surface)
        style.blit_text(
            surface,
            tr(
                "wyrttable.steal_hand",
                taken=len(self.take),
                discard=len(self.discard),
                count=self.count,
            ),
            16,
            (self.box.centerx, self.hand_y - 24),
            style.INK,
            kind="bold",
            anchor="midtop",
        )
        for sp in self.hand_sprites:
            sp.draw(surface)


class SoulTakenScreen(Scene):
    """O Morto takes a soul: a screen that says so, plainly."""

    overlay = True

    def __init__(self, app: AppHost, name: str, profile: bool) -> None:
        super().__init__(app)
        self.name = name
        self.profile = profile
        self.t = 0.0

    def build(self) -> None:
        w, h = self.app.size
        self.ok = ui.button(
            pygame.Rect(w // 2 - 120, h - 120, 240, 50),
            tr("wyrttable.soul_continue"),
            self.app.ui_manager,
            self.ui,
            "#primary_button",
        )

    def update(self, dt: float) -> None:
        self.t += dt

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element == self.ok:
            self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((6, 2, 4, min(235, int(80 + self.t * 300))))
        surface.blit(veil, (0, 0))
        skull(surface, (w // 2, h // 2 - 120), 46)
        style.blit_text(
            surface,
            tr("wyrttable.soul_title", name=self.name),
            40,
            (w // 2, h // 2 - 40),
            (220, 60, 50),
            kind="serif",
            anchor="midtop",
            shadow=style.BLACK,
            max_width=w - 80,
        )
        style.blit_text(
            surface,
            tr("wyrttable.soul_profile" if self.profile else "wyrttable.soul_text"),
            18,
            (w // 2, h // 2 + 20),
            (220, 200, 180),
            anchor="midtop",
            max_width=w - 80,
        )


class SessionEnd(VictoryOverlay):
    """The standings with each player's chips (or life points) over the hands."""

    table: SessionTable

    def __init__(self, app: AppHost, table: SessionTable) -> None:
        super().__init__(app, table)

    def build(self) -> None:
        super().build()
        w, h = self.app.size
        old = self.box
        self.box = ui.centered((w, h), min(980, w - 40), min(640, h - 40))
        dx = self.box.centerx - old.centerx
        dy = self.box.bottom - old.bottom
        for b in (self.menu, self.again, self.look, self.back_to_caller):
            if b is not None:
                r = b.rect
                b.set_relative_position(
                    (r.left + dx, r.top + dy if b is not self.look else self.box.top + 12)
                )
        if self.look is not None:
            self.look.set_relative_position((self.box.right - 136, self.box.top + 12))

    def toast_area(self) -> pygame.Rect:
        """Messages ("Table 1: result recorded.") stand over the standings, left of
        the chart, whose axis they covered."""
        return pygame.Rect(self.box.left, 0, self.box.width * 4 // 10, self.box.bottom - 78)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.table
        chart = pygame.Rect(
            self.box.left + self.box.width * 4 // 10,
            self.box.top + 80,
            self.box.width * 6 // 10 - 24,
            self.box.height - 170,
        )
        series = []
        history = t.chip_history
        for s, seat in enumerate(t.seats):
            colour, emblem = t.seat_look(s)
            series.append(felt.Series(seat.name, colour, emblem, tuple(h[s] for h in history)))
        felt.draw_line_chart(
            surface,
            chart,
            series,
            tr("wyrttable.chart_title_pv" if t.unit == "PV" else "wyrttable.chart_title"),
            tr("wyrttable.chart_hands"),
            t.money,
        )


class RelicDialog(Scene):
    """The powers of A Mão do Morto the player may call on now (house rule, [T11])."""

    overlay = True

    def __init__(self, app: AppHost, table: RelicTable, choices: list[InvokeRelic]) -> None:
        super().__init__(app)
        self.table = table
        self.choices = choices
        self.box = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[tuple[pygame_gui.elements.UIButton, InvokeRelic]] = []

    def describe(self, a: InvokeRelic) -> str:
        """One choice in words."""
        name = tr(f"wyrttable.relic_short.{a.relic}")
        if a.relic == "coroa" and 0 <= a.target < len(self.table.seats):
            return tr("wyrttable.relic_coroa", relic=name, name=self.table.seats[a.target].name)
        if a.relic == "moeda" and a.card is not None:
            return tr("wyrttable.relic_moeda", relic=name, card=card_letters(a.card))
        if a.relic in ("rosa", "mascara") and a.suit:
            return tr(
                f"wyrttable.relic_{a.relic}", relic=name, suit=tr(f"wyrttable.suit_name.{a.suit}")
            )
        return f"{name}: {without_suit_signs(tr(f'wyrt.relics.{a.relic}.power'))}"

    def build(self) -> None:
        w, h = self.app.size
        rows = len(self.choices) + 1
        self.box = ui.centered((w, h), min(640, w - 60), min(h - 40, 110 + rows * 50))
        y = self.box.top + 70
        m = self.app.ui_manager
        self.buttons = []
        for a in self.choices:
            b = ui.button(
                pygame.Rect(self.box.left + 30, y, self.box.width - 60, 42),
                self.describe(a),
                m,
                self.ui,
            )
            self.buttons.append((b, a))
            y += 50
        self.cancel = ui.button(
            pygame.Rect(self.box.centerx - 100, y, 200, 42), tr("ui.common.back"), m, self.ui
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.cancel:
                self.app.scenes.pop()
                return
            for b, a in self.buttons:
                if event.ui_element == b:
                    self.app.scenes.pop()
                    self.table.submit(a)
                    return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        style.modal_panel(surface, self.box, tr("wyrttable.relic_title"), veil=150)
