"""`LobbyClient` fetching finished tables' replays (issue 47): a real hub in
memory answers `replay{table}` with the whole document; a long one in chunks
(in any order, some twice) is put back together; and whatever a hostile
server sends instead (unasked, wrong types, too many parts, too much text,
broken JSON, a document that does not play) is dropped, said as `bad_replay`
where it was asked for, never raised."""

from __future__ import annotations

from typing import Any

import pytest

from game import load_match, new_match
from game.net import lobby_replays
from game.net.lobby_client import LobbyClient
from game.net.protocol import Message, decode
from game.net.replay_wire import replay_messages
from tests.game import tiny_game  # noqa: F401  -- registers the tiny game "alta"
from tests.game.net.lobbywire import Room


def _played() -> dict[str, Any]:
    """A finished match of the tiny game, as a server keeps it."""
    m = new_match("alta", 2, seed=4)
    while not m.is_over:
        seat = m.to_move[0]
        m.apply(seat, m.legal_actions(seat)[0])
    doc = m.save()
    doc["replay"] = {"version": 1, "winners": m.winners(), "turns": 1}
    return doc


def _client() -> tuple[LobbyClient, list[str]]:
    """A lobby client whose link only records what it sends."""

    class Quiet:
        def __init__(self) -> None:
            self.sent: list[str] = []

        def send(self, text: str) -> None:
            self.sent.append(text)

        def poll(self) -> list[str]:
            return []

    link = Quiet()
    return LobbyClient(link, "ws://127.0.0.1:1", "Ana", remember=False), link.sent


def test_a_played_table_s_replay_comes_whole_from_the_hub() -> None:
    room = Room()
    ana = room.client("Ana", "ws://127.0.0.1:1")
    ana.create("alta", ["remote", "bot:random"], {})
    ana.pump()
    assert ana.created is not None
    table = ana.created[0]
    mine = ana.join(table=table, seat=0)
    ana.pump()
    ana.start(table)
    room.settle([ana])
    for _ in range(400):
        legal = mine.legal_actions(0)
        if legal:
            mine.apply(0, legal[0])
        room.settle([ana])
        if mine.is_over:
            break
    assert mine.is_over
    ana.leave()
    assert ana.take_replay(table) is None
    ana.ask_replay(table)
    ana.pump()
    doc = ana.take_replay(table)
    assert doc is not None and doc == room.net.store.replay(table)
    assert load_match(doc).is_over
    assert ana.take_replay(table) is None  # taken once
    room.tick(5.0)  # past the server's wait between two fetches
    ana.ask_replay("t-nothing")  # refused in words; no longer waited for
    ana.pump()
    refusal = ana.take_refusal()
    assert refusal is not None and (refusal[0], refusal[2]) == ("no_replay", "t-nothing")
    assert not ana.replays.waiting("t-nothing")


def test_chunks_in_any_order_and_twice_make_the_document() -> None:
    c, sent = _client()
    doc = _played()
    texts = replay_messages("t1", doc, limit=400)
    assert 3 < len(texts) <= 64
    c.ask_replay("t1")
    assert '"replay"' in sent[-1] and '"t1"' in sent[-1]
    for text in [texts[-1], *texts[1:], texts[2]]:  # the first part last; one part twice
        c.handle(decode(text, limit=4096))
        assert c.take_replay("t1") is None
    c.handle(decode(texts[0], limit=4096))
    assert c.take_replay("t1") == doc and c.refusal is None


def test_the_last_three_documents_are_kept() -> None:
    c, _ = _client()
    doc = _played()
    for n in range(5):
        c.ask_replay(f"t{n}")
        c.handle(Message("replay", {"table": f"t{n}", "doc": doc}))
    assert list(c.replays.docs) == ["t2", "t3", "t4"]


def _bad(c: LobbyClient, msg: Message) -> tuple[str, str, str] | None:
    c.handle(msg)
    assert not c.replays.docs
    return c.take_refusal()


def test_hostile_replay_messages_are_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    c, _ = _client()
    doc = _played()
    # not asked for: dropped without a word
    assert _bad(c, Message("replay", {"table": "t9", "doc": doc})) is None
    c.ask_replay("t1")
    # wrong types: dropped, still waited for
    for fields in (
        {"table": 5, "doc": doc},
        {"table": "t1", "chunk": 7, "part": 0, "parts": 2},
        {"table": "t1", "chunk": "{", "part": True, "parts": 2},
        {"table": "t1", "chunk": "{", "part": 0, "parts": "2"},
    ):
        assert _bad(c, Message("replay", fields)) is None
    assert c.replays.waiting("t1")
    # too many parts, or a part past its count: the replay is bad
    assert _bad(c, Message("replay", {"table": "t1", "chunk": "{", "part": 0, "parts": 65}))
    c.ask_replay("t1")
    assert _bad(c, Message("replay", {"table": "t1", "chunk": "{", "part": 3, "parts": 2}))
    # too much text in all
    monkeypatch.setattr(lobby_replays, "MAX_BYTES", 1000)
    c.ask_replay("t1")
    assert (
        _bad(c, Message("replay", {"table": "t1", "chunk": "x" * 600, "part": 0, "parts": 3}))
        is None
    )
    assert c.replays.waiting("t1")
    refusal = _bad(c, Message("replay", {"table": "t1", "chunk": "x" * 600, "part": 1, "parts": 3}))
    assert refusal == ("bad_replay", "", "t1") and not c.replays.waiting("t1")
    # every part in, and not JSON (nor a dict)
    for chunks in (["{", "oops"], ["[1,", "2]"]):
        c.ask_replay("t1")
        for n, chunk in enumerate(chunks):
            got = _bad(c, Message("replay", {"table": "t1", "chunk": chunk, "part": n, "parts": 2}))
        assert got is not None and got[0] == "bad_replay"
    # documents that do not play here
    broken = dict(doc, actions=[[0, {"nonsense": 1}]])
    for bad_doc in (
        [1, 2],
        dict(doc, game="nope"),
        dict(doc, replay={"version": 99}),
        broken,
        {"game": "alta"},
    ):
        c.ask_replay("t1")
        got = _bad(c, Message("replay", {"table": "t1", "doc": bad_doc}))
        assert got == ("bad_replay", "", "t1"), bad_doc
    # and a good one still comes through afterwards
    c.ask_replay("t1")
    c.handle(Message("replay", {"table": "t1", "doc": doc}))
    assert c.take_replay("t1") == doc
