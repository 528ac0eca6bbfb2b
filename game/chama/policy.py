"""Rule-of-thumb play for Chama bots, on a position seen from one seat.

The functions take a `ChamaMatch` (built from the seat's view by
`ChamaMatch.from_view`, so other hands are only samples) and read only the
public table plus the seat's own hand. `easy` and `normal` bots use them
directly; the hard bot uses `normal` play inside its search.
"""

from __future__ import annotations

import math
from collections import Counter

from game.cards import Card
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
from game.chama.battle import ATT, CONTINUE, FIGHT, PRESENT_ATT, PRESENT_DEF
from game.chama.match import (
    ATTACK,
    BATTLE,
    DISCARD,
    MULLIGAN,
    POOL,
    REALM,
    SPOILS,
    ChamaMatch,
)
from game.core import Action
from game.rng import Rng

# Hard's own rules of thumb (its unsearched moves and its search's prior) were tuned
# in two-seat games of rules of thumb against normal, 600 games per setting: waiting
# for an edge of 5 and keeping two armies won 64%, attacking a player about to win
# 69%, defending behind an armistice 74%, weighing the target's realms less (0.5)
# 76.5% (normal's own settings: 50%). At a table with three normals the last step
# took hard's rules from 37% to 43.7% (300 games each).

#: How much better a target must look before normal (or hard's own) play attacks it.
ATTACK_EDGE: dict[str, float] = {"normal": 2.0, "hard": 5.0}
#: Share of the attacker's expected hand armies a defender wants to cover.
DEFEND_MARGIN: dict[str, float] = {"normal": 0.3, "hard": 0.3}
#: Armies kept in hand as reinforcements instead of attaching them.
KEEP_ARMIES: dict[str, int] = {"easy": 0, "normal": 1, "hard": 2}
#: Weight of the target's unrazed realms when choosing what to attack.
URGENCY: dict[str, float] = {"normal": 1.5, "hard": 0.5}
#: Share of the hand's army levels counted when deciding to go on with a battle.
CONTINUE_ARMIES: dict[str, float] = {"normal": 0.5}
#: Most keep-value (see `card_keep_value`) three discards may carry for a rebuild.
REBUILD_JUNK: dict[str, float] = {"normal": 12.0}
#: Attack whatever the odds a target at most this many realms from victory (-1:
#: never): at 0 it wins at its next draw step unless a realm falls first.
DESPERATE: dict[str, int] = {"normal": -1, "hard": 0}
#: Whether a defender holding an armistice presents a commander rather than decline:
#: when the incursion is lost the ace ends the battle and the commander goes home.
ACE_SHIELD: dict[str, bool] = {"normal": False, "hard": True}
#: Weights of the leaf evaluation used by the hard bot's search.
EVAL_WEIGHTS: dict[str, float] = {
    "realm": 3.0,
    "near": 4.0,
    "pool": 0.35,
    # Commanders and armies in hand weigh like pooled ones, so the leaf does not
    # push every army onto a commander (keeping two back wins more, see KEEP_ARMIES).
    "hand_force": 0.35,
    "hand": 0.1,
    "hand_realm": 1.5,
    "hand_ace": 1.0,
    "exposed": 0.0,
    # Timed match ([C16]): the table score, in the last two rounds before the limit.
    "timed": 0.5,
}
#: Preferred order for new realms: the top first, then the doubly covered E.
SLOT_PREFERENCE = (0, 1, 2, 4, 3, 5)


def unseen_counts(m: ChamaMatch, seat: int, me: int) -> Counter[int]:
    """Ranks of `seat`'s deck that `me` has not seen (its hand + draw pile)."""
    c: Counter[int] = Counter({r: 4 for r in range(2, 15)})
    seen: list[Card] = list(m.discard[seat])
    seen.extend(x for x in m.slot_card[seat] if x is not None)
    for u in m.pool[seat]:
        seen.append(u.commander)
        if u.army:
            seen.append(u.army)
    if m.battle is not None:
        seen.extend(m.battle.cards_of(seat))
    seen.extend(ace for cst, _t, ace, _s in m.armistices if cst == seat)
    if seat == me:
        seen.extend(m.hands[seat])
    for card in seen:
        c[card.rank] -= 1
    return c


