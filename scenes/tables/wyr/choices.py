"""The discard & trade selection: which cards go, where the refill comes from.

Everything the controls offer is read from the engine's `legal_actions` ([Y3],
[Y4]): the sources a discard may use, the table cards it may take and how many.
The engine stays the judge; this only turns clicks into one `Trade` or `Pass`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game import Action
from game.cards import Card
from game.wyr.records import Pass, Trade
from game.wyr.rules import HAND_SIZE

#: How many cards a lord may discard in one turn ([Y3], [Y4]).
MAX_DISCARD = 3


@dataclass
class TradeChoice:
    """A lord's selection during his discard & trade turn.

    `selected` are indices into `hand`; `takes` are table positions, in the
    order they were clicked.
    """

    hand: list[Card]
    legal: list[Action]
    mao: bool
    table_size: int
    selected: list[int] = field(default_factory=list)
    takes: list[int] = field(default_factory=list)

    # -- reading the legal actions ------------------------------------------------
    @property
    def discard(self) -> tuple[Card, ...]:
        """The selected cards, sorted as the engine lists discards."""
        return tuple(sorted(self.hand[i] for i in self.selected))

    def _trades(self, discard: tuple[Card, ...] | None = None) -> list[Trade]:
        d = self.discard if discard is None else discard
        return [a for a in self.legal if isinstance(a, Trade) and a.discard == d]

    def sources(self) -> set[str]:
        """The refill sources open to the current selection ("pile", "table", "none")."""
        return {a.source for a in self._trades()}

    @property
    def can_pass(self) -> bool:
        """Passing is open (never in the Mão de Wyr, [Y4]) and nothing is selected."""
        return not self.selected and any(isinstance(a, Pass) for a in self.legal)

    @property
    def refill(self) -> int:
        """Cards the selection leaves to refill (the Mão de Wyr holds one extra)."""
        return len(self.selected) - (len(self.hand) - HAND_SIZE)

    def need(self, source: str) -> int:
        """How many table positions a trade from `source` names for this selection."""
        sizes = {len(a.take) for a in self._trades() if a.source == source}
        return min(sizes) if sizes else 0

    def takeable(self) -> set[int]:
        """Table positions some legal trade may take (for this selection, if any)."""
        trades = (
            self._trades() if self.selected else [a for a in self.legal if isinstance(a, Trade)]
        )
        out: set[int] = set()
        for a in trades:
            if a.source == "table" or (self.selected and a.take):
                out.update(a.take)
        return out

    # -- clicks ----------------------------------------------------------------------
    def toggle_card(self, index: int) -> str | None:
        """Select or unselect a hand card; a reason key when refused."""
        if index in self.selected:
            self.selected.remove(index)
            self._trim_takes()
            return None
        if len(self.selected) >= MAX_DISCARD:
            return "wyrtable.trade.max_three"
        self.selected.append(index)
        self._trim_takes()
        return None

    def toggle_take(self, position: int) -> str | None:
        """Choose or drop a table card to take; a reason key when refused."""
        if position in self.takes:
            self.takes.remove(position)
            return None
        if not self.selected:
            return "wyrtable.trade.discard_first"
        if position not in self.takeable():
            ever = {p for a in self.legal if isinstance(a, Trade) for p in a.take}
            if position not in ever:
                return "wyrtable.trade.not_takeable"  # no discard may take it: his own
            # another discard could take it: say which, not "your own discards"
            return "wyrtable.trade.mao_two_three" if self.mao else "wyrtable.trade.no_table_for_you"
        limit = max(self.need("table"), self.need("pile"))
        if limit and len(self.takes) >= limit:
            self.takes.pop(0)  # the oldest choice gives way, like a radio group
        self.takes.append(position)
        return None

    def _trim_takes(self) -> None:
        ok = self.takeable()
        self.takes = [p for p in self.takes if p in ok]
        limit = max(self.need("table"), self.need("pile"))
        if len(self.takes) > limit:
            self.takes = self.takes[len(self.takes) - limit :]

    def clear(self) -> None:
        """Drop the whole selection."""
        self.selected.clear()
        self.takes.clear()

    # -- the action ------------------------------------------------------------------
    def build(self, source: str) -> Action | str:
        """The action for `source` ("pass", "pile", "table", "none") or a reason key."""
        if source == "pass":
            if self.mao:
                return "wyr.illegal.mao_must_choose"
            if self.selected:
                return "wyrtable.trade.unselect_to_pass"
            return Pass()
        if not self.selected:
            return "wyrtable.trade.select_first"
        trades = [a for a in self._trades() if a.source == source]
        if not trades:
            return self._why_not(source)
        need = len(trades[0].take)
        if need == 0:
            return trades[0]
        if source == "pile" and len(self.takes) != need:
            return trades[0]  # the pile runs short: the engine's completion stands
        if len(self.takes) != need:
            return "wyrtable.trade.choose_table"
        wanted = set(self.takes)
        for a in trades:
            if set(a.take) == wanted:
                return a
        # The engine validates what it did not list ([G3]); it names the rule if wrong.
        return Trade(self.discard, source, tuple(sorted(self.takes)))

    def _why_not(self, source: str) -> str:
        k = len(self.selected)
        if self.mao:
            if source == "none":
                return "wyrtable.trade.mao_one_only"
            return "wyrtable.trade.mao_two_three"
        if source == "table" and self.table_size == 0:
            return "wyr.illegal.table_empty"
        if source == "table":
            return "wyrtable.trade.no_table_for_you"
        if k > MAX_DISCARD:
            return "wyrtable.trade.max_three"
        return "wyrtable.trade.select_first"
