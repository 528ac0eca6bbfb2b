"""Hand-built Chama positions for rules tests."""

from __future__ import annotations

from typing import Any

from game.cards import Card
from game.chama import INFO, rules
from game.chama.battle import Unit
from game.chama.match import REALM, ChamaMatch
from game.registry import new_match

RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11}


def rank_of(token: str) -> int:
    """'K' -> 13, '10' -> 10."""
    return RANKS.get(token) or int(token)


def fresh(n: int = 2, seed: int = 1, **options: Any) -> ChamaMatch:
    """A match at the start of seat 0's realm step (turn 1) with empty hands,
    formations and pools: every card back in its owner's draw pile."""
    m = new_match("chama", n, seed=seed, options=options)
    assert isinstance(m, ChamaMatch)
    for s in range(n):
        m.draw[s] = rules.full_deck(m.suits[s])
        m.hands[s] = []
        m.slot_card[s] = [None] * 6
        m.slot_razed[s] = [False] * 6
        m.pool[s] = []
        m.discard[s] = []
        m.turns_taken[s] = 0
        m.played_realm[s] = False
    m.battle = None
    m.armistices = []
    m.spoils_pending = []
    m.mull_queue = []
    m.phase = REALM
    m.active = 0
    m.first_player = 0
    m.turns_taken[0] = 1
    m.turn = 1
    m.realm_done = False
    m.xisum_done = False
    return m


def take(m: ChamaMatch, seat: int, token: str) -> Card:
    """Remove one card of rank `token` from `seat`'s draw pile."""
    card = Card(rank_of(token), m.suits[seat])
    m.draw[seat].remove(card)
    return card


def give(
    m: ChamaMatch,
    seat: int,
    hand: str = "",
    slots: str = "",
    pool: str = "",
    top: str = "",
    discard: str = "",
    pile: int | None = None,
) -> list[int]:
    """Arrange `seat`: `hand` "K 5 9"; `slots` "A:K B:Q* C:J" (* = razed);
    `pool` "5+9 4" (commander+army); `top` ranks on top of the pile, the last
    drawn first; `discard` ranks to the discard pile; `pile` leaves only that
    many cards in the pile (the rest is discarded). Returns the new pool uids."""
    for t in hand.split():
        m.hands[seat].append(take(m, seat, t))
    for item in slots.split():
        name, rank = item.split(":")
        razed = rank.endswith("*")
        i = rules.slot_index(name)
        m.slot_card[seat][i] = take(m, seat, rank.rstrip("*"))
        m.slot_razed[seat][i] = razed
    uids = []
    for item in pool.split():
        parts = item.split("+")
        cmd = take(m, seat, parts[0])
        army = take(m, seat, parts[1]) if len(parts) > 1 else None
        u = Unit(m.next_uid, cmd, army)
        m.next_uid += 1
        m.pool[seat].append(u)
        uids.append(u.uid)
    for t in discard.split():
        m.discard[seat].append(take(m, seat, t))
    tops = [take(m, seat, t) for t in top.split()]
    if pile is not None:
        keep = max(0, pile - len(tops))
        extra = m.draw[seat][: len(m.draw[seat]) - keep]
        m.discard[seat].extend(extra)
        m.draw[seat] = m.draw[seat][len(m.draw[seat]) - keep :]
    # The top of the pile is the end of the list: the first token is drawn first.
    m.draw[seat].extend(reversed(tops))
    check(m)
    return uids


def check(m: ChamaMatch) -> None:
    """The conservation laws hold."""
    assert INFO.invariants is not None
    INFO.invariants(m)


def cards(m: ChamaMatch, seat: int, text: str) -> list[Card]:
    """Cards of `seat`'s suit from ranks."""
    return [Card(rank_of(t), m.suits[seat]) for t in text.split()]


def c(m: ChamaMatch, seat: int, token: str) -> Card:
    """One card of `seat`'s suit."""
    return Card(rank_of(token), m.suits[seat])
