"""Issue 11 on the table base and the War table: overlays leave the table as
they found it, a continued match tells its log again, leaving says what is true,
Ctrl+C/SIGTERM save an autosave, a damaged statistics database is reported,
Space skips ahead, and battle dice land beside the fight before the result."""

from __future__ import annotations

import signal
from typing import Any

import pygame

import game
from game import history, storage
from game.war import records as R
from scenes.dialogs import ConfirmDialog
from scenes.main_menu import MainMenu
from scenes.pause import PauseMenu
from scenes.tables import open_table, table_class
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from scenes.tables.war import WarTable
from scenes.tables.war.effects import KEEP_CLEAR, BattleFx, place_box
from tests.scenes.conftest import click_widget, key, pump
from tests.scenes.test_war_table import my_phase, table, until

THREE = [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Lis", "easy")]


def shown(scene: Any) -> set[int]:
    """The widgets of a scene that show now."""
    return {id(e) for e in scene.ui.elements if e.visible}


# -- overlays ------------------------------------------------------------------------


def _overlays(app, t: WarTable) -> list[tuple[str, Any]]:  # type: ignore[no-untyped-def]
    """Ways to open an overlay over the table and close it again."""

    def pause_resume() -> None:
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, PauseMenu)
        click_widget(app, app.scenes.top.buttons["resume"])

    def via_pause(name: str) -> Any:
        def run() -> None:
            key(app, pygame.K_ESCAPE)
            click_widget(app, app.scenes.top.buttons[name])
            pump(app, 3)
            assert not isinstance(app.scenes.top, PauseMenu)
            key(app, pygame.K_ESCAPE)  # close the screen the pause menu opened
            pump(app, 3)
            if isinstance(app.scenes.top, ConfirmDialog):  # "Leave": answer no
                key(app, pygame.K_ESCAPE)
            if isinstance(app.scenes.top, PauseMenu):
                click_widget(app, app.scenes.top.buttons["resume"])

        return run

    def objective() -> None:
        key(app, pygame.K_o)
        assert app.scenes.top is not t
        key(app, pygame.K_o)

    def cards() -> None:
        t.open_cards()
        if app.scenes.top is not t:
            key(app, pygame.K_ESCAPE)

    return [
        ("pause", pause_resume),
        ("objective", objective),
        ("cards", cards),
        ("settings", via_pause("settings")),
        ("rules", via_pause("rules")),
        ("confirm", via_pause("quit")),
    ]


def test_closing_any_overlay_restores_exactly_the_phase_controls(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, THREE)
    until(app, my_phase(t, "reinforce"))
    before = shown(t)
    visible_names = {n for n, w in t.controls.items() if w.visible}
    assert "place" in visible_names and "end_turn" not in visible_names
    for name, run in _overlays(app, t):
        run()
        pump(app, 3)
        assert app.scenes.top is t, name
        assert shown(t) == before, (
            f"after {name}: {sorted(n for n, w in t.controls.items() if w.visible)}"
        )


def test_after_resume_the_attack_phase_shows_only_attack_controls(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, THREE, seed=5)
    until(app, my_phase(t, "reinforce"))
    while not my_phase(t, "attack")():
        if my_phase(t, "reinforce")():
            own = next(n for n, o in t.view()["owners"].items() if o == 0)
            t.buffer.add(own, t.buffer.left)  # type: ignore[union-attr]
            t.confirm_placement()
        pump(app)
    expected = {"dice1", "dice2", "dice3", "roll", "until", "until_choice", "end_attacks"}
    key(app, pygame.K_ESCAPE)
    click_widget(app, app.scenes.top.buttons["resume"])
    pump(app, 2)
    visible = {n for n, w in t.controls.items() if w.visible}
    assert visible == expected | {"objective", "cards"}
    assert not t.controls["place"].visible and not t.controls["slider"].visible


