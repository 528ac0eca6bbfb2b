"""The Chama table driven by real clicks and by bots: a human turn with a
battle (attacking and defending, the hot-seat curtain between), illegal clicks
refused with the rule's reason, the practice tools, and whole games with every
seat played by bots in every mode ([C5]-[C16] on screen)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import parse_card
from game.chama import actions as A
from game.chama.battle import FIGHT, PRESENT_DEF
from scenes.curtain import Curtain
from scenes.i18n import tr
from scenes.main_menu import MainMenu
from scenes.tables.base import SeatSetup
from scenes.tables.chama import ChamaTable
from scenes.tables.chama.formation_view import unit_rects
from scenes.victory import VictoryOverlay
from tests.scenes.conftest import (
    click,
    click_widget,
    key,
    make_app,
    open_test_table,
    pump,
    pump_until,
    spy_texts,
)
from tests.scenes.test_hot_seat_secrets import play_hot_seat_match


def table(app, seats, seed=3, practice=False, options=None) -> ChamaTable:  # type: ignore[no-untyped-def]
    t = open_test_table(app, "chama", seats, seed, practice, options)
    assert isinstance(t, ChamaTable)
    return t


def until(app, cond: Callable[[], bool], frames: int = 4000) -> None:  # type: ignore[no-untyped-def]
    pump_until(app, cond, frames)


def my_phase(t: ChamaTable, phase: str) -> Callable[[], bool]:
    return lambda: t.my_turn() and t.view().get("phase") == phase and t.turn_key != ()


def hand_rect(t: ChamaTable, code: str):  # type: ignore[no-untyped-def]
    codes = t._hand_codes()
    assert t.lay is not None
    return t.lay.hand_cards(len(codes))[codes.index(code)]


def slot_rect(t: ChamaTable, seat: int, slot: str):  # type: ignore[no-untyped-def]
    assert t.lay is not None
    return t.lay.areas[seat].slots["ABCDEF".index(slot)]


def open_curtain(app) -> str:  # type: ignore[no-untyped-def]
    """Wait for the curtain, let its short guard pass, click it open; the name it showed."""
    until(app, lambda: isinstance(app.scenes.top, Curtain))
    curtain = app.scenes.top
    pump(app, 30)
    click(app, curtain.button.rect.center)
    assert app.scenes.top is not curtain
    return str(curtain.name)


def setup_hand(t: ChamaTable, seat: int, codes: str) -> None:
    """Give `seat` exactly these cards (taken from its own deck), then redraw the screen."""
    m = t.match
    want = [parse_card(c) for c in codes.split()]
    pool = m.hands[seat] + m.draw[seat]
    for c in want:
        pool.remove(c)
    m.hands[seat] = want
    m.draw[seat] = pool
    t.sync()


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
    assert t.selected == "KS" and t.marks_for(0, t.view(), t.legal()).lit_slots == {0}
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
    assert t.selected == "9S"
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
    assert t.selected == "JS" and t.marks_for(0, t.view(), t.legal()).lit_slots == {1, 2}
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
    assert t.lit_hand(t.legal()) == {f"10{suit_d}", f"8{suit_d}", f"A{suit_d}"}
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
    assert t.rebuild_slot == 0 and len(t.rebuild_pick) == 3
    # choose exactly three: drop the suggestion, pick 2 6 7
    t.rebuild_pick = []
    for c in (f"2{s}", f"6{s}", f"7{s}"):
        click(app, hand_rect(t, c).center)
    assert sorted(t.rebuild_pick) == sorted([f"2{s}", f"6{s}", f"7{s}"])
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


def test_under_the_victory_screen_the_prompt_says_the_match_is_over() -> None:
    """With a person at the table the prompt under the victory screen could still
    say "Bo is playing." (the last mover) until "Look at the table" was clicked."""
    app = make_app("--lang", "en", "--size", "1024x640")
    app.settings.animation_speed = "fast"  # as players have it: the end still moves
    t = table(app, [SeatSetup("Ana"), SeatSetup("Bo", "easy")], seed=2, options={"turn_limit": 8})
    rng = random.Random(2)
    try:
        for _ in range(40000):
            if isinstance(app.scenes.top, VictoryOverlay):
                break
            idle = not (t.events or t.animating() or t.tweens.busy)
            if t.human_to_act() == 0 and idle:
                t.submit(rng.choice(t.match.legal_actions(0)), 0)
            pump(app)
        assert isinstance(app.scenes.top, VictoryOverlay)
        assert t.row is not None and t.row.prompt == tr("chamatable.prompt.over")
        # the prompt as the last settled frame left it when the bots' final move
        # ended the match: the end itself must bring it up to date
        app.scenes.pop(fade=False)
        t.row.set([], tr("chamatable.prompt.waiting", name="Bo"))
        t.on_match_over()
        assert t.row.prompt == tr("chamatable.prompt.over")
    finally:
        t.worker.close()
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
    assert t.lit_hand(t.legal()) == {f"9{s0}", f"8{s0}"}
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
    assert t.selected == top.code and "commander" in t.row.prompt
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


# -- the new base and the life tools (adoption) -------------------------------------------


def test_practice_reveal_is_the_pause_menu_switch_and_h_toggles_it(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.pause import PauseMenu

    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3, practice=True)
    until(app, my_phase(t, "realm"))
    drawn: list[int] = []
    paint = t._draw_bot_hand
    t._draw_bot_hand = lambda surface, area, seat: (drawn.append(seat), paint(surface, area, seat))  # type: ignore[method-assign]
    pump(app, 2)
    assert drawn == [] and t.revealed_seats() == []
    key(app, pygame.K_h)  # the shortcut flips the practice tools' switch
    assert t.tools.reveal and t.revealed_seats() == [1]
    pump(app, 2)
    assert drawn and set(drawn) == {1}  # the bot's hand is painted, nobody else's
    key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, PauseMenu)
    click_widget(app, menu.buttons["reveal"])  # the same switch, from the pause menu
    assert not t.tools.reveal
    if app.scenes.top is not t:
        key(app, pygame.K_ESCAPE)
    drawn.clear()
    pump(app, 2)
    assert drawn == []


def test_pause_and_resume_restore_exactly_the_phase_controls(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3)
    until(app, my_phase(t, "realm"))
    assert t.row is not None
    before = [(e.label, e.enabled) for e in t.row.entries]
    shown_before = [b.visible for b in t.row.buttons + t.row.primary]
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is not t
    click_widget(app, app.scenes.top.buttons["resume"])
    pump(app, 2)
    assert app.scenes.top is t
    assert [(e.label, e.enabled) for e in t.row.entries] == before
    assert [b.visible for b in t.row.buttons + t.row.primary] == shown_before
    # a button of no entry stays hidden: it cannot be clicked
    assert sum(b.visible for b in t.row.buttons + t.row.primary) == len(t.row.entries)


def test_space_skips_the_bots_to_the_persons_next_decision(app) -> None:  # type: ignore[no-untyped-def]
    app.settings.animation_speed = "slow"
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "normal"), SeatSetup("Lis", "normal")])
    until(app, lambda: t.my_turn() or bool(t.events) or t.animating() or t.worker.busy, 600)
    if t.my_turn():  # Ana plays first: pass her turn to hand over to the bots
        until(app, my_phase(t, "realm"))
        while t.my_turn():
            t.submit(next(a for a in t.legal() if isinstance(a, (A.EndStep, A.KeepHand))))
    pump(app, 2)
    key(app, pygame.K_SPACE)
    assert t.skipping or t.my_turn()
    until(app, lambda: t.my_turn() and not t.events and not t.animating(), 900)
    assert not t.fx and not t.skipping


def test_a_continued_match_tells_its_log_again(app) -> None:  # type: ignore[no-untyped-def]
    import game as G

    m = G.new_match("chama", ["Ana", "Borin", "Lis"], seed=9)
    bot = G.make_bot("chama", "easy")
    from game.rng import Rng

    rng = Rng(2)
    for _ in range(60):
        s = m.to_move[0]
        m.apply(s, bot.choose(m.view(s), m.legal_actions(s), rng))
    loaded = G.load_match(m.save())
    app.scenes.push(MainMenu(app), fade=False)
    seats = [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Lis", "easy")]
    t = ChamaTable(app, loaded, seats)
    app.scenes.push(t, fade=False)
    pump(app)
    lines = [text for text, _ in t.log.entries]
    assert len(lines) > 10 and any("Borin" in line for line in lines)
    # Ana reads her own draws ("You drew …"), never the bots' cards
    own = [e for e, *_ in t.history if e is not None and e.PRIVATE and e.visible_to(0)]
    assert own and all(t.event_text(e, **t.event_extra(e)) in lines for e in own)
    # a list of drawn cards reads as a list ("army 6, army 10, realm K")
    import game.chama.events as CE

    many = [
        (t.event_text(e, **extra), e)
        for e, _, _, extra in t.history
        if isinstance(e, CE.CardsDrawn) and e.seat == 0 and len(e.cards) > 1
    ]
    assert many and all(text.count(", ") == len(e.cards) - 1 for text, e in many), many
    assert all("[" not in text for text, _ in many), many
    others = [e for e, *_ in t.history if e is not None and e.PRIVATE and not e.visible_to(0)]
    assert others and all(t.event_text(e) == "" for e in others)


def test_a_replay_of_a_finished_match_steps_forward_and_back(app) -> None:  # type: ignore[no-untyped-def]
    import game as G
    from game.rng import Rng
    from scenes.replay import open_replay

    m = G.new_match("chama", ["Ana", "Bot"], seed=4)
    m.meta = {"players": [{"name": "Ana", "bot": None}, {"name": "Bot", "bot": "easy"}]}
    bot = G.make_bot("chama", "easy")
    rng = Rng(3)
    while not m.is_over:
        s = m.to_move[0]
        m.apply(s, bot.choose(m.view(s), m.legal_actions(s), rng))
    app.scenes.push(MainMenu(app), fade=False)
    viewer = open_replay(app, m.save())
    assert viewer is not None and type(viewer).__name__ == "ReplayChamaTable"
    app.scenes.push(viewer, fade=False)
    viewer.replay_speed_index = 5
    until(app, lambda: viewer.replay_position >= 8, 3000)
    viewer.replay_toggle_play()
    until(app, lambda: not viewer.events and not viewer.animating(), 600)
    at = viewer.replay_position
    viewer.replay_step_back()
    pump(app, 3)
    assert viewer.replay_position == at - 1
    assert viewer.shown() == viewer.view()  # the table shows the position as it stands
    viewer.replay_step_forward()
    until(app, lambda: not viewer.events and not viewer.animating(), 600)
    assert viewer.replay_position == at


def test_the_guided_game_points_at_real_parts_of_the_table(app) -> None:  # type: ignore[no-untyped-def]
    import json
    from pathlib import Path

    from scenes.tutorial import start_tutorial

    app.scenes.push(MainMenu(app), fade=False)
    t = start_tutorial(app, "chama")
    assert t is not None and t.tutorial is not None
    app.scenes.push(t, fade=False)
    until(app, lambda: t.tutorial.current is not None, 3000)
    targets = t.tutorial_targets()
    assert t.tutorial.current.target in targets
    steps = json.loads(Path("assets/tutorials/chama.json").read_text())["steps"]
    for step in steps:  # every step points at something the table has
        rect = targets[step["target"]]
        assert rect.width > 0 and rect.height > 0, step["id"]


def test_a_question_with_one_answer_reads_nothing_to_do_and_enter_goes_on_c17(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3)
    until(app, my_phase(t, "realm"))
    m = t.match
    suit = t.view()["players"][0]["suit"]
    setup_hand(t, 0, f"K{suit}")
    t.submit(A.EndStep())  # on to step 3 holding only a realm
    until(app, my_phase(t, "pool"), 200)
    # step 3 with nothing to pool: the engine still asks ([C17]), one answer
    legal = t.legal()
    assert legal == [A.EndStep()], legal
    assert t.row is not None and "Enter" in t.row.prompt and "Nothing to do" in t.row.prompt
    moves = len(m.log)
    key(app, pygame.K_RETURN)
    assert len(m.log) == moves + 1


def test_draw_lines_use_real_plurals(app) -> None:  # type: ignore[no-untyped-def]
    from game.chama import events as E

    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3)
    for n, word in ((1, "card "), (5, "cards ")):
        text = t.event_text(E.DrewCards(1, n, "turn", 30))
        assert text.startswith(f"Borin draws {n} {word}") and "(s)" not in text, text
        spoils = t.event_text(E.SpoilsDrawn(1, n, False))
        assert f"{n} spoils {word.strip()}." in spoils, spoils


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


def test_victory_and_discard_lines_use_real_plurals(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.i18n import set_language, tr

    for lang, one, many in (
        ("en", "1 realm standing", "3 realms standing"),
        ("pt", "1 reino de pé", "3 reinos de pé"),
    ):
        set_language(lang)
        assert one in tr("chamatable.victory.line", name="Ana", count=1, razes=0)
        assert many in tr("chamatable.victory.line", name="Ana", count=3, razes=0)
        for n in (1, 2):
            assert "(s)" not in tr("chamatable.prompt.discard", count=n)
    set_language("en")
    assert tr("chamatable.prompt.discard", count=1).endswith("1 card to discard.")


def test_status_names_the_next_only_after_a_bots_move(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Partway through Thorgrim's move the top line must not already say "To act: Lisandra"."""
    from scenes import style
    from scenes.i18n import tr

    seats = [SeatSetup("Ana", "normal"), SeatSetup("Bia", "normal")]
    t = table(app, seats, seed=4)
    drawn: list[str] = []
    real = style.blit_text

    def spy(surface, text, size, pos, *a, **k):  # type: ignore[no-untyped-def]
        if pos == (20, 20):
            drawn.append(text)
        return real(surface, text, size, pos, *a, **k)

    monkeypatch.setattr(style, "blit_text", spy)
    to_act = tr("ui.table.to_act", names="")
    held_back = shown = 0
    for _ in range(1500):
        if t.match.is_over:
            break
        pump(app)
        drawn.clear()
        t.draw_status(app.screen)
        line = drawn[-1]
        if t.playing_out():
            assert to_act not in line, line
            held_back += bool(t.match.to_move)
        elif t.match.to_move:
            names = ", ".join(t.seats[s].name for s in t.match.to_move)
            shown += tr("ui.table.to_act", names=names) in line
    assert held_back > 0 and shown > 0


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


