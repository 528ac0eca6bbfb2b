"""The War table driven by real clicks: placement, attacks, moves, trades,
objectives, the hot-seat curtain and the end of a match ([W3]-[W11] on screen)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.war import BOARD, JOKER
from game.war import records as R
from scenes.curtain import Curtain
from scenes.main_menu import MainMenu
from scenes.tables.face import SeatSetup
from scenes.tables.war import WarTable
from scenes.tables.war.dialogs import ObjectiveOverlay, TradeDialog
from scenes.victory import VictoryOverlay
from tests.scenes.conftest import (
    click,
    click_widget,
    open_curtain,
    open_test_table,
    pump,
    pump_until,
)


def table(
    app, seats: list[SeatSetup], seed: int = 5, practice: bool = False, options: dict | None = None
) -> WarTable:  # type: ignore[no-untyped-def]
    t = open_test_table(app, "war", seats, seed, practice, options)
    assert isinstance(t, WarTable)
    return t


def until(app, cond: Callable[[], bool], frames: int = 3000) -> None:  # type: ignore[no-untyped-def]
    pump_until(app, cond, frames)


def my_phase(t: WarTable, phase: str) -> Callable[[], bool]:
    return lambda: (
        t.my_turn()
        and t.view().get("phase") == phase
        and not t.events
        and not t.fx
        and t.turn_key != ()
    )


def mine(t: WarTable) -> list[str]:
    return [n for n, o in t.view()["owners"].items() if o == t.viewer]


def test_round_one_placement_by_clicks_w3_w4(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Lis", "easy")])
    until(app, my_phase(t, "reinforce"))
    assert t.buffer is not None and t.buffer.left > 0
    enemy = next(n for n, o in t.view()["owners"].items() if o != 0)
    click(app, t.map.anchor(enemy))
    assert app.toast.visible  # an illegal click explains itself
    own = mine(t)[0]
    n = t.buffer.left
    for _ in range(n):
        click(app, t.map.anchor(own))
    assert t.buffer.placed == {own: n} and t.buffer.left == 0
    click(app, t.map.anchor(own), button=3)  # right click takes one back
    assert t.buffer.left == 1
    click(app, t.map.anchor(own))
    before = len(t.match.log)
    click_widget(app, t.controls["place"])
    seat, action = t.match.log[before]
    assert seat == 0 and isinstance(action, R.Place) and action.armies == {own: n}
    # [W4] round 1 is placement only: the turn passed on without an attack phase
    assert t.match.view(0)["phase"] != "attack" or t.match.view(0)["current"] != 0


def _place_all_on(app, t: WarTable, territory: str) -> None:  # type: ignore[no-untyped-def]
    assert t.buffer is not None
    while t.buffer.left:
        if not t.buffer.add(territory, 1):
            # bound armies must go to their own continent
            continent = next(c for c, k in t.buffer.bound.items() if k)
            t.buffer.add(next(x for x in mine(t) if BOARD.continent_of[x] == continent), 1)
    t.refresh_controls()
    click_widget(app, t.controls["place"])


def test_a_whole_human_turn_attack_occupy_move_end_w6_w7_w8(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Lis", "easy")], seed=9)
    until(app, my_phase(t, "reinforce"))
    _place_all_on(app, t, mine(t)[0])
    # round 2: reinforce on a border, then attack from it
    until(app, lambda: my_phase(t, "reinforce")() and t.view()["round"] >= 2)
    view = t.view()
    border = max(
        (x for x in mine(t) if any(view["owners"][n] != 0 for n in BOARD.neighbors(x))),
        key=lambda x: view["armies"][x],
    )
    _place_all_on(app, t, border)
    until(app, my_phase(t, "attack"))
    target = next(n for n in BOARD.neighbors(border) if t.view()["owners"][n] != 0)
    click(app, t.map.anchor(border))
    assert t.source == border
    click(app, t.map.anchor(target))
    assert t.target == target
    rolls = 0
    while (
        t.view()["phase"] == "attack"
        and t.view()["owners"][target] != 0
        and t.view()["armies"][border] > 1
        and rolls < 30
    ):
        click_widget(app, t.controls["roll"])
        until(app, lambda: not t.events and not t.fx)
        rolls += 1
    assert any(isinstance(a, R.Attack) for s, a in t.match.log if s == 0)
    if t.view()["phase"] == "occupy":
        until(app, my_phase(t, "occupy"))
        click_widget(app, t.controls["occupy"])
        assert isinstance(t.match.log[-1][1], R.Occupy)
    until(app, my_phase(t, "attack"))
    t.source = border  # the last attack's source, still chosen when the attacks end
    click_widget(app, t.controls["end_attacks"])
    until(app, my_phase(t, "move"))
    # the moves start afresh: the first click of a move is its source, not the
    # target of a move from the last attack's source
    pump(app, 2)
    assert t.source is None and t.target is None
    click_widget(app, t.controls["end_turn"])
    assert isinstance(t.match.log[-1][1], R.EndTurn)


def test_attack_until_runs_rolls_and_reports(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=4)
    until(app, my_phase(t, "reinforce"))
    _place_all_on(app, t, mine(t)[0])
    until(app, lambda: my_phase(t, "reinforce")() and t.view()["round"] >= 2)
    view = t.view()
    border = next(x for x in mine(t) if any(view["owners"][n] != 0 for n in BOARD.neighbors(x)))
    _place_all_on(app, t, border)
    until(app, my_phase(t, "attack"))
    target = next(n for n in BOARD.neighbors(border) if t.view()["owners"][n] != 0)
    t.click_territory(border)
    t.click_territory(target)
    click_widget(app, t.controls["until"])
    assert t.auto is not None
    until(app, lambda: t.auto is None)
    attacks = [a for s, a in t.match.log if s == 0 and isinstance(a, R.Attack)]
    assert attacks and app.toast.visible


def test_trade_dialog_forced_at_five_cards_w5(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=4)
    until(app, my_phase(t, "reinforce"))
    _place_all_on(app, t, mine(t)[0])
    until(app, lambda: my_phase(t, "reinforce")() and t.view()["round"] >= 2)
    # give Ana five cards (a set among them) before her turn's view is read again
    triangles = [c for c, f in BOARD.figures.items() if f == "triangulo"][:4]
    t.match.hands[0] = [*triangles, JOKER]
    t._view_cache = None
    t.turn_key = ()
    pump(app, 3)
    dialog = app.scenes.top
    assert isinstance(dialog, TradeDialog) and dialog.forced and not dialog.cancel.is_enabled
    for r in dialog.card_rects[:3]:
        click(app, r.center)
    assert dialog.trade.is_enabled
    click_widget(app, dialog.trade)
    assert isinstance(t.match.log[-1][1], R.Trade)


def test_objective_is_private_and_the_curtain_separates_two_people_g4(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Bia")], seed=3)
    name = open_curtain(app)
    first = t.viewer
    assert first is not None and t.seats[first].name == name
    click_widget(app, t.controls["objective"])
    overlay = app.scenes.top
    assert isinstance(overlay, ObjectiveOverlay)
    assert overlay.objective["card"] == t.match.view(first)["objective"]["card"]
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    )
    pump(app, 2)
    until(app, my_phase(t, "reinforce"))
    _place_all_on(app, t, mine(t)[0])
    until(app, lambda: isinstance(app.scenes.top, Curtain))
    assert app.scenes.top.name == t.seats[1 - first].name


@pytest.mark.parametrize("size", ["1024x640", "1280x800"])
def test_bots_finish_a_timed_match_and_the_end_shows_every_objective_w11(size: str) -> None:
    from tests.scenes.conftest import make_app

    app = make_app("--lang", "pt", "--size", size)
    app.settings.animation_speed = "instant"
    t = table(
        app,
        [SeatSetup("A", "easy"), SeatSetup("B", "easy"), SeatSetup("C", "easy")],
        options={"turn_limit": 6},
    )
    until(app, lambda: isinstance(app.scenes.top, VictoryOverlay), 6000)
    assert t.match.is_over and len(t.victory_lines()) == 3
    pygame.quit()


def test_practice_hint_points_at_a_move(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=6, practice=True)
    until(app, my_phase(t, "reinforce"))
    t.hint()
    until(app, lambda: "Hint" in (app.toast.text or "") or "Dica" in (app.toast.text or ""), 600)


def test_practice_undo_takes_back_the_placement(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=6, practice=True)
    until(app, my_phase(t, "reinforce"))
    _place_all_on(app, t, mine(t)[0])
    assert any(s == 0 for s, _ in t.match.log)
    t.undo()
    assert not any(s == 0 for s, _ in t.match.log)
    until(app, my_phase(t, "reinforce"))
    assert t.buffer is not None and t.buffer.left > 0
    assert t.shown_armies == t.view()["armies"]


def test_saved_match_continues_on_the_map(app) -> None:  # type: ignore[no-untyped-def]
    import json

    import game
    from game import storage
    from scenes.new_match import NewMatchScene

    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=6)
    until(app, my_phase(t, "reinforce"))
    _place_all_on(app, t, mine(t)[0])
    until(app, my_phase(t, "reinforce"))
    t.save_match()
    data = json.loads(next(storage.saves_dir().glob("war-*.json")).read_text())
    nm = NewMatchScene(app, "war")
    app.scenes.push(nm, fade=False)
    pump(app)
    nm.load_latest()
    pump(app, 3)
    loaded = app.scenes.top
    assert isinstance(loaded, WarTable) and loaded is not t
    assert loaded.match.log == game.load_match(data).log
    assert loaded.shown_owner == loaded.match.public_view()["owners"]  # no replayed deal


def test_from_the_menu_to_the_war_table(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.new_match import NewMatchScene

    menu = MainMenu(app)
    app.scenes.push(menu, fade=False)
    pump(app)
    click(app, menu.buttons["war"].rect.center)
    pump(app, 20)
    nm = app.scenes.top
    assert isinstance(nm, NewMatchScene) and nm.info is not None and len(nm.rows) == 4
    click_widget(app, nm.start)
    pump(app, 20)
    assert isinstance(app.scenes.top, WarTable)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_log_counts_take_their_plural(app, lang: str) -> None:  # type: ignore[no-untyped-def]
    """The log read "Ana moves 1 armies"; one army, one card, in both languages."""
    from scenes.i18n import set_language

    set_language(lang)
    t = table(app, [SeatSetup("Ana"), SeatSetup("Bo", "easy")])
    one = {"en": ("1 army ", "1 card "), "pt": ("1 exército ", "1 carta ")}[lang]
    moved = R.ArmiesMoved(0, "Brasil", "Peru", 1)
    occupied = R.TerritoryOccupied(0, "Brasil", "Peru", 1)
    taken = R.CardsTransferred(1, 0, 1, 0)
    for ev in (moved, occupied):
        assert one[0] in t.event_text(ev, **t.event_extra(ev)), lang
    assert one[1] in t.event_text(taken, **t.event_extra(taken)), lang
    three = R.ArmiesMoved(0, "Brasil", "Peru", 3)
    assert ("3 armies" if lang == "en" else "3 exércitos") in t.event_text(
        three, **t.event_extra(three)
    )
    t.log_event(moved)  # the live log words it the same way
    assert t.log.entries[-1][0] == t.event_text(moved, **t.event_extra(moved))
    set_language("en")


def test_the_panel_does_not_tell_a_conquest_before_its_dice_land_w7(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """During a bot's attack the panel's title read "Occupy · Borin" while the
    dice were still rolling: the result before the roll. Until they land it
    still reads as the attack."""
    from scenes.i18n import tr

    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=9)
    view = dict(t.view())
    view.update(phase="occupy", current=1)
    monkeypatch.setattr(t, "battle_in_flight", lambda: True)
    title = t._panel_text(view)[0][0]
    assert tr("war.phases.attack") in title and tr("war.phases.occupy") not in title
    monkeypatch.setattr(t, "battle_in_flight", lambda: False)
    assert tr("war.phases.occupy") in t._panel_text(view)[0][0]


def test_the_layer_under_the_frame_follows_the_owners(app) -> None:  # type: ignore[no-untyped-def]
    """The wood, the map's shadow and the map are painted together once (three
    large blits a frame were a third of the frame time); a change of owner (or of
    the continents view) paints them again: the frame never shows the map of before."""
    from scenes import style

    t = table(app, [SeatSetup("Ana"), SeatSetup("Bot", "normal")])
    until(app, lambda: bool(t.shown_owner) and not t.events)
    size = app.screen.get_size()

    def layer() -> bytes:
        return pygame.image.tobytes(t.under_layer(size), "RGB")

    def by_hand() -> bytes:  # the wood, the shadow and the map as they stand now
        mr = t.map.map_rect
        surf = pygame.Surface(size)
        surf.blit(style.wood_background(size), (0, 0))
        surf.blit(style.shadow(mr.size, 14, 150), (mr.left - 12, mr.top - 6))
        t.map.paint_base(surf, mr.topleft)
        return pygame.image.tobytes(surf, "RGB")

    first = t.under_layer(size)
    assert t.under_layer(size) is first  # nothing changed: nothing painted again
    before = layer()
    assert before == by_hand()
    name = next(iter(t.shown_owner))
    t.shown_owner[name] = 1 - t.shown_owner[name]
    assert t.under_layer(size) is not first
    assert layer() != before and layer() == by_hand()
    t.show_continents = True  # the continents view paints no owner at all
    assert layer() != before and layer() == by_hand()
    t.worker.close()
