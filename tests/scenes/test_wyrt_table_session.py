"""The session around a Wyrt match on screen: pause and resume, skipping the
animations, save and continue, replays, the practice reveal, the tutorial's
pointers, leaving O Morto's table, and a status and bar that never run ahead of
what is shown."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cards import Card
from game.wyrt import records as R
from scenes.i18n import tr
from scenes.main_menu import MainMenu
from scenes.tables import open_table
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt import WyrtTable
from tests.scenes.conftest import click_widget, key, make_app, pump
from tests.scenes.wyrt_table_helpers import BOTS, my_decision, table, until


def _bots_match(hands: int = 2, seed: int = 5):  # type: ignore[no-untyped-def]
    """A whole session of bots, finished (for replays)."""
    from game.registry import make_bot, new_match
    from game.rng import Rng

    seats = ["Bo", "Cy", "Di"]
    m = new_match("wyrt", seats, seed=seed, options={"hand_limit": hands, "straddle": False})

    bots = [make_bot("wyrt", "cliente_casual") for _ in seats]
    for step in range(5000):
        if m.is_over:
            break
        s = m.to_move[0]
        m.apply(s, bots[s].choose(m.view(s), m.legal_actions(s), Rng(f"t/{step}")))
    assert m.is_over
    return m


def test_pause_then_resume_shows_only_the_decisions_controls(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.pause import PauseMenu

    t = table(app, BOTS, straddle=False)
    until(app, my_decision(t))
    c = t.controls
    assert c is not None
    before = {n for n, w in c.widgets.items() if w.visible}
    assert {"fold", "call"} <= before and not before & {"straddle", "stay", "press", "leave"}
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseMenu)
    for w in c.widgets.values():  # a stray show while the menu was up
        w.show()
    key(app, pygame.K_ESCAPE)
    pump(app, 3)
    assert app.scenes.top is t
    after = {n for n, w in c.widgets.items() if w.visible}
    assert after == before
    since = len(t.match.log)
    click_widget(app, c.widgets["straddle"])  # hidden: clicking where it was does nothing
    assert len(t.match.log) == since or not isinstance(t.match.log[since][1], R.Straddle)


def test_space_skips_every_animation_to_the_next_decision(app) -> None:  # type: ignore[no-untyped-def]
    app.settings.animation_speed = "normal"
    t = table(app, [SeatSetup("Bo", "cliente_casual"), SeatSetup("Ana"), SeatSetup("Cy", "cliente_casual")], straddle=False)  # fmt: skip
    pump(app, 2)
    assert t.events or t.animating() or t.tweens.busy  # the deal is on its way
    key(app, pygame.K_SPACE)
    until(app, lambda: t.my_turn(), 600)
    assert not t.tweens.busy and not t.animating()
    assert all(not sp.animating for f in t.fans.values() for sp in f.sprites)


@pytest.mark.slow
def test_save_then_continue_tells_the_log_again_in_the_same_words(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.tables.reopen import open_save

    t = table(app, BOTS, straddle=False)
    for _ in range(6000):  # call everything until the second hand asks Ana
        pump(app)
        if my_decision(t)():
            if t.shown.hand >= 2:
                break
            key(app, pygame.K_c)
    assert t.shown.hand >= 2
    lines = [text for text, _ in t.log.entries]
    path = t.write_save("named", "wyrt-test")
    again = open_save(app, Path(path))
    assert isinstance(again, WyrtTable)
    app.scenes.push(again, fade=False)
    pump(app)
    told = [text for text, _ in again.log.entries]
    assert told and told[-len(lines) :] == lines[-len(told) :]
    assert any("T$" in line for line in told)  # amounts in the table's unit, not bare numbers
    assert again.log.hands and again.log.hands[-1][0].startswith("Hand 2")


@pytest.mark.slow
def test_replay_of_a_finished_session_steps_forward_and_back(app) -> None:  # type: ignore[no-untyped-def]
    from game import replays
    from scenes.replay import ReplayMixin, open_replay_file

    m = _bots_match()
    path = replays.write_replay(m)
    app.scenes.push(MainMenu(app), fade=False)
    viewer = open_replay_file(app, path)
    assert isinstance(viewer, ReplayMixin) and isinstance(viewer, WyrtTable)
    app.scenes.push(viewer, fade=False)
    pump(app)
    viewer.replay_speed_index = 5
    until(app, lambda: viewer.replay_position == len(m.log), 6000)
    pump(app, 5)
    assert viewer.match.fingerprint() == m.fingerprint()
    click_widget(app, viewer.replay_controls["back"])
    assert viewer.replay_position == len(m.log) - 1
    click_widget(app, viewer.replay_controls["step"])
    pump(app, 5)
    assert viewer.replay_position == len(m.log)


def test_practice_reveal_switch_shows_the_bots_cards(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    t = open_table(app, "wyrt", BOTS, seed=3, options={"straddle": False}, practice=True)
    app.scenes.push(t, fade=False)
    until(app, my_decision(t))
    assert isinstance(t, WyrtTable)
    assert all(sp.card is None for sp in t.fans[1].sprites)
    key(app, pygame.K_v)  # the pause menu's switch, from the keyboard
    assert t.tools.reveal and t.revealed_seats() == [1, 2]
    pump(app)
    hand = [Card.from_code(c) for c in t.match.view(1)["hand_cards"]]
    assert [sp.card for sp in t.fans[1].sprites] == hand
    assert all(sp.face_up for sp in t.fans[1].sprites)
    assert "see_bots" not in t.extra_buttons  # one switch, not two
    key(app, pygame.K_v)
    pump(app)
    assert all(sp.card is None for sp in t.fans[1].sprites)


def test_tutorial_steps_point_at_real_things(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.tutorial import start_tutorial

    app.scenes.push(MainMenu(app), fade=False)
    t = start_tutorial(app, "wyrt")
    assert t is not None and t.tutorial is not None
    app.scenes.push(t, fade=False)
    until(app, lambda: t.tutorial.current is not None)
    assert t.tutorial.current.id == "welcome"
    assert t.tutorial.current.target == "felt"
    targets = t.tutorial_targets()
    screen = pygame.Rect((0, 0), app.size)
    for step in t.tutorial.steps:
        assert step.target in targets, step.id
        r = targets[step.target]
        assert r.width > 0 and r.height > 0 and screen.contains(r), step.id
    assert targets["felt"] == t.ring.oval and targets["tray"] == t.ring.tray_rect


def test_death_match_leave_says_it_only_pauses_t11(app) -> None:  # type: ignore[no-untyped-def]
    from game import saves

    seats = [SeatSetup("Ana"), SeatSetup("Bo", "cliente_casual"), SeatSetup("Morto", "morto")]
    t = table(app, seats, mode="death_match", straddle=False)
    until(app, my_decision(t))
    assert R.Leave not in {type(a) for a in t.match.legal_actions(0)}  # nobody gets up
    warning = t.leave_warning()
    assert warning == tr("wyrttable.leave_death_match") and "not giving up" in warning
    app.settings.confirm_quit = False
    t.quit_to_menu()
    pump(app, 3)
    assert isinstance(app.scenes.top, MainMenu)
    assert saves.autosave_path("wyrt").exists()  # the match waits for Continue


@pytest.mark.slow
def test_status_never_names_a_mover_while_moves_still_play_out(app) -> None:  # type: ignore[no-untyped-def]
    """A showdown still on screen must not announce the next hand's mover (maybe a folded seat)."""
    seats = [SeatSetup(n, "cliente_casual") for n in ("A1", "B2", "C3", "D4")]
    t = table(app, seats, seed=5)
    to_act = tr("ui.table.to_act", names="")
    held_back = 0
    for _ in range(1500):
        if t.match.is_over or not isinstance(app.scenes.top, WyrtTable):
            break
        pump(app)
        line = t.status_text()
        if t.playing_out():
            assert to_act not in line, line
            held_back += bool(t.match.to_move)
        elif t.match.to_move:
            names = ", ".join(t.seats[s].name for s in t.match.to_move)
            assert tr("ui.table.to_act", names=names) in line
    assert held_back > 0  # the case happened: a mover existed while the table still showed moves


