"""`LobbyClient` against the real server `Hub` in memory: hello and identity,
list, create, join by id and by code, start with bots, watch, phrases, your
tables, the leaderboard, and a hostile server's messages dropped."""

from __future__ import annotations

import json

from game.net import identities
from game.net.lobby_client import LobbyClient, parse_table
from tests.game import tiny_game  # noqa: F401  -- registers the tiny game "alta"
from tests.game.net.lobbywire import HubWire, Room

URL = "ws://127.0.0.1:1"


def test_hello_issues_an_identity_that_is_kept_and_used_again() -> None:
    room = Room()
    ana = room.client("Ana", URL)
    assert ana.greeted and ana.player
    kept = identities.identity_for(URL)
    assert kept is not None and kept.player == ana.player and kept.name == "Ana"
    again = room.client("Ana B", URL)
    assert again.player == ana.player  # the same player, by the kept secret
    hello = json.loads(again.link.sent[0])  # type: ignore[attr-defined]
    assert hello["player"] == ana.player and hello["secret"] == kept.secret
    assert identities.identity_for(URL).name == "Ana B"  # type: ignore[union-attr]


def test_a_forgotten_identity_is_replaced_once() -> None:
    identities.remember_identity(URL, "pdeadbeef", "nosuchsecret", "Ana")
    room = Room()
    ana = room.client("Ana", URL)
    ana.pump()  # the fresh hello's answer
    assert ana.greeted and ana.player != "pdeadbeef"
    assert identities.identity_for(URL).player == ana.player  # type: ignore[union-attr]


def test_list_create_join_start_and_play_to_the_end() -> None:
    room = Room()
    ana, bia = room.client("Ana", URL), room.client("Bia", "ws://127.0.0.1:2", "10.0.0.2")
    ana.create("alta", ["remote", "remote", "bot:random"], {}, watchers=True)
    ana.pump()
    assert ana.created is not None
    table, code = ana.created
    assert code == ""  # public: no code
    bia.ask_tables()
    bia.pump()
    row = next(r for r in bia.tables if r.table == table)
    assert (row.game, row.seats, row.taken, row.watchers) == ("alta", 3, 1, True)
    mine = ana.join(table=table, seat=0)
    ana.pump()
    assert mine.seat == 0 and mine.token
    theirs = bia.join(table=table)
    bia.pump()
    assert theirs.seat == 1
    assert not mine.started
    ana.start(table)
    room.settle([ana, bia])
    assert mine.started and theirs.started
    for _ in range(400):
        for m in (mine, theirs):
            assert m.seat is not None
            legal = m.legal_actions(m.seat)
            if legal:
                m.apply(m.seat, legal[0])
        room.settle([ana, bia])
        if mine.is_over:
            break
    assert mine.is_over and theirs.is_over
    ana.ask_mine()
    ana.pump()
    assert any(r.table == table for r in ana.mine)
    ana.leaderboard("alta")
    ana.pump()
    assert {r.name for r in ana.ranks["alta"]} >= {"Ana", "Bia"}


def test_private_table_by_code_then_phrases_and_watching_without_secrets() -> None:
    room = Room()
    ana = room.client("Ana", URL)
    bia = room.client("Bia", "ws://127.0.0.1:2", "10.0.0.2")
    eve = room.client("Eve", "ws://127.0.0.1:3", "10.0.0.3")
    ana.create("alta", ["remote", "remote"], {}, private=True, watchers=True)
    ana.pump()
    assert ana.created is not None and ana.created[1]
    table, code = ana.created
    eve.ask_tables()
    eve.pump()
    assert all(r.table != table for r in eve.tables)  # private: not listed
    ana.join(table=table, code=code, seat=0)
    theirs = bia.join(code=code.lower())
    room.settle([ana, bia])
    assert theirs.seat == 1 and theirs.started  # every seat taken: dealt
    bia.phrase("good_luck")
    room.settle([ana, bia])
    heard = ana.take_heard()
    assert [(h.id, h.name) for h in heard] == [("good_luck", "Bia")]
    for _ in range(6):
        bia.phrase("well_played")
    room.settle([ana, bia])
    assert bia.take_refusal() is not None
    watch = eve.watch(table, code)
    room.settle([eve])
    assert watch.game_name == "alta" and watch.seat is None and watch.started
    assert watch._view is None and watch._legal == []  # the public view only
    assert watch.public_view() is not None


