"""Every guided game followed to its end by clicks on its notes' own buttons,
at both window sizes: a note takes the clicks and Enter before the table does
(Chama's notes ignored the mouse and Enter pressed the table's main button
behind them; War's map took the clicks on its notes), and every note stands
clear of the table's buttons (at 1024x640 War's notes lay under them).

The notes come in their file's order, 1/N first (Chama opened with 2/5, War
showed 5/8 before 4/8), each at its moment: a note about an event stands
before that event is shown, the table holding it and all that follows until
the note is read (Wyr's Hora da Verdade note came while the dice rolled and
stayed into the next round); a note about the person's turn while the person
is to act. A note stays where it first stood (Wyr's jumped between corners)."""

from __future__ import annotations

import random

import pygame
import pytest

from game import get_info
from game.registry import make_bot
from game.rng import Rng
from scenes.main_menu import MainMenu
from scenes.tutorial import start_tutorial, widget_rects
from tests.scenes.conftest import click, key, make_app, pump, spy_texts

GAMES = ("chama", "war", "wyr", "wyrt")
#: both window sizes, each in one language
LOOKS = (("1024x640", "pt"), ("1280x800", "en"))
#: how the log and status lines read when the person's seat was named "You"
WRONG_PERSON = ("You has", "You's", "You receives", "You is", "You draws", "de Você", "Você tem")


def open_guided(app, game: str, seed: int = 3):  # type: ignore[no-untyped-def]
    """The guided game of `game` on top of the main menu, one frame in."""
    app.scenes.push(MainMenu(app), fade=False)
    random.seed(seed)  # the guided game deals a random seed: keep the walk repeatable
    table = start_tutorial(app, game)
    assert table is not None and table.tutorial is not None
    app.scenes.push(table, fade=False)
    pump(app)
    return table


def play_until_note(app, table, frames: int = 30_000) -> None:  # type: ignore[no-untyped-def]
    """The person plays as a middling bot would (by the table's own submit)
    until a note is up or the guided game is over."""
    game = table.match.game_name
    bots = get_info(game).bot_ids
    me = make_bot(game, bots[len(bots) // 2])
    rng = Rng("person")
    for _ in range(frames):
        if table.tutorial.current is not None or table.tutorial.finished:
            return
        assert not table.match.is_over, f"{game}: the match ended before every note showed"
        seat = table.human_to_act()
        if seat is not None and not table.events and not table.tweens.busy:
            view = table.match.view(seat)
            assert table.submit(me.choose(view, table.match.legal_actions(seat), rng), seat)
        pump(app)
    raise AssertionError(f"{game}: no note came")


#: every game's guided game (Wyrt's showdown note once came back after "Got it":
#: one hand after another is shown while it is read)
WALKS = list(GAMES)


@pytest.mark.parametrize(("size", "lang"), LOOKS)
@pytest.mark.parametrize("game", WALKS)
def test_every_guided_game_is_followed_by_clicks_on_its_notes(
    game: str, size: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app("--lang", lang, "--size", size)
    app.settings.animation_speed = "instant"
    drawn = spy_texts(monkeypatch)
    try:
        table = open_guided(app, game)
        assert table.seats[0].name not in ("You", "Você")
        guide = table.tutorial
        shown: list[str] = []
        while not guide.finished:
            play_until_note(app, table)
            if guide.finished:
                break
            step = guide.current
            assert step is guide.steps[len(shown)], (game, step.id, shown)  # in order
            log_at_note = len(table.match.log)
            pump(app)  # drawn: the note's place is known
            assert guide.box.width > 0, f"{game}: the note of {step.id} is not drawn"
            first_place = guide.box.copy()
            pump(app, 4)  # the table holds: nothing moves under the note, nor the note
            assert guide.box == first_place, (game, size, step.id)
            assert len(table.match.log) == log_at_note, (game, step.id)
            if "event" in step.when:  # it stands before its event, which waits
                assert table.events and type(table.events[0]).__name__ == step.when["event"]
            else:  # the person's turn, with nothing left to show
                assert table.human_to_act() == 0 and not table.events, (game, step.id)
            for widget in widget_rects(table):
                assert not guide.box.colliderect(widget), (game, size, step.id, widget)
            assert app.screen.get_rect().contains(guide.box), (game, size, step.id)
            log_before = len(table.match.log)
            click(app, guide.box.move(12, 12).topleft)  # the note's paper: nothing
            assert guide.current is step and len(table.match.log) == log_before
            click(app, guide.next_rect.center)
            assert guide.current is not step, f"{game} {size}: 'Got it' did nothing on {step.id}"
            shown.append(step.id)
        assert shown == [s.id for s in guide.steps], f"{game}: notes not all shown, in order"
        assert guide.shown == shown
        # every line about the person reads as a sentence about a person
        wrong = [t for t in drawn if any(w in t for w in WRONG_PERSON)]
        assert not wrong, wrong[:5]
        assert any(table.seats[0].name in t for t in drawn)  # the spy saw the lines
    finally:
        pygame.quit()


@pytest.mark.parametrize("game", GAMES)
def test_enter_on_a_note_reads_it_and_presses_nothing_behind(app, game: str) -> None:  # type: ignore[no-untyped-def]
    table = open_guided(app, game)
    play_until_note(app, table)
    step = table.tutorial.current
    assert step is not None
    pump(app)
    assert table.tutorial.box.width > 0, f"{game}: the note is not drawn"

    def mine() -> int:
        return sum(1 for seat, _ in table.match.log if seat == 0)

    before = mine()
    key(app, pygame.K_RETURN)
    assert table.tutorial.current is not step
    assert mine() == before, f"{game}: Enter acted for the person at the table behind the note"


def test_leave_the_tutorial_by_its_button_in_chama(app) -> None:  # type: ignore[no-untyped-def]
    table = open_guided(app, "chama")
    play_until_note(app, table)
    click(app, table.tutorial.leave_rect.center)
    assert table.tutorial.finished and table.tutorial.current is None
