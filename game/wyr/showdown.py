"""The Hora da Verdade of a Wyr round ([Y5]-[Y9]): the hands shown in order of
strength, the dice rolled (Thyatis' reroll), ties broken, the pot split and
the round closed."""

from __future__ import annotations

from typing import Any, Protocol

from game.cards import Card, Deck, standard_deck
from game.core import Event, MatchOver
from game.dice import roll_off
from game.rng import Rng
from game.wyr.combos import Combination
from game.wyr.records import (
    DiceRolled,
    DieRerolled,
    HandsShown,
    LordLeft,
    PotMoved,
    ReisBestKept,
    RollKept,
    RollOffStarted,
    RollOffWon,
    RoundEnded,
    RoundWon,
    ScoreSet,
)
from game.wyr.rules import (
    split_pot,
)


class ShowdownTable(Protocol):
    """What the Hora da Verdade reads and moves of a match (`WyrMatch` fits it;
    named here so that this module never imports the match, which imports it)."""

    phase: str
    show: dict[str, Any] | None
    pot: int
    last_round: dict[str, Any] | None
    deck: Deck
    hands: list[list[Card]]
    table: list[Card]
    table_up: list[bool]
    table_by: list[int | None]
    turn: int
    dealer: int
    over: bool
    timed_out: bool

    @property
    def rng(self) -> Rng: ...
    @property
    def n_seats(self) -> int: ...
    @property
    def money(self) -> list[int]: ...
    @property
    def out(self) -> list[bool]: ...
    @property
    def left_round(self) -> list[int]: ...
    @property
    def dealt(self) -> list[bool]: ...
    @property
    def round_no(self) -> int: ...
    @property
    def current_bet(self) -> int | None: ...
    @property
    def revealed_bets(self) -> dict[int, int]: ...
    @property
    def jokers(self) -> int: ...
    @property
    def nimb(self) -> bool: ...
    @property
    def thyatis(self) -> bool: ...
    @property
    def turn_limit(self) -> int: ...
    @property
    def dice_n(self) -> int: ...
    @property
    def active(self) -> list[int]: ...
    def _from(self, first: int) -> list[int]: ...
    def _next_active(self, seat: int) -> int: ...
    def combination(self, seat: int) -> Combination: ...
    def standings(self) -> list[list[int]]: ...
    def _start_round(self, events: list[Event]) -> None: ...


def hora_da_verdade(m: ShowdownTable, events: list[Event]) -> None:
    """The hands turn over, best first, and the dice start to roll ([Y7])."""
    seats = m._from(m.dealer)
    combos = {s: m.combination(s) for s in seats}
    # Best combination rolls first; equal ones in seating order from the dealer.
    order = sorted(seats, key=lambda s: combos[s], reverse=True)
    events.append(
        HandsShown(
            tuple(order),
            tuple(tuple(m.hands[s]) for s in order),
            tuple(combos[s].name for s in order),
            tuple(combos[s].points for s in order),
        )
    )
    m.phase = "show"
    m.show = {
        "order": order,
        "next": 0,
        "combos": {s: combos[s] for s in seats},
        "dice": {},
        "scores": {},
        "pending": None,
        "rerolled": [],
    }
    roll_on(m, events)


def roll_on(m: ShowdownTable, events: list[Event]) -> None:
    """Roll for the next lord in order, or resolve once every score is set."""
    show = m.show
    assert show is not None
    while show["next"] < len(show["order"]):
        seat = show["order"][show["next"]]
        combo: Combination = show["combos"][seat]
        dice = m.rng.roll(m.dice_n, 6)
        events.append(DiceRolled(seat, dice, sum(dice), "main"))
        if combo.is_reis:
            # [Y9]: Reis de Arton rolls twice and keeps the better total.
            second = m.rng.roll(m.dice_n, 6)
            events.append(DiceRolled(seat, second, sum(second), "reis_second"))
            if sum(second) > sum(dice):
                dice = second
            events.append(ReisBestKept(seat, dice, sum(dice)))
        show["dice"][seat] = dice
        if m.thyatis:
            show["pending"] = seat
            m.phase = "thyatis"
            return
        set_score(m, events, seat)
    resolve(m, events)


def set_score(m: ShowdownTable, events: list[Event], seat: int) -> None:
    """A lord's score: his combination's points plus his dice ([Y7], [Y9])."""
    show = m.show
    assert show is not None
    combo: Combination = show["combos"][seat]
    total = sum(show["dice"][seat])
    show["scores"][seat] = combo.points + total
    events.append(ScoreSet(seat, combo.name, combo.points, total, combo.points + total))
    show["next"] += 1


