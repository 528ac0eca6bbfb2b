"""The attack of the hardening issue, point 1: a joiner tries seeds until one
deals the board it was sent, then knows every objective and card ([G4]).
It finds the seed of a match dealt from a typed number, and nothing for a
hosted match, whose 256-bit seed is never in anything sent."""

from __future__ import annotations

from typing import Any

from game.net.session import HostSession, parse_seat_kinds
from game.registry import new_match
from game.rng import is_secret_seed, secret_seed_from
from tests.game.net.memlink import MemHost, join_all

SEARCHED = range(1, 1001)
OPTIONS = {"turn_limit": 6}


def search(board: dict[str, Any], seeds: Any) -> Any | None:
    """The seed among `seeds` whose deal shows `board` (a public view), if any."""
    for seed in seeds:
        if new_match("war", 3, seed=seed, options=OPTIONS).public_view() == board:
            return seed
    return None


def test_the_search_finds_a_typed_seed_and_nothing_of_a_hosted_match() -> None:
    # The search works: a deal from a typed seed gives it away.
    typed = new_match("war", 3, seed=700, options=OPTIONS).public_view()
    assert search(typed, SEARCHED) == 700
    # A hosted match: what a joiner is sent tells it nothing of the seed.
    session = HostSession("war", parse_seat_kinds("remote,remote,remote"), options=OPTIONS)
    host = MemHost(session)
    remotes = join_all(host, ["Ana", "Bia", "Caio"], session.code)
    assert session.started and is_secret_seed(session.seed)
    board = remotes[0].public_view()
    assert search(board, SEARCHED) is None
    # nor the seeds `taverna host --seed N` would fix (documented as guessable)
    assert search(board, (secret_seed_from(n) for n in range(1, 201))) is None
    key = session.seed.split(":", 1)[1]
    for remote in remotes:
        sent = "".join(remote.link.received)  # type: ignore[attr-defined]
        assert key not in sent and "secret:" not in sent
        assert remote.seed == 0
