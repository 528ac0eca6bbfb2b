"""The start of a Wyrt hand ([T1], [T2]): the buck moves, the blinds and the
straddle are posted and five cards are dealt to each player.
"""

from __future__ import annotations

from game.cards import Deck, standard_deck
from game.core import Action, Event
from game.wyrt.pots import clockwise_from
from game.wyrt.records import (
    BettingRoundStarted,
    BlindPosted,
    CardsDealt,
    HandStarted,
    HoleCards,
    Straddle,
    StraddleDeclined,
)
from game.wyrt.relics import relic_of
from game.wyrt.showdown import WyrtShowdown


class WyrtDealing(WyrtShowdown):
    """How a hand starts (mixed into `WyrtMatch`)."""

    def _start_hand(self, events: list[Event], first_buck: int | None = None) -> None:
        players = self._players()
        if self._session_should_end(events, players):
            return
        n = self.n_seats
        self.hand_no += 1
        self.turn = self.hand_no
        if first_buck is not None:
            self.buck = (
                first_buck if first_buck in players else self._next_player(first_buck, players)
            )
        else:
            self.buck = self._next_player(self.buck, players)  # [T7] one seat clockwise
        self.sb_seat = self._next_player(self.buck, players)
        self.bb_seat = self._next_player(self.sb_seat, players)
        self.in_hand = [s in players for s in range(n)]
        self.folded = [False] * n
        self.all_in = [False] * n
        self.bets = [0] * n
        self.contrib = [0] * n
        self.acted = [False] * n
        self.acted_level = [0] * n
        self.hands = [[] for _ in range(n)]
        self.board = []
        self.board_dice = []
        self.round = 0
        self.current_bet = 0
        self.min_inc = self.bb_amount
        self.pending = None
        self.cheated = set()
        self.mask = {}
        self.forced_suit = ""
        self.peeks = {}
        self.hand_log = []
        self.vpip_done = set()
        self.pfr_done = set()
        self.straddled = False
        self.straddle_seat = -1
        for s in players:
            self.stats[s]["hands"] += 1
        self.deck = Deck(standard_deck())
        self.deck.shuffle(self.rng)
        events.append(
            HandStarted(
                hand=self.hand_no,
                buck=self.buck,
                dealer=-1 if self.fixed_dealer else self.buck,
                small_blind=self.sb_seat,
                big_blind=self.bb_seat,
                deck="morto" if self.morto_deck else "standard",
            )
        )
        self._post(self.sb_seat, self.sb_amount, "small", events)
        self._post(self.bb_seat, self.bb_amount, "big", events)
        for s in sorted(self.owes_join_blind):
            # A newcomer pays a big blind in his first hand (the seed's rule);
            # in the small-blind seat he tops his blind up to a big blind.
            if s in players and s != self.bb_seat:
                self._post(s, self.bb_amount - self.bets[s], "join", events)
        self.owes_join_blind &= {s for s in range(n) if not self.in_hand[s]}
        self.current_bet = self.bb_amount
        # [T2] the player left of the big blind may straddle (needs a third player).
        cand = self._next_player(self.bb_seat, players)
        if (
            self.straddle_on
            and len(players) >= 3
            and cand not in (self.sb_seat, self.bb_seat)
            and self.stacks[cand] > 0
            and cand not in self.owes_join_blind
            and self.bets[cand] == 0
        ):
            self.straddle_seat = cand
            self.phase = "straddle"
            return
        self._deal(events)

    def _post(self, seat: int, amount: int, blind: str, events: list[Event]) -> None:
        paid = self._put(seat, amount)
        events.append(BlindPosted(seat, blind, paid, self.all_in[seat]))
        self.hand_log.append(
            {"seat": seat, "act": blind, "amount": paid, "to": self.bets[seat], "round": 1}
        )

    def _apply_straddle(self, seat: int, action: Action, events: list[Event]) -> None:
        if isinstance(action, Straddle):
            self.straddled = True
            self._post(seat, 2 * self.bb_amount, "straddle", events)
            if self.bets[seat] > self.current_bet:
                self.current_bet = self.bets[seat]
        else:
            events.append(StraddleDeclined(seat))
        self._deal(events)

    def _deal(self, events: list[Event]) -> None:
        players = [s for s in clockwise_from(self.buck, self.n_seats) if self.in_hand[s]]
        for _ in range(5):
            for s in players:
                self.hands[s].append(self.deck.draw_one())
        events.append(CardsDealt(tuple(players), 5))
        for s in players:
            cards = tuple(self.hands[s])
            relics = tuple(relic_of(c) if self.morto_deck else "" for c in cards)
            events.append(HoleCards(s, cards, relics))
        self.phase = "betting"
        # First round: left of the big blind, or left of the straddler, who acts last.
        start = self.straddle_seat if self.straddled else self.bb_seat
        self.to_act = self._next_to_act(start)
        if self.to_act < 0:
            self._round_over(events)
        else:
            events.append(BettingRoundStarted(1, self.to_act))
