"""Saves, Continue, the load screen, replays, statistics, practice redo and
reveal, and the guided first game, driven with synthetic events on the tiny
game's table (and on War where the screen is War's)."""

from __future__ import annotations

import json

import pygame
import pytest

import game
from game import history, replays, saves, storage
from scenes.dialogs import ConfirmDialog
from scenes.load_screen import LoadScreen, SaveNameDialog
from scenes.main_menu import MainMenu
from scenes.pause import PauseMenu
from scenes.replay import ReplayMixin, open_replay, open_replay_file
from scenes.stats import StatsScene
from scenes.tables.face import SeatSetup
from scenes.tutorial import Step, Tutorial, start_tutorial
from tests.scenes.conftest import click, click_widget, key, open_test_table, pump, pump_until


def _table(app, seats, practice=False):  # type: ignore[no-untyped-def]
    return open_test_table(app, "alta", seats, 11, practice)


def _run_until(app, cond, frames: int = 900) -> None:  # type: ignore[no-untyped-def]
    pump_until(app, cond, frames, "")


def _finished_alta(seed: int = 2) -> game.Match:
    m = game.new_match("alta", ["Ana", "Bot"], seed=seed)
    m.meta = {"players": [{"name": "Ana", "bot": None}, {"name": "Bot", "bot": "random"}]}
    while not m.is_over:
        s = m.to_move[0]
        m.apply(s, m.legal_actions(s)[0])
    return m


# -- saves ----------------------------------------------------------------------


def test_autosave_after_a_turn_then_continue_from_the_menu(app) -> None:  # type: ignore[no-untyped-def]
    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bot", "random")])
    auto = saves.autosave_path("alta")
    t.submit(t.match.legal_actions(0)[0])
    # the write runs in a thread: wait for it, not for a number of frames (racy)
    _run_until(app, lambda: t.match.turn >= 1 and t.autosaver.thread is not None)
    t.autosaver.wait()
    assert auto.exists()
    assert saves.thumbnail_path(auto).exists()  # the picture for the load screen
    pygame.image.load(str(saves.thumbnail_path(auto)))  # and it is a real PNG
    menu = MainMenu(app)
    app.scenes.reset(menu, fade=False)
    pump(app)
    saved_log = saves.load_save(auto).log  # the table is gone: the last autosave stands
    assert "continue" in menu.entries and "load" in menu.entries
    click(app, menu.buttons["load"].rect.center)
    assert isinstance(app.scenes.top, LoadScreen)
    key(app, pygame.K_ESCAPE)
    pump(app, 3)
    assert app.scenes.top is menu
    click(app, menu.buttons["continue"].rect.center)
    pump(app, 3)
    top = app.scenes.top
    assert top is not t and type(top).__name__ == "AltaTable"
    assert top.match.log[: len(saved_log)] == saved_log and top.seats[1].bot == "random"


def test_the_end_of_a_match_keeps_a_replay_and_drops_the_autosave(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.victory import VictoryOverlay

    t = _table(app, [SeatSetup("A", "random"), SeatSetup("B", "random")])
    _run_until(app, lambda: t.autosaver.thread is not None, 600)  # an autosave was written
    _run_until(app, lambda: isinstance(app.scenes.top, VictoryOverlay), 2000)
    assert not saves.autosave_path("alta").exists()
    (row,) = history.matches()
    assert row.replay and replays.read_replay(storage.replays_dir() / row.replay.split("/")[-1])
    assert t.match.is_over


def test_named_save_from_the_pause_menu(app) -> None:  # type: ignore[no-untyped-def]
    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bot", "random")])
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseMenu)
    click_widget(app, pause.buttons["save"])
    dialog = app.scenes.top
    assert isinstance(dialog, SaveNameDialog)
    dialog.entry.set_text("before the duel")
    click_widget(app, dialog.save)
    found, _ = saves.list_saves()
    named = [s for s in found if s.kind == "named"]
    assert [s.name for s in named] == ["before the duel"] and app.scenes.top is pause
    assert saves.load_save(named[0].path).fingerprint() == t.match.fingerprint()


