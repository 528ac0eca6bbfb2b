"""The flow of Chama turns: the deal, the cut for first, step 1's draw and
victory checks, elimination, the end of a turn and the steps nobody has a
choice in ([C2]-[C4], [C12], [C14], [C16], [C17]).
"""

from __future__ import annotations

from game.cards import Card
from game.chama import phases, rules
from game.chama.battle import CONTINUE, FIGHT, PRESENT_ATT, PRESENT_DEF
from game.chama.battle_flow import ChamaBattles
from game.chama.events import (
    CutForFirst,
    FirstPlayer,
    GameRestarted,
    PlayerEliminated,
    PoolDiscarded,
    StepStarted,
    TurnEnded,
    TurnStarted,
)
from game.chama.phases import ATTACK, BATTLE, DISCARD, MULLIGAN, OVER, POOL, REALM, SPOILS
from game.core import Event, MatchOver


class ChamaTurns(ChamaBattles):
    """Dealing, starting and ending turns, and settling the steps without a choice."""

    def _new_game(self, first: bool) -> list[Event]:
        """Shuffle, pick the first player, deal; a redraw comes back here ([C3])."""
        ev: list[Event] = []
        self.game_no += 1
        self._reset_game_state()
        if not first:
            ev.append(GameRestarted(self.game_no))
        for pile in self.draw:
            self.rng.shuffle(pile)
        if self.tournament:
            # [R8] a coin toss / random draw from the match generator.
            self.first_player = self.rng.randrange(self.n_seats)
            ev.append(FirstPlayer(self.first_player, "coin"))
        else:
            self.first_player = self._cut_for_first(ev)
            ev.append(FirstPlayer(self.first_player, "cut"))
        for seat in range(self.n_seats):
            self._draw_cards(seat, rules.OPENING_HAND, "deal", ev)
        if self.tournament and first:
            n = self.n_seats
            self.mull_queue = [(self.first_player + i) % n for i in range(n)]
            self.phase = MULLIGAN
        else:
            self._begin_turn(self.first_player, ev)
        return ev

    def _cut_for_first(self, ev: list[Event]) -> int:
        """[C2] everyone cuts; highest (A high) starts; tied players cut again."""
        contenders = list(range(self.n_seats))
        while True:
            cuts = [self.draw[s][self.rng.randrange(len(self.draw[s]))] for s in contenders]
            ev.append(CutForFirst(tuple(contenders), tuple(cuts)))
            best = max(c.rank for c in cuts)
            top = [s for s, c in zip(contenders, cuts, strict=True) if c.rank == best]
            if len(top) == 1:
                # The cut card goes back; decks are shuffled again before the deal.
                for pile in self.draw:
                    self.rng.shuffle(pile)
                return top[0]
            contenders = top

    def _begin_turn(self, seat: int, ev: list[Event]) -> None:
        """Step 1: draw, then the victory checks ([C2], [C4], [C14])."""
        self.active = seat
        self.turn += 1
        self.turns_taken[seat] += 1
        self.realm_done = False
        self.xisum_done = False
        # [C15] Xisum: a face-down commander turns back up at its owner's turn.
        self.pool[seat] = [
            u._replace(face_down=False) if u.face_down else u for u in self.pool[seat]
        ]
        ev.append(TurnStarted(seat, self.turn))
        ev.append(StepStarted(seat, 1))
        if self.mode == "duplas":
            team = self.team_of(seat)
            if sum(self.unrazed(s) for s in team) >= rules.TEAM_REALMS_TO_WIN:
                self._finish(list(team), ev)
                return
        if not self.draw[seat]:
            # [C4] an empty draw pile at the draw step loses.
            self._eliminate(seat, ev)
            return
        self._draw_cards(seat, self.draw_count(seat), "turn", ev)
        if self.mode in ("campeonato", "guerrilha"):
            if self.unrazed(seat) >= rules.REALMS_TO_WIN:
                self._finish([seat], ev)
                return
        elif self.mode == "conquistadores" and (
            self.razes[seat] >= rules.CONQUEST_RAZES and self.unrazed(seat) >= rules.CONQUEST_REALMS
        ):
            self._finish([seat], ev)
            return
        self.phase = REALM
        ev.append(StepStarted(seat, 2))

    def _eliminate(self, seat: int, ev: list[Event]) -> None:
        """[C4] a decked-out player loses: leaves (3–4), or the table is decided."""
        self.alive[seat] = False
        self.eliminated.append(seat)
        ev.append(PlayerEliminated(seat, "decked"))
        if self.mode == "duplas":
            # The whole team loses; the other team wins.
            mine = set(self.team_of(seat))
            for s in mine:
                if self.alive[s]:
                    self.alive[s] = False
                    self.eliminated.append(s)
            self._finish([s for s in range(self.n_seats) if s not in mine], ev)
            return
        left = self.alive_seats()
        if len(left) == 1:
            self._finish(left, ev)
            return
        if seat == self.active:
            self._end_turn(ev, ended=False)

    def _end_turn(self, ev: list[Event], ended: bool = True) -> None:
        """Step 6, then the next player's turn (or the end on time, [C16])."""
        cur = self.active
        if ended:
            ev.append(StepStarted(cur, 6))
            ev.append(TurnEnded(cur))
        # [C12] a player without realms discards the whole pool at the end of the turn.
        for s in self.alive_seats():
            if self.pool[s] and not self.has_realm(s):
                cards: list[Card] = []
                for u in self.pool[s]:
                    cards.extend(self._discard_unit(s, u))
                self.pool[s] = []
                ev.append(PoolDiscarded(s, tuple(cards)))
        nxt = self._next_alive(cur)
        round_end = False
        i = cur
        while True:
            i = (i + 1) % self.n_seats
            if i == self.first_player:
                round_end = True
            if i == nxt:
                break
        if self.turn_limit and self.turn >= self.turn_limit and round_end:
            # [C16]/[R7] the round of the limit is over: score the table.
            self.timed_out = True
            self._finish([], ev)
            return
        self._begin_turn(nxt, ev)

    def _finish(self, winners: list[int], ev: list[Event]) -> None:
        self.winners_ = sorted(winners)
        self.phase = OVER
        self.battle = None
        ev.append(MatchOver(tuple(tuple(g) for g in self.standings()), timed=self.timed_out))

    def _settle(self, ev: list[Event]) -> None:
        """Move on through steps and battle stages where nobody has a choice."""
        for _ in range(200):
            if self.phase == OVER:
                return
            ph = self.phase
            seat = self.active
            if ph in (REALM, POOL, ATTACK) and not self._may_have_choice(seat, ph):
                # [C17]: a step is skipped only when the table can see there is
                # nothing to do in it; otherwise the player is asked.
                self.phase = {REALM: POOL, POOL: ATTACK, ATTACK: DISCARD}[ph]
                ev.append(StepStarted(seat, phases.STEP_OF_PHASE[self.phase]))
            elif ph == DISCARD and len(self.hands[seat]) <= rules.HAND_LIMIT:
                self._end_turn(ev)
            elif ph == SPOILS and not self.spoils_pending:
                self.phase = DISCARD
                ev.append(StepStarted(seat, 5))
            elif ph == BATTLE and self.battle is not None and self._battle_autostep(ev):
                pass
            else:
                return
        raise RuntimeError("chama: the turn did not settle")

    def _battle_autostep(self, ev: list[Event]) -> bool:
        """Carry out a battle decision only when the whole table can see it has one
        answer (no usable pool commander and an empty hand): a choice that only the
        hidden hand makes single is still asked ([C17])."""
        b = self.battle
        assert b is not None
        if b.stage in (PRESENT_ATT, CONTINUE) and not self._may_present(b.attacker):
            self._end_battle("stopped", ev)
            return True
        if b.stage == PRESENT_DEF and not self._may_present(b.defender):
            self._decline(ev)
            return True
        if b.stage == FIGHT and not self.hands[b.actor]:
            self._stop(b.actor, ev)
            return True
        return False