def thyatis(m: ShowdownTable, events: list[Event], seat: int, reroll: bool) -> None:
    """Thyatis: reroll the lowest die or keep the roll ([Y11])."""
    show = m.show
    assert show is not None
    dice = list(show["dice"][seat])
    if reroll:
        # [Y11] Thyatis: the lowest die once more; the new value stands.
        i = dice.index(min(dice))
        old = dice[i]
        dice[i] = m.rng.roll(1, 6)[0]
        show["dice"][seat] = tuple(dice)
        show["rerolled"].append(seat)
        events.append(DieRerolled(seat, old, dice[i], tuple(dice), sum(dice)))
    else:
        events.append(RollKept(seat))
    show["pending"] = None
    m.phase = "show"
    set_score(m, events, seat)
    roll_on(m, events)


def tiebreak(
    m: ShowdownTable, events: list[Event], tied: list[int], purpose: str
) -> tuple[int, str]:
    """Break a tie by roll-offs; returns the winner and why ([Y8])."""
    """[Y8]/[Y9]: who wins among lords tied on score; and how it was decided."""
    show = m.show
    assert show is not None
    combos: dict[int, Combination] = show["combos"]
    if len(tied) == 1:
        return tied[0], "score"
    if not m.nimb:
        reis = [s for s in tied if combos[s].is_reis]
        if len(reis) == 1:
            return reis[0], "reis"
        best = max(combos[s] for s in tied)
        tied = [s for s in tied if combos[s] == best]
        if len(tied) == 1:
            return tied[0], "combination"
    # Still tied (or Nimb, which goes straight to the dice): a roll-off.
    events.append(RollOffStarted(tuple(tied), purpose))
    winner, rounds = roll_off(m.rng, tied, n=m.dice_n)
    for rnd in rounds:
        for s in tied:
            if s in rnd:
                events.append(DiceRolled(s, rnd[s], sum(rnd[s]), "rolloff"))
    events.append(RollOffWon(winner))
    return winner, "rolloff"


def resolve(m: ShowdownTable, events: list[Event]) -> None:
    """Who wins the round, and the pot paid out (split when even, [Y9])."""
    show = m.show
    assert show is not None
    m.phase = "resolve"
    scores: dict[int, int] = show["scores"]
    combos: dict[int, Combination] = show["combos"]
    seats = m._from(m.dealer)
    pot = m.pot
    reis = [s for s in seats if combos[s].is_reis]
    payout: dict[int, int]
    if len(reis) >= 2:
        # [Y9]: several Reis de Arton split the pot; the remainder by tie-break,
        # held only when there is a remainder (no roll-off for nothing).
        top = max(scores[s] for s in reis)
        first = reis[0]
        if pot % len(reis):
            first, _ = tiebreak(m, events, [s for s in reis if scores[s] == top], "remainder")
        payout = split_pot(pot, reis, first)
        events.append(RoundWon(tuple(reis), "reis_split", pot))
        for s in reis:
            share = pot // len(reis)
            events.append(PotMoved(s, share, "share"))
            if payout[s] > share:
                events.append(PotMoved(s, payout[s] - share, "remainder"))
        winners = reis
    else:
        top = max(scores.values())
        winner, reason = tiebreak(m, events, [s for s in seats if scores[s] == top], "pot")
        payout = {winner: pot}
        events.append(RoundWon((winner,), reason, pot))
        events.append(PotMoved(winner, pot, "win"))
        winners = [winner]
    for s, amount in payout.items():
        m.money[s] += amount
    m.pot = 0
    m.last_round = {
        "round": m.round_no,
        "dealer": m.dealer,
        "order": list(show["order"]),
        "hands": {s: [c.code for c in m.hands[s]] for s in seats},
        "combinations": {s: combos[s].name for s in seats},
        "dice": {s: list(show["dice"][s]) for s in seats},
        "scores": dict(scores),
        "winners": list(winners),
        "payout": dict(payout),
        "table_bet": m.current_bet,
        "bets": dict(m.revealed_bets),
    }
    end_round(m, events)


def end_round(m: ShowdownTable, events: list[Event]) -> None:
    """Close the round: lords out of money leave, the match may end ([Y10])."""
    # Every card back together for the next shuffle.
    m.deck = Deck(standard_deck(m.jokers))
    m.hands = [[] for _ in range(m.n_seats)]
    m.table, m.table_up, m.table_by = [], [], []
    m.show = None
    m.turn += 1
    events.append(RoundEnded(m.round_no, tuple(m.money)))
    for s in m._from(m.dealer):
        if m.money[s] == 0:
            m.out[s] = True
            m.left_round[s] = m.round_no
            events.append(LordLeft(s))
    active = m.active
    nxt = m._next_active(m.dealer)
    over = sum(m.out) >= 2 or len(active) <= 1 or m.dealt[nxt]
    if not over and m.turn_limit and m.turn >= m.turn_limit:
        m.timed_out = True
        over = True
    if over:
        m.over = True
        m.phase = "over"
        events.append(MatchOver(tuple(tuple(g) for g in m.standings()), timed=m.timed_out))
        return
    m.dealer = nxt
    m._start_round(events)
