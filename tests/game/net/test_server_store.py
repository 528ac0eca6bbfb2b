"""What a server keeps across a restart (issue 46): tables in progress come back
from their stored action logs and every player takes their seat again with
their token; each action is stored before its state is sent; the schema has a
version."""

from __future__ import annotations

import json
from pathlib import Path

from game.net.server.store import SCHEMA_VERSION, Store
from tests.game.net.serverlink import Client, Net, play


def _half_play(net: Net, clients: list[Client], moves: int) -> None:
    for _ in range(moves):
        for c in clients:
            c.act_first()
        net.tick()


def test_a_restart_in_the_middle_of_several_tables_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "server.sqlite3"
    net = Net(path)
    tables: dict[str, list[tuple[Client, str, int]]] = {}
    logs: dict[str, int] = {}
    for i in range(3):
        players = [net.client(f"P{i}{k}", f"10.0.{i}.{k}") for k in range(2)]
        table = players[0].create("alta", ["remote", "remote", "bot:random"], options={"hand": 5})
        for c in players:
            c.join(table)
        _half_play(net, players, 2)
        tables[table] = [
            (c, c.last("welcome")["token"], c.last("welcome")["seat"]) for c in players
        ]
    for table in tables:
        match = net.hub.tables[table].session.match
        assert match is not None and not match.is_over
        logs[table] = len(match.log)
        # the state each player holds was sent after its actions were stored
        stored = net.store.db.execute(
            "SELECT COUNT(*) FROM actions WHERE table_id = ?", (table,)
        ).fetchone()[0]
        assert stored == logs[table]
    fingerprints = {t: net.hub.tables[t].session.match.fingerprint() for t in tables}  # type: ignore[union-attr]
    net.store.close()  # the server stops (or is killed: every commit is already there)

    again = Net(path)
    assert set(again.hub.tables) == set(tables)
    for table in tables:
        t = again.hub.tables[table]
        assert t.session.match is not None
        assert len(t.session.match.log) == logs[table]
        assert t.session.match.fingerprint() == fingerprints[table]
        assert [s.status for s in t.session.seats[:2]] == ["reconnecting", "reconnecting"]
    for table, seats in tables.items():
        back = []
        for old, token, seat in seats:
            c = again.client(old.last("greeted")["name"], f"10.1.0.{seat}")
            c.join(table, token=token)
            assert c.last("welcome")["seat"] == seat
            assert c.msgs("history") and c.last("state")["log_len"] >= logs[table]
            back.append(c)
        play(again, back)
        assert back[0].last("state")["is_over"]
    rows = again.store.db.execute("SELECT status FROM tables").fetchall()
    assert rows == [("finished",)] * 3


def test_a_wrong_or_used_token_does_not_take_a_restored_seat(tmp_path: Path) -> None:
    path = tmp_path / "server.sqlite3"
    net = Net(path)
    ana, bia = net.client("Ana"), net.client("Bia", "10.0.0.2")
    table = ana.create()
    ana.join(table)
    bia.join(table)
    net.store.close()
    again = Net(path)
    thief = again.client("Eve", "10.6.6.6")
    thief.join(table, token="x" * 32)
    assert thief.refused() == "bad_token"
    assert not thief.msgs("welcome")


def test_seat_tokens_and_player_secrets_are_stored_as_hashes(tmp_path: Path) -> None:
    path = tmp_path / "server.sqlite3"
    net = Net(path)
    ana, bia = net.client("Ana"), net.client("Bia", "10.0.0.2")
    table = ana.create()
    ana.join(table)
    bia.join(table)
    text = path.read_bytes() + (tmp_path / "server.sqlite3-wal").read_bytes()
    for c in (ana, bia):
        assert c.last("welcome")["token"].encode() not in text
        assert c.last("greeted")["secret"].encode() not in text
    seats = json.loads(net.store.db.execute("SELECT seats FROM tables").fetchone()[0])
    assert all(len(s["token"]) == 64 for s in seats)


def test_the_store_has_a_schema_version(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    assert store.db.execute("SELECT version FROM schema").fetchone() == (SCHEMA_VERSION,)
    store.close()
    again = Store(tmp_path / "s.sqlite3")  # opening twice migrates nothing
    assert again.db.execute("SELECT COUNT(*) FROM schema").fetchone() == (1,)
