"""Pots and side pots built from each player's total contribution ([T4]).

Tier by tier: every distinct contribution level of a player still in the hand
closes a tier; everybody's chips up to that level feed it (folded players'
included) and the players still in who paid the whole level are eligible.
A bet nobody matched is returned before the tiers are built. The odd chips of a
split go one by one to the winners in clockwise order from the buck's left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pot:
    """One pot: its chips and the seats that may win it."""

    amount: int
    eligible: tuple[int, ...]


def uncalled(contrib: Sequence[int]) -> tuple[int, int]:
    """(seat, amount) of the part of the top contribution nobody matched, or (-1, 0)."""
    if not contrib:
        return -1, 0
    top = max(range(len(contrib)), key=lambda s: contrib[s])
    second = max((c for s, c in enumerate(contrib) if s != top), default=0)
    extra = contrib[top] - second
    return (top, extra) if extra > 0 else (-1, 0)


def build_pots(contrib: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """The main pot and side pots; `live[s]` is True for seats still in the hand.

    Chips above the highest live level (only possible for folded players whose
    bet was never matched) go to the last pot, so nothing is ever lost.
    """
    levels = sorted({c for s, c in enumerate(contrib) if live[s] and c > 0})
    pots: list[Pot] = []
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in contrib)
        eligible = tuple(s for s, c in enumerate(contrib) if live[s] and c >= level)
        if amount > 0:
            pots.append(Pot(amount, eligible))
        prev = level
    rest = sum(max(0, c - prev) for c in contrib)
    if rest:
        if pots:
            last = pots[-1]
            pots[-1] = Pot(last.amount + rest, last.eligible)
        else:
            live_seats = tuple(s for s in range(len(contrib)) if live[s])
            pots.append(Pot(rest, live_seats))
    return pots


def clockwise_from(buck: int, n: int) -> list[int]:
    """Seats in clockwise order starting left of the buck."""
    return [(buck + k) % n for k in range(1, n + 1)]


def split(amount: int, winners: Sequence[int], buck: int, n_seats: int) -> dict[int, int]:
    """Share `amount` among `winners`; odd chips first clockwise from the buck ([T4])."""
    if not winners:
        return {}
    base, odd = divmod(amount, len(winners))
    shares = {w: base for w in winners}
    order = [s for s in clockwise_from(buck, n_seats) if s in shares]
    for s in order[:odd]:
        shares[s] += 1
    return shares
