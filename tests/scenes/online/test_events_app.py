"""Online events in the app (issue 47) against a real server on 127.0.0.1: the
lobby's Events tab, the organizer's form, registration seen live, removing an
entrant only after a confirmation, a correction's reason; then a Chama Swiss
event whose round notice appears over the lobby, "Go to my table" by the
keyboard, the app's player at the served table, round 2 paired and the
standings updated. The other entrants are plain clients (bots play the seats
of those who never sit down, after the grace time)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.net.lobby_client import LobbyClient
from game.net.transport import ClientConnection
from scenes.dialogs import ConfirmDialog
from scenes.online.event_create import CreateEvent
from scenes.online.event_notice import RoundNotice
from scenes.online.event_screen import EventScreen
from scenes.online.server_lobby import ServerLobby
from scenes.tables.base import TableScene
from tests.scenes.conftest import click_widget, key, pump
from tests.scenes.online.helpers import person_plays, pump_until
from tests.scenes.online.serverhub import Served, wait


@pytest.fixture
def served() -> Iterator[Served]:
    s = Served()
    yield s
    s.close()


def lobby_of(app: Any, served: Served, name: str = "Ana") -> ServerLobby:
    """The app in the server's lobby, on the Events tab."""
    link = LobbyClient(ClientConnection(served.url), served.url, name, remember=False)
    link.hello()
    wait(link, lambda: link.greeted)
    scene = ServerLobby(app, link, served.address)
    app.scenes.push(scene, fade=False)
    pump(app, 2)
    tab = next(b for b, t in scene.tab_buttons.items() if t == "events")
    click_widget(app, tab)
    assert scene.tab == "events"
    return scene


def create(app: Any, scene: ServerLobby, **values: str) -> EventScreen:
    """The organizer's form filled and sent; its event's screen."""
    click_widget(app, scene.create)
    pump_until(app, lambda: isinstance(app.scenes.top, CreateEvent), 5)
    form = app.scenes.top
    assert "chama" in [form.values["game"]] and len(form.menus) == 13  # Chama: double points too
    form.values.update(values)
    click_widget(app, form.go)
    pump_until(app, lambda: isinstance(app.scenes.top, EventScreen), 10)
    screen = app.scenes.top
    pump_until(app, lambda: screen.view is not None, 10)
    return screen


def test_events_tab_form_registration_remove_and_refusal(app: Any, served: Served) -> None:
    scene = lobby_of(app, served)
    assert scene.code_watch.visible is False  # an event is opened by code, not watched
    screen = create(app, scene, seats="4", format="swiss")
    code = screen.code
    assert screen.view is not None and screen.view.organizer
    assert "register" in screen.actions.values() and "start_now" in screen.actions.values()
    bia, caio = served.player("Bia"), served.player("Caio")
    for c in (bia, caio):
        c.events.act("join", code)
    pump_until(app, lambda: screen.view is not None and len(screen.view.entrants) == 2, 10)
    # remove asks first; No keeps him
    remove = next(b for b, (w, e) in screen.row_buttons.items() if e.name == "Caio")
    click_widget(app, remove)
    assert isinstance(app.scenes.top, ConfirmDialog)
    key(app, pygame.K_ESCAPE)
    pump(app, 2)
    assert len(screen.view.entrants) == 2
    remove = next(b for b, (w, e) in screen.row_buttons.items() if e.name == "Caio")
    click_widget(app, remove)
    key(app, pygame.K_RETURN)
    pump_until(app, lambda: [e.name for e in screen.view.entrants] == ["Bia"], 10)  # type: ignore[union-attr]
    wait(caio, lambda: any(n.kind == "removed" for n in caio.events.news))
    # a refusal is said in words: Bia cannot register twice
    bia.events.act("join", code)
    wait(bia, lambda: bia.refusal is not None)
    assert bia.refusal[0] == "already_registered"  # type: ignore[index]
    key(app, pygame.K_3)  # the sections by number keys
    assert screen.section == "standings"
    key(app, pygame.K_ESCAPE)
    pump_until(app, lambda: app.scenes.top is scene, 5)
    pump_until(app, lambda: any(r.event == code for r in scene.rows), 10)
    row = next(r for r in scene.rows if r.event == code)
    assert row.mine and row.entrants == 1 and row.format == "swiss"
    for c in (bia, caio):
        c.link.close()  # type: ignore[attr-defined]


def test_round_notice_go_to_my_table_round_two_and_standings(app: Any, served: Served) -> None:
    scene = lobby_of(app, served)
    # a short Chama (4 turns: the table score decides) so the whole event fits a
    # loaded two-core run; the bounds below are bounds, not budgets
    screen = create(app, scene, seats="4", rounds="2", no_show="bot", grace="5", turn_limit="4")
    code = screen.code
    others = [served.player(n) for n in ("Bia", "Caio", "Duda")]
    for c in others:
        c.events.act("join", code)
    click_widget(app, next(b for b, a in screen.actions.items() if a == "register"))
    pump_until(app, lambda: screen.view is not None and len(screen.view.entrants) == 4, 10)
    key(app, pygame.K_ESCAPE)  # back to the lobby: the notice finds us there
    pump_until(app, lambda: app.scenes.top is scene, 5)
    scene.lobby.events.act("start", code)
    pump_until(app, lambda: isinstance(app.scenes.top, RoundNotice), 15)
    notice = app.scenes.top
    assert notice.news.kind == "table" and notice.news.round == 1 and notice.go is not None
    key(app, pygame.K_RETURN)  # Go to my table
    pump_until(app, lambda: isinstance(app.scenes.top, TableScene), 30)  # bots sit for no-shows
    table = app.scenes.top
    pump_until(app, person_plays(table, "chama"), 150)
    # round 2 paired: the notice comes over the finished table
    pump_until(  # the victory screen is over the table: the lobby beneath still reads
        app, lambda: isinstance(app.scenes.top, RoundNotice) and app.scenes.top.news.round == 2, 150
    )
    view = scene.lobby.events.views[code]
    key(app, pygame.K_ESCAPE)
    scene.lobby.events.view(code)
    pump_until(app, lambda: len(scene.lobby.events.views[code].rounds) == 2, 10)
    view = scene.lobby.events.views[code]
    assert view.rounds[0].tables and all(t.done for t in view.rounds[0].tables)
    points = [row.get("points") for row in view.standings]
    assert len(points) == 4 and any(isinstance(p, int) and p > 0 for p in points)
    for c in others:
        c.link.close()  # type: ignore[attr-defined]
