"""The Chama table driven by real clicks and by bots: a human turn with a
battle (attacking and defending, the hot-seat curtain between), illegal clicks
refused with the rule's reason, the practice tools, and whole games with every
seat played by bots in every mode ([C5]-[C16] on screen)."""

from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import parse_card
from game.chama import actions as A
from game.chama.battle import FIGHT, PRESENT_DEF
from scenes.i18n import tr
from scenes.main_menu import MainMenu
from scenes.tables.chama import ChamaTable
from scenes.tables.chama.formation_view import unit_rects
from scenes.tables.chama.selection import lit_hand
from scenes.tables.face import SeatSetup
from scenes.victory import VictoryOverlay
from tests.scenes.chama_table_helpers import (
    hand_rect,
    my_phase,
    setup_hand,
    slot_rect,
    table,
    until,
)
from tests.scenes.conftest import (
    click,
    click_widget,
    make_app,
    open_curtain,
    open_test_table,
    pump,
)
from tests.scenes.test_hot_seat_secrets import play_hot_seat_match


def test_a_human_turn_realm_pool_and_a_battle_won_c5_c7_c8(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3)
    until(app, my_phase(t, "realm"))
    m = t.match
    # Borin holds a realm in A and nothing else that could fight
    m.slot_card[1][0] = parse_card("KH")
    m.hands[1] = [c for c in m.hands[1] if c.rank >= 11]
    setup_hand(t, 0, "KS QS 5S 9S 8S")
    # a realm dropped on a slot out of order is refused with the rule's reason [C5]
    click(app, hand_rect(t, "KS").center)
    assert t.sel.selected == "KS" and t.marks_for(0, t.view(), t.legal()).lit_slots == {0}
    click(app, slot_rect(t, 0, "D").center)
    assert app.toast.visible and "A first" in app.toast.text
    assert not m.log or not isinstance(m.log[-1][1], A.PlayRealm)
    # drag the realm into A
    start = hand_rect(t, "KS").center
    end = slot_rect(t, 0, "A").center
    pygame.mouse.set_pos(start)
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    app.step(
        1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))]
    )
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
    assert m.log[-1] == (0, A.PlayRealm(parse_card("KS"), "A"))
    # the realm step has nothing left to do (one realm per turn): on to the pool
    until(app, my_phase(t, "pool"))
    # pool: the commander by a click, then the army onto it [C7]
    click(app, hand_rect(t, "5S").center)
    until(app, my_phase(t, "pool"))
    (unit,) = m.pool[0]
    click(app, hand_rect(t, "9S").center)
    assert t.sel.selected == "9S"
    lay = t.lay
    assert lay is not None
    rects = t.target_at
    ur = next(r for r in [lay.areas[0].pool_units(1)[0]])
    assert rects(ur.center) == ("unit", 0, unit.uid)
    click(app, ur.center)
    assert m.pool[0][0].army == parse_card("9S")
    until(app, lambda: my_phase(t, "pool")() or my_phase(t, "attack")())
    if t.view()["phase"] == "pool":  # the engine may still offer the step: "To battle"
        click_widget(app, t.row.primary[0])
    until(app, my_phase(t, "attack"))
    # the attack: Borin's exposed realm A is lit; clicking it starts the battle [C8]
    assert t.marks_for(1, t.view(), t.legal()).lit_slots == {0}
    click(app, slot_rect(t, 1, "A").center)
    assert isinstance(m.log[-1][1], A.Attack)
    until(app, lambda: t.my_turn() and t.view()["battle"]["stage"] == "present_attacker")
    # the spoils will be a realm: it may be played at once [C10]
    jack = parse_card("JS")
    m.draw[0].remove(jack)
    m.draw[0].append(jack)
    click(app, lay.areas[0].pool_units(1)[0].center)
    assert (0, A.PresentPool(unit.uid)) in m.log
    # Borin has no commander: he declines; the realm is razed and Ana draws spoils
    until(app, lambda: m.slot_razed[1][0])
    until(app, my_phase(t, "spoils"))
    assert t.sel.selected == "JS" and t.marks_for(0, t.view(), t.legal()).lit_slots == {1, 2}
    click(app, slot_rect(t, 0, "B").center)
    assert m.log[-1] == (0, A.PlaySpoilsRealm("B"))
    assert m.slot_card[0][1] == jack


