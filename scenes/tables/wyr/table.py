"""The Wyr table: the lords around the felt, secret bets, discard & trade with the
Mão de Wyr, and the Hora da Verdade with its dice and score board.

The felt pieces (seat ring, plates, fans, chips, tray, banner, hand history)
are shared with Wyrt (`scenes.tables.felt`). The scene holds no rules: controls
come from `legal_actions`, and engine events drive every animation; whenever
nothing is moving the display snaps back to the view ([G4]).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import Action, Event, Match
from game.cards import Card, parse_card
from game.wyr import best_combination
from game.wyr import records as R
from scenes import style, ui
from scenes.i18n import tr
from scenes.tables import felt
from scenes.tables.base import SeatSetup, TableScene
from scenes.tables.wyr import aids, paint
from scenes.tables.wyr.choices import TradeChoice
from scenes.tables.wyr.model import (
    BetReveal,
    ScoreBoard,
    active_variants,
    explain_bets,
    group_totals,
    round_info,
    seat_tag,
    trade_round_text_params,
)
from scenes.tables.wyr.words import cards_text, combo, describe, event_line, money

if TYPE_CHECKING:
    from scenes.app import App

TOP = 56
LOOK = felt.TAVERN


def _noop() -> None:
    """A timed pause in the event queue (nothing to do when it ends)."""


class WyrTable(TableScene):
    """Plays a `WyrMatch`."""

    BOT_PACE = 0.35

    def __init__(
        self, app: App, match: Match, seats: list[SeatSetup], practice: bool = False, **hooks: Any
    ) -> None:
        super().__init__(app, match, seats, practice=practice, **hooks)
        n = match.n_seats
        self.ring = felt.SeatRing(n, bottom=self.viewer or 0)
        self.fans: dict[int, felt.CardFan] = {
            s: felt.CardFan(self.tweens, 30, LOOK.back) for s in range(n)
        }
        self.hand = felt.CardFan(self.tweens, 60, LOOK.back)
        self.board_fan = felt.CardFan(self.tweens, 30, LOOK.back)
        self.tray = felt.DiceTray()
        self.banner = felt.Banner()
        self.flights = felt.Flights(self.tweens)
        self.pots = felt.PotRow()
        self.log = felt.HandHistory(pygame.Rect(0, 0, 10, 10), tr("wyrtable.history"))
        view = match.public_view()
        self.shown_money: list[int] = list(view["money"])
        self.shown_pot = int(view["pot"])
        #: what the screen shows: the view as of the last snap, moved on by each event played
        self.shown: dict[str, Any] = copy.deepcopy(view)
        #: bet pucks in front of seats: None = a secret pick, else the revealed value
        self.bet_marks: dict[int, int | None] = {}
        self.reveal: BetReveal | None = None
        self.board: ScoreBoard | None = None
        self.notes: dict[int, tuple[str, str]] = {}
        self.choice: TradeChoice | None = None
        self.choice_key: tuple[Any, ...] = ()
        self.peek = False
        self.controls: dict[str, Any] = {}
        self.panel = pygame.Rect(0, 0, 1, 1)
        self.aids_rect = pygame.Rect(0, 0, 0, 0)
        self.felt_area = pygame.Rect(0, 0, 1, 1)
        self.pulse = 0.0
        self._view_cache: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        self._aid_cache: tuple[tuple[Any, ...], list[str]] | None = None
        self._my_trade: R.Trade | None = None
        self._turn_seat: int | None = None
        self._mao_card: Card | None = None

    # -- looks -----------------------------------------------------------------
    def seat_look(self, seat: int) -> tuple[tuple[int, int, int], str]:
        """Group play: partners share their group's colour and emblem ([Y1])."""
        view = self.view()
        groups = view.get("group_of")
        if groups:
            g = int(groups[seat])
            return style.SEAT_COLOURS[g % len(style.SEAT_COLOURS)][1], style.EMBLEMS[
                g % len(style.EMBLEMS)
            ]
        return super().seat_look(seat)

    def name(self, seat: int) -> str:
        """A seat's name."""
        return self.seats[seat].name

    def view(self) -> dict[str, Any]:
        """The viewer's view, computed once per change of the match."""
        key = (len(self.match.log), self.viewer, id(self.match))
        if self._view_cache is None or self._view_cache[0] != key:
            self._view_cache = (key, self.current_view())
        return self._view_cache[1]

    def my_turn(self) -> bool:
        """True when the person at the screen must act now (and nothing is moving)."""
        return (
            self.viewer is not None
            and self.is_human(self.viewer)
            and self.viewer in self.match.to_move
            and not self.events
            and not self.animating()
            and not self.tweens.busy
        )

    # -- layout ----------------------------------------------------------------
    def layout(self) -> None:
        w, h = self.app.size
        rw = 300 if w >= 1200 else 244
        bh = 188 if h >= 760 else 150
        right = pygame.Rect(w - rw - 10, TOP, rw, h - TOP - 10)
        self.panel = pygame.Rect(10, h - bh - 10, w - rw - 30, bh)
        self.felt_area = pygame.Rect(10, TOP, w - rw - 30, self.panel.top - TOP - 8)
        if self.practice:
            aids_h = min(250, right.height // 2 - 10)
            self.aids_rect = pygame.Rect(right.left, right.bottom - aids_h, rw, aids_h)
            self.log.set_rect(pygame.Rect(right.left, right.top, rw, right.height - aids_h - 8))
        else:
            self.aids_rect = pygame.Rect(0, 0, 0, 0)
            self.log.set_rect(right)
        self.ring.set_area(self.felt_area)
        self.tray.set_rect(self._tray_rect())
        self.pots.set_spot(self.ring.pot_spot, self.ring.chip_diameter())
        self._place_fans()
        self._build_controls()
        self.sync()

    def _hand_width(self) -> int:
        """The big card width of the viewer's hand (fits the bottom panel)."""
        return max(44, min(self.ring.card_width(large=True), int((self.panel.height - 44) / 1.4)))

    def _hand_area(self) -> pygame.Rect:
        cw = self._hand_width()
        width = int(cw * (1 + 5 * 0.62)) + 24
        return pygame.Rect(self.panel.left + 8, self.panel.top + 6, width, self.panel.height - 12)

    def _fan_spot(self, seat: int) -> tuple[int, int]:
        """Where a lord's cards lie: beside his plate, on the side facing the centre."""
        plate = self.ring.plate_rect(seat)
        o = self.ring.oval
        cw = self.ring.card_width()
        w, h = int(cw * (1 + 4 * 0.45)), int(cw * 1.4)
        dx = (plate.centerx - o.centerx) / max(1, o.width)
        dy = (plate.centery - o.centery) / max(1, o.height)
        if abs(dy) >= abs(dx):
            y = plate.bottom + 6 + h // 2 if dy < 0 else plate.top - 6 - h // 2
            return plate.centerx, y
        x = plate.right + 6 + w // 2 if dx < 0 else plate.left - 6 - w // 2
        return x, plate.centery

    def _place_fans(self) -> None:
        cw = self.ring.card_width()
        for s, fan in self.fans.items():
            fan.place(self._fan_spot(s), cw, 0.55)
        area = self._hand_area()
        self.hand.place((area.centerx, area.centery + 8), self._hand_width(), 0.38)
        self._place_board_fan()

    def _tray_rect(self) -> pygame.Rect:
        """The ring's dice tray, cut short of a lord's cards on its right."""
        tray = pygame.Rect(self.ring.tray_rect)
        cw = self.ring.card_width()
        for s in range(self.match.n_seats):
            if s == self.viewer:
                continue
            x, y = self._fan_spot(s)
            left = x - int(cw * 1.4) - 6
            if left > tray.left and abs(y - tray.centery) < tray.height // 2 + int(cw * 0.7):
                tray.width = max(int(cw * 2.5), min(tray.width, left - tray.left))
        return tray

    def table_row(self) -> pygame.Rect:
        """The table cards' row: from the pile to the dice tray's far edge (the tray
        only stands on the cloth in the Hora da Verdade)."""
        b = self.ring.board_rect
        cw = self.ring.card_width()
        left = self.ring.deck_spot[0] + int(cw * 1.35)
        right = self.ring.tray_rect.right
        for s in range(self.match.n_seats):  # stop short of a lord's cards on the right
            if s == self.viewer:
                continue
            x, y = self._fan_spot(s)
            half_w, half_h = int(cw * 1.4), int(cw * 0.7)
            if x > b.centerx and abs(y - b.centery) < b.height // 2 + half_h:
                right = min(right, x - half_w - 6)
        return pygame.Rect(left, b.top, max(cw, right - left), b.height)

    def _place_board_fan(self) -> None:
        b = self.table_row()
        cw = self.ring.card_width()
        n = max(1, len(self.board_fan.sprites))
        # Overlap just enough for the table cards to fit the row.
        overlap = 0.0 if n == 1 else max(0.0, min(0.8, 1 - (b.width - cw) / (cw * (n - 1))))
        self.board_fan.place(b.center, cw, max(0.08, overlap))

    def _build_controls(self) -> None:
        m, c = self.app.ui_manager, self.ui
        ctl: dict[str, Any] = {}
        hand = self._hand_area()
        x0 = hand.right + 12
        avail = self.panel.right - 12 - x0
        y = self.panel.bottom - 52

        def row(names: list[str], texts: list[str], primary: str | None = None) -> None:
            gap = 8
            bw = (avail - gap * (len(names) - 1)) // len(names)
            for i, (n, t) in enumerate(zip(names, texts, strict=True)):
                ctl[n] = ui.button(
                    pygame.Rect(x0 + i * (bw + gap), y, bw, 44),
                    t,
                    m,
                    c,
                    "#primary_button" if n == primary else None,
                )

        row(["bet10", "bet20", "bet50"], [money(10), money(20), money(50)])
        row(["mull_yes", "mull_no"], [tr("wyr.ui.mulligan"), tr("wyr.ui.keep_hand")], "mull_no")
        row(["pass", "pile", "table"], [tr("wyr.ui.pass"), "", ""])
        row(["mao1", "mao2", "mao3"], ["", "", ""])
        row(["reroll", "keep"], ["", ""])
        if self.practice:
            left_of = min((b.rect.left for b in self.buttons.values()), default=self.app.size[0])
            ctl["peek"] = ui.button(
                pygame.Rect(left_of - 8 - 170, 12, 170, 36),
                tr("wyrtable.peek_off"),
                m,
                c,
                tooltip=tr("wyrtable.peek_tip"),
            )
        self.controls = ctl

    # -- controls --------------------------------------------------------------
    def refresh_controls(self) -> None:
        """Show the controls of the current decision (only to the lord who acts)."""
        if not self.controls:
            return
        visible: set[str] = {"peek"} if self.practice else set()
        view = self.view()
        phase = view.get("phase")
        if self.my_turn():
            if phase == "bet":
                visible |= {"bet10", "bet20", "bet50"}
            elif phase == "mulligan":
                visible |= {"mull_yes", "mull_no"}
            elif phase == "trade":
                self._ensure_choice()
                if self.choice is not None and self.choice.mao:
                    visible |= {"mao1", "mao2", "mao3"}
                else:
                    visible |= {"pass", "pile", "table"}
                self._trade_texts()
            elif phase == "thyatis":
                visible |= {"reroll", "keep"}
                show = view.get("show") or {}
                dice = (show.get("dice") or [])[self.viewer] if self.viewer is not None else None
                if dice:
                    self.controls["reroll"].set_text(tr("wyrtable.thyatis.reroll", die=min(dice)))
                    self.controls["keep"].set_text(tr("wyrtable.thyatis.keep", total=sum(dice)))
        for name, widget in self.controls.items():
            if name in visible:
                widget.show()
            else:
                widget.hide()
        if "peek" in self.controls:
            self.controls["peek"].set_text(
                tr("wyrtable.peek_on" if self.peek else "wyrtable.peek_off")
            )

    def _ensure_choice(self) -> None:
        """A fresh selection at the start of each of the viewer's trade turns."""
        view = self.view()
        seat = self.viewer
        if seat is None:
            return
        key = (len(self.match.log), seat, id(self.match))
        if self.choice is not None and self.choice_key == key:
            return
        trade = view.get("trade") or {}
        self.choice = TradeChoice(
            [parse_card(c) for c in view["hand"]],
            self.match.legal_actions(seat),
            bool(trade.get("mao_de_wyr")),
            len(view["table"]),
        )
        self.choice_key = key
        self._apply_selection_looks()

    def _trade_texts(self) -> None:
        ch = self.choice
        if ch is None:
            return
        k = len(ch.selected)
        refill = max(0, ch.refill)
        sources = ch.sources()
        c = self.controls
        # With nothing selected every choice stays clickable, and says what it needs.
        if ch.mao:
            c["mao1"].set_text(tr("wyrtable.mao.option1"))
            c["mao2"].set_text(tr("wyrtable.mao.option2", count=refill))
            c["mao3"].set_text(tr("wyrtable.mao.option3", count=refill))
            for name, src in (("mao1", "none"), ("mao2", "table"), ("mao3", "pile")):
                self._enable(name, not k or src in sources)
            return
        c["pile"].set_text(
            tr("wyrtable.trade.pile_button", count=refill) if k else tr("wyrtable.trade.pile_idle")
        )
        need = ch.need("table")
        c["table"].set_text(
            tr("wyrtable.trade.table_button", count=need) if k else tr("wyrtable.trade.table_idle")
        )
        self._enable("pass", ch.can_pass)
        self._enable("pile", not k or "pile" in sources)
        self._enable("table", not k or "table" in sources)

    def _enable(self, name: str, on: bool) -> None:
        widget = self.controls[name]
        if on:
            widget.enable()
        else:
            widget.disable()

    def _apply_selection_looks(self) -> None:
        """Lift the chosen discards; light the table cards the selection may take."""
        ch = self.choice
        mine = self.my_turn() and ch is not None and self.view().get("phase") == "trade"
        mao = bool((self.shown.get("trade") or {}).get("mao_de_wyr"))
        marked = False
        for i, s in enumerate(self.hand.sprites):
            s.selectable = mine
            s.selected = bool(mine and ch is not None and i in ch.selected)
            # The card the Mão de Wyr drew keeps a gold edge until the choice is made.
            s.highlighted = mao and not marked and s.card is not None and s.card == self._mao_card
            marked = marked or s.highlighted
        takeable = ch.takeable() if mine and ch is not None and ch.selected else set()
        for i, s in enumerate(self.board_fan.sprites):
            s.selectable = i in takeable
            s.highlighted = i in takeable
            s.selected = bool(mine and ch is not None and i in ch.takes)

    # -- acting ----------------------------------------------------------------
    def submit(self, action: Action, seat: int | None = None) -> bool:
        if isinstance(action, R.Trade):
            self._my_trade = action
        ok = super().submit(action, seat)
        self._view_cache = None
        if ok:
            self.choice = None
            self.app.sound.play("click")
        self.refresh_controls()
        return ok

    def trade(self, source: str) -> None:
        """Carry out the selection with a refill from `source` (or pass)."""
        self._ensure_choice()
        if self.choice is None or not self.my_turn():
            return
        result = self.choice.build(source)
        if isinstance(result, str):
            params = {"count": self.choice.need("table")}
            self.app.notify(tr(result, **params), "warn")
            return
        self.submit(result)

    def on_human_turn(self, seat: int) -> None:
        if self.view().get("phase") == "trade":
            self._ensure_choice()
        self._apply_selection_looks()
        self.refresh_controls()

    # -- events ----------------------------------------------------------------
    def _d(self, seconds: float) -> float:
        return self.tweens.scaled(seconds)

    def _hold(self, seconds: float) -> None:
        """Keep the next event waiting (a beat to read the table)."""
        self.tweens.after(seconds, _noop)

    def _fan_of(self, seat: int) -> felt.CardFan:
        return self.hand if seat == self.viewer else self.fans[seat]

    def _deck_centre(self) -> tuple[int, int]:
        x, y = self.ring.deck_spot
        cw = self.ring.card_width()
        return x, y + cw // 3

    def play_event(self, event: Event) -> None:
        self._view_cache = None
        if isinstance(event, R.DealerChanged):
            self.log.start_hand(
                tr("wyrtable.hand_title", round=event.round, name=self.name(event.seat))
            )
        self.log_event(event)
        handler = getattr(self, f"_on_{type(event).__name__}", None)
        if handler is not None:
            handler(event)

    def log_event(self, event: Event, **extra: Any) -> None:
        text = event_line(event, self.name, self.viewer, private_ok=not self.needs_curtain)
        if text:
            colour = style.RED if isinstance(event, (R.RoundWon, R.LordLeft)) else style.INK
            self.log.add(text, colour)

    def _on_DealerChanged(self, ev: R.DealerChanged) -> None:
        for fan in self.fans.values():
            fan.clear()
        self.hand.clear()
        self.board_fan.clear()
        self.tray.clear()
        self.bet_marks = {}
        self.notes = {}
        self._turn_seat = None
        sh = self.shown
        sh.update(round=ev.round, dealer=ev.seat, phase="bet", table_bet=None, trade=None)
        sh["dealt"][ev.seat] = True
        self.banner.show(
            tr("wyrtable.banner.round", round=ev.round),
            tr("wyrtable.banner.dealer", name=self.name(ev.seat)),
            self._d(1.4),
            "info",
        )
        self._hold(0.6)

    def _on_HandsDealt(self, ev: R.HandsDealt) -> None:
        origin = self._deck_centre()
        step = 0.035
        k = 0
        for _ in range(ev.count):
            for s in ev.seats:
                self._fan_of(s).deal(None, origin, False, 0.22, step * k)
                k += 1
        self.shown["pile_size"] = int(self.shown["deck_size"]) - ev.count * len(ev.seats)
        self._resettle(0.22 + step * k)
        self.app.sound.play("shuffle")

    def _on_BetPlaced(self, ev: R.BetPlaced) -> None:
        self.bet_marks[ev.seat] = None
        self.app.sound.play("chips")

    def _on_BetsRevealed(self, ev: R.BetsRevealed) -> None:
        picks = dict(zip(ev.seats, ev.bets, strict=True))
        self.bet_marks = dict(picks)
        self.shown["table_bet"] = ev.table_bet
        self.reveal = explain_bets(picks, ev.table_bet, self.shown.get("groups"))
        self.board = None
        self.banner.show(
            tr("wyrtable.bet.table_bet", amount=money(ev.table_bet)),
            self.reveal_text(self.reveal),
            self._d(2.6),
        )
        self._hold(1.3)

    def reveal_text(self, r: BetReveal) -> str:
        """Why the table bet is what it is ([Y2]), in a sentence."""
        if r.reason in ("groups_agree", "groups_lowest"):
            props = ", ".join(
                tr("wyrtable.bet.proposal", group=g, amount=money(p)) for g, _, p in r.proposals
            )
            return tr(f"wyrtable.bet.{r.reason}", proposals=props, amount=money(r.table_bet))
        return tr(f"wyrtable.bet.{r.reason}", count=r.count, amount=money(r.table_bet))

    def _on_PotPaid(self, ev: R.PotPaid) -> None:
        self.shown_money[ev.seat] -= ev.amount
        if ev.all_in:
            self.notes[ev.seat] = (tr("wyrtable.note.all_in"), "all_in")
            if self.reveal is not None:
                self.reveal = BetReveal(
                    self.reveal.picks,
                    self.reveal.table_bet,
                    self.reveal.reason,
                    self.reveal.count,
                    self.reveal.proposals,
                    (*self.reveal.all_in, ev.seat),
                )

        def land(amount: int = ev.amount) -> None:
            self.shown_pot += amount

        self.bet_marks.pop(ev.seat, None)
        self.flights.launch(
            ev.amount, self.ring.bet_spot(ev.seat), self.pots.pot_spot(0), 0.3, 0.0, land
        )
        self.app.sound.play("chips")

    def _on_HandRevealed(self, ev: R.HandRevealed) -> None:
        if ev.seat == self.viewer:
            self.hand.reveal(list(ev.cards))
            self.app.sound.play("card")

    def _on_MulliganDecided(self, ev: R.MulliganDecided) -> None:
        self.notes[ev.seat] = (
            tr("wyrtable.note.mulligan" if ev.mulligan else "wyrtable.note.kept"),
            "info",
        )

    def _on_TradeTurn(self, ev: R.TradeTurn) -> None:
        self._turn_seat = ev.seat
        before = self.shown.get("trade") or {}
        active = sum(1 for o in self.shown["out"] if not o)
        self.shown["phase"] = "trade"
        self.shown["trade"] = {
            "seat": ev.seat,
            "trade_round": ev.trade_round,
            "mao_de_wyr": ev.mao_de_wyr,
            "turn_index": 0 if ev.mao_de_wyr else int(before.get("turn_index", -1)) + 1,
            "turns_total": 2 * active,
        }
        self.notes.pop(ev.seat, None)
        if ev.mao_de_wyr:
            self.banner.show(
                tr("wyr.ui.mao_de_wyr"),
                tr("wyrtable.mao.banner", name=self.name(ev.seat)),
                self._d(1.6),
            )
            self._hold(0.5)

    def _on_CardsToTable(self, ev: R.CardsToTable) -> None:
        if ev.seat < 0:
            self.shown["pile_size"] = int(self.shown["pile_size"]) - ev.count
            start = self._deck_centre()
            for i in range(ev.count):
                card = ev.cards[i] if ev.face_up else None
                self.board_fan.deal(card, start, ev.face_up, 0.3, 0.12 * i)
            self._place_board_fan()
            return
        fan = self._fan_of(ev.seat)
        known = list(ev.cards)
        if not known and ev.seat == self.viewer and self._my_trade is not None:
            known = list(self._my_trade.discard)
        for i in range(ev.count):
            sprite = self._take_sprite(fan, known[i] if i < len(known) else None)
            start = (sprite.x, sprite.y) if sprite is not None else self._fan_spot(ev.seat)
            card = ev.cards[i] if ev.face_up and i < len(ev.cards) else None
            self.board_fan.deal(card, start, ev.face_up, 0.3, 0.08 * i)
        fan.place(fan.centre)
        self._place_board_fan()
        self.app.sound.play("card")

    @staticmethod
    def _take_sprite(fan: felt.CardFan, card: Card | None) -> Any:
        """Remove the sprite of `card` (or the last one) from a fan and return it."""
        if not fan.sprites:
            return None
        idx = len(fan.sprites) - 1
        if card is not None:
            idx = next((i for i, s in enumerate(fan.sprites) if s.card == card), idx)
        sprite = fan.sprites.pop(idx)
        fan.raised = set()
        return sprite

    def _on_CardsDrawn(self, ev: R.CardsDrawn) -> None:
        fan = self._fan_of(ev.seat)
        for i in range(ev.count):
            fan.deal(None, self._deck_centre(), False, 0.26, 0.08 * i)
        self.shown["pile_size"] = int(self.shown["pile_size"]) - ev.count
        self._resettle(0.26 + 0.08 * ev.count)
        self.app.sound.play("card")

    def _on_TableCardsTaken(self, ev: R.TableCardsTaken) -> None:
        fan = self._fan_of(ev.seat)
        for p in sorted(ev.positions, reverse=True):
            if 0 <= p < len(self.board_fan.sprites):
                sprite = self.board_fan.sprites.pop(p)
                mine = ev.seat == self.viewer
                card = sprite.card if (mine and not ev.blind) else None
                fan.deal(card, (sprite.x, sprite.y), card is not None, 0.3)
        self._place_board_fan()
        self._resettle(0.32)
        self.app.sound.play("card")

    def _on_CardsReceived(self, ev: R.CardsReceived) -> None:
        if ev.seat != self.viewer:
            return
        trade = self.shown.get("trade") or {}
        if trade.get("mao_de_wyr") and trade.get("seat") == ev.seat and len(ev.cards) == 1:
            self._mao_card = ev.cards[0]  # the Mão de Wyr's extra card, marked in the hand ([Y4])
        hidden = [s for s in self.hand.sprites if s.card is None or not s.face_up]
        for sprite, card in zip(hidden[-len(ev.cards) :], ev.cards, strict=False):
            sprite.card = card
            sprite.flip(self._d(0.25))

    def _on_Passed(self, ev: R.Passed) -> None:
        self.notes[ev.seat] = (tr("wyrtable.note.passed"), "info")

    def _on_HandsShown(self, ev: R.HandsShown) -> None:
        self.board = ScoreBoard.from_shown(int(self.shown.get("round", 1)), ev)
        self.shown["phase"] = "show"
        self.shown["trade"] = None
        self.board_fan.clear()
        self.tray.clear()
        self._turn_seat = None
        for s, hand, name in zip(ev.seats, ev.hands, ev.combinations, strict=True):
            fan = self._fan_of(s)
            fan.reveal(list(hand))
            self.notes[s] = (combo(name), "winner" if name == "reis_de_arton" else "info")
        self.banner.show(tr("wyr.ui.hora_da_verdade"), tr("wyrtable.phrase.hora"), self._d(2.0))
        self.app.sound.play("card")
        self._hold(1.4)

    def _on_DiceRolled(self, ev: R.DiceRolled) -> None:
        if self.board is not None:
            self.board.play(ev)
        caption = self.name(ev.seat)
        if ev.kind == "main" and self.board is not None:
            row = self.board.row(ev.seat)
            if row is not None:
                self.banner.show(
                    f"{self.name(ev.seat)} — {combo(row.combination)}",
                    tr(f"wyrtable.phrase.{row.combination}"),
                    self._d(1.3),
                    "info",
                )
        elif ev.kind == "reis_second":
            caption = tr("wyrtable.tray.second", name=caption)
        elif ev.kind == "rolloff":
            caption = tr("wyrtable.tray.rolloff", name=caption)
        row_t = self.tray.throw(
            ev.dice, caption, duration=self._d(0.7), seed=len(self.tray.rows) + ev.seat * 7
        )
        row_t.note = f"= {ev.total}"
        self.app.sound.play("dice")

    def _on_ReisBestKept(self, ev: R.ReisBestKept) -> None:
        if self.board is not None:
            self.board.play(ev)
        rows = self.tray.rows[-2:]
        if len(rows) == 2:
            first, second = rows
            kept_second = [d.value for d in second.dice.dice] == list(ev.dice) and (
                sum(d.value for d in first.dice.dice) < ev.total
            )
            loser = first if kept_second else second
            self.tray.strike(loser, tr("wyrtable.tray.dropped"))
        self._hold(0.4)

    def _on_DieRerolled(self, ev: R.DieRerolled) -> None:
        if self.board is not None:
            self.board.play(ev)
        if self.tray.rows:
            self.tray.strike(self.tray.rows[-1], tr("wyrtable.tray.rerolled", old=ev.old))
        row = self.tray.throw(
            ev.dice,
            tr("wyrtable.tray.thyatis", name=self.name(ev.seat)),
            duration=self._d(0.6),
            seed=ev.seat * 11 + ev.new,
        )
        row.note = f"= {ev.total}"
        self.app.sound.play("dice")

    def _on_ScoreSet(self, ev: R.ScoreSet) -> None:
        if self.board is not None:
            self.board.play(ev)
        if self.tray.rows:
            self.tray.rows[-1].note = tr("wyrtable.tray.score", score=ev.score)
        self._hold(0.25)

    def _on_RollOffStarted(self, ev: R.RollOffStarted) -> None:
        self.banner.show(
            tr("wyrtable.banner.tie"),
            tr(
                f"wyrtable.banner.rolloff_{ev.purpose}",
                names=", ".join(self.name(s) for s in ev.seats),
            ),
            self._d(1.6),
            "dark",
        )
        self._hold(0.8)

    def _on_RoundWon(self, ev: R.RoundWon) -> None:
        if self.board is not None:
            self.board.play(ev)
        names = ", ".join(self.name(s) for s in ev.winners)
        key = "wyrtable.banner.split" if len(ev.winners) > 1 else "wyrtable.banner.won"
        self.banner.show(
            tr(key, names=names, pot=money(ev.pot)),
            tr(f"wyr.reasons.{ev.reason}"),
            self._d(2.4),
        )
        for s in ev.winners:
            self.notes[s] = (tr("wyrtable.note.winner"), "winner")
        self.app.sound.play("victory" if any(self.is_human(s) for s in ev.winners) else "chips")
        self._hold(1.2)

    def _on_PotMoved(self, ev: R.PotMoved) -> None:
        if self.board is not None:
            self.board.play(ev)
        self.shown_pot -= ev.amount

        def land(seat: int = ev.seat, amount: int = ev.amount) -> None:
            self.shown_money[seat] += amount

        self.flights.launch(
            ev.amount, self.pots.pot_spot(0), self.ring.bet_spot(ev.seat), 0.45, 0.0, land
        )
        self.app.sound.play("chips")

    def _on_LordLeft(self, ev: R.LordLeft) -> None:
        self.notes[ev.seat] = (tr("wyrtable.note.out"), "out")
        self.shown["out"][ev.seat] = True
        self.banner.show(
            tr("wyrtable.banner.left", name=self.name(ev.seat)), "", self._d(1.6), "dark"
        )
        self._hold(0.8)

    def _on_RoundEnded(self, ev: R.RoundEnded) -> None:
        self.shown_money = list(ev.money)
        self.shown_pot = 0
        self._hold(1.6)

    def _on_MatchOver(self, ev: Event) -> None:
        self.shown["phase"] = "over"

    def _resettle(self, after: float) -> None:
        """Re-slot every fan once the cards in flight have landed.

        A card dealt while an earlier one is still flying would otherwise land
        on the slot it aimed at before the fan grew.
        """

        def place() -> None:
            for fan in (*self.fans.values(), self.hand):
                fan.place(fan.centre)

        self.tweens.after(after + 0.02, place)

    # -- the frame ---------------------------------------------------------------
    def animating(self) -> bool:
        return (
            self.hand.busy
            or self.board_fan.busy
            or any(f.busy for f in self.fans.values())
            or not self.tray.settled
            or self.flights.busy
        )

    def update(self, dt: float) -> None:
        # Busy before anything moves this frame, so the moment it all settles is seen.
        was_busy = bool(self.events) or self.animating() or self.tweens.busy
        self.pulse = (self.pulse + dt * 0.8) % 1.0
        self.hand.update(dt)
        self.board_fan.update(dt)
        for fan in self.fans.values():
            fan.update(dt)
        self.tray.update(dt)
        self.banner.update(dt)
        super().update(dt)
        if was_busy and not self.events and not self.animating() and not self.tweens.busy:
            self.sync()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self._on_button(event.ui_element):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.skip()
            return
        if event.type == pygame.MOUSEMOTION:
            for s in self.hand.sprites + self.board_fan.sprites:
                s.hovered = s.contains(event.pos)
        elif (
            event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._click(event.pos)
        ) or (event.type == pygame.KEYDOWN and self._on_key(event)):
            return
        super().handle_event(event)

    def skip(self) -> None:
        """Space: land every card, die and chip at once."""
        self.tweens.finish_all()
        self.hand.finish()
        self.board_fan.finish()
        for fan in self.fans.values():
            fan.finish()
        self.tray.finish()
        self.banner.hide()

    def _on_key(self, event: pygame.event.Event) -> bool:
        phase = self.view().get("phase")
        if not self.my_turn():
            return False
        digit = {
            pygame.K_1: 1,
            pygame.K_2: 2,
            pygame.K_3: 3,
            pygame.K_4: 4,
            pygame.K_5: 5,
            pygame.K_6: 6,
        }.get(event.key)
        if phase == "trade" and digit is not None:
            self.toggle_card(digit - 1)
            return True
        if phase == "bet" and digit in (1, 2, 3):
            self.submit(R.PickBet((10, 20, 50)[digit - 1]))
            return True
        if phase == "trade" and event.key == pygame.K_p:
            self.trade("pass")
            return True
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        if not self.my_turn() or self.view().get("phase") != "trade":
            if self.hand.card_at(pos) is not None and self.viewer is not None:
                self._explain_idle_click()
                return True
            return False
        i = self.hand.card_at(pos)
        if i is not None:
            self.toggle_card(i)
            return True
        j = self.board_fan.card_at(pos)
        if j is not None:
            self.toggle_take(j)
            return True
        return False

    def _explain_idle_click(self) -> None:
        phase = self.view().get("phase")
        key = {
            "bet": "wyrtable.idle.bet",
            "trade": "wyrtable.idle.not_your_turn",
        }.get(str(phase), "wyrtable.idle.not_now")
        self.app.notify(tr(key), "warn")

    def toggle_card(self, index: int) -> None:
        """Mark or unmark a hand card as a discard."""
        self._ensure_choice()
        if self.choice is None or not 0 <= index < len(self.choice.hand):
            return
        why = self.choice.toggle_card(index)
        if why:
            self.app.notify(tr(why), "warn")
        self._apply_selection_looks()
        self.refresh_controls()

    def toggle_take(self, position: int) -> None:
        """Mark or unmark a table card to take."""
        self._ensure_choice()
        if self.choice is None:
            return
        why = self.choice.toggle_take(position)
        if why:
            self.app.notify(tr(why), "warn")
        self._apply_selection_looks()
        self.refresh_controls()

    def _on_button(self, element: Any) -> bool:
        name = next((n for n, w in self.controls.items() if w is element), None)
        if name is None:
            return False
        if name.startswith("bet"):
            self.submit(R.PickBet(int(name[3:])))
        elif name in ("mull_yes", "mull_no"):
            self.submit(R.MulliganChoice(name == "mull_yes"))
        elif name in ("pass", "pile", "table"):
            self.trade(name)
        elif name in ("mao1", "mao2", "mao3"):
            self.trade({"mao1": "none", "mao2": "table", "mao3": "pile"}[name])
        elif name in ("reroll", "keep"):
            self.submit(R.ThyatisChoice(name == "reroll"))
        elif name == "peek":
            self.peek = not self.peek
            self.sync()
        return True

    # -- practice ------------------------------------------------------------------
    def describe_action(self, action: Action) -> str:
        return describe(action)

    def show_hint(self, action: Action) -> None:
        seat = self.viewer
        if seat is None:
            return
        key, params = aids.hint_reason(self.view(), action)
        if "kept" in params:
            params["kept"] = combo(params["kept"])
        if "combination" in params:
            params["combination"] = combo(params["combination"])
        reason = tr(key, **params)
        self.app.notify(tr("wyrtable.hint", action=describe(action), reason=reason))
        if isinstance(action, R.Trade) and self.view().get("phase") == "trade":
            self._ensure_choice()
            if self.choice is not None:
                self.choice.clear()
                for idx in aids._indices(self.choice.hand, action.discard):
                    self.choice.toggle_card(idx)
                for p in action.take:
                    self.choice.toggle_take(p)
                self._apply_selection_looks()
        self.refresh_controls()

    # -- snapping to the view --------------------------------------------------------
    def sync(self) -> None:
        """Redraw everything from the match (after animations, undo, load, curtain)."""
        self._view_cache = None
        view = self.view()
        self.shown = copy.deepcopy(view)
        self.ring.set_bottom(self.viewer if self.viewer is not None else 0)
        self.tray.set_rect(self._tray_rect())
        self.pots.set_spot(self.ring.pot_spot, self.ring.chip_diameter())
        self.shown_money = list(view["money"])
        self.shown_pot = int(view["pot"])
        self.pots.set_pots([(self.shown_pot, tr("wyr.ui.pot"))] if self.shown_pot else [])
        show = view.get("show")
        for s, fan in self.fans.items():
            n = int(view["hand_sizes"][s])
            if s == self.viewer or n == 0:
                fan.clear()
                continue
            if show and show["hands"][s]:
                fan.show([parse_card(c) for c in show["hands"][s]], True)
            elif self.practice and self.peek and not self.is_human(s):
                fan.show([parse_card(c) for c in self.match.view(s)["hand"]], True)
            else:
                fan.show([None] * n, False)
        if self.viewer is not None:
            n = int(view["hand_sizes"][self.viewer])
            if view["hand_hidden"]:
                self.hand.show([None] * n, False)
            else:
                self.hand.show([parse_card(c) for c in view["hand"]], True)
        else:
            self.hand.clear()
        self.board_fan.show(
            [parse_card(t["card"]) if t["card"] else None for t in view["table"]], True
        )
        for sprite, t in zip(self.board_fan.sprites, view["table"], strict=True):
            sprite.face_up = bool(t["face_up"]) and sprite.card is not None
        if view.get("phase") == "bet":
            self.bet_marks = {s: None for s, p in enumerate(view["picked"]) if p}
        if self.board is None and show:
            self.board = ScoreBoard.from_view(view)
        self._place_fans()
        self.choice = None
        self._ensure_choice() if self.my_turn() and view.get("phase") == "trade" else None
        self._apply_selection_looks()
        self.refresh_controls()

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        self.draw_table(surface)
        self.log.draw(surface)
        self.draw_status(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        view = self.shown
        ring = self.ring
        felt.draw_felt(surface, ring.oval, LOOK)
        cw = ring.card_width()
        board = self._board_shown()
        if not board:
            deck = felt.draw_deck(surface, ring.deck_spot, cw, LOOK.back, int(view["pile_size"]))
            style.blit_text(
                surface,
                tr("wyrtable.pile", count=view["pile_size"]),
                12,
                (deck.centerx, deck.bottom + 4),
                style.CREAM,
                anchor="midtop",
                shadow=style.BLACK,
            )
        if board and self.board is not None:
            paint.score_board(surface, self._board_rect(), self.board, self.name, self.seat_look)
        else:
            self.board_fan.draw(surface)
        if view.get("phase") in ("show", "thyatis") or self.tray.rows:
            self.tray.draw(surface)
        self.pots.set_spot(self._pot_spot(), ring.chip_diameter())
        self.pots.set_pots([(self.shown_pot, tr("wyr.ui.pot"))] if self.shown_pot > 0 else [])
        self.pots.draw(surface, money)
        self._draw_bets(surface)
        for s in range(self.match.n_seats):
            felt.draw_plate(surface, ring.plate_rect(s), self._plate(s, view), self.pulse)
            if s != self.viewer:
                self.fans[s].draw(surface)
        self.flights.draw(surface, ring.chip_diameter())
        self._draw_corner_plaques(surface, view)
        # Below the middle, so the score board stays readable under a banner.
        banner_at = (ring.centre[0], ring.oval.centery + int(ring.oval.height * 0.31))
        self.banner.draw(surface, banner_at, int(ring.oval.width * 0.62))
        self._draw_panel(surface, view)
        if self.practice:
            self._draw_aids(surface, self.view())

    def _board_shown(self) -> bool:
        """The score board stands on the cloth from the show until the next bets are revealed."""
        return self.board is not None and self.shown.get("phase") in (
            "bet",
            "show",
            "thyatis",
            "over",
        )

    def _pot_spot(self) -> tuple[int, int]:
        """The pot's place: the middle of the cloth, or under the dice tray while the
        score board takes the middle."""
        if self._board_shown():
            tray = self.ring.tray_rect
            return tray.centerx, tray.bottom + int(self.ring.chip_diameter() * 1.8)
        return self.ring.pot_spot

    def _board_rect(self) -> pygame.Rect:
        """The middle of the cloth, clear of the lords' cards and the dice tray."""
        o = self.ring.oval
        area = pygame.Rect(
            o.left + int(o.width * 0.1),
            o.top + int(o.height * 0.06),
            self.ring.tray_rect.left - 10 - (o.left + int(o.width * 0.1)),
            int(o.height * 0.62),
        )
        for s, fan in self.fans.items():
            if s == self.viewer or not fan.sprites:
                continue
            r = fan.rect
            if not r.colliderect(area):
                continue
            if r.centery < area.top + area.height // 4:
                area.height -= r.bottom + 4 - area.top
                area.top = r.bottom + 4
            elif r.centerx < area.centerx:
                area.width -= r.right + 4 - area.left
                area.left = r.right + 4
            elif r.left > area.centerx:
                area.width = r.left - 4 - area.left
        rows = len(self.board.rows) if self.board else 4
        area.height = min(area.height, 60 + 24 * (rows + 1))
        area.width, area.height = max(160, area.width), max(90, area.height)
        return area

    def _draw_bets(self, surface: pygame.Surface) -> None:
        for s, value in self.bet_marks.items():
            spot = self.ring.bet_spot(s)
            text = "?" if value is None else str(value)
            felt.draw_marker(surface, spot, text, "big" if value is not None else "plain", 15)

    def _plate(self, s: int, view: dict[str, Any]) -> felt.PlateInfo:
        colour, emblem = self.seat_look(s)
        tag = seat_tag(view, s)
        if s == self.viewer and self.is_human(s):
            subtitle = tr("wyrtable.you")
        elif self.seats[s].bot:
            subtitle = tr("wyrtable.bot", level=tr(f"wyr.bots.{self.seats[s].bot}"))
        else:
            subtitle = tr("ui.table.human")
        if tag:
            subtitle = f"{tag} · {subtitle}"
        badge, kind = self.notes.get(s, ("", "info"))
        out = bool(view["out"][s])
        if out:
            badge, kind = tr("wyrtable.note.out"), "out"
        elif s == int(view["dealer"]) and not badge:
            badge, kind = tr("wyr.ui.lorde_de_wyr"), "info"
        active = s in self._movers()
        return felt.PlateInfo(
            self.name(s),
            subtitle,
            money(self.shown_money[s]),
            colour,
            emblem,
            badge=badge,
            badge_kind=kind,
            active=active and not self.match.is_over,
            dimmed=out,
            hero=s == self.viewer,
        )

    def _draw_corner_plaques(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        a = self.felt_area
        info = round_info(view)
        width = 210 if a.width > 800 else 178
        lines: list[tuple[str, int, tuple[int, int, int], str]] = [
            (tr("wyrtable.round.title", round=info.round), 17, style.INK, "serif"),
            (tr("wyrtable.round.dealer", name=self.name(info.dealer)), 13, style.INK, "bold"),
            (
                tr("wyrtable.round.dealt", dealt=info.dealt, total=info.dealers_total),
                12,
                style.INK_SOFT,
                "sans",
            ),
            (tr("wyrtable.round.ends", out=info.out), 12, style.INK_SOFT, "sans"),
        ]
        if view.get("table_bet") is not None:
            lines.append(
                (
                    tr(
                        "wyrtable.round.group_bet" if view.get("groups") else "wyrtable.round.bet",
                        amount=money(int(view["table_bet"])),
                    ),
                    13,
                    style.RED,
                    "bold",
                )
            )
        paint.plaque(surface, (a.left + 4, a.top + 4), lines, width)
        variants = active_variants(view)
        if variants:
            # Bottom-left corner of the cloth: the one corner no seat ever takes.
            paint.variant_badges(
                surface,
                variants,
                (a.left + 4, a.bottom - 26 * len(variants)),
                1,  # one badge a line
                int(view["variants"]["hyninn"]),
            )
        totals = group_totals(view)
        if totals:
            glines: list[tuple[str, int, tuple[int, int, int], str]] = [
                (tr("wyrtable.groups.title"), 15, style.INK, "serif")
            ]
            for letter, members, amount in totals:
                glines.append(
                    (
                        tr(
                            "wyrtable.groups.line",
                            group=letter,
                            names=", ".join(self.name(m) for m in members),
                            amount=money(amount),
                        ),
                        12,
                        style.INK,
                        "sans",
                    )
                )
            gw = width + 30
            r = paint.plaque(surface, (a.right - gw - 4, a.top + 4), glines, gw)
            for i, (_, members, _) in enumerate(totals):
                colour, emblem = self.seat_look(members[0])
                style.draw_emblem(
                    surface, emblem, (r.left - 8, r.top + 7 + 19 + i * 16 + 7), 6, colour
                )

    def _draw_panel(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        p = self.panel
        surface.blit(style.shadow(p.size, 10, 120), (p.left - 8, p.top - 3))
        surface.blit(style.parchment(p.size), p.topleft)
        area = self._hand_area()
        if self.viewer is not None:
            pygame.draw.rect(surface, style.FELT_DARK, area, border_radius=10)
            self.hand.draw(surface)
            hand = [s.card for s in self.hand.sprites if s.card is not None and s.face_up]
            if hand and len(hand) == len(self.hand.sprites):
                name = best_combination(hand).name if len(hand) <= 5 else None
                if name:
                    style.blit_text(
                        surface,
                        combo(name),
                        13,
                        (area.centerx, area.bottom - 2),
                        style.GOLD_LIGHT,
                        kind="bold",
                        anchor="midbottom",
                        shadow=style.BLACK,
                    )
        x = area.right + 14 if self.viewer is not None else p.left + 18
        width = p.right - 16 - x
        y = p.top + 10
        for text, size, colour, kind in self._panel_lines(view):
            for line in style.wrap_text(text, size, width, kind)[:2]:
                if y + size > p.bottom - 58:
                    return
                style.blit_text(surface, line, size, (x, y), colour, kind=kind)
                y += size + 4

    def _panel_lines(
        self, view: dict[str, Any]
    ) -> list[tuple[str, int, tuple[int, int, int], str]]:
        """What the controls panel says: the decision, whose turn, the round of trade."""
        out: list[tuple[str, int, tuple[int, int, int], str]] = []
        phase = str(view.get("phase"))
        mine = self.my_turn()
        if phase == "over":
            return [(tr("wyr.phases.over"), 22, style.INK, "serif")]
        if phase == "bet":
            out.append((tr("wyrtable.bet.title"), 20, style.INK, "serif"))
            if mine:
                out.append((tr("wyrtable.bet.help"), 14, style.INK, "sans"))
            elif view.get("my_pick") is not None:
                out.append(
                    (
                        tr("wyrtable.bet.picked", amount=money(int(view["my_pick"]))),
                        15,
                        style.INK,
                        "bold",
                    )
                )
                waiting = [self.name(s) for s in self._movers()]
                out.append(
                    (
                        tr("wyrtable.bet.waiting", names=", ".join(waiting)),
                        13,
                        style.INK_SOFT,
                        "sans",
                    )
                )
            else:
                out.append((tr("wyrtable.phrase.bet"), 14, style.INK_SOFT, "sans"))
        elif phase == "mulligan":
            out.append((tr("wyr.phases.mulligan"), 20, style.INK, "serif"))
            out.append((tr("wyrtable.mulligan_help"), 14, style.INK, "sans"))
        elif phase == "trade":
            params = trade_round_text_params(view) or {"round": 1, "turn": 1, "turns": 1}
            who = self.name(int(view["trade"]["seat"]))
            mao = bool(view["trade"]["mao_de_wyr"])
            title = tr("wyr.ui.mao_de_wyr") if mao else tr("wyrtable.trade.title", **params)
            out.append((title, 20, style.INK, "serif"))
            if mine and mao:
                out.append((tr("wyrtable.mao.help"), 13, style.INK, "sans"))
                for k in (1, 2, 3):
                    out.append(
                        (f"{k} · " + tr(f"wyr.ui.mao_option_{k}"), 13, style.INK_SOFT, "sans")
                    )
            elif mine:
                out.append((tr("wyrtable.trade.help"), 13, style.INK, "sans"))
                ch = self.choice
                if ch is not None and ch.selected and ch.need("table"):
                    out.append(
                        (
                            tr(
                                "wyrtable.trade.chosen",
                                chosen=len(ch.takes),
                                count=ch.need("table"),
                            ),
                            13,
                            style.INK,
                            "bold",
                        )
                    )
                if view.get("variants", {}).get("tenebra"):
                    out.append((tr("wyrtable.trade.tenebra"), 13, style.INK_SOFT, "sans"))
            else:
                out.append((tr("wyrtable.trade.whose", name=who, **params), 15, style.INK, "bold"))
            if mine and self.choice is not None and self.choice.selected:
                out.append(
                    (
                        tr("wyrtable.trade.selected", cards=cards_text(self.choice.discard)),
                        13,
                        style.RED,
                        "bold",
                    )
                )
        elif phase == "show":
            out.append((tr("wyr.ui.hora_da_verdade"), 20, style.INK, "serif"))
            out.append((tr("wyrtable.phrase.hora"), 14, style.INK_SOFT, "sans"))
            out.append((tr("wyrtable.show_help"), 13, style.INK, "sans"))
        elif phase == "thyatis":
            out.append((tr("wyr.ui.hora_da_verdade"), 20, style.INK, "serif"))
            show = view.get("show") or {}
            pending = show.get("pending")
            if mine:
                out.append((tr("wyrtable.thyatis.help"), 14, style.INK, "sans"))
            elif pending is not None:
                out.append(
                    (
                        tr("wyrtable.thyatis.waiting", name=self.name(int(pending))),
                        14,
                        style.INK,
                        "sans",
                    )
                )
        return out

    def _draw_aids(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        r = self.aids_rect
        if r.width <= 0:
            return
        surface.blit(style.parchment(r.size), r.topleft)
        style.blit_text(
            surface,
            tr("wyrtable.aids.title"),
            16,
            (r.left + 12, r.top + 8),
            style.INK,
            kind="serif",
        )
        y = r.top + 32
        for line in self._aid_lines(view):
            for part in style.wrap_text(line, 13, r.width - 24):
                if y > r.bottom - 16:
                    return
                style.blit_text(surface, part, 13, (r.left + 12, y), style.INK)
                y += 17
        dist = self._aid_histogram(view)
        if dist is not None and y < r.bottom - 50:
            values, mark = dist
            paint.histogram(
                surface,
                pygame.Rect(r.left + 12, y + 4, r.width - 24, r.bottom - y - 12),
                values,
                mark,
            )

    def _aid_lines(self, view: dict[str, Any]) -> list[str]:
        """The practice panel's words, cached per decision and selection."""
        ch = self.choice
        key = (
            len(self.match.log),
            self.viewer,
            tuple(ch.selected) if ch else (),
            tuple(ch.takes) if ch else (),
            id(self.match),
        )
        if self._aid_cache is not None and self._aid_cache[0] == key:
            return self._aid_cache[1]
        lines = self._compute_aid_lines(view)
        self._aid_cache = (key, lines)
        return lines

    def _compute_aid_lines(self, view: dict[str, Any]) -> list[str]:
        phase = view.get("phase")
        seat = self.viewer
        if seat is None:
            return []
        if phase == "trade" and view["hand"] and not view["hand_hidden"]:
            trade = view.get("trade") or {}
            mao = bool(trade.get("mao_de_wyr"))
            lines = []
            ch = self.choice if self.my_turn() else None
            if ch is not None and ch.selected:
                pile = aids.improve_chance(view, ch.selected, "pile")
                lines.append(tr("wyrtable.aids.pile", percent=round(pile * 100)))
                if "table" in ch.sources():
                    table = aids.improve_chance(view, ch.selected, "table", ch.takes)
                    lines.append(tr("wyrtable.aids.table", percent=round(table * 100)))
            lines.append(tr("wyrtable.aids.best"))
            hand = aids.hand_cards(view)
            for idx, p in aids.best_discards(view, mao):
                lines.append(
                    tr(
                        "wyrtable.aids.best_line",
                        cards=cards_text([hand[i] for i in idx]),
                        percent=round(p * 100),
                    )
                )
            return lines
        if phase == "thyatis":
            show = view["show"]
            pending = show.get("pending")
            lines = []
            if pending == seat:
                keep, again = aids.reroll_chances(view, seat)
                lines.append(
                    tr("wyrtable.aids.thyatis", keep=round(keep * 100), again=round(again * 100))
                )
            elif show["scores"][seat] is not None or show["points"][seat] is not None:
                lines.append(
                    tr("wyrtable.aids.pot", percent=round(aids.pot_chance(view, seat) * 100))
                )
            lines.append(tr("wyrtable.aids.spread"))
            return lines
        if phase == "bet":
            return [tr("wyrtable.aids.bet_help")]
        return []

    def _aid_histogram(
        self, view: dict[str, Any]
    ) -> tuple[list[tuple[int, float]], int | None] | None:
        show = view.get("show")
        seat = self.viewer
        if not show or seat is None or show["points"][seat] is None:
            return None
        nimb = bool(view["variants"]["nimb"])
        dist = aids.score_distribution(int(show["points"][seat]), nimb)
        scored = [int(x) for i, x in enumerate(show["scores"]) if x is not None and i != seat]
        return dist, (max(scored) if scored else None)

    def draw_status(self, surface: pygame.Surface) -> None:
        view = self.shown
        phase = str(view.get("phase"))
        if phase == "over":
            text = tr("ui.table.over")
        else:
            movers = ", ".join(self.name(s) for s in self._movers())
            text = tr(f"wyr.phases.{phase}")
            if movers:
                text = tr("wyrtable.status", phase=text, names=movers)
            if self.worker.busy and self.worker.seat is not None:
                text += "  ·  " + tr("ui.table.thinking", name=self.name(self.worker.seat))
        style.blit_text(
            surface,
            text,
            18,
            (20, 18),
            style.CREAM,
            kind="bold",
            shadow=style.BLACK,
            max_width=surface.get_width() - 560,
        )

    def _movers(self) -> list[int]:
        """Who the screen says must act: the engine's seats once the show has caught up."""
        if self.events or self.animating():
            trade = self.shown.get("trade")
            return [int(trade["seat"])] if trade else []
        return list(self.match.to_move)

    # -- the end -------------------------------------------------------------------------
    def on_match_over(self) -> None:
        """Record the result and show the Wyr standings with the money chart."""
        if self.on_result is not None:
            self.on_result(self.match)
        from game import history

        try:
            history.record_match(self.match, self.humans, self.practice)
        except Exception:  # statistics must never break the end of a match  # noqa: BLE001
            self.app.notify(tr("ui.table.stats_failed"), "warn")
        self.app.sound.play("victory")
        from scenes.tables.wyr.results import WyrResults

        self.app.scenes.push(WyrResults(self.app, self))

    def victory_lines(self) -> list[str]:
        """Money (and group totals) at the end; who wins under Azgher."""
        view = self.match.public_view()
        lines = []
        totals = group_totals(view)
        if totals:
            for letter, members, amount in totals:
                lines.append(
                    tr(
                        "wyrtable.groups.line",
                        group=letter,
                        names=", ".join(self.name(m) for m in members),
                        amount=money(amount),
                    )
                )
        else:
            for s in range(self.match.n_seats):
                state = tr("wyrtable.note.out") if view["out"][s] else ""
                lines.append(f"{self.name(s)}: {money(int(view['money'][s]))} {state}".strip())
        if view["variants"]["azgher"]:
            lines.append(tr("wyrtable.results.azgher"))
        return lines