def test_load_screen_lists_loads_refuses_and_deletes(app) -> None:  # type: ignore[no-untyped-def]
    m = _finished_alta()
    m2 = game.load_match(m.save(), upto=2)
    good = saves.write_save(m2, saves.named_save_path("alta"), "named", "kept")
    edited = saves.write_save(m2, saves.autosave_path("alta"), "auto")
    data = json.loads(edited.read_text(encoding="utf-8"))
    data["seed"] += 1
    edited.write_text(json.dumps(data), encoding="utf-8")
    app.scenes.push(MainMenu(app), fade=False)
    screen = LoadScreen(app)
    app.scenes.push(screen, fade=False)
    pump(app, 2)
    assert [s.path for s in screen.saves] == [good]
    assert app.toast.visible and not edited.exists()  # refused in words, moved aside
    assert app.toast.rect.bottom <= screen.back.rect.top  # and Back / Load stay in sight
    assert list(storage.saves_dir().glob("autosave-alta.json.corrupt-*"))
    click_widget(app, screen.delete_btn)
    assert isinstance(app.scenes.top, ConfirmDialog)
    click_widget(app, app.scenes.top.no)
    assert good.exists()
    click_widget(app, screen.load_btn)
    pump(app, 3)
    assert app.scenes.top.match.log[: len(m2.log)] == m2.log


def test_load_screen_draws_both_sizes_empty_and_full(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    screen = LoadScreen(app)
    app.scenes.push(screen, fade=False)
    pump(app, 2)
    saves.write_save(_finished_alta(), saves.named_save_path("alta"), "named", "x", b"not a png")
    screen.refresh()
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    pump(app, 2)  # a broken thumbnail only costs the picture
    key(app, pygame.K_DOWN)
    assert screen.selected == 0


# -- practice -------------------------------------------------------------------


def test_practice_undo_redo_and_revealed_bot_seats(app) -> None:  # type: ignore[no-untyped-def]
    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bot", "random")], practice=True)
    t.submit(t.match.legal_actions(0)[0])
    _run_until(app, lambda: len(t.match.log) >= 2 and 0 in t.match.to_move)
    before = (list(t.match.log), t.match.fingerprint())
    t.undo()
    assert all(seat != 0 for seat, _ in t.match.log)
    pump(app, 30)  # the bot waits: redo is still possible
    assert t.match.log == []
    t.redo()
    assert (t.match.log, t.match.fingerprint()) == before
    click_widget(app, t.buttons["undo"])
    undone = len(t.match.log)
    click_widget(app, t.buttons["redo"])
    assert len(t.match.log) > undone
    assert t.revealed_seats() == []
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseMenu) and "reveal" in pause.buttons
    click_widget(app, pause.buttons["reveal"])
    assert t.revealed_seats() == [1]


def test_reveal_is_not_offered_outside_practice(app) -> None:  # type: ignore[no-untyped-def]
    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bot", "random")])
    t.tools.reveal = True
    assert t.revealed_seats() == []  # ranked play never shows a bot's secrets
    key(app, pygame.K_ESCAPE)
    assert "reveal" not in app.scenes.top.buttons and "redo" not in t.buttons


# -- replays --------------------------------------------------------------------


def test_replay_viewer_plays_steps_and_records_nothing(app) -> None:  # type: ignore[no-untyped-def]
    m = _finished_alta()
    path = replays.write_replay(m)
    app.scenes.push(MainMenu(app), fade=False)
    viewer = open_replay_file(app, path)
    assert isinstance(viewer, ReplayMixin)
    app.scenes.push(viewer, fade=False)
    pump(app)
    assert viewer.viewer is None and viewer.spectator  # the public view
    viewer.replay_speed_index = 5
    _run_until(app, lambda: viewer.replay_position == len(m.log), 3000)
    pump(app, 5)
    assert viewer.match.fingerprint() == m.fingerprint()
    assert history.matches() == [] and not saves.autosave_path("alta").exists()
    click_widget(app, viewer.replay_controls["back"])
    assert viewer.replay_position == len(m.log) - 1 and not viewer.replay_playing
    assert (
        viewer.match.fingerprint() == game.load_match(m.save(), upto=len(m.log) - 1).fingerprint()
    )
    click_widget(app, viewer.replay_controls["step"])
    assert viewer.replay_position == len(m.log)
    before = viewer.replay_speed
    click_widget(app, viewer.replay_controls["speed"])
    assert viewer.replay_speed != before
    click_widget(app, viewer.replay_controls["export"])
    assert (replays.exports_dir() / path.name).exists()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MainMenu)