def expected_hand(m: ChamaMatch, seat: int, me: int) -> tuple[float, float, float]:
    """(expected commanders, expected army level total, P(holds an ace)) in a hidden hand."""
    if seat == me:
        hand = m.hands[seat]
        return (
            float(sum(1 for c in hand if rules.is_commander(c))),
            float(sum(c.rank for c in hand if rules.is_army(c))),
            1.0 if any(rules.is_armistice(c) for c in hand) else 0.0,
        )
    c = unseen_counts(m, seat, me)
    total = sum(c.values())
    k = len(m.hands[seat])
    if total <= 0 or k == 0:
        return 0.0, 0.0, 0.0
    commanders = sum(c[r] for r in range(2, 6)) * k / total
    army_levels = sum(c[r] * r for r in range(6, 11)) * k / total
    aces = c[14]
    p_none = 1.0
    for i in range(k):
        p_none *= max(0.0, (total - aces - i) / max(1, total - i))
    return commanders, army_levels, 1.0 - p_none


def best_unit_level(m: ChamaMatch, seat: int, include_hand: bool) -> int:
    """Level of the strongest commander `seat` could present now."""
    best = max((u.level for u in m.usable_units(seat)), default=0)
    if include_hand:
        best = max([best] + [c.rank for c in m.hands[seat] if rules.is_commander(c)])
    return best


def leader_distance(m: ChamaMatch, seat: int) -> int:
    """Realms `seat` still needs (team total in Duplas)."""
    if m.mode == "duplas":
        return rules.TEAM_REALMS_TO_WIN - sum(m.unrazed(s) for s in m.team_of(seat))
    if m.mode == "conquistadores":
        return max(0, rules.CONQUEST_RAZES - m.razes[seat]) + max(
            0, rules.CONQUEST_REALMS - m.unrazed(seat)
        )
    return rules.REALMS_TO_WIN - m.unrazed(seat)


def card_keep_value(m: ChamaMatch, seat: int, card: Card) -> float:
    """How much a card in hand is worth keeping (for discards)."""
    if rules.is_realm(card):
        room = len(m.fillable_slots(seat))
        held = sum(1 for c in m.hands[seat] if rules.is_realm(c))
        return 9.0 if held <= max(room, 1) else 2.0
    if rules.is_armistice(card):
        return 6.5
    if rules.is_commander(card):
        return 3.0 + card.rank
    return card.rank - 5.0


def realm_slot_choice(m: ChamaMatch, seat: int, slots: list[str]) -> str:
    """Best slot for a new realm: restore cover first, else fill in preference order."""
    idx = [rules.slot_index(s) for s in slots]
    razed = [i for i in idx if m.slot_card[seat][i] is not None]
    if razed:
        return rules.SLOTS[min(razed)]
    for i in SLOT_PREFERENCE:
        if i in idx:
            return rules.SLOTS[i]
    return slots[0]


def choose(m: ChamaMatch, seat: int, legal: list[Action], rng: Rng, level: str) -> Action:
    """A rule-of-thumb action for `seat` among `legal` ("easy" or "normal")."""
    if len(legal) == 1:
        return legal[0]
    ph = m.phase
    if ph == MULLIGAN:
        if level == "easy":
            return KeepHand()
        return Mulligan() if not any(rules.is_realm(c) for c in m.hands[seat]) else KeepHand()
    if ph == SPOILS:
        return _spoils_step(m, seat, legal, level)
    if ph == REALM:
        return _realm_step(m, seat, legal, level)
    if ph == POOL:
        return _pool_step(m, seat, legal, level)
    if ph == ATTACK:
        return _attack_step(m, seat, legal, level)
    if ph == DISCARD:
        cards = [a.card for a in legal if isinstance(a, DiscardCard)]
        return DiscardCard(min(cards, key=lambda c: (card_keep_value(m, seat, c), c)))
    if ph == BATTLE:
        return _battle_step(m, seat, legal, level, rng)
    return legal[0]


