"""A joiner the host cut for falling behind says so in words while it reconnects."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.net.remote_match import RemoteMatch
from game.net.transport import TOO_SLOW, ClientConnection
from scenes import i18n
from scenes.online.links import ClientLink


class _Closed(ClientConnection):
    """A connection the host has closed with `reason` (no socket behind it)."""

    def __init__(self, reason: str) -> None:  # no super(): nothing to connect to
        self.closed = True
        self.close_reason = reason

    def poll(self) -> list[str]:
        return []

    def send(self, text: str) -> None:
        pass


@pytest.fixture
def language_kept() -> Iterator[None]:
    before = i18n.language()
    yield
    i18n.set_language(before)


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.usefixtures("language_kept")
def test_a_cut_for_falling_behind_is_told_in_words_then_plain_reconnecting(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    i18n.set_language(lang)
    tries: list[int] = []

    def win_back(self: ClientLink) -> None:  # no host to reach: just note the try
        tries.append(1)
        self._lost_at = 1.0

    monkeypatch.setattr(ClientLink, "_win_back", win_back)
    remote = RemoteMatch(_Closed(TOO_SLOW), name="Bia", code="ACDEFGHJ")
    link = ClientLink(remote, "ws://127.0.0.1:1")
    link.poll()
    assert tries and link.notes() == [i18n.tr("net.cut.too_slow")]
    assert i18n.tr("net.cut.too_slow") != i18n.tr("online.table.we_reconnect")
    # a connection that simply dropped keeps the plain words
    other = ClientLink(RemoteMatch(_Closed(""), name="Bia", code="ACDEFGHJ"), "ws://127.0.0.1:1")
    other.poll()
    assert other.notes() == [i18n.tr("online.table.we_reconnect")]


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.usefixtures("language_kept")
def test_a_seat_taken_up_from_another_window_is_not_fought_back_for(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """The host replaced this connection with another holding our token: winning
    the seat back would knock that window off in turn, for ever. This window
    gives the seat up and says why."""
    i18n.set_language(lang)
    tries: list[int] = []
    monkeypatch.setattr(ClientLink, "_win_back", lambda self: tries.append(1))
    link = ClientLink(RemoteMatch(_Closed("replaced"), name="Bia", code="ACDEFGHJ"), "ws://x:1")
    link.poll()
    assert not tries and link.lost
    assert link.lost_words() == i18n.tr("net.cut.replaced")
    assert link.lost_words() != i18n.tr("online.table.host_gone")
