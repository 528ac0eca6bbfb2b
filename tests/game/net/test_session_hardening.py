"""The hardening issue's points at the session, without sockets (a clock moved
by hand, addresses made up): hostile names, guessed codes, odd tokens,
connections that never join, refusals that must be encodable and logged once,
quick honest clients never cut, strikes that survive a reconnection, and a
token that works once."""

from __future__ import annotations

import json
import logging

import pytest

from game import saves
from game.net.protocol import PROTOCOL_VERSION
from game.net.remote_match import RemoteMatch
from game.net.session import JOIN_DEADLINE, HostSession, parse_seat_kinds
from tests.game.net.memlink import Clock, MemHost, MemLink, join_all, play_to_end

CODE = "ACDEFGHJ"
#: the names that crashed the host or its screens, or reached its terminal
HOSTILE = {
    "Eve\ud800": "Eve",
    "Eve\x00": "Eve",
    "\u200b": "",
    "\x1b[2JEve\x07": "[2JEve",
    "Eve\u009b": "Eve",
    "\u202eEve": "Eve",
}


def _table(seats: str = "remote,remote,bot:random", game: str = "wyr", **options: object):
    clock = Clock()
    session = HostSession(
        game, parse_seat_kinds(seats), seed=5, options=dict(options), code=CODE, clock=clock
    )
    return session, MemHost(session), clock


def _join_text(name: str, code: str = CODE, **more: object) -> str:
    # as a hand-written client sends it: every character escaped (a lone
    # surrogate travels as "\\ud800", which is valid UTF-8 on the wire)
    fields = {"t": "join", "version": PROTOCOL_VERSION, "code": code, "name": name, **more}
    return json.dumps(fields, ensure_ascii=True)


@pytest.mark.parametrize("raw", sorted(HOSTILE))
def test_a_hostile_name_is_cleaned_or_refused_and_the_match_saves(raw: str) -> None:
    session, host, _ = _table()
    link = host.link("10.0.0.1")
    link.send(_join_text(raw))
    if not HOSTILE[raw]:
        assert link.messages("refused")[-1]["code"] == "bad_name"
        return
    assert session.seats[0].name == HOSTILE[raw]
    (bia,) = join_all(host, ["Bia"], CODE)
    assert session.match is not None and session.match.seats[0] == HOSTILE[raw]
    # the autosave's checksum encoded the name: it crashed the headless host
    document = saves.save_document(session.match, kind="auto", name="host")
    assert json.dumps(document, ensure_ascii=False).encode("utf-8")
    for text in link.received:
        text.encode("utf-8")  # everything sent is valid UTF-8


def test_two_seats_never_show_one_name() -> None:
    session, host, _ = _table("remote,remote,remote,bot:random")
    join_all(host, ["Ana", "ANA", "Borin"], CODE)
    assert [s.name for s in session.seats] == ["Ana", "ANA (2)", "Borin (2)", "Borin"]


def _guess(host: MemHost, address: str, code: str) -> MemLink:
    link = host.link(address)
    link.send(_join_text("Mallory", code))
    return link


def test_guessing_the_code_is_slotted_while_players_join_at_once() -> None:
    session, host, clock = _table()
    door = session.doorman
    start = clock.now
    answered = 0
    waiting: list[MemLink] = []
    # One address guessing flat out for ten minutes of the host's clock, through
    # as many connections as it may hold (each sends one join, then waits).
    guesses = ("ACDEFGHK", "ACDEFGHM", "ACDEFGHN")
    while clock.now - start < 600:
        while len(waiting) < door.MAX_PER_ADDRESS:
            waiting.append(_guess(host, "10.6.6.6", guesses[len(waiting) % 3]))
        clock.now += 0.05
        host.tick()
        for link in list(waiting):
            if link.messages("refused"):
                answered += 1
                waiting.remove(link)
                link.drop()
    # five at once, then one per slot (at most DELAY_MAX apart once past the ramp)
    assert answered <= door.FREE_FAILURES + 4 + 600 / door.DELAY_MAX
    assert answered >= door.FREE_FAILURES  # (and refused, not ignored)
    # Meanwhile a player on another network is seated at once.
    (ana,) = join_all(host, ["Ana"], CODE)
    assert ana.seat == 0
    # A player behind the guesser's own address waits for a slot, not for ever.
    bia = RemoteMatch(host.link("10.6.6.6"), name="Bia", code=CODE)
    bia.join()
    waited = 0.0
    while bia.seat is None and waited < (door.MAX_PER_ADDRESS + 1) * door.DELAY_MAX + 1:
        clock.now += 0.05
        waited += 0.05
        host.tick()
        bia.pump()
    assert bia.seat == 1 and session.started


