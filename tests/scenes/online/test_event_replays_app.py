"""An online event's rounds and replays in the app (issue 47), against a real
server on 127.0.0.1: a tiny Chama Swiss event of four bots (4 turns), run by
the app's player, plays out; the Round section
opens on the last round, browses back to round 1 by button and by PageUp, and
a table's Replay button fetches that match and opens the replay viewer on its
game; a stranger's screen offers no Replay button."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.net import transport
from game.net.lobby_client import LobbyClient
from game.net.transport import ClientConnection
from scenes.online.event_screen import EventScreen
from scenes.replay import ReplayMixin
from tests.scenes.conftest import click_widget, key, pump
from tests.scenes.online.helpers import pump_until
from tests.scenes.online.serverhub import Served, wait


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    # the server's bots answer once a tick: a quicker tick plays the event in seconds
    monkeypatch.setattr(transport, "TICK_SECONDS", 0.02)
    s = Served()
    yield s
    s.close()


def played_event(served: Served, name: str = "Ana") -> tuple[LobbyClient, str]:
    """The organizer's link (the app's player) and the code of a finished
    two-round event of four bots (the server tests cover entrants' replays)."""
    link = LobbyClient(ClientConnection(served.url), served.url, name, remember=False)
    link.hello()
    wait(link, lambda: link.greeted)
    link.events.create(game="chama", format="swiss", seats=4, rounds=2, fill_bots=4, turn_limit=4)
    wait(link, lambda: bool(link.events.created))
    code = link.events.created
    link.events.act("start", code)
    end = time.monotonic() + 60  # four bots: every table is played at once
    while time.monotonic() < end:
        link.events.view(code)  # asked four times a second: no flood
        wait(link, lambda: True)
        view = link.events.views.get(code)
        if view is not None and view.head.status == "finished":
            return link, code
        time.sleep(0.25)
    raise AssertionError("the event did not finish in time")


def buttons(screen: EventScreen, what: str) -> list[Any]:
    return [b for b, (w, _) in screen.row_buttons.items() if w == what]


def test_rounds_browse_back_and_a_replay_opens_on_its_game(app: Any, served: Served) -> None:
    link, code = played_event(served)
    screen = EventScreen(app, link, code)
    app.scenes.push(screen, fade=False)
    pump_until(app, lambda: screen.view is not None, 10)
    key(app, pygame.K_2)
    assert screen.section == "round"
    pump(app, 2)
    view = screen.view
    assert view is not None and len(view.rounds) == 2
    assert screen.rounds.shown(view) is view.rounds[-1]  # opens on the latest round
    nxt = buttons(screen, "next")[0]
    assert not nxt.is_enabled
    click_widget(app, buttons(screen, "prev")[0])
    pump(app, 2)
    assert screen.rounds.shown(view) is view.rounds[0]
    assert not buttons(screen, "prev")[0].is_enabled
    key(app, pygame.K_PAGEDOWN)  # and on again by the keys
    pump(app, 2)
    assert screen.rounds.number is None  # on the latest: new rounds are followed
    key(app, pygame.K_PAGEUP)
    pump(app, 2)
    assert screen.rounds.number == view.rounds[0].round
    replays = buttons(screen, "replay")
    assert len(replays) == 2  # both duels of round 1, each its own match
    table = screen.row_buttons[replays[-1]][1]
    assert table == view.rounds[0].tables[-1].replays[-1]
    click_widget(app, replays[-1])
    assert screen.fetch.table == table or isinstance(app.scenes.top, ReplayMixin)
    pump_until(app, lambda: isinstance(app.scenes.top, ReplayMixin), 20)
    viewer = app.scenes.top
    assert viewer.match.game_name == "chama" and viewer.replay_actions
    doc = served.store.replay(table)
    assert doc is not None and viewer.replay_doc["seed"] == doc["seed"]
    # the event's bots are told as bots on the viewer's plates
    assert [p["bot"] for p in viewer.replay_doc["meta"]["players"]] == ["easy", "easy"]
    key(app, pygame.K_ESCAPE)
    pump_until(app, lambda: app.scenes.top is screen, 10)
    # a stranger sees the rounds but no Replay button
    eve = served.player("Eve")
    other = EventScreen(app, eve, code)
    app.scenes.push(other, fade=False)
    pump_until(app, lambda: other.view is not None, 10)
    key(app, pygame.K_2)
    pump(app, 2)
    assert buttons(other, "prev") and not buttons(other, "replay")
    for c in (link, eve):
        c.link.close()  # type: ignore[attr-defined]
