"""What the Wyrt table shows right now, moved step by step by engine events.

The engine applies a whole action at once (a call that ends a round also rolls
the dice card and may finish the hand); the table animates its events one by
one, so it keeps this *shown* copy of stacks, bets, pots, markers and cards
and lets each event move it. When nothing is animating it is re-read from the
match's view, so a drift can never last.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.cards import Card
from game.wyrt.pots import Pot, build_pots


@dataclass(frozen=True)
class Act:
    """What a seat did, kept as a message key and a raw amount: worded only when
    drawn, so a switch of language rewords it (money is grouped differently)."""

    key: str
    amount: int | None = None


@dataclass
class Shown:
    """The table as drawn."""

    n: int
    stacks: list[int]
    bets: list[int] = field(default_factory=list)
    contrib: list[int] = field(default_factory=list)
    in_hand: list[bool] = field(default_factory=list)
    folded: list[bool] = field(default_factory=list)
    all_in: list[bool] = field(default_factory=list)
    status: list[str] = field(default_factory=list)
    board: list[Card] = field(default_factory=list)
    hand: int = 0
    buck: int = -1
    small_blind: int = -1
    big_blind: int = -1
    straddle: int = -1
    #: the last thing each seat did this round ("Check", "Raise to T$ 60" …)
    last_act: dict[int, Act] = field(default_factory=dict)
    #: seat -> id of the hand category shown at the showdown ("two_pair")
    shown_category: dict[int, str] = field(default_factory=dict)
    #: seats that won something this hand
    winners: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        n = self.n
        for name, empty in (
            ("bets", 0),
            ("contrib", 0),
            ("in_hand", False),
            ("folded", False),
            ("all_in", False),
            ("status", "playing"),
        ):
            if len(getattr(self, name)) != n:
                setattr(self, name, [empty] * n)

    @staticmethod
    def from_view(view: dict[str, Any]) -> Shown:
        """Everything as the match's view has it now."""
        seats = view["seats"]
        in_betting = view["phase"] in ("betting", "straddle")
        s = Shown(
            n=len(seats),
            stacks=[x["stack"] for x in seats],
            bets=[x["bet"] if in_betting else 0 for x in seats],
            contrib=[x["contributed"] if in_betting else 0 for x in seats],
            in_hand=[bool(x["in_hand"]) for x in seats],
            folded=[bool(x["folded"]) for x in seats],
            all_in=[bool(x["all_in"]) for x in seats],
            status=[x["status"] for x in seats],
            board=[Card.from_code(c) for c in view["board"]] if in_betting else [],
            hand=view["hand"],
            buck=view["buck"],
            small_blind=view["small_blind_seat"],
            big_blind=view["big_blind_seat"],
            straddle=view["straddle_seat"] if view["straddled"] else -1,
        )
        return s

    def new_hand(self, hand: int, buck: int, small: int, big: int) -> None:
        """A hand starts: bets, cards and round words cleared."""
        self.hand, self.buck, self.small_blind, self.big_blind = hand, buck, small, big
        self.straddle = -1
        self.bets = [0] * self.n
        self.contrib = [0] * self.n
        self.folded = [False] * self.n
        self.all_in = [False] * self.n
        self.in_hand = [self.status[s] == "playing" and self.stacks[s] > 0 for s in range(self.n)]
        self.board = []
        self.last_act = {}
        self.shown_category = {}
        self.winners = set()

    def put(self, seat: int, amount: int, all_in: bool = False) -> None:
        """Chips from a stack to the bet in front of it."""
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.contrib[seat] += amount
        if all_in or self.stacks[seat] <= 0:
            self.all_in[seat] = True

    def live(self) -> list[bool]:
        """Seats still in the hand (dealt in, not folded)."""
        return [self.in_hand[s] and not self.folded[s] for s in range(self.n)]

    def gathered(self) -> list[int]:
        """Each seat's chips already in the pots (bets of this round not yet)."""
        return [c - b for c, b in zip(self.contrib, self.bets, strict=True)]

    def pots(self) -> list[Pot]:
        """The pots in the middle (main pot first), from the chips gathered so far."""
        g = self.gathered()
        if sum(g) <= 0:
            return []
        live = self.live()
        if not any(live):
            live = [c > 0 for c in g]
        return build_pots(g, live)

    def pot_total(self) -> int:
        """Everything bet this hand (in the pots and in front of the seats)."""
        return sum(self.contrib)
