"""The luck of the dice cards, taken out of the chip count of a simulation.

A seat's *due* at some moment of a hand is its expected take from the pots if
the missing dice cards were rolled out there and then ([T5]), counted exactly
over every way they can fall. When a dice card is rolled, the luck of that roll
is how much it moved each seat's due; when nobody can bet any more and the rest
is rolled at once, it is the chips taken less the chips due. The simulation
runner (`taverna simulate`) reports chips won with that luck taken out beside
the chips won: both measure the same thing on average (every roll is
independent of all before it, so each roll's luck averages to nothing whatever
the players do), but the second varies far less, because the big pots are the
ones the dice swing most. This is the all-in adjusted count of poker bot
evaluation, extended to the rolls between betting rounds (a control variate
in the manner of AIVAT).

Nothing here is seen by a bot or a table: the simulation's referee reads the
match after each action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product
from typing import Any

from game.cards import Card
from game.core import Event
from game.wyrt import evaluator as ev
from game.wyrt.dice_cards import value_probabilities
from game.wyrt.pots import build_pots, split, uncalled
from game.wyrt.records import (
    CardsDealt,
    DiceCardRolled,
    HandShown,
    PlayerAllIn,
    PlayerCalled,
    PlayerRaised,
    PotWon,
    RunOut,
    UncalledReturned,
)

#: every distinct dice card with its chance (each suit 1/4, the value from two dice)
DICE_CHANCES: tuple[tuple[Card, float], ...] = tuple(
    (Card(v, s), p / 4) for s in ("H", "S", "D", "C") for v, p in value_probabilities().items()
)


def runout_due(
    hands: Mapping[int, Sequence[Card]],
    board: Sequence[Card],
    contrib: Sequence[int],
    buck: int,
) -> list[float]:
    """Chips each seat takes back, on average, from a hand rolled out from here.

    `hands` holds the cards of the seats still in the hand, `board` the dice
    cards already out, `contrib` every seat's chips in the pot (folded seats'
    too). The pots are built and split as at the showdown (`WyrtMatch._showdown`:
    the uncalled part returned first, odd chips from the buck's left), once for
    every way the missing dice cards can fall, weighted by its chance.
    """
    n = len(contrib)
    chips = list(contrib)
    due = [0.0] * n
    seat, extra = uncalled(chips)
    if extra > 0:
        chips[seat] -= extra
        due[seat] += extra
    pots = build_pots(chips, [s in hands for s in range(n)])
    ev.warm_up()
    codes = {s: [ev.card_code(c) for c in cards] for s, cards in hands.items()}
    shown = [ev.card_code(c) for c in board]
    missing = max(0, 2 - len(board))
    for rolled in product(DICE_CHANCES, repeat=missing):
        chance = 1.0
        extra_codes = []
        for card, p in rolled:
            chance *= p
            extra_codes.append(ev.card_code(card))
        scores = {s: ev.score_codes(c + shown + extra_codes) for s, c in codes.items()}
        for pot in pots:
            best = max(scores[s] for s in pot.eligible)
            winners = [s for s in pot.eligible if scores[s] == best]
            for s, amount in split(pot.amount, winners, buck, n).items():
                due[s] += chance * amount
    return due


class DiceLuck:
    """Follows a Wyrt match action by action and sums, per seat, the luck of
    every dice card rolled (see the module doc).

    Feed it the match once before the first action (the constructor) and after
    every action (`after`); `luck[s]` is then what seat s won by the dice alone:
    subtract it from his chips for the adjusted count.
    """

    def __init__(self, match: Any) -> None:
        self.luck = [0.0] * len(match.contrib)
        self.adjusted = 0  # run-outs counted
        self.rolls = 0  # dice cards rolled between betting rounds, counted
        self.skipped = 0  # rolls left as they fell (a relic bent them)
        self._remember(match)

    @property
    def counted(self) -> int:
        """Chance events whose luck was taken out (run-outs and single rolls)."""
        return self.adjusted + self.rolls

    def _remember(self, match: Any) -> None:
        self._contrib = list(match.contrib)
        self._board = list(match.board)
        self._buck = int(match.buck)
        self._masked = bool(match.mask)

    def after(self, match: Any, seat: int, events: Sequence[Event]) -> None:
        """Count the run-out `events` hold, if any, then remember the new state."""
        start = next((i for i, e in enumerate(events) if isinstance(e, RunOut)), -1)
        if start >= 0:
            self._count(events, start)
        elif any(isinstance(e, DiceCardRolled) for e in events):
            self._count_roll(match, events)
        self._remember(match)

    def _count_roll(self, match: Any, events: Sequence[Event]) -> None:
        """A dice card rolled for the next betting round: its luck is how much it
        moved each seat's due (the pot and the hands are as they were)."""
        rolled = [e for e in events if isinstance(e, DiceCardRolled)]
        board = list(match.board)
        if (
            len(rolled) != 1
            or rolled[0].forced_suit
            or match.mask
            or not board
            or board[-1] != rolled[0].card
        ):
            self.skipped += 1
            return
        live = [s for s in range(len(match.contrib)) if match.in_hand[s] and not match.folded[s]]
        hands = {s: tuple(match.hands[s]) for s in live}
        before = runout_due(hands, board[:-1], match.contrib, match.buck)
        after = runout_due(hands, board, match.contrib, match.buck)
        for s in live:
            self.luck[s] += after[s] - before[s]
        self.rolls += 1

    def _count(self, events: Sequence[Event], start: int) -> None:
        contrib = list(self._contrib)
        fresh = False  # a new hand dealt before the run-out: the state kept is stale
        for e in events[:start]:
            if isinstance(e, (PlayerCalled, PlayerRaised, PlayerAllIn)):
                contrib[e.seat] += e.amount
            fresh = fresh or isinstance(e, CardsDealt)
        run_out = events[start]
        assert isinstance(run_out, RunOut)
        hands: dict[int, tuple[Card, ...]] = {}
        took = [0.0] * len(contrib)
        forced = False
        for e in events[start:]:
            if isinstance(e, HandShown):
                hands[e.seat] = e.cards
            elif isinstance(e, PotWon):
                for s, amount in zip(e.winners, e.shares, strict=True):
                    took[s] += amount
            elif isinstance(e, UncalledReturned):
                took[e.seat] += e.amount
            elif isinstance(e, DiceCardRolled):
                forced = forced or e.forced_suit
        # A relic that disguised a card or forced a suit bends the hand or the
        # roll: those run-outs (Mão do Morto only) stay as they fell. So does
        # one whose chips do not add up, which would be a misreading here.
        if (
            forced
            or fresh
            or self._masked
            or set(hands) != set(run_out.seats)
            or abs(sum(took) - sum(contrib)) > 0
        ):
            self.skipped += 1
            return
        due = runout_due(hands, self._board, contrib, self._buck)
        for s in range(len(contrib)):
            self.luck[s] += took[s] - due[s]
        self.adjusted += 1
