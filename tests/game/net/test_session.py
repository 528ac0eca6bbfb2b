"""The host's session without sockets: joins, refusals that change nothing,
reconnection by token, flood control, and what each seat is sent ([G3], [G4])."""

from __future__ import annotations

import json

import pytest

from game.core import Event, Record
from game.net.protocol import PROTOCOL_VERSION, encode
from game.net.remote_match import RemoteError, RemoteMatch
from game.net.session import CODE_ALPHABET, HostSession, SessionError, parse_seat_kinds
from tests.game.net.memlink import Clock, MemHost, join_all, play_to_end

CODE = "ACDEFGHJ"


def _table(game: str = "wyr", seats: str = "remote,remote,bot:random", **options: object):
    clock = Clock()
    session = HostSession(
        game, parse_seat_kinds(seats), seed=5, options=dict(options), code=CODE, clock=clock
    )
    return session, MemHost(session), clock


def _last(link, kind: str) -> dict:
    return link.messages(kind)[-1]


def test_seat_specs_are_parsed_and_bad_ones_refused() -> None:
    assert parse_seat_kinds("remote, bot:normal,local:Ana") == [
        ("remote", None),
        ("bot", "normal"),
        ("local", "Ana"),
    ]
    with pytest.raises(SessionError):
        parse_seat_kinds("remote,robot")


def test_the_join_code_uses_unambiguous_letters() -> None:
    session, _, _ = HostSession("wyr", parse_seat_kinds("remote,remote"), seed=1), None, None
    assert len(session.code) == 8 and set(session.code) <= set(CODE_ALPHABET)
    assert not set("01IL2Z5S8BO") & set(CODE_ALPHABET)


def test_the_match_starts_when_every_remote_seat_is_taken() -> None:
    session, host, _ = _table()
    ana, bia = join_all(host, ["Ana", "Bia"], "acde-fghj")  # the code is case-blind
    assert session.started and (ana.seat, bia.seat) == (0, 1)
    assert session.match is not None and session.match.seats[:2] == ["Ana", "Bia"]
    assert ana.started and ana.view(0) == session.match.view(0)
    assert ana.public_view() == session.match.public_view()
    assert ana.seats == ["Ana", "Bia", "Borin"]
    with pytest.raises(RemoteError):
        ana.view(1)  # another seat's view is never on this machine


@pytest.mark.parametrize(
    ("join", "code"),
    [
        ({"code": "WRONG"}, "wrong_code"),
        ({"version": PROTOCOL_VERSION + 1}, "version"),
        ({"game": "war"}, "wrong_game"),
        ({"name": "   "}, "bad_name"),
        ({"token": "not-a-token"}, "bad_token"),
    ],
)
def test_bad_joins_are_refused_with_a_reason(join: dict, code: str) -> None:
    session, host, _ = _table()
    link = host.link()
    link.send(
        json.dumps({"t": "join", "version": PROTOCOL_VERSION, "code": CODE, "name": "Ana", **join})
    )
    refused = _last(link, "refused")
    assert refused["code"] == code and refused["reason"] == f"net.refused.{code}"
    assert not link.messages("welcome") and session.open_remote_seats() == [0, 1]


def test_a_taken_seat_and_a_full_table_are_refused() -> None:
    session, host, _ = _table()
    join_all(host, ["Ana"], CODE)
    link = host.link()
    link.send(encode("join", version=PROTOCOL_VERSION, code=CODE, name="Caio", seat=0))
    assert _last(link, "refused")["code"] == "seat_taken"
    join_all(host, ["Bia"], CODE)
    late = host.link()
    late.send(encode("join", version=PROTOCOL_VERSION, code=CODE, name="Dani"))
    assert _last(late, "refused")["code"] == "table_full"
    assert [s.name for s in session.seats[:2]] == ["Ana", "Bia"]


def _started_wyr():
    session, host, clock = _table()
    ana, bia = join_all(host, ["Ana", "Bia"], CODE)
    assert session.match is not None
    return session, host, clock, ana, bia


def _refused_code(remote: RemoteMatch, **act: object) -> str:
    remote.link.send(encode("act", **act))
    remote.pump()
    assert remote.refusal is not None
    return remote.refusal[0]


def test_bad_actions_are_refused_and_change_nothing() -> None:
    session, host, _, ana, bia = _started_wyr()
    match = session.match
    assert match is not None
    mover = next(r for r in (ana, bia) if r.seat in match.to_move)
    other = bia if mover is ana else ana
    legal = match.legal_actions(mover.seat)[0].to_dict()
    before = match.fingerprint()
    cases = [
        (other, {"seq": 1, "action": legal, "seat": mover.seat}, "not_your_seat"),
        (mover, {"seq": 2, "action": {"type": "nope.Nothing"}}, "bad_action"),
        (mover, {"seq": 3, "action": {"type": "wyr.PickBet", "amount": "all"}}, "bad_action"),
        (mover, {"seq": 4, "action": {"type": "core.MatchOver", "standings": []}}, "bad_action"),
        (mover, {"seq": 5, "action": {"type": "wyr.Pass"}}, "illegal"),
        (mover, {"seq": 5, "action": legal}, "out_of_order"),
    ]
    if other.seat not in match.to_move:
        cases.append((other, {"seq": 9, "action": legal}, "not_your_turn"))
    for remote, act, code in cases:
        assert _refused_code(remote, **act) == code, act
        assert match.fingerprint() == before
    mover.link.send(encode("act", seq=10, action=legal))  # and a good one still works
    assert len(match.log) == 1


