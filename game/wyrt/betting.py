"""Wyrt's betting rounds ([T3]-[T5]): who is still to act, the raise sizes and when
a raise is reopened, checks, calls, raises and all-ins, and the end of a round
(the next dice card rolled, or the showdown).
"""

from __future__ import annotations

from game.core import Action, Event
from game.wyrt.dice_cards import roll_dice_card
from game.wyrt.records import (
    AllIn,
    BettingRoundStarted,
    Call,
    Check,
    DiceCardRolled,
    Fold,
    PlayerAllIn,
    PlayerCalled,
    PlayerChecked,
    PlayerFolded,
    PlayerRaised,
    RunOut,
)
from game.wyrt.table_state import WyrtState


class WyrtBetting(WyrtState):
    """The betting of a hand (mixed into `WyrtMatch`)."""

    def live_seats(self) -> list[int]:
        """Seats still in the hand (dealt in, not folded)."""
        return [s for s in range(self.n_seats) if self.in_hand[s] and not self.folded[s]]

    def _able(self) -> list[int]:
        return [s for s in self.live_seats() if not self.all_in[s]]

    def _others_can_bet(self, seat: int) -> bool:
        return any(s != seat for s in self._able())

    def _needs_action(self, s: int) -> bool:
        if not self.in_hand[s] or self.folded[s] or self.all_in[s]:
            return False
        return not self.acted[s] or self.bets[s] < self.current_bet

    def _next_to_act(self, after: int) -> int:
        able = self._able()
        if len(able) == 1:
            # Alone with chips: act only to answer a bet above his own.
            s = able[0]
            top = max((self.bets[o] for o in self.live_seats() if o != s), default=0)
            return s if self.bets[s] < top else -1
        for k in range(1, self.n_seats + 1):
            s = (after + k) % self.n_seats
            if self._needs_action(s):
                return s
        return -1

    def can_raise(self, seat: int) -> bool:
        """[T3]: chips beyond the call, someone to bet against, and betting open to him."""
        owe = self.current_bet - self.bets[seat]
        if self.stacks[seat] <= owe or not self._others_can_bet(seat):
            return False
        if not self.acted[seat]:
            return True
        # A short all-in does not reopen betting for who already acted; several
        # short all-ins that add up to a full raise do.
        return self.current_bet - self.acted_level[seat] >= self.min_inc

    def _may_all_in(self, seat: int) -> bool:
        """[T3] all-in is always open as a call; as a raise only where raising is."""
        owe = self.current_bet - self.bets[seat]
        stack = self.stacks[seat]
        return stack > 0 and (stack <= owe or self.can_raise(seat))

    def raise_bounds(self, seat: int) -> tuple[int, int]:
        """(smallest, largest) total bet this round a raise by `seat` may reach."""
        hi = self.bets[seat] + self.stacks[seat]
        lo = min(self.current_bet + self.min_inc, hi)
        return lo, hi

    def _raise_sizes(self, seat: int, lo: int, hi: int) -> list[int]:
        pot = sum(self.contrib)
        owe = self.current_bet - self.bets[seat]
        sizes = {lo}
        for frac in (0.5, 1.0, 2.0):
            sizes.add(self.current_bet + int((pot + owe) * frac))
        return sorted(t for t in sizes if lo <= t < hi)

    def _apply_bet(self, seat: int, action: Action, events: list[Event]) -> None:
        owe = self.current_bet - self.bets[seat]
        st = self.stats[seat]
        rnd = self.round + 1
        if owe > 0:
            st["faced_bet"] += 1
        if isinstance(action, Fold):
            self.folded[seat] = True
            st["folds"] += 1
            if owe > 0:
                st["folded_to_bet"] += 1
            events.append(PlayerFolded(seat))
            self.hand_log.append(
                {"seat": seat, "act": "fold", "amount": 0, "to": self.bets[seat], "round": rnd}
            )
        elif isinstance(action, Check):
            st["checks"] += 1
            events.append(PlayerChecked(seat))
            self.hand_log.append(
                {"seat": seat, "act": "check", "amount": 0, "to": self.bets[seat], "round": rnd}
            )
        elif isinstance(action, Call):
            paid = self._put(seat, owe)
            st["calls"] += 1
            self._mark_vpip(seat)
            if self.all_in[seat]:
                events.append(PlayerAllIn(seat, self.bets[seat], paid))
                act = "allin"
            else:
                events.append(PlayerCalled(seat, paid))
                act = "call"
            self.hand_log.append(
                {"seat": seat, "act": act, "amount": paid, "to": self.bets[seat], "round": rnd}
            )
        else:
            to = self.bets[seat] + self.stacks[seat] if isinstance(action, AllIn) else action.to  # type: ignore[attr-defined]  # a Bet or a Raise here
            paid = self._put(seat, to - self.bets[seat])
            to = self.bets[seat]
            if to > self.current_bet:
                # [T3] (revised): the minimum raise stays the big blind all round
                # (the seed's only limit); min_inc is not raised by bigger raises.
                self.current_bet = to
                st["raises"] += 1
                self._mark_vpip(seat)
                if self.round == 0 and seat not in self.pfr_done:
                    self.pfr_done.add(seat)
                    st["pfr"] += 1
            elif paid > 0:
                st["calls"] += 1
                self._mark_vpip(seat)
            if self.all_in[seat]:
                events.append(PlayerAllIn(seat, to, paid))
                act = "allin"
            else:
                events.append(PlayerRaised(seat, to, paid))
                act = "raise"
            self.hand_log.append({"seat": seat, "act": act, "amount": paid, "to": to, "round": rnd})
        self.acted[seat] = True
        self.acted_level[seat] = self.current_bet
        self.progress(seat, events)

    def _mark_vpip(self, seat: int) -> None:
        if self.round == 0 and seat not in self.vpip_done:
            self.vpip_done.add(seat)
            self.stats[seat]["vpip"] += 1

    def progress(self, after: int, events: list[Event]) -> None:
        """After an action: next player, next round, run-out or the end of the hand."""
        live = self.live_seats()
        if len(live) <= 1:
            self._win_uncontested(live[0] if live else -1, events)
            return
        nxt = self._next_to_act(after)
        if nxt >= 0:
            self.to_act = nxt
            return
        self._round_over(events)

    def _round_over(self, events: list[Event]) -> None:
        self.to_act = -1
        if self.round >= 2:
            self._showdown(events)
            return
        if len(self._able()) <= 1:
            # [T5] at most one player can bet: roll the rest without betting.
            events.append(RunOut(tuple(self.live_seats())))
            while len(self.board) < 2:
                self._roll_card(events)
            self._showdown(events)
            return
        self.round += 1
        self._roll_card(events)
        self.bets = [0] * self.n_seats
        self.acted = [False] * self.n_seats
        self.acted_level = [0] * self.n_seats
        self.current_bet = 0
        self.min_inc = self.bb_amount
        # [T5] from the second round on the small blind (or the next player still in) acts first.
        self.to_act = self._next_to_act((self.sb_seat - 1) % self.n_seats)
        if self.to_act < 0:
            self._round_over(events)
        else:
            events.append(BettingRoundStarted(self.round + 1, self.to_act))

    def _roll_card(self, events: list[Event]) -> None:
        forced = self.forced_suit or None
        self.forced_suit = ""
        r = roll_dice_card(self.rng, forced)
        self.board.append(r.card)
        self.board_dice.append({"suit_dice": list(r.suit_dice), "value_dice": list(r.value_dice)})
        events.append(
            DiceCardRolled(len(self.board), r.suit_dice, r.value_dice, r.card, forced is not None)
        )