def test_a_hostile_server_is_read_with_care() -> None:
    room = Room()
    ana = room.client("Ana", URL)
    wire = ana.link
    assert isinstance(wire, HubWire)
    junk = [
        "not json",
        json.dumps({"t": "tables", "tables": "lots"}),
        json.dumps(
            {
                "t": "tables",
                "tables": [
                    1,
                    {"table": 5},
                    {
                        "table": "t",
                        "game": "alta",
                        "names": ["\u202eevil\u0000", {"name": "Bo", "rating": 12.5}],
                        "seats": 99,
                        "taken": -3,
                        "options": {"k": [1, 2], "n": 3},
                    },
                ]
                + [{}] * 500,
            }
        ),
        json.dumps(
            {"t": "ranks", "game": "alta", "rows": [{"rating": "high"}, {"name": 1, "rating": 3}]}
        ),
        json.dumps({"t": "said", "id": "rude words", "seat": 0, "name": "X"}),
        json.dumps({"t": "greeted", "version": 1, "player": "p", "secret": "a b", "name": "x"}),
        json.dumps({"t": "nonsense"}),
    ]
    wire.inbox.extend(junk)
    ana.pump()
    assert len(ana.tables) == 1
    row = ana.tables[0]
    assert row.seats == 8 and row.taken == 0 and row.options == {"n": 3}
    assert row.names[0] == "evil" or "\u202e" not in row.names[0]
    assert row.ratings[1] == 12.5
    assert [r.name for r in ana.ranks["alta"]] == ["?"]
    assert ana.heard == []
    # a secret that is not one of the server's own is never stored
    assert identities.identity_for(URL).secret != "a b"  # type: ignore[union-attr]


def test_parse_table_of_your_tables_rows() -> None:
    row = parse_table(
        {"table": "t1", "game": "war", "status": "finished", "seats": [2], "replay": True}
    )
    assert row is not None and row.mine == (2,) and row.status == "finished"
    assert parse_table({"game": "war"}) is None
    assert LobbyClient  # the public name exists


def test_watch_by_code_alone_and_a_wrong_code_is_refused() -> None:
    room = Room()
    ana = room.client("Ana", URL)
    eve = room.client("Eve", "ws://127.0.0.1:3", "10.0.0.3")
    ana.create("alta", ["bot:random", "bot:random"], {}, private=True, watchers=True)
    ana.pump()
    assert ana.created is not None
    _table, code = ana.created
    wrong = eve.watch("", "ZZZZ-ZZZZ-ZZZZ")
    room.settle([eve])
    assert wrong.refusal is not None and wrong.refusal[0] == "wrong_code"
    eve.match = None
    watch = eve.watch("", code)
    room.tick(5.0)  # a code's slot after a wrong guess
    room.settle([eve])
    assert watch.game_name == "alta" and watch.seat is None


def test_leaving_a_table_the_server_let_go_sends_nothing() -> None:
    # an event's table is dropped when its match ends ("left"): a "leave" then
    # was refused as "join a table first", said in red on the event's screen
    room = Room()
    ana = room.client("Ana", URL)
    ana.create("alta", ["remote", "bot:random"], {})
    ana.pump()
    assert ana.created is not None
    mine = ana.join(table=ana.created[0], seat=0)
    ana.pump()
    left = {"t": "left", "table": ana.created[0], "reason": "ended"}
    ana.link.inbox.append(json.dumps(left))  # type: ignore[attr-defined]
    ana.pump()
    assert mine.left == "ended"
    sent = len(ana.link.sent)  # type: ignore[attr-defined]
    ana.leave()
    assert ana.match is None and len(ana.link.sent) == sent  # type: ignore[attr-defined]
    ana.join(table=ana.created[0], seat=0)
    ana.pump()
    ana.leave()  # still seated: the server is told
    assert '"leave"' in ana.link.sent[-1]  # type: ignore[attr-defined]