def test_a_dropped_seat_reconnects_by_token_and_sees_the_table_as_it_stands() -> None:
    session, host, clock, ana, bia = _started_wyr()
    play_to_end(host, [ana, bia], max_steps=3)
    ana.link.drop()
    bia.pump()
    assert bia.waiting == (0, "Ana", "reconnecting")
    assert session.seats[0].status == "reconnecting"
    with pytest.raises(SessionError):
        session.hand_to_bot(0, "random")  # not before the grace time
    back = RemoteMatch(host.link(), name="Ana", code=CODE)
    back.join(token=ana.token)
    back.pump()
    # the seat is back, under a fresh token: the old one worked this once
    assert back.seat == 0 and back.token and back.token != ana.token
    match = session.match
    assert match is not None
    assert back.view(0) == match.view(0) and back.to_move == match.to_move
    assert len(back.log) == len(match.log)
    got = [e.to_dict() for e in back.history]
    assert got == session.seats[0].events and got
    assert session.seats[0].status == "connected"
    play_to_end(host, [back, bia])
    assert session.is_over and back.is_over and bia.is_over


def test_a_second_reconnection_tells_the_history_once() -> None:
    """Nothing told twice: a seat that comes back twice over the same remote
    holds the history once, not once per reconnection."""
    session, host, clock, ana, bia = _started_wyr()
    for _ in range(2):
        ana.link.drop()
        ana.relink(host.link())
        ana.pump()
    assert [e.to_dict() for e in ana.history] == session.seats[0].events
    assert session.seats[0].status == "connected" and ana.seat == 0


def test_after_the_grace_time_a_dropped_seat_goes_to_a_bot() -> None:
    session, host, clock, ana, bia = _started_wyr()
    token = ana.token
    ana.link.drop()
    clock.now += session.grace
    session.hand_to_bot(0, "random")
    host.deliver()
    assert session.seats[0].kind == "bot"
    again = host.link()
    again.send(encode("join", version=PROTOCOL_VERSION, code=CODE, name="Ana", token=token))
    assert _last(again, "refused")["code"] == "bad_token"
    play_to_end(host, [bia])
    assert session.is_over


def test_a_flood_is_refused_then_closed_and_time_refills_the_bucket() -> None:
    session, host, clock, ana, _ = _started_wyr()
    before = session.match.fingerprint() if session.match else ""
    for n in range(int(session.BURST) - 1):  # the join spent one
        ana.link.send(encode("ping", n=n))
    assert len(ana.link.messages("pong")) == session.BURST - 1 and not ana.link.closed
    clock.now += 1.0
    for n in range(int(session.RATE)):
        ana.link.send(encode("ping", n=n))
    assert not ana.link.messages("refused")
    for n in range(session.MAX_STRIKES + 2):
        ana.link.send(encode("ping", n=n))
    assert {m["code"] for m in ana.link.messages("refused")} == {"flood", "closed"}
    assert ana.link.closed and session.seats[0].status == "reconnecting"
    assert session.match is not None and session.match.fingerprint() == before


def test_garbage_closes_the_connection_and_leaves_the_match_alone() -> None:
    session, host, _, ana, _ = _started_wyr()
    assert session.match is not None
    before = session.match.fingerprint()
    for raw in ["{", b"\x00\xff", "[]", '{"t":"state"}', "x" * 70_000, '{"t":"act"}'] * 2:
        ana.link.send(raw)
    codes = [m["code"] for m in ana.link.messages("refused")]
    assert codes[:4] == ["bad_json", "bad_json", "bad_shape", "bad_shape"]
    assert "too_big" in codes and codes[-1] == "closed" and ana.link.closed
    assert session.match.fingerprint() == before


def _check_received(link, seat: int) -> None:
    """Every event a seat was sent is one it may see."""
    for msg in link.messages("state") + link.messages("history"):
        for raw in msg["events"]:
            rec = Record.from_dict(raw)
            assert isinstance(rec, Event) and rec.visible_to(seat), raw
    for msg in link.messages("state"):
        assert msg["legal"] == [] or seat in msg["to_move"]


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("wyr", {}),
        ("wyrt", {"hand_limit": 3}),
        ("war", {"turn_limit": 6}),
        ("chama", {"turn_limit": 6}),
    ],
)
def test_a_whole_match_sends_each_seat_only_what_it_may_see(game: str, options: dict) -> None:
    session, host, _ = _table(game, **options)
    ana, bia = join_all(host, ["Ana", "Bia"], CODE)
    play_to_end(host, [ana, bia])
    assert session.is_over and ana.is_over and bia.is_over
    assert session.match is not None
    assert ana.standings() == session.match.standings()
    for remote in (ana, bia):
        assert remote.seat is not None
        _check_received(remote.link, remote.seat)
        assert remote.view(remote.seat) == session.match.view(remote.seat)