@pytest.mark.slow
def test_the_bar_prompts_the_next_hand_only_once_the_last_one_is_over() -> None:
    """During the showdown banner the bar read the last hand's "Your hand: Two
    pair" beside the next hand's straddle prompt, with no buttons: what to do now
    waits until the table has shown what happened."""
    a = make_app("--lang", "en", "--size", "1280x800")  # normal speed: the showdown takes time
    a.scenes.push(MainMenu(a), fade=False)
    t = open_table(a, "wyrt", BOTS, seed=3, options={"straddle": True})
    a.scenes.push(t, fade=False)
    assert isinstance(t, WyrtTable)
    straddle = tr("wyrttable.straddle_prompt")
    seen_while_playing = 0
    try:
        for _ in range(6000):
            if t.my_turn() and t.view()["phase"] == "straddle" and t.view()["hand"] > 1:
                if t.playing_out():
                    t.draw(a.screen)
                    assert t._bar is not None
                    texts = [text for text, _c, _k in t._bar[0][0]]
                    assert straddle not in texts, texts
                    seen_while_playing += 1
                else:
                    break
            if my_decision(t)() and not t.playing_out():
                legal = t.match.legal_actions(0)
                t.submit(next(x for x in legal if isinstance(x, R.Fold | R.NoStraddle | R.Check)))
            pump(a)
        assert seen_while_playing > 0
    finally:
        t.worker.close()
        pygame.quit()


def test_the_end_is_not_announced_before_the_last_dice_are_shown(app) -> None:  # type: ignore[no-untyped-def]
    """ "The match is over." stood on the status line while the all-in's dice were
    still to roll on screen: it spoiled the result. It comes once all is shown."""
    seats = [SeatSetup("Bot 1", "clandestino"), SeatSetup("Bot 2", "cliente_casual")]
    app.scenes.push(MainMenu(app), fade=False)
    table = open_table(app, "wyrt", seats, seed=5, options={"hand_limit": 1})
    app.scenes.push(table, fade=False)
    over = tr("ui.table.over")
    seen_pending = False
    for _ in range(20_000):
        if table.match.is_over and table.playing_out():
            seen_pending = True
            assert over not in table.status_text()
        if table.finished:
            break
        pump(app)
    assert seen_pending and table.finished
    assert over in table.status_text()
