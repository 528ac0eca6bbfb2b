"""How the Wyr table animates engine events: cards dealt, laid down and taken,
bets turned over, chips sliding, dice thrown in the tray, the score board filled.

`WyrAnimations` is handed the felt pieces it moves once; each event it plays
moves the *shown* state (`WyrShown`) and the felt one event on, for the seat
that looks now; nothing here reads the engine's state ahead of the events ([G4]).
The log's hooks stay on the table (`event_log.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game import Event
from game.cards import Card
from game.wyr import records as R
from scenes.i18n import tr
from scenes.sound import SoundManager
from scenes.tables import felt
from scenes.tables.wyr.model import BetReveal, ScoreBoard, explain_bets
from scenes.tables.wyr.parts import SeatFacts, WyrFelt
from scenes.tables.wyr.shown import WyrShown
from scenes.tables.wyr.words import combo, money
from scenes.tables.you_words import say_about
from scenes.widgets.cards import CardSprite
from scenes.widgets.tween import Tweens

Point = tuple[int, int]


@dataclass(frozen=True)
class FeltSpots:
    """Where things lie on the cloth, as the table's layout says now."""

    #: where a lord's bet token stands
    bet: Callable[[int], Point]
    #: where a lord's cards lie
    fan: Callable[[int], Point]
    #: spread the table cards again over their row
    place_board_fan: Callable[[], None]


@dataclass(frozen=True)
class Onlooker:
    """Who looks at the screen while an event plays: the seat whose view is shown,
    and the seat the words say "you" to (None: nobody's, or not a person's)."""

    viewer: int | None
    you: int | None


