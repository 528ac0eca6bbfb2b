"""The Wyrt table driven by real clicks and keys: fold, call, a slider raise, a
refused small raise, a straddle, cheating (steal and expulsion), an all-in
ending in a side-pot showdown in hot-seat, O Morto's tables and full autoplay
sessions ([T1]-[T11] on screen). The session around a match (pause, save,
replay, tutorial) is in test_wyrt_table_session.py."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.wyrt import records as R
from scenes.dialogs import ConfirmDialog
from scenes.i18n import tr
from scenes.main_menu import MainMenu
from scenes.tables import open_table
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt import WyrtTable
from scenes.tables.wyrt.dialogs import SessionEnd, StealDialog
from tests.scenes.conftest import click_widget, key, make_app, pump
from tests.scenes.wyrt_table_helpers import BOTS, actions_of, my_decision, table, until


def test_fold_by_click_mucks_the_hand(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, BOTS, straddle=False)
    until(app, my_decision(t))
    assert t.controls is not None and t.controls.widgets["fold"].visible
    assert len(t.fans[0].sprites) == 5 and all(s.face_up for s in t.fans[0].sprites)
    before = len(t.match.log)
    click_widget(app, t.controls.widgets["fold"])
    assert isinstance(actions_of(t, 0, before)[0], R.Fold)
    until(app, lambda: not t.events or t.shown.folded[0])
    assert t.shown.folded[0] or t.shown.hand > 1


def test_call_by_key_shows_the_amount_t3(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, BOTS, straddle=False)
    until(app, my_decision(t))
    assert t.controls is not None
    owe = t.view()["to_call"]
    assert owe == 10  # the big blind ([T1]: tavern table, minimum T$ 10)
    assert "10" in t.controls.widgets["call"].text
    before = len(t.match.log)
    key(app, pygame.K_c)
    assert isinstance(actions_of(t, 0, before)[0], R.Call)
    # the chips slid to the front of the seat
    until(app, lambda: not t.events or t.shown.bets[0] == 10 or t.shown.hand > 1)


def test_slider_raise_and_pot_buttons_t3(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, BOTS, straddle=False)
    until(app, my_decision(t))
    c = t.controls
    assert c is not None and c.widgets["raise"].visible
    view = t.view()
    assert c.raise_to == view["min_raise_to"] == 20
    key(app, pygame.K_UP)  # one big blind more on the slider
    key(app, pygame.K_UP)
    assert c.raise_to == 40
    assert int(c.widgets["slider"].get_current_value()) == 40
    click_widget(app, c.widgets["half"])
    assert c.raise_to == c.pot_raise(0.5)
    click_widget(app, c.widgets["pot"])
    pot_to = c.pot_raise(1.0)
    assert c.raise_to == pot_to
    before = len(t.match.log)
    click_widget(app, c.widgets["raise"])
    acts = actions_of(t, 0, before)
    assert acts and isinstance(acts[0], R.Raise) and acts[0].to == pot_to


def test_typed_raise_below_minimum_is_refused_and_explained_t3(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, BOTS, straddle=False)
    until(app, my_decision(t))
    c = t.controls
    assert c is not None
    entry = c.widgets["amount"]
    entry.set_text("15")
    c.typed = c.typed_amount()
    before = len(t.match.log)
    click_widget(app, c.widgets["raise"])
    assert len(t.match.log) == before  # the engine refused: the match is untouched
    assert app.toast.visible and "20" in app.toast.text  # "a raise must reach at least T$ 20"
    # the button no longer offers the refused amount: box and button say T$ 20 again
    assert entry.get_text() == "20" and "20" in c.widgets["raise"].text
    assert "15" not in c.widgets["raise"].text


def test_the_raise_box_and_button_always_say_one_amount_t3(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, BOTS, straddle=False)
    until(app, my_decision(t))
    c = t.controls
    assert c is not None
    entry = c.widgets["amount"]
    entry.focus()  # the player types 30 in the box...
    entry.set_text("30")
    c.handle_ui(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry))
    assert "30" in c.widgets["raise"].text
    click_widget(app, c.widgets["pot"])  # ...then asks for a pot raise
    amount = c.pot_raise(1.0)
    assert entry.get_text() == str(amount) and c.widgets["raise"].text.endswith(str(amount))


def test_straddle_prompt_and_acting_last_t2(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, BOTS)  # Ana is left of the big blind: she may straddle
    until(app, my_decision(t))
    c = t.controls
    assert c is not None and c.widgets["straddle"].visible and "20" in c.widgets["straddle"].text
    assert not c.widgets["fold"].visible
    key(app, pygame.K_s)
    posted = [a for s, a in t.match.log if s == 0]
    assert isinstance(posted[0], R.Straddle)
    until(app, lambda: t.shown.straddle == 0 or t.shown.hand > 1)
    assert t.match.view(0)["straddled"] or t.shown.hand > 1


def test_cheat_steal_from_the_deck_t9(app) -> None:  # type: ignore[no-untyped-def]
    t = table(
        app,
        BOTS,
        seed=2,
        straddle=False,
        cheating=True,
        personas=["carteador_expert", "cliente_casual", "cliente_casual"],
    )
    until(app, my_decision(t))
    c = t.controls
    cheat = t.extra_buttons["cheat"]
    assert c is not None and cheat.visible
    tip = c.cheat_tip(t.view())
    assert "Bo" in tip or "Cy" in tip  # who sets the difficulty
    click_widget(app, cheat)
    assert isinstance(app.scenes.top, ConfirmDialog)  # cheating is asked first
    key(app, pygame.K_RETURN)
    until(app, lambda: isinstance(app.scenes.top, StealDialog))
    dialog = app.scenes.top
    assert isinstance(dialog, StealDialog)
    assert not dialog.confirm.is_enabled
    click_widget(app, dialog.best)
    assert dialog.confirm.is_enabled
    click_widget(app, dialog.confirm)
    stolen = [a for s, a in t.match.log if s == 0 and isinstance(a, R.Steal)]
    assert stolen and len(stolen[0].take) == dialog.count
    until(app, lambda: not t.events)
    assert len(t.match.view(0)["hand_cards"]) == 5


def test_cheat_caught_is_staged_as_an_expulsion_t9(app) -> None:  # type: ignore[no-untyped-def]
    t = table(
        app,
        BOTS,
        seed=1,
        straddle=False,
        cheating=True,
        personas=["carteador_expert", "cliente_casual", "cliente_casual"],
    )
    until(app, my_decision(t))
    assert t.controls is not None
    before = len(t.match.log)
    key(app, pygame.K_t)  # T lies next to R (raise): a slip must cost nothing
    assert isinstance(app.scenes.top, ConfirmDialog)
    assert "caught" in app.scenes.top.message
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is t and len(t.match.log) == before
    key(app, pygame.K_t)
    key(app, pygame.K_RETURN)
    assert t.match.status[0] == "expelled"
    until(app, lambda: t.shown.status[0] == "expelled")
    assert t.plate_info(0, t.view()).badge_kind == "expelled"


@pytest.mark.slow
def test_hot_seat_all_in_side_pot_showdown_t4(app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSetup("Ana"), SeatSetup("Bo"), SeatSetup("Cy")]
    t = table(app, seats, seed=4, straddle=False)
    played: list[object] = []
    original = t.play_event

    def record(event: object) -> None:
        played.append(event)
        original(event)  # type: ignore[arg-type]

    t.play_event = record  # type: ignore[method-assign]
    humans_seen: set[int] = set()
    pots_shown: list[int] = []

    def watch() -> None:
        if t.viewer is not None:
            humans_seen.add(t.viewer)
            # the curtain's promise: only the viewer's own cards are face up
            for s, fan in t.fans.items():
                if s != t.viewer and any(sp.face_up for sp in fan.sprites):
                    assert t.shown.shown_category, "another human's cards showed"
        pots_shown.append(len(t.pots.pots))

    # hand 1: the small blind folds, the others check down: three different stacks
    for _ in range(40):
        until(app, lambda: my_decision(t)() or t.match.view(0)["hand"] > 1)
        watch()
        if t.match.view(0)["hand"] > 1:
            break
        sb = t.view()["small_blind_seat"]
        key(app, pygame.K_f if t.viewer == sb else pygame.K_c)
    stacks = [s["stack"] for s in t.match.view(0)["seats"]]
    assert len(set(stacks)) > 1, stacks
    # hand 2: all-in by everyone (the last, covering them all, can only call)
    hand = t.match.view(0)["hand"]
    for _ in range(20):
        until(app, lambda: my_decision(t)() or t.match.view(0)["hand"] > hand)
        watch()
        if t.match.view(0)["hand"] > hand:
            break
        assert t.controls is not None
        key(app, pygame.K_a if t.controls.widgets["allin"].visible else pygame.K_c)
    until(app, lambda: not t.events and not t.animating())
    assert len(humans_seen) >= 2  # the curtain passed the screen between people
    won = [e for e in played if isinstance(e, R.PotWon) and e.pot == 2]
    shown = [e for e in played if isinstance(e, R.HandShown)]
    assert won, "an all-in of unequal stacks makes a side pot"
    assert len(shown) >= 2 and max(pots_shown) >= 1


def test_side_pots_shown_apart_from_the_shown_table_t4() -> None:
    from scenes.tables.wyrt.shown import Shown

    s = Shown(n=3, stacks=[0, 0, 0])
    s.new_hand(1, 0, 1, 2)
    s.in_hand = [True, True, True]
    for seat, amount in ((0, 30), (1, 100), (2, 100)):
        s.put(seat, amount)
    s.bets = [0, 0, 0]  # gathered
    pots = s.pots()
    assert [p.amount for p in pots] == [90, 140]
    assert pots[0].eligible == (0, 1, 2) and pots[1].eligible == (1, 2)


@pytest.mark.slow
def test_autoplay_runs_whole_sessions_to_the_end() -> None:
    app = make_app(
        "play", "wyrt", "--autoplay", "--seed", "5", "-o", "hand_limit=3", "--lang", "en"
    )
    app.settings.animation_speed = "instant"
    import main
    from scenes.app import first_scenes

    args = main.build_parser().parse_args(
        ["play", "wyrt", "--autoplay", "--seed", "5", "-o", "hand_limit=3"]
    )
    for scene in first_scenes(app, args):
        app.scenes.push(scene, fade=False)
    t = app.scenes.top
    assert isinstance(t, WyrtTable)
    for _ in range(20000):
        pump(app)
        if isinstance(app.scenes.top, SessionEnd):
            break
    assert t.match.is_over and isinstance(app.scenes.top, SessionEnd)
    assert len(t.chip_history) >= 3
    app.scenes.top.draw(app.screen)  # the chart draws
    pygame.quit()


def test_death_match_and_life_cassino_look_t11(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Bo", "carteador")], mode="death_match")
    view = t.view()
    assert view["morto_seat"] == 1 and t.unit == "PV"
    assert t.look.candles
    assert t.money(12).endswith("HP")  # PV in Portuguese, HP in English
    assert view["profile_seat"] == 0  # Ana wagers her character's life
    until(app, my_decision(t))
    assert not t.extra_buttons["leave"].visible  # nobody gets up while O Morto stands
    app.scenes.pop(fade=False)
    app.scenes.pop(fade=False)
    t2 = table(
        app,
        [SeatSetup("Ana"), SeatSetup("Bo", "carteador"), SeatSetup("Cy", "clandestino")],
        mode="life_cassino",
    )
    assert t2.view()["dealer"] == "morto" and t2.view()["morto_seat"] == -1
    t2.draw(app.screen)


def test_o_morto_takes_a_bots_seat_never_a_persons_t11(app) -> None:  # type: ignore[no-untyped-def]
    # a person in the last seat stays herself; the last bot seat gets O Morto
    t = table(
        app,
        [SeatSetup("Bo", "carteador"), SeatSetup("Cy", "clandestino"), SeatSetup("Ana")],
        mode="death_match",
    )
    assert t.view()["morto_seat"] == 1
    assert t.match.persona_ids[2] == "cliente_casual" and t.view()["profile_seat"] == 2
    app.scenes.pop(fade=False)
    app.scenes.pop(fade=False)
    with pytest.raises(ValueError, match="bot"):  # two people and no bot: refused in words
        open_table(app, "wyrt", [SeatSetup("Ana"), SeatSetup("Bia")], 3, {"mode": "death_match"})


def test_a_persons_name_never_picks_a_persona_t10(app) -> None:  # type: ignore[no-untyped-def]
    # "Carteador" is a person's name here, not the card sharp; "Morto" may sit at the Cassino
    t = table(app, [SeatSetup("Carteador"), SeatSetup("Bo", "clandestino")])
    assert t.match.persona_ids == ["cliente_casual", "clandestino"]
    app.scenes.pop(fade=False)
    app.scenes.pop(fade=False)
    t2 = table(app, [SeatSetup("Morto"), SeatSetup("Bo", "clandestino")], mode="life_cassino")
    assert t2.match.persona_ids[0] == "cliente_casual"


def test_relic_power_by_the_relic_dialog_t11(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.tables.wyrt.dialogs import RelicDialog

    t = table(app, [SeatSetup("Ana"), SeatSetup("Bo", "morto")], seed=3, mode="death_match")
    until(app, my_decision(t))
    relic = t.extra_buttons["relic"]
    assert relic.visible  # Ana holds the Máscara (10♠) of O Morto's deck
    click_widget(app, relic)
    dialog = app.scenes.top
    assert isinstance(dialog, RelicDialog) and len(dialog.buttons) == 3  # hearts, diamonds, clubs
    button, action = dialog.buttons[0]
    click_widget(app, button)
    used = [a for s, a in t.match.log if s == 0 and isinstance(a, R.InvokeRelic)]
    assert used == [action] and t.match.view(0)["relics"]["used"] == {"mascara": 0}


def test_soul_taken_screen_for_a_person_t11(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.tables.wyrt.dialogs import SoulTakenScreen

    t = table(app, [SeatSetup("Ana"), SeatSetup("Bo", "carteador")], mode="life_cassino")
    t.play_event(R.SoulTaken(0))
    pump(app, 3)
    assert isinstance(app.scenes.top, SoulTakenScreen) and app.scenes.top.profile
    assert t.shown.status[0] == "dead"


def test_practice_equity_exact_and_pot_odds() -> None:
    from game.cards import parse_cards
    from scenes.tables.wyrt.practice import Aids, dice_card_weights, exact_equity

    assert abs(sum(p for _, p in dice_card_weights()) - 1.0) < 1e-9  # [T5] every dice card
    same = parse_cards("A♠ K♠ Q♠ J♠ 9♦")
    assert abs(exact_equity(same, [], [list(same)]) - 0.5) < 1e-9  # equal hands split
    royal = parse_cards("A♥ K♥ Q♥ J♥ 10♥")
    junk = parse_cards("2♣ 3♦ 4♠ 7♣ 8♦")
    assert abs(exact_equity(royal, [], [junk]) - 1.0) < 1e-9
    a = Aids("pair", 0.5, 0.3, True, 0, 1, to_call=20, pot=60)
    assert abs(a.need - 0.25) < 1e-9  # pay 20 to win 80


def test_a_rematch_at_o_mortos_table_wagers_the_profile_as_it_is_now_t11(app) -> None:  # type: ignore[no-untyped-def]
    """Rematch reused the finished match's options: a character whose soul O Morto
    took sat down again at 20 PV, and Life Cassino gave back life points already
    lost. A rematch goes through the same checks as a new table."""
    from dataclasses import replace

    from game.wyrt.profile import load_profile, save_profile

    t = table(app, [SeatSetup("Ana"), SeatSetup("Bo", "carteador")], mode="life_cassino")
    assert t.match.options["profile_pv"] == 20
    profile, _ = load_profile()
    save_profile(replace(profile, pv=7))  # the session cost Ana 13 PV
    t.rematch()
    fresh = app.scenes.top
    assert isinstance(fresh, WyrtTable) and fresh is not t
    assert fresh.match.options["profile_pv"] == 7
    save_profile(replace(profile, pv=0, dead=True))  # and then O Morto took her soul
    fresh.rematch()
    assert app.scenes.top is fresh  # refused: the finished table stays
    assert app.toast.visible and app.toast.text == tr("wyrttable.menu_dead")


def test_o_mortos_tables_speak_of_life_points_not_chips_t11() -> None:
    """At O Morto's tables the end read "One player holds every chip." and getting
    up "You leave with the chips in front of you"; they play for life points."""
    from scenes.i18n import set_language
    from scenes.tables.wyrt.words import unit_words

    set_language("en")
    assert "chip" in unit_words("wyrt.end_reason.one_left", "T$")
    assert "life point" in unit_words("wyrt.end_reason.one_left", "PV")
    assert "life points" in unit_words("wyrttable.get_up_confirm", "PV")
    assert "chips" in unit_words("wyrttable.get_up_confirm", "T$")
    assert "life points" in unit_words("wyrt.end_reason.turn_limit", "PV")
    hand_limit = unit_words("wyrt.end_reason.hand_limit", "PV")  # no PV form: the one text
    assert hand_limit == tr("wyrt.end_reason.hand_limit") and "hand" in hand_limit


def test_two_bots_of_one_persona_are_told_apart_on_their_plates_t10(app) -> None:  # type: ignore[no-untyped-def]
    """The first takes the persona's name (its plate gives its stats), the second a
    tavern name with the persona on its plate: three "Clandestino g…" plates
    could not be told apart."""
    import main
    from scenes.tables import open_table_from_args

    ns = main.build_parser().parse_args(
        [
            "play",
            "wyrt",
            "--seats",
            "Ana,bot:clandestino_genial,bot:clandestino_genial",
            "--seed",
            "4",
        ]
    )
    app.scenes.push(MainMenu(app), fade=False)
    table = open_table_from_args(app, ns)
    app.scenes.push(table, fade=False)
    pump(app, 2)
    names = [s.name for s in table.seats]
    assert names[1] == "Brilliant back-roomer" and names[2] not in names[:2]
    view = table.view()
    assert table.plate_info(1, view).subtitle == "Skill 2 · Int 4"
    assert table.plate_info(2, view).subtitle == "Brilliant back-roomer"