def _spoils_step(m: ChamaMatch, seat: int, legal: list[Action], level: str) -> Action:
    """[C10] a spoils realm goes into the formation; on one's own turn a spoils
    commander goes into the pool and a spoils army onto a pool commander, as the
    pool step would have done with them (it frees room under the hand limit)."""
    slots = [a.slot for a in legal if isinstance(a, PlaySpoilsRealm)]
    if slots:
        return PlaySpoilsRealm(realm_slot_choice(m, seat, slots))
    if not m.has_realm(seat):
        # [C12] a pool without a realm behind it is discarded at the end of the turn.
        return KeepSpoils()
    if PoolSpoilsCommander() in legal:
        return PoolSpoilsCommander()
    attaches = [a for a in legal if isinstance(a, AttachSpoilsArmy)]
    if attaches and _attach_wanted(m, seat, level):
        levels = {u.uid: u.commander.rank for u in m.pool[seat]}
        return max(attaches, key=lambda a: (levels[a.uid], -a.uid))
    return KeepSpoils()


def _attach_wanted(m: ChamaMatch, seat: int, level: str) -> bool:
    """Whether an army in hand should join a pool commander: more armies than the
    level keeps as reinforcements, or a hand above the limit."""
    armies_in_hand = sum(1 for c in m.hands[seat] if rules.is_army(c))
    over = len(m.hands[seat]) > rules.HAND_LIMIT
    return armies_in_hand > KEEP_ARMIES.get(level, 2) or over


def _realm_step(m: ChamaMatch, seat: int, legal: list[Action], level: str) -> Action:
    if level != "easy" and any(isinstance(a, Redraw) for a in legal):
        return Redraw()
    plays = [a for a in legal if isinstance(a, PlayRealm)]
    if plays:
        slot = realm_slot_choice(m, seat, sorted({a.slot for a in plays}))
        return next(a for a in plays if a.slot == slot)
    rebuilds = [a for a in legal if isinstance(a, RebuildRealm)]
    if rebuilds and level != "easy":
        junk = sorted(m.hands[seat], key=lambda c: card_keep_value(m, seat, c))[:3]
        if len(m.hands[seat]) >= 6 and sum(
            card_keep_value(m, seat, c) for c in junk
        ) <= REBUILD_JUNK.get(level, REBUILD_JUNK["normal"]):
            slot = min(rebuilds, key=lambda a: rules.slot_index(a.slot)).slot
            return RebuildRealm(slot, tuple(sorted(junk)))
    xs = [a for a in legal if isinstance(a, CallXisum)]
    if xs and level != "easy":
        # Xisum idles a commander for a round: worth it only with commanders to
        # spare, or to push an opponent whose pile is nearly out.
        units = {u.uid: u for u in m.pool[seat]}
        free = m.usable_units(seat)
        good = [
            a
            for a in xs
            if units[a.uid].commander.rank >= 4
            and (len(free) >= 4 or (len(free) >= 2 and len(m.draw[a.target]) <= 6))
        ]
        if good:
            return min(
                good, key=lambda a: (len(m.draw[a.target]), units[a.uid].commander.rank, a.target)
            )
    return EndStep()


def _pool_step(m: ChamaMatch, seat: int, legal: list[Action], level: str) -> Action:
    pools = [a for a in legal if isinstance(a, PoolCommander)]
    if pools:
        return max(pools, key=lambda a: a.card.rank)
    attaches = [a for a in legal if isinstance(a, AttachArmy)]
    if attaches and _attach_wanted(m, seat, level):
        levels = {u.uid: u.commander.rank for u in m.pool[seat]}
        return max(attaches, key=lambda a: (a.card.rank, levels[a.uid], -a.uid))
    return EndStep()


def _defence_estimate(m: ChamaMatch, target: int, me: int) -> float:
    units = [u.level for u in m.usable_units(target)]
    commanders, army_levels, _ = expected_hand(m, target, me)
    best = max(units, default=0)
    if not units and commanders >= 0.5:
        best = 4
    return best + 0.5 * army_levels


