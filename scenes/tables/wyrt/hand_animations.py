"""A Wyrt hand on screen, event by event: the blinds slide in, the cards are
dealt, bets go to the front of each seat and are gathered, the dice card
ritual tumbles in the tray, the showdown raises each best five and the pots
slide to their winners.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.cards import rank_text
from game.wyrt import records as R
from game.wyrt.dice_cards import SUIT_OF_DIE
from scenes import style
from scenes.i18n import tr
from scenes.tables.wyrt.shown import Act
from scenes.tables.wyrt.words import card_text, category_text
from scenes.tables.you_words import names_with_you, say_about

if TYPE_CHECKING:
    pass


class WyrtHandAnimations:
    """The hand's animations (mixed into `WyrtTable`)."""

    def _on_HandStarted(self, ev: R.HandStarted) -> None:
        if ev.hand > 1:  # the chips after the hand before (the table began with the first's)
            self.chip_history.append(list(self.shown.stacks))
        for fan in self.fans.values():
            fan.clear()
        self._place_cards()  # shown hands were spread: back to the deal's places
        self.board.clear()
        self.tray.clear()
        self.shown.new_hand(ev.hand, ev.buck, ev.small_blind, ev.big_blind)
        self._refresh_pots()
        title = self._hand_title(ev)
        # the heading is a line of the history too (told again from the event, see rebuild_log)
        self.history.append((None, title, style.GOLD_DARK, {"heading": True}))
        self.log.start_hand(title)
        self.log_event(ev)

    def _on_BlindPosted(self, ev: R.BlindPosted) -> None:
        self.shown.put(ev.seat, ev.amount, ev.all_in)
        if ev.blind == "straddle":
            self.shown.straddle = ev.seat
            self.banner.show(
                say_about(
                    "wyrttable.straddle_banner", ev.seat, self.you(), name=self.seats[ev.seat].name
                ),
                self.money(ev.amount),
                self._d(1.4),
                "info",
            )
        self.shown.last_act[ev.seat] = Act(f"wyrt.blinds.{ev.blind}")
        self._bet_flight(ev.seat, ev.amount)
        self.log_event(ev)

    def _on_StraddleDeclined(self, ev: R.StraddleDeclined) -> None:
        self.log_event(ev)

    def _on_CardsDealt(self, ev: R.CardsDealt) -> None:
        origin = self._deck_centre()
        k = 0
        for s in ev.seats:
            self._fan(s).clear()
        for _ in range(ev.count):
            for s in ev.seats:
                self._fan(s).deal(None, origin, False, 0.22, k * 0.045)
                k += 1
        self.tweens.after(k * 0.045 + 0.22, lambda: None)
        self.log_event(ev)

    def _on_HoleCards(self, ev: R.HoleCards) -> None:
        view_seat = self.viewer
        self.log_event(ev)  # kept for everyone; worded only for its owner ([G4])
        mine = ev.seat == view_seat and self.is_human(ev.seat)
        if mine or (self.show_bots and not self.is_human(ev.seat)):
            self._fan(ev.seat).reveal(list(ev.cards), 0.3)

    def _on_BettingRoundStarted(self, ev: R.BettingRoundStarted) -> None:
        if ev.number > 1:
            self.shown.last_act = {}
        self.log_event(ev)

    def _on_PlayerFolded(self, ev: R.PlayerFolded) -> None:
        self.shown.folded[ev.seat] = True
        self.shown.last_act[ev.seat] = Act("wyrt.actions.fold")
        fan = self.fans.get(ev.seat)
        if fan is not None:
            fan.muck(self._deck_centre(), 0.3)
        self.log_event(ev)

    def _tray_done(self) -> None:
        """Betting goes on: the dice of the last card leave the felt to the bets."""
        if self.tray.rows and self.tray.settled:
            self.tray.clear()

    def _on_PlayerChecked(self, ev: R.PlayerChecked) -> None:
        self._tray_done()
        self.shown.last_act[ev.seat] = Act("wyrt.actions.check")
        self.tweens.after(0.15, lambda: None)
        self.log_event(ev)

    def _on_PlayerCalled(self, ev: R.PlayerCalled) -> None:
        self.shown.put(ev.seat, ev.amount)
        self.shown.last_act[ev.seat] = Act("wyrttable.called", ev.amount)
        self._bet_flight(ev.seat, ev.amount)
        self.log_event(ev)

    def _on_PlayerRaised(self, ev: R.PlayerRaised) -> None:
        opening = max(self.shown.bets) == 0  # the first bet of a round is a bet, not a raise
        self.shown.put(ev.seat, ev.amount)
        key = "wyrttable.bet_made" if opening else "wyrttable.raised"
        self.shown.last_act[ev.seat] = Act(key, ev.to)
        self._bet_flight(ev.seat, ev.amount)
        self.log_event(ev, opening=opening)

    def _on_PlayerAllIn(self, ev: R.PlayerAllIn) -> None:
        self.shown.put(ev.seat, ev.amount, all_in=True)
        self.shown.last_act[ev.seat] = Act("wyrt.actions.allin")
        self._bet_flight(ev.seat, ev.amount)
        self.app.sound.play("chips") if hasattr(self.app, "sound") else None
        self.log_event(ev)

    def _gather(self) -> float:
        """Bets slide into the pot; returns how long that takes (unscaled)."""
        bets = [(s, b) for s, b in enumerate(self.shown.bets) if b > 0]
        if not bets:
            return 0.0
        spot = self.pots.pot_spot(0, 1)
        for i, (s, b) in enumerate(bets):
            start = self.ring.bet_spot(s)
            self.shown.bets[s] = 0
            last = i == len(bets) - 1
            self.flights.launch(b, start, spot, 0.35, 0.0, self._refresh_pots if last else None)
        return 0.4

    def _on_DiceCardRolled(self, ev: R.DiceCardRolled) -> None:
        t = self._gather()
        self.shown.last_act = {}
        caption_suit = tr("wyrttable.suit_die")
        caption_value = tr("wyrttable.value_dice")

        def clear() -> None:
            self.tray.clear()

        self.tweens.after(t, clear)
        t += 0.05
        if ev.forced_suit:  # the Rosa chose the suit: the die is laid, not thrown
            caption_suit = tr("wyrttable.rosa_suit")
        for die in ev.suit_dice:
            t = self._throw_suit(die, caption_suit, t)
        a, b = ev.value_dice

        def values() -> None:
            row = self.tray.throw([a, b], caption_value, "ivory", self._d(0.6), seed=a * 7 + b)
            row.note = tr("wyrttable.value_note", total=a + b, rank=rank_text(ev.card.rank))

        self.tweens.after(t, values)
        t += 0.85

        def land() -> None:
            self.shown.board.append(ev.card)
            tr_rect = self.tray.rect
            self.board.deal(ev.card, (tr_rect.left, tr_rect.top), face_up=True, duration=0.3)
            self.banner.show(
                tr("wyrttable.dice_card_banner", number=ev.number),
                card_text(ev.card),
                self._d(1.1),
                "info",
            )

        self.tweens.after(t, land)
        self.tweens.after(t + 0.45, lambda: self.log_event(ev))  # logged when seen, not before

    def _throw_suit(self, die: int, caption: str, t: float) -> float:
        def go() -> None:
            row = self.tray.throw([die], caption, "red", self._d(0.5), seed=die * 13 + int(t * 10))
            suit = SUIT_OF_DIE.get(die)
            if suit is None:
                row.note = tr("wyrttable.reroll")
                self.tweens.after(0.55, lambda: self.tray.strike(row, tr("wyrttable.reroll")))
            else:
                row.suit = suit
                row.note = tr(f"wyrttable.suit_name.{suit}")

        self.tweens.after(t, go)
        return t + 0.7

    def _on_DiceCardRerolled(self, ev: R.DiceCardRerolled) -> None:
        if 0 < ev.number <= len(self.shown.board):
            self.shown.board[ev.number - 1] = ev.card
        self.board.show(list(self.shown.board), face_up=True)
        self.banner.show(tr("wyrttable.cetro_banner"), card_text(ev.card), self._d(1.2), "dark")
        self.log_event(ev)

    def _on_RunOut(self, ev: R.RunOut) -> None:
        t = self._gather()
        self.banner.show(tr("wyrttable.run_out"), "", self._d(1.0), "info")
        self.tweens.after(t + 0.4, lambda: None)
        self.log_event(ev)

    def _on_HandShown(self, ev: R.HandShown) -> None:
        self._gather()
        fan = self._fan(ev.seat)
        if ev.seat != self.ring.bottom:
            # spread and enlarge a shown hand so it can be read across the table,
            # as far as the room between the tray, the community row and the plates allows
            cw = self.ring.card_width()
            deck = pygame.Rect(self.ring.deck_spot, (cw, round(cw * 1.4))).inflate(8, 8)
            avoid = (self.ring.tray_rect, self.ring.board_rect, deck)
            centre, width, overlap = self.ring.shown_cards_place(ev.seat, avoid)
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
        for sp in self.board.sprites:
            if sp.card in rest:
                sp.highlighted = True
                rest.remove(sp.card)
        self.shown.shown_category[ev.seat] = ev.category
        self.tweens.after(0.6, lambda: None)
        self.log_event(ev)

    def _on_UncalledReturned(self, ev: R.UncalledReturned) -> None:
        s = ev.seat
        bet = self.shown.bets[s]
        start = self.ring.bet_spot(s) if bet >= ev.amount else self.pots.pot_spot(0)
        if bet >= ev.amount:
            self.shown.bets[s] -= ev.amount
        self.shown.contrib[s] -= ev.amount

        def back() -> None:
            self.shown.stacks[s] += ev.amount
            self._refresh_pots()

        self.flights.launch(ev.amount, start, self._plate_centre(s), 0.35, 0.0, back)
        self.log_event(ev)

    def _pay(self, start: tuple[int, int], shares: list[tuple[int, int]], t: float) -> None:
        def go() -> None:
            for seat, amount in shares:

                def arrive(seat: int = seat, amount: int = amount) -> None:
                    self.shown.stacks[seat] += amount

                self.flights.launch(amount, start, self._plate_centre(seat), 0.5, 0.0, arrive)

        self.tweens.after(t, go)

    def _on_PotWon(self, ev: R.PotWon) -> None:
        t = self._gather()
        count = max(1, len(self.shown.pots()))
        spot = self.pots.pot_spot(0, count)
        first_pot = ev.pot == 1
        self._pot_paid()
        self.shown.winners.update(ev.winners)
        names = names_with_you([self.seats[w].name for w in ev.winners], ev.winners, self.you())
        if first_pot and count == 1:
            pot_name = tr("wyrttable.pot")
        elif first_pot:
            pot_name = tr("wyrttable.main_pot")
        else:
            pot_name = tr("wyrttable.side_pot", n=ev.pot - 1)
        # "You take …" to the person; several winners share (plural), said as names
        key = "wyrttable.pot_banner" + (
            "_shared" if len(ev.winners) > 1 else "_self" if ev.winners[0] == self.you() else ""
        )
        self.banner.show(
            category_text(ev.category),
            tr(key, names=names, amount=self.money(ev.amount), pot=pot_name),
            self._d(1.8),
        )
        self._pay(spot, list(zip(ev.winners, ev.shares, strict=True)), t + 0.5)
        self.tweens.after(t + 1.6, lambda: None)
        self.log_event(ev)

    def _pot_paid(self) -> None:
        """Take the first pot off the shown table (its chips are on their way).

        Pots are paid main pot first, so the pot paid is always the lowest tier
        of what is left: every seat's chips up to the lowest live level.
        """
        g = self.shown.gathered()
        live = self.shown.live()
        levels = sorted({c for s, c in enumerate(g) if live[s] and c > 0})
        last = len(levels) <= 1
        top = levels[0] if levels else 0
        for s in range(self.shown.n):
            take = g[s] if last else min(g[s], top)
            self.shown.contrib[s] -= take
        self._refresh_pots()

    def _on_PotWonUncontested(self, ev: R.PotWonUncontested) -> None:
        t = self._gather()
        total = self.shown.pot_total()
        self.shown.contrib = [0] * self.shown.n
        self.shown.winners.add(ev.seat)

        def go() -> None:
            self._refresh_pots()

            def arrive() -> None:
                self.shown.stacks[ev.seat] += ev.amount

            self.flights.launch(
                ev.amount or total,
                self.ring.pot_spot,
                self._plate_centre(ev.seat),
                0.5,
                0.0,
                arrive,
            )

        self.tweens.after(t, go)
        self.banner.show(
            say_about("wyrttable.uncontested", ev.seat, self.you(), name=self.seats[ev.seat].name),
            self.money(ev.amount),
            self._d(1.3),
            "info",
        )
        self.tweens.after(t + 0.9, lambda: None)
        self.log_event(ev)
