"""An event's round notice reaches a player who left the server's lobby
(issue 47: "wherever they are: lobby, menu or another screen"): leaving the
lobby while entered in a live event keeps its connection (`scenes.online.standby`),
the main menu says so, the notice comes over the menu or a local match, "Go to
my table" saves that match (after asking) and sits the player at the event's
table over the lobby again; "Play online" takes the kept connection back;
leaving with no live event closes it; a server gone is said once."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game import saves
from game.net.lobby_client import LobbyClient
from game.net.transport import ClientConnection
from scenes.dialogs import ConfirmDialog
from scenes.main_menu import MainMenu
from scenes.online.event_notice import RoundNotice
from scenes.online.server_lobby import ServerLobby
from scenes.online.server_screen import ServerScene
from scenes.online.server_wait import WaitingRoom
from scenes.online.standby import Standby
from scenes.tables import open_table
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from tests.scenes.conftest import click_widget, key, pump
from tests.scenes.online.helpers import pump_until
from tests.scenes.online.serverhub import Served, wait


@pytest.fixture
def served() -> Iterator[Served]:
    s = Served()
    yield s
    s.close()


def in_lobby(app: Any, served: Served, name: str = "Ana") -> ServerLobby:
    """The app at the server's lobby over its form over the main menu."""
    app.scenes.push(MainMenu(app), fade=False)
    app.scenes.push(ServerScene(app, served.address, name), fade=False)
    link = LobbyClient(ClientConnection(served.url), served.url, name, remember=False)
    link.hello()
    wait(link, lambda: link.greeted)
    scene = ServerLobby(app, link, served.address)
    app.scenes.push(scene, fade=False)
    pump(app, 2)
    return scene


def event_with(served: Served, app_lobby: LobbyClient, others: int = 1) -> tuple[Any, str]:
    """An organizer (a plain client) with a 2-round Chama Swiss event the app's
    player and `others` more are entered in; bots play no-shows at once."""
    org = served.player("Org")
    org.events.create(
        game="chama", format="swiss", seats=4, rounds=2, grace=5, no_show="bot", turn_limit=4
    )
    wait(org, lambda: bool(org.events.created))
    code = org.events.created
    for n in range(others):
        served.player(f"P{n}").events.act("join", code)
    app_lobby.events.act("join", code)
    return org, code


def leave_to_menu(app: Any, scene: ServerLobby) -> None:
    """Back from the lobby, then back from the server's form, to the main menu."""
    click_widget(app, scene.back)
    pump_until(app, lambda: isinstance(app.scenes.top, ServerScene), 5)
    click_widget(app, app.scenes.top.back)
    pump_until(app, lambda: isinstance(app.scenes.top, MainMenu), 5)


def entered_then_away(app: Any, served: Served) -> tuple[LobbyClient, Any, str]:
    """The app's player entered in a live event, then back on the main menu."""
    scene = in_lobby(app, served)
    lobby = scene.lobby
    org, code = event_with(served, lobby)
    pump_until(app, lambda: code in lobby.events.live(), 10)
    leave_to_menu(app, scene)
    return lobby, org, code


def test_the_notice_finds_the_player_on_the_main_menu_and_sits_him(
    app: Any, served: Served
) -> None:
    lobby, org, code = entered_then_away(app, served)
    assert isinstance(app.standby, Standby) and not lobby.closed
    pump(app, 3)
    line = app.standby.words(370, 15)
    assert "Chama" in line and "Swiss" in line  # for which event
    org.events.act("start", code)
    pump_until(app, lambda: isinstance(app.scenes.top, RoundNotice), 15)
    assert app.scenes.top.news.kind == "table" and app.scenes.top.news.round == 1
    key(app, pygame.K_RETURN)  # Go to my table
    stack = app.scenes.stack
    assert [type(s) for s in stack[:3]] == [MainMenu, ServerScene, ServerLobby]
    assert isinstance(stack[-1], WaitingRoom) and app.standby is None
    assert stack[2].lobby is lobby  # the same connection, the same identity
    pump_until(app, lambda: isinstance(app.scenes.top, TableScene), 30)
    org.link.close()  # type: ignore[attr-defined]


def test_a_local_match_is_saved_after_asking_then_the_event_table(app: Any, served: Served) -> None:
    lobby, org, code = entered_then_away(app, served)
    seats = [SeatSetup("Ana"), SeatSetup("Bot", "easy")]
    table = open_table(app, "wyr", seats, seed=3, options={})
    app.scenes.push(table, fade=False)
    pump(app, 5)
    org.events.act("start", code)
    pump_until(app, lambda: isinstance(app.scenes.top, RoundNotice), 15)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, ConfirmDialog)  # leaving a match is asked first
    key(app, pygame.K_ESCAPE)  # no: back to the notice, the local match beneath
    pump(app, 2)
    assert isinstance(app.scenes.top, RoundNotice) and isinstance(app.standby, Standby)
    assert app.scenes.stack[-2] is table
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, ConfirmDialog)
    asked = time.time()
    key(app, pygame.K_RETURN)  # yes: saved now, then the event's table
    pump(app, 2)
    assert isinstance(app.scenes.top, WaitingRoom) and app.standby is None
    saved = saves.latest_save()  # the menu's Continue finds it
    assert saved is not None and saved.game == "wyr" and saved.saved_at >= asked
    org.link.close()  # type: ignore[attr-defined]


