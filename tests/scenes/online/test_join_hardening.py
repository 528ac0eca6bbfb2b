"""What a player met hosting and joining on screen (the hardening issue, point
6), through the real join screen against a headless host on 127.0.0.1: a
joiner's Save, a restarted joiner taking its seat back, and hostile names on
the screens that draw them."""

from __future__ import annotations

import pytest

from scenes import style
from scenes.i18n import tr
from scenes.online.join import JoinScene
from scenes.pause import PauseMenu
from tests.scenes.conftest import pump
from tests.scenes.online.helpers import pump_until
from tests.scenes.online.test_join_table import Host

RAW_NAMES = ["Eve\ud800", "Eve\x00", "\u200b", "\x1b[2JEve\x07", "Eve\u009b", "\u202eEve", ""]


@pytest.fixture
def war_host():  # type: ignore[no-untyped-def]
    host = Host("war", "remote,bot:easy")
    yield host
    host.close()


def _joined_table(app, host: Host, **values: str):  # type: ignore[no-untyped-def]
    from scenes.tables import table_class

    join = JoinScene(app, **values) if values else JoinScene(app)
    app.scenes.push(join, fade=False)
    pump(app)
    join.start()
    pump_until(app, lambda: isinstance(app.scenes.top, table_class("war")), 30)
    return app.scenes.top


def test_a_joiners_save_says_the_host_keeps_the_match(app, war_host) -> None:  # type: ignore[no-untyped-def]
    table = _joined_table(app, war_host, address=war_host.address, code="ACDEFGHJ", name="Bia")
    pause = PauseMenu(app, table)
    app.scenes.push(pause, fade=False)
    pump(app)
    save = pause.buttons["save"]
    assert not save.is_enabled and save.text == tr("ui.pause.save_host")
    table.save_match("mine")  # it crashed the joiner's app: now it says who keeps it
    assert app.toast.text == tr("ui.pause.save_host_tip")
    assert table.emergency_save() is None  # nor at a shutdown (Ctrl+C, SIGTERM)
    assert table.leave_warning() == tr("ui.table_base.leave_joined")


def test_a_restarted_joiner_takes_its_seat_back(app, war_host) -> None:  # type: ignore[no-untyped-def]
    table = _joined_table(app, war_host, address=war_host.address, code="acde-fghj", name="Bia")
    seat = table.match.seat
    assert war_host.server is not None
    session = war_host.server.session
    assert session.seats[seat].name == "Bia"
    # The app dies: its socket closes without a word, the host keeps the seat.
    table.link.connection._ws.close()  # type: ignore[attr-defined]
    table.link = None
    pump_until(app, lambda: session.seats[seat].status == "reconnecting", 20)
    while app.scenes.top is not None:
        app.scenes.pop(fade=False)
    # A fresh join screen offers what was typed, and takes the same seat back.
    again = _joined_table(app, war_host)
    assert again.match.seat == seat and again.seats[seat].name == "Bia"
    assert session.seats[seat].status == "connected" and session.seats[seat].reconnects == 1


def test_the_join_form_offers_the_last_values(app) -> None:  # type: ignore[no-untyped-def]
    from game.net import tickets

    tickets.remember_form("10.0.0.5:47474", "KMPT-RXCA", "Bia")
    join = JoinScene(app)
    app.scenes.push(join, fade=False)
    pump(app)
    assert [join.entries[k].get_text() for k in ("address", "code", "name")] == [
        "10.0.0.5:47474",
        "KMPT-RXCA",
        "Bia",
    ]


@pytest.mark.parametrize("raw", RAW_NAMES)
def test_drawing_any_text_never_raises(app, raw: str) -> None:  # type: ignore[no-untyped-def]
    style.render_text(raw, 18)
    style.render_text(raw + "♠", 18, shadow=style.BLACK, max_width=40)
    style.text_width(raw, 18)
    style.wrap_text(raw + " " + raw, 18, 60)
    style.fit_text(raw * 3, 18, 30)
    style.blit_text(app.screen, raw, 18, (0, 0))


def test_hostile_names_through_the_real_lobby_and_the_table(app) -> None:  # type: ignore[no-untyped-def]
    """Names that crashed the host's lobby and every table drawing them, sent as
    a hand-written client sends them (escaped): cleaned, distinct, drawn."""
    import json

    from websockets.sync.client import connect

    from game.net.protocol import PROTOCOL_VERSION
    from scenes.main_menu import MainMenu
    from scenes.online.lobby import open_lobby
    from scenes.tables import table_class
    from scenes.tables.face import SeatSetup

    app.scenes.push(MainMenu(app), fade=False)
    seats = [SeatSetup("Ana"), SeatSetup("?", elsewhere=True), SeatSetup("?", elsewhere=True)]
    lobby = open_lobby(app, "war", seats, {"turn_limit": 4}, bind="127.0.0.1", port=0)
    app.scenes.push(lobby, fade=False)
    pump(app, 2)
    socks = []
    for raw in ("\u202eEve\x00", "Eve\ud800\u200b"):
        ws = connect(f"ws://127.0.0.1:{lobby.port}", proxy=None, open_timeout=10).__enter__()
        join = {"t": "join", "version": PROTOCOL_VERSION, "code": lobby.session.code}
        ws.send(json.dumps({**join, "name": raw}, ensure_ascii=True))
        socks.append(ws)
        joined = len(socks)

        def seated(n: int = joined) -> bool:
            connected = [st for st in lobby.status if st.get("status") == "connected"]
            return lobby.handed_off or len(connected) >= n

        pump_until(app, seated, 20)
        pump(app, 2)  # the lobby draws the name
    pump_until(app, lambda: isinstance(app.scenes.top, table_class("war")), 20)
    table = app.scenes.top
    pump(app, 5)  # the table draws every seat: plates, log, status line
    assert [s.name for s in table.seats] == ["Ana", "Eve", "Eve (2)"]
    for ws in socks:
        ws.close()
