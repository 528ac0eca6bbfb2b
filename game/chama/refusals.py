"""Why a Chama action is refused: the rule it breaks ([G3])."""

from __future__ import annotations

from game.cards import Card
from game.chama import actions as A
from game.chama import rules
from game.chama.battle import FIGHT
from game.chama.legal_moves import ChamaMoves
from game.chama.phases import ATTACK, BATTLE, DISCARD, POOL, REALM, SPOILS
from game.core import Action, IllegalAction


class ChamaRefusals(ChamaMoves):
    """Checking an action, with the most specific reason for a refusal."""

    def check(self, seat: int, action: Action) -> None:
        """Refuse an illegal action with the rule it breaks ([G3])."""
        if isinstance(action, A.RebuildRealm):
            self._check_rebuild(seat, action)
            return
        if action in self.legal_actions(seat):
            return
        raise self._why(seat, action)

    def _check_rebuild(self, seat: int, a: A.RebuildRealm) -> None:
        if self.phase != REALM:
            raise IllegalAction("C5", "chama.illegal.wrong_step")
        if self.realm_done:
            raise IllegalAction("C5", "chama.illegal.one_realm_per_turn")
        if a.slot not in rules.SLOTS:
            raise IllegalAction("C5", "chama.illegal.no_such_slot", slot=a.slot)
        i = rules.slot_index(a.slot)
        if self.slot_card[seat][i] is None or not self.slot_razed[seat][i]:
            raise IllegalAction("C5", "chama.illegal.not_razed", slot=a.slot)
        if len(a.discards) != rules.REBUILD_COST:
            raise IllegalAction("C5", "chama.illegal.rebuild_cost")
        hand = list(self.hands[seat])
        for c in a.discards:
            if c not in hand:
                raise IllegalAction("C5", "chama.illegal.not_in_hand", card=str(c))
            hand.remove(c)

    def _why(self, seat: int, a: Action) -> IllegalAction:
        """The most specific reason an action outside `legal_actions` is refused."""
        ph = self.phase
        hand = self.hands[seat]
        card = getattr(a, "card", None)
        if isinstance(card, Card) and card not in hand and not isinstance(a, A.DiscardCard):
            return IllegalAction("C8", "chama.illegal.not_in_hand", card=str(card))
        if isinstance(a, (A.KeepHand, A.Mulligan)):
            return IllegalAction("R8", "chama.illegal.no_mulligan_now")
        if isinstance(a, A.Redraw):
            return IllegalAction("C3", "chama.illegal.no_redraw")
        if isinstance(a, A.PlayRealm):
            if ph != REALM:
                return IllegalAction("C5", "chama.illegal.wrong_step")
            if not rules.is_realm(a.card):
                return IllegalAction("C1", "chama.illegal.not_a_realm", card=str(a.card))
            if self.realm_done:
                return IllegalAction("C5", "chama.illegal.one_realm_per_turn")
            return IllegalAction("C5", "chama.illegal.slot_order", slot=a.slot)
        if isinstance(a, A.CallXisum):
            if not self.xisum:
                return IllegalAction("C15", "chama.illegal.no_xisum_variant")
            return IllegalAction("C15", "chama.illegal.xisum_not_now")
        if isinstance(a, A.PoolCommander):
            if ph != POOL:
                return IllegalAction("C7", "chama.illegal.wrong_step")
            return IllegalAction("C7", "chama.illegal.not_a_commander", card=str(a.card))
        if isinstance(a, A.AttachArmy):
            if ph != POOL:
                return IllegalAction("C7", "chama.illegal.wrong_step")
            return IllegalAction("C7", "chama.illegal.one_army_per_commander")
        if isinstance(a, A.Attack):
            if ph != ATTACK:
                return IllegalAction("C8", "chama.illegal.wrong_step")
            t = a.target
            if not 0 <= t < self.n_seats or t == seat or not self.alive[t]:
                return IllegalAction("C8", "chama.illegal.bad_target")
            if self.are_partners(seat, t):
                return IllegalAction("C14", "chama.illegal.partner")
            if not self.may_attack(seat, t):
                return IllegalAction("C11", "chama.illegal.armistice")
            if not self.can_present(seat):
                return IllegalAction("C8", "chama.illegal.no_commander")
            return IllegalAction("C6", "chama.illegal.protected", slot=a.slot)
        if isinstance(a, (A.PresentPool, A.PresentHand)):
            if ph != BATTLE:
                return IllegalAction("C8", "chama.illegal.wrong_step")
            return IllegalAction("C8", "chama.illegal.commander_used")
        if isinstance(a, (A.Reinforce, A.PlayArmistice, A.Stop)):
            b = self.battle
            if b is not None and b.stage == FIGHT and seat == b.actor:
                return IllegalAction("C8", "chama.illegal.wrong_card")
            return IllegalAction("C8", "chama.illegal.only_losing_side")
        if isinstance(
            a, (A.PlaySpoilsRealm, A.KeepSpoils, A.PoolSpoilsCommander, A.AttachSpoilsArmy)
        ):
            if ph != SPOILS:
                return IllegalAction("C10", "chama.illegal.no_spoils")
            if isinstance(a, A.PlaySpoilsRealm) and rules.is_realm(self.spoils_pending[0][1]):
                return IllegalAction("C5", "chama.illegal.slot_order", slot=a.slot)
            return IllegalAction("C10", "rulings.chama.spoils_not_so")
        if isinstance(a, A.DiscardCard):
            if ph != DISCARD:
                return IllegalAction("C2", "chama.illegal.wrong_step")
            return IllegalAction("C2", "chama.illegal.not_in_hand", card=str(a.card))
        return IllegalAction("G3", "chama.illegal.not_now")
