"""Online events on a server without sockets (issue 47): a whole Swiss event
of 8 (two people through clients, six bots) with a top cut, and a melee event
of 16 with a semifinal, each checked against the same event run locally with
the same entrants and seed."""

from __future__ import annotations

from typing import Any

from tests.game.net.eventlink import Entrant, check_against_local, drive, view
from tests.game.net.serverlink import Client, Net


def _event(net: Net, org: Client, **fields: Any) -> str:
    org.send("event_create", **fields)
    return str(org.last("event_created")["event"])


def _people(net: Net, code: str, names: list[str]) -> list[Entrant]:
    out = []
    for i, name in enumerate(names):
        c = net.client(name, f"10.1.0.{i + 1}")
        c.send("event_join", event=code)
        assert c.last("event")["event"]["registered"]
        out.append(Entrant(c))
    return out


def test_swiss_event_of_eight_with_top_cut_matches_a_local_run() -> None:
    net = Net()
    org = net.client("Org", "10.0.0.9")
    settings = {"rounds": 3, "top_cut": 4, "turn_limit": 2, "options": {"hand": 3}}
    code = _event(net, org, game="alta", format="swiss", seats=8, fill_bots=6, **settings)
    people = _people(net, code, ["Ana", "Bia"])
    org.send("event_start", event=code)
    assert org.last("event")["event"]["status"] == "running"
    drive(net, people, until=lambda: view(org, code)["status"] == "finished")
    for p in people:
        p.step()
    v = view(org, code)
    check_against_local(v, "alta", "swiss", **settings)
    stages = [r["stage"] for r in v["rounds"]]
    assert stages == ["swiss", "swiss", "swiss", "cut", "cut"]
    for p in people:
        assert p.final == v["final"]
        # every round: a table (or a bye), and each table was his to play
        table_news = [m for m in p.c.msgs("event_news") if m["news"] in ("table", "bye")]
        assert len(table_news) >= 3
        assert p.c.seq >= 2 * len(p.tables) > 0  # he played his own cards at every table


def test_melee_event_of_sixteen_with_semifinal_matches_a_local_run() -> None:
    net = Net()
    org = net.client("Org", "10.0.0.9")
    settings = {"rounds": 2, "semifinal": True, "turn_limit": 2, "options": {"hand": 3}}
    code = _event(net, org, game="alta", format="melee", seats=16, fill_bots=14, **settings)
    people = _people(net, code, ["Ana", "Bia"])
    org.send("event_start", event=code)
    drive(net, people, until=lambda: view(org, code)["status"] == "finished")
    for p in people:
        p.step()
    v = view(org, code)
    check_against_local(v, "alta", "melee", **settings)
    assert [r["stage"] for r in v["rounds"]] == ["melee", "melee", "semifinal", "final"]
    assert [len(r["tables"]) for r in v["rounds"]] == [4, 4, 4, 1]
    for p in people:
        assert p.final == v["final"] and p.c.seq > 0