def _attack_step(m: ChamaMatch, seat: int, legal: list[Action], level: str) -> Action:
    attacks = [a for a in legal if isinstance(a, Attack)]
    if not attacks:
        return EndStep()
    my_best = best_unit_level(m, seat, include_hand=True)
    my_armies = sum(c.rank for c in m.hands[seat] if rules.is_army(c))
    if level == "easy":
        # Attack only when clearly stronger than anything the target shows.
        choices = []
        for a in attacks:
            theirs = max((u.level for u in m.usable_units(a.target)), default=0)
            if my_best >= theirs + 4:
                choices.append(a)
        if not choices:
            return EndStep()
        return min(choices, key=lambda a: (rules.slot_index(a.slot), a.target))
    best: tuple[float, Attack] | None = None
    for a in attacks:
        defence = _defence_estimate(m, a.target, seat)
        edge = my_best + 0.6 * my_armies - defence
        urgency = 6 - leader_distance(m, a.target)
        value = (
            edge
            + URGENCY.get(level, URGENCY["normal"]) * urgency
            + (0.5 if rules.slot_index(a.slot) == 0 else 0.0)
        )
        if _desperate(m, a.target, level):
            value += 100.0
        if best is None or value > best[0]:
            best = (value, a)
    assert best is not None
    if best[0] > ATTACK_EDGE.get(level, 2.0):
        return best[1]
    return EndStep()


def _battle_step(m: ChamaMatch, seat: int, legal: list[Action], level: str, rng: Rng) -> Action:
    b = m.battle
    assert b is not None
    if b.stage == PRESENT_ATT:
        presents = [a for a in legal if isinstance(a, (PresentPool, PresentHand))]
        if not presents:
            return StopBattle()
        return max(presents, key=lambda a: (_present_level(m, seat, a), isinstance(a, PresentPool)))
    if b.stage == PRESENT_DEF:
        return _defend(m, seat, legal, level)
    if b.stage == CONTINUE:
        if not any(isinstance(a, ContinueBattle) for a in legal):
            return StopBattle()
        mine = best_unit_level(m, seat, include_hand=True)
        theirs = max((u.level for u in m.usable_units(b.defender)), default=0)
        if level == "easy":
            return ContinueBattle() if mine > theirs else StopBattle()
        if _desperate(m, b.defender, level):
            return ContinueBattle()
        armies = sum(c.rank for c in m.hands[seat] if rules.is_army(c))
        share = CONTINUE_ARMIES.get(level, CONTINUE_ARMIES["normal"])
        return ContinueBattle() if mine + share * armies >= theirs else StopBattle()
    if b.stage == FIGHT:
        return _fight(m, seat, legal, level)
    return legal[0]


def _desperate(m: ChamaMatch, target: int, level: str) -> bool:
    """Whether `target` is so close to winning that any attack on it is worth it."""
    return leader_distance(m, target) <= DESPERATE.get(level, DESPERATE["normal"])


def _present_level(m: ChamaMatch, seat: int, a: Action) -> int:
    if isinstance(a, PresentHand):
        return a.card.rank
    if isinstance(a, PresentPool):
        u = next(u for u in m.pool[seat] if u.uid == a.uid)
        return u.level
    return 0


def _defend(m: ChamaMatch, seat: int, legal: list[Action], level: str) -> Action:
    b = m.battle
    assert b is not None
    presents = [a for a in legal if isinstance(a, (PresentPool, PresentHand))]
    if not presents:
        return Decline()
    attack = b.attack_level()
    armies = sorted((c.rank for c in m.hands[seat] if rules.is_army(c)), reverse=True)
    if level == "easy":
        best = max(presents, key=lambda a: _present_level(m, seat, a))
        return best if _present_level(m, seat, best) >= attack else Decline()
    _, their_armies, _ = expected_hand(m, b.attacker, seat)
    margin = DEFEND_MARGIN.get(level, 0.3) * their_armies
    # The weakest commander that holds the line with the help we can add.
    ranked = sorted(
        presents, key=lambda a: (_present_level(m, seat, a), isinstance(a, PresentHand))
    )
    for a in ranked:
        lv = _present_level(m, seat, a)
        if lv >= attack + min(margin, 6):
            return a
    top = ranked[-1]
    lv = _present_level(m, seat, top)
    if lv + sum(armies[:2]) >= attack + min(margin, 6):
        return top
    if any(rules.is_armistice(c) for c in m.hands[seat]) and lv + sum(armies) >= attack:
        return top
    if ACE_SHIELD.get(level, False) and any(rules.is_armistice(c) for c in m.hands[seat]):
        return ranked[0]
    if _desperate(m, seat, level):
        # One realm from victory: make the attacker spend another commander.
        return top
    return Decline()