def test_the_received_check_catches_another_seats_private_event() -> None:
    """`_check_received` can fail: a state carrying seat 1's drawn cards, sent to seat 0."""
    from game.cards import parse_cards
    from game.wyr.records import CardsReceived

    class Sent:
        def messages(self, kind: str) -> list[dict]:
            if kind != "state":
                return []
            leak = CardsReceived(seat=1, cards=tuple(parse_cards("A♠ 2h"))).to_dict()
            return [{"events": [leak], "legal": [], "to_move": [1]}]

    with pytest.raises(AssertionError):
        _check_received(Sent(), 0)


def test_a_message_the_host_trips_on_is_refused_and_the_table_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session, host, _, ana, _ = _started_wyr()

    def broken(self: HostSession, conn: object, msg: object) -> None:
        raise KeyError("bug")

    monkeypatch.setattr(HostSession, "_act", broken)
    assert _refused_code(ana, seq=1, action={"type": "wyr.Pass"}) == "internal"
    monkeypatch.undo()
    ana.link.send(encode("ping", n=1))
    assert ana.link.messages("pong") and not ana.link.closed


def test_the_remote_match_is_driven_like_a_local_one() -> None:
    session, host, _, ana, bia = _started_wyr()
    match = session.match
    assert match is not None
    assert (ana.n_seats, ana.game_name, ana.options) == (3, "wyr", session.options)
    dealt = ana.take_events()
    assert dealt and [e.to_dict() for e in dealt] == session.seats[0].events
    assert ana.take_events() == []
    mover = next(r for r in (ana, bia) if r.seat in match.to_move)
    assert mover.seat is not None
    with pytest.raises(RemoteError):
        mover.legal_actions(1 - mover.seat)
    legal = mover.legal_actions(mover.seat)
    assert legal == match.legal_actions(mover.seat)
    # Between sending and the host's answer our seat is not offered again.
    mover.link = type("Held", (), {"send": lambda self, t: None, "poll": lambda self: []})()
    assert mover.apply(mover.seat, legal[0]) == []
    assert mover.seat not in mover.to_move and mover.legal_actions(mover.seat) == []
    assert len(mover.log) == 0 and list(mover.log) == []


def test_an_empty_seat_handed_to_a_bot_lets_the_match_start() -> None:
    session, host, _ = _table(seats="remote,remote,local:Caio")
    (ana,) = join_all(host, ["Ana"], CODE)
    assert not session.started
    with pytest.raises(SessionError):
        session.start()  # seat 1 still waits for a player
    session.hand_to_bot(1, "random")
    host.deliver()
    ana.pump()
    assert session.started and ana.started
    assert ana.seats == ["Ana", "Borin", "Caio"]
    assert [s["status"] for s in ana.seat_info] == ["connected", "bot", "local"]
    with pytest.raises(SessionError):
        session.act_local(0, session.match.legal_actions(0)[0])  # type: ignore[union-attr]
    play_to_end_with_local(host, ana)
    assert session.is_over and ana.is_over


def play_to_end_with_local(host: MemHost, ana: RemoteMatch) -> None:
    """The host's own person (seat 2) plays through `act_local`, as the host's table would."""
    from game.registry import make_bot
    from game.rng import Rng

    session = host.session
    bot, rng = make_bot(session.game, "random"), Rng("local")
    while not session.is_over:
        match = session.match
        assert match is not None
        seat = match.to_move[0]
        if session.seats[seat].kind == "remote":
            ana.pump()
            ana.apply(seat, bot.choose(ana.view(seat), ana.legal_actions(seat), rng))
        else:
            session.act_local(seat, bot.choose(match.view(seat), match.legal_actions(seat), rng))
            host.deliver()
    ana.pump()


def test_leaving_before_the_deal_frees_the_seat() -> None:
    session, host, _ = _table()
    (ana,) = join_all(host, ["Ana"], CODE)
    token = ana.token
    ana.link.send(encode("leave"))
    assert ana.link.closed and session.open_remote_seats() == [0, 1]
    again = host.link()
    again.send(encode("join", version=PROTOCOL_VERSION, code=CODE, name="Ana", token=token))
    assert _last(again, "refused")["code"] == "bad_token"
    join_all(host, ["Bia", "Caio"], CODE)
    assert session.started and session.match is not None
    assert session.match.seats[:2] == ["Bia", "Caio"]
