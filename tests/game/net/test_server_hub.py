"""A server of many tables without sockets (issue 46): the lobby, tables of
different games side by side, private codes, watchers who see no secret,
phrases, stand-in bots and the turn clock, caps, a crashing engine, expiry."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from game.core import Action, Event, Record
from game.net.protocol import PROTOCOL_VERSION
from game.net.server import lobby
from game.net.server.hub import HELLO_DEADLINE, OPEN_IDLE
from game.registry import GAMES
from tests.game.net.serverlink import Client, Net, play
from tests.game.tiny_game import INFO as ALTA
from tests.game.tiny_game import AltaMatch


class CrashingMatch(AltaMatch):
    """Alta whose rules break on the second action (a bug in one engine)."""

    game_name = "alta_crash"

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if self.log:
            raise RuntimeError("deliberate engine failure")
        return super()._apply(seat, action)


@pytest.fixture
def broken_game() -> Iterator[str]:
    """Registered only while a test needs it: the tests of every game must not meet it."""
    GAMES.register(dataclasses.replace(ALTA, name="alta_crash", match_class=CrashingMatch))
    yield "alta_crash"
    GAMES._loaded.pop("alta_crash", None)


def _seated(net: Net, game: str = "alta", n: int = 2, **create: Any) -> tuple[str, list[Client]]:
    """A table of `n` remote seats, each taken by a player from its own address."""
    clients = [net.client(f"P{i}", f"10.0.{len(net.clients)}.{i}") for i in range(n)]
    table = clients[0].create(game, ["remote"] * n, **create)
    for c in clients:
        c.join(table)
    return table, clients


def test_hello_issues_an_id_and_a_secret_kept_only_as_a_hash() -> None:
    net = Net()
    ana = net.client("  Ana\u200b  ")
    greeted = ana.last("greeted")
    assert greeted["name"] == "Ana" and greeted["secret"]
    row = net.store.db.execute("SELECT secret_hash FROM players").fetchone()
    assert greeted["secret"] not in row[0]
    again = net.client(hello=False)
    again.send(
        "hello",
        version=PROTOCOL_VERSION,
        name="Ana",
        player=greeted["player"],
        secret=greeted["secret"],
    )
    assert again.last("greeted") == {**greeted, "secret": None}
    thief = net.client(hello=False)
    thief.send("hello", version=PROTOCOL_VERSION, name="X", player=greeted["player"], secret="no")
    assert thief.refused() == "bad_player" and not thief.msgs("greeted")


def test_the_lobby_answers_nothing_before_hello_and_the_silent_are_closed() -> None:
    net = Net()
    quiet = net.client(hello=False)
    quiet.send("list")
    assert quiet.refused() == "hello_first"
    old = net.client(hello=False)
    old.send("hello", version=PROTOCOL_VERSION + 1, name="Ana")
    assert old.refused() == "version"
    net.tick(HELLO_DEADLINE)
    assert quiet.closed and quiet.reason == "hello_timeout"


def test_two_games_at_once_never_cross() -> None:
    net = Net()
    t1, alta = _seated(net, "alta", 2)
    t2, crash_free = _seated(net, "alta", 3, options={"hand": 2})
    assert t1 != t2
    play(net, alta + crash_free)
    for c in alta:
        assert {m["n_seats"] for m in c.msgs("welcome")} == {2}
        assert all(len(m["seats"]) == 2 for m in c.msgs("state"))
        assert c.last("match_over")
    for c in crash_free:
        assert all(len(m["seats"]) == 3 for m in c.msgs("state"))
        assert c.last("state")["is_over"]


def test_list_filters_and_hides_private_tables() -> None:
    net = Net()
    ana = net.client()
    public = ana.create("alta", ["remote", "bot:random"], options={"hand": 2})
    ana.send("create", game="alta", seats=["remote", "remote"], private=True)
    assert ana.last("created")["code"]
    ana.send("list")
    rows = ana.last("tables")["tables"]
    assert [r["table"] for r in rows] == [public]
    assert rows[0]["options"] == {"hand": 2} and rows[0]["seats"] == 2
    ana.send("list", game="war")
    assert ana.last("tables")["tables"] == []


def test_a_private_table_is_joined_by_its_code_only() -> None:
    net = Net()
    ana, bia = net.client("Ana"), net.client("Bia", "10.0.0.2")
    ana.send("create", game="alta", seats=["remote", "remote"], private=True)
    created = ana.last("created")
    # 12 letters, not a single host's 8: a code-only join is tried against every
    # private table of the server at once (1,000 tables, 1,000 addresses at
    # 0.5 guesses/s each: 20**12 / 2 / 1000 / 512 s is some 127 years, not 7 hours)
    assert len(created["code"].replace("-", "")) == 12
    bia.join(created["table"])  # its id is not enough
    assert bia.refused() == "wrong_code" and not bia.msgs("welcome")
    bia.join(code="AAAA-AAAA")
    assert bia.refused() == "wrong_code"
    bia.join(code=created["code"].lower())
    assert bia.last("welcome")["token"]


@pytest.mark.parametrize(
    ("create", "code"),
    [
        ({"game": "nope", "seats": ["remote"]}, "bad_game"),
        ({"game": "alta", "seats": ["remote"]}, "bad_seats"),
        ({"game": "alta", "seats": ["remote", "bot:grandmaster"]}, "bad_seats"),
        ({"game": "alta", "seats": ["remote", "local:Ana"]}, "bad_seats"),
        ({"game": "alta", "seats": ["remote", "remote"], "options": {"hand": 99}}, "bad_options"),
        ({"game": "alta", "seats": ["remote", "remote"], "clock": "blitz"}, "bad_options"),
    ],
)
def test_a_bad_table_is_refused_in_words(create: dict[str, Any], code: str) -> None:
    net = Net()
    ana = net.client()
    ana.send("create", **create)
    assert ana.refused() == code and not net.hub.tables


def test_table_caps_per_player_per_address_and_in_all() -> None:
    per_player, per_address = lobby.TABLES_PER_PLAYER, lobby.TABLES_PER_ADDRESS
    net = Net(max_tables=per_address + 1)
    ana = net.client("Ana")
    for _ in range(per_player):
        ana.create()
    ana.send("create", game="alta", seats=["remote", "remote"])
    assert ana.refused() == "too_many_tables"
    zed = net.client("Zed")  # another player, the same address
    for _ in range(per_address - per_player):
        zed.create()
    late = net.client("Late")
    late.send("create", game="alta", seats=["remote", "remote"])
    assert late.refused() == "too_many_tables"
    net.client("Far", "10.9.9.9").create()
    full = net.client("Full", "10.9.9.8")
    full.send("create", game="alta", seats=["remote", "remote"])
    assert full.refused() == "server_full"


def test_start_fills_empty_seats_with_bots_and_only_the_creator_may() -> None:
    net = Net()
    ana, bia = net.client("Ana"), net.client("Bia", "10.0.0.2")
    table = ana.create("alta", ["remote", "remote", "remote"])
    bia.join(table)
    bia.send("start", table=table)
    assert bia.refused() == "not_creator"
    ana.send("start", table=table)
    state = bia.last("state")
    assert [s["kind"] for s in state["seats"]] == ["remote", "bot", "bot"]
    ana.send("start", table=table)
    assert ana.refused() == "already_started"


def test_phrases_reach_that_table_only_and_are_rate_limited() -> None:
    net = Net()
    t1, (ana, bia) = _seated(net)
    _t2, (cid, dan) = _seated(net)
    ana.send("phrase", id="good_luck")
    assert bia.last("said") == {"t": "said", "id": "good_luck", "seat": 0, "name": "P0"}
    assert not cid.msgs("said") and not dan.msgs("said")
    ana.send("phrase", id="you are bad")
    assert ana.refused() == "bad_phrase"
    for _ in range(5):
        ana.send("phrase", id="well_played")
    assert ana.refused() == "phrase_flood"
    assert len(bia.msgs("said")) == 1 + int(net.hub.links[ana.cid].phrases.burst) - 1


def test_names_are_cleaned_and_never_shown_twice_at_a_table() -> None:
    net = Net()
    a, b = net.client("Ana"), net.client("\u202eAna ", "10.0.0.2")
    table = a.create("alta", ["remote", "remote"])
    a.join(table)
    b.join(table)
    names = [s["name"] for s in b.last("state")["seats"]]
    assert names == ["Ana", "Ana (2)"]


def test_watchers_see_no_secret() -> None:
    net = Net()
    ana = net.client()
    table = ana.create("alta", ["remote", "bot:random", "bot:random"])
    eve = net.client("Eve", "10.0.0.9")
    eve.send("watch", table=table)
    assert eve.last("watching")["game"] == "alta"
    ana.join(table)
    play(net, [ana])
    states = eve.msgs("state")
    assert states and states[-1]["is_over"]
    for st in states:
        assert st["view"] is None and st["legal"] == []
        assert "hand" not in st["public_view"]
    eve.send("phrase", id="good_game")
    assert eve.refused() == "not_joined"


def test_a_watcher_who_comes_mid_match_reads_the_recent_public_events_first() -> None:
    from game.net.server import table as table_module

    net = Net()
    ana = net.client()
    table = ana.create("alta", ["remote", "bot:random", "bot:random"])
    early = net.client("Eve", "10.0.0.9")
    early.send("watch", table=table)
    ana.join(table)
    for _ in range(3):  # some of the match, then a second watcher
        ana.act_first()
        net.tick()
    seen = [ev for st in early.msgs("state") for ev in st["events"]]
    assert seen
    late = net.client("Lu", "10.0.0.8")
    late.send("watch", table=table)
    told = late.last("history")
    assert told["done"] and told["events"] == seen[-len(told["events"]) :]
    assert late.inbox.index(told) < late.inbox.index(late.last("state"))
    # bounded: only the latest are kept, whatever the match's length
    from tests.game.tiny_game import PicksRevealed

    st = net.hub.tables[table]
    n = table_module.WATCH_HISTORY
    st.remember_public([PicksRevealed((), (i,)) for i in range(n + 50)])
    assert len(st.recent) == n and st.recent_events()[-1]["winners"] == [n + 49]


def test_a_table_without_watchers_refuses_them() -> None:
    net = Net()
    ana = net.client()
    table = ana.create(watchers=False)
    eve = net.client("Eve")
    eve.send("watch", table=table)
    assert eve.refused() == "no_watchers"


def test_an_absent_player_is_stood_in_for_and_takes_the_seat_back() -> None:
    net = Net(grace=30.0)
    table, (ana, bia) = _seated(net)
    token = bia.last("welcome")["token"]
    net.hub.disconnect(bia.cid)
    net.deliver()
    seats = net.hub.tables[table].session.seats
    assert seats[1].status == "reconnecting"
    ana.act_first()
    net.tick(31.0)
    assert seats[1].status == "standin"
    ana.act_first()
    net.tick()
    match = net.hub.tables[table].session.match
    assert match is not None and any(s == 1 for s, _ in match.log)  # the bot moved for Bia
    back = net.client("Bia", "10.0.0.2")
    back.join(table, token=token)
    assert back.last("welcome")["seat"] == 1 and seats[1].status == "connected"
    assert seats[1].kind == "remote"
    play(net, [ana, back])
    assert back.last("state")["is_over"]


def test_a_player_id_takes_its_seat_back_without_the_token() -> None:
    net = Net()
    table, (ana, bia) = _seated(net)
    who = bia.last("greeted")
    net.hub.disconnect(bia.cid)
    again = net.client(hello=False)
    again.send(
        "hello", version=PROTOCOL_VERSION, name="B", player=who["player"], secret=who["secret"]
    )
    again.join(table)
    assert again.last("welcome")["seat"] == 1


def test_the_turn_clock_moves_for_a_late_player() -> None:
    net = Net()
    table, (ana, bia) = _seated(net, clock="quick")
    match = net.hub.tables[table].session.match
    assert match is not None and not match.log
    net.tick(10.0)
    assert not match.log
    net.tick(25.0)
    net.tick()  # a decision made for an older table is asked again
    assert len(match.log) == 2  # both late: a bot picked for each
    assert net.hub.tables[table].session.seats[0].status == "connected"


def test_a_crashing_engine_ends_its_table_alone(broken_game: str) -> None:
    net = Net()
    bad, (ana, bia) = _seated(net, "alta_crash")
    good, (cid, dan) = _seated(net, "alta")
    ana.act_first()
    bia.act_first()
    assert ana.refused() == "table_crashed" or bia.refused() == "table_crashed"
    assert bad not in net.hub.tables
    assert ana.last("left")["reason"] == "table_crashed"
    status = net.store.db.execute("SELECT status FROM tables WHERE id = ?", (bad,)).fetchone()
    assert status == ("crashed",)
    play(net, [cid, dan])
    assert dan.last("state")["is_over"]
    ana.send("list")  # the crashed table's players are back in the lobby
    assert ana.last("tables")


def test_idle_tables_expire() -> None:
    net = Net()
    ana = net.client()
    table = ana.create()
    net.tick(OPEN_IDLE - 1)
    assert table in net.hub.tables
    net.tick(2)
    assert table not in net.hub.tables
    row = net.store.db.execute("SELECT status FROM tables WHERE id = ?", (table,)).fetchone()
    assert row == ("expired",)


def test_a_finished_match_moves_ratings_and_is_kept_as_a_replay() -> None:
    net = Net()
    table, (ana, bia) = _seated(net)
    play(net, [ana, bia])
    standings = ana.last("match_over")["standings"]
    ana.send("leaderboard", game="alta")
    rows = {r["name"]: r for r in ana.last("ranks")["rows"]}
    winner = ["P0", "P1"][standings[0][0]]
    assert rows[winner]["mu"] > 25.0 and rows[winner]["games"] == 1
    ana.send("mine")
    mine = ana.last("my_tables")["tables"]
    assert any(r["table"] == table and r["replay"] for r in mine)
    replay = net.store.replay(table)
    assert replay is not None and replay["replay"]["winners"] == standings[0]


def test_garbage_in_the_lobby_earns_strikes_then_the_door() -> None:
    net = Net()
    ana = net.client()
    for _ in range(net.hub.MAX_STRIKES):
        ana.raw("{not json")
    assert ana.closed and ana.reason == "abuse"


def _public_only(events: list[dict[str, Any]]) -> None:
    for ev in events:
        assert Record.from_dict(ev).visible_to(None), ev["type"]


SHORT = {"wyr": {}, "wyrt": {"hand_limit": 2}, "war": {"turn_limit": 4}, "chama": {"turn_limit": 4}}


@pytest.mark.parametrize("game", sorted(SHORT))
def test_a_watcher_of_each_game_gets_the_public_view_only(game: str) -> None:
    net = Net(fallback_bot="easy")
    ana = net.client()
    seats = ["bot:easy", "bot:easy"] if game != "war" else ["bot:easy"] * 3
    table = ana.create(game, seats, options=SHORT[game])
    eve = net.client("Eve")
    eve.send("watch", table=table)
    session = net.hub.tables[table].session
    assert session.started  # bots only: dealt at once
    for _ in range(400):
        match = session.match
        assert match is not None
        public = match.public_view()
        net.tick()
        st = eve.last("state")
        assert st["view"] is None and st["legal"] == []
        _public_only(st["events"])
        if match.is_over:
            break
        if len(eve.msgs("state")) == 1:
            assert st["public_view"] == public
    for st in eve.msgs("state"):
        _public_only(st["events"])
    # the seats did get secrets the watcher never saw
    secret = [e for e in session.seats[0].events if not Record.from_dict(e).visible_to(None)]
    assert secret and eve.msgs("state")


def test_code_guesses_are_slowed_per_address() -> None:
    net = Net()
    owner = net.client("Own", "10.9.0.1")
    owner.send("create", game="alta", seats=["remote", "remote"], private=True)
    code = owner.last("created")["code"]
    guesser = net.client("Eve", "10.6.6.6")
    for _ in range(net.hub.doorman.FREE_FAILURES):
        guesser.join(code="AAAA-AAAA")
    assert len(guesser.msgs("refused")) == net.hub.doorman.FREE_FAILURES
    guesser.join(code="AAAA-AAAA")  # past the free ones: it waits for its slot
    assert len(guesser.msgs("refused")) == net.hub.doorman.FREE_FAILURES
    answered = 0
    for _ in range(120):  # one minute in half seconds, a guess whenever the last is answered
        if net.hub.links[guesser.cid].pending is None:
            guesser.join(code="AAAA-AAAA")
        net.tick(0.5)
        answered = len(guesser.msgs("refused"))
    # the delay doubles from DELAY_BASE up to DELAY_MAX: a few quicker ones first
    assert answered - net.hub.doorman.FREE_FAILURES <= 60 / net.hub.doorman.DELAY_MAX + 4
    friend = net.client("Bia", "10.0.0.7")  # another address is not slowed
    friend.join(code=code)
    assert friend.last("welcome")


def test_bots_answers_past_a_ticks_budget_wait_for_the_next_tick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.net.server import hub as hub_module

    monkeypatch.setattr(hub_module, "BOT_ANSWERS_BUDGET", 0.0)  # one answer a tick
    net = Net()
    matches = []
    for _ in range(2):
        table, _clients = _seated(net, clock="quick")
        matches.append(net.hub.tables[table].session.match)

    def moved() -> int:
        return sum(len(m.log) for m in matches if m is not None)

    net.tick(35.0)  # every seat late: a bot decides for each, answered from the next tick
    counts = [moved()]
    for _ in range(6):
        net.tick()
        counts.append(moved())
    steps = [b - a for a, b in zip(counts, counts[1:], strict=False)]
    assert max(steps) == 1 and counts[-1] == 4  # one a tick, all carried out in the end
    # Alta's seats move at once: a table's second answer is for the position before
    # its first (stale) and asked again, three decisions a table; an answer
    # waiting for its tick is not asked for again, which would make more
    assert net.hub.bots.decisions == 6
