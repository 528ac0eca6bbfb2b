"""The host's own table shows what happened, once: with bots on the host and a
joiner on 127.0.0.1, every event of the match is played on the host's screen
exactly once and in order, for every game; the Wyrt felt's stacks, bets and
pots equal the match's whenever nothing moves (a host-side bot's call was
counted twice); and the host's save of an online match reopens with the seat
played from afar given to a bot, in words."""

from __future__ import annotations

import io
import threading
from pathlib import Path
from typing import Any

import pytest

from game.net.bot_client import run_join
from scenes.main_menu import MainMenu
from scenes.online.lobby import open_lobby
from scenes.tables.face import SeatSetup
from scenes.tables.table_log import replay_events
from tests.scenes.conftest import pump
from tests.scenes.online.helpers import person_plays, pump_until

SHORT = {
    "wyr": {"turn_limit": 2},
    "wyrt": {"hand_limit": 2},
    "war": {"turn_limit": 4},
    "chama": {"turn_limit": 2},
}
BOT = {"wyr": "easy", "wyrt": "cliente_casual", "war": "easy", "chama": "easy"}


def _hosted(app: Any, game: str) -> tuple[Any, threading.Thread]:
    """The host's table (Ana here, Bia joining from "her machine", a host bot)."""
    from scenes.tables import table_class

    app.scenes.push(MainMenu(app), fade=False)
    seats = [SeatSetup("Ana"), SeatSetup("?", elsewhere=True), SeatSetup("Borin", BOT[game])]
    lobby = open_lobby(app, game, seats, SHORT[game], bind="127.0.0.1", port=0)
    app.scenes.push(lobby, fade=False)
    pump(app, 2)
    joiner = threading.Thread(
        target=run_join,
        args=(f"127.0.0.1:{lobby.port}",),
        kwargs={"name": "Bia", "code": lobby.session.code, "out": io.StringIO()},
        daemon=True,
    )
    joiner.start()
    pump_until(app, lambda: isinstance(app.scenes.top, table_class(game)))
    return app.scenes.top, joiner


@pytest.mark.parametrize("game", sorted(SHORT))
def test_the_host_table_plays_every_event_once_in_order(app, game: str) -> None:  # type: ignore[no-untyped-def]
    table, joiner = _hosted(app, game)
    played: list[dict[str, Any]] = []
    real_play = table.play_event

    def spy(event: Any) -> None:
        played.append(event.to_dict())
        real_play(event)

    table.play_event = spy
    pump_until(app, person_plays(table, game), 120)
    joiner.join(20)
    told = [e.to_dict() for e in replay_events(table.match)]
    assert played == told


def test_the_wyrt_felt_equals_the_match_whenever_it_rests(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.tables.wyrt.shown import Shown

    table, joiner = _hosted(app, "wyrt")
    drift: list[tuple[Any, ...]] = []
    real_settle = table._settle

    def checked() -> None:
        view = table.view()
        if view["phase"] in ("betting", "straddle"):
            fresh, shown = Shown.from_view(view), table.shown
            mine = (shown.stacks, shown.bets, shown.pot_total(), [p.amount for p in shown.pots()])
            truth = (fresh.stacks, fresh.bets, fresh.pot_total(), [p.amount for p in fresh.pots()])
            if mine != truth:
                drift.append((len(table.match.log), mine, truth))
        real_settle()

    table._settle = checked
    pump_until(app, person_plays(table, "wyrt"), 120)
    joiner.join(20)
    assert not drift, drift[:3]


def test_a_hosts_save_reopens_with_the_far_seat_played_by_a_bot(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.i18n import tr
    from scenes.tables.reopen import open_save

    table, joiner = _hosted(app, "war")
    table.save_match("online")
    assert table.saved_path
    app.toast.clear()
    table.link.close()  # the host leaves: Bia's client ends
    joiner.join(20)
    again = open_save(app, Path(table.saved_path))
    assert again is not None
    assert again.seats[1].name == "Bia" and again.seats[1].bot == "normal"
    assert again.humans == [0]  # no curtain "Pass to Bia": one person at this screen
    assert app.toast.text == tr("online.table.resumed_by_bot", name="Bia")


def test_the_hosts_pots_and_seats_follow_a_language_switch(app) -> None:  # type: ignore[no-untyped-def]
    """The host's own Wyrt table, a joiner playing: after a switch to Portuguese
    the pots' captions and the bots' seat tags are Portuguese at once."""
    from scenes.i18n import tr
    from scenes.tables.wyrt.shown import Shown

    table, joiner = _hosted(app, "wyrt")
    step = person_plays(table, "wyrt")

    def pot_on_table() -> bool:
        step()
        return bool(table.pots.pots) and not table.events and not table.tweens.busy

    pump_until(app, pot_on_table, 60)
    app.set_language("pt")
    pump(app, 2)
    captions = {caption for _amount, caption in table.pots.pots}
    portuguese = {tr("wyrttable.pot"), tr("wyrttable.main_pot")}
    portuguese |= {tr("wyrttable.side_pot", n=n) for n in range(1, 8)}
    assert captions and captions <= portuguese, captions
    view = table.view()
    subtitles = [table.plate_info(s, view).subtitle for s in range(3)]
    assert tr("wyrt.bots.cliente_casual") in subtitles[2], subtitles  # the host's bot
    assert isinstance(table.shown, Shown)
    table.link.close()
    joiner.join(20)
