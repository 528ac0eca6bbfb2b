"""How the Wyr table animates engine events: cards dealt, laid down and taken,
bets turned over, chips sliding, dice thrown in the tray, the score board filled.

Every handler moves the *shown* state (`self.shown`, the fans, the tray) one
event on; nothing here reads the engine's state ahead of the events ([G4]).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from game import Event
from game.cards import Card
from game.wyr import records as R
from scenes import style
from scenes.i18n import tr
from scenes.manager import AppHost
from scenes.tables import felt
from scenes.tables.wyr.model import BetReveal, ScoreBoard, explain_bets
from scenes.tables.wyr.words import combo, event_line, money
from scenes.tables.you_words import say_about
from scenes.widgets.cards import CardSprite
from scenes.widgets.tween import Tweens

#: one item of the table's log as it keeps it (see `TableLog`)
LogItem = tuple[Event | None, str, tuple[int, int, int], dict[str, Any]]


class WyrAnimationsHost(Protocol):
    """What the event handlers read, move and call on the Wyr table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def tweens(self) -> Tweens: ...
    @property
    def ring(self) -> felt.SeatRing: ...
    @property
    def fans(self) -> Mapping[int, felt.CardFan]: ...
    @property
    def hand(self) -> felt.CardFan: ...
    @property
    def board_fan(self) -> felt.CardFan: ...
    @property
    def tray(self) -> felt.DiceTray: ...
    @property
    def banner(self) -> felt.Banner: ...
    @property
    def flights(self) -> felt.Flights: ...
    @property
    def pots(self) -> felt.PotRow: ...
    @property
    def log(self) -> felt.HandHistory: ...
    @property
    def history(self) -> list[LogItem]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def needs_curtain(self) -> bool: ...
    @property
    def shown(self) -> dict[str, Any]: ...
    @property
    def _my_trade(self) -> R.Trade | None: ...

    _view_cache: tuple[tuple[Any, ...], dict[str, Any]] | None
    _played: bool
    _turn_seat: int | None
    _mao_card: Card | None
    shown_money: list[int]
    shown_pot: int
    bet_marks: dict[int, int | None]
    notes: dict[int, tuple[str, str]]
    reveal: BetReveal | None
    board: ScoreBoard | None

    def name(self, seat: int) -> str: ...
    def you(self) -> int | None: ...
    def said_of(self, key: str, seat: int, **params: Any) -> str: ...
    def is_human(self, seat: int) -> bool: ...
    def note_text(self, text: str, extra: dict[str, Any]) -> str: ...
    def _bet_spot(self, seat: int) -> tuple[int, int]: ...
    def _fan_spot(self, seat: int) -> tuple[int, int]: ...
    def _place_board_fan(self) -> None: ...
    def _d(self, seconds: float) -> float: ...
    def _hold(self, seconds: float) -> None: ...
    def _fan_of(self, seat: int) -> felt.CardFan: ...
    def _deck_centre(self) -> tuple[int, int]: ...
    def _hand_title(self, event: R.DealerChanged) -> str: ...
    def event_text(self, event: Event, **extra: Any) -> str: ...
    def log_event(self, event: Event, **extra: Any) -> None: ...
    def reveal_text(self, r: BetReveal) -> str: ...


def _noop() -> None:
    """A timed pause in the event queue (nothing to do when it ends)."""


def _log_colour(event: Event) -> tuple[int, int, int]:
    return style.RED if isinstance(event, (R.RoundWon, R.LordLeft)) else style.INK


def _take_sprite(fan: felt.CardFan, card: Card | None) -> CardSprite | None:
    """Remove the sprite of `card` (or the last one) from a fan and return it."""
    if not fan.sprites:
        return None
    idx = len(fan.sprites) - 1
    if card is not None:
        idx = next((i for i, s in enumerate(fan.sprites) if s.card == card), idx)
    sprite = fan.sprites.pop(idx)
    fan.raised = set()
    return sprite