def test_hot_seat_battle_defender_gets_the_curtain_and_reinforces_c8_c17(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Bia")], seed=4)
    open_curtain(app)
    until(app, lambda: t.my_turn())
    first = t.viewer
    assert first is not None
    other = 1 - first
    m = t.match
    # the position: the attacker holds a 5 with a 9, the defender a 3 and armies
    m.slot_card[other][0] = parse_card("KH" if other == 1 else "KS")
    suit_a, suit_d = m.suits[first], m.suits[other]
    setup_hand(t, first, f"5{suit_a} 9{suit_a}")
    m.hands[other] = []
    setup_hand(t, other, f"3{suit_d} 10{suit_d} 8{suit_d} A{suit_d}")
    while m.phase != "attack":
        m.apply(first, A.EndStep())
    t.sync()
    until(app, my_phase(t, "attack"))
    click(app, slot_rect(t, other, "A").center)
    until(
        app, lambda: t.my_turn() and m.battle is not None and m.battle.stage == "present_attacker"
    )
    click(app, hand_rect(t, f"5{suit_a}").center)
    assert m.battle is not None and m.battle.stage == PRESENT_DEF
    # the defender is the other person: the curtain passes the screen to her
    assert open_curtain(app) == t.seats[other].name
    until(app, lambda: t.viewer == other and t.my_turn())
    assert f"5{suit_a}" not in (t.view().get("hand") or [])  # her screen shows her own hand
    click(app, hand_rect(t, f"3{suit_d}").center)
    assert m.battle is not None and m.battle.stage == FIGHT
    # 5 against 3: the defender is losing; her armies and armistice are lit [C8]
    assert lit_hand(t.legal()) == {f"10{suit_d}", f"8{suit_d}", f"A{suit_d}"}
    click(app, hand_rect(t, f"10{suit_d}").center)
    assert m.log[-1] == (other, A.Reinforce(parse_card(f"10{suit_d}")))
    # 5 against 13: now the attacker is losing: the screen goes back to him
    assert open_curtain(app) == t.seats[first].name
    until(app, lambda: t.viewer == first and t.my_turn())
    click(app, hand_rect(t, f"9{suit_a}").center)
    assert m.log[-1] == (first, A.Reinforce(parse_card(f"9{suit_a}")))


def test_rebuild_a_razed_realm_by_picking_three_cards_c5(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3)
    until(app, my_phase(t, "realm"))
    m = t.match
    s = m.suits[0]
    m.slot_card[0][0] = parse_card(f"J{s}")
    m.slot_razed[0][0] = True
    setup_hand(t, 0, f"2{s} 6{s} 7{s} 10{s}")
    click(app, slot_rect(t, 0, "A").center)
    assert t.sel.rebuild_slot == 0 and len(t.sel.rebuild_pick) == 3
    # choose exactly three: drop the suggestion, pick 2 6 7
    t.sel.rebuild_pick = []
    for c in (f"2{s}", f"6{s}", f"7{s}"):
        click(app, hand_rect(t, c).center)
    assert sorted(t.sel.rebuild_pick) == sorted([f"2{s}", f"6{s}", f"7{s}"])
    click_widget(app, t.row.primary[0])
    seat, action = m.log[-1]
    assert seat == 0 and isinstance(action, A.RebuildRealm) and action.slot == "A"
    assert not m.slot_razed[0][0] and m.hands[0] == [parse_card(f"10{s}")]


def test_practice_hint_calculator_and_bot_hands(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3, practice=True)
    until(app, my_phase(t, "realm"))
    assert t.show_calc and "hands" not in t.extra_buttons  # one reveal switch: the pause menu's
    click_widget(app, t.buttons["hint"])
    until(app, lambda: app.toast.visible and app.toast.text.startswith("Hint"), 600)
    assert app.toast.text.endswith(")")  # one hint path: the move, then the base's reason
    # undo takes back the person's last move (practice)
    until(app, my_phase(t, "realm"))
    click_widget(app, t.row.primary[0])  # "To the pool"
    assert t.match.log and t.match.log[-1][0] == 0
    moves = len(t.match.log)
    click_widget(app, t.buttons["undo"])
    assert len(t.match.log) < moves and t.view()["phase"] == "realm"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "n"),
    [
        ({}, 2),
        ({"mode": "guerrilha"}, 3),
        ({"mode": "duplas"}, 4),
        ({"mode": "conquistadores"}, 2),
        ({"aliados": True, "xisum": True, "pineapple": ["yes", "no", "no"]}, 3),
        ({"turn_limit": 12}, 2),
    ],
)
def test_bots_play_whole_games_in_every_mode_c14_c15_c16(options: dict, n: int) -> None:
    app = make_app("--lang", "pt", "--size", "1024x640", "--autoplay")
    app.settings.animation_speed = "instant"
    seats = [SeatSetup(f"B{i}", "easy") for i in range(n)]
    t = table(app, seats, seed=2, options=options)
    until(app, lambda: isinstance(app.scenes.top, VictoryOverlay), 20000)
    assert t.match.is_over and t.victory_lines()
    pygame.quit()


