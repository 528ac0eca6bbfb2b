"""Leaving a server's table goes back to the server's lobby, on the same
connection (it went to the main menu and closed the connection: an event's
entrant then heard no more round notices); the end of a served match offers
"Leave the table" and no rematch (a rematch built a local table of
seats played elsewhere)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.registry import make_bot
from game.rng import Rng
from scenes.dialogs import ConfirmDialog
from scenes.online.served import PhrasesControl
from scenes.online.server_lobby import ServerLobby
from scenes.victory import VictoryOverlay
from tests.scenes.conftest import click_widget, key, pump
from tests.scenes.online.helpers import person_plays, pump_until
from tests.scenes.online.serverhub import Served, wait
from tests.scenes.online.test_play_online import _seated_at_a_table


@pytest.fixture
def served() -> Iterator[Served]:
    s = Served()
    yield s
    s.close()


def test_leaving_a_match_in_play_asks_then_goes_back_to_the_lobby(app: Any, served: Served) -> None:
    table, bia = _seated_at_a_table(app, served)
    lobby = table.served.lobby
    table.quit_to_menu()
    assert isinstance(app.scenes.top, ConfirmDialog)  # a match in play: asked first
    key(app, pygame.K_RETURN)
    pump_until(app, lambda: isinstance(app.scenes.top, ServerLobby), 5)
    assert app.scenes.top.lobby is lobby and not lobby.closed and lobby.match is None
    pump(app, 30)
    assert not lobby.closed  # still the lobby's: lists come in
    bia.link.close()  # type: ignore[attr-defined]


def test_the_end_of_a_served_match_leaves_to_the_lobby_and_offers_no_rematch(
    app: Any, served: Served
) -> None:
    table, bia = _seated_at_a_table(app, served)
    assert isinstance(table, PhrasesControl)
    theirs = bia.match
    assert theirs is not None
    bot, rng = make_bot(table.match.game_name, "easy"), Rng("bia")
    mine = person_plays(table, table.match.game_name)

    def both_play() -> bool:
        bia.pump()
        seat = theirs.seat
        if seat is not None and seat in theirs.to_move and not theirs.is_over:
            legal = theirs.legal_actions(seat)
            if legal:
                theirs.apply(seat, bot.choose(theirs.view(seat), legal, rng))
        return mine() and isinstance(app.scenes.top, VictoryOverlay)

    pump_until(app, both_play, 60)
    overlay = app.scenes.top
    assert overlay.again is None and overlay.menu is not None  # no rematch online
    assert overlay.menu.text == "Leave the table"
    click_widget(app, overlay.menu)
    pump_until(app, lambda: isinstance(app.scenes.top, ServerLobby), 5)
    assert not app.scenes.top.lobby.closed
    pump(app, 30)  # nothing refused: the server had let us go when the table ended
    assert app.scenes.top.error == "" and app.scenes.top.lobby.refusal is None
    bia.link.close()  # type: ignore[attr-defined]


def test_a_scripted_run_lets_the_hint_bot_play_our_seat(app: Any, served: Served) -> None:
    app.autoplay = True  # `main.py --autoplay`: a demo or a long run plays by itself
    table, bia = _seated_at_a_table(app, served)
    mine = table.served.remote.seat
    assert mine == 0 and table.seats[mine].bot is not None
    assert table.seats[1].bot is None and table.seats[1].elsewhere
    bia.link.close()  # type: ignore[attr-defined]


def test_a_creator_leaving_his_undealt_table_is_told_it_closes(app: Any, served: Served) -> None:
    from scenes.online.server_create import CreateTable
    from scenes.online.server_wait import WaitingRoom
    from tests.scenes.online.test_play_online import connect

    lobby = connect(app, served)
    lobby.open_create()
    pump(app, 3)
    form = app.scenes.top
    assert isinstance(form, CreateTable)
    click_widget(app, form.start)
    pump_until(app, lambda: isinstance(app.scenes.top, WaitingRoom), 5)
    room = app.scenes.top
    pump_until(app, lambda: room.match is not None and room.match.seat == 0, 10)
    table = room.table
    bia = served.player("Bia")
    bia.ask_tables()
    wait(bia, lambda: any(r.table == table for r in bia.tables))  # listed, waiting
    key(app, pygame.K_ESCAPE)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog) and "closes" in dialog.message
    key(app, pygame.K_RETURN)
    pump_until(app, lambda: isinstance(app.scenes.top, ServerLobby), 5)

    def gone() -> bool:
        bia.ask_tables()
        bia.pump()
        return all(r.table != table for r in bia.tables)

    wait(bia, gone)  # it closed at once (it stayed listed for the idle time before)
    bia.link.close()  # type: ignore[attr-defined]
