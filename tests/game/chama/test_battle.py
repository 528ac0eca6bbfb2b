"""Protection, battles, spoils, armistices and card effects: [C4], [C6]-[C11], [C13]."""

from __future__ import annotations

import pytest

from game.chama.actions import (
    Attack,
    ContinueBattle,
    Decline,
    EndStep,
    KeepSpoils,
    PlayArmistice,
    PlayRealm,
    PlaySpoilsRealm,
    PresentHand,
    PresentPool,
    Reinforce,
    Stop,
    StopBattle,
)
from game.chama.battle import ATT, CONTINUE, DEF, FIGHT, PRESENT_ATT, PRESENT_DEF
from game.chama.events import (
    ArmisticeCast,
    ArmisticeEnded,
    BattleEnded,
    CommanderPresented,
    DefenseDeclined,
    IncursionResolved,
    PlayerEliminated,
    SpoilsDrawn,
)
from game.chama.match import ATTACK, BATTLE, DISCARD, POOL, REALM, SPOILS, ChamaMatch
from game.core import IllegalAction
from tests.game.chama.helpers import c, cards, check, fresh, give


def to_attack(m: ChamaMatch) -> None:
    """EndStep until the active player is choosing a target."""
    while m.phase in (REALM, POOL):
        m.apply(m.active, EndStep())
    assert m.phase == ATTACK


def targets(m: ChamaMatch, seat: int = 0) -> set[tuple[int, str]]:
    return {(a.target, a.slot) for a in m.legal_actions(seat) if isinstance(a, Attack)}


def end_turn(m: ChamaMatch) -> None:
    seat = m.active
    while m.active == seat and not m.is_over and m.phase in (REALM, POOL, ATTACK):
        m.apply(seat, EndStep())


# ----------------------------------------------------------------- protection


def test_protection_a_covers_b_and_c_c6() -> None:
    """[C6] only A is exposed while it stands."""
    m = fresh()
    give(m, 0, hand="5")
    give(m, 1, slots="A:K B:Q C:J D:K E:Q F:J")
    to_attack(m)
    assert targets(m) == {(1, "A")}


def test_protection_e_needs_b_and_c_down_c6() -> None:
    """[C6] A and B razed expose C and D; E stays covered by C."""
    m = fresh()
    give(m, 0, hand="5")
    give(m, 1, slots="A:K* B:Q* C:J D:K E:Q F:J")
    to_attack(m)
    assert targets(m) == {(1, "C"), (1, "D")}
    with pytest.raises(IllegalAction) as err:
        m.apply(0, Attack(1, "E"))
    assert err.value.rule == "C6"
    m = fresh()
    give(m, 0, hand="5")
    give(m, 1, slots="A:K* B:Q* C:J* D:K E:Q F:J")
    to_attack(m)
    assert targets(m) == {(1, "D"), (1, "E"), (1, "F")}


def test_empty_cover_slots_do_not_protect_c6() -> None:
    """[C6] a slot left empty covers nothing (A razed, B and C standing, no base)."""
    m = fresh()
    give(m, 0, hand="5")
    give(m, 1, slots="A:K* B:Q")
    to_attack(m)
    assert targets(m) == {(1, "B")}


def test_guerrilha_ignores_protection_c6_c14() -> None:
    """[C6]/[C14] in Guerrilha every unrazed realm may be attacked."""
    m = fresh(mode="guerrilha")
    give(m, 0, hand="5")
    give(m, 1, slots="A:K B:Q C:J D:K* E:Q")
    to_attack(m)
    assert targets(m) == {(1, "A"), (1, "B"), (1, "C"), (1, "E")}


def test_attack_needs_a_commander_c8() -> None:
    """[C8] without any commander there is no battle to start."""
    m = fresh()
    give(m, 0, hand="9 K")
    give(m, 1, slots="A:K")
    m.apply(0, EndStep())
    # [C17]: steps 3 and 4 are still offered (the table cannot see his hand), but
    # with no commander there is nothing to pool and no attack: only "end step".
    assert m.phase == "pool" and m.legal_actions(0) == [EndStep()]
    m.apply(0, EndStep())
    assert m.phase == "attack" and m.legal_actions(0) == [EndStep()]
    m.apply(0, EndStep())
    assert m.active == 1


# ----------------------------------------------------------------- battles


def arena(*args: object, **kwargs: object) -> ChamaMatch:
    """A fresh position where the attacker (seat 0) holds a realm, so its pool
    survives the end of the turn ([C12])."""
    m = fresh(*args, **kwargs)  # type: ignore[arg-type]
    give(m, 0, slots="A:J")
    return m


