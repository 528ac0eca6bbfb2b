"""The Wyr table: the lords around the felt, secret bets, discard & trade with the
Mão de Wyr, and the Hora da Verdade with its dice and score board.

The felt pieces (seat ring, plates, fans, chips, tray, banner, hand history)
are shared with Wyrt (`scenes.tables.felt`). The scene holds no rules: controls
come from `legal_actions`, and engine events drive every animation; whenever
nothing is moving the display snaps back to the view ([G4]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import Action
from game.cards import parse_card
from game.core import TableMatch
from game.wyr import records as R
from scenes import style, ui
from scenes.i18n import tr
from scenes.tables import felt
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from scenes.tables.wyr import aids
from scenes.tables.wyr.animate import FeltSpots, WyrAnimations
from scenes.tables.wyr.choices import TradeChoice
from scenes.tables.wyr.clicks import WyrClicks
from scenes.tables.wyr.draw import WyrDrawing
from scenes.tables.wyr.event_log import WyrEventLog
from scenes.tables.wyr.focus import WyrFocus
from scenes.tables.wyr.layout import WyrLayout
from scenes.tables.wyr.look import LOOK
from scenes.tables.wyr.model import (
    ScoreBoard,
    group_totals,
)
from scenes.tables.wyr.painting import Cached, WyrPainter
from scenes.tables.wyr.panel_view import AidWords
from scenes.tables.wyr.parts import SeatFacts, WyrFelt
from scenes.tables.wyr.plaques_view import WyrPlaques
from scenes.tables.wyr.shown import WyrShown
from scenes.tables.wyr.words import combo, describe, money

if TYPE_CHECKING:
    from scenes.manager import AppHost, Scene


class WyrTable(WyrLayout, WyrClicks, WyrFocus, WyrEventLog, WyrDrawing, TableScene):
    """Plays a `WyrMatch`."""

    BOT_PACE = 0.35
    #: the table's own keys on the F1 sheet and the rules page (`WyrClicks._on_key`, `WyrFocus`)
    KEY_LINES = (
        "wyrtable.keys.cards",
        "wyrtable.keys.bet",
        "wyrtable.keys.pass",
        "wyrtable.keys.back",
    )

    def __init__(
        self,
        app: AppHost,
        match: TableMatch,
        seats: list[SeatSetup],
        practice: bool = False,
        **hooks: Any,
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
        self.log: felt.HandHistory = felt.HandHistory(
            pygame.Rect(0, 0, 10, 10), tr("wyrtable.history")
        )
        self.rebuild_log()  # a base that keeps its log as events has it already
        #: what the screen shows: the view as of the last snap, moved on by each event played
        self.shown = WyrShown.from_view(match.public_view())
        pieces = WyrFelt(
            self.ring,
            self.fans,
            self.hand,
            self.board_fan,
            self.tray,
            self.banner,
            self.flights,
            self.pots,
        )
        facts = SeatFacts(self.name, self.seat_look, self.is_human, lambda s: self.seats[s])
        #: plays the events on the felt
        self.moves = WyrAnimations(
            pieces,
            self.tweens,
            app.sound,
            FeltSpots(self._bet_spot, self._fan_spot, self._place_board_fan),
            facts,
        )
        self.choice: TradeChoice | None = None
        self.choice_key: tuple[Any, ...] = ()
        self.controls: dict[str, pygame_gui.elements.UIButton] = {}
        self.panel = pygame.Rect(0, 0, 1, 1)
        self.aids_rect = pygame.Rect(0, 0, 0, 0)
        self.felt_area = pygame.Rect(0, 0, 1, 1)
        self.pulse = 0.0
        self._view_cache: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        #: the practice panel's words, kept per decision and selection
        self.aid_words = AidWords()
        #: events were played since the last snap to the view (see `update`)
        self._played = False
        #: the person's decision the controls were last refreshed for
        self._turn_key: tuple[int, int, int] | None = None
        # what the painting keeps between frames (see draw.py, painting.py and the views)
        self.painter = WyrPainter(pieces, facts)
        self.plaques = WyrPlaques(self.ring, self.fans, facts)
        self._frame_movers: list[int] | None = None
        self._status_cache: Cached | None = None
        self._pot_cache: tuple[tuple[object, ...], tuple[int, int]] | None = None

    # -- input -----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """The table's clicks and keys first (`WyrClicks`), the base's after."""
        if not self.take_event(event):
            super().handle_event(event)

    # -- looks -----------------------------------------------------------------
    def seat_look(self, seat: int) -> tuple[tuple[int, int, int], str]:
        """Group play: partners share their group's colour and emblem ([Y1])."""
        view = self.view()
        groups = view.get("group_of")
        if groups:
            g = int(groups[seat])
            return style.seat_colour(g), style.EMBLEMS[g % len(style.EMBLEMS)]
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

    def legal(self, seat: int) -> list[Action]:
        """The engine's legal actions of a seat, built once per position.

        A trade turn's complete list (every discard with every choice of table
        cards) takes tens of milliseconds: no frame may pay it twice.
        """
        return self.legal_actions(seat)

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

    # -- controls --------------------------------------------------------------
    def refresh_controls(self) -> None:
        """Show the controls of the current decision (only to the lord who acts)."""
        if not self.controls:
            return
        visible: set[str] = set()
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
                    self._label("reroll", tr("wyrtable.thyatis.reroll", die=min(dice)))
                    self._label("keep", tr("wyrtable.thyatis.keep", total=sum(dice)))
        for name, widget in self.controls.items():
            if name in visible:
                widget.show()
            else:
                widget.hide()

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
            self.legal(seat),
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
        # With nothing selected every choice stays clickable, and says what it needs.
        if ch.mao:
            self._label("mao1", tr("wyrtable.mao.option1"))
            if refill > 0:
                self._label("mao2", tr("wyrtable.mao.option2", count=refill))
                self._label("mao3", tr("wyrtable.mao.option3", count=refill))
            else:  # nothing chosen yet: "2 · 0 da mesa" said nothing; say what it takes
                self._label("mao2", tr("wyrtable.mao.option2_idle"))
                self._label("mao3", tr("wyrtable.mao.option3_idle"))
            for name, src in (("mao1", "none"), ("mao2", "table"), ("mao3", "pile")):
                self._enable(name, not k or src in sources)
            return
        self._label(
            "pile",
            tr("wyrtable.trade.pile_button", count=refill) if k else tr("wyrtable.trade.pile_idle"),
        )
        need = ch.need("table")
        self._label(
            "table",
            tr("wyrtable.trade.table_button", count=need) if k else tr("wyrtable.trade.table_idle"),
        )
        self._enable("pass", ch.can_pass)
        self._enable("pile", not k or "pile" in sources)
        self._enable("table", not k or "table" in sources)

    def _label(self, name: str, text: str) -> None:
        """Set a button's words only when they change (pygame-gui repaints on every set)."""
        widget = self.controls[name]
        if widget.text != text:
            widget.set_text(text)

    def _enable(self, name: str, on: bool) -> None:
        ui.enable(self.controls[name], on)

    def _apply_selection_looks(self) -> None:
        """Lift the chosen discards; light the table cards the selection may take."""
        ch = self.choice
        mine = self.my_turn() and ch is not None and self.view().get("phase") == "trade"
        mao = bool((self.shown.view.get("trade") or {}).get("mao_de_wyr"))
        marked = False
        for i, s in enumerate(self.hand.sprites):
            s.selectable = mine
            s.selected = bool(mine and ch is not None and i in ch.selected)
            # The card the Mão de Wyr drew keeps a gold edge until the choice is made.
            s.highlighted = (
                mao and not marked and s.card is not None and s.card == self.shown.mao_card
            )
            marked = marked or s.highlighted
        takeable = ch.takeable() if mine and ch is not None and ch.selected else set()
        for i, s in enumerate(self.board_fan.sprites):
            s.selectable = i in takeable
            s.highlighted = i in takeable
            s.selected = bool(mine and ch is not None and i in ch.takes)

    # -- acting ----------------------------------------------------------------
    def submit(self, action: Action, seat: int | None = None) -> bool:
        if isinstance(action, R.Trade):
            self.shown.my_trade = action
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
        # Called every frame while a person must act: refresh only on a new decision.
        key = (len(self.match.log), seat, id(self.match))
        if key == self._turn_key:
            return
        self._turn_key = key
        if self.view().get("phase") == "trade":
            self._ensure_choice()
        self._apply_selection_looks()
        self.refresh_controls()

    # -- the frame ---------------------------------------------------------------
    def animating(self) -> bool:
        return (
            self.hand.busy
            or self.board_fan.busy
            or any(f.busy for f in self.fans.values())
            or not self.tray.settled
            or self.flights.busy
        )

    def _start_bot(self, seat: int) -> None:
        """As the base, but a bot's trade turn gets a short list of legal actions.

        The Wyr bots plan their trade from the view alone; the engine's complete
        list (every discard with every choice of table cards, thousands of them)
        would take a frame or two to build on the render thread. The engine still
        validates what the bot picks ([G3]).
        """
        if self.tools.replay_bot(self, seat):  # practice: the redo path replays the bot
            return
        view = self.match.view(seat)
        if view["phase"] == "trade":
            trade = view["trade"] or {}
            hand = [parse_card(c) for c in view["hand"]]
            legal: list[Action] = (
                [R.Trade((hand[0],), "none")] if trade.get("mao_de_wyr") else [R.Pass()]
            )
        else:
            legal = self.legal(seat)
        self._bot_generation = self._generation
        self.worker.start(seat, len(self.match.log), view, legal)

    def update(self, dt: float) -> None:
        # Busy before anything moves this frame, so the moment it all settles is seen.
        was_busy = bool(self.events) or self.animating() or self.tweens.busy
        self.pulse = (self.pulse + dt * 0.8) % 1.0
        self.follow_focus()
        self.hand.update(dt)
        self.board_fan.update(dt)
        for fan in self.fans.values():
            fan.update(dt)
        self.tray.update(dt)
        self.banner.update(dt)
        super().update(dt)
        # Events played and settled within this very frame (instant speed) count too.
        if (
            (was_busy or self._played)
            and not self.events
            and not self.animating()
            and not self.tweens.busy
        ):
            self._played = False
            self.sync()

    def toast_area(self) -> pygame.Rect | None:
        """Messages stand above the bar of buttons at the bottom, as wide as it."""
        return pygame.Rect(self.panel.left, 0, self.panel.width, self.panel.top - 8)

    def finish_animations(self) -> None:
        """Space (skip ahead): land every card, die and chip at once."""
        self.hand.finish()
        self.board_fan.finish()
        for fan in self.fans.values():
            fan.finish()
        self.tray.finish()
        self.banner.hide()

    def hide_secrets(self) -> None:
        """Nobody looks: the last viewer's selection, hand and trade go."""
        self.choice = None
        self.choice_key = ()
        self.shown.my_trade = None
        self.shown.mao_card = None
        self._turn_key = None
        self.hand.clear()

    def _pot_rect(self) -> pygame.Rect:
        """Around the pot's chips in the middle of the cloth."""
        d = self.ring.chip_diameter()
        rect = pygame.Rect(0, 0, d * 3, d * 3)
        rect.center = self.ring.pot_spot
        return rect

    def tutorial_targets(self) -> dict[str, pygame.Rect]:
        """The hand, the cloth (bets and table cards), the dice tray, the pot and
        the visible controls, for the guided first game's steps."""
        out = super().tutorial_targets()
        out.update(
            {
                "hand": self._hand_area(),
                "felt": pygame.Rect(self.felt_area),
                "table_cards": self.table_row(),
                "tray": pygame.Rect(self.tray.rect),
                "pot": self._pot_rect(),
            }
        )
        shown = [w.rect for w in self.controls.values() if w.visible]
        if shown:
            out["controls"] = shown[0].unionall(shown[1:])
        for name, widget in self.controls.items():
            if widget.visible:
                out[f"button:{name}"] = widget.rect
        return out

    # -- practice ------------------------------------------------------------------
    def describe_action(self, action: Action) -> str:
        return describe(action)

    def hint_reason(self, action: Action) -> str:
        """Why the hard bot's move is good: the combination kept or aimed at."""
        if self.viewer is None:
            return ""
        key, params = aids.hint_reason(self.view(), action)
        if "kept" in params:
            params["kept"] = combo(params["kept"])
        if "combination" in params:
            params["combination"] = combo(params["combination"])
        return tr(key, **params)

    def show_hint(self, action: Action) -> None:
        """The base's hint line, and a suggested trade is selected in the hand."""
        if self.viewer is None:
            return
        super().show_hint(action)
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
        self.shown.snap(view)
        self.ring.set_bottom(self.viewer if self.viewer is not None else 0)
        self.tray.set_rect(self._tray_rect())
        self.pots.set_spot(self.ring.pot_spot, self.ring.chip_diameter())
        self.pots.set_pots([(self.shown.pot, tr("wyr.ui.pot"))] if self.shown.pot else [])
        show = view.get("show")
        revealed = set(self.revealed_seats())
        for s, fan in self.fans.items():
            n = int(view["hand_sizes"][s])
            if s == self.viewer or n == 0:
                fan.clear()
                continue
            if show and show["hands"][s]:
                fan.show([parse_card(c) for c in show["hands"][s]], True)
            elif s in revealed:  # practice: the bot's own view shows its hand
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
            # Tenebra: a lord's own face-down discard shows to him (his view
            # names it, nobody else's does), so he sees which card he may not take
            mine = t.get("by") == self.viewer and self.viewer is not None
            sprite.face_up = (bool(t["face_up"]) or mine) and sprite.card is not None
        if view.get("phase") == "bet":
            self.shown.bet_marks = {s: None for s, p in enumerate(view["picked"]) if p}
        if self.shown.board is None and show:
            self.shown.board = ScoreBoard.from_view(view)
        self._place_fans()
        self.choice = None
        self._ensure_choice() if self.my_turn() and view.get("phase") == "trade" else None
        self._apply_selection_looks()
        self.refresh_controls()

    # -- the end -------------------------------------------------------------------------
    def end_screen(self) -> Scene:
        """The Wyr standings with the money chart."""
        from scenes.tables.wyr.results import WyrResults

        return WyrResults(self.app, self)

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
