"""The end of a Wyrt hand ([T6], [T8]): an uncontested pot, the showdown of the best
five of seven and its pots, then the busted and the dead, and the next hand or
the session's end.
"""

from __future__ import annotations

from typing import Any

from game.cards import Card, Deck, standard_deck
from game.core import Event
from game.wyrt.betting import WyrtBetting
from game.wyrt.evaluator import HandValue, evaluate
from game.wyrt.pots import Pot, build_pots, clockwise_from, split, uncalled
from game.wyrt.records import (
    HandShown,
    MortoDefeated,
    PlayerBusted,
    PotWon,
    PotWonUncontested,
    SoulTaken,
    UncalledReturned,
)
from game.wyrt.relics import MASCARA, RELIC_CARDS
from game.wyrt.statuses import BUSTED, DEAD, DEFEATED, PLAYING


class WyrtShowdown(WyrtBetting):
    """How a hand ends (mixed into `WyrtMatch`)."""

    def hand_value(self, seat: int) -> HandValue:
        """The seat's best five with the dice cards (the Máscara's disguise applied)."""
        cards = list(self.hands[seat])
        suit = self.mask.get(seat)
        if suit and RELIC_CARDS[MASCARA] in cards:
            cards[cards.index(RELIC_CARDS[MASCARA])] = Card(10, suit)
        return evaluate(cards + self.board)

    def _return_uncalled(self, events: list[Event]) -> None:
        seat, extra = uncalled(self.contrib)
        if extra > 0:
            self.contrib[seat] -= extra
            self.stacks[seat] += extra
            events.append(UncalledReturned(seat, extra))

    def _win_uncontested(self, seat: int, events: list[Event]) -> None:
        self.to_act = -1
        self._return_uncalled(events)
        amount = sum(self.contrib)
        if seat >= 0:
            self.stacks[seat] += amount
            events.append(PotWonUncontested(seat, amount))
        self.contrib = [0] * self.n_seats
        self.last_hand = {
            "hand": self.hand_no,
            "board": [c.code for c in self.board],
            "shown": {},
            "winners": [seat] if seat >= 0 else [],
        }
        self._end_hand(events)

    def current_pots(self) -> list[Pot]:
        """The pots as they stand (uncalled chips count in the last one)."""
        return build_pots(
            self.contrib, [self.in_hand[s] and not self.folded[s] for s in range(self.n_seats)]
        )

    def _showdown(self, events: list[Event]) -> None:
        self.to_act = -1
        live = self.live_seats()
        values = {s: self.hand_value(s) for s in live}
        shown: dict[str, Any] = {}
        for s in [x for x in clockwise_from(self.buck, self.n_seats) if x in values]:
            v = values[s]
            events.append(HandShown(s, tuple(self.hands[s]), v.best_five, v.category))
            shown[str(s)] = {
                "cards": [c.code for c in self.hands[s]],
                "best_five": [c.code for c in v.best_five],
                "category": v.category,
            }
            self.stats[s]["showdowns"] += 1
        self._return_uncalled(events)
        pots = build_pots(self.contrib, [s in values for s in range(self.n_seats)])
        winners_all: set[int] = set()
        for i, pot in enumerate(pots):
            best = max(values[s] for s in pot.eligible)
            winners = [s for s in pot.eligible if values[s] == best]
            shares = split(pot.amount, winners, self.buck, self.n_seats)
            for s, amt in shares.items():
                self.stacks[s] += amt
            winners_all.update(winners)
            order = tuple(sorted(shares))
            events.append(
                PotWon(i + 1, pot.amount, order, tuple(shares[s] for s in order), best.category)
            )
        for s in winners_all:
            self.stats[s]["showdown_wins"] += 1
        self.contrib = [0] * self.n_seats
        self.last_hand = {
            "hand": self.hand_no,
            "board": [c.code for c in self.board],
            "shown": shown,
            "winners": sorted(winners_all),
        }
        self._end_hand(events)

    def _end_hand(self, events: list[Event]) -> None:
        self.phase = "setup"
        self.to_act = -1
        self.pending = None
        broke = [
            s
            for s in clockwise_from(self.buck, self.n_seats)
            if self.status[s] == PLAYING and self.stacks[s] == 0
        ]
        # [T11]: O Morto falling in the same hand ends the soul risk for everyone.
        broke.sort(key=lambda s: s != self.morto_seat)
        for s in broke:
            self._knock_out(s, events)
        # Cards go back to the deck; the next hand reshuffles all 52.
        self.hands = [[] for _ in range(self.n_seats)]
        self.deck = Deck(standard_deck())
        self.in_hand = [False] * self.n_seats
        self.folded = [False] * self.n_seats
        self.all_in = [False] * self.n_seats
        self.bets = [0] * self.n_seats
        self.mask = {}
        self.peeks = {}
        if self.closing:
            self._end_session("left", events)
            return
        if (
            self.mode == "life_cassino"
            and not self._limit_reached()
            and len(self._between_seats()) >= 2
        ):
            # [T11] between hands at the Life Cassino players may get up or sit down.
            self.phase = "between"
            self.between_choices = {}
            return
        self._start_hand(events)

    def _knock_out(self, seat: int, events: list[Event]) -> None:
        """A player at zero: busted, or dead in O Morto's modes ([T8], [T11])."""
        self.out_order.append(seat)
        if seat == self.morto_seat:
            self.status[seat] = DEFEATED
            if not self.morto_defeated:
                self.morto_defeated = True
                events.append(MortoDefeated(seat, "pv"))
            return
        if self.mode == "standard" or (self.mode == "death_match" and self.morto_defeated):
            # [T11] (revised): once O Morto is down, 0 PV puts a player out alive.
            self.status[seat] = BUSTED
            events.append(PlayerBusted(seat))
        else:
            self.status[seat] = DEAD
            events.append(SoulTaken(seat))