def start(m: ChamaMatch, slot: str = "A") -> None:
    to_attack(m)
    m.apply(0, Attack(1, slot))
    assert m.phase == BATTLE and m.battle is not None


def test_decline_razes_and_attacker_draws_spoils_c8_c10() -> None:
    """[C8] the defender declines: the realm is razed, the attacker draws spoils."""
    m = arena()
    (u,) = give(m, 0, pool="5+9", top="6")
    give(m, 1, hand="4", slots="A:K")
    start(m)
    m.apply(0, PresentPool(u))
    assert m.to_move == [1]  # the defending seat is asked
    assert m.battle is not None and m.battle.stage == PRESENT_DEF
    ev = m.apply(1, Decline())
    assert m.slot_razed[1][0]
    assert c(m, 0, "6") in m.hands[0]  # spoils from the top of the pile
    assert any(isinstance(e, BattleEnded) and e.result == "razed" for e in ev)
    assert [x.uid for x in m.pool[0]] == [u] and m.pool[0][0].army == c(m, 0, "9")
    check(m)


def test_defender_without_commanders_is_still_asked_c8_c17() -> None:
    """[C17] no commander in hand or pool: the defender is asked all the same (the
    only answer is to decline), and nothing says the decline was forced."""
    m = arena()
    (u,) = give(m, 0, pool="2")
    give(m, 1, hand="9 9", slots="A:K")
    start(m)
    m.apply(0, PresentPool(u))
    assert m.to_move == [1] and m.legal_actions(1) == [Decline()]
    ev = m.apply(1, Decline())
    declined = next(e for e in ev if isinstance(e, DefenseDeclined))
    assert set(declined.to_dict()) == {"type", "seat"}
    assert m.slot_razed[1][0] and m.battle is None
    check(m)


def test_defender_with_empty_hand_and_pool_declines_at_once_c8_c17() -> None:
    """An empty hand and no usable pool commander are public: no question then."""
    m = arena()
    (u,) = give(m, 0, pool="2")
    give(m, 1, slots="A:K")
    start(m)
    m.apply(0, PresentPool(u))
    assert m.slot_razed[1][0] and m.battle is None


def test_tie_goes_to_the_defender_and_defender_draws_spoils_c8_c9() -> None:
    """[C8] equal levels: the defender wins; the battle ends; defender's spoils."""
    m = arena()
    (u,) = give(m, 0, pool="4+6", hand="A")
    (d,) = give(m, 1, pool="3+7", slots="A:K", top="8", hand="9")
    start(m)
    m.apply(0, PresentPool(u))
    m.apply(1, PresentPool(d))
    b = m.battle
    assert b is not None and b.stage == FIGHT and b.losing == ATT and m.to_move == [0]
    # The winning side may not play cards.
    assert m.legal_actions(1) == []
    ev = m.apply(0, Stop())
    res = next(e for e in ev if isinstance(e, IncursionResolved))
    assert res.winner == DEF and res.attack_level == res.defense_level == 10
    assert m.battle is None and not m.slot_razed[1][0]
    assert sorted(m.discard[0]) == sorted(cards(m, 0, "4 6"))  # loser's cards discarded
    assert [x.uid for x in m.pool[1]] == [d]  # winner back in the pool, army attached
    assert c(m, 1, "8") in m.hands[1]
    check(m)


def test_reinforcement_chain_losing_side_plays_one_card_at_a_time_c8() -> None:
    """[C8] the losing side plays armies one by one; the lead can change hands."""
    m = arena()
    (u,) = give(m, 0, pool="5", hand="7 9 3")
    (d,) = give(m, 1, pool="4", hand="6 10", slots="A:K")
    start(m)
    m.apply(0, PresentPool(u))
    m.apply(1, PresentPool(d))
    b = m.battle
    assert b is not None and b.losing == DEF and m.to_move == [1]  # 5 vs 4
    m.apply(1, Reinforce(c(m, 1, "6")))  # 5 vs 10: attacker now losing
    assert b.losing == ATT and m.to_move == [0]
    with pytest.raises(IllegalAction):
        m.apply(1, Reinforce(c(m, 1, "10")))  # not the defender's turn to act
    m.apply(0, Reinforce(c(m, 0, "7")))  # 12 vs 10
    assert b.losing == DEF and m.to_move == [1]
    m.apply(1, Reinforce(c(m, 1, "10")))  # 12 vs 20
    ev = m.apply(0, Reinforce(c(m, 0, "9")))  # 21 vs 20
    # The defender has nothing left: he stops automatically; the attacker won.
    res = next(e for e in ev if isinstance(e, IncursionResolved))
    assert (res.winner, res.attack_level, res.defense_level) == (ATT, 21, 20)
    assert m.battle is not None and m.battle.stage == CONTINUE
    # Loser's commander and reinforcements discarded; winner's reinforcements wait.
    assert sorted(m.discard[1]) == sorted(cards(m, 1, "4 6 10"))
    assert sorted(x for _, x in m.battle.spent) == sorted(cards(m, 0, "7 9"))
    m.apply(0, StopBattle())  # no fresh commander would be needed to stop
    assert m.battle is None
    assert sorted(m.discard[0]) == sorted(cards(m, 0, "7 9"))  # discarded at battle end
    assert not m.slot_razed[1][0]  # stopping gives no spoils and razes nothing
    check(m)


