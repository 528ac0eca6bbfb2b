"""The Wyrt table session: hands of no-limit betting around dice community cards.

One `WyrtMatch` is a session at one table ([T8]): hands follow each other until
one player holds every chip, a hand limit is reached or someone leaves. Each hand
([T1]-[T6]): the buck moves, blinds (and maybe a straddle) are posted, five cards
are dealt to each player, then three betting rounds with a dice card rolled
before the second and the third, and a showdown of the best five of seven.
O Morto's modes ([T11]) play for life points; cheating ([T9]) and the relics of
A Mão do Morto (house) add their own actions on a player's turn.

The class is a chain of mixins over the state: `table_state` (the seats, the
stakes, the hand's state), `betting`, `showdown` (the end of a hand),
`dealing` (the start of one) and `session` (leaving, joining, the end); this
module holds the engine contract, the views and the results.
"""

from __future__ import annotations

import copy
from typing import Any

from game.core import Action, Event, IllegalAction
from game.wyrt import cheat_flow, relic_flow, views
from game.wyrt.records import (
    AllIn,
    Call,
    Cheat,
    CheatGiveUp,
    CheatPress,
    Check,
    Fold,
    InvokeRelic,
    Join,
    Leave,
    NoStraddle,
    Raise,
    Stay,
    Steal,
    Straddle,
)
from game.wyrt.session import WyrtSession
from game.wyrt.statuses import AWAY, DEAD, DEFEATED, PLAYING