def test_aliados_a_person_outside_the_battle_is_offered_to_help_c15(app) -> None:  # type: ignore[no-untyped-def]
    from game import new_match

    m = new_match("chama", ["Ana", "Borin", "Lis"], seed=5, options={"aliados": True})
    while m.active != 1 or m.phase != "realm":
        seat = m.to_move[0]
        m.apply(
            seat,
            next(
                a
                for a in m.legal_actions(seat)
                if isinstance(a, (A.EndStep, A.KeepSpoils, A.DiscardCard, A.Stop, A.StopBattle))
            ),
        )
    s0, s1, s2 = m.suits

    def give(seat: int, codes: str) -> None:
        want = [parse_card(c) for c in codes.split()]
        rest = m.hands[seat] + m.draw[seat]
        for c in want:
            rest.remove(c)
        m.hands[seat], m.draw[seat] = want, rest

    give(0, f"9{s0} 8{s0}")
    give(1, f"5{s1}")
    give(2, f"3{s2} K{s2}")
    m.apply(1, A.EndStep())
    if m.phase == "pool":
        m.apply(1, A.EndStep())
    m.slot_card[2][0] = parse_card(f"K{s2}")
    m.hands[2].remove(parse_card(f"K{s2}"))
    m.apply(1, A.Attack(2, "A"))
    m.apply(1, A.PresentHand(parse_card(f"5{s1}")))
    m.apply(2, A.PresentHand(parse_card(f"3{s2}")))
    if m.to_move == [2]:  # [C17]: the defender is asked even with nothing to play
        m.apply(2, A.Stop())
    assert m.to_move == [0]  # Ana, outside the battle, may help the losing defence
    seats = [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Lis", "easy")]
    app.scenes.push(MainMenu(app), fade=False)
    t = ChamaTable(app, m, seats)
    app.scenes.push(t, fade=False)
    until(app, lambda: t.my_turn())
    assert "Aliados" in t.row.prompt
    assert [e.label for e in t.row.entries] == ["Stay out"]
    assert lit_hand(t.legal()) == {f"9{s0}", f"8{s0}"}
    click(app, hand_rect(t, f"9{s0}").center)
    assert m.log[-1] == (0, A.Reinforce(parse_card(f"9{s0}")))


def _won_battle_with_spoils(app, spoils: str):  # type: ignore[no-untyped-def]
    """Ana (seat 0) razes Borin's realm and draws `spoils`; the table opens on her choice."""
    from game import new_match

    m = new_match("chama", ["Ana", "Borin"], seed=3)
    while m.active != 0 or m.phase != "realm":
        seat = m.to_move[0]
        m.apply(
            seat,
            next(
                a
                for a in m.legal_actions(seat)
                if isinstance(
                    a, (A.EndStep, A.KeepSpoils, A.DiscardCard, A.Stop, A.StopBattle, A.Decline)
                )
            ),
        )
    s0, s1 = m.suits
    rest = m.hands[0] + m.draw[0]
    want = [parse_card(c) for c in (f"5{s0}", f"2{s0}")]
    top = parse_card(spoils.replace("*", s0))
    for c in [*want, top]:
        rest.remove(c)
    m.hands[0], m.draw[0] = want, [*rest, top]  # the top of the pile is drawn last-in
    m.slot_card[1][0] = parse_card(f"K{s1}")
    m.draw[0].remove(parse_card(f"Q{s0}"))
    m.slot_card[0][0] = parse_card(f"Q{s0}")  # a realm keeps Ana's pool past the turn [C12]
    m.draw[1] += m.hands[1]
    m.hands[1] = []
    m.apply(0, A.EndStep())
    m.apply(0, A.PoolCommander(parse_card(f"2{s0}")))
    m.apply(0, A.EndStep())
    m.apply(0, A.Attack(1, "A"))
    m.apply(0, A.PresentHand(parse_card(f"5{s0}")))
    if m.to_move == [1]:  # [C17] Borin is asked even with no commander
        m.apply(1, A.Decline())
    assert m.phase == "spoils" and m.to_move == [0]
    app.scenes.push(MainMenu(app), fade=False)
    t = ChamaTable(app, m, [SeatSetup("Ana"), SeatSetup("Borin", "easy")])
    app.scenes.push(t, fade=False)
    until(app, my_phase(t, "spoils"))
    return t, m, top


def test_spoils_commander_goes_to_the_pool_at_once_c10(app) -> None:  # type: ignore[no-untyped-def]
    t, m, top = _won_battle_with_spoils(app, "4*")
    assert t.sel.selected == top.code and "commander" in t.row.prompt
    click(app, hand_rect(t, top.code).center)
    assert m.log[-1] == (0, A.PoolSpoilsCommander())
    assert any(u.commander == top for u in m.pool[0])


def test_spoils_army_is_attached_to_a_lit_pool_commander_c10(app) -> None:  # type: ignore[no-untyped-def]
    t, m, top = _won_battle_with_spoils(app, "9*")
    (unit,) = [u for u in m.pool[0] if u.army is None and u.commander.rank == 2]
    assert unit.uid in t.marks_for(0, t.view(), t.legal()).lit_units
    assert t.lay is not None
    rects = unit_rects(t.lay.areas[0], t.view()["players"][0]["pool"])
    click(app, rects[unit.uid].center)
    assert m.log[-1] == (0, A.AttachSpoilsArmy(unit.uid))


@pytest.mark.slow
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(1, 10_000))
def test_hot_seat_leaks_nothing_over_bounded_matches_g4(seed: int) -> None:
    """Two humans and a bot play a timed match on screen ([C16] ends it): no
    frame shows or logs one human's cards to the other ([G4], [C17])."""
    app = make_app("--lang", "en", "--size", "1024x640")
    app.settings.animation_speed = "instant"
    seats = [SeatSetup("Ana"), SeatSetup("Bot", "easy"), SeatSetup("Bia")]
    t = table(app, seats, seed=seed, options={"turn_limit": 8})
    try:
        play_hot_seat_match(app, t, random.Random(seed), max_frames=8000)
    finally:
        t.worker.close()
        pygame.quit()