def test_multi_incursion_against_the_same_realm_c8_c9() -> None:
    """[C9] after winning an incursion the attacker continues with a fresh commander;
    a commander fights only once per battle."""
    m = arena()
    u1, u2 = give(m, 0, pool="5+10 3")
    d1, d2 = give(m, 1, pool="4 2", slots="A:K B:Q", top="K")
    give(m, 0, top="J")
    start(m)
    m.apply(0, PresentPool(u1))
    m.apply(1, PresentPool(d1))
    m.apply(1, Stop()) if m.battle and m.battle.stage == FIGHT else None
    b = m.battle
    assert b is not None and b.stage == CONTINUE and b.slot == 0
    assert m.legal_actions(0) == [ContinueBattle(), StopBattle()]
    m.apply(0, ContinueBattle())
    assert b.stage == PRESENT_ATT
    assert PresentPool(u1) not in m.legal_actions(0)  # used already
    with pytest.raises(IllegalAction) as err:
        m.apply(0, PresentPool(u1))
    assert err.value.rule == "C8"
    ev = m.apply(0, PresentPool(u2))
    pres = [e for e in ev if isinstance(e, CommanderPresented)]
    assert pres and pres[0].incursion == 2
    assert PresentPool(d1) not in m.legal_actions(1)
    m.apply(1, Decline())
    assert m.slot_razed[1][0] and not m.slot_razed[1][1]  # the same realm, A
    assert len(set(b.history)) == len(b.history) == 3
    check(m)


def test_attacker_losing_ends_battle_defender_spoils_realm_played_at_once_c9_c10() -> None:
    """[C9] a defeated attacker ends the battle; [C10] the defender may play a
    spoils realm at once, outside his turn."""
    m = arena()
    (u,) = give(m, 0, pool="2")
    (d,) = give(m, 1, pool="5", slots="A:K", top="Q")
    start(m)
    m.apply(0, PresentPool(u))
    m.apply(1, PresentPool(d))
    assert m.phase == SPOILS and m.to_move == [1]
    assert set(m.legal_actions(1)) == {
        PlaySpoilsRealm("A"),
        PlaySpoilsRealm("B"),
        PlaySpoilsRealm("C"),
        KeepSpoils(),
    } - {PlaySpoilsRealm("A")}
    m.apply(1, PlaySpoilsRealm("B"))
    assert m.slot_card[1][1] == c(m, 1, "Q")
    assert m.phase == DISCARD or m.active == 1
    check(m)


def test_spoils_realm_even_after_a_realm_this_turn_c10() -> None:
    """[C10] the attacker played a realm in step 2 and may still play a spoils realm."""
    m = arena()
    (u,) = give(m, 0, pool="5", hand="K", top="Q")
    give(m, 1, slots="A:K")
    m.apply(0, PlayRealm(c(m, 0, "K"), "B"))
    to_attack(m)
    m.apply(0, Attack(1, "A"))
    m.apply(0, PresentPool(u))  # defender has nothing: razed
    assert m.phase == SPOILS and m.to_move == [0]
    m.apply(0, PlaySpoilsRealm("C"))
    assert m.unrazed(0) == 3
    check(m)


def test_spoils_keep_and_empty_pile_c10() -> None:
    """[C10] spoils may stay in hand; an empty pile gives nothing."""
    m = arena()
    (u,) = give(m, 0, pool="5", top="Q")
    give(m, 1, slots="A:K")
    start(m)
    m.apply(0, PresentPool(u))
    m.apply(0, KeepSpoils())
    assert c(m, 0, "Q") in m.hands[0]
    m = arena()
    (u,) = give(m, 0, pool="5", pile=0)
    give(m, 1, slots="A:K")
    start(m)
    m.apply(0, PresentPool(u))
    assert m.hands[0] == [] and m.battle is None
    check(m)


