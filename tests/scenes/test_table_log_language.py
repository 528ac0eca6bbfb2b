"""Switching the language mid-match tells the whole log again in the new
language, for every game, from the events (as Continue does) -- and in hot-seat
still words a seat's private lines only for that seat ([G4])."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cards import Card
from scenes.curtain import Curtain
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from scenes.tables.reopen import open_save
from tests.scenes.conftest import click_widget, open_test_table, pump, pump_until

#: a person and two bots of each game (the bots' ids differ by game)
SEATS = {
    "wyr": [SeatSetup("Ana"), SeatSetup("Bo", "easy"), SeatSetup("Cy", "easy")],
    "wyrt": [
        SeatSetup("Ana"),
        SeatSetup("Bo", "cliente_casual"),
        SeatSetup("Cy", "cliente_casual"),
    ],  # fmt: skip
    "war": [SeatSetup("Ana"), SeatSetup("Bo", "easy"), SeatSetup("Cy", "easy")],
    "chama": [SeatSetup("Ana"), SeatSetup("Bo", "easy"), SeatSetup("Cy", "easy")],
}


def _settled_turn(app, t: TableScene, lines: int, frames: int = 4000) -> None:  # type: ignore[no-untyped-def]
    """Frames until a person at the screen decides, with `lines` log lines told."""

    def ready() -> bool:
        human = t.human_to_act()
        return (
            human is not None
            and human == t.viewer
            and not t.playing_out()
            and app.scenes.top is t
            and len(t.log.entries) >= lines
        )

    for _ in range(frames):
        if ready():
            return
        if isinstance(app.scenes.top, Curtain):
            click_widget(app, app.scenes.top.button)
            continue
        human = t.human_to_act()
        if human is not None and human == t.viewer and not t.playing_out():
            t.submit(t.legal_actions(human)[0])  # play on: the log grows
        pump(app)
    assert ready(), "timed out"


def _told_in_pt_by_continue(app, t: TableScene) -> list[str]:  # type: ignore[no-untyped-def]
    """The log a table opened from a save of this match tells, in Portuguese."""
    path = t.write_save("named", "language")
    again = open_save(app, Path(path))
    assert again is not None
    app.scenes.push(again, fade=False)
    for _ in range(2000):  # a save before any move plays its deal again
        pump(app)
        if not again.playing_out():
            break
    if again.viewer != t.viewer:
        again.set_viewer(t.viewer)
    return [text for text, _ in again.log.entries]


@pytest.mark.parametrize("game", sorted(SEATS))
def test_switching_to_portuguese_tells_the_log_again_in_portuguese(app, game: str) -> None:  # type: ignore[no-untyped-def]
    t = open_test_table(app, game, SEATS[game], seed=5)
    _settled_turn(app, t, lines=6)
    english = [text for text, _ in t.log.entries]
    app.set_language("pt")  # as the settings screen does, live
    pump(app)
    portuguese = [text for text, _ in t.log.entries]
    assert len(portuguese) == len(english)
    assert portuguese != english
    assert portuguese == _told_in_pt_by_continue(app, t)


def test_hot_seat_private_lines_stay_with_their_seat_after_a_switch(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.tables.wyrt.words import cards_text

    seats = [SeatSetup("Ana"), SeatSetup("Bia"), SeatSetup("Cy", "cliente_casual")]
    t = open_test_table(app, "wyrt", seats, seed=5, options={"straddle": False})
    _settled_turn(app, t, lines=4)
    me = t.viewer
    assert me is not None
    other = 1 - me
    app.set_language("pt")
    pump(app)
    told = [text for text, _ in t.log.entries]
    mine = cards_text(Card.from_code(c) for c in t.match.view(me)["hand_cards"])
    theirs = cards_text(Card.from_code(c) for c in t.match.view(other)["hand_cards"])
    assert f"Suas cartas: {mine}." in told
    assert not any(theirs in text for text in told)
    assert not any("Your cards" in text for text in told)


def test_a_note_is_worded_again_too(app) -> None:  # type: ignore[no-untyped-def]
    """The practice undo's note ("Move taken back.") follows the language as well."""
    t = open_test_table(app, "alta", [SeatSetup("Ana"), SeatSetup("Bot", "random")], 11, True)
    t.submit(t.legal_actions(0)[0])
    pump_until(app, lambda: 0 in t.match.to_move and len(t.match.log) >= 2, 600)
    click_widget(app, t.buttons["undo"])
    assert [text for text, _ in t.log.entries][-1] == "Move taken back."
    app.set_language("pt")
    pump(app)
    assert [text for text, _ in t.log.entries][-1] == "Jogada desfeita."
