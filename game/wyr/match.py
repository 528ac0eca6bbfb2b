"""The Wyr match: bets, discard & trade, Hora da Verdade, rounds and the end.

A round: the Lorde de Wyr deals 5 cards to every lord still playing; every lord
secretly picks a bet and the picks are revealed together ([Y2]); two rounds of
discard & trade begin with the Lorde de Wyr's Mão de Wyr ([Y3], [Y4]); then the
Hora da Verdade: hands shown, dice rolled in show order, the pot paid ([Y7]-[Y9]).
The next lord deals; the match ends by [Y10]. Variants are options ([Y11]).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from game.cards import Card, Deck, standard_deck
from game.core import Action, Event, IllegalAction, Match
from game.rng import Seed
from game.wyr import showdown, views
from game.wyr.combos import Combination, best_combination
from game.wyr.records import (
    BetPlaced,
    BetsRevealed,
    CardsDrawn,
    CardsLaidDown,
    CardsReceived,
    CardsToTable,
    DealerChanged,
    FirstDealerDrawn,
    HandRevealed,
    HandsDealt,
    MulliganChoice,
    MulliganDecided,
    Pass,
    Passed,
    PickBet,
    PotPaid,
    TableCardsTaken,
    ThyatisChoice,
    Trade,
    TradeTurn,
)
from game.wyr.rules import (
    BET_CHOICES,
    HAND_SIZE,
    STARTING_MONEY,
    TRADE_ROUNDS,
    dice_count,
    group_bet,
    group_members,
    group_of,
    share_payment,
    table_bet,
)

#: Where a round stands; "show" and "resolve" only exist inside one `apply`.
PHASES = ("bet", "mulligan", "trade", "thyatis", "show", "resolve", "over")


class WyrMatch(Match):
    """A match of Wyr for 2-6 lords (see the module docstring)."""

    game_name = "wyr"

    def __init__(self, seats: list[str], seed: Seed, options: dict[str, Any]) -> None:
        super().__init__(seats, seed, options)
        n = self.n_seats
        self.jokers: int = int(options.get("hyninn", 0))
        self.nimb: bool = bool(options.get("nimb", False))
        self.azgher: bool = bool(options.get("azgher", False))
        self.thyatis: bool = bool(options.get("thyatis", False))
        self.tenebra: bool = bool(options.get("tenebra", False))
        self.groups: str = str(options.get("groups", "none"))
        self.turn_limit: int = int(options.get("turn_limit", 0))
        self.tournament: bool = bool(options.get("tournament", False))

        self.money: list[int] = [STARTING_MONEY] * n
        self.out: list[bool] = [False] * n
        #: the round in which each lord left (0 = still playing)
        self.left_round: list[int] = [0] * n
        self.dealt: list[bool] = [False] * n
        self.round_no = 0
        self.dealer = 0
        self.phase = "bet"
        self.over = False

        self.deck = Deck(standard_deck(self.jokers))
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        #: table cards, whether each lies face up, and who put it there (None = the pile)
        self.table: list[Card] = []
        self.table_up: list[bool] = []
        self.table_by: list[int | None] = []
        self.pot = 0
        self.picks: dict[int, int] = {}
        self.revealed_bets: dict[int, int] = {}
        self.current_bet: int | None = None
        self.hands_seen = False
        self.mulligan_used: list[bool] = [False] * n
        self.mulligan_queue: list[int] = []
        self.turn_order: list[int] = []
        self.turn_idx = 0
        self.history: list[dict[str, Any]] = []
        self.show: dict[str, Any] | None = None
        self.last_round: dict[str, Any] | None = None

        events: list[Event] = []
        if self.tournament:
            # [R8]: the first player (here the first Lorde de Wyr) by a random draw.
            self.dealer = self.rng.randrange(n)
            events.append(FirstDealerDrawn(self.dealer))
        self._start_round(events)
        self.start_events = events

    # ------------------------------------------------------------------
    # helpers

    @property
    def active(self) -> list[int]:
        """Seats still playing, in seating order."""
        return [s for s in range(self.n_seats) if not self.out[s]]

    def _from(self, first: int) -> list[int]:
        """Active seats in seating order starting at `first` (which must be active)."""
        n = self.n_seats
        return [(first + i) % n for i in range(n) if not self.out[(first + i) % n]]

    def _next_active(self, seat: int) -> int:
        n = self.n_seats
        for i in range(1, n + 1):
            s = (seat + i) % n
            if not self.out[s]:
                return s
        return seat

    @property
    def current(self) -> int | None:
        """The lord whose discard & trade turn it is."""
        if self.phase != "trade":
            return None
        return self.turn_order[self.turn_idx]

    @property
    def mao_de_wyr(self) -> bool:
        """True during the Lorde de Wyr's first turn of discard & trade ([Y4])."""
        return self.phase == "trade" and self.turn_idx == 0

    @property
    def dice_n(self) -> int:
        """Dice per roll ([Y7]; 3 with Nimb)."""
        return dice_count(self.nimb)

    def combination(self, seat: int) -> Combination:
        """The combination of a lord's current hand."""
        return best_combination(self.hands[seat])

    # ------------------------------------------------------------------
    # round set-up

    def _start_round(self, events: list[Event]) -> None:
        self.round_no += 1
        self.dealt[self.dealer] = True
        events.append(DealerChanged(self.dealer, self.round_no))
        self.deck = Deck(standard_deck(self.jokers))
        self.deck.shuffle(self.rng)
        self.hands = [[] for _ in range(self.n_seats)]
        self.table, self.table_up, self.table_by = [], [], []
        self.picks, self.revealed_bets, self.current_bet = {}, {}, None
        self.hands_seen = False
        self.history = []
        self.show = None
        self.turn_order, self.turn_idx = [], 0
        # Dealt one at a time from the dealer's left.
        order = self._from(self._next_active(self.dealer))
        for _ in range(HAND_SIZE):
            for s in order:
                self.hands[s].append(self.deck.draw_one())
        events.append(HandsDealt(self.dealer, tuple(order), HAND_SIZE))
        self.phase = "bet"

    def _reveal_bets(self, events: list[Event]) -> None:
        seats = tuple(self.active)
        bets = tuple(self.picks[s] for s in seats)
        self.revealed_bets = dict(self.picks)
        if self.groups == "none":
            # [Y2] individual play: the majority pick, else the lowest.
            bet = table_bet(bets)
            due = {s: min(bet, self.money[s]) for s in seats}
        else:
            # [Y2] (revised) group play: group totals must match - the lowest
            # total is every group's bet, shared out among its members.
            members = [[s for s in g if not self.out[s]] for g in self._group_list()]
            members = [g for g in members if g]
            bet = group_bet(sum(self.picks[s] for s in g) for g in members)
            due = {}
            for g in members:
                for s, amount in zip(
                    g, share_payment(bet, [self.money[s] for s in g]), strict=True
                ):
                    due[s] = amount
        self.current_bet = bet
        events.append(BetsRevealed(bets, seats, bet))
        for s in self._from(self.dealer):
            amount = due[s]
            self.money[s] -= amount
            self.pot += amount
            short = amount < bet if self.groups == "none" else self.money[s] == 0
            events.append(PotPaid(s, amount, self.pot, short))
        self.hands_seen = True
        for s in self._from(self.dealer):
            events.append(HandRevealed(s, tuple(self.hands[s])))
        if self.tournament and self.round_no == 1:
            self.mulligan_queue = self._from(self.dealer)
            self.phase = "mulligan"
        else:
            self._start_trade(events)

    def _start_trade(self, events: list[Event]) -> None:
        order = self._from(self.dealer)
        self.turn_order = order * TRADE_ROUNDS
        self.turn_idx = 0
        self.phase = "trade"
        self._begin_turn(events)

    def _begin_turn(self, events: list[Event]) -> None:
        seat = self.turn_order[self.turn_idx]
        rnd = self.turn_idx // (len(self.turn_order) // TRADE_ROUNDS) + 1
        mao = self.turn_idx == 0
        events.append(TradeTurn(seat, rnd, mao))
        if mao:
            # [Y4]: two pile cards to the table (face down under Tenebra), draw one.
            cards = self.deck.draw(2)
            self._lay(events, None, cards, source="pile")
            self._draw(events, seat, 1)

    # ------------------------------------------------------------------
    # card movements

    def _lay(self, events: list[Event], seat: int | None, cards: list[Card], source: str) -> None:
        up = not self.tenebra
        if not up and len(cards) > 1:
            # [Y11] Tenebra: face-down discards go down in no telling order. A Trade
            # lists its discards sorted, so laid as listed the last card of a throw
            # was its highest, and a blind take was not blind.
            cards = list(cards)
            self.rng.shuffle(cards)
        start = len(self.table)
        positions = tuple(range(start, start + len(cards)))
        self.table.extend(cards)
        self.table_up.extend([up] * len(cards))
        self.table_by.extend([seat] * len(cards))
        events.append(
            CardsToTable(
                -1 if seat is None else seat,
                source,
                len(cards),
                up,
                tuple(cards) if up else (),
                positions,
            )
        )
        if not up and seat is not None:
            # The one who laid them knows them ([Y11]); nobody else does ([G4]).
            events.append(CardsLaidDown(seat, tuple(cards), positions))

    def _draw(self, events: list[Event], seat: int, n: int) -> int:
        got = self.deck.draw(n)
        self.hands[seat].extend(got)
        if got:
            events.append(CardsDrawn(seat, len(got)))
            events.append(CardsReceived(seat, tuple(got)))
        return len(got)

    def _take(
        self, events: list[Event], seat: int, positions: tuple[int, ...]
    ) -> list[dict[str, Any]]:
        """Move table cards at `positions` (current indices) into a hand."""
        if not positions:
            return []
        cards = [self.table[p] for p in positions]
        taken: list[dict[str, Any]] = [
            {"card": self.table[p], "up": self.table_up[p], "by": self.table_by[p]}
            for p in positions
        ]
        blind = not all(self.table_up[p] for p in positions)
        for p in sorted(positions, reverse=True):
            del self.table[p], self.table_up[p], self.table_by[p]
        self.hands[seat].extend(cards)
        events.append(TableCardsTaken(seat, tuple(positions), () if blind else tuple(cards), blind))
        if blind:
            events.append(CardsReceived(seat, tuple(cards)))
        return taken

    # ------------------------------------------------------------------
    # the contract

    @property
    def to_move(self) -> list[int]:
        if self.over:
            return []
        if self.phase == "bet":
            return [s for s in self.active if s not in self.picks]
        if self.phase == "mulligan":
            return [self.mulligan_queue[0]]
        if self.phase == "trade":
            return [self.turn_order[self.turn_idx]]
        if self.phase == "thyatis":
            assert self.show is not None
            return [self.show["pending"]]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        if self.phase == "bet":
            return [PickBet(a) for a in BET_CHOICES]
        if self.phase == "mulligan":
            return [MulliganChoice(False), MulliganChoice(True)]
        if self.phase == "thyatis":
            return [ThyatisChoice(False), ThyatisChoice(True)]
        return self._trade_options(seat)

    def _discard_sets(self, hand: list[Card], sizes: range) -> list[tuple[Card, ...]]:
        seen: set[tuple[str, ...]] = set()
        out: list[tuple[Card, ...]] = []
        for k in sizes:
            for idx in combinations(range(len(hand)), k):
                cards = tuple(sorted(hand[i] for i in idx))
                code = tuple(c.code for c in cards)
                if code not in seen:
                    seen.add(code)
                    out.append(cards)
        return out

    def takeable(self, seat: int) -> list[int]:
        """Table positions `seat` may take: cards discarded by the other lords or
        turned up by the Mão de Wyr, never his own discards ([Y3])."""
        return [i for i, by in enumerate(self.table_by) if by != seat]

    def _trade_options(self, seat: int) -> list[Action]:
        """Every discard with every source and every choice of table cards ([Y3], [Y4]).

        The list is complete: an action `apply` accepts is always one of these.
        """
        hand = self.hands[seat]
        mao = self.mao_de_wyr
        eligible = self.takeable(seat)
        e = len(eligible)
        p = len(self.deck)
        out: list[Action] = [] if mao else [Pass()]
        extra = len(hand) - HAND_SIZE
        takes: dict[int, list[tuple[int, ...]]] = {}

        def choices(n: int) -> list[tuple[int, ...]]:
            if n not in takes:
                takes[n] = list(combinations(eligible, n))
            return takes[n]

        # Discard sets come sorted and the positions ascending (`takeable` and
        # `combinations` keep their order): each Trade is canonical as built.
        for d in self._discard_sets(hand, range(1, 4)):
            refill = len(d) - extra
            if mao and len(d) == 1:
                out.append(Trade.sorted_already(d, "none"))
                continue
            if refill <= 0:
                continue
            if p:
                short = refill - min(refill, p)
                if short <= e:
                    out.extend(Trade.sorted_already(d, "pile", t) for t in choices(short))
            if e:
                need = min(refill, e)
                if refill - need <= p:
                    out.extend(Trade.sorted_already(d, "table", t) for t in choices(need))
        return out

    def check(self, seat: int, action: Action) -> None:
        if self.phase == "bet":
            if not isinstance(action, PickBet):
                raise IllegalAction("Y2", "wyr.illegal.bet_now")
            if action.amount not in BET_CHOICES:
                raise IllegalAction("Y2", "wyr.illegal.bet_value", amount=action.amount)
            return
        if self.phase == "mulligan":
            if not isinstance(action, MulliganChoice):
                raise IllegalAction("R8", "wyr.illegal.mulligan_now")
            return
        if self.phase == "thyatis":
            if not isinstance(action, ThyatisChoice):
                raise IllegalAction("Y11", "wyr.illegal.thyatis_now")
            return
        if self.phase != "trade":
            raise IllegalAction("G3", "wyr.illegal.nothing_to_do")
        if isinstance(action, Pass):
            if self.mao_de_wyr:
                raise IllegalAction("Y4", "wyr.illegal.mao_must_choose")
            return
        if not isinstance(action, Trade):
            raise IllegalAction("Y3", "wyr.illegal.trade_now")
        self._check_trade(seat, action)

    def _check_trade(self, seat: int, action: Trade) -> None:
        hand = list(self.hands[seat])
        k = len(action.discard)
        for c in action.discard:
            if not isinstance(c, Card) or c not in hand:
                raise IllegalAction("Y3", "wyr.illegal.not_in_hand", card=str(c))
            hand.remove(c)
        mao = self.mao_de_wyr
        if mao:
            if action.source == "none":
                if k != 1:
                    raise IllegalAction("Y4", "wyr.illegal.mao_discard_one")
            elif not 2 <= k <= 3:
                raise IllegalAction("Y4", "wyr.illegal.mao_discard_count", count=k)
        elif not 1 <= k <= 3:
            raise IllegalAction("Y3", "wyr.illegal.discard_count", count=k)
        if action.source not in ("pile", "table", "none"):
            raise IllegalAction("Y3", "wyr.illegal.bad_source", source=action.source)
        if action.source == "none":
            if not mao:
                raise IllegalAction("Y3", "wyr.illegal.must_refill")
            if action.take:
                raise IllegalAction("Y4", "wyr.illegal.take_count", count=len(action.take))
            return
        refill = k - (len(self.hands[seat]) - HAND_SIZE)
        t, p = len(self.table), len(self.deck)
        eligible = self.takeable(seat)
        e = len(eligible)
        if action.source == "table":
            if t == 0:
                raise IllegalAction("Y3", "wyr.illegal.table_empty")
            if e == 0:
                raise IllegalAction("Y3", "rulings.wyr.only_own_discards")
            need = min(refill, e)
            if refill - need > p:
                raise IllegalAction("Y3", "rulings.wyr.cannot_refill")
        else:
            if p == 0:
                raise IllegalAction("Y3", "rulings.wyr.pile_empty")
            need = refill - min(refill, p)
            if need > e:
                raise IllegalAction("Y3", "rulings.wyr.cannot_refill")
        if len(action.take) != need:
            raise IllegalAction("Y3", "wyr.illegal.take_count", count=need)
        if len(set(action.take)) != len(action.take) or any(
            not isinstance(i, int) or not 0 <= i < t for i in action.take
        ):
            raise IllegalAction("Y3", "wyr.illegal.bad_position")
        if any(self.table_by[i] == seat for i in action.take):
            # [Y3] (revised): "descartadas pelos outros lordes" - never one's own.
            raise IllegalAction("Y3", "rulings.wyr.own_discard")

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, PickBet):
            self.picks[seat] = action.amount
            events.append(BetPlaced(seat))
            if all(s in self.picks for s in self.active):
                self._reveal_bets(events)
        elif isinstance(action, MulliganChoice):
            self._mulligan(events, seat, action.mulligan)
        elif isinstance(action, (Pass, Trade)):
            self._trade(events, seat, action)
        elif isinstance(action, ThyatisChoice):
            showdown.thyatis(self, events, seat, action.reroll)
        return events

    # ------------------------------------------------------------------
    # phases

    def _mulligan(self, events: list[Event], seat: int, take: bool) -> None:
        self.mulligan_queue.pop(0)
        events.append(MulliganDecided(seat, take))
        if take:
            # [R8]: the hand goes back, the pile is reshuffled, a new hand is drawn.
            self.mulligan_used[seat] = True
            self.deck.put_top(self.hands[seat])
            self.hands[seat] = []
            self.deck.shuffle(self.rng)
            self.hands[seat] = self.deck.draw(HAND_SIZE)
            events.append(HandRevealed(seat, tuple(self.hands[seat])))
        if not self.mulligan_queue:
            self._start_trade(events)

    def _trade(self, events: list[Event], seat: int, action: Pass | Trade) -> None:
        rnd = self.turn_idx // (len(self.turn_order) // TRADE_ROUNDS) + 1
        entry: dict[str, Any] = {"seat": seat, "trade_round": rnd, "mao_de_wyr": self.mao_de_wyr}
        if isinstance(action, Pass):
            events.append(Passed(seat))
            entry.update(kind="pass", discards=[], source="none", taken=[], drawn=0)
        else:
            hand = self.hands[seat]
            for c in action.discard:
                hand.remove(c)
            refill = len(action.discard) - (len(hand) + len(action.discard) - HAND_SIZE)
            before = len(self.table)
            # Discards go down first (face up, or face down with Tenebra) ...
            self._lay(events, seat, list(action.discard), source="hand")
            discards = [{"card": c, "up": not self.tenebra, "by": seat} for c in action.discard]
            drawn = 0
            taken: list[dict[str, Any]] = []
            # ... then the refill from the chosen source, completed from the other ([Y3]).
            if action.source == "table":
                taken = self._take(events, seat, action.take)
                drawn = self._draw(events, seat, refill - len(taken))
            elif action.source == "pile":
                drawn = self._draw(events, seat, refill)
                taken = self._take(events, seat, action.take)
            assert len(self.table) == before - len(taken) + len(action.discard)
            entry.update(
                kind="trade",
                discards=discards,
                source=action.source,
                taken=taken,
                drawn=drawn,
            )
        self.history.append(entry)
        self.turn_idx += 1
        if self.turn_idx >= len(self.turn_order):
            showdown.hora_da_verdade(self, events)
        else:
            self._begin_turn(events)

    # ------------------------------------------------------------------
    # results

    def _group_list(self) -> list[list[int]]:
        return group_members(self.n_seats, self.groups)

    def _unit_of(self, seat: int) -> int:
        return group_of(seat, self.n_seats, self.groups)

    def _unit_totals(self) -> list[int]:
        return [sum(self.money[s] for s in g) for g in self._group_list()]

    def _azgher_contenders(self) -> list[bool]:
        """[Y11] (revised) Azgher: the units that may win. A lord still playing; in
        groups, a group none of whose members is out ("não são válidos"); when no
        group is whole, the groups with the most members still in."""
        still_in = [sum(1 for s in g if not self.out[s]) for g in self._group_list()]
        whole = [n == len(g) for n, g in zip(still_in, self._group_list(), strict=True)]
        if any(whole):
            return whole
        most = max(still_in)
        return [most > 0 and n == most for n in still_in]

    def distance_to_victory(self, seat: int) -> float:
        """Money behind the best (least money ahead under Azgher) ([R7], [Y10])."""
        totals = self._unit_totals()
        u = self._unit_of(seat)
        if self.azgher:
            # Only lords (whole groups) still playing may win under Azgher ([Y11]).
            alive = self._azgher_contenders()
            if not alive[u]:
                return float(STARTING_MONEY * self.n_seats + 1)
            best = min(t for t, a in zip(totals, alive, strict=True) if a)
            return float(totals[u] - best)
        return float(max(totals) - totals[u])

    def standings(self) -> list[list[int]]:
        """By distance to victory; among lords out at equal distance, later leavers first."""

        def key(s: int) -> tuple[float, int]:
            d = self.distance_to_victory(s)
            if self.groups != "none":
                return (d, 0)  # a group shares one place
            return (d, -(self.left_round[s] or self.round_no + 1))

        seats = sorted(range(self.n_seats), key=key)
        out: list[list[int]] = []
        for s in seats:
            if out and key(out[-1][0]) == key(s):
                out[-1].append(s)
            else:
                out.append([s])
        return out

    # ------------------------------------------------------------------
    # views (game/wyr/views.py)

    def public_view(self) -> dict[str, Any]:
        return views.seat_view(self, None)

    def view(self, seat: int) -> dict[str, Any]:
        return views.seat_view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        return views.snapshot(self)
