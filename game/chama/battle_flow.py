"""A Chama battle: presenting commanders, reinforcing, stopping, incursions,
armistices and spoils ([C8]-[C11], [C14], [C15]).
"""

from __future__ import annotations

from game.cards import Card
from game.chama import rules
from game.chama.actions import PresentHand, PresentPool
from game.chama.battle import ATT, CONTINUE, DEF, FIGHT, PRESENT_ATT, PRESENT_DEF, Battle
from game.chama.events import (
    ArmisticeCast,
    ArmisticeEnded,
    BattleEnded,
    BattleStarted,
    CardsDiscarded,
    CommanderPresented,
    DefenseDeclined,
    IncursionResolved,
    RealmRazed,
    Reinforced,
    SideStopped,
    SpoilsDrawn,
    StepStarted,
)
from game.chama.legal_moves import ChamaMoves
from game.chama.phases import BATTLE, DISCARD, SPOILS
from game.core import Event


class ChamaBattles(ChamaMoves):
    """Step 4's battle, from the attack to the spoils."""

    def _start_battle(self, seat: int, target: int, slot: int, ev: list[Event]) -> None:
        # [C11] the target of an armistice attacking its caster ends that armistice.
        keep = []
        for rec in self.armistices:
            caster, tgt, ace, _since = rec
            if caster == target and tgt == seat:
                self.discard[caster].append(ace)
                ev.append(ArmisticeEnded(caster, tgt, ace))
            else:
                keep.append(rec)
        self.armistices = keep
        self.phase = BATTLE
        self.battle = Battle(seat, target, slot)
        ev.append(BattleStarted(seat, target, rules.SLOTS[slot]))

    def _present(self, seat: int, a: PresentPool | PresentHand, ev: list[Event]) -> None:
        b = self.battle
        assert b is not None
        if isinstance(a, PresentPool):
            unit = self._take_unit(seat, a.uid)
            from_hand = False
        else:
            self.hands[seat].remove(a.card)
            unit = self._new_unit(a.card)
            from_hand = True
        b.history.append(unit.uid)
        attacking = b.stage == PRESENT_ATT
        if attacking:
            b.incursion += 1
            b.att, b.att_from_hand = unit, from_hand
            b.stage = PRESENT_DEF
        else:
            b.dfn, b.dfn_from_hand = unit, from_hand
        ev.append(
            CommanderPresented(
                seat,
                ATT if attacking else DEF,
                b.incursion,
                unit.uid,
                unit.commander,
                unit.army,
                from_hand,
                unit.level,
            )
        )
        if not attacking:
            b.stage = FIGHT
            self._new_streak(b)

    def _new_streak(self, b: Battle) -> None:
        """The losing side (ties: the attacker) is asked to act ([C8])."""
        b.losing = b.losing_side()
        b.actor = b.principal(b.losing)
        b.passed = []
        b.principal_stopped = False

    def _decline(self, ev: list[Event]) -> None:
        """[C8] no defence: the realm is razed, the attacker draws spoils."""
        b = self.battle
        assert b is not None
        ev.append(DefenseDeclined(b.defender))
        self._raze_target(ev)
        if b.att is not None:
            self.pool[b.attacker].append(b.att)
            b.att = None
        self._end_battle("razed", ev)

    def _raze_target(self, ev: list[Event]) -> None:
        b = self.battle
        assert b is not None
        self.slot_razed[b.defender][b.slot] = True
        ev.append(RealmRazed(b.defender, rules.SLOTS[b.slot], b.attacker))
        self.razes[b.attacker] += 1  # [C14] Conquistadores counts realms razed in battle
        if self.mode == "guerrilha" and self.hands[b.defender]:
            # [C14] the winner discards one random card from the opponent's hand.
            hand = self.hands[b.defender]
            card = hand.pop(self.rng.randrange(len(hand)))
            self.discard[b.defender].append(card)
            ev.append(CardsDiscarded(b.defender, (card,), "guerrilha"))

    def _reinforce(self, seat: int, card: Card, ev: list[Event]) -> None:
        b = self.battle
        assert b is not None
        side = b.losing
        self.hands[seat].remove(card)
        (b.att_reinf if side == ATT else b.def_reinf).append((seat, card))
        if seat not in (b.attacker, b.defender):
            b.helpers[seat] = side
        ev.append(Reinforced(seat, side, card, b.attack_level(), b.defense_level()))
        if b.losing_side() != side:
            self._new_streak(b)

    def _next_ally(self, b: Battle) -> int | None:
        n = self.n_seats
        for i in range(1, n):
            s = (b.attacker + i) % n
            if s not in b.passed and self._ally_can_help(s, b.losing):
                return s
        return None

    def _stop(self, seat: int, ev: list[Event]) -> None:
        """The losing side (or an ally) plays no more; maybe the incursion ends."""
        b = self.battle
        assert b is not None
        principal = seat == b.principal(b.losing)
        ev.append(SideStopped(seat, b.losing, not principal))
        if principal:
            b.principal_stopped = True
        else:
            b.passed.append(seat)
        ally = self._next_ally(b)
        if ally is not None:
            b.actor = ally
            return
        self._resolve_incursion(ev)

    def _resolve_incursion(self, ev: list[Event]) -> None:
        """[C8] the loser's cards are discarded; the winner returns to its pool."""
        b = self.battle
        assert b is not None and b.att is not None and b.dfn is not None
        winner = DEF if b.losing == ATT else ATT
        a_lv, d_lv = b.attack_level(), b.defense_level()
        if winner == DEF:
            loser_seat, loser_unit, loser_reinf = b.attacker, b.att, b.att_reinf
            win_seat, win_unit, win_reinf = b.defender, b.dfn, b.def_reinf
        else:
            loser_seat, loser_unit, loser_reinf = b.defender, b.dfn, b.def_reinf
            win_seat, win_unit, win_reinf = b.attacker, b.att, b.att_reinf
        discarded = self._discard_unit(loser_seat, loser_unit)
        for owner, card in loser_reinf:
            self.discard[owner].append(card)
            discarded.append(card)
        self.pool[win_seat].append(win_unit)
        b.spent.extend(win_reinf)
        b.att = b.dfn = None
        b.att_reinf, b.def_reinf = [], []
        ev.append(IncursionResolved(b.incursion, winner, a_lv, d_lv, tuple(discarded)))
        if winner == DEF:
            self._end_battle("defended", ev, spoils=[b.defender])
        else:
            b.stage = CONTINUE  # [C9] the attacker may go on against the same realm

    def _armistice(self, seat: int, ace: Card, ev: list[Event]) -> None:
        """[C11] the battle ends at once, no winner; the ace stays between the two."""
        b = self.battle
        assert b is not None
        target = b.defender if seat == b.attacker else b.attacker
        self.hands[seat].remove(ace)
        self.armistices.append((seat, target, ace, self.turns_taken[target]))
        ev.append(ArmisticeCast(seat, target, ace))
        self._units_home(b)
        self._end_battle("armistice", ev)

    def _units_home(self, b: Battle) -> None:
        if b.att is not None:
            self.pool[b.attacker].append(b.att)
        if b.dfn is not None:
            self.pool[b.defender].append(b.dfn)
        b.att = b.dfn = None

    def _end_battle(self, result: str, ev: list[Event], spoils: list[int] | None = None) -> None:
        """Discard every reinforcement, then spoils ([C10]) and on to step 5."""
        b = self.battle
        assert b is not None
        self._units_home(b)  # only armies still in an open incursion (none normally)
        by_owner: dict[int, list[Card]] = {}
        for owner, card in (*b.att_reinf, *b.def_reinf, *b.spent):
            by_owner.setdefault(owner, []).append(card)
        for owner, cards in sorted(by_owner.items()):
            self.discard[owner].extend(cards)
            ev.append(CardsDiscarded(owner, tuple(cards), "reinforcements"))
        self.battle = None
        ev.append(BattleEnded(b.attacker, b.defender, rules.SLOTS[b.slot], result))
        winners = list(spoils or [])
        if result == "razed":
            winners = [b.attacker]
        # [C15] Aliados: whoever helped an attacker who draws spoils draws one too.
        helpers = (
            [s for s, side in sorted(b.helpers.items()) if side == ATT]
            if b.attacker in winners
            else []
        )
        self.spoils_helpers = list(helpers)
        for s in winners:
            self._spoils(s, False, ev)
        for s in helpers:
            self._spoils(s, True, ev)
        self.phase = SPOILS if self.spoils_pending else DISCARD
        if self.phase == DISCARD:
            ev.append(StepStarted(self.active, 5))

    def _spoils(self, seat: int, helper: bool, ev: list[Event]) -> None:
        """[C10] one card from the winner's own pile; a realm may be played at once."""
        if not self.draw[seat] or not self.alive[seat]:
            ev.append(SpoilsDrawn(seat, 0, helper))
            return
        got = self._draw_cards(seat, 1, "spoils", ev)
        ev.append(SpoilsDrawn(seat, 1, helper))
        # [C10] (revised): whoever draws spoils is asked, whatever the card, so the
        # table cannot tell a realm (or a commander, an army) from the rest.
        self.spoils_pending.append((seat, got[0]))
