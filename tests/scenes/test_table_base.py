"""The table base on the tiny game: bots off the render loop, the hot-seat
curtain, illegal clicks, undo, save/continue, the end of a match."""

from __future__ import annotations

import json

import pygame
import pytest

import game
from game import storage
from scenes.curtain import Curtain
from scenes.main_menu import MainMenu
from scenes.tables.face import SeatSetup
from scenes.victory import VictoryOverlay
from tests.game.tiny_game import Pick, PicksRevealed
from tests.scenes.conftest import click, open_test_table, pump, pump_until


def _table(app, seats, practice=False):  # type: ignore[no-untyped-def]
    return open_test_table(app, "alta", seats, 11, practice)


def _run_until(app, cond, frames: int = 600) -> None:  # type: ignore[no-untyped-def]
    pump_until(app, cond, frames, "")


def test_bots_play_to_the_end_and_victory_shows(app) -> None:  # type: ignore[no-untyped-def]
    t = _table(app, [SeatSetup("A", "random"), SeatSetup("B", "random"), SeatSetup("C", "random")])
    _run_until(app, lambda: isinstance(app.scenes.top, VictoryOverlay), 2000)
    assert t.match.is_over
    assert game.history.summary()["games"]["alta"]["matches"] == 1


def test_human_clicks_a_card_and_illegal_moves_explain_themselves(app) -> None:  # type: ignore[no-untyped-def]
    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bot", "random")])
    assert t.viewer == 0
    sprite = t.sprites[0]
    click(app, sprite.rect.center)
    assert len(t.match.hands[0]) == 2 or t.match.turn == 1
    missing = next(
        game.cards.Card(r, s)
        for r in range(2, 15)
        for s in "SHDC"
        if game.cards.Card(r, s) not in t.match.hands[0]
    )
    before = t.match.fingerprint()
    assert not t.submit(Pick(missing))
    assert app.toast.visible and t.match.fingerprint() == before


def test_hot_seat_curtain_between_two_humans(app) -> None:  # type: ignore[no-untyped-def]
    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bia")])
    _run_until(app, lambda: isinstance(app.scenes.top, Curtain))
    curtain = app.scenes.top
    assert curtain.name in ("Ana", "Bia") and t.viewer is None  # nobody's hand shown yet
    pump(app, 30)
    click(app, curtain.button.rect.center)
    assert app.scenes.top is t and t.viewer is not None
    first = t.viewer
    t.submit(t.match.legal_actions(first)[0])
    _run_until(app, lambda: isinstance(app.scenes.top, Curtain))
    assert app.scenes.top.name == t.seats[1 - first].name


def test_a_message_for_one_person_does_not_stay_up_for_the_next_g4(app) -> None:  # type: ignore[no-untyped-def]
    """A hint or an illegal-click message names the cards of whoever looks ("Hint:
    play realm J"); in Chama it stayed on the curtain and on the next person's
    screen. Passing the screen drops every message, shown or waiting."""
    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bia")])
    _run_until(app, lambda: isinstance(app.scenes.top, Curtain))
    pump(app, 30)
    click(app, app.scenes.top.button.rect.center)
    first = t.viewer
    assert first is not None
    app.toast.show("Hint: play realm J in slot A")
    app.toast.show("9S is not a realm")
    t.submit(t.match.legal_actions(first)[0])
    _run_until(app, lambda: isinstance(app.scenes.top, Curtain))
    assert not app.toast.visible and not app.toast.queue


def test_undo_in_practice_takes_back_the_human_move(app) -> None:  # type: ignore[no-untyped-def]
    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bot", "random")], practice=True)
    t.submit(t.match.legal_actions(0)[0])
    _run_until(app, lambda: not t.match.to_move or 0 in t.match.to_move and len(t.match.log) >= 2)
    t.undo()
    assert t.match.log == [] or all(seat != 0 for seat, _ in t.match.log)
    assert len(t.match.hands[0]) == 3