def test_scene_manager_uncover_keeps_hidden_widgets_hidden(app) -> None:  # type: ignore[no-untyped-def]
    from scenes import ui
    from scenes.manager import Scene

    class Two(Scene):
        def build(self) -> None:
            self.a = ui.button(pygame.Rect(10, 10, 80, 30), "a", app.ui_manager, self.ui)
            self.b = ui.button(pygame.Rect(10, 50, 80, 30), "b", app.ui_manager, self.ui)
            self.b.hide()

    below = Two(app)
    app.scenes.push(below, fade=False)
    app.scenes.push(ConfirmDialog(app, "t", "m", lambda: None), fade=False)
    assert not below.a.visible
    app.scenes.pop(fade=False)
    assert below.a.visible and not below.b.visible
    # a resize while covered rebuilds the widgets: still only what showed
    app.scenes.push(ConfirmDialog(app, "t", "m", lambda: None), fade=False)
    app.scenes.resize((1100, 700))
    app.scenes.pop(fade=False)
    assert below.a.visible and not below.b.visible


# -- saves and leaving ---------------------------------------------------------------


def test_a_continued_match_tells_its_log_again(app) -> None:  # type: ignore[no-untyped-def]
    m = game.new_match("war", ["Ana", "Borin", "Lis"], seed=9)
    for _ in range(12):
        seat = m.to_move[0]
        m.apply(seat, m.legal_actions(seat)[-1])
    loaded = game.load_match(m.save())
    app.scenes.push(MainMenu(app), fade=False)
    t = table_class("war")(app, loaded, THREE)
    app.scenes.push(t, fade=False)
    pump(app)
    lines = [text for text, _ in t.log.entries]
    assert len(lines) > 10
    # Ana is the person at the screen: her own moves are said to her (issue 34)
    assert any(line.startswith("You ") for line in lines)
    assert any("Borin" in line for line in lines)
    # the seat at the screen reads its own private lines, nobody else's
    own = [e for e, *_ in t.history if e is not None and e.PRIVATE and e.visible_to(0)]
    assert own and all(t.event_text(e) in lines for e in own)


def test_leave_says_what_is_true(app) -> None:  # type: ignore[no-untyped-def]
    """Leaving writes the autosave as the match stands, so nothing is lost and
    the question says so (it said "Unsaved progress is lost" beside Continue)."""
    from game import saves

    t = table(app, THREE)
    until(app, my_phase(t, "reinforce"))
    own = next(n for n, o in t.view()["owners"].items() if o == 0)
    t.buffer.add(own, t.buffer.left)  # type: ignore[union-attr]
    t.confirm_placement()  # a move since any save
    assert "lost" not in t.leave_warning() and "saved" in t.leave_warning()
    t.quit_to_menu()
    assert isinstance(app.scenes.top, ConfirmDialog)
    assert app.scenes.top.message == t.leave_warning()
    click_widget(app, app.scenes.top.yes)
    pump(app, 3)
    kept = saves.load_save(saves.autosave_path("war"))
    assert len(kept.log) == len(t.match.log)  # Continue picks it up right here