class WyrtMatch(WyrtSession):
    """A Wyrt session at one table. See the module docstring and RULINGS [T1]-[T11]."""

    game_name = "wyrt"

    # ------------------------------------------------------------------
    # the contract (the state, the hand's steps and the session: see the module docstring)

    @property
    def to_move(self) -> list[int]:
        """Seats that must act now."""
        if self.over:
            return []
        if self.phase == "between":
            return [s for s in self._between_seats() if s not in self.between_choices]
        if self.phase == "straddle":
            return [self.straddle_seat]
        if self.phase == "betting" and self.to_act >= 0:
            return [self.to_act]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """What `seat` may do now; raise sizes are representative ([T3])."""
        if seat not in self.to_move:
            return []
        if self.phase == "between":
            acts: list[Action] = [Stay()]
            acts.append(Leave() if self.status[seat] == PLAYING else Join())
            return acts
        if self.phase == "straddle":
            acts = [Straddle(), NoStraddle()]
            if self._may_leave(seat):
                acts.append(Leave())
            return acts
        if self.pending is not None:
            return cheat_flow.pending_actions(self)
        acts = [Fold()]
        owe = self.current_bet - self.bets[seat]
        if owe <= 0:
            acts.append(Check())
        else:
            acts.append(Call())
        if self.can_raise(seat):
            lo, hi = self.raise_bounds(seat)
            for to in self._raise_sizes(seat, lo, hi):
                acts.append(Raise(to))
        if self._may_all_in(seat):
            acts.append(AllIn())
        if cheat_flow.may_cheat(self, seat):
            acts.append(Cheat())
        acts.extend(relic_flow.relic_actions(self, seat))
        if self._may_leave(seat):
            acts.append(Leave())
        return acts

    def check(self, seat: int, action: Action) -> None:
        """Raise IllegalAction with the ruling broken, before touching anything."""
        if self.phase == "between":
            if isinstance(action, Stay):
                return
            if isinstance(action, Leave):
                if self.status[seat] != PLAYING:
                    raise IllegalAction("T11", "wyrt.illegal.not_seated")
                return
            if isinstance(action, Join):
                if self.status[seat] != AWAY:
                    raise IllegalAction("T11", "wyrt.illegal.already_seated")
                return
            raise IllegalAction("T11", "wyrt.illegal.between_hands")
        if isinstance(action, Leave):
            if not self._may_leave(seat):
                raise IllegalAction("T11", "wyrt.illegal.no_leaving")
            return
        if self.phase == "straddle":
            if not isinstance(action, (Straddle, NoStraddle)):
                raise IllegalAction("T2", "wyrt.illegal.straddle_first")
            return
        if self.pending is not None:
            cheat_flow.check_pending(self, action)
            return
        if isinstance(action, (CheatPress, CheatGiveUp, Steal)):
            raise IllegalAction("T9", "wyrt.illegal.no_cheat_pending")
        if isinstance(action, Cheat):
            cheat_flow.check_cheat(self, seat)
            return
        if isinstance(action, InvokeRelic):
            relic_flow.check_relic(self, seat, action)
            return
        owe = self.current_bet - self.bets[seat]
        if isinstance(action, Fold):
            return
        if isinstance(action, Check):
            if owe > 0:
                raise IllegalAction("T3", "wyrt.illegal.check_owing", amount=owe)
            return
        if isinstance(action, Call):
            if owe <= 0:
                raise IllegalAction("T3", "wyrt.illegal.nothing_to_call")
            return
        if isinstance(action, AllIn):
            if self.stacks[seat] <= 0:
                raise IllegalAction("T3", "wyrt.illegal.no_chips")
            if not self._may_all_in(seat):
                raise IllegalAction("T3", "wyrt.illegal.not_reopened")
            return
        if isinstance(action, Raise):
            if not self.can_raise(seat):
                if self._others_can_bet(seat) and self.stacks[seat] > owe:
                    raise IllegalAction("T3", "wyrt.illegal.not_reopened")
                raise IllegalAction("T3", "wyrt.illegal.cannot_raise")
            lo, hi = self.raise_bounds(seat)
            if action.to > hi:
                raise IllegalAction("T3", "wyrt.illegal.raise_too_big", maximum=hi)
            if action.to < lo:
                raise IllegalAction("T3", "wyrt.illegal.raise_too_small", minimum=lo)
            return
        raise IllegalAction("T3", "wyrt.illegal.not_now", action=action.TYPE)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if self.phase == "between":
            self._apply_between(seat, action, events)
        elif isinstance(action, Leave):
            self._leave(seat, events)
        elif self.phase == "straddle":
            self._apply_straddle(seat, action, events)
        elif isinstance(action, (Cheat, CheatPress, CheatGiveUp, Steal)):
            cheat_flow.apply_cheat(self, seat, action, events)
        elif isinstance(action, InvokeRelic):
            relic_flow.apply_relic(self, seat, action, events)
        else:
            self._apply_bet(seat, action, events)
        return events

    # ------------------------------------------------------------------
    # cheating ([T9]) and A Mão do Morto (house): see cheat_flow / relic_flow; who
    # watches a cheat (`opponents_at_table`, `difficulty`) is read in `WyrtSession`

    # ------------------------------------------------------------------
    # views ([G4]): see views.py

    def public_view(self) -> dict[str, Any]:
        """Everything a spectator may see: no hole cards, never the deck."""
        return views.public_view(self)

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: the public table plus his own cards and options."""
        return views.seat_private_view(self, seat)

    # ------------------------------------------------------------------
    # results

    def standings(self) -> list[list[int]]:
        """Most chips (or PV) first; those out ranked by how long they lasted ([T8]);
        players expelled for cheating below everyone else, the latest expelled
        first, whatever they carried away ([T9])."""
        n = self.n_seats

        def key(s: int) -> tuple[int, int, int, int]:
            won = 1 if self.mode == "death_match" and s == self.wish_winner else 0
            if s in self.expelled_order:
                return (won, 0, self.expelled_order.index(s), 0)
            alive = 0 if self.status[s] in (DEAD, DEFEATED) else 1
            lasted = self.out_order.index(s) if s in self.out_order else len(self.out_order)
            return (won, 1, alive * self.stacks[s], lasted)

        groups: dict[tuple[int, int, int, int], list[int]] = {}
        for s in range(n):
            groups.setdefault(key(s), []).append(s)
        return [groups[k] for k in sorted(groups, reverse=True)]

    def distance_to_victory(self, seat: int) -> float:
        """Chips short of holding them all ([R7]); an expelled player never wins ([T9])."""
        if self.status[seat] in (DEAD, DEFEATED) or seat in self.expelled_order:
            return float(self.total_chips)
        return float(self.total_chips - self.stacks[seat])

    def snapshot(self) -> dict[str, Any]:
        """The full state, hidden parts included (tests and tools only)."""
        return {
            "phase": self.phase,
            "hand": self.hand_no,
            "buck": self.buck,
            "stacks": list(self.stacks),
            "status": list(self.status),
            "deck": [c.code for c in self.deck.cards],
            "hands": [[c.code for c in h] for h in self.hands],
            "board": [c.code for c in self.board],
            "bets": list(self.bets),
            "contrib": list(self.contrib),
            "folded": list(self.folded),
            "all_in": list(self.all_in),
            "acted": list(self.acted),
            "acted_level": list(self.acted_level),
            "current_bet": self.current_bet,
            "min_inc": self.min_inc,
            "round": self.round,
            "to_act": self.to_act,
            "pending": copy.deepcopy(self.pending),
            "cheated": sorted(self.cheated),
            "relics_used": dict(self.relics_used),
            "mask": dict(self.mask),
            "forced_suit": self.forced_suit,
            "between": dict(self.between_choices),
            "owes_join": sorted(self.owes_join_blind),
            "stats": [dict(s) for s in self.stats],
            "out_order": list(self.out_order),
            "expelled_order": list(self.expelled_order),
            "wish": self.wish_winner,
            "over": self.over,
        }
