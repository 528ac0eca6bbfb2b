"""A joiner's table through the real screens, against a headless host on
127.0.0.1: the join form, the game's own table for our seat, to the end."""

from __future__ import annotations

import io
import threading
from typing import Any

import pytest

from game.net.headless import run_host
from game.net.transport import HostServer
from scenes.online.join import JoinScene, address_with_port
from tests.scenes.conftest import pump
from tests.scenes.online.helpers import pump_until

#: short matches on every table ([R7] turn limits, one Wyrt hand)
SHORT = {
    "wyr": {"turn_limit": 2},
    "wyrt": {"hand_limit": 1},
    "war": {"turn_limit": 4},
    "chama": {"turn_limit": 2},
}


class Host:
    """A headless host on a thread; `port` once it listens."""

    def __init__(self, game: str, seats: str, **kw: Any) -> None:
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.server: HostServer | None = None
        self.out = io.StringIO()
        self.status: int | None = None

        def ready(server: HostServer) -> None:
            self.server = server
            self.ready.set()

        def run() -> None:
            self.status = run_host(
                game,
                seats,
                port=0,
                bind="127.0.0.1",
                seed=5,
                options=SHORT[game],
                code="ACDEFGHJ",
                out=self.out,
                stop=self.stop,
                on_ready=ready,
                **kw,
            )

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert self.ready.wait(10), "the host did not listen"

    @property
    def address(self) -> str:
        assert self.server is not None
        return f"127.0.0.1:{self.server.port}"

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)


@pytest.fixture
def host_for():  # type: ignore[no-untyped-def]
    made: list[Host] = []

    def make(game: str, seats: str = "remote,bot:easy") -> Host:
        made.append(Host(game, seats))
        return made[-1]

    yield make
    for h in made:
        h.close()


def test_an_address_without_a_port_gets_the_default_one() -> None:
    assert address_with_port("192.168.0.5") == "192.168.0.5:47474"
    assert address_with_port(" 10.0.0.2:5000 ") == "10.0.0.2:5000"


@pytest.mark.parametrize("game", sorted(SHORT))
def test_a_joined_seat_plays_a_whole_match_on_the_games_own_table(app, host_for, game) -> None:  # type: ignore[no-untyped-def]
    from scenes.tables import table_class

    host = host_for(game)
    join = JoinScene(app, host.address, "ACDEFGHJ", "Bia", auto=True, autoplay=True)
    app.scenes.push(join, fade=False)
    pump_until(app, lambda: isinstance(app.scenes.top, table_class(game)))
    table = app.scenes.top
    assert table.link is not None and not table.practice
    mine = table.match.seat
    assert table.seats[mine].name == "Bia"
    assert all(s.elsewhere for i, s in enumerate(table.seats) if i != mine)
    pump_until(app, lambda: table.finished, 120)
    assert not app.running  # `join --autoplay` ends with the match
    host.thread.join(20)
    assert host.status == 0 and "match over:" in host.out.getvalue()


def test_a_wrong_code_is_refused_in_words_and_the_form_stays(app, host_for) -> None:  # type: ignore[no-untyped-def]
    from scenes.i18n import tr

    host = host_for("war")
    join = JoinScene(app, host.address, "ZZZZ", "Bia")
    app.scenes.push(join, fade=False)
    pump(app, 2)
    join.start()
    pump_until(app, lambda: bool(join.error), 20)
    assert join.error == tr("net.refused.wrong_code")
    assert app.scenes.top is join and join.values["code"] == "ZZZZ"
    assert not join.busy


def test_a_table_heard_on_the_network_fills_the_address_in(app) -> None:  # type: ignore[no-untyped-def]
    from game.net.lan import LanTable
    from tests.scenes.conftest import click_widget

    join = JoinScene(app)
    app.scenes.push(join, fade=False)
    pump(app)
    assert join.lan_buttons == []
    join.lan.add("x", LanTable("Ana", "war", "192.168.0.5", 47474))
    pump(app, 2)
    assert len(join.lan_buttons) == 1
    click_widget(app, join.lan_buttons[0][0])
    assert join.entries["address"].get_text() == "192.168.0.5:47474"
