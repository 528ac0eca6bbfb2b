"""What the Wyr table shows right now, moved on event by event.

The engine applies a whole action at once; the table plays its events one by
one, so it keeps this *shown* copy of the view (money, pot, bets, notes, the
score board) and lets each event move it. Whenever nothing moves it is snapped
back to the match's view (`snap`), so a drift can never last ([G4]).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.cards import Card
from game.wyr import records as R
from scenes.tables.wyr.model import BetReveal, ScoreBoard


def copy_view(view: dict[str, Any]) -> dict[str, Any]:
    """A copy of the view that events may move on (only these fields change)."""
    shown = dict(view)
    for key in ("dealt", "out", "money"):
        shown[key] = list(view[key])
    shown["trade"] = dict(view["trade"]) if view.get("trade") else None
    return shown


@dataclass
class WyrShown:
    """The Wyr table as drawn (one object for the table's life: `snap` renews it)."""

    #: the view as of the last snap, moved on by each event played
    view: dict[str, Any]
    #: each lord's money and the pot, as the chips have landed so far
    money: list[int]
    pot: int
    #: bet pucks in front of seats: None = a secret pick, else the revealed value
    bet_marks: dict[int, int | None] = field(default_factory=dict)
    #: a word on each lord's plate: (text, kind)
    notes: dict[int, tuple[str, str]] = field(default_factory=dict)
    #: why the table bet is what it is, once the bets are turned over
    reveal: BetReveal | None = None
    board: ScoreBoard | None = None
    #: whose trade turn it is on screen
    turn_seat: int | None = None
    #: the Mão de Wyr's extra card, marked in the viewer's hand ([Y4])
    mao_card: Card | None = None
    #: the viewer's own last trade: his discards, before an event names them
    my_trade: R.Trade | None = None

    @staticmethod
    def from_view(view: dict[str, Any]) -> WyrShown:
        """Everything as the match's view has it now."""
        return WyrShown(copy_view(view), list(view["money"]), int(view["pot"]))

    def snap(self, view: dict[str, Any]) -> None:
        """Back to the match's view: its copy, the money and the pot."""
        self.view = copy_view(view)
        self.money = list(view["money"])
        self.pot = int(view["pot"])
