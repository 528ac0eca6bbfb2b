"""The pieces on the Wyrt cloth, one of each, and the few moves they share: where
the fans and the board lie, where the deck and the plates are, a bet's flight.

The table builds the pieces once and hands them here as one thing (`WyrtCloth`);
the hand's and the session's animations and the layout move them through it.
"""

from __future__ import annotations

from dataclasses import dataclass

from scenes.i18n import tr
from scenes.tables import felt
from scenes.tables.wyrt.shown import Shown
from scenes.widgets.tween import Tweens


@dataclass(eq=False)
class WyrtCloth:
    """The felt's pieces of one Wyrt table (each built once and kept: `fans` is
    cleared, never replaced, so every holder sees the same hands)."""

    tweens: Tweens
    look: felt.FeltLook
    ring: felt.SeatRing
    fans: dict[int, felt.CardFan]
    board: felt.CardFan
    tray: felt.DiceTray
    banner: felt.Banner
    flights: felt.Flights
    pots: felt.PotRow
    #: seat -> seconds its plate still shakes (a cheat caught)
    shake: dict[int, float]

    def d(self, seconds: float) -> float:
        """`seconds` at the animation speed of the settings."""
        return self.tweens.scaled(seconds)

    def place_cards(self) -> None:
        """Put every fan and the board where the ring says (resize, new viewer)."""
        large = self.ring.card_width(large=True)
        small = self.ring.card_width()
        self.ring.set_hero_large(large)  # the bottom seat always sees its cards large
        for s, fan in self.fans.items():
            if s == self.ring.bottom:
                fan.place(self.ring.hero_cards_spot(large, tuck=0.08), large, 0.12)
            else:
                fan.place(self.ring.cards_spot(s), small, 0.72)
        self.board.place(self.ring.board_rect.center, small + small // 3)

    def fan(self, seat: int) -> felt.CardFan:
        """The fan of `seat`, made (and placed) on its first card."""
        fan = self.fans.get(seat)
        if fan is None:
            fan = felt.CardFan(self.tweens, self.ring.card_width(), self.look.back)
            self.fans[seat] = fan
            self.place_cards()
        return fan

    def deck_centre(self) -> tuple[float, float]:
        """Where dealt cards come from and mucked ones go."""
        x, y = self.ring.deck_spot
        self.ring.card_width()
        return x, y

    def plate_centre(self, seat: int) -> tuple[int, int]:
        """The middle of a seat's plate (where its chips come from and go)."""
        return self.ring.plate_rect(seat).center

    def tray_done(self) -> None:
        """Betting goes on: the dice of the last card leave the felt to the bets."""
        if self.tray.rows and self.tray.settled:
            self.tray.clear()

    def bet_flight(self, seat: int, amount: int) -> None:
        """Chips slide from a seat's stack to its bet (the last roll leaves the tray)."""
        self.tray_done()
        self.flights.launch(amount, self.plate_centre(seat), self.ring.bet_spot(seat), 0.3)

    def refresh_pots(self, shown: Shown) -> None:
        """The pots in the middle as `shown` has them, each with its name."""
        pots = shown.pots()
        if len(pots) <= 1:
            self.pots.set_pots([(p.amount, tr("wyrttable.pot")) for p in pots])
        else:
            self.pots.set_pots(
                [
                    (
                        p.amount,
                        tr("wyrttable.main_pot") if i == 0 else tr("wyrttable.side_pot", n=i),
                    )
                    for i, p in enumerate(pots)
                ]
            )
