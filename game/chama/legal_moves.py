"""What each seat may do now in Chama: who is to move and the legal actions of
every step and battle stage ([C3], [C5]-[C11], [C15], [C17]).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.cards import Card
from game.chama import actions as A
from game.chama import rules
from game.chama.battle import ATT, CONTINUE, FIGHT, PRESENT_ATT, PRESENT_DEF
from game.chama.phases import ATTACK, BATTLE, DISCARD, MULLIGAN, OVER, POOL, REALM, SPOILS
from game.chama.table_state import ChamaState
from game.core import Action


def _distinct(cards: Iterable[Card]) -> list[Card]:
    """Cards without repeats, in a stable order."""
    return sorted(set(cards))


def _junk_value(card: Card) -> float:
    """How little a card is worth keeping (lower = discard first); for suggestions."""
    if rules.is_army(card):
        return card.rank - 6
    if rules.is_commander(card):
        return 1.5 * (card.rank - 2) + 1
    if rules.is_realm(card):
        return 6
    return 7


class ChamaMoves(ChamaState):
    """Who is to move and the legal actions of each step."""

    def _may_present(self, seat: int) -> bool:
        """Whether, judging by what the table sees, `seat` might present a commander."""
        return bool(self.usable_units(seat)) or bool(self.hands[seat])

    def _may_have_choice(self, seat: int, ph: str) -> bool:
        """Whether, judging by what the table sees, `seat` might have something to do
        in step `ph` (hand sizes, formations and pools are public, hands are not)."""
        if self._redraw_ok(seat):
            return True
        hand = bool(self.hands[seat])
        if ph == REALM:
            if self._realm_options(seat):
                return True
            redraw_open = (
                self.redraws[seat] < rules.REDRAWS_PER_PLAYER
                and self.turns_taken[seat] <= rules.REDRAW_TURNS
                and not self.played_realm[seat]
            )
            return hand and (not self.realm_done and bool(self.fillable_slots(seat)) or redraw_open)
        if ph == POOL:
            return hand
        targets = any(
            self.may_attack(seat, t) and self.exposed_slots(t) for t in self.alive_seats()
        )
        return targets and self._may_present(seat)

    def _redraw_ok(self, seat: int) -> bool:
        """[C3] no realm played or held, within the first two turns, fewer than 2 redraws."""
        return (
            self.phase in (REALM, POOL, ATTACK)
            and seat == self.active
            and self.redraws[seat] < rules.REDRAWS_PER_PLAYER
            and self.turns_taken[seat] <= rules.REDRAW_TURNS
            and not self.played_realm[seat]
            and not any(rules.is_realm(c) for c in self.hands[seat])
        )

    def _rebuild_suggestion(self, seat: int) -> tuple[Card, ...]:
        hand = sorted(self.hands[seat], key=lambda c: (_junk_value(c), c))
        return tuple(sorted(hand[: rules.REBUILD_COST]))

    def _realm_options(self, seat: int) -> list[Action]:
        out: list[Action] = []
        hand = self.hands[seat]
        if not self.realm_done:
            slots = self.fillable_slots(seat)
            for card in _distinct(c for c in hand if rules.is_realm(c)):
                for i in slots:
                    out.append(A.PlayRealm(card, rules.SLOTS[i]))
            if len(hand) >= rules.REBUILD_COST:
                junk = self._rebuild_suggestion(seat)
                for i in range(6):
                    if self.slot_card[seat][i] is not None and self.slot_razed[seat][i]:
                        out.append(A.RebuildRealm(rules.SLOTS[i], junk))
        if self.xisum and not self.xisum_done:
            targets = [
                t
                for t in self.alive_seats()
                if t != seat and not self.are_partners(seat, t) and self.draw[t]
            ]
            for u in self.pool[seat]:
                if not u.face_down:
                    for t in targets:
                        out.append(A.CallXisum(u.uid, t))
        return out

    def _pool_options(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = [
            A.PoolCommander(c) for c in _distinct(c for c in hand if rules.is_commander(c))
        ]
        armies = _distinct(c for c in hand if rules.is_army(c))
        if armies:
            for u in self.pool[seat]:
                if u.army is None:
                    out.extend(A.AttachArmy(u.uid, a) for a in armies)
        return out

    def _attack_options(self, seat: int) -> list[Action]:
        if not self.can_present(seat):
            return []
        out: list[Action] = []
        for t in self.alive_seats():
            if self.may_attack(seat, t):
                out.extend(A.Attack(t, rules.SLOTS[i]) for i in self.exposed_slots(t))
        return out

    def _present_options(self, seat: int) -> list[Action]:
        out: list[Action] = [A.PresentPool(u.uid) for u in self.usable_units(seat)]
        out.extend(
            A.PresentHand(c)
            for c in _distinct(c for c in self.hands[seat] if rules.is_commander(c))
        )
        return out

    def _ally_can_help(self, seat: int, side: str) -> bool:
        """[C15] Aliados: outside the battle, one side only, honouring armistices."""
        b = self.battle
        if b is None or not self.aliados or seat in (b.attacker, b.defender):
            return False
        if not self.alive[seat] or b.helpers.get(seat, side) != side:
            return False
        opponent = b.defender if side == ATT else b.attacker
        if not self.may_attack(seat, opponent):
            return False
        # [C17]: asked whether or not he holds an army; only an empty hand (public) skips.
        return bool(self.hands[seat])

    @property
    def to_move(self) -> list[int]:
        """Who must act: the active player, the defender or an ally in battle, etc."""
        ph = self.phase
        if ph == OVER:
            return []
        if ph == MULLIGAN:
            return [self.mull_queue[0]]
        if ph == SPOILS:
            return [self.spoils_pending[0][0]]
        if ph == BATTLE and self.battle is not None:
            b = self.battle
            if b.stage == PRESENT_DEF:
                return [b.defender]
            if b.stage == FIGHT:
                return [b.actor]
            return [b.attacker]
        return [self.active]

    def legal_actions(self, seat: int) -> list[Action]:
        """Every move `seat` may make now (rebuild discards: one suggestion)."""
        if seat not in self.to_move:
            return []
        ph = self.phase
        if ph == MULLIGAN:
            return [A.KeepHand(), A.Mulligan()]
        if ph == SPOILS:
            return self._spoils_options(seat) + [A.KeepSpoils()]
        if ph == BATTLE:
            return self._battle_options(seat)
        out: list[Action] = []
        if ph == REALM:
            out = self._realm_options(seat)
        elif ph == POOL:
            out = self._pool_options(seat)
        elif ph == ATTACK:
            out = self._attack_options(seat)
        elif ph == DISCARD:
            return [A.DiscardCard(c) for c in _distinct(self.hands[seat])]
        if self._redraw_ok(seat):
            out.append(A.Redraw())
        out.append(A.EndStep())
        return out

    def _spoils_options(self, seat: int) -> list[Action]:
        """[C10] what may be done at once with the card drawn as spoils (besides keeping
        it): a realm into the formation; for the player whose turn it is, also a
        commander into the pool or an army onto a pool commander without one.
        An Aliados helper may only keep it ([C15])."""
        owner, card = self.spoils_pending[0]
        if owner != seat or seat in self.spoils_helpers:
            return []
        if rules.is_realm(card):
            return [A.PlaySpoilsRealm(rules.SLOTS[i]) for i in self.fillable_slots(seat)]
        if seat != self.active:
            return []
        if rules.is_commander(card):
            return [A.PoolSpoilsCommander()]
        if rules.is_army(card):
            return [A.AttachSpoilsArmy(u.uid) for u in self.pool[seat] if u.army is None]
        return []

    def _battle_options(self, seat: int) -> list[Action]:
        b = self.battle
        assert b is not None
        if b.stage == PRESENT_ATT:
            return self._present_options(seat) + [A.StopBattle()]
        if b.stage == PRESENT_DEF:
            return self._present_options(seat) + [A.Decline()]
        if b.stage == CONTINUE:
            return ([A.ContinueBattle()] if self.can_present(seat) else []) + [A.StopBattle()]
        hand = self.hands[seat]
        out: list[Action] = [A.Reinforce(c) for c in _distinct(c for c in hand if rules.is_army(c))]
        if seat in (b.attacker, b.defender):
            out.extend(
                A.PlayArmistice(c) for c in _distinct(c for c in hand if rules.is_armistice(c))
            )
        out.append(A.Stop())
        return out
