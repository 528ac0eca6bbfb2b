"""Play online in the app (issue 46) against a real server on 127.0.0.1: the
server screen, the lobby, a private table created from the game's own form,
a second player (a plain `LobbyClient`) joining by its code, Start with bots,
the game's table, phrases both ways, watching without secrets, the identity
kept across two connects, the unencrypted warning, and keys alone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pygame_gui
import pytest

from game.net import identities
from game.net.lobby_client import ServerMatch
from scenes.new_match import REMOTE
from scenes.online.served import PhrasesControl, PhrasesMenu
from scenes.online.server_create import CreateTable
from scenes.online.server_lobby import ServerLobby
from scenes.online.server_screen import ServerScene
from scenes.online.server_wait import WaitingRoom
from tests.scenes.conftest import click_widget, key, pump
from tests.scenes.keyboard_helpers import focused, key_named, tab_to, use_focused
from tests.scenes.online.helpers import pump_until
from tests.scenes.online.serverhub import Served, wait

SHORT = {"turn_limit": 2}


@pytest.fixture
def served() -> Iterator[Served]:
    s = Served()
    yield s
    s.close()


def connect(app: Any, served: Served, name: str = "Ana") -> ServerLobby:
    """The server screen, Connect, and the lobby."""
    app.scenes.push(ServerScene(app, address=served.address, name=name), fade=False)
    pump(app, 2)
    scene = app.scenes.top
    assert isinstance(scene, ServerScene) and scene.warning() == ""  # 127.0.0.1: no warning
    click_widget(app, scene.connect)
    pump_until(app, lambda: isinstance(app.scenes.top, ServerLobby), 15)
    lobby = app.scenes.top
    assert isinstance(lobby, ServerLobby)
    return lobby


def test_identity_is_remembered_across_two_connects(app: Any, served: Served) -> None:
    lobby = connect(app, served)
    first = lobby.lobby.player
    assert identities.identity_for(served.url).player == first  # type: ignore[union-attr]
    assert identities.recent() == [served.address]
    lobby.leave()
    pump_until(app, lambda: isinstance(app.scenes.top, ServerScene), 5)
    app.scenes.pop(fade=False)
    pump(app, 2)
    again = connect(app, served, "Ana Maria")
    assert again.lobby.player == first  # the same player: seats and rating kept
    assert identities.identity_for(served.url).name == "Ana Maria"  # type: ignore[union-attr]


def test_the_unencrypted_warning_needs_no_connection(app: Any) -> None:
    scene = ServerScene(app, address="play.taverna.example", name="Ana")
    app.scenes.push(scene, fade=False)
    pump(app, 2)
    assert "unencrypted" in scene.warning()
    for address in ("wss://play.taverna.example", "192.168.0.9", "localhost:5000"):
        scene.entries["address"].set_text(address)
        scene.read()
        assert scene.warning() == "", address
    scene.entries["address"].set_text("ws://93.184.216.34:47474")
    scene.read()
    assert scene.warning()
    scene.entries["address"].set_text("nowhere:99999")
    scene.start()
    assert scene.error and not scene.busy  # refused in words, nothing opened


def test_a_refused_connection_is_said_in_words(app: Any, served: Served) -> None:
    port = served.port
    served.close()
    scene = ServerScene(app, address=f"127.0.0.1:{port}", name="Ana")
    app.scenes.push(scene, fade=False)
    pump(app, 2)
    scene.start()
    pump_until(app, lambda: bool(scene.error), 10)
    assert "could not be reached" in scene.error and not scene.busy


def test_lists_creates_private_joins_by_code_starts_with_bots_and_phrases(
    app: Any, served: Served
) -> None:
    bia = served.player("Bia")
    bia.create("wyr", ["remote", "bot:easy"], SHORT)
    wait(bia, lambda: bia.created is not None)
    lobby = connect(app, served)
    pump_until(app, lambda: any(r.names == () or r.game == "wyr" for r in lobby.rows), 10)
    assert lobby.rows[0].seats == 2 and lobby.rows[0].taken == 1
    # a private table from the game's own form: me, a remote player, an empty one
    lobby.open_create()
    pump(app, 3)
    form = app.scenes.top
    assert isinstance(form, CreateTable)
    form.rows.append(form._new_row(REMOTE, 2))
    form.values["turn_limit"] = 2
    form._rebuild()
    click_widget(app, form.private_btn)
    assert form.private
    click_widget(app, form.start)
    pump_until(app, lambda: isinstance(app.scenes.top, WaitingRoom), 5)
    room = app.scenes.top
    assert isinstance(room, WaitingRoom)
    pump_until(app, lambda: bool(room.code) and room.match is not None and room.match.seat == 0)
    # the second player joins by the code passed on
    theirs = bia.join(code=room.code)
    wait(bia, lambda: theirs.seat is not None)
    assert theirs.seat is not None and not theirs.started
    assert room.start is not None
    pump_until(app, lambda: room.start is not None and room.start.is_enabled, 5)
    click_widget(app, room.start)  # the empty seat gets a bot, and the deal comes
    pump_until(app, lambda: isinstance(app.scenes.top, PhrasesControl), 15)
    table = app.scenes.top
    assert isinstance(table, PhrasesControl)
    assert isinstance(table.match, ServerMatch) and table.match.seat == 0
    assert table.seats[2].bot is not None  # the bot the server seated, shown as one
    # a phrase comes in, shown in the player's language
    heard: list[str] = []
    real = app.notify
    app.notify = lambda text, kind="info": (heard.append(text), real(text, kind))
    bia.phrase("good_luck")
    pump_until(app, lambda: "Bia: Good luck" in heard, 10)
    # and one goes out, by the Phrases button and its menu
    assert table.phrases_button is not None
    click_widget(app, table.phrases_button)
    menu = app.scenes.top
    assert isinstance(menu, PhrasesMenu)
    button = next(b for b, p in menu.choices.items() if p == "well_played")
    click_widget(app, button)
    wait(bia, lambda: any(h.id == "well_played" and h.name == "Ana" for h in bia.heard))
    # said too often: refused in words on the table
    for _ in range(5):
        table.served.say("one_moment")
    pump_until(app, lambda: any("moment before" in h for h in heard), 10)


def test_watching_shows_the_public_view_only(app: Any, served: Served) -> None:
    bia = served.player("Bia")
    bia.create("wyr", ["bot:easy", "bot:easy"], SHORT, watchers=True)  # dealt at once
    wait(bia, lambda: bia.created is not None)
    lobby = connect(app, served)
    pump_until(app, lambda: bool(lobby.rows), 10)
    watch = next(b for b, (what, _row) in lobby.row_buttons.items() if what == "watch")
    click_widget(app, watch)
    pump_until(app, lambda: isinstance(app.scenes.top, PhrasesControl), 15)
    table = app.scenes.top
    assert isinstance(table, PhrasesControl)
    match = table.match
    assert isinstance(match, ServerMatch) and match.watching and match.seat is None
    assert table.spectator and table.viewer is None and table.humans == []
    assert table.phrases_button is None  # a watcher says nothing
    # the bots dealt and played before we came: the log tells what came before
    assert len(match.log) > 0 and table.history
    pump(app, 30)
    assert match._view is None and match._legal == []  # never a seat's secrets
    assert match.public_view()


def test_server_and_lobby_screens_by_keys_alone(app: Any, served: Served) -> None:
    app.scenes.push(ServerScene(app, address=served.address, name="Ana"), fade=False)
    pump(app, 2)
    scene = app.scenes.top
    assert isinstance(scene, ServerScene)
    tab_to(app, key_named(f"gui:{id(scene.connect)}"))
    use_focused(app)
    pump_until(app, lambda: isinstance(app.scenes.top, ServerLobby), 15)
    lobby = app.scenes.top
    assert isinstance(lobby, ServerLobby)
    pump(app, 2)
    mine = next(b for b, tab in lobby.tab_buttons.items() if tab == "mine")
    tab_to(app, key_named(f"gui:{id(mine)}"))
    use_focused(app)
    assert lobby.tab == "mine"
    tab_to(app, key_named(f"gui:{id(lobby.create)}"))
    use_focused(app, 4)
    assert isinstance(app.scenes.top, CreateTable)
    key(app, pygame.K_ESCAPE)
    pump(app, 4)
    assert app.scenes.top is lobby
    key(app, pygame.K_ESCAPE)
    pump(app, 4)
    assert isinstance(app.scenes.top, ServerScene)
    assert focused(app) is None or focused(app) is not None  # the ring may rest anywhere


def _seated_at_a_table(app: Any, served: Served) -> tuple[Any, Any]:
    """Ana (the app) at a public table of two with Bia (a plain client), dealt."""
    lobby = connect(app, served)
    lobby.open_create()
    pump(app, 3)
    form = app.scenes.top
    assert isinstance(form, CreateTable)
    del form.rows[2:]
    form.values["turn_limit"] = 2
    form._rebuild()
    click_widget(app, form.start)
    pump_until(app, lambda: isinstance(app.scenes.top, WaitingRoom), 5)
    room = app.scenes.top
    assert isinstance(room, WaitingRoom)
    pump_until(app, lambda: room.match is not None and room.match.seat == 0, 10)
    bia = served.player("Bia")
    theirs = bia.join(table=room.table)
    wait(bia, lambda: theirs.started)
    pump_until(app, lambda: isinstance(app.scenes.top, PhrasesControl), 15)
    return app.scenes.top, bia


def test_a_lost_connection_is_won_back_with_a_hello_and_the_same_seat(
    app: Any, served: Served
) -> None:
    table, _bia = _seated_at_a_table(app, served)
    link = table.served
    old = link.lobby.link
    old.close()  # the network drops
    pump_until(app, lambda: link.lobby.link is not old and link.lobby.greeted, 15)
    pump_until(app, lambda: table.match.seat == 0 and not link.notes(), 10)
    assert not link.lost and table.app.scenes.top is table


def test_your_tables_return_to_a_seat_after_a_restart(app: Any, served: Served) -> None:
    from scenes.main_menu import MainMenu

    table, _bia = _seated_at_a_table(app, served)
    table.served.lobby.link.close()  # the app crashed...
    app.scenes.reset(MainMenu(app))
    pump(app, 3)
    lobby = connect(app, served)  # ...and comes back: the same player id
    mine = next(b for b, tab in lobby.tab_buttons.items() if tab == "mine")
    click_widget(app, mine)
    pump_until(app, lambda: any(what == "return" for what, _r in lobby.row_buttons.values()), 10)
    back = next(b for b, (what, _r) in lobby.row_buttons.items() if what == "return")
    click_widget(app, back)
    pump_until(app, lambda: isinstance(app.scenes.top, PhrasesControl), 15)
    again = app.scenes.top
    assert again.match.seat == 0 and again.match.started


def test_phrases_by_keys_alone(app: Any, served: Served) -> None:
    table, bia = _seated_at_a_table(app, served)
    assert table.phrases_button is not None
    tab_to(app, key_named(f"gui:{id(table.phrases_button)}"))
    use_focused(app)
    menu = app.scenes.top
    assert isinstance(menu, PhrasesMenu)
    gg = next(b for b, p in menu.choices.items() if p == "good_game")
    tab_to(app, key_named(f"gui:{id(gg)}"))
    use_focused(app)
    assert app.scenes.top is table
    wait(bia, lambda: any(h.id == "good_game" for h in bia.heard))
    tab_to(app, key_named(f"gui:{id(table.phrases_button)}"))
    use_focused(app)
    assert isinstance(app.scenes.top, PhrasesMenu)
    key(app, pygame.K_ESCAPE)
    pump(app, 3)
    assert app.scenes.top is table


def test_the_phrases_button_stands_clear_of_the_tables_own_top_buttons(
    app: Any, served: Served
) -> None:
    """War's Objective and Cards sit on the top bar beside Menu: Phrases lay over
    Cards in a real window; it goes left of every button on that bar."""
    lobby = connect(app, served)
    lobby.game = "war"
    lobby.open_create()
    pump(app, 3)
    form = app.scenes.top
    assert isinstance(form, CreateTable) and form.game == "war"
    del form.rows[2:]
    form.values["turn_limit"] = 2
    form._rebuild()
    click_widget(app, form.start)
    pump_until(app, lambda: isinstance(app.scenes.top, WaitingRoom), 5)
    room = app.scenes.top
    assert isinstance(room, WaitingRoom)
    pump_until(app, lambda: room.match is not None and room.match.seat == 0, 10)
    bia = served.player("Bia")
    theirs = bia.join(table=room.table)
    wait(bia, lambda: theirs.started)
    pump_until(app, lambda: isinstance(app.scenes.top, PhrasesControl), 15)
    table = app.scenes.top
    assert table.phrases_button is not None
    others = [
        e.rect
        for e in table.ui.elements
        if isinstance(e, pygame_gui.elements.UIButton) and e is not table.phrases_button
    ]
    assert len(others) >= 4  # Objective, Cards, Menu, >> at least
    assert not any(table.phrases_button.rect.colliderect(r) for r in others)
