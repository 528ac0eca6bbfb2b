"""Helpers of the online events' tests (issue 47): an entrant who goes to his
table when told and plays his first legal action, and the check of an event
played through a server against the same event run locally."""

from __future__ import annotations

import copy
from dataclasses import asdict
from typing import Any

from game.tournament import Result, create_tournament
from tests.game.net.serverlink import Client, Net


class Entrant:
    """A person's client: goes to each table the news name, plays, leaves at the end."""

    def __init__(self, client: Client) -> None:
        self.c = client
        self.seen = 0
        self.table: str | None = None
        self.tables: list[str] = []
        self.final: list[dict[str, Any]] | None = None
        self.absent_from: set[str] = set()
        #: states that arrived before the current table's join (another table's)
        self.mark = 0

    def step(self) -> bool:
        """React to what arrived; True when something was sent."""
        sent = False
        news = self.c.msgs("event_news")
        for item in news[self.seen :]:
            if item["news"] == "table" and item["data"]["server_table"] not in self.absent_from:
                if self.table is not None:
                    self.c.send("leave")
                self.table = item["data"]["server_table"]
                self.tables.append(self.table)
                self.mark = len(self.c.msgs("state"))
                self.c.join(self.table)
                sent = True
            elif item["news"] == "finished":
                self.final = item["data"]["final"]
        self.seen = len(news)
        states = self.c.msgs("state")[self.mark :]
        if self.table is not None and states and states[-1]["is_over"]:
            self.c.send("leave")
            self.table = None
            return True
        return self.c.act_first() or sent


def drive(
    net: Net, people: list[Entrant], *, until: Any, seconds: float = 0.5, limit: int = 5000
) -> int:
    """Tick the server (and the clock) while the people react, until `until()`."""
    for n in range(limit):
        for p in people:
            p.step()
        net.tick(seconds)
        if until():
            return n
    raise AssertionError("the event did not get there in time")


def view(client: Client, code: str) -> dict[str, Any]:
    """The event as `client` sees it now."""
    client.send("event_view", event=code)
    return dict(client.last("event")["event"])


def check_against_local(v: dict[str, Any], game: str, fmt: str, **settings: Any) -> None:
    """The finished event `v` (a server's public view) against the same event run
    locally with the same entrants and seed: every round's pairings or seatings
    and byes, then (fed the server's results) standings, the bracket and the
    final standings must be the organizer code's own."""
    assert v["status"] == "finished" and "seed" in v
    first = [e for e in v["entrants_list"] if e["joined_round"] == 1]
    specs: list[Any] = [(e["name"], e["bot"]) if e["bot"] else e["name"] for e in first]
    local = create_tournament(game, specs, format=fmt, seed=v["seed"], **settings)
    for served in v["rounds"]:
        # drops and late entries between rounds, as they happened on the server [R11]
        for e in v["entrants_list"]:
            if e["joined_round"] == len(local.rounds) + 1 > 1:
                assert local.add_entrant(e["name"], e["bot"]).number == e["number"]
            if e["dropped_after"] == len(local.rounds) and not local.entrant(e["number"]).dropped:
                local.drop(e["number"])
        rnd = local.start_round()
        assert rnd.stage == served["stage"], (rnd.number, rnd.stage, served["stage"])
        mine = [([n for n in tb.seats], tb.is_bye) for tb in rnd.tables]
        theirs = [([s["number"] for s in tb["seats"]], tb["bye"]) for tb in served["tables"]]
        assert mine == theirs, f"round {rnd.number}: local {mine} vs server {theirs}"
        for tb, st in zip(rnd.tables, served["tables"], strict=True):
            if tb.is_bye:
                assert tb.result is not None
                assert tb.result.to_dict()["order"] == st["result"]["order"]
                continue
            local.record_result(
                rnd.number, tb.number, Result.from_dict(copy.deepcopy(st["result"]))
            )
    assert local.is_finished
    assert [r.to_dict() for r in local.final_standings()] == v["final"]
    assert [asdict(b) for b in local.bracket()] == v["bracket"]
