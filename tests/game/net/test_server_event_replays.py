"""Who may fetch a finished event table's replay (issue 47): every person
registered in the event and its organizer, not only the players who sat there;
a stranger is refused as before, a table outside any event stays its players'
own, and all of it holds after a server restart (the event's `played` tables
come back from SQLite). Sans-IO: a hub, its clock and in-memory clients."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.net.protocol import PROTOCOL_VERSION
from game.net.server import lobby
from game.net.server.store import Store
from tests.game.net.eventlink import view
from tests.game.net.serverlink import Client, Net, play

SETTINGS: dict[str, Any] = {"rounds": 2, "turn_limit": 2, "options": {"hand": 3}}


def _round_one_played(net: Net) -> tuple[Client, str, dict[str, Client]]:
    """A Swiss event of four people whose round 1 bots played out (nobody sat)."""
    org = net.client("Org", "10.0.0.9")
    org.send(
        "event_create", game="alta", format="swiss", seats=4, grace=10, no_show="bot", **SETTINGS
    )
    code = str(org.last("event_created")["event"])
    people = {}
    for i, name in enumerate(("Ana", "Bia", "Cid", "Dan")):
        c = net.client(name, f"10.1.0.{i + 1}")
        c.send("event_join", event=code)
        people[name] = c
    org.send("event_start", event=code)
    net.tick(11.0)  # the grace time: bots take every seat
    net.tick(1.0, times=10)
    tables = view(org, code)["rounds"][0]["tables"]
    assert all(t["result"] is not None and t["replays"] for t in tables)
    return org, code, people


def _not_at(v: dict[str, Any], name: str) -> str:
    """A round-1 table (its finished server table) that `name` did not sit at."""
    for t in v["rounds"][0]["tables"]:
        if name not in [s["name"] for s in t["seats"]]:
            return str(t["replays"][-1])
    raise AssertionError(f"{name} sits at every table")


def _ask(net: Net, c: Client, table: str) -> dict[str, Any]:
    """Ask for a replay (after the per-connection wait): the answer or the refusal."""
    net.tick(lobby.REPLAY_EVERY)
    before = len(c.inbox)
    c.send("replay", table=table)
    new = c.inbox[before:]
    assert new, "no answer"
    return new[-1]


def test_entrants_and_the_organizer_get_any_table_s_replay_strangers_do_not() -> None:
    net = Net()
    org, code, people = _round_one_played(net)
    v = view(org, code)
    other = _not_at(v, "Ana")
    got = _ask(net, people["Ana"], other)
    assert got["t"] == "replay" and got["table"] == other
    doc = got["doc"]
    assert doc["game"] == "alta" and doc["actions"] and "Ana" not in doc["seats"]
    assert _ask(net, org, other)["t"] == "replay"  # the organizer, who sat nowhere
    eve = net.client("Eve", "10.9.9.9")  # greeted, not registered
    answer = _ask(net, eve, other)
    assert answer["t"] == "refused" and answer["code"] == "no_replay"
    # the rate limit still holds for an entrant
    people["Bia"].send("replay", table=other)
    people["Bia"].send("replay", table=other)
    assert people["Bia"].refused() == "replay_busy"


def test_a_table_outside_any_event_stays_its_players_own() -> None:
    net = Net()
    org, code, people = _round_one_played(net)
    ana, bia = net.client("Ana2", "10.3.0.1"), net.client("Bia2", "10.3.0.2")
    table = ana.create("alta", ["remote", "remote"], options={"hand": 3})
    ana.join(table)
    bia.join(table)
    play(net, [ana, bia])
    assert ana.last("match_over")
    assert _ask(net, ana, table)["t"] == "replay"
    for outsider in (org, people["Cid"]):  # an event's people are strangers here
        answer = _ask(net, outsider, table)
        assert answer["t"] == "refused" and answer["code"] == "no_replay"


def test_event_replays_are_still_shown_to_entrants_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "server.sqlite3"
    net = Net(path)
    org, code, people = _round_one_played(net)
    ids = {n: (c.last("greeted")["player"], c.last("greeted")["secret"]) for n, c in people.items()}
    other = _not_at(view(org, code), "Dan")
    net.store.close()  # the server stops here

    net = Net(Store(path, wall=lambda: net.clock.now), clock=net.clock)
    dan = net.client("Dan", "10.1.0.4", hello=False)
    pid, secret = ids["Dan"]
    dan.send("hello", version=PROTOCOL_VERSION, name="Dan", player=pid, secret=secret)
    got = _ask(net, dan, other)
    assert got["t"] == "replay" and got["doc"]["game"] == "alta"
    eve = net.client("Eve", "10.9.9.9")
    assert _ask(net, eve, other)["code"] == "no_replay"