def test_a_damaged_replay_file_is_refused_in_words(app) -> None:  # type: ignore[no-untyped-def]
    folder = storage.replays_dir()
    folder.mkdir(parents=True)
    bad = folder / "alta-bad.json"
    bad.write_text("{ nope", encoding="utf-8")
    assert open_replay_file(app, bad) is None and app.toast.visible and not bad.exists()
    other = folder.parent / "elsewhere.json"
    other.write_text("{ nope", encoding="utf-8")
    assert open_replay_file(app, other, ours=False) is None and other.exists()


def test_replay_viewer_on_the_war_table(app) -> None:  # type: ignore[no-untyped-def]
    m = game.new_match("war", ["Ana", "Bot 1", "Bot 2"], seed=3)
    bot = game.make_bot("war", "easy")
    from game.rng import Rng

    rng = Rng(1)
    for _ in range(40):
        s = m.to_move[0]
        m.apply(s, bot.choose(m.view(s), m.legal_actions(s), rng))
    app.scenes.push(MainMenu(app), fade=False)
    viewer = open_replay(app, m.save())
    assert viewer is not None and type(viewer).__name__ == "ReplayWarTable"
    app.scenes.push(viewer, fade=False)
    viewer.replay_speed_index = 5
    _run_until(app, lambda: viewer.replay_position >= 5, 3000)
    viewer.replay_toggle_play()
    at = viewer.replay_position
    viewer.replay_step_back()
    pump(app, 3)
    assert (
        viewer.replay_position == at - 1
        and viewer.shown_owner == viewer.match.public_view()["owners"]
    )
    viewer.replay_step_forward()
    _run_until(app, lambda: not viewer.events and not viewer.animating())
    assert viewer.replay_position == at


# -- statistics -----------------------------------------------------------------


@pytest.mark.slow
def test_statistics_screen_tabs_history_replay_and_reset(app) -> None:  # type: ignore[no-untyped-def]
    for seed in (2, 3, 4):
        m = _finished_alta(seed)
        history.record_match(m, [0], replay=str(replays.write_replay(m)))
    history.record_match(_finished_alta(5), [0], practice=True)
    app.scenes.push(MainMenu(app), fade=False)
    stats = StatsScene(app)
    app.scenes.push(stats, fade=False)
    pump(app, 2)
    click_widget(app, stats.tab_buttons["history"])
    pump(app)
    assert stats.tab == "history" and len(stats.shown_rows) == 4
    first = stats.list_rect.top + 30 + 10
    click(app, (stats.list_rect.centerx, first))
    assert stats.selected == 0
    click_widget(app, stats.watch)
    assert app.scenes.top is stats  # the newest is the practice match without a replay
    assert app.toast.visible
    click(app, (stats.list_rect.centerx, first + 30))
    click_widget(app, stats.watch)
    pump(app, 2)
    assert isinstance(app.scenes.top, ReplayMixin)
    key(app, pygame.K_ESCAPE)
    pump(app, 2)
    assert app.scenes.top is stats
    click_widget(app, stats.game_buttons["war"])
    assert stats.game == "war" and stats.shown_rows == []
    click_widget(app, stats.tab_buttons["summary"])
    click_widget(app, stats.reset_btn)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    click_widget(app, dialog.yes)
    assert history.matches() == [] and stats.rows == []


