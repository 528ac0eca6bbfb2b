"""A server's lobby, phase 2 (issue 46): ratings beside names, a finished
table's replay for its players only, and the server-wide cap on code guesses."""

from __future__ import annotations

import json

from game.net.protocol import MAX_HOST_MESSAGE, decode
from game.net.replay_wire import ReplayParts, replay_messages
from game.net.server import lobby
from tests.game.net.serverlink import Client, Net, play


def _finished(net: Net) -> tuple[str, Client, Client]:
    ana, bia = net.client("Ana", "10.0.0.1"), net.client("Bia", "10.0.0.2")
    table = ana.create("alta", ["remote", "remote"])
    ana.join(table)
    bia.join(table)
    play(net, [ana, bia])
    assert ana.last("match_over")
    return table, ana, bia


def test_list_and_my_tables_show_ratings_beside_names() -> None:
    net = Net()
    _, ana, bia = _finished(net)
    ratings = net.store.ratings("alta", [ana.last("greeted")["player"]])
    ana_shown = round(next(iter(ratings.values())).shown)
    # a new table: Ana seated, a bot, and a seat still open
    ana.send("leave")
    table = ana.create("alta", ["remote", "bot:random", "remote"])
    ana.join(table)
    cid = net.client("Cid", "10.0.0.3")
    cid.send("list")
    row = next(r for r in cid.last("tables")["tables"] if r["table"] == table)
    assert len(row["ratings"]) == len(row["names"]) == 2
    by_name = dict(zip(row["names"], row["ratings"], strict=True))
    assert by_name["Ana"] == ana_shown
    bot_name = next(n for n in row["names"] if n != "Ana")
    assert by_name[bot_name] is None  # that bot level never finished a table here
    ana.send("mine")
    mine = ana.last("my_tables")["tables"]
    live = next(r for r in mine if r["table"] == table)
    assert live["ratings"] == row["ratings"]
    assert all(r["rating"] == ana_shown for r in mine)
    cid.send("mine")
    assert cid.last("my_tables")["tables"] == []


def test_a_finished_table_s_replay_goes_to_its_players_only() -> None:
    net = Net()
    table, ana, bia = _finished(net)
    ana.send("replay", table=table)
    doc = ana.last("replay")["doc"]
    assert doc == net.store.replay(table) and doc["replay"]["winners"]
    eve = net.client("Eve", "10.0.0.9")
    eve.send("replay", table=table)
    assert eve.refused() == "no_replay" and not eve.msgs("replay")
    eve.send("replay", table="t-nothing")
    assert eve.refused() == "replay_busy"  # one fetch every REPLAY_EVERY seconds
    net.tick(lobby.REPLAY_EVERY)
    eve.send("replay", table="t-nothing")
    assert eve.refused() == "no_replay"
    # a table still being played has no replay yet, even for its players
    live = ana.create("alta", ["remote", "remote"])
    ana.send("leave")
    ana.join(live)
    net.tick(lobby.REPLAY_EVERY)
    ana.send("replay", table=live)
    assert ana.refused() == "no_replay"
    # the answer's fields are the server's alone
    bia.send("replay", table=table, doc={"x": 1})
    assert bia.refused() == "bad_shape"


def test_a_long_replay_goes_in_chunks_each_within_the_limit() -> None:
    doc = {"log": [{"seat": n % 3, "a": 'ç"\\' * 7} for n in range(3000)], "name": "Ana"}
    limit = 16 * 1024
    texts = replay_messages("t1", doc, limit=limit)
    assert len(texts) > 1
    parts = ReplayParts()
    got = None
    for text in reversed(texts):  # in any order
        assert len(text.encode("utf-8")) <= limit
        got = parts.add(decode(text, limit=limit)) or got
    assert got == doc
    whole = replay_messages("t1", {"a": 1})
    assert len(whole) == 1 and json.loads(whole[0])["doc"] == {"a": 1}
    assert len(replay_messages("t1", doc)[0]) < MAX_HOST_MESSAGE


def test_many_addresses_together_get_at_most_the_server_s_guess_rate() -> None:
    net = Net()
    owner = net.client("Own", "10.9.0.1")
    owner.send("create", game="alta", seats=["remote", "remote"], private=True)
    code = owner.last("created")["code"]
    guessers = [net.client(f"G{i}", f"10.7.{i // 250}.{i % 250}") for i in range(200)]
    seconds, step = 30.0, 0.25
    for _ in range(int(seconds / step)):
        for g in guessers:
            if net.hub.links[g.cid].pending is None:
                g.join(code="AAAA-AAAA-AAAA")
        net.tick(step)
    wrong = sum(len([m for m in g.msgs("refused") if m["code"] == "wrong_code"]) for g in guessers)
    busy = sum(len([m for m in g.msgs("refused") if m["code"] == "guess_busy"]) for g in guessers)
    # each address's free guesses, then the server-wide bucket: not 200 x 0.5 a second
    free = len(guessers) * net.hub.doorman.FREE_FAILURES
    assert wrong - free <= lobby.GUESS_RATE * seconds + lobby.GUESS_BURST
    assert busy > 0
    # an address in good standing with the right code is let in, even now (the
    # table's own slot under attack: one DELAY_MAX)
    friend = net.client("Bia", "10.0.0.7")
    friend.join(code=code)
    assert not friend.msgs("refused")
    net.tick(net.hub.doorman.DELAY_MAX)
    assert friend.last("welcome")


def test_a_creator_who_leaves_before_the_deal_closes_the_table_a_drop_does_not() -> None:
    net = Net()
    ana, bia = net.client("Ana", "10.0.0.1"), net.client("Bia", "10.0.0.2")
    table = ana.create("alta", ["remote", "remote", "remote"])
    ana.join(table)
    bia.join(table)
    assert bia.last("welcome")
    ana.send("leave")  # on purpose: nobody else could start it
    assert bia.last("left") == {"t": "left", "table": table, "reason": "closed"}
    cid = net.client("Cid", "10.0.0.3")
    cid.send("list")
    assert all(r["table"] != table for r in cid.last("tables")["tables"])
    row = net.store.db.execute("SELECT status FROM tables WHERE id = ?", (table,)).fetchone()
    assert row == ("closed",)
    # a creator whose connection only dropped keeps his table, to come back to it
    again = ana.create("alta", ["remote", "remote", "remote"])
    ana.join(again)
    net.hub.disconnect(ana.cid)
    cid.send("list")
    assert any(r["table"] == again for r in cid.last("tables")["tables"])