def test_play_online_takes_the_kept_connection_back(app: Any, served: Served) -> None:
    lobby, org, code = entered_then_away(app, served)
    menu = app.scenes.top
    menu.open("online")
    pump(app, 2)
    assert isinstance(app.scenes.top, ServerLobby) and app.scenes.top.lobby is lobby
    assert isinstance(app.scenes.stack[-2], ServerScene) and app.standby is None
    org.link.close()  # type: ignore[attr-defined]


def test_leaving_with_no_live_event_closes_the_connection(app: Any, served: Served) -> None:
    scene = in_lobby(app, served)
    lobby = scene.lobby
    pump(app, 5)
    leave_to_menu(app, scene)
    assert app.standby is None
    pump_until(app, lambda: lobby.closed, 5)


def test_a_server_gone_is_said_once_and_the_standby_ends(app: Any, served: Served) -> None:
    lobby, org, code = entered_then_away(app, served)
    assert app.standby is not None
    served.server.stop()
    pump_until(app, lambda: app.standby is None, 10)
    said = [(app.toast.text, app.toast.kind)] + [(q[0], q[1]) for q in app.toast.queue]
    lost = [text for text, kind in said if kind == "warn" and "127.0.0.1" in text]
    assert len(lost) == 1  # said once


def test_the_end_of_the_event_opens_the_final_standings_from_anywhere(
    app: Any, served: Served
) -> None:
    from game.net.lobby_events import News
    from scenes.online.event_screen import EventScreen

    lobby, org, code = entered_then_away(app, served)
    app.scenes.push(RoundNotice(app, lobby, News(event=code, kind="finished")), fade=False)
    pump(app, 2)
    notice = app.scenes.top
    assert notice.go is not None and notice.go.text == "See the standings"
    assert notice.later.text == "Close"
    key(app, pygame.K_RETURN)
    pump(app, 2)
    top = app.scenes.top
    assert isinstance(top, EventScreen) and top.code == code and top.section == "standings"
    assert isinstance(app.scenes.stack[0], MainMenu) and app.standby is None
    key(app, pygame.K_ESCAPE)  # back through the lobby's screens
    pump_until(app, lambda: isinstance(app.scenes.top, ServerLobby), 5)
    org.link.close()  # type: ignore[attr-defined]


def test_an_event_screen_under_a_notice_follows_the_news(app: Any, served: Served) -> None:
    from scenes.online.event_screen import EventScreen

    scene = in_lobby(app, served)
    lobby = scene.lobby
    org, code = event_with(served, lobby)
    screen = EventScreen(app, lobby, code)
    app.scenes.push(screen, fade=False)
    pump_until(app, lambda: screen.view is not None and screen.view.registered, 10)
    from game.net.lobby_events import News

    notice = RoundNotice(app, lobby, News(event=code, kind="correction", reason="x"))
    app.scenes.push(notice, fade=False)
    pump(app, 2)
    org.events.act("start", code)  # news come while the screen is covered
    # it asked again: its view is the started event when it is uncovered
    pump_until(app, lambda: screen.view is not None and bool(screen.view.rounds), 10)
    assert app.scenes.top is not screen
    org.link.close()  # type: ignore[attr-defined]


def test_a_notice_over_another_online_match_in_play_asks_before_leaving_it(
    app: Any, served: Served
) -> None:
    from scenes.manager import Scene
    from scenes.online.event_notice import go_to_table

    class OtherTable(Scene):  # another server's table, its match in play
        hosted_elsewhere = True

        def wants_quit_confirmation(self) -> bool:
            return True

    scene = in_lobby(app, served)
    other = OtherTable(app)
    app.scenes.push(other, fade=False)
    go_to_table(app, scene.lobby, "no-such-table")
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog) and "a bot plays your seat" in dialog.message
    key(app, pygame.K_ESCAPE)  # no: that match goes on
    pump(app, 2)
    assert app.scenes.top is other


def test_a_notice_whose_table_was_played_without_us_says_so(app: Any, served: Served) -> None:
    from game.net.lobby_events import News
    from scenes.online.event_notice import tell

    scene = in_lobby(app, served)
    lobby = scene.lobby
    sit = News(event="E", kind="table", round=1, table_no=2, server_table="t1")
    tell(app, lobby, sit)
    pump(app, 2)
    notice = app.scenes.top
    assert isinstance(notice, RoundNotice) and notice.go is not None
    tell(app, lobby, News(event="E", kind="result", round=1, table_no=3))  # another table's
    pump(app, 2)
    assert app.scenes.top is notice and notice.news is sit
    tell(app, lobby, News(event="E", kind="result", round=1, table_no=2))  # ours, done
    pump(app, 2)
    assert notice.news.kind == "result" and notice.go is None and notice.later.text == "Close"