def test_odd_tokens_are_refused_without_a_trace(caplog: pytest.LogCaptureFixture) -> None:
    session, host, _ = _table()
    join_all(host, ["Ana"], CODE)
    with caplog.at_level(logging.WARNING):
        for token in ("\u00e9t\u00e9", "\ud800", "x" * 64, ""):
            link = host.link("10.0.0.9")
            link.send(_join_text("Ana", token=token or None))
            code = link.messages("refused")[-1]["code"] if link.messages("refused") else ""
            assert code in ("bad_token", "seat_taken", ""), code
    assert not any(r.exc_info for r in caplog.records)


def test_a_connection_that_never_joins_is_closed_at_the_deadline() -> None:
    session, host, clock = _table()
    idle = host.link("10.0.0.2")
    clock.now += JOIN_DEADLINE - 0.1
    host.tick()
    assert not idle.closed
    clock.now += 0.2
    host.tick()
    assert idle.closed and idle.cid not in session.conns


def test_unreadable_types_are_refused_encodably_and_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    session, host, _ = _table()
    with caplog.at_level(logging.WARNING, logger="game.net"):
        closed = 0
        for _ in range(100):  # 100 connections x 50 messages: 5,000 of them
            link = host.link("10.0.0.3")
            for _ in range(50):
                link.send('{"t":"\\ud800"}')
                if link.closed:
                    break
            for text in link.received:
                text.encode("utf-8")  # a refusal that could not be sent was a 1011
            closed += link.closed
            link.drop()
    assert closed == 100
    assert 1 <= len(caplog.records) <= 3  # not 5,000 lines, nor 13-line tracebacks
    assert not any(r.exc_info for r in caplog.records)


def test_quick_honest_clients_are_never_cut() -> None:
    """Every seat answers each state the moment it comes, the clock never moves
    (no bucket refills) and a burst is three messages: a whole War match (dozens
    of moves a seat) without one refusal, for each move answered a state."""
    session, host, _ = _table("remote,remote,remote", game="war", turn_limit=8)
    session.BURST = 3.0
    remotes = join_all(host, ["Ana", "Bia", "Caio"], CODE)
    play_to_end(host, remotes)
    assert session.is_over and session.match is not None
    assert max(sum(1 for s, _ in session.match.log if s == r.seat) for r in remotes) > 20
    for r in remotes:
        assert not r.link.messages("refused"), r.link.messages("refused")[:3]  # type: ignore[attr-defined]


def test_strikes_follow_the_address_and_the_seat_across_reconnections() -> None:
    session, host, clock = _table()
    ana, bia = join_all(host, ["Ana", "Bia"], CODE)
    for _ in range(session.MAX_STRIKES):
        ana.link.send("{")
    assert ana.link.closed  # type: ignore[attr-defined]
    # Back at once with its token, from the same address: one more bad message closes it.
    back = RemoteMatch(host.link(), name="Ana", code=CODE)
    back.join(ana.token)
    back.pump()
    assert back.seat == 0
    back.link.send("{")
    assert back.link.closed  # type: ignore[attr-defined]
    # From another address, the seat's own strikes still count.
    again = RemoteMatch(host.link("10.0.0.8"), name="Ana", code=CODE)
    again.join(back.token)
    again.pump()
    assert again.seat == 0
    again.link.send("{")
    assert again.link.closed  # type: ignore[attr-defined]
    # They fade: some minutes later a slip is only a slip.
    clock.now += session.doorman.STRIKE_DECAY * session.MAX_STRIKES
    late = RemoteMatch(host.link("10.0.0.8"), name="Ana", code=CODE)
    late.join(again.token)
    late.pump()
    late.link.send("{")
    assert not late.link.closed  # type: ignore[attr-defined]


def test_a_token_works_once() -> None:
    session, host, _ = _table()
    ana, _bia = join_all(host, ["Ana", "Bia"], CODE)
    leaked = ana.token
    ana.link.drop()  # type: ignore[attr-defined]
    thief = RemoteMatch(host.link("10.0.0.66"), name="X", code=CODE)
    thief.join(leaked)
    thief.pump()
    assert thief.seat == 0 and thief.token != leaked
    # the token is spent: the player (or a second thief) needs the new one
    late = host.link("10.0.0.7")
    late.send(_join_text("Ana", token=leaked))
    assert late.messages("refused")[-1]["code"] == "bad_token"


def test_two_hosted_matches_of_one_game_save_apart() -> None:
    from game.net.headless import save_path

    one, _, _ = _table()
    two, _, _ = _table()
    assert save_path(one) != save_path(two) and save_path(one).name.startswith("host-wyr-")