class WyrAnimations:
    """Event handlers of the Wyr table (mixed into `WyrTable`)."""

    # what it moves on the table (declared: mypy would type them from the first write)
    _view_cache: tuple[tuple[Any, ...], dict[str, Any]] | None
    _played: bool
    _turn_seat: int | None
    _mao_card: Card | None
    shown_money: list[int]
    shown_pot: int
    bet_marks: dict[int, int | None]
    notes: dict[int, tuple[str, str]]
    reveal: BetReveal | None
    board: ScoreBoard | None

    def _d(self: WyrAnimationsHost, seconds: float) -> float:
        return self.tweens.scaled(seconds)

    def _hold(self: WyrAnimationsHost, seconds: float) -> None:
        """Keep the next event waiting (a beat to read the table)."""
        self.tweens.after(seconds, _noop)

    def _fan_of(self: WyrAnimationsHost, seat: int) -> felt.CardFan:
        return self.hand if seat == self.viewer else self.fans[seat]

    def _deck_centre(self: WyrAnimationsHost) -> tuple[int, int]:
        x, y = self.ring.deck_spot
        cw = self.ring.card_width()
        return x, y + cw // 3

    def play_event(self: WyrAnimationsHost, event: Event) -> None:
        self._view_cache = None
        self._played = True
        if isinstance(event, R.DealerChanged):
            title = self._hand_title(event)
            # Kept as a (public) note too, so the log's every line has its item;
            # a retold log words it again from the event (see `rebuild_log`).
            self.history.append((None, title, style.GOLD_DARK, {"heading": True}))
            self.log.start_hand(title)
        self.log_event(event)
        handler = getattr(self, f"_on_{type(event).__name__}", None)
        if handler is not None:
            handler(event)

    def event_text(self: WyrAnimationsHost, event: Event, **extra: Any) -> str:
        """The log line of an event for the person at the screen (see `words.event_line`)."""
        return event_line(
            event, self.name, self.viewer, private_ok=not self.needs_curtain, you=self.you()
        )

    def _hand_title(self: WyrAnimationsHost, event: R.DealerChanged) -> str:
        return tr("wyrtable.hand_title", round=event.round, name=self.name(event.seat))

    def log_event(self: WyrAnimationsHost, event: Event, **extra: Any) -> None:
        # Kept as the event: the log is told again for a new viewer.
        self.history.append((event, "", style.INK, extra))
        text = self.event_text(event)
        if text:
            self.log.add(text, _log_colour(event))

    def rebuild_log(self: WyrAnimationsHost) -> None:
        """Tell the log again for whoever looks now, round by round; private lines
        follow `event_text`."""
        self.log.clear()
        self.log.title = tr("wyrtable.history")
        # (the base tells its log while it starts, before the table's own hand
        # history replaces its plain panel)
        headings = hasattr(self.log, "start_hand")
        for event, text, colour, extra in self.history[-1500:]:
            if extra.get("heading"):
                continue  # told from its DealerChanged event, in today's words
            if headings and isinstance(event, R.DealerChanged):
                self.log.start_hand(self._hand_title(event))
            if event is not None:
                text, colour = self.event_text(event), _log_colour(event)
            else:
                text = self.note_text(text, extra)
            if text:
                self.log.add(text, colour)

    def _on_DealerChanged(self: WyrAnimationsHost, ev: R.DealerChanged) -> None:
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
            say_about("wyrtable.banner.dealer", ev.seat, self.you(), name=self.name(ev.seat)),
            self._d(1.4),
            "info",
        )
        self._hold(0.6)

    def _on_HandsDealt(self: WyrAnimationsHost, ev: R.HandsDealt) -> None:
        origin = self._deck_centre()
        step = 0.035
        k = 0
        for _ in range(ev.count):
            for s in ev.seats:
                self._fan_of(s).deal(None, origin, False, 0.22, step * k)
                k += 1
        self.shown["pile_size"] = int(self.shown["deck_size"]) - ev.count * len(ev.seats)
        self.app.sound.play("shuffle")

    def _on_BetPlaced(self: WyrAnimationsHost, ev: R.BetPlaced) -> None:
        self.bet_marks[ev.seat] = None
        self.app.sound.play("chips")

    def _on_BetsRevealed(self: WyrAnimationsHost, ev: R.BetsRevealed) -> None:
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

    def reveal_text(self: WyrAnimationsHost, r: BetReveal) -> str:
        """Why the table bet is what it is ([Y2]), in a sentence."""
        if r.reason in ("groups_agree", "groups_lowest"):
            props = ", ".join(
                tr("wyrtable.bet.proposal", group=g, amount=money(p)) for g, _, p in r.proposals
            )
            return tr(f"wyrtable.bet.{r.reason}", proposals=props, amount=money(r.table_bet))
        return tr(f"wyrtable.bet.{r.reason}", count=r.count, amount=money(r.table_bet))

    def _on_PotPaid(self: WyrAnimationsHost, ev: R.PotPaid) -> None:
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
            ev.amount, self._bet_spot(ev.seat), self.pots.pot_spot(0), 0.3, 0.0, land
        )
        self.app.sound.play("chips")

    def _on_HandRevealed(self: WyrAnimationsHost, ev: R.HandRevealed) -> None:
        if ev.seat == self.viewer:
            self.hand.reveal(list(ev.cards))
            self.app.sound.play("card")

    def _on_MulliganDecided(self: WyrAnimationsHost, ev: R.MulliganDecided) -> None:
        self.notes[ev.seat] = (
            tr("wyrtable.note.mulligan" if ev.mulligan else "wyrtable.note.kept"),
            "info",
        )

    def _on_TradeTurn(self: WyrAnimationsHost, ev: R.TradeTurn) -> None:
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
                say_about("wyrtable.mao.banner", ev.seat, self.you(), name=self.name(ev.seat)),
                self._d(1.6),
            )
            self._hold(0.5)

    def _on_CardsToTable(self: WyrAnimationsHost, ev: R.CardsToTable) -> None:
        if ev.seat < 0:
            self.shown["pile_size"] = int(self.shown["pile_size"]) - ev.count
            origin = self._deck_centre()
            for i in range(ev.count):
                card = ev.cards[i] if ev.face_up else None
                self.board_fan.deal(card, origin, ev.face_up, 0.3, 0.12 * i)
            self._place_board_fan()
            return
        fan = self._fan_of(ev.seat)
        known = list(ev.cards)
        if not known and ev.seat == self.viewer and self._my_trade is not None:
            known = list(self._my_trade.discard)
        for i in range(ev.count):
            sprite = _take_sprite(fan, known[i] if i < len(known) else None)
            start = (sprite.x, sprite.y) if sprite is not None else self._fan_spot(ev.seat)
            card = ev.cards[i] if ev.face_up and i < len(ev.cards) else None
            self.board_fan.deal(card, start, ev.face_up, 0.3, 0.08 * i)
        fan.place(fan.centre)
        self._place_board_fan()
        self.app.sound.play("card")

    def _on_CardsDrawn(self: WyrAnimationsHost, ev: R.CardsDrawn) -> None:
        fan = self._fan_of(ev.seat)
        for i in range(ev.count):
            fan.deal(None, self._deck_centre(), False, 0.26, 0.08 * i)
        self.shown["pile_size"] = int(self.shown["pile_size"]) - ev.count
        self.app.sound.play("card")

    def _on_TableCardsTaken(self: WyrAnimationsHost, ev: R.TableCardsTaken) -> None:
        fan = self._fan_of(ev.seat)
        for p in sorted(ev.positions, reverse=True):
            if 0 <= p < len(self.board_fan.sprites):
                sprite = self.board_fan.sprites.pop(p)
                mine = ev.seat == self.viewer
                card = sprite.card if (mine and not ev.blind) else None
                fan.deal(card, (sprite.x, sprite.y), card is not None, 0.3)
        self._place_board_fan()
        self.app.sound.play("card")

    def _on_CardsReceived(self: WyrAnimationsHost, ev: R.CardsReceived) -> None:
        if ev.seat != self.viewer:
            return
        trade = self.shown.get("trade") or {}
        if trade.get("mao_de_wyr") and trade.get("seat") == ev.seat and len(ev.cards) == 1:
            self._mao_card = ev.cards[0]  # the Mão de Wyr's extra card, marked in the hand ([Y4])
        hidden = [s for s in self.hand.sprites if s.card is None or not s.face_up]
        for sprite, card in zip(hidden[-len(ev.cards) :], ev.cards, strict=False):
            sprite.card = card
            sprite.flip(self._d(0.25))

    def _on_Passed(self: WyrAnimationsHost, ev: R.Passed) -> None:
        self.notes[ev.seat] = (tr("wyrtable.note.passed"), "info")

    def _on_HandsShown(self: WyrAnimationsHost, ev: R.HandsShown) -> None:
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

    def _on_DiceRolled(self: WyrAnimationsHost, ev: R.DiceRolled) -> None:
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

    def _on_ReisBestKept(self: WyrAnimationsHost, ev: R.ReisBestKept) -> None:
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

    def _on_DieRerolled(self: WyrAnimationsHost, ev: R.DieRerolled) -> None:
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

    def _on_ScoreSet(self: WyrAnimationsHost, ev: R.ScoreSet) -> None:
        if self.board is not None:
            self.board.play(ev)
        if self.tray.rows:
            row = self.tray.rows[-1]
            row.note = tr("wyrtable.tray.score", score=ev.score)
            row.short_note = tr("wyrtable.tray.score_short", score=ev.score)
        self._hold(0.25)

    def _on_RollOffStarted(self: WyrAnimationsHost, ev: R.RollOffStarted) -> None:
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

    def _on_RoundWon(self: WyrAnimationsHost, ev: R.RoundWon) -> None:
        if self.board is not None:
            self.board.play(ev)
        names = ", ".join(self.name(s) for s in ev.winners)
        if len(ev.winners) > 1:
            title = tr("wyrtable.banner.split", names=names, pot=money(ev.pot))
        else:
            title = self.said_of(
                "wyrtable.banner.won", ev.winners[0], names=names, pot=money(ev.pot)
            )
        self.banner.show(
            title,
            tr(f"wyr.reasons.{ev.reason}"),
            self._d(2.4),
        )
        for s in ev.winners:
            self.notes[s] = (tr("wyrtable.note.winner"), "winner")
        self.app.sound.play("victory" if any(self.is_human(s) for s in ev.winners) else "chips")
        self._hold(1.2)

    def _on_PotMoved(self: WyrAnimationsHost, ev: R.PotMoved) -> None:
        if self.board is not None:
            self.board.play(ev)
        self.shown_pot -= ev.amount

        def land(seat: int = ev.seat, amount: int = ev.amount) -> None:
            self.shown_money[seat] += amount

        self.flights.launch(
            ev.amount, self.pots.pot_spot(0), self._bet_spot(ev.seat), 0.45, 0.0, land
        )
        self.app.sound.play("chips")

    def _on_LordLeft(self: WyrAnimationsHost, ev: R.LordLeft) -> None:
        self.notes[ev.seat] = (tr("wyrtable.note.out"), "out")
        self.shown["out"][ev.seat] = True
        self.banner.show(
            self.said_of("wyrtable.banner.left", ev.seat, name=self.name(ev.seat)),
            "",
            self._d(1.6),
            "dark",
        )
        self._hold(0.8)

    def _on_RoundEnded(self: WyrAnimationsHost, ev: R.RoundEnded) -> None:
        self.shown_money = list(ev.money)
        self.shown_pot = 0
        self._hold(1.6)

    def _on_MatchOver(self: WyrAnimationsHost, ev: Event) -> None:
        self.shown["phase"] = "over"