def test_commander_from_hand_joins_the_pool_when_it_wins_c8() -> None:
    """[C8] a winning commander presented from hand goes to the pool."""
    m = arena()
    give(m, 0, hand="5 3")
    give(m, 1, hand="2", slots="A:K")
    start(m)
    m.apply(0, PresentHand(c(m, 0, "5")))
    m.apply(1, PresentHand(c(m, 1, "2")))
    assert m.battle is not None and m.battle.stage == CONTINUE
    assert [x.commander for x in m.pool[0]] == [c(m, 0, "5")]
    check(m)


# ----------------------------------------------------------------- armistice


def armistice_position() -> ChamaMatch:
    m = arena()
    (u,) = give(m, 0, pool="5+10", hand="7")
    (d,) = give(m, 1, pool="3", hand="A 6", slots="A:K")
    start(m)
    m.apply(0, PresentPool(u))
    m.apply(1, PresentPool(d))
    return m


def test_armistice_ends_battle_without_winner_c11() -> None:
    """[C11] the losing side plays an ace: no winner, no spoils, commanders home."""
    m = armistice_position()
    ev = m.apply(1, PlayArmistice(c(m, 1, "A")))
    assert not any(isinstance(e, SpoilsDrawn) for e in ev)
    assert any(isinstance(e, ArmisticeCast) and e.caster == 1 and e.target == 0 for e in ev)
    assert m.battle is None and not m.slot_razed[1][0]
    assert m.pool[0][0].army == c(m, 0, "10") and len(m.pool[1]) == 1
    assert m.armistices and m.armistices[0][:3] == (1, 0, c(m, 1, "A"))
    check(m)


def test_armistice_only_for_the_losing_side_c11() -> None:
    """[C8]/[C11] the winning side may not cast an armistice."""
    m = arena()
    (u,) = give(m, 0, pool="2", hand="A")
    (d,) = give(m, 1, pool="5", hand="9", slots="A:K")
    start(m)
    m.apply(0, PresentPool(u))
    give(m, 1)  # keep the defender's cards
    m.apply(1, PresentPool(d))
    # attacker losing (2 vs 5) may play the ace; the defender could not.
    assert PlayArmistice(c(m, 0, "A")) in m.legal_actions(0)
    assert m.legal_actions(1) == []


def drive(m: ChamaMatch) -> None:
    """Finish the active player's turn doing nothing (discarding when asked)."""
    seat = m.active
    while m.active == seat and not m.is_over:
        mover = m.to_move[0]
        legal = m.legal_actions(mover)
        stop = [a for a in legal if isinstance(a, (EndStep, StopBattle, Stop, KeepSpoils))]
        m.apply(mover, stop[0] if stop else legal[0])