# -- guided first game ---------------------------------------------------------------


def test_tutorial_steps_wait_for_the_reader_and_follow_events(app) -> None:  # type: ignore[no-untyped-def]
    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bot", "random")], practice=True)
    steps = [
        Step("hello", {"turn": True}, "seats", "life.tutorial.war.welcome_title", "life.tutorial.war.welcome"),
        Step("reveal", {"event": "PicksRevealed"}, "log", "life.tutorial.war.dice_title", "life.tutorial.war.dice"),
    ]  # fmt: skip
    t.tutorial = Tutorial("alta", steps)
    _run_until(app, lambda: t.tutorial.current is not None)
    assert t.tutorial.current.id == "hello" and t.tutorial.blocking
    log_before = len(t.match.log)
    pump(app, 30)
    assert len(t.match.log) == log_before  # the bot waits while the note is up
    click(app, t.tutorial.next_rect.center)
    assert t.tutorial.current is None
    t.submit(t.match.legal_actions(0)[0])
    _run_until(app, lambda: t.tutorial.current is not None)
    assert t.tutorial.current.id == "reveal"
    key(app, pygame.K_RETURN)
    assert t.tutorial.finished


def test_war_tutorial_points_at_the_map_and_can_be_left(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    t = start_tutorial(app, "war")
    assert t is not None and t.practice and t.tutorial is not None
    app.scenes.push(t, fade=False)
    _run_until(app, lambda: t.tutorial.current is not None, 3000)
    assert t.tutorial.current.id == "welcome"
    click(app, t.tutorial.next_rect.center)
    assert t.tutorial.current is not None and t.tutorial.current.id == "placement"
    assert t.tutorial.current.target in t.tutorial_targets()  # "map"
    pump(app, 2)
    click(app, t.tutorial.leave_rect.center)
    assert t.tutorial.finished and t.tutorial.current is None


def test_rules_viewer_offers_the_guided_game(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.rules_viewer import RulesScene

    app.scenes.push(MainMenu(app), fade=False)
    rules = RulesScene(app, "war")
    app.scenes.push(rules, fade=False)
    pump(app)
    assert rules.guided.visible
    click_widget(app, rules.tabs["tournament"])
    assert not rules.guided.visible  # tournaments have no guided game
    click_widget(app, rules.tabs["war"])
    click_widget(app, rules.guided)
    pump(app, 3)
    assert getattr(app.scenes.top, "tutorial", None) is not None


def test_a_hot_seat_thumbnail_is_drawn_as_a_spectator_sees_it_g4(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.tables import autosave

    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bia")])
    t.set_viewer(0)
    mine = [text for text, _ in t.log.entries]
    seen: list[object] = []
    draw = t.draw

    def spy(surface):  # type: ignore[no-untyped-def]
        seen.append((t.viewer, len(t.sprites), [text for text, _ in t.log.entries]))
        draw(surface)

    t.draw = spy  # type: ignore[method-assign]
    assert autosave.thumbnail_png(t) is not None
    ((viewer, sprites, _lines),) = seen
    assert (viewer, sprites) == (None, 0)  # nobody's hand in the picture
    assert t.viewer == 0 and len(t.sprites) == 3  # and the table is back as it was
    assert [text for text, _ in t.log.entries] == mine


def test_a_hot_seat_war_thumbnail_carries_no_private_log_line_g4() -> None:
    """The picture beside a hot-seat save was drawn with the cards hidden but the
    log still told for the person who looked: "You draw Japão." could be in it.
    Drawing the picture must drop nothing the person holds (a placement half made)."""
    from game.war import records as WR
    from scenes.curtain import Curtain
    from scenes.tables import autosave
    from tests.scenes.conftest import make_app

    a = make_app("--lang", "en", "--size", "1024x640")
    t = open_test_table(a, "war", [SeatSetup("Ana"), SeatSetup("Bia")], 5)
    try:
        pump_until(a, lambda: isinstance(a.scenes.top, Curtain), 600)
        pump(a, 30)
        click_widget(a, a.scenes.top.button)
        pump_until(a, lambda: t.buffer is not None and t.viewer is not None, 600)
        looker = t.viewer
        assert looker is not None and t.buffer is not None
        drawn = WR.CardDrawn(looker, "Japão")
        t.log_event(drawn)
        private = t.event_text(drawn)
        assert private in [text for text, _ in t.log.entries]
        own = next(n for n, o in t.view()["owners"].items() if o == looker)
        t.buffer.add(own, 1)
        placed = dict(t.buffer.placed)
        seen: list[list[str]] = []
        draw = t.draw

        def spy(surface: pygame.Surface) -> None:
            seen.append([text for text, _ in t.log.entries])
            draw(surface)

        t.draw = spy  # type: ignore[method-assign]
        assert autosave.thumbnail_png(t) is not None
        assert seen and private not in seen[0]
        assert private in [text for text, _ in t.log.entries]  # the person's log is back
        assert t.viewer == looker and t.buffer is not None and t.buffer.placed == placed
    finally:
        t.worker.close()
        pygame.quit()


def test_practice_chooser_offers_the_guided_game(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.practice import PracticeChooser

    app.scenes.push(MainMenu(app), fade=False)
    chooser = PracticeChooser(app)
    app.scenes.push(chooser, fade=False)
    pump(app)
    from scenes.tables import table_ready

    # every game with a table and a step file is offered (War at least)
    assert "war" in chooser.guided and all(table_ready(g) for g in chooser.guided)
    click_widget(app, chooser.guided["war"])
    pump(app, 3)
    assert getattr(app.scenes.top, "tutorial", None) is not None


def test_open_a_replay_file_from_anywhere(app, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pygame_gui

    m = _finished_alta()
    exported = replays.export_replay(replays.write_replay(m), tmp_path / "mine")
    app.scenes.push(MainMenu(app), fade=False)
    stats = StatsScene(app)
    app.scenes.push(stats, fade=False)
    pump(app)
    click_widget(app, stats.open_file)
    assert stats.dialog is not None  # the file dialog is up
    stats.dialog.kill()
    picked = pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(exported))
    app.step(1 / 60, [picked])
    pump(app, 2)
    viewer = app.scenes.top
    assert isinstance(viewer, ReplayMixin) and viewer.replay_doc["seed"] == m.seed


def test_the_victory_title_keeps_clear_of_the_look_button() -> None:
    """ "No tempo: vitória de Thorgrim" at 1024x640 touched "Ver mesa", and a longer
    name or several winners ran under it; English read "On time: Borin win"."""
    from scenes.i18n import tr
    from scenes.victory import VictoryOverlay
    from tests.scenes.conftest import make_app

    a = make_app("--lang", "pt", "--size", "1024x640")
    long_names = [
        SeatSetup("Borin Martelo-de-Pedra Segundo"),
        SeatSetup("Lisandra das Areias", "random"),
    ]
    t = open_test_table(a, "alta", long_names, 11)
    try:
        m = _finished_alta()
        t.match = m
        overlay = VictoryOverlay(a, t)
        a.scenes.push(overlay, fade=False)
        pump(a, 2)
        assert overlay.title_rect.width > 0
        assert not overlay.title_rect.colliderect(overlay.look.rect)
        # a tournament's table: "Back to the tournament" is the one way out, and
        # at 1024x640 "Table 1: result recorded." lay over it
        a.scenes.pop(fade=False)
        t.on_result = lambda match: None
        overlay = VictoryOverlay(a, t)
        a.scenes.push(overlay, fade=False)
        a.toast.show("Mesa 1: resultado registrado.")
        pump(a)
        assert overlay.back_to_caller is not None
        assert a.toast.rect.bottom <= overlay.back_to_caller.rect.top
    finally:
        t.worker.close()
        pygame.quit()
    from scenes.i18n import set_language

    set_language("en")
    assert tr("ui.victory.timed", names="Borin") == "On time: victory for Borin"