def _fight(m: ChamaMatch, seat: int, legal: list[Action], level: str) -> Action:
    b = m.battle
    assert b is not None
    side = b.losing
    principal = seat == b.principal(side)
    mine = b.attack_level() if side == ATT else b.defense_level()
    theirs = b.defense_level() if side == ATT else b.attack_level()
    deficit = theirs - mine + (1 if side == ATT else 0)
    armies = sorted(a.card.rank for a in legal if isinstance(a, Reinforce))
    if not principal:
        return _ally(m, seat, legal, level, deficit, armies)
    single = [r for r in armies if r >= deficit]
    if single:
        return Reinforce(_army_card(legal, single[0]))
    if level != "easy" and armies and sum(armies) >= deficit and len(armies) >= 2:
        need = 0
        total = 0
        for r in reversed(armies):
            total += r
            need += 1
            if total >= deficit:
                break
        if need <= 2 or side != ATT or _desperate(m, b.defender, level):
            return Reinforce(_army_card(legal, armies[-1]))
    aces = [a for a in legal if isinstance(a, PlayArmistice)]
    if aces and side != ATT and level != "easy":
        return aces[0]
    return Stop()


def _ally(
    m: ChamaMatch, seat: int, legal: list[Action], level: str, deficit: int, armies: list[int]
) -> Action:
    b = m.battle
    assert b is not None
    if level == "easy" or not armies:
        return Stop()
    opponent = b.defender if b.losing == ATT else b.attacker
    others = [s for s in m.alive_seats() if s != seat]
    leader = min(others, key=lambda s: (leader_distance(m, s), s))
    single = [r for r in armies if r >= deficit]
    if opponent == leader and single and not m.are_partners(seat, opponent):
        return Reinforce(_army_card(legal, single[0]))
    return Stop()


def _army_card(legal: list[Action], rank: int) -> Card:
    return next(a.card for a in legal if isinstance(a, Reinforce) and a.card.rank == rank)


def evaluate(m: ChamaMatch) -> list[float]:
    """A value in [0, 1] per seat for a position (1 = won), for search leaves."""
    n = m.n_seats
    if m.phase == "over":
        win = set(m.winners_)
        if not win:
            st = m.standings()
            win = set(st[0]) if st else set()
        return [1.0 if s in win else 0.0 for s in range(n)]
    w = EVAL_WEIGHTS
    raw = []
    for s in range(n):
        if not m.alive[s]:
            raw.append(-50.0)
            continue
        v = 0.0
        up = m.unrazed(s)
        if m.mode == "conquistadores":
            v += 3.0 * min(m.razes[s], 4) + 2.0 * min(up, 3) + 0.5 * up
        else:
            v += w["realm"] * up + (w["near"] if up >= 5 else 0.0)
        v += w["pool"] * sum(u.level for u in m.pool[s])
        hand = m.hands[s]
        v += w["hand"] * len(hand)
        v += w["hand_force"] * sum(c.rank for c in hand if c.rank <= 10)
        v += w["hand_ace"] * min(2, sum(1 for c in hand if rules.is_armistice(c)))
        if w["hand_realm"]:
            room = len(m.fillable_slots(s))
            v += w["hand_realm"] * min(room, 2, sum(1 for c in hand if rules.is_realm(c)))
        if w["exposed"]:
            v -= w["exposed"] * len(m.exposed_slots(s))
        v += 0.1 * min(len(m.draw[s]), 12) - (3.0 if len(m.draw[s]) < 3 else 0.0)
        if m.turn_limit and m.turn_limit - m.turn <= 2 * n:
            v += w["timed"] * m.score(s)
        raw.append(v)
    if m.mode == "duplas":
        team = [raw[s] + raw[(s + 2) % n] for s in range(n)]
        raw = team
    top = max(raw)
    weights = [math.exp((r - top) / 4.0) for r in raw]
    total = sum(weights)
    return [w / total for w in weights]


def phase_needs_search(m: ChamaMatch) -> bool:
    """Decisions that branch the search tree: targets and every battle decision."""
    return m.phase in (BATTLE, ATTACK)


def turn_needs_search(m: ChamaMatch) -> bool:
    """Every decision of a turn the hard bot searches at the root: realms, pool,
    targets, battles, spoils and discards."""
    return m.phase in (BATTLE, ATTACK, REALM, POOL, SPOILS, DISCARD)
