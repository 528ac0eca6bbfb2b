"""The Chama match: how it is set up, takes an action or a card effect, and is
copied for search.

The rest lives in the modules it is built from, one topic each:
`table_state` (the state and what can be read from it), `legal_moves`,
`refusals`, `views`, `battle_flow` and `turn_flow`. Ruling ids ([C1]…[C16],
[R7], [R8]) mark where each rule is carried out.
"""

from __future__ import annotations

import copy
from typing import Any

from game.cards import Card, parse_card
from game.chama import actions as A
from game.chama import rules
from game.chama.battle import PRESENT_ATT, Battle, Unit
from game.chama.events import (
    ArmyAttached,
    CardsDiscarded,
    CommanderPooled,
    MulliganTaken,
    RealmPlayed,
    RealmRebuilt,
    RedrawDeclared,
    StepStarted,
    XisumCalled,
    XisumRevealed,
)
from game.chama.phases import (
    ATTACK,
    BATTLE,
    DISCARD,
    MULLIGAN,
    OVER,
    POOL,
    REALM,
    SPOILS,
    STEP_OF_PHASE,
)
from game.chama.refusals import ChamaRefusals
from game.chama.turn_flow import ChamaTurns
from game.chama.views import ChamaViews
from game.core import Action, Event, IllegalAction, Match
from game.rng import Rng, Seed

# The phases are imported from here by the bots, the policy and the tests.
__all__ = [
    "ATTACK",
    "BATTLE",
    "DISCARD",
    "MULLIGAN",
    "OVER",
    "POOL",
    "REALM",
    "SPOILS",
    "STEP_OF_PHASE",
    "ChamaMatch",
]


