"""The app's lobby client and a server's events (issue 47): a real hub on
127.0.0.1, a Chama Swiss event created, joined by three players and started,
each told where to sit; and hostile event messages dropped or cut."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.net.lobby_events import EventsState, parse_event_row, parse_event_view
from game.net.protocol import Message
from tests.scenes.online.serverhub import Served, wait


@pytest.fixture
def served() -> Iterator[Served]:
    s = Served()
    yield s
    s.close()


def test_create_join_start_and_each_entrant_is_told_his_table(served: Served) -> None:
    org = served.player("Org")
    org.events.create(game="chama", format="swiss", seats=4, rounds=2, grace=30)
    wait(org, lambda: bool(org.events.created))
    code = org.events.created
    players = [served.player(n) for n in ("Ana", "Bia", "Caio", "Duda")]
    for p in players:
        p.events.ask()
        wait(p, lambda p=p: any(r.event == code for r in p.events.rows))
        row = next(r for r in p.events.rows if r.event == code)
        assert (row.game, row.format, row.status, row.seats) == ("chama", "swiss", "registering", 4)
        p.events.act("join", code)
        wait(p, lambda p=p: code in p.events.views and p.events.views[code].registered)
    org.events.act("start", code)
    wait(org, lambda: code in org.events.views and bool(org.events.views[code].rounds))
    view = org.events.views[code]
    assert view.organizer and view.head.status == "running" and len(view.entrants) == 4
    for p in players:
        wait(p, lambda p=p: any(n.kind == "table" for n in p.events.news))
        news = next(n for n in p.events.take_news() if n.kind == "table")
        assert news.event == code and news.round == 1 and news.server_table
        assert p.name not in news.opponents and news.opponents
        p.events.view(code)
        wait(
            p,
            lambda p=p: p.events.views.get(code) is not None and bool(p.events.views[code].rounds),
        )
        mine = p.events.views[code].my_table()
        assert mine is not None and mine.server_table == news.server_table
    for c in (org, *players):
        c.link.close()  # type: ignore[attr-defined]


def test_hostile_event_messages_are_dropped_or_cut() -> None:
    sent: list[tuple[str, dict[str, object]]] = []
    state = EventsState(lambda kind, **f: sent.append((kind, f)))
    heard: list[object] = []
    state.on_news = heard.append
    bad_rows = [
        1,
        {"event": "X"},
        {"event": "ABC", "game": "chama", "format": "swiss", "status": "hacked"},
        {"event": "ABC", "game": "chama", "format": "swiss", "status": "running", "seats": 10**12,
         "name": "\x1b[31m" + "n" * 500},
    ]  # fmt: skip
    state.handle(Message("events", {"events": bad_rows}))
    assert len(state.rows) == 1 and state.rows[0].seats == 1000
    assert "\x1b" not in state.rows[0].name and len(state.rows[0].name) <= 60
    assert parse_event_row({"event": "A", "game": "g", "format": "f", "status": "x"}) is None
    view = parse_event_view(
        {
            "event": "ABC", "game": "chama", "format": "swiss", "status": "running",
            "me": True, "entrants_list": [{"number": 1, "name": "Ana"}, "x"],
            "rounds": [{"round": 1, "tables": [{"table": 1, "seats": [{"number": 1}, 7],
                        "result": {"order": [[1], "x"], "source": 3}}]}],
            "standings": [{"name": 5, "points": 10**20, "place": 1, "x": [1]}],
            "bracket": [{"label": "final", "matches": [{"top": 1, "bottom": None}]}],
        }
    )  # fmt: skip
    assert view is not None and view.me is None  # a flag is no entrant number
    assert view.entrants[0].name == "Ana" and len(view.entrants) == 1
    table = view.rounds[0].tables[0]
    assert table.seats == ((1, "?"),) and table.order == ((1,), ()) and table.source == ""
    assert view.standings[0]["points"] == 1_000_000 and "x" not in view.standings[0]
    assert view.bracket[0].matches[0].top == "Ana" and view.bracket[0].matches[0].bottom == ""
    state.handle(Message("event_news", {"event": "ABC", "news": "evil", "data": {"round": "1"}}))
    assert heard and state.news[0].kind == "other" and state.news[0].round == 0
    state.act("format_disk", "ABC")
    assert sent == []  # only the event messages the protocol knows
