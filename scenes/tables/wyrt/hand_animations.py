"""A Wyrt hand on screen, event by event: the blinds slide in, the cards are
dealt, bets go to the front of each seat and are gathered, the dice card
ritual tumbles in the tray, the showdown raises each best five and the pots
slide to their winners.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pygame

from game import Event
from game.cards import rank_text
from game.wyrt import records as R
from game.wyrt.dice_cards import SUIT_OF_DIE
from scenes.i18n import tr
from scenes.manager import AppHost
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt.cloth import WyrtCloth
from scenes.tables.wyrt.shown import Act, Shown
from scenes.tables.wyrt.words import card_text, category_text, hand_title
from scenes.tables.you_words import names_with_you, say_about


class HandTable(Protocol):
    """What the hand's animations ask of their table: the shown copy (rebound by
    `sync`: read anew each time), who sits and looks, money in words, the log."""

    @property
    def app(self) -> AppHost: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def show_bots(self) -> bool: ...
    @property
    def shown(self) -> Shown: ...
    @property
    def chip_history(self) -> list[list[int]]: ...
    def is_human(self, seat: int) -> bool: ...
    def you(self) -> int | None: ...
    def money(self, amount: int) -> str: ...
    def log_event(self, event: Event, **extra: Any) -> None: ...
    def log_heading(self, title: str) -> None: ...


class HandAnimations:
    """Moves the cloth for one hand, event by event (`on_<Event>`, called by the
    table's `play_event`)."""

    def __init__(self, cloth: WyrtCloth, table: HandTable) -> None:
        self.cloth = cloth
        self.table = table

    def on_HandStarted(self, ev: R.HandStarted) -> None:
        """A new hand: the fans, the board and the tray are cleared, the heading logged."""
        if ev.hand > 1:  # the chips after the hand before (the table began with the first's)
            self.table.chip_history.append(list(self.table.shown.stacks))
        for fan in self.cloth.fans.values():
            fan.clear()
        self.cloth.place_cards()  # shown hands were spread: back to the deal's places
        self.cloth.board.clear()
        self.cloth.tray.clear()
        self.table.shown.new_hand(ev.hand, ev.buck, ev.small_blind, ev.big_blind)
        self._refresh_pots()
        title = hand_title(ev)
        self.table.log_heading(title)
        self.table.log_event(ev)

    def on_BlindPosted(self, ev: R.BlindPosted) -> None:
        """A blind (or the straddle, with a banner) slides to the seat's bet."""
        self.table.shown.put(ev.seat, ev.amount, ev.all_in)
        if ev.blind == "straddle":
            self.table.shown.straddle = ev.seat
            self.cloth.banner.show(
                say_about(
                    "wyrttable.straddle_banner",
                    ev.seat,
                    self.table.you(),
                    name=self.table.seats[ev.seat].name,
                ),
                self.table.money(ev.amount),
                self.cloth.d(1.4),
                "info",
            )
        self.table.shown.last_act[ev.seat] = Act(f"wyrt.blinds.{ev.blind}")
        self.cloth.bet_flight(ev.seat, ev.amount)
        self.table.log_event(ev)

    def on_StraddleDeclined(self, ev: R.StraddleDeclined) -> None:
        """Only its line."""
        self.table.log_event(ev)

    def on_CardsDealt(self, ev: R.CardsDealt) -> None:
        """Face-down cards fly from the deck to each seat dealt in, one by one."""
        origin = self.cloth.deck_centre()
        k = 0
        for s in ev.seats:
            self.cloth.fan(s).clear()
        for _ in range(ev.count):
            for s in ev.seats:
                self.cloth.fan(s).deal(None, origin, False, 0.22, k * 0.045)
                k += 1
        self.cloth.tweens.after(k * 0.045 + 0.22, lambda: None)
        self.table.log_event(ev)

    def on_HoleCards(self, ev: R.HoleCards) -> None:
        """The person's own cards (or a shown bot's) turn face up."""
        view_seat = self.table.viewer
        self.table.log_event(ev)  # kept for everyone; worded only for its owner ([G4])
        mine = ev.seat == view_seat and self.table.is_human(ev.seat)
        if mine or (self.table.show_bots and not self.table.is_human(ev.seat)):
            self.cloth.fan(ev.seat).reveal(list(ev.cards), 0.3)

    def on_BettingRoundStarted(self, ev: R.BettingRoundStarted) -> None:
        """A later round: the seats' last acts are cleared."""
        if ev.number > 1:
            self.table.shown.last_act = {}
        self.table.log_event(ev)

    def on_PlayerFolded(self, ev: R.PlayerFolded) -> None:
        """The seat's cards go back to the deck."""
        self.table.shown.folded[ev.seat] = True
        self.table.shown.last_act[ev.seat] = Act("wyrt.actions.fold")
        fan = self.cloth.fans.get(ev.seat)
        if fan is not None:
            fan.muck(self.cloth.deck_centre(), 0.3)
        self.table.log_event(ev)

    def on_PlayerChecked(self, ev: R.PlayerChecked) -> None:
        """The check is shown on the plate (the last dice leave the tray)."""
        self.cloth.tray_done()
        self.table.shown.last_act[ev.seat] = Act("wyrt.actions.check")
        self.cloth.tweens.after(0.15, lambda: None)
        self.table.log_event(ev)

    def on_PlayerCalled(self, ev: R.PlayerCalled) -> None:
        """The call slides to the seat's bet."""
        self.table.shown.put(ev.seat, ev.amount)
        self.table.shown.last_act[ev.seat] = Act("wyrttable.called", ev.amount)
        self.cloth.bet_flight(ev.seat, ev.amount)
        self.table.log_event(ev)

    def on_PlayerRaised(self, ev: R.PlayerRaised) -> None:
        """The bet or raise slides to the seat's bet."""
        opening = max(self.table.shown.bets) == 0  # the first bet of a round is a bet, not a raise
        self.table.shown.put(ev.seat, ev.amount)
        key = "wyrttable.bet_made" if opening else "wyrttable.raised"
        self.table.shown.last_act[ev.seat] = Act(key, ev.to)
        self.cloth.bet_flight(ev.seat, ev.amount)
        self.table.log_event(ev, opening=opening)

    def on_PlayerAllIn(self, ev: R.PlayerAllIn) -> None:
        """Every chip of the seat slides to its bet."""
        self.table.shown.put(ev.seat, ev.amount, all_in=True)
        self.table.shown.last_act[ev.seat] = Act("wyrt.actions.allin")
        self.cloth.bet_flight(ev.seat, ev.amount)
        self.table.app.sound.play("chips") if hasattr(self.table.app, "sound") else None
        self.table.log_event(ev)

    def _gather(self) -> float:
        """Bets slide into the pot; returns how long that takes (unscaled)."""
        bets = [(s, b) for s, b in enumerate(self.table.shown.bets) if b > 0]
        if not bets:
            return 0.0
        spot = self.cloth.pots.pot_spot(0, 1)
        for i, (s, b) in enumerate(bets):
            start = self.cloth.ring.bet_spot(s)
            self.table.shown.bets[s] = 0
            last = i == len(bets) - 1
            self.cloth.flights.launch(
                b, start, spot, 0.35, 0.0, self._refresh_pots if last else None
            )
        return 0.4

    def on_DiceCardRolled(self, ev: R.DiceCardRolled) -> None:
        """Bets are gathered, the dice tumble in the tray, the card lands on the board."""
        t = self._gather()
        self.table.shown.last_act = {}
        caption_suit = tr("wyrttable.suit_die")
        caption_value = tr("wyrttable.value_dice")

        def clear() -> None:
            self.cloth.tray.clear()

        self.cloth.tweens.after(t, clear)
        t += 0.05
        if ev.forced_suit:  # the Rosa chose the suit: the die is laid, not thrown
            caption_suit = tr("wyrttable.rosa_suit")
        for die in ev.suit_dice:
            t = self._throw_suit(die, caption_suit, t)
        a, b = ev.value_dice

        def values() -> None:
            row = self.cloth.tray.throw(
                [a, b], caption_value, "ivory", self.cloth.d(0.6), seed=a * 7 + b
            )
            row.note = tr("wyrttable.value_note", total=a + b, rank=rank_text(ev.card.rank))

        self.cloth.tweens.after(t, values)
        t += 0.85

        def land() -> None:
            self.table.shown.board.append(ev.card)
            tr_rect = self.cloth.tray.rect
            self.cloth.board.deal(ev.card, (tr_rect.left, tr_rect.top), face_up=True, duration=0.3)
            self.cloth.banner.show(
                tr("wyrttable.dice_card_banner", number=ev.number),
                card_text(ev.card),
                self.cloth.d(1.1),
                "info",
            )

        self.cloth.tweens.after(t, land)
        self.cloth.tweens.after(
            t + 0.45, lambda: self.table.log_event(ev)
        )  # logged when seen, not before

    def _throw_suit(self, die: int, caption: str, t: float) -> float:
        def go() -> None:
            row = self.cloth.tray.throw(
                [die], caption, "red", self.cloth.d(0.5), seed=die * 13 + int(t * 10)
            )
            suit = SUIT_OF_DIE.get(die)
            if suit is None:
                row.note = tr("wyrttable.reroll")
                self.cloth.tweens.after(
                    0.55, lambda: self.cloth.tray.strike(row, tr("wyrttable.reroll"))
                )
            else:
                row.suit = suit
                row.note = tr(f"wyrttable.suit_name.{suit}")

        self.cloth.tweens.after(t, go)
        return t + 0.7

    def on_DiceCardRerolled(self, ev: R.DiceCardRerolled) -> None:
        """The Cetro's new dice card replaces the last one on the board."""
        if 0 < ev.number <= len(self.table.shown.board):
            self.table.shown.board[ev.number - 1] = ev.card
        self.cloth.board.show(list(self.table.shown.board), face_up=True)
        self.cloth.banner.show(
            tr("wyrttable.cetro_banner"), card_text(ev.card), self.cloth.d(1.2), "dark"
        )
        self.table.log_event(ev)

    def on_RunOut(self, ev: R.RunOut) -> None:
        """Everyone is all in: the bets are gathered and the banner says so."""
        t = self._gather()
        self.cloth.banner.show(tr("wyrttable.run_out"), "", self.cloth.d(1.0), "info")
        self.cloth.tweens.after(t + 0.4, lambda: None)
        self.table.log_event(ev)

    def on_HandShown(self, ev: R.HandShown) -> None:
        """A hand shown at the showdown spreads face up with its best five raised."""
        self._gather()
        fan = self.cloth.fan(ev.seat)
        if ev.seat != self.cloth.ring.bottom:
            # spread and enlarge a shown hand so it can be read across the table,
            # as far as the room between the tray, the community row and the plates allows
            cw = self.cloth.ring.card_width()
            deck = pygame.Rect(self.cloth.ring.deck_spot, (cw, round(cw * 1.4))).inflate(8, 8)
            avoid = (self.cloth.ring.tray_rect, self.cloth.ring.board_rect, deck)
            centre, width, overlap = self.cloth.ring.shown_cards_place(ev.seat, avoid)
            fan.place(centre, width, overlap)
        fan.reveal(list(ev.cards), 0.3)
        in_hand = list(ev.best_five)
        fan.raise_cards(in_hand)
        # cards of the best five that are not in the hand come from the dice cards
        used = [sp.card for i, sp in enumerate(fan.sprites) if i in fan.raised]
        rest = list(ev.best_five)
        for c in used:
            if c in rest:
                rest.remove(c)
        for sp in self.cloth.board.sprites:
            if sp.card in rest:
                sp.highlighted = True
                rest.remove(sp.card)
        self.table.shown.shown_category[ev.seat] = ev.category
        self.cloth.tweens.after(0.6, lambda: None)
        self.table.log_event(ev)

    def on_UncalledReturned(self, ev: R.UncalledReturned) -> None:
        """The uncalled part of a bet slides back to its stack."""
        s = ev.seat
        bet = self.table.shown.bets[s]
        start = self.cloth.ring.bet_spot(s) if bet >= ev.amount else self.cloth.pots.pot_spot(0)
        if bet >= ev.amount:
            self.table.shown.bets[s] -= ev.amount
        self.table.shown.contrib[s] -= ev.amount

        def back() -> None:
            self.table.shown.stacks[s] += ev.amount
            self._refresh_pots()

        self.cloth.flights.launch(ev.amount, start, self.cloth.plate_centre(s), 0.35, 0.0, back)
        self.table.log_event(ev)

    def _pay(self, start: tuple[int, int], shares: list[tuple[int, int]], t: float) -> None:
        def go() -> None:
            for seat, amount in shares:

                def arrive(seat: int = seat, amount: int = amount) -> None:
                    self.table.shown.stacks[seat] += amount

                self.cloth.flights.launch(
                    amount, start, self.cloth.plate_centre(seat), 0.5, 0.0, arrive
                )

        self.cloth.tweens.after(t, go)

    def on_PotWon(self, ev: R.PotWon) -> None:
        """A pot is paid to its winners, with the banner naming them."""
        t = self._gather()
        count = max(1, len(self.table.shown.pots()))
        spot = self.cloth.pots.pot_spot(0, count)
        first_pot = ev.pot == 1
        self._pot_paid()
        self.table.shown.winners.update(ev.winners)
        names = names_with_you(
            [self.table.seats[w].name for w in ev.winners], ev.winners, self.table.you()
        )
        if first_pot and count == 1:
            pot_name = tr("wyrttable.pot")
        elif first_pot:
            pot_name = tr("wyrttable.main_pot")
        else:
            pot_name = tr("wyrttable.side_pot", n=ev.pot - 1)
        # "You take …" to the person; several winners share (plural), said as names
        key = "wyrttable.pot_banner" + (
            "_shared"
            if len(ev.winners) > 1
            else "_self"
            if ev.winners[0] == self.table.you()
            else ""
        )
        self.cloth.banner.show(
            category_text(ev.category),
            tr(key, names=names, amount=self.table.money(ev.amount), pot=pot_name),
            self.cloth.d(1.8),
        )
        self._pay(spot, list(zip(ev.winners, ev.shares, strict=True)), t + 0.5)
        self.cloth.tweens.after(t + 1.6, lambda: None)
        self.table.log_event(ev)

    def _pot_paid(self) -> None:
        """Take the first pot off the shown table (its chips are on their way).

        Pots are paid main pot first, so the pot paid is always the lowest tier
        of what is left: every seat's chips up to the lowest live level.
        """
        g = self.table.shown.gathered()
        live = self.table.shown.live()
        levels = sorted({c for s, c in enumerate(g) if live[s] and c > 0})
        last = len(levels) <= 1
        top = levels[0] if levels else 0
        for s in range(self.table.shown.n):
            take = g[s] if last else min(g[s], top)
            self.table.shown.contrib[s] -= take
        self._refresh_pots()

    def on_PotWonUncontested(self, ev: R.PotWonUncontested) -> None:
        """Everyone else folded: the pot goes to the last seat in."""
        t = self._gather()
        total = self.table.shown.pot_total()
        self.table.shown.contrib = [0] * self.table.shown.n
        self.table.shown.winners.add(ev.seat)

        def go() -> None:
            self._refresh_pots()

            def arrive() -> None:
                self.table.shown.stacks[ev.seat] += ev.amount

            self.cloth.flights.launch(
                ev.amount or total,
                self.cloth.ring.pot_spot,
                self.cloth.plate_centre(ev.seat),
                0.5,
                0.0,
                arrive,
            )

        self.cloth.tweens.after(t, go)
        self.cloth.banner.show(
            say_about(
                "wyrttable.uncontested",
                ev.seat,
                self.table.you(),
                name=self.table.seats[ev.seat].name,
            ),
            self.table.money(ev.amount),
            self.cloth.d(1.3),
            "info",
        )
        self.cloth.tweens.after(t + 0.9, lambda: None)
        self.table.log_event(ev)

    def _refresh_pots(self) -> None:
        self.cloth.refresh_pots(self.table.shown)