def test_battle_lines_in_portuguese_take_the_right_article() -> None:
    """ "apresenta … no defesa", "reforça o defesa", "vencida pelo defesa": a bare
    "ataque"/"defesa" took the article of "ataque" for both sides. The sides now
    read as "lado do ataque" / "lado da defesa" in every sentence."""
    from game.chama import events as E

    a = make_app("--lang", "pt", "--size", "1024x640")
    t = table(a, [SeatSetup("Ana"), SeatSetup("Bo", "normal")], seed=3)
    try:
        k5, s8 = parse_card("5H"), parse_card("8H")
        for side, want in (("attack", "lado do ataque"), ("defense", "lado da defesa")):
            events = [
                E.CommanderPresented(0, side, 1, 7, k5, None, True, 5),
                E.Reinforced(0, side, s8, 13, 5),
                E.SideStopped(0, side, False),
                E.IncursionResolved(1, side, 13, 5, ()),
            ]
            for ev in events:
                line = t.event_text(ev, **t.event_extra(ev))
                assert want in line, line
                assert " no defesa" not in line and " o defesa" not in line, line
    finally:
        t.worker.close()
        pygame.quit()


def test_an_armistice_ace_keeps_off_the_battle_title_c11(monkeypatch: pytest.MonkeyPatch) -> None:
    """With four players an armistice's ace and its "Bot2 – Bot1" label lay on the
    battle panel's title. While a battle fills the centre, such an ace is left out;
    outside battles it shows ([C11])."""

    a = make_app("--lang", "en", "--size", "1024x640")
    seats = [SeatSetup("Ana")] + [SeatSetup(f"Bot{i}", "normal") for i in (1, 2, 3)]
    t = table(a, seats, seed=11)
    try:
        assert t.lay is not None
        pairs = [(x, y) for x in range(4) for y in range(4) if x < y]
        inside = [p for p in pairs if t.lay.centre.collidepoint(t._between(*p))]
        assert inside  # the layout does put some between-points on the centre
        drawn = spy_texts(monkeypatch)
        caster, target = inside[0]
        view = {"armistices": [{"caster": caster, "target": target, "card": "AS"}]}
        label = tr(
            "chamatable.armistice_marker", caster=t.seats[caster].name, target=t.seats[target].name
        )
        surf = pygame.Surface(a.size)
        t._draw_armistices(surf, view)
        assert label in drawn
        drawn.clear()
        t._draw_armistices(surf, {**view, "battle": {"stage": "fight"}})
        assert label not in drawn
    finally:
        t.worker.close()
        pygame.quit()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_battle_calculator_says_every_line_at_1024x640(lang: str) -> None:
    """At 1024x640 the hand strip is short and the calculator's last line, the
    deck's odds ("Still in your deck, enough alone: 7×4, 8×3…"), was cut: every
    line of a losing side's calculator is written, in smaller letters if need be."""
    from scenes.tables.chama.calculator import battle_calc

    a = make_app("--lang", lang, "--size", "1024x640")
    a.settings.animation_speed = "instant"
    t = table(a, [SeatSetup("Ana"), SeatSetup("Bo", "normal")], seed=7, practice=True)
    rng = random.Random(7)

    def losing_calc() -> bool:
        calc = battle_calc(t.view()) if t.viewer is not None else None
        return calc is not None and calc.need > 0

    try:
        t.show_calc = True
        for _ in range(20000):
            if losing_calc() and not (t.events or t.animating()):
                break
            if t.human_to_act() == 0 and not (t.events or t.animating() or t.tweens.busy):
                t.submit(rng.choice(t.match.legal_actions(0)), 0)
            pump(a)
        assert losing_calc()
        t.draw(a.screen)
        assert t.calc_lines_cut == 0
    finally:
        t.worker.close()
        pygame.quit()