def _noop() -> None:
    """A timed pause in the event queue (nothing to do when it ends)."""


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
    """Plays the Wyr engine's events on the felt, one event at a time."""

    def __init__(
        self,
        felt_pieces: WyrFelt,
        tweens: Tweens,
        sound: SoundManager,
        spots: FeltSpots,
        seats: SeatFacts,
    ) -> None:
        self.felt = felt_pieces
        self.tweens = tweens
        self.sound = sound
        self.spots = spots
        self.seats = seats

    def play(self, event: Event, shown: WyrShown, eyes: Onlooker) -> None:
        """Move the felt and `shown` by one event (events without a handler move nothing)."""
        handler = getattr(self, f"_on_{type(event).__name__}", None)
        if handler is not None:
            handler(event, shown, eyes)

    def _d(self, seconds: float) -> float:
        return self.tweens.scaled(seconds)

    def _hold(self, seconds: float) -> None:
        """Keep the next event waiting (a beat to read the table)."""
        self.tweens.after(seconds, _noop)

    def _fan_of(self, eyes: Onlooker, seat: int) -> felt.CardFan:
        return self.felt.hand if seat == eyes.viewer else self.felt.fans[seat]

    def _deck_centre(self) -> Point:
        ring = self.felt.ring
        x, y = ring.deck_spot
        cw = ring.card_width()
        return x, y + cw // 3

    def _on_DealerChanged(self, ev: R.DealerChanged, shown: WyrShown, eyes: Onlooker) -> None:
        for fan in self.felt.fans.values():
            fan.clear()
        self.felt.hand.clear()
        self.felt.board_fan.clear()
        self.felt.tray.clear()
        shown.bet_marks = {}
        shown.notes = {}
        shown.turn_seat = None
        sh = shown.view
        sh.update(round=ev.round, dealer=ev.seat, phase="bet", table_bet=None, trade=None)
        sh["dealt"][ev.seat] = True
        self.felt.banner.show(
            tr("wyrtable.banner.round", round=ev.round),
            say_about("wyrtable.banner.dealer", ev.seat, eyes.you, name=self.seats.name(ev.seat)),
            self._d(1.4),
            "info",
        )
        self._hold(0.6)

    def _on_HandsDealt(self, ev: R.HandsDealt, shown: WyrShown, eyes: Onlooker) -> None:
        origin = self._deck_centre()
        step = 0.035
        k = 0
        for _ in range(ev.count):
            for s in ev.seats:
                self._fan_of(eyes, s).deal(None, origin, False, 0.22, step * k)
                k += 1
        shown.view["pile_size"] = int(shown.view["deck_size"]) - ev.count * len(ev.seats)
        self.sound.play("shuffle")

    def _on_BetPlaced(self, ev: R.BetPlaced, shown: WyrShown, eyes: Onlooker) -> None:
        shown.bet_marks[ev.seat] = None
        self.sound.play("chips")

    def _on_BetsRevealed(self, ev: R.BetsRevealed, shown: WyrShown, eyes: Onlooker) -> None:
        picks = dict(zip(ev.seats, ev.bets, strict=True))
        shown.bet_marks = dict(picks)
        shown.view["table_bet"] = ev.table_bet
        shown.reveal = explain_bets(picks, ev.table_bet, shown.view.get("groups"))
        shown.board = None
        self.felt.banner.show(
            tr("wyrtable.bet.table_bet", amount=money(ev.table_bet)),
            self.reveal_text(shown.reveal),
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

    def _on_PotPaid(self, ev: R.PotPaid, shown: WyrShown, eyes: Onlooker) -> None:
        shown.money[ev.seat] -= ev.amount
        if ev.all_in:
            shown.notes[ev.seat] = (tr("wyrtable.note.all_in"), "all_in")
            if shown.reveal is not None:
                shown.reveal = BetReveal(
                    shown.reveal.picks,
                    shown.reveal.table_bet,
                    shown.reveal.reason,
                    shown.reveal.count,
                    shown.reveal.proposals,
                    (*shown.reveal.all_in, ev.seat),
                )

        def land(amount: int = ev.amount) -> None:
            shown.pot += amount

        shown.bet_marks.pop(ev.seat, None)
        self.felt.flights.launch(
            ev.amount, self.spots.bet(ev.seat), self.felt.pots.pot_spot(0), 0.3, 0.0, land
        )
        self.sound.play("chips")

    def _on_HandRevealed(self, ev: R.HandRevealed, shown: WyrShown, eyes: Onlooker) -> None:
        if ev.seat == eyes.viewer:
            self.felt.hand.reveal(list(ev.cards))
            self.sound.play("card")

    def _on_MulliganDecided(self, ev: R.MulliganDecided, shown: WyrShown, eyes: Onlooker) -> None:
        shown.notes[ev.seat] = (
            tr("wyrtable.note.mulligan" if ev.mulligan else "wyrtable.note.kept"),
            "info",
        )

    def _on_TradeTurn(self, ev: R.TradeTurn, shown: WyrShown, eyes: Onlooker) -> None:
        shown.turn_seat = ev.seat
        before = shown.view.get("trade") or {}
        active = sum(1 for o in shown.view["out"] if not o)
        shown.view["phase"] = "trade"
        shown.view["trade"] = {
            "seat": ev.seat,
            "trade_round": ev.trade_round,
            "mao_de_wyr": ev.mao_de_wyr,
            "turn_index": 0 if ev.mao_de_wyr else int(before.get("turn_index", -1)) + 1,
            "turns_total": 2 * active,
        }
        shown.notes.pop(ev.seat, None)
        if ev.mao_de_wyr:
            self.felt.banner.show(
                tr("wyr.ui.mao_de_wyr"),
                say_about("wyrtable.mao.banner", ev.seat, eyes.you, name=self.seats.name(ev.seat)),
                self._d(1.6),
            )
            self._hold(0.5)

    def _on_CardsToTable(self, ev: R.CardsToTable, shown: WyrShown, eyes: Onlooker) -> None:
        if ev.seat < 0:
            shown.view["pile_size"] = int(shown.view["pile_size"]) - ev.count
            origin = self._deck_centre()
            for i in range(ev.count):
                card = ev.cards[i] if ev.face_up else None
                self.felt.board_fan.deal(card, origin, ev.face_up, 0.3, 0.12 * i)
            self.spots.place_board_fan()
            return
        fan = self._fan_of(eyes, ev.seat)
        known = list(ev.cards)
        if not known and ev.seat == eyes.viewer and shown.my_trade is not None:
            known = list(shown.my_trade.discard)
        for i in range(ev.count):
            sprite = _take_sprite(fan, known[i] if i < len(known) else None)
            start = (sprite.x, sprite.y) if sprite is not None else self.spots.fan(ev.seat)
            card = ev.cards[i] if ev.face_up and i < len(ev.cards) else None
            self.felt.board_fan.deal(card, start, ev.face_up, 0.3, 0.08 * i)
        fan.place(fan.centre)
        self.spots.place_board_fan()
        self.sound.play("card")

    def _on_CardsDrawn(self, ev: R.CardsDrawn, shown: WyrShown, eyes: Onlooker) -> None:
        fan = self._fan_of(eyes, ev.seat)
        for i in range(ev.count):
            fan.deal(None, self._deck_centre(), False, 0.26, 0.08 * i)
        shown.view["pile_size"] = int(shown.view["pile_size"]) - ev.count
        self.sound.play("card")

    def _on_TableCardsTaken(self, ev: R.TableCardsTaken, shown: WyrShown, eyes: Onlooker) -> None:
        fan = self._fan_of(eyes, ev.seat)
        for p in sorted(ev.positions, reverse=True):
            if 0 <= p < len(self.felt.board_fan.sprites):
                sprite = self.felt.board_fan.sprites.pop(p)
                mine = ev.seat == eyes.viewer
                card = sprite.card if (mine and not ev.blind) else None
                fan.deal(card, (sprite.x, sprite.y), card is not None, 0.3)
        self.spots.place_board_fan()
        self.sound.play("card")

    def _on_CardsReceived(self, ev: R.CardsReceived, shown: WyrShown, eyes: Onlooker) -> None:
        if ev.seat != eyes.viewer:
            return
        trade = shown.view.get("trade") or {}
        if trade.get("mao_de_wyr") and trade.get("seat") == ev.seat and len(ev.cards) == 1:
            shown.mao_card = ev.cards[0]  # the Mão de Wyr's extra card, marked in the hand ([Y4])
        hidden = [s for s in self.felt.hand.sprites if s.card is None or not s.face_up]
        for sprite, card in zip(hidden[-len(ev.cards) :], ev.cards, strict=False):
            sprite.card = card
            sprite.flip(self._d(0.25))

    def _on_Passed(self, ev: R.Passed, shown: WyrShown, eyes: Onlooker) -> None:
        shown.notes[ev.seat] = (tr("wyrtable.note.passed"), "info")

    def _on_HandsShown(self, ev: R.HandsShown, shown: WyrShown, eyes: Onlooker) -> None:
        shown.board = ScoreBoard.from_shown(int(shown.view.get("round", 1)), ev)
        shown.view["phase"] = "show"
        shown.view["trade"] = None
        self.felt.board_fan.clear()
        self.felt.tray.clear()
        shown.turn_seat = None
        for s, hand, name in zip(ev.seats, ev.hands, ev.combinations, strict=True):
            fan = self._fan_of(eyes, s)
            fan.reveal(list(hand))
            shown.notes[s] = (combo(name), "winner" if name == "reis_de_arton" else "info")
        self.felt.banner.show(
            tr("wyr.ui.hora_da_verdade"), tr("wyrtable.phrase.hora"), self._d(2.0)
        )
        self.sound.play("card")
        self._hold(1.4)

    def _on_DiceRolled(self, ev: R.DiceRolled, shown: WyrShown, eyes: Onlooker) -> None:
        if shown.board is not None:
            shown.board.play(ev)
        caption = self.seats.name(ev.seat)
        if ev.kind == "main" and shown.board is not None:
            row = shown.board.row(ev.seat)
            if row is not None:
                self.felt.banner.show(
                    f"{self.seats.name(ev.seat)} — {combo(row.combination)}",
                    tr(f"wyrtable.phrase.{row.combination}"),
                    self._d(1.3),
                    "info",
                )
        elif ev.kind == "reis_second":
            caption = tr("wyrtable.tray.second", name=caption)
        elif ev.kind == "rolloff":
            caption = tr("wyrtable.tray.rolloff", name=caption)
        row_t = self.felt.tray.throw(
            ev.dice, caption, duration=self._d(0.7), seed=len(self.felt.tray.rows) + ev.seat * 7
        )
        row_t.note = f"= {ev.total}"
        self.sound.play("dice")

    def _on_ReisBestKept(self, ev: R.ReisBestKept, shown: WyrShown, eyes: Onlooker) -> None:
        if shown.board is not None:
            shown.board.play(ev)
        rows = self.felt.tray.rows[-2:]
        if len(rows) == 2:
            first, second = rows
            kept_second = [d.value for d in second.dice.dice] == list(ev.dice) and (
                sum(d.value for d in first.dice.dice) < ev.total
            )
            loser = first if kept_second else second
            self.felt.tray.strike(loser, tr("wyrtable.tray.dropped"))
        self._hold(0.4)

    def _on_DieRerolled(self, ev: R.DieRerolled, shown: WyrShown, eyes: Onlooker) -> None:
        if shown.board is not None:
            shown.board.play(ev)
        if self.felt.tray.rows:
            self.felt.tray.strike(self.felt.tray.rows[-1], tr("wyrtable.tray.rerolled", old=ev.old))
        row = self.felt.tray.throw(
            ev.dice,
            tr("wyrtable.tray.thyatis", name=self.seats.name(ev.seat)),
            duration=self._d(0.6),
            seed=ev.seat * 11 + ev.new,
        )
        row.note = f"= {ev.total}"
        self.sound.play("dice")

    def _on_ScoreSet(self, ev: R.ScoreSet, shown: WyrShown, eyes: Onlooker) -> None:
        if shown.board is not None:
            shown.board.play(ev)
        if self.felt.tray.rows:
            row = self.felt.tray.rows[-1]
            row.note = tr("wyrtable.tray.score", score=ev.score)
            row.short_note = tr("wyrtable.tray.score_short", score=ev.score)
        self._hold(0.25)

    def _on_RollOffStarted(self, ev: R.RollOffStarted, shown: WyrShown, eyes: Onlooker) -> None:
        self.felt.banner.show(
            tr("wyrtable.banner.tie"),
            tr(
                f"wyrtable.banner.rolloff_{ev.purpose}",
                names=", ".join(self.seats.name(s) for s in ev.seats),
            ),
            self._d(1.6),
            "dark",
        )
        self._hold(0.8)

    def _on_RoundWon(self, ev: R.RoundWon, shown: WyrShown, eyes: Onlooker) -> None:
        if shown.board is not None:
            shown.board.play(ev)
        names = ", ".join(self.seats.name(s) for s in ev.winners)
        if len(ev.winners) > 1:
            title = tr("wyrtable.banner.split", names=names, pot=money(ev.pot))
        else:
            title = say_about(
                "wyrtable.banner.won", ev.winners[0], eyes.you, names=names, pot=money(ev.pot)
            )
        self.felt.banner.show(
            title,
            tr(f"wyr.reasons.{ev.reason}"),
            self._d(2.4),
        )
        for s in ev.winners:
            shown.notes[s] = (tr("wyrtable.note.winner"), "winner")
        self.sound.play("victory" if any(self.seats.is_human(s) for s in ev.winners) else "chips")
        self._hold(1.2)

    def _on_PotMoved(self, ev: R.PotMoved, shown: WyrShown, eyes: Onlooker) -> None:
        if shown.board is not None:
            shown.board.play(ev)
        shown.pot -= ev.amount

        def land(seat: int = ev.seat, amount: int = ev.amount) -> None:
            shown.money[seat] += amount

        self.felt.flights.launch(
            ev.amount, self.felt.pots.pot_spot(0), self.spots.bet(ev.seat), 0.45, 0.0, land
        )
        self.sound.play("chips")

    def _on_LordLeft(self, ev: R.LordLeft, shown: WyrShown, eyes: Onlooker) -> None:
        shown.notes[ev.seat] = (tr("wyrtable.note.out"), "out")
        shown.view["out"][ev.seat] = True
        self.felt.banner.show(
            say_about("wyrtable.banner.left", ev.seat, eyes.you, name=self.seats.name(ev.seat)),
            "",
            self._d(1.6),
            "dark",
        )
        self._hold(0.8)

    def _on_RoundEnded(self, ev: R.RoundEnded, shown: WyrShown, eyes: Onlooker) -> None:
        shown.money = list(ev.money)
        shown.pot = 0
        self._hold(1.6)

    def _on_MatchOver(self, ev: Event, shown: WyrShown, eyes: Onlooker) -> None:
        shown.view["phase"] = "over"
