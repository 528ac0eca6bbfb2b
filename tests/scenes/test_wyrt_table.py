"""The Wyrt table driven by real clicks and keys: fold, call, a slider raise, a
refused small raise, a straddle, cheating (steal and expulsion), an all-in
ending in a side-pot showdown in hot-seat, O Morto's tables and full autoplay
sessions ([T1]-[T11] on screen)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.wyrt import records as R
from scenes.curtain import Curtain
from scenes.main_menu import MainMenu
from scenes.tables import open_table
from scenes.tables.base import SeatSetup
from scenes.tables.wyrt import WyrtTable
from scenes.tables.wyrt.dialogs import SessionEnd, StealDialog
from tests.scenes.conftest import click_widget, key, make_app, pump


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The profile (O Morto's life points) lives in a temporary home."""
    monkeypatch.setenv("TAVERNA_HOME", str(tmp_path))


def table(app, seats: list[SeatSetup], seed: int = 3, **options) -> WyrtTable:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    t = open_table(app, "wyrt", seats, seed=seed, options=options)
    app.scenes.push(t, fade=False)
    pump(app)
    assert isinstance(t, WyrtTable)
    return t


def until(app, cond: Callable[[], bool], frames: int = 3000) -> None:  # type: ignore[no-untyped-def]
    for _ in range(frames):
        if cond():
            return
        if isinstance(app.scenes.top, Curtain):
            click_widget(app, app.scenes.top.button)
            continue
        pump(app)
    assert cond(), "timed out"


def my_decision(t: WyrtTable) -> Callable[[], bool]:
    return lambda: t.my_turn() and t.controls is not None and t.controls.view is not None


def actions_of(t: WyrtTable, seat: int, since: int) -> list[R.Action]:
    return [a for s, a in t.match.log[since:] if s == seat]


BOTS = [SeatSetup("Ana"), SeatSetup("Bo", "cliente_casual"), SeatSetup("Cy", "cliente_casual")]


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
    key(app, pygame.K_t)
    assert t.match.status[0] == "expelled"
    until(app, lambda: t.shown.status[0] == "expelled")
    assert t.plate_info(0, t.view()).badge_kind == "expelled"


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
    assert t.money(12).endswith("PV")
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