def test_the_layer_under_the_frame_is_the_wood_and_the_felt(app) -> None:  # type: ignore[no-untyped-def]
    """The wood and the felt (with its border) are painted together once per
    layout, not blitted every frame (two large blits were a fifth of the frame
    time); the layer is what the two blits painted, and a new layout paints it
    again."""
    from scenes import style

    t = table(app, [SeatSetup("Ana"), SeatSetup("Bot", "normal")])
    pump(app, 2)

    def by_hand(size: tuple[int, int]) -> bytes:
        assert t.lay is not None
        surf = pygame.Surface(size)
        surf.blit(style.wood_background(size), (0, 0))
        surf.blit(t._felt_surface(), t.lay.felt.topleft)
        pygame.draw.rect(surf, style.GOLD_DARK, t.lay.felt, width=2, border_radius=10)
        return pygame.image.tobytes(surf, "RGB")

    size = app.screen.get_size()
    first = t.under_layer(size)
    assert t.under_layer(size) is first
    assert pygame.image.tobytes(first, "RGB") == by_hand(size)
    t.lay.felt = t.lay.felt.inflate(-40, -40)  # as a new layout would
    again = t.under_layer(size)
    assert again is not first
    assert pygame.image.tobytes(again, "RGB") == by_hand(size)
    t.worker.close()


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