@pytest.mark.slow
def test_a_xisum_duel_plays_out_at_a_speed_players_use_c15() -> None:
    """At any speed but "instant" a Xisum duel ([C15]) put an effect on the table
    without `blocking`, and the next frame's `animating()` killed the app. The duel
    now holds the table while it shows, then the match goes on."""
    from scenes.tables.chama.effects import XisumDuel

    a = make_app("--lang", "en", "--size", "1024x640")
    a.settings.animation_speed = "fast"
    t = table(
        a, [SeatSetup("A", "normal"), SeatSetup("B", "normal")], seed=7, options={"xisum": True}
    )
    try:
        until(a, lambda: any(isinstance(fx, XisumDuel) for fx in t.fx), frames=6000)
        assert t.animating()
        moves = len(t.match.log)
        until(a, lambda: not any(isinstance(fx, XisumDuel) for fx in t.fx), frames=600)
        until(a, lambda: len(t.match.log) > moves or t.match.is_over, frames=3000)
    finally:
        t.worker.close()
        pygame.quit()


@pytest.mark.parametrize("people", [1, 2])
def test_the_opening_deal_counts_each_hand_once(app, people: int) -> None:  # type: ignore[no-untyped-def]
    """The headers said "Hand 16" for eight cards while the deal played: the
    table started from a view that already held the dealt cards and added the
    deal again. Every frame of the deal, no header counts more than is held."""
    app.settings.animation_speed = "normal"
    seats = [SeatSetup("Ana"), SeatSetup("Bia") if people == 2 else SeatSetup("Bot", "easy")]
    seats.append(SeatSetup("Caio", "easy"))
    table = open_test_table(app, "chama", seats, seed=2)
    for _ in range(900):
        shown = table.shown()
        for seat in range(3):
            held = table.match.public_view()["players"][seat]["hand_count"]
            assert shown["players"][seat]["hand_count"] <= held
            line = tr("chamatable.seat.hand", count=shown["players"][seat]["hand_count"])
            assert line in [t for t, _c in table.header_for(seat, shown)]
        if table.match.log or (not table.events and not table.tweens.busy):
            break
        pump(app)