def test_leaving_a_tournament_table_names_the_tournament(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    m = game.new_match("war", ["Ana", "Borin", "Lis"], seed=4)
    t = table_class("war")(app, m, THREE, on_leave=lambda _m: None)
    app.scenes.push(t, fade=False)
    pump(app)
    text = t.leave_warning()
    assert "tournament" in text and "main menu" not in text
    app.set_language("pt")
    assert "torneio" in t.leave_warning() and "menu principal" not in t.leave_warning()


def test_a_signal_saves_an_autosave_and_ends_the_process(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, THREE)
    until(app, my_phase(t, "reinforce"))
    app.signalled = signal.SIGTERM
    code = app.end_on_signal()
    assert code == 128 + signal.SIGTERM and not app.running
    path = storage.saves_dir() / "autosave-war.json"
    assert path.exists()
    assert game.load_match(storage.read_json(path, None).data).log == t.match.log


def test_the_app_loop_ends_on_a_signal(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    t = open_table(app, "war", THREE, seed=3, options={})
    app.scenes.push(t, fade=False)
    previous = signal.getsignal(signal.SIGINT)
    t.update = lambda dt: signal.raise_signal(signal.SIGINT)  # type: ignore[method-assign]
    assert app.run([]) == 128 + signal.SIGINT  # as Ctrl+C in the terminal: no dialog
    assert signal.getsignal(signal.SIGINT) is previous  # our handler is gone again
    assert (storage.saves_dir() / "autosave-war.json").exists()


def test_a_damaged_statistics_database_is_reported(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.stats import StatsScene

    path = storage.database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database at all" * 100)
    app.scenes.push(MainMenu(app), fade=False)
    app.scenes.push(StatsScene(app), fade=False)
    assert app.toast.visible and "damaged" in app.toast.text
    assert list(path.parent.glob("*.corrupt-*"))
    assert history.take_problem() is None  # told once


def test_a_damaged_database_at_the_end_of_a_match_is_reported(app) -> None:  # type: ignore[no-untyped-def]
    path = storage.database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"garbage" * 500)
    app.scenes.push(MainMenu(app), fade=False)
    m = game.new_match("alta", ["A", "B"], seed=4)
    t: TableScene = table_class("alta")(
        app, m, [SeatSetup("A", "random"), SeatSetup("B", "random")]
    )
    app.scenes.push(t, fade=False)
    until(app, lambda: t.finished, 3000)
    assert "damaged" in app.toast.text


# -- pace -------------------------------------------------------------------------------


def test_space_skips_to_the_next_decision_of_the_person(app) -> None:  # type: ignore[no-untyped-def]
    app.settings.animation_speed = "slow"
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "normal"), SeatSetup("Lis", "normal")])
    frames = 0
    while not t.my_turn() and frames < 30:
        pump(app)
        frames += 1
    if t.my_turn():  # Ana deals first: play her placement to hand over to the bots
        until(app, my_phase(t, "reinforce"), 20000)
        own = next(n for n, o in t.view()["owners"].items() if o == 0)
        t.buffer.add(own, t.buffer.left)  # type: ignore[union-attr]
        t.confirm_placement()
    pump(app, 2)
    assert not t.my_turn() or t.events
    key(app, pygame.K_SPACE)
    assert t.skipping
    # Bots only need their thinking time now: far fewer frames than at slow speed.
    until(app, lambda: t.my_turn() and not t.events and not t.animating(), 400)
    assert not t.skipping  # a person decides: normal pace again


def test_status_line_offers_the_skip_while_others_play(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, THREE)
    if t.my_turn() and not t.events:
        assert t.skip_note() == ""
    until(app, lambda: not t.my_turn())
    assert "Space" in t.skip_note()


# -- battles ----------------------------------------------------------------------------


def test_dice_box_hides_neither_fighting_territory() -> None:
    bounds = pygame.Rect(10, 56, 760, 430)
    for src, dst in [((400, 300), (460, 280)), ((20, 60), (60, 70)), ((700, 470), (760, 480))]:
        box = place_box((166, 114), [dst, src], bounds)
        assert bounds.contains(box)
        for a in (src, dst):
            keep = pygame.Rect(0, 0, *KEEP_CLEAR)
            keep.center = a
            assert not box.colliderect(keep), (src, dst, box)


def test_battle_result_shows_when_the_dice_land(app) -> None:  # type: ignore[no-untyped-def]
    app.settings.animation_speed = "normal"
    t = table(app, THREE)
    ev = R.BattleFought(0, 1, "Brasil", "Argentina", (6, 5, 3), (4, 2), 0, 2)
    t.shown_armies.update({"Brasil": 4, "Argentina": 2})
    lines = len(t.log.entries)
    t.anim.battle(ev, len(t.match.log), lambda: t.log_event(ev))
    fx = next(f for f in t.fx if isinstance(f, BattleFx))
    keep = [pygame.Rect(0, 0, *KEEP_CLEAR) for _ in range(2)]
    keep[0].center, keep[1].center = t.map.anchor("Brasil"), t.map.anchor("Argentina")
    assert not any(fx.box.colliderect(k) for k in keep)
    steps = 0
    while not (fx.attack.settled and fx.defence.settled):
        assert t.shown_armies["Argentina"] == 2 and len(t.log.entries) == lines, "result too early"
        fx.update(1 / 60)
        steps += 1
    assert steps > 5 and t.shown_armies["Argentina"] == 0 and len(t.log.entries) == lines + 1


def test_pause_menu_of_a_tournament_table_names_the_tournament(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    m = game.new_match("war", ["Ana", "Borin", "Lis"], seed=4)
    t = table_class("war")(app, m, THREE, on_leave=lambda _m: None)
    app.scenes.push(t, fade=False)
    pump(app)
    t.pause()
    pump(app)
    assert "tournament" in app.scenes.top.buttons["quit"].text.lower()
