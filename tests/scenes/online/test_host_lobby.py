"""The host's lobby and table through the real screens, with joiners on
127.0.0.1: the new-match screen's "Remote player", seats filled by joiners or
handed to a bot, the game's own table over the session's match, and what a
joiner is sent (only its seat's secrets)."""

from __future__ import annotations

import io
import json
import threading
import time

from game.net.bot_client import run_join
from game.registry import make_bot
from game.rng import Rng
from scenes.main_menu import MainMenu
from scenes.online.lobby import HostLobby, open_lobby
from scenes.tables.face import SeatSetup
from tests.scenes.conftest import click_widget, pump
from tests.scenes.online.helpers import person_plays, pump_until


def _lobby(app, game, seats, options):  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    lobby = open_lobby(app, game, seats, options, bind="127.0.0.1", port=0)
    app.scenes.push(lobby, fade=False)
    pump(app, 2)
    return lobby


def test_a_friend_joins_the_lobby_and_both_play_a_whole_match(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.tables import table_class

    seats = [SeatSetup("Ana"), SeatSetup("?", elsewhere=True), SeatSetup("Borin", "easy")]
    lobby = _lobby(app, "war", seats, {"turn_limit": 6})
    assert lobby.addresses == [f"127.0.0.1:{lobby.port}"]
    out = io.StringIO()
    joiner: dict[str, int] = {}

    def join() -> None:
        joiner["status"] = run_join(
            f"127.0.0.1:{lobby.port}", name="Bia", code=lobby.session.code, out=out
        )

    thread = threading.Thread(target=join, daemon=True)
    thread.start()
    pump_until(app, lambda: isinstance(app.scenes.top, table_class("war")))
    table = app.scenes.top
    assert [s.name for s in table.seats] == ["Ana", "Bia", "Borin"]
    assert table.seats[1].elsewhere and table.humans == [0] and table.bot_ids == {2: "easy"}
    pump_until(app, person_plays(table, "war"), 120)
    thread.join(20)
    assert joiner.get("status") == 0 and "match over:" in out.getvalue()


def test_an_empty_seat_handed_to_a_bot_starts_the_match(app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSetup("Ana"), SeatSetup("?", elsewhere=True)]
    lobby = _lobby(app, "chama", seats, {"turn_limit": 2})
    assert isinstance(app.scenes.top, HostLobby)
    lobby.hand_to_bot(1)
    pump_until(app, lambda: not isinstance(app.scenes.top, HostLobby), 20)
    table = app.scenes.top
    assert table.bot_ids.get(1) and not table.seats[1].elsewhere
    assert table.link is not None and table.match is lobby.session.match


def test_the_life_cassino_is_refused_online_in_words(app) -> None:  # type: ignore[no-untyped-def]
    import pytest

    from scenes.i18n import tr

    with pytest.raises(ValueError, match=tr("online.lobby.offline_only")[:20]):
        open_lobby(
            app,
            "wyrt",
            [SeatSetup("Ana"), SeatSetup("?", elsewhere=True)],
            {"mode": "life_cassino"},
            bind="127.0.0.1",
            port=0,
        )


def test_closing_the_lobby_stops_listening(app) -> None:  # type: ignore[no-untyped-def]
    from game.net.transport import ClientConnection

    lobby = _lobby(app, "war", [SeatSetup("Ana"), SeatSetup("?", elsewhere=True)], {})
    port = lobby.port
    lobby.ask_close()  # nobody joined: no question
    pump(app, 3)
    assert app.scenes.top is not lobby
    try:
        ClientConnection(f"ws://127.0.0.1:{port}", open_timeout=1.0).close()
    except OSError:
        return
    raise AssertionError("the closed table still listens")


def test_a_remote_seat_on_the_new_match_screen_opens_the_lobby(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """ "Remote player" is a seat kind (not in practice: no aids online); a match
    with one opens the lobby instead of the table."""
    from functools import partial

    import scenes.online.lobby as lobby_module
    from scenes.new_match import REMOTE, NewMatchScene

    monkeypatch.setattr(
        lobby_module, "open_lobby", partial(lobby_module.open_lobby, bind="127.0.0.1", port=0)
    )
    app.scenes.push(MainMenu(app), fade=False)
    nm = NewMatchScene(app, "war")
    app.scenes.push(nm, fade=False)
    pump(app)
    kinds = [k for _t, k in nm.row_widgets[1]["kind"].options_list]  # type: ignore[attr-defined]
    assert REMOTE in kinds
    nm.rows[1]["kind"] = REMOTE
    nm._rebuild()
    nm.start_match()
    pump(app, 20)
    assert isinstance(app.scenes.top, HostLobby)
    app.scenes.top.close()
    practice = NewMatchScene(app, "war", practice=True)
    app.scenes.push(practice, fade=False)
    pump(app)
    kinds = [k for _t, k in practice.row_widgets[1]["kind"].options_list]  # type: ignore[attr-defined]
    assert REMOTE not in kinds


def test_a_joiner_gone_past_the_grace_time_is_offered_to_a_bot(app) -> None:  # type: ignore[no-untyped-def]
    """The others see "waiting for Bia (reconnecting…)"; after the grace time the
    host is asked, and a bot takes the seat so the table goes on to the end."""
    from game.net.remote_match import RemoteMatch
    from game.net.transport import ClientConnection
    from scenes.dialogs import ConfirmDialog
    from scenes.i18n import tr
    from scenes.tables import table_class

    seats = [SeatSetup("Ana"), SeatSetup("?", elsewhere=True)]
    lobby = _lobby(app, "war", seats, {"turn_limit": 4})
    lobby.session.grace = 0.3
    link = ClientConnection(f"ws://127.0.0.1:{lobby.port}")
    bia = RemoteMatch(link, name="Bia", code=lobby.session.code)
    bia.join()
    pump_until(app, lambda: isinstance(app.scenes.top, table_class("war")))
    table = app.scenes.top
    link.close()
    pump_until(app, lambda: tr("online.table.reconnecting", name="Bia") in table.to_act_note())
    pump_until(app, lambda: isinstance(app.scenes.top, ConfirmDialog), 20)
    click_widget(app, app.scenes.top.yes)
    assert table.bot_ids.get(1) and not table.seats[1].elsewhere
    pump_until(app, person_plays(table, "war"), 120)


def test_a_host_who_leaves_tells_every_joiner_and_keeps_the_match(app) -> None:  # type: ignore[no-untyped-def]
    from game import saves
    from game.net.remote_match import RemoteMatch
    from game.net.transport import ClientConnection
    from game.war.records import Attack, EndAttacks
    from scenes.tables import table_class

    lobby = _lobby(app, "war", [SeatSetup("Ana"), SeatSetup("?", elsewhere=True)], {})
    link = ClientConnection(f"ws://127.0.0.1:{lobby.port}")
    bia = RemoteMatch(link, name="Bia", code=lobby.session.code)
    bia.join()
    pump_until(app, lambda: isinstance(app.scenes.top, table_class("war")))
    table = app.scenes.top
    bot, rng = make_bot("war", "easy"), Rng("bia")
    # (the deal is secret, so either may move first: Ana plays until the table
    # has autosaved at least once, then waits for her turn)
    ana_plays = person_plays(table, "war")

    def ana_to_decide() -> bool:  # Bia plays her turns from "her machine"
        for text in link.poll():
            bia.handle_text(text)
        if bia.seat in bia.to_move and bia.legal_actions(1):
            # she never attacks: with two seats a bot's first turn can meet a
            # 24-territory objective and end the match before Ana leaves it
            action = bot.choose(bia.view(1), bia.legal_actions(1), rng)
            bia.apply(1, EndAttacks() if isinstance(action, Attack) else action)
        path = saves.autosave_path("war")
        if not path.exists():
            ana_plays()
            return False
        table.autosaver.wait()
        saved = len(json.loads(path.read_text(encoding="utf-8"))["actions"])
        return table.human_to_act() == 0 and saved == len(table.match.log)

    pump_until(app, ana_to_decide)
    app.settings.confirm_quit = False
    table.quit_to_menu()
    pump(app, 20)
    assert isinstance(app.scenes.top, MainMenu)
    end = time.monotonic() + 10
    while not bia.host_closed and time.monotonic() < end:
        for text in link.wait(0.2):
            bia.handle_text(text)
    assert bia.host_closed
    kept = saves.load_save(saves.autosave_path("war"))
    assert kept.seats == table.match.seats and len(kept.log) == len(table.match.log)