def test_save_and_continue(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.new_match import NewMatchScene

    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bot", "random")])
    t.submit(t.match.legal_actions(0)[0])
    pump(app, 5)
    t.save_match()
    saved = list(storage.saves_dir().glob("alta-*.json"))
    assert len(saved) == 1
    data = json.loads(saved[0].read_text())
    assert data["meta"]["players"][1]["bot"] == "random"
    nm = NewMatchScene(app, "alta")
    app.scenes.push(nm, fade=False)
    pump(app)
    nm.load_latest()
    pump(app)
    top = app.scenes.top
    assert (
        top is not t and top.match.log == game.load_match(data).log and top.seats[1].bot == "random"
    )


def test_broken_save_is_put_aside_with_a_message(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.new_match import NewMatchScene

    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    (folder / "alta-20260101-000000.json").write_text('{"format": 1, "game": "alta", "seats": 3}')
    nm = NewMatchScene(app, "alta")
    app.scenes.push(nm, fade=False)
    pump(app)
    nm.load_latest()
    assert app.toast.visible and not (folder / "alta-20260101-000000.json").exists()
    assert list(folder.glob("*.corrupt-*"))


def test_closing_the_window_mid_match_asks_first(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.dialogs import ConfirmDialog

    _table(app, [SeatSetup("Ana"), SeatSetup("Bot", "random")])
    app.step(0.016, [pygame.event.Event(pygame.QUIT)])
    assert isinstance(app.scenes.top, ConfirmDialog) and app.running
    app.step(
        0.016,
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)],
    )
    assert not app.running


def test_tournament_hooks_return_to_the_caller(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.tables import table_class

    menu = MainMenu(app)
    app.scenes.push(menu, fade=False)
    results: list[object] = []
    m = game.new_match("alta", ["A", "B"], seed=4)
    t = table_class("alta")(
        app, m, [SeatSetup("A", "random"), SeatSetup("B", "random")], on_result=results.append
    )
    app.scenes.push(t, fade=False)
    _run_until(app, lambda: isinstance(app.scenes.top, VictoryOverlay), 2000)
    assert results == [t.match]
    overlay = app.scenes.top
    click(app, overlay.back_to_caller.rect.center)
    pump(app, 30)
    assert app.scenes.top is menu


def test_leaving_an_unfinished_tournament_match_hands_it_back(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.tables import table_class

    menu = MainMenu(app)
    app.scenes.push(menu, fade=False)
    kept: list[object] = []
    app.settings.confirm_quit = False
    m = game.new_match("alta", ["Ana", "B"], seed=4)
    t = table_class("alta")(
        app, m, [SeatSetup("Ana"), SeatSetup("B", "random")], on_leave=kept.append
    )
    app.scenes.push(t, fade=False)
    pump(app)
    t.quit_to_menu()
    pump(app, 30)
    assert kept == [m] and app.scenes.top is menu


def test_the_status_names_the_next_mover_only_once_the_table_caught_up(app) -> None:  # type: ignore[no-untyped-def]
    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bot", "random")])
    lines: list[str] = []
    t.blit_status = lambda surface, text, y: lines.append(text)  # type: ignore[method-assign]
    _run_until(app, lambda: t.human_to_act() == 0 and not t.playing_out())
    t.draw_status(app.screen)
    assert "Your turn" in lines[-1]  # said to the person at the screen, not "To act: Ana"
    # a round played by someone else is still queued to be shown: the next mover is not announced
    t.events.append(PicksRevealed((t.match.hands[0][0], t.match.hands[1][0]), (0,)))
    t.draw_status(app.screen)
    assert "Your turn" not in lines[-1] and not lines[-1].startswith("  ·  ")
    _run_until(app, lambda: not t.playing_out())
    t.draw_status(app.screen)
    assert "Your turn" in lines[-1]


def test_the_status_names_the_movers_when_they_are_not_the_person_at_the_screen(app) -> None:  # type: ignore[no-untyped-def]
    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bia")])  # hot-seat: the curtain decides
    t.viewer = None
    assert "Your turn" not in t.to_act_note()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_chama_status_offers_the_skip_while_others_play(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """Chama never said "Space: skip ahead" while bots played (a round of three
    bots takes about 20 s at normal speed); War and Wyr did. Where the line has
    no room for it (1024x640 while a bot thinks) it is left out: the whole line
    once shrank to tiny letters to make room."""
    from scenes import style
    from tests.scenes.conftest import make_app

    a = make_app("--lang", "en", "--size", f"{size[0]}x{size[1]}")
    seats = [SeatSetup("Ana")] + [SeatSetup(f"Bot{i}", "normal") for i in (1, 2, 3)]
    small = size == (1024, 640)  # practice: four more buttons share the top
    t = open_test_table(a, "chama", seats, 11, practice=small)
    try:
        pump_until(a, lambda: not t.my_turn() and bool(t.skip_note()) and t.worker.busy, 3000)
        drawn: list[tuple[str, int, object]] = []
        real = style.blit_text

        def spy(
            surface: pygame.Surface, text: str, size_: int, *args: object, **kw: object
        ) -> object:
            drawn.append((text, size_, kw.get("max_width")))
            return real(surface, text, size_, *args, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(style, "blit_text", spy)
        t.draw_status(pygame.Surface(size))
        text, px, room = drawn[0]
        assert isinstance(room, int) and style.text_width(text, px, "bold") <= room, text
        if size == (1280, 800):
            assert "Space: skip ahead" in text, text
    finally:
        t.worker.close()
        pygame.quit()


@pytest.mark.parametrize(
    ("game_id", "bot"),
    [("wyrt", "cliente_casual"), ("wyr", "easy"), ("chama", "normal"), ("war", "normal")],
)
def test_a_message_keeps_off_the_tables_buttons(game_id: str, bot: str) -> None:
    """At 1024x640 "Thinking about a hint…" and the hint itself lay over Fold and
    Call: a table's messages stand above its bar of buttons."""
    from tests.scenes.conftest import make_app

    a = make_app("--lang", "en", "--size", "1024x640")
    t = open_test_table(a, game_id, [SeatSetup("Ana"), SeatSetup("Bo", bot)], 3, practice=True)
    try:
        a.toast.show("Hint: call (you need 25% and have 31%)")
        pump(a)
        area = t.toast_area()
        assert area is not None and a.toast.visible
        assert area.contains(a.toast.rect), (area, a.toast.rect)
    finally:
        t.worker.close()
        pygame.quit()


def test_rematch_opens_the_same_seats_and_options_anew(app) -> None:  # type: ignore[no-untyped-def]
    """The victory screen's "Play again": same seats, options and practice mode, a
    fresh match (through the same door as a new table)."""
    t = _table(app, [SeatSetup("Ana"), SeatSetup("Bot", "random")], practice=True)
    t.submit(t.match.legal_actions(0)[0])
    t.rematch()
    fresh = app.scenes.top
    assert fresh is not t and type(fresh) is type(t)
    assert [s.name for s in fresh.seats] == ["Ana", "Bot"] and fresh.seats[1].bot == "random"
    assert fresh.practice and fresh.match.options == t.match.options
    assert fresh.match.log == [] or all(seat != 0 for seat, _ in fresh.match.log)