def test_armistice_window_and_lasting_effect_c11() -> None:
    """[C11] the caster may not attack the target while the ace lasts; the target may
    not attack the caster until the end of his next turn; then attacking ends it."""
    m = armistice_position()
    m.apply(1, PlayArmistice(c(m, 1, "A")))  # cast during the target's (seat 0) turn 1
    assert not m.may_attack(1, 0) and not m.may_attack(0, 1)
    if m.active == 0:
        drive(m)  # end of seat 0's turn 1
    assert m.active == 1 and not m.may_attack(1, 0)
    drive(m)
    assert m.active == 0 and m.turns_taken[0] == 2
    assert not m.may_attack(0, 1)  # the target's next turn: still forbidden
    give(m, 0, hand="5")
    to_attack(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(0, Attack(1, "A"))
    assert err.value.rule == "C11"
    drive(m)
    assert m.active == 1 and not m.may_attack(1, 0)  # the caster: still bound
    drive(m)
    assert m.active == 0 and m.may_attack(0, 1)  # the window is over
    to_attack(m) if m.phase in (REALM, POOL) else None
    assert (1, "A") in targets(m, 0)
    ev = m.apply(0, Attack(1, "A"))
    assert any(isinstance(e, ArmisticeEnded) for e in ev)
    assert m.armistices == [] and c(m, 1, "A") in m.discard[1]
    assert m.may_attack(1, 0)
    check(m)


# ----------------------------------------------------------------- effects


def test_effect_raze_attacked_realm_c13() -> None:
    """[C13] razes the realm: battle over, attacker's spoils, commanders home."""
    m = arena()
    (u,) = give(m, 0, pool="5", top="6")
    (d,) = give(m, 1, pool="4", slots="A:K", hand="6")
    start(m)
    m.apply(0, PresentPool(u))
    m.apply(1, PresentPool(d))
    m.effect_raze_attacked_realm()
    assert m.battle is None and m.slot_razed[1][0]
    assert c(m, 0, "6") in m.hands[0]
    assert [x.uid for x in m.pool[0]] == [u] and [x.uid for x in m.pool[1]] == [d]
    check(m)


def test_effect_discard_both_commanders_c13() -> None:
    """[C13] both commanders discarded: battle over, no spoils."""
    m = arena()
    (u,) = give(m, 0, pool="5+9")
    (d,) = give(m, 1, pool="4", slots="A:K", hand="6")
    start(m)
    m.apply(0, PresentPool(u))
    m.apply(1, PresentPool(d))
    ev = m.effect_discard_both_commanders()
    assert m.battle is None and m.pool == [[], []]
    assert not any(isinstance(e, SpoilsDrawn) for e in ev)
    assert sorted(m.discard[0]) == sorted(cards(m, 0, "5 9"))
    check(m)


def test_effect_discard_attacking_commander_c13() -> None:
    """[C13] the attacking commander discarded: battle over, defender's spoils."""
    m = arena()
    (u,) = give(m, 0, pool="5")
    (d,) = give(m, 1, pool="4", slots="A:K", top="9", hand="6")
    start(m)
    m.apply(0, PresentPool(u))
    m.apply(1, PresentPool(d))
    m.effect_discard_attacking_commander()
    assert m.battle is None and m.pool[0] == [] and c(m, 1, "9") in m.hands[1]
    assert [x.uid for x in m.pool[1]] == [d]
    check(m)


def test_effects_need_a_battle_c13() -> None:
    """[C13] outside a battle the effects are refused."""
    m = arena()
    for effect in (
        m.effect_raze_attacked_realm,
        m.effect_discard_both_commanders,
        m.effect_discard_attacking_commander,
    ):
        with pytest.raises(IllegalAction):
            effect()


# ----------------------------------------------------------------- victory


def test_six_unrazed_realms_win_at_end_of_draw_c4() -> None:
    """[C4] six unrazed realms when the draw step ends wins."""
    m = fresh()
    give(m, 1, slots="A:K B:K C:K D:Q E:Q F:Q")
    end_turn(m)
    assert m.is_over and m.winners() == [1]


def test_five_realms_or_a_razed_sixth_do_not_win_c4() -> None:
    """[C4] a razed realm does not count."""
    m = fresh()
    give(m, 1, slots="A:K B:K C:K D:Q E:Q F:Q*")
    end_turn(m)
    assert not m.is_over and m.active == 1


def test_sixth_realm_mid_turn_waits_for_the_next_draw_step_c4() -> None:
    """[C4] victory is checked at the end of the draw step, not when the realm lands."""
    m = fresh()
    give(m, 0, hand="K", slots="A:K B:K C:K D:Q E:Q")
    m.apply(0, PlayRealm(c(m, 0, "K"), "F"))
    assert not m.is_over


def test_empty_pile_loses_two_players_c4() -> None:
    """[C4] two players: an empty pile at the draw step loses at once."""
    m = fresh()
    give(m, 1, pile=0)
    ev: list = []
    seat = m.active
    while m.active == seat and not m.is_over:
        ev += m.apply(seat, EndStep())
    assert m.is_over and m.winners() == [0]
    assert any(isinstance(e, PlayerEliminated) and e.seat == 1 for e in ev)


def test_one_or_two_cards_left_are_drawn_c4() -> None:
    """[C4] a short pile is drawn out without losing."""
    m = fresh()
    give(m, 1, pile=2)
    end_turn(m)
    assert not m.is_over and len(m.hands[1]) == 2 and m.draw[1] == []


def test_three_players_the_decked_player_leaves_c4() -> None:
    """[C4] three or four players: the decked player leaves, the others go on."""
    m = fresh(3)
    give(m, 1, pile=0)
    end_turn(m)
    assert not m.is_over and not m.alive[1] and m.active == 2
    give(m, 0, hand="5")
    end_turn(m)
    assert m.active == 0
    to_attack(m) if m.phase in (REALM, POOL) else None
    assert all(t != 1 for t, _ in targets(m, 0))
    assert m.standings()[-1] == [1]
