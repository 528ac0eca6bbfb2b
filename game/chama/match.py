"""The Chama match: turns of six steps, the formation, the pool and battles.

State lives in plain lists indexed by seat so that `clone()` is cheap (the hard
bot searches on copies). Ruling ids ([C1]…[C16], [R7], [R8]) mark where each
rule is carried out.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from game.cards import Card, parse_card
from game.chama import rules
from game.chama.actions import (
    AttachArmy,
    AttachSpoilsArmy,
    Attack,
    CallXisum,
    ContinueBattle,
    Decline,
    DiscardCard,
    EndStep,
    KeepHand,
    KeepSpoils,
    Mulligan,
    PlayArmistice,
    PlayRealm,
    PlaySpoilsRealm,
    PoolCommander,
    PoolSpoilsCommander,
    PresentHand,
    PresentPool,
    RebuildRealm,
    Redraw,
    Reinforce,
    Stop,
    StopBattle,
)
from game.chama.battle import ATT, CONTINUE, DEF, FIGHT, PRESENT_ATT, PRESENT_DEF, Battle, Unit
from game.chama.events import (
    ArmisticeCast,
    ArmisticeEnded,
    ArmyAttached,
    BattleEnded,
    BattleStarted,
    CardsDiscarded,
    CardsDrawn,
    CommanderPooled,
    CommanderPresented,
    CutForFirst,
    DefenseDeclined,
    DrewCards,
    FirstPlayer,
    GameRestarted,
    IncursionResolved,
    MulliganTaken,
    PlayerEliminated,
    PoolDiscarded,
    RealmPlayed,
    RealmRazed,
    RealmRebuilt,
    RedrawDeclared,
    Reinforced,
    SideStopped,
    SpoilsDrawn,
    StepStarted,
    TurnEnded,
    TurnStarted,
    XisumCalled,
    XisumRevealed,
)
from game.core import Action, Event, IllegalAction, Match, MatchOver
from game.rng import Rng

# Phases of the active player's turn (the steps of the rules).
MULLIGAN = "mulligan"
REALM = "realm"  # step 2
POOL = "pool"  # step 3
ATTACK = "attack"  # step 4, choosing the target
BATTLE = "battle"  # step 4, the battle sub-state
SPOILS = "spoils"  # a realm drawn as spoils may be played now ([C10])
DISCARD = "discard"  # step 5
OVER = "over"

STEP_OF_PHASE = {REALM: 2, POOL: 3, ATTACK: 4, BATTLE: 4, SPOILS: 4, DISCARD: 5}


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


class ChamaMatch(Match):
    """A Chama match for 2–4 players ([C1]–[C16])."""

    game_name = "chama"

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any]) -> None:
        super().__init__(seats, seed, options)
        n = self.n_seats
        self.mode: str = options.get("mode", "campeonato")
        self.aliados: bool = bool(options.get("aliados", False))
        self.xisum: bool = bool(options.get("xisum", False))
        pine = list(options.get("pineapple", []) or [])
        # [] is "nobody brought one" (the registry's default for per-seat options).
        self.pineapples: list[bool] = [x in (True, "yes") for x in pine] if pine else [False] * n
        self.turn_limit: int = int(options.get("turn_limit", 0) or 0)
        self.tournament: bool = bool(options.get("tournament", False))
        self.suits: list[str] = list(rules.SEAT_SUITS[:n])
        self.redraws: list[int] = [0] * n
        self.game_no = 0
        self.winners_: list[int] = []
        self.eliminated: list[int] = []
        self._reset_game_state()
        self.start_events = self._new_game(first=True)

    # ------------------------------------------------------------------ setup

    def _reset_game_state(self) -> None:
        n = self.n_seats
        self.draw: list[list[Card]] = [rules.full_deck(s) for s in self.suits]
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.slot_card: list[list[Card | None]] = [[None] * 6 for _ in range(n)]
        self.slot_razed: list[list[bool]] = [[False] * 6 for _ in range(n)]
        self.pool: list[list[Unit]] = [[] for _ in range(n)]
        self.discard: list[list[Card]] = [[] for _ in range(n)]
        self.alive: list[bool] = [True] * n
        self.razes: list[int] = [0] * n
        self.turns_taken: list[int] = [0] * n
        self.played_realm: list[bool] = [False] * n
        #: armistices in play: (caster, target, ace, target's turns_taken when cast)
        self.armistices: list[tuple[int, int, Card, int]] = []
        self.battle: Battle | None = None
        #: spoils cards whose drawers are still to be asked about them: (seat, card) ([C10])
        self.spoils_pending: list[tuple[int, Card]] = []
        #: Aliados helpers among the spoils drawers: they may only keep the card ([C15])
        self.spoils_helpers: list[int] = []
        self.mull_queue: list[int] = []
        self.phase = REALM
        self.active = 0
        self.first_player = 0
        self.realm_done = False
        self.xisum_done = False
        self.next_uid = 1
        self.eliminated = []

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

    # ------------------------------------------------------------ small helpers

    def team_of(self, seat: int) -> tuple[int, ...]:
        """Duplas: partners sit opposite (0+2, 1+3) ([C14]); else just the seat."""
        if self.mode == "duplas":
            return (seat % 2, seat % 2 + 2)
        return (seat,)

    def are_partners(self, a: int, b: int) -> bool:
        """True for two different seats of one Duplas team."""
        return a != b and self.mode == "duplas" and a % 2 == b % 2

    def unrazed(self, seat: int) -> int:
        """Unrazed realms in `seat`'s formation."""
        cards = self.slot_card[seat]
        razed = self.slot_razed[seat]
        return sum(1 for i in range(6) if cards[i] is not None and not razed[i])

    def has_realm(self, seat: int) -> bool:
        """Any realm in the formation, razed ones included ([C12])."""
        return any(c is not None for c in self.slot_card[seat])

    def fillable_slots(self, seat: int) -> list[int]:
        """Slots a new realm may go to: free ones in order, or razed ones ([C5])."""
        filled = [c is not None for c in self.slot_card[seat]]
        razed = self.slot_razed[seat]
        return [i for i in range(6) if rules.can_fill(filled, i) or (filled[i] and razed[i])]

    def exposed_slots(self, seat: int) -> list[int]:
        """Unrazed realms of `seat` that may be attacked now ([C6], Guerrilha [C14])."""
        present = [c is not None for c in self.slot_card[seat]]
        razed = self.slot_razed[seat]
        g = self.mode == "guerrilha"
        return [i for i in range(6) if rules.exposed(present, razed, i, g)]

    def may_attack(self, attacker: int, target: int) -> bool:
        """Seat rules for attacking: opponents only, never a partner, armistices ([C11])."""
        if attacker == target or not self.alive[target] or self.are_partners(attacker, target):
            return False
        for caster, tgt, _ace, since in self.armistices:
            if caster == attacker and tgt == target:
                return False
            if caster == target and tgt == attacker and self.turns_taken[attacker] < since + 2:
                return False
        return True

    def usable_units(self, seat: int) -> list[Unit]:
        """Pool commanders of `seat` free to fight now (not face down, not used)."""
        used = self.battle.history if self.battle is not None else ()
        return [u for u in self.pool[seat] if not u.face_down and u.uid not in used]

    def can_present(self, seat: int) -> bool:
        """Whether `seat` has any commander to present (hand or pool)."""
        return bool(self.usable_units(seat)) or any(rules.is_commander(c) for c in self.hands[seat])

    def draw_count(self, seat: int) -> int:
        """Cards drawn at the start of a turn: 3, less with pineapples ([C15])."""
        n = rules.DRAW_PER_TURN
        pines = [s for s in range(self.n_seats) if self.pineapples[s]]
        if len(pines) >= 2 or (len(pines) == 1 and pines[0] != seat):
            n -= 1
        return max(1, n)

    def in_play_counts(self, seat: int) -> tuple[int, int, int]:
        """(unrazed realms, commanders in play, armies in play) for [C16]."""
        commanders = len(self.pool[seat])
        armies = sum(1 for u in self.pool[seat] if u.army is not None)
        return self.unrazed(seat), commanders, armies

    def score(self, seat: int) -> int:
        """The [C16] table score of `seat`."""
        return rules.timed_score(*self.in_play_counts(seat))

    def team_score(self, seat: int) -> int:
        """[C16] score of `seat`'s team (the seat alone outside Duplas)."""
        return sum(self.score(s) for s in self.team_of(seat))

    def alive_seats(self) -> list[int]:
        """Seats still playing."""
        return [s for s in range(self.n_seats) if self.alive[s]]

    def _next_alive(self, seat: int) -> int:
        n = self.n_seats
        for i in range(1, n + 1):
            s = (seat + i) % n
            if self.alive[s]:
                return s
        return seat

    def _find_unit(self, seat: int, uid: int) -> Unit | None:
        for u in self.pool[seat]:
            if u.uid == uid:
                return u
        return None

    def _take_unit(self, seat: int, uid: int) -> Unit:
        pool = self.pool[seat]
        for i, u in enumerate(pool):
            if u.uid == uid:
                return pool.pop(i)
        raise KeyError(uid)

    def _new_unit(self, commander: Card) -> Unit:
        u = Unit(self.next_uid, commander)
        self.next_uid += 1
        return u

    def _draw_cards(self, seat: int, n: int, reason: str, ev: list[Event]) -> list[Card]:
        pile = self.draw[seat]
        n = min(n, len(pile))
        got = [pile.pop() for _ in range(n)]
        self.hands[seat].extend(got)
        ev.append(DrewCards(seat, len(got), reason, len(pile)))
        ev.append(CardsDrawn(seat, tuple(got), reason))
        return got

    def _discard_unit(self, seat: int, unit: Unit) -> list[Card]:
        cards = [unit.commander] + ([unit.army] if unit.army else [])
        self.discard[seat].extend(cards)
        return cards

    # ------------------------------------------------------------ turn flow

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
                ev.append(StepStarted(seat, STEP_OF_PHASE[self.phase]))
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

    # ------------------------------------------------------------ options

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
                    out.append(PlayRealm(card, rules.SLOTS[i]))
            if len(hand) >= rules.REBUILD_COST:
                junk = self._rebuild_suggestion(seat)
                for i in range(6):
                    if self.slot_card[seat][i] is not None and self.slot_razed[seat][i]:
                        out.append(RebuildRealm(rules.SLOTS[i], junk))
        if self.xisum and not self.xisum_done:
            targets = [
                t
                for t in self.alive_seats()
                if t != seat and not self.are_partners(seat, t) and self.draw[t]
            ]
            for u in self.pool[seat]:
                if not u.face_down:
                    for t in targets:
                        out.append(CallXisum(u.uid, t))
        return out

    def _pool_options(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = [
            PoolCommander(c) for c in _distinct(c for c in hand if rules.is_commander(c))
        ]
        armies = _distinct(c for c in hand if rules.is_army(c))
        if armies:
            for u in self.pool[seat]:
                if u.army is None:
                    out.extend(AttachArmy(u.uid, a) for a in armies)
        return out

    def _attack_options(self, seat: int) -> list[Action]:
        if not self.can_present(seat):
            return []
        out: list[Action] = []
        for t in self.alive_seats():
            if self.may_attack(seat, t):
                out.extend(Attack(t, rules.SLOTS[i]) for i in self.exposed_slots(t))
        return out

    def _present_options(self, seat: int) -> list[Action]:
        out: list[Action] = [PresentPool(u.uid) for u in self.usable_units(seat)]
        out.extend(
            PresentHand(c) for c in _distinct(c for c in self.hands[seat] if rules.is_commander(c))
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
            return [KeepHand(), Mulligan()]
        if ph == SPOILS:
            return self._spoils_options(seat) + [KeepSpoils()]
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
            return [DiscardCard(c) for c in _distinct(self.hands[seat])]
        if self._redraw_ok(seat):
            out.append(Redraw())
        out.append(EndStep())
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
            return [PlaySpoilsRealm(rules.SLOTS[i]) for i in self.fillable_slots(seat)]
        if seat != self.active:
            return []
        if rules.is_commander(card):
            return [PoolSpoilsCommander()]
        if rules.is_army(card):
            return [AttachSpoilsArmy(u.uid) for u in self.pool[seat] if u.army is None]
        return []

    def _battle_options(self, seat: int) -> list[Action]:
        b = self.battle
        assert b is not None
        if b.stage == PRESENT_ATT:
            return self._present_options(seat) + [StopBattle()]
        if b.stage == PRESENT_DEF:
            return self._present_options(seat) + [Decline()]
        if b.stage == CONTINUE:
            return ([ContinueBattle()] if self.can_present(seat) else []) + [StopBattle()]
        hand = self.hands[seat]
        out: list[Action] = [Reinforce(c) for c in _distinct(c for c in hand if rules.is_army(c))]
        if seat in (b.attacker, b.defender):
            out.extend(
                PlayArmistice(c) for c in _distinct(c for c in hand if rules.is_armistice(c))
            )
        out.append(Stop())
        return out

    # ------------------------------------------------------------ checking

    def check(self, seat: int, action: Action) -> None:
        """Refuse an illegal action with the rule it breaks ([G3])."""
        if isinstance(action, RebuildRealm):
            self._check_rebuild(seat, action)
            return
        if action in self.legal_actions(seat):
            return
        raise self._why(seat, action)

    def _check_rebuild(self, seat: int, a: RebuildRealm) -> None:
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
        if isinstance(card, Card) and card not in hand and not isinstance(a, DiscardCard):
            return IllegalAction("C8", "chama.illegal.not_in_hand", card=str(card))
        if isinstance(a, (KeepHand, Mulligan)):
            return IllegalAction("R8", "chama.illegal.no_mulligan_now")
        if isinstance(a, Redraw):
            return IllegalAction("C3", "chama.illegal.no_redraw")
        if isinstance(a, PlayRealm):
            if ph != REALM:
                return IllegalAction("C5", "chama.illegal.wrong_step")
            if not rules.is_realm(a.card):
                return IllegalAction("C1", "chama.illegal.not_a_realm", card=str(a.card))
            if self.realm_done:
                return IllegalAction("C5", "chama.illegal.one_realm_per_turn")
            return IllegalAction("C5", "chama.illegal.slot_order", slot=a.slot)
        if isinstance(a, CallXisum):
            if not self.xisum:
                return IllegalAction("C15", "chama.illegal.no_xisum_variant")
            return IllegalAction("C15", "chama.illegal.xisum_not_now")
        if isinstance(a, PoolCommander):
            if ph != POOL:
                return IllegalAction("C7", "chama.illegal.wrong_step")
            return IllegalAction("C7", "chama.illegal.not_a_commander", card=str(a.card))
        if isinstance(a, AttachArmy):
            if ph != POOL:
                return IllegalAction("C7", "chama.illegal.wrong_step")
            return IllegalAction("C7", "chama.illegal.one_army_per_commander")
        if isinstance(a, Attack):
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
        if isinstance(a, (PresentPool, PresentHand)):
            if ph != BATTLE:
                return IllegalAction("C8", "chama.illegal.wrong_step")
            return IllegalAction("C8", "chama.illegal.commander_used")
        if isinstance(a, (Reinforce, PlayArmistice, Stop)):
            b = self.battle
            if b is not None and b.stage == FIGHT and seat == b.actor:
                return IllegalAction("C8", "chama.illegal.wrong_card")
            return IllegalAction("C8", "chama.illegal.only_losing_side")
        if isinstance(a, (PlaySpoilsRealm, KeepSpoils, PoolSpoilsCommander, AttachSpoilsArmy)):
            if ph != SPOILS:
                return IllegalAction("C10", "chama.illegal.no_spoils")
            if isinstance(a, PlaySpoilsRealm) and rules.is_realm(self.spoils_pending[0][1]):
                return IllegalAction("C5", "chama.illegal.slot_order", slot=a.slot)
            return IllegalAction("C10", "rulings.chama.spoils_not_so")
        if isinstance(a, DiscardCard):
            if ph != DISCARD:
                return IllegalAction("C2", "chama.illegal.wrong_step")
            return IllegalAction("C2", "chama.illegal.not_in_hand", card=str(a.card))
        return IllegalAction("G3", "chama.illegal.not_now")

    # ------------------------------------------------------------ applying

    def _apply(self, seat: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        a = action
        if isinstance(a, KeepHand):
            self.mull_queue.pop(0)
            ev.append(MulliganTaken(seat, True))
            if not self.mull_queue:
                self._begin_turn(self.first_player, ev)
        elif isinstance(a, Mulligan):
            # [R8] the hand goes back, the pile is reshuffled, a new hand is drawn.
            self.draw[seat].extend(self.hands[seat])
            self.hands[seat] = []
            self.rng.shuffle(self.draw[seat])
            ev.append(MulliganTaken(seat, False))
            self._draw_cards(seat, rules.OPENING_HAND, "mulligan", ev)
            self.mull_queue.pop(0)
            if not self.mull_queue:
                self._begin_turn(self.first_player, ev)
        elif isinstance(a, Redraw):
            self.redraws[seat] += 1
            ev.append(RedrawDeclared(seat, tuple(self.hands[seat]), self.redraws[seat]))
            ev.extend(self._new_game(first=False))
        elif isinstance(a, EndStep):
            nxt = {REALM: POOL, POOL: ATTACK, ATTACK: DISCARD}[self.phase]
            self.phase = nxt
            ev.append(StepStarted(seat, STEP_OF_PHASE[nxt]))
        elif isinstance(a, PlayRealm):
            self._play_realm(seat, a.card, rules.slot_index(a.slot), False, ev)
            self.realm_done = True
        elif isinstance(a, RebuildRealm):
            i = rules.slot_index(a.slot)
            for c in a.discards:
                self.hands[seat].remove(c)
                self.discard[seat].append(c)
            self.slot_razed[seat][i] = False
            self.realm_done = True
            ev.append(RealmRebuilt(seat, a.slot, tuple(a.discards)))
        elif isinstance(a, CallXisum):
            self._xisum(seat, a.uid, a.target, ev)
        elif isinstance(a, PoolCommander):
            self.hands[seat].remove(a.card)
            u = self._new_unit(a.card)
            self.pool[seat].append(u)
            ev.append(CommanderPooled(seat, u.uid, a.card))
        elif isinstance(a, AttachArmy):
            self.hands[seat].remove(a.card)
            pool = self.pool[seat]
            for i, u in enumerate(pool):
                if u.uid == a.uid:
                    pool[i] = u._replace(army=a.card)
            ev.append(ArmyAttached(seat, a.uid, a.card))
        elif isinstance(a, Attack):
            self._start_battle(seat, a.target, rules.slot_index(a.slot), ev)
        elif isinstance(a, (PresentPool, PresentHand)):
            self._present(seat, a, ev)
        elif isinstance(a, Decline):
            self._decline(ev)
        elif isinstance(a, Reinforce):
            self._reinforce(seat, a.card, ev)
        elif isinstance(a, PlayArmistice):
            self._armistice(seat, a.card, ev)
        elif isinstance(a, Stop):
            self._stop(seat, ev)
        elif isinstance(a, ContinueBattle):
            b = self.battle
            assert b is not None
            b.stage = PRESENT_ATT
        elif isinstance(a, StopBattle):
            self._end_battle("stopped", ev)
        elif isinstance(a, PlaySpoilsRealm):
            _, card = self.spoils_pending.pop(0)
            self._play_realm(seat, card, rules.slot_index(a.slot), True, ev)
        elif isinstance(a, KeepSpoils):
            self.spoils_pending.pop(0)
        elif isinstance(a, PoolSpoilsCommander):
            _, card = self.spoils_pending.pop(0)
            self.hands[seat].remove(card)
            u = self._new_unit(card)
            self.pool[seat].append(u)
            ev.append(CommanderPooled(seat, u.uid, card))
        elif isinstance(a, AttachSpoilsArmy):
            _, card = self.spoils_pending.pop(0)
            self.hands[seat].remove(card)
            pool = self.pool[seat]
            for i, u in enumerate(pool):
                if u.uid == a.uid:
                    pool[i] = u._replace(army=card)
            ev.append(ArmyAttached(seat, a.uid, card))
        elif isinstance(a, DiscardCard):
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

    # ------------------------------------------------------------ battle

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
        if b.stage == PRESENT_ATT:
            b.incursion += 1
            b.att, b.att_from_hand = unit, from_hand
            b.stage = PRESENT_DEF
            ev.append(
                CommanderPresented(
                    seat,
                    ATT,
                    b.incursion,
                    unit.uid,
                    unit.commander,
                    unit.army,
                    from_hand,
                    unit.level,
                )
            )
        else:
            b.dfn, b.dfn_from_hand = unit, from_hand
            ev.append(
                CommanderPresented(
                    seat,
                    DEF,
                    b.incursion,
                    unit.uid,
                    unit.commander,
                    unit.army,
                    from_hand,
                    unit.level,
                )
            )
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

    # ------------------------------------------------------------ results

    def standings(self) -> list[list[int]]:
        """Winners first; then those still in by table score; then the eliminated."""
        n = self.n_seats
        if self.mode == "duplas":
            teams = [(0, 2), (1, 3)]
            if self.winners_:
                win = tuple(self.winners_)
                return [list(win), [s for s in range(n) if s not in win]]
            a, b = (sum(self.score(s) for s in t) for t in teams)
            if a == b:
                return [list(range(n))]
            best, worst = (teams[0], teams[1]) if a > b else (teams[1], teams[0])
            return [list(best), list(worst)]
        out: list[list[int]] = []
        if self.winners_:
            out.append(list(self.winners_))
        rest = [s for s in range(n) if self.alive[s] and s not in self.winners_]
        for sc in sorted({self.score(s) for s in rest}, reverse=True):
            out.append([s for s in rest if self.score(s) == sc])
        for s in reversed(self.eliminated):
            if s not in self.winners_:
                out.append([s])
        return out

    def distance_to_victory(self, seat: int) -> float:
        """[R7]: 0 for a winner; else 200 minus the [C16] (team) score; out = 1000."""
        if seat in self.winners_:
            return 0.0
        if not self.alive[seat] and self.mode != "duplas":
            return 1000.0
        return float(200 - self.team_score(seat))

    # ------------------------------------------------------------ views

    def public_state(self) -> dict[str, Any]:
        """Everything on the table that every seat may see.

        Keys: mode/aliados/xisum/turn_limit/tournament (the table's options);
        game_no (1 + redraws so far), turn, phase (mulligan, realm, pool, attack,
        battle, spoils, discard, over), step (1-6), active, first_player,
        realm_done, xisum_done, to_move; players[seat] with suit, alive, team,
        pineapple, hand_count, draw_count, discard (codes, bottom first),
        formation (six {slot, card, razed}), exposed (slots attackable now), pool
        ({uid, commander, army, face_down}), razes, redraws, turns_taken,
        played_realm, score ([C16]); armistices ({caster, target, card, since});
        battle (see `Battle.to_dict`: attacker, defender, slot, incursion, stage,
        attack/defense {unit, from_hand, reinforcements, level}, spent, history,
        helpers, losing, actor); spoils_pending (seats still to decide about a card
        drawn as spoils, [C10]) and spoils_helpers (Aliados helpers among them);
        winners, eliminated, timed_out, over.
        """
        players = []
        for s in range(self.n_seats):
            players.append(
                {
                    "seat": s,
                    "suit": self.suits[s],
                    "alive": self.alive[s],
                    "team": list(self.team_of(s)),
                    "pineapple": self.pineapples[s],
                    "hand_count": len(self.hands[s]),
                    "draw_count": len(self.draw[s]),
                    "discard": [c.code for c in self.discard[s]],
                    "formation": [
                        {
                            "slot": rules.SLOTS[i],
                            "card": c.code if c is not None else None,
                            "razed": self.slot_razed[s][i],
                        }
                        for i, c in enumerate(self.slot_card[s])
                    ],
                    "exposed": [rules.SLOTS[i] for i in self.exposed_slots(s)],
                    "pool": [u.to_dict() for u in self.pool[s]],
                    "razes": self.razes[s],
                    "redraws": self.redraws[s],
                    "turns_taken": self.turns_taken[s],
                    "played_realm": self.played_realm[s],
                    "score": self.score(s),
                }
            )
        return {
            "game": "chama",
            "mode": self.mode,
            "aliados": self.aliados,
            "xisum": self.xisum,
            "turn_limit": self.turn_limit,
            "tournament": self.tournament,
            "game_no": self.game_no,
            "turn": self.turn,
            "phase": self.phase,
            "step": STEP_OF_PHASE.get(self.phase, 0),
            "active": self.active,
            "first_player": self.first_player,
            "realm_done": self.realm_done,
            "xisum_done": self.xisum_done,
            "next_uid": self.next_uid,
            "to_move": self.to_move,
            "mulligan_queue": list(self.mull_queue),
            "players": players,
            "armistices": [
                {"caster": c, "target": t, "card": ace.code, "since": since}
                for c, t, ace, since in self.armistices
            ],
            "battle": self.battle.to_dict() if self.battle is not None else None,
            "spoils_pending": [s for s, _ in self.spoils_pending],
            "spoils_helpers": list(self.spoils_helpers),
            "winners": list(self.winners_),
            "eliminated": list(self.eliminated),
            "timed_out": self.timed_out,
            "over": self.phase == OVER,
        }

    def view(self, seat: int) -> dict[str, Any]:
        """Public table plus `seat`'s own hand ([G4])."""
        v = self.public_state()
        v["seat"] = seat
        v["hand"] = [c.code for c in self.hands[seat]]
        v["spoils_card"] = next((c.code for s, c in self.spoils_pending if s == seat), None)
        return v

    def public_view(self) -> dict[str, Any]:
        """What a spectator sees: no hand at all."""
        v = self.public_state()
        v["seat"] = None
        v["hand"] = None
        v["spoils_card"] = None
        return v

    def snapshot(self) -> dict[str, Any]:
        """Full state, hidden parts included (tests, fingerprints)."""
        v = self.public_state()
        v["hands"] = [[c.code for c in h] for h in self.hands]
        v["draw"] = [[c.code for c in d] for d in self.draw]
        v["spoils_cards"] = [c.code for _, c in self.spoils_pending]
        v["armistice_windows"] = [list(a[:2]) + [a[3]] for a in self.armistices]
        return v

    # ------------------------------------------------------------ search support

    def clone(self) -> ChamaMatch:
        """A fast independent copy (search, what-if): lists are copied, cards shared."""
        m = ChamaMatch.__new__(ChamaMatch)
        m.__dict__.update(self.__dict__)
        m.log = list(self.log)
        m.start_events = list(self.start_events)
        m.meta = copy.deepcopy(self.meta)
        m.options = dict(self.options)
        m.rng = Rng(0)
        m.rng.setstate(self.rng.getstate())
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
