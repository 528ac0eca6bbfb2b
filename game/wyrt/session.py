"""The Wyrt session around the hands ([T8], [T11]): when it ends, leaving the
table mid-hand, and the choices between hands (stay, leave, join).
"""

from __future__ import annotations

from game.core import Action, Event, MatchOver
from game.wyrt import cheating
from game.wyrt.dealing import WyrtDealing
from game.wyrt.personas import Persona
from game.wyrt.records import (
    Join,
    Leave,
    PlayerJoined,
    PlayerLeft,
    RunOut,
    SessionEnded,
    WishGranted,
)
from game.wyrt.statuses import AWAY, LEFT, PLAYING


class WyrtSession(WyrtDealing):
    """The session's turns between and around hands (mixed into `WyrtMatch`)."""

    def _session_should_end(self, events: list[Event], players: list[int]) -> bool:
        if len(players) <= 1:
            self._end_session("one_left" if self.hand_no else "empty", events)
            return True
        if self.hand_limit > 0 and self.hand_no >= self.hand_limit:
            self._end_session("hand_limit", events)
            return True
        if self.turn_limit > 0 and self.hand_no >= self.turn_limit:
            self.timed_out = True
            self._end_session("turn_limit", events)
            return True
        return False

    def _end_session(self, reason: str, events: list[Event]) -> None:
        self.over = True
        self.phase = "over"
        self.to_act = -1
        self.end_reason = reason
        events.append(SessionEnded(reason))
        if self.mode == "death_match" and reason == "one_left":
            alive = self._players()
            if len(alive) == 1 and alive[0] != self.morto_seat:
                self.wish_winner = alive[0]
                events.append(WishGranted(alive[0]))
        events.append(MatchOver(tuple(tuple(g) for g in self.standings()), timed=self.timed_out))

    def _may_leave(self, seat: int) -> bool:
        if self.mode == "death_match":
            # Nobody leaves O Morto's table while he stands; he never leaves it.
            return self.morto_defeated and seat != self.morto_seat
        return True

    def _apply_between(self, seat: int, action: Action, events: list[Event]) -> None:
        choice = "stay"
        if isinstance(action, Leave):
            choice = "leave"
        elif isinstance(action, Join):
            choice = "join"
        self.between_choices[seat] = choice
        if self.to_move:
            return
        for s in sorted(self.between_choices):
            if self.between_choices[s] == "leave":
                self.status[s] = AWAY
                events.append(PlayerLeft(s, self.stacks[s]))
            elif self.between_choices[s] == "join":
                self.status[s] = PLAYING
                self.owes_join_blind.add(s)
                events.append(PlayerJoined(s))
        self.between_choices = {}
        if len(self._players()) < 2:
            self._end_session("empty", events)
            return
        self._start_hand(events)

    def _leave(self, seat: int, events: list[Event]) -> None:
        """Get up mid-session: fold any hand, take the stack away."""
        was_straddle = self.phase == "straddle"
        self.status[seat] = AWAY if self.mode == "life_cassino" else LEFT
        self.pending = None
        events.append(PlayerLeft(seat, self.stacks[seat]))
        if self.mode == "standard":
            # [T8] the human gets up: the session ends with this hand, settled at once.
            self.closing = True
            if was_straddle:
                # Nobody has seen a card: the blinds go back and the hand is void.
                for s in range(self.n_seats):
                    self.stacks[s] += self.contrib[s]
                self.contrib = [0] * self.n_seats
                self.last_hand = {"hand": self.hand_no, "board": [], "shown": {}, "winners": []}
                self._end_hand(events)
                return
            self.folded[seat] = True
            live = self.live_seats()
            if len(live) <= 1:
                self._win_uncontested(live[0] if live else -1, events)
                return
            events.append(RunOut(tuple(live)))
            while len(self.board) < 2:
                self._roll_card(events)
            self._showdown(events)
            return
        if was_straddle:
            self.in_hand[seat] = False
            self.folded[seat] = True
            self._deal(events)
            return
        self.folded[seat] = True
        self.progress(seat, events)

    # -- who watches a cheat ([T9]): read by cheat_flow and views, which type the
    # match as this class (they are imported by `match`, so never name `WyrtMatch`)

    def opponents_at_table(self, seat: int) -> list[tuple[int, Persona]]:
        """Everyone else seated at the table, watching (folded players too)."""
        return [
            (s, self.persona(s))
            for s in range(self.n_seats)
            if s != seat and self.status[s] == PLAYING
        ]

    def difficulty(self, seat: int) -> cheating.Difficulty:
        """The cheating difficulty `seat` faces now."""
        return cheating.table_difficulty(self.opponents_at_table(seat))