class ChamaMatch(ChamaTurns, ChamaViews, ChamaRefusals):
    """A Chama match for 2–4 players ([C1]–[C16])."""

    def __init__(self, seats: list[str], seed: Seed, options: dict[str, Any]) -> None:
        super().__init__(seats, seed, options)
        n = self.n_seats
        self.mode = options.get("mode", "campeonato")
        self.aliados = bool(options.get("aliados", False))
        self.xisum = bool(options.get("xisum", False))
        pine = list(options.get("pineapple", []) or [])
        # [] is "nobody brought one" (the registry's default for per-seat options).
        self.pineapples = [x in (True, "yes") for x in pine] if pine else [False] * n
        self.turn_limit = int(options.get("turn_limit", 0) or 0)
        self.tournament = bool(options.get("tournament", False))
        self.suits = list(rules.SEAT_SUITS[:n])
        self.redraws = [0] * n
        self.game_no = 0
        self.winners_ = []
        self.eliminated = []
        self._reset_game_state()
        self.start_events = self._new_game(first=True)

    # ------------------------------------------------------------ applying

    def _apply(self, seat: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        a = action
        if isinstance(a, A.KeepHand):
            self.mull_queue.pop(0)
            ev.append(MulliganTaken(seat, True))
            if not self.mull_queue:
                self._begin_turn(self.first_player, ev)
        elif isinstance(a, A.Mulligan):
            # [R8] the hand goes back, the pile is reshuffled, a new hand is drawn.
            self.draw[seat].extend(self.hands[seat])
            self.hands[seat] = []
            self.rng.shuffle(self.draw[seat])
            ev.append(MulliganTaken(seat, False))
            self._draw_cards(seat, rules.OPENING_HAND, "mulligan", ev)
            self.mull_queue.pop(0)
            if not self.mull_queue:
                self._begin_turn(self.first_player, ev)
        elif isinstance(a, A.Redraw):
            self.redraws[seat] += 1
            ev.append(RedrawDeclared(seat, tuple(self.hands[seat]), self.redraws[seat]))
            ev.extend(self._new_game(first=False))
        elif isinstance(a, A.EndStep):
            nxt = {REALM: POOL, POOL: ATTACK, ATTACK: DISCARD}[self.phase]
            self.phase = nxt
            ev.append(StepStarted(seat, STEP_OF_PHASE[nxt]))
        elif isinstance(a, A.PlayRealm):
            self._play_realm(seat, a.card, rules.slot_index(a.slot), False, ev)
            self.realm_done = True
        elif isinstance(a, A.RebuildRealm):
            i = rules.slot_index(a.slot)
            for c in a.discards:
                self.hands[seat].remove(c)
                self.discard[seat].append(c)
            self.slot_razed[seat][i] = False
            self.realm_done = True
            ev.append(RealmRebuilt(seat, a.slot, tuple(a.discards)))
        elif isinstance(a, A.CallXisum):
            self._xisum(seat, a.uid, a.target, ev)
        elif isinstance(a, A.PoolCommander):
            self.hands[seat].remove(a.card)
            u = self._new_unit(a.card)
            self.pool[seat].append(u)
            ev.append(CommanderPooled(seat, u.uid, a.card))
        elif isinstance(a, A.AttachArmy):
            self.hands[seat].remove(a.card)
            pool = self.pool[seat]
            for i, u in enumerate(pool):
                if u.uid == a.uid:
                    pool[i] = u._replace(army=a.card)
            ev.append(ArmyAttached(seat, a.uid, a.card))
        elif isinstance(a, A.Attack):
            self._start_battle(seat, a.target, rules.slot_index(a.slot), ev)
        elif isinstance(a, (A.PresentPool, A.PresentHand)):
            self._present(seat, a, ev)
        elif isinstance(a, A.Decline):
            self._decline(ev)
        elif isinstance(a, A.Reinforce):
            self._reinforce(seat, a.card, ev)
        elif isinstance(a, A.PlayArmistice):
            self._armistice(seat, a.card, ev)
        elif isinstance(a, A.Stop):
            self._stop(seat, ev)
        elif isinstance(a, A.ContinueBattle):
            b = self.battle
            assert b is not None
            b.stage = PRESENT_ATT
        elif isinstance(a, A.StopBattle):
            self._end_battle("stopped", ev)
        elif isinstance(a, A.PlaySpoilsRealm):
            _, card = self.spoils_pending.pop(0)
            self._play_realm(seat, card, rules.slot_index(a.slot), True, ev)
        elif isinstance(a, A.KeepSpoils):
            self.spoils_pending.pop(0)
        elif isinstance(a, A.PoolSpoilsCommander):
            _, card = self.spoils_pending.pop(0)
            self.hands[seat].remove(card)
            u = self._new_unit(card)
            self.pool[seat].append(u)
            ev.append(CommanderPooled(seat, u.uid, card))
        elif isinstance(a, A.AttachSpoilsArmy):
            _, card = self.spoils_pending.pop(0)
            self.hands[seat].remove(card)
            pool = self.pool[seat]
            for i, u in enumerate(pool):
                if u.uid == a.uid:
                    pool[i] = u._replace(army=card)
            ev.append(ArmyAttached(seat, a.uid, card))
        elif isinstance(a, A.DiscardCard):
            self.hands[seat].remove(a.card)
            self.discard[seat].append(a.card)
            ev.append(CardsDiscarded(seat, (a.card,), "hand_limit"))
        self._settle(ev)
        return ev

    def _play_realm(self, seat: int, card: Card, i: int, spoils: bool, ev: list[Event]) -> None:
        """[C5] into a free slot (in order) or onto a razed realm, which is discarded."""
        self.hands[seat].remove(card)
        old = self.slot_card[seat][i]
        if old is not None:
            self.discard[seat].append(old)
        self.slot_card[seat][i] = card
        self.slot_razed[seat][i] = False
        self.played_realm[seat] = True
        ev.append(RealmPlayed(seat, rules.SLOTS[i], card, old, spoils))

    def _xisum(self, seat: int, uid: int, target: int, ev: list[Event]) -> None:
        """[C15] face down a pool commander; the target's top card is revealed."""
        self.xisum_done = True
        pool = self.pool[seat]
        idx = next(i for i, u in enumerate(pool) if u.uid == uid)
        unit = pool[idx]._replace(face_down=True)
        pool[idx] = unit
        ev.append(XisumCalled(seat, target, uid, unit.commander))
        top = self.draw[target].pop()
        if not rules.is_commander(top):
            self.discard[target].append(top)
            ev.append(XisumRevealed(seat, target, top, "discarded"))
        elif unit.commander.rank > top.rank:
            self.discard[target].append(top)
            ev.append(XisumRevealed(seat, target, top, "won"))
        else:
            # Ties go to the defender (the revealed commander).
            pool.pop(idx)
            cards = self._discard_unit(seat, unit)
            ev.append(CardsDiscarded(seat, tuple(cards), "xisum"))
            u = self._new_unit(top)
            self.pool[target].append(u)
            ev.append(XisumRevealed(seat, target, top, "lost"))
            ev.append(CommanderPooled(target, u.uid, top))

    # -- [C13] card effects of 2.5.1, for variants and tools that raise them ----

    def effect_raze_attacked_realm(self) -> list[Event]:
        """[C13] a card razes the attacked realm: the battle ends, the attacker draws
        spoils, both commanders return to their pools."""
        b = self.battle
        if b is None:
            raise IllegalAction("C13", "chama.illegal.no_battle")
        ev: list[Event] = []
        self._raze_target(ev)
        self._units_home(b)
        self._end_battle("effect_razed", ev, spoils=[b.attacker])
        self._settle(ev)
        return ev

    def effect_discard_both_commanders(self) -> list[Event]:
        """[C13] a card discards both commanders: the battle ends, no spoils."""
        b = self.battle
        if b is None or b.att is None or b.dfn is None:
            raise IllegalAction("C13", "chama.illegal.no_battle")
        ev: list[Event] = []
        cards = self._discard_unit(b.attacker, b.att) + self._discard_unit(b.defender, b.dfn)
        ev.append(CardsDiscarded(b.attacker, tuple(cards), "effect"))
        b.att = b.dfn = None
        self._end_battle("effect_both", ev)
        self._settle(ev)
        return ev

    def effect_discard_attacking_commander(self) -> list[Event]:
        """[C13] a card discards the attacking commander: the battle ends and the
        defender draws spoils."""
        b = self.battle
        if b is None or b.att is None:
            raise IllegalAction("C13", "chama.illegal.no_battle")
        ev: list[Event] = []
        cards = self._discard_unit(b.attacker, b.att)
        ev.append(CardsDiscarded(b.attacker, tuple(cards), "effect"))
        b.att = None
        self._end_battle("effect_attacker", ev, spoils=[b.defender])
        self._settle(ev)
        return ev

    # ------------------------------------------------------------ search support

    def clone(self) -> ChamaMatch:
        """A fast independent copy (search, what-if): lists are copied, cards shared."""
        m = ChamaMatch.__new__(ChamaMatch)
        m.__dict__.update(self.__dict__)
        m.log = list(self.log)
        m.start_events = list(self.start_events)
        m.meta = copy.deepcopy(self.meta)
        m.options = dict(self.options)
        m.rng = self.rng.copy()
        m.draw = [list(x) for x in self.draw]
        m.hands = [list(x) for x in self.hands]
        m.slot_card = [list(x) for x in self.slot_card]
        m.slot_razed = [list(x) for x in self.slot_razed]
        m.pool = [list(x) for x in self.pool]
        m.discard = [list(x) for x in self.discard]
        m.alive = list(self.alive)
        m.razes = list(self.razes)
        m.turns_taken = list(self.turns_taken)
        m.played_realm = list(self.played_realm)
        m.redraws = list(self.redraws)
        m.armistices = list(self.armistices)
        m.battle = self.battle.copy() if self.battle is not None else None
        m.spoils_pending = list(self.spoils_pending)
        m.spoils_helpers = list(self.spoils_helpers)
        m.mull_queue = list(self.mull_queue)
        m.winners_ = list(self.winners_)
        m.eliminated = list(self.eliminated)
        return m

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: Rng) -> ChamaMatch:
        """A full match consistent with `view`: the hidden hands and draw piles are
        sampled from what the deck composition leaves unseen (determinisation)."""
        m = cls.__new__(cls)
        players = view["players"]
        n = len(players)
        Match.__init__(m, [f"p{i}" for i in range(n)], 0, {})
        m.rng = Rng(rng.randrange(1 << 30))
        m.mode = view["mode"]
        m.aliados = view["aliados"]
        m.xisum = view["xisum"]
        m.pineapples = [bool(p["pineapple"]) for p in players]
        m.turn_limit = int(view["turn_limit"])
        m.tournament = bool(view["tournament"])
        m.suits = [p["suit"] for p in players]
        m.redraws = [int(p["redraws"]) for p in players]
        m.game_no = int(view["game_no"])
        m.turn = int(view["turn"])
        m.winners_ = list(view["winners"])
        m.timed_out = bool(view["timed_out"])
        m.options = {"turn_limit": m.turn_limit}
        m._reset_game_state()
        m.eliminated = list(view["eliminated"])
        m.phase = view["phase"]
        m.active = int(view["active"])
        m.first_player = int(view["first_player"])
        m.realm_done = bool(view["realm_done"])
        m.xisum_done = bool(view["xisum_done"])
        m.next_uid = int(view["next_uid"])
        m.mull_queue = list(view["mulligan_queue"])
        m.armistices = [
            (a["caster"], a["target"], parse_card(a["card"]), a["since"])
            for a in view["armistices"]
        ]
        m.battle = Battle.from_dict(view["battle"]) if view["battle"] else None
        for s, p in enumerate(players):
            m.alive[s] = bool(p["alive"])
            m.razes[s] = int(p["razes"])
            m.turns_taken[s] = int(p["turns_taken"])
            m.played_realm[s] = bool(p["played_realm"])
            m.discard[s] = [parse_card(x) for x in p["discard"]]
            for i, f in enumerate(p["formation"]):
                m.slot_card[s][i] = parse_card(f["card"]) if f["card"] else None
                m.slot_razed[s][i] = bool(f["razed"])
            m.pool[s] = [Unit.from_dict(u) for u in p["pool"]]
        me = view.get("seat")
        for s, p in enumerate(players):
            unseen = rules.full_deck(m.suits[s])
            seen: list[Card] = list(m.discard[s])
            seen.extend(c for c in m.slot_card[s] if c is not None)
            for u in m.pool[s]:
                seen.append(u.commander)
                if u.army:
                    seen.append(u.army)
            if m.battle is not None:
                seen.extend(m.battle.cards_of(s))
            seen.extend(ace for c, _t, ace, _ in m.armistices if c == s)
            if s == me:
                seen.extend(parse_card(x) for x in view["hand"])
            for c in seen:
                unseen.remove(c)
            m.rng.shuffle(unseen)
            if s == me:
                m.hands[s] = [parse_card(x) for x in view["hand"]]
                m.draw[s] = unseen
            else:
                k = int(p["hand_count"])
                m.hands[s] = unseen[:k]
                m.draw[s] = unseen[k:]
        m.spoils_pending = []
        m.spoils_helpers = list(view.get("spoils_helpers", []))
        for s in view["spoils_pending"]:
            if s == me and view.get("spoils_card"):
                m.spoils_pending.append((s, parse_card(view["spoils_card"])))
            elif m.hands[s]:
                # Someone else's spoils card: any card of his sampled hand ([C10]).
                m.spoils_pending.append((s, m.hands[s][-1]))
        return m
