"""The War match: setup, turns, trades, battles, moves, eliminations, victory.

Rule references are the ids of RULINGS.md ([W1]-[W11]). Territories are kept
by board index internally (`owner`, `armies`); actions, events and views use
the board names.
"""

from __future__ import annotations

from typing import Any

from game.core import Action, Event, Match, MatchOver
from game.dice import roll, roll_off
from game.rng import Seed
from game.war import records as R
from game.war import refusals, views
from game.war.board import BOARD, FULL_DECK, JOKER
from game.war.objectives import (
    COLORS,
    FALLBACK_ID,
    OBJECTIVE_BY_ID,
    OBJECTIVES,
    Objective,
    continents_held,
    distance,
    missing_territories,
    objectives_in_play,
)
from game.war.odds import resolve_battle
from game.war.phases import (
    ELIMINATION_HAND_LIMIT,
    FORCED_TRADE_AT,
    N_TERRITORIES,
    PHASE_ATTACK,
    PHASE_MOVE,
    PHASE_OCCUPY,
    PHASE_OVER,
    PHASE_REINFORCE,
)
from game.war.trades import possible_sets, trade_value


def assign_colors(choices: list[str], n_seats: int, rng: Any) -> list[str]:
    """Colours per seat: fixed choices kept, "random" ones drawn from the rest."""
    wanted = list(choices) if len(choices) == n_seats else ["random"] * n_seats
    free = [c for c in COLORS if c not in wanted]
    rng.shuffle(free)
    out = []
    for c in wanted:
        out.append(free.pop() if c == "random" else c)
    return out


class WarMatch(Match):
    """A game of War for 2-6 players."""

    game_name = "war"

    def __init__(self, seats: list[str], seed: Seed, options: dict[str, Any]) -> None:
        super().__init__(seats, seed, options)
        n = self.n_seats
        self.owner: list[int] = [-1] * N_TERRITORIES
        self.armies: list[int] = [0] * N_TERRITORIES
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[str] = []  # top is the end of the list
        self.pile: list[str] = []
        self.trades = 0
        self.alive: list[bool] = [True] * n
        self.eliminated_by: list[int | None] = [None] * n
        self.eliminated_order: list[int] = []
        self.winner: int | None = None
        self.round = 1
        self.phase = PHASE_REINFORCE
        self.current = 0
        self.pending_free = 0
        self.pending_continents: dict[str, int] = {}
        self.reinforcement: dict[str, Any] = {}
        self.conquered = False
        self.occupy: tuple[int, int, int] | None = None  # source, target, max armies
        self.movable: list[int] = [0] * N_TERRITORIES
        self.last_battle: dict[str, Any] | None = None
        # Public history a watcher could note down (bots infer objectives from it).
        n_cont = len(BOARD.continents)
        self.placed: list[list[int]] = [[0] * n_cont for _ in range(n)]
        self.taken: list[list[int]] = [[0] * n_cont for _ in range(n)]
        self.attacks: list[list[int]] = [[0] * n for _ in range(n)]
        #: turn number of each seat's latest conquest (0 = none yet)
        self.last_conquest: list[int] = [0] * n
        # Armies bookkeeping for the conservation invariant.
        self.armies_added = 0
        self.armies_lost = 0
        self._setup()

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        n = self.n_seats
        ev = self.start_events
        self.colors = assign_colors(list(self.options.get("colors") or []), n, self.rng)
        ev.append(R.ColorsAssigned(tuple(self.colors)))
        # [W1] destroy cards of absent colours leave the objective deck.
        deck = objectives_in_play(self.colors)
        removed = tuple(o.id for o in OBJECTIVES if o not in deck)
        ev.append(R.ObjectivesPrepared(removed, len(deck)))
        self.rng.shuffle(deck)
        self.objective_card: list[str] = []
        self.objective_active: list[str] = []
        for seat in range(n):
            card = deck.pop()
            active = card.id
            if card.destroy == self.colors[seat]:
                active = FALLBACK_ID  # [W1] one's own colour: conquer 24 instead
            self.objective_card.append(card.id)
            self.objective_active.append(active)
            ev.append(R.ObjectiveDealt(seat, card.id, active))
        # [W2] the highest die deals (roll-offs among tied players).
        dealer, rounds = roll_off(self.rng, list(range(n)), n=1)
        self.dealer = dealer
        rolls = tuple({s: d[0] for s, d in r.items()} for r in rounds)
        # Territory cards without jokers, dealt one at a time from the dealer's left.
        cards = list(BOARD.territories)
        self.rng.shuffle(cards)
        order: list[str] = []
        seat = dealer
        for t in cards:
            seat = (seat + 1) % n
            i = BOARD.index[t]
            self.owner[i] = seat
            self.armies[i] = 1
            order.append(t)
        self.armies_added += N_TERRITORIES
        self.first_player = (seat + 1) % n
        ev.append(R.DealerChosen(rolls, dealer))
        ev.append(
            R.TerritoriesDealt(
                dealer,
                tuple(order),
                {t: self.owner[BOARD.index[t]] for t in order},
                self.first_player,
            )
        )
        self.deck = list(FULL_DECK)
        self.rng.shuffle(self.deck)
        ev.append(R.DeckShuffled(len(self.deck)))
        ev.extend(self._start_turn(self.first_player, new_round=False))

    # --------------------------------------------------------------- helpers

    def objective_of(self, seat: int) -> Objective:
        """The objective `seat` plays for now (after any fallback)."""
        return OBJECTIVE_BY_ID[self.objective_active[seat]]

    def territories_of(self, seat: int) -> list[int]:
        """Board indices of the territories `seat` holds."""
        return [i for i, o in enumerate(self.owner) if o == seat]

    def seat_of_color(self, color: str) -> int | None:
        """The seat playing `color`, if any."""
        return self.colors.index(color) if color in self.colors else None

    @property
    def pending_total(self) -> int:
        """Armies still to place this reinforcement step."""
        return self.pending_free + sum(self.pending_continents.values())

    @property
    def must_trade(self) -> bool:
        """[W5] five cards in hand force a trade before placing."""
        return self.phase == PHASE_REINFORCE and len(self.hands[self.current]) >= FORCED_TRADE_AT

    def missing(self, seat: int) -> int:
        """Territories `seat` still has to take for its objective."""
        obj = self.objective_of(seat)
        target = 0
        if obj.kind == "destroy":
            ts = self.seat_of_color(obj.destroy)
            target = 0 if ts is None else sum(1 for o in self.owner if o == ts)
        return missing_territories(obj, self.owner, self.armies, seat, target)

    def achieved(self, seat: int) -> bool:
        """Whether `seat` meets its objective right now ([W11])."""
        if not self.alive[seat] or self.phase == PHASE_OCCUPY:
            return False
        obj = self.objective_of(seat)
        if obj.kind == "destroy":
            ts = self.seat_of_color(obj.destroy)
            return ts is not None and not self.alive[ts] and self.eliminated_by[ts] == seat
        return self.missing(seat) == 0

    # ------------------------------------------------------------ turn flow

    def _start_turn(self, seat: int, *, new_round: bool) -> list[Event]:
        self.current = seat
        if new_round:
            self.round += 1
        self.turn += 1
        self.phase = PHASE_REINFORCE
        self.conquered = False
        self.occupy = None
        self.movable = [0] * N_TERRITORIES
        events: list[Event] = [R.TurnStarted(seat, self.turn, self.round)]
        # [W11] an objective met at the start of one's turn wins at once.
        if self.achieved(seat):
            return events + self._victory(seat)
        # [W3] max(3, territories // 2) plus whole continents' bonuses.
        count = sum(1 for o in self.owner if o == seat)
        base = max(3, count // 2)
        held = continents_held(self.owner, seat)
        bonus = {c: BOARD.bonus(c) for c in held}
        self.pending_free = base
        self.pending_continents = dict(bonus)
        self.reinforcement = {
            "territories": count,
            "base": base,
            "continents": dict(bonus),
            "trades": 0,
            "trade_bonus": {},
        }
        events.append(
            R.ReinforcementsReceived(seat, count, base, bonus, base + sum(bonus.values()))
        )
        return events

    def _next_seat(self) -> int:
        n = self.n_seats
        s = self.current
        for _ in range(n):
            s = (s + 1) % n
            if self.alive[s]:
                return s
        return self.current

    def _end_turn(self) -> list[Event]:
        seat = self.current
        events: list[Event] = []
        # [W9] one card for a turn with at least one conquest.
        if self.conquered:
            if not self.deck and self.pile:
                self.deck = list(self.pile)
                self.pile = []
                self.rng.shuffle(self.deck)
                events.append(R.DeckReshuffled(len(self.deck)))
            if self.deck:
                card = self.deck.pop()
                self.hands[seat].append(card)
                events.append(R.CardDrawn(seat, card))
        events.append(R.TurnEnded(seat))
        limit = int(self.options.get("turn_limit", 0) or 0)
        if limit and self.turn >= limit:
            self.timed_out = True
            self.phase = PHASE_OVER
            events.append(R.TimeUp(self.turn))
            events.append(R.ObjectivesRevealed(dict(enumerate(self.objective_card))))
            events.append(MatchOver(self._standings_tuple(), timed=True))
            return events
        nxt = self._next_seat()
        n = self.n_seats
        # A new round starts when play passes the first player's chair again.
        new_round = (nxt - self.first_player) % n <= (seat - self.first_player) % n
        events.extend(self._start_turn(nxt, new_round=new_round))
        return events

    def _victory(self, seat: int) -> list[Event]:
        self.winner = seat
        self.phase = PHASE_OVER
        return [
            R.ObjectiveAchieved(seat, self.objective_card[seat], self.objective_active[seat]),
            R.ObjectivesRevealed(dict(enumerate(self.objective_card))),
            MatchOver(self._standings_tuple()),
        ]

    def _standings_tuple(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(g) for g in self.standings())

    # ---------------------------------------------------------- the contract

    @property
    def to_move(self) -> list[int]:
        """The player whose turn it is (empty once over)."""
        return [] if self.phase == PHASE_OVER else [self.current]

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action (placements and move sizes are representative)."""
        if seat not in self.to_move:
            return []
        out: list[Action] = []
        if self.phase == PHASE_REINFORCE:
            out.extend(R.Trade(s) for s in possible_sets(self.hands[seat]))
            if not self.must_trade:
                out.extend(self._sample_placements(seat))
        elif self.phase == PHASE_ATTACK:
            for s in self.territories_of(seat):
                if self.armies[s] < 2:
                    continue
                for t in BOARD.adj_idx[s]:
                    if self.owner[t] != seat:
                        for d in range(1, min(3, self.armies[s] - 1) + 1):
                            out.append(R.Attack(BOARD.territories[s], BOARD.territories[t], d))
            out.append(R.EndAttacks())
            out.append(R.EndTurn())
        elif self.phase == PHASE_OCCUPY:
            assert self.occupy is not None
            out.extend(R.Occupy(c) for c in range(1, self.occupy[2] + 1))
        elif self.phase == PHASE_MOVE:
            for s in self.territories_of(seat):
                m = self.movable[s]
                if m <= 0:
                    continue
                for t in BOARD.adj_idx[s]:
                    if self.owner[t] == seat:
                        src, dst = BOARD.territories[s], BOARD.territories[t]
                        out.append(R.Move(src, dst, m))
                        if m > 1:
                            out.append(R.Move(src, dst, 1))
            out.append(R.EndTurn())
        return out

    def _sample_placements(self, seat: int) -> list[R.Place]:
        """A few whole placements: everything on one front territory (continent
        bonuses on that continent's most exposed territory), and an even spread."""
        mine = self.territories_of(seat)
        front = [i for i in mine if any(self.owner[j] != seat for j in BOARD.adj_idx[i])] or mine

        def cont_spot(c: str) -> int:
            idx = BOARD.members_idx[BOARD.continents.index(c)]
            exposed = [i for i in idx if i in front]
            return (exposed or list(idx))[0]

        bound: dict[int, int] = {}
        for c, k in self.pending_continents.items():
            if k:
                spot = cont_spot(c)
                bound[spot] = bound.get(spot, 0) + k
        plans: list[dict[int, int]] = []
        step = max(1, len(front) // 6)
        for i in front[::step][:6]:
            p = dict(bound)
            if self.pending_free:
                p[i] = p.get(i, 0) + self.pending_free
            plans.append(p)
        spread = dict(bound)
        for k in range(self.pending_free):
            i = front[k % len(front)]
            spread[i] = spread.get(i, 0) + 1
        plans.append(spread)
        out: list[R.Place] = []
        for p in plans:
            action = R.Place({BOARD.territories[i]: c for i, c in sorted(p.items()) if c > 0})
            if action not in out:
                out.append(action)
        return out

    # ------------------------------------------------------------ validation
    def check(self, seat: int, action: Action) -> None:
        """Raise `IllegalAction` naming the rule when `action` is refused ([G3])."""
        refusals.check(self, seat, action)

    # ------------------------------------------------------------- applying

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, R.Trade):
            events = self._do_trade(seat, action)
        elif isinstance(action, R.Place):
            events = self._do_place(seat, action)
        elif isinstance(action, R.Attack):
            events = self._do_attack(seat, action)
        elif isinstance(action, R.Occupy):
            events = self._do_occupy(seat, action)
        elif isinstance(action, R.EndAttacks):
            events = self._start_moves(seat)
        elif isinstance(action, R.Move):
            s, t = BOARD.index[action.source], BOARD.index[action.target]
            self.armies[s] -= action.count
            self.armies[t] += action.count
            self.movable[s] -= action.count  # [W8] arrivals may not move on
            events = [R.ArmiesMoved(seat, action.source, action.target, action.count)]
        elif isinstance(action, R.EndTurn):
            events = []
            if self.phase == PHASE_ATTACK:
                events.extend(self._start_moves(seat))
            return events + self._end_turn()
        else:  # pragma: no cover - check() refuses everything else
            raise AssertionError(action)
        if self.phase != PHASE_OVER:
            # [W11] (revised): whoever meets his objective wins at once, on anyone's
            # turn (the player to move first, then the others in seating order).
            n = self.n_seats
            for s in ((self.current + i) % n for i in range(n)):
                if self.achieved(s):
                    events.extend(self._victory(s))
                    break
        return events

    def _do_trade(self, seat: int, action: R.Trade) -> list[Event]:
        hand = self.hands[seat]
        for c in action.cards:
            hand.remove(c)
        self.pile.extend(action.cards)
        self.trades += 1
        value = trade_value(self.trades)
        self.pending_free += value
        # [W5] +2 on each traded territory the trader owns, placed there at once.
        bonus = tuple(c for c in action.cards if c != JOKER and self.owner[BOARD.index[c]] == seat)
        for c in bonus:
            self.armies[BOARD.index[c]] += 2
            self.armies_added += 2
        self.reinforcement["trades"] = self.reinforcement.get("trades", 0) + value
        tb = self.reinforcement.setdefault("trade_bonus", {})
        for c in bonus:
            tb[c] = tb.get(c, 0) + 2
        cards = (action.cards[0], action.cards[1], action.cards[2])
        return [R.CardsTraded(seat, cards, self.trades, value, bonus)]

    def _do_place(self, seat: int, action: R.Place) -> list[Event]:
        placed: dict[str, int] = {}
        for name, count in action.armies.items():
            if count <= 0:
                continue
            i = BOARD.index[name]
            self.armies[i] += count
            self.armies_added += count
            placed[name] = count
            self.placed[seat][BOARD.cont_idx[i]] += count
        self.pending_free = 0
        self.pending_continents = {}
        events: list[Event] = [R.ArmiesPlaced(seat, placed)]
        if self.round == 1:
            # [W4] round 1 is placement only: the turn ends here.
            if self.achieved(seat):
                return events  # _apply declares the victory
            return events + self._end_turn()
        self.phase = PHASE_ATTACK
        return events

    def _do_attack(self, seat: int, action: R.Attack) -> list[Event]:
        s, t = BOARD.index[action.source], BOARD.index[action.target]
        defender = self.owner[t]
        att = tuple(sorted(roll(self.rng, action.dice), reverse=True))
        dfn = tuple(sorted(roll(self.rng, min(3, self.armies[t])), reverse=True))
        lost_a, lost_d = resolve_battle(att, dfn)
        self.armies[s] -= lost_a
        self.armies[t] -= lost_d
        self.armies_lost += lost_a + lost_d
        self.attacks[seat][defender] += 1
        self.last_battle = {
            "seat": seat,
            "defender": defender,
            "source": action.source,
            "target": action.target,
            "attack_dice": list(att),
            "defense_dice": list(dfn),
            "attacker_losses": lost_a,
            "defender_losses": lost_d,
        }
        events: list[Event] = [
            R.BattleFought(seat, defender, action.source, action.target, att, dfn, lost_a, lost_d)
        ]
        if self.armies[t] > 0:
            return events
        # [W7] conquest: the attacker must move in 1..dice armies.
        self.owner[t] = seat
        self.conquered = True
        self.taken[seat][BOARD.cont_idx[t]] += 1
        self.last_conquest[seat] = self.turn
        most = min(action.dice, self.armies[s] - 1)
        self.occupy = (s, t, most)
        self.phase = PHASE_OCCUPY
        events.append(R.TerritoryConquered(seat, defender, action.source, action.target, most))
        if all(o != defender for o in self.owner):
            events.extend(self._eliminate(defender, seat))
        return events

    def _eliminate(self, victim: int, by: int) -> list[Event]:
        self.alive[victim] = False
        self.eliminated_by[victim] = by
        self.eliminated_order.append(victim)
        events: list[Event] = [R.PlayerEliminated(victim, by)]
        # [W10] the victim's cards go to the eliminator, up to 5 in his hand.
        cards = list(self.hands[victim])
        self.hands[victim] = []
        if cards:
            room = max(0, ELIMINATION_HAND_LIMIT - len(self.hands[by]))
            if len(cards) > room:
                self.rng.shuffle(cards)
            taken, rest = cards[:room], cards[room:]
            self.hands[by].extend(taken)
            self.pile.extend(rest)
            events.append(R.CardsTransferred(victim, by, len(taken), len(rest)))
            if taken:
                events.append(R.CardsReceived(by, tuple(taken)))
        # [W1] destroy objectives aimed at the victim fall back to 24 territories
        # for everyone but the eliminator (who wins by it, [W11]). [G4]: every
        # player still in is told privately, so that nobody can tell who changed.
        color = self.colors[victim]
        for seat in range(self.n_seats):
            if seat == by or not self.alive[seat]:
                continue
            changed = self.objective_of(seat).destroy == color
            if changed:
                self.objective_active[seat] = FALLBACK_ID
            events.append(
                R.ObjectiveChecked(
                    seat,
                    self.objective_card[seat],
                    self.objective_active[seat],
                    color,
                    changed,
                )
            )
        return events

    def _do_occupy(self, seat: int, action: R.Occupy) -> list[Event]:
        assert self.occupy is not None
        s, t, _ = self.occupy
        self.armies[s] -= action.count
        self.armies[t] += action.count
        self.occupy = None
        self.phase = PHASE_ATTACK
        return [R.TerritoryOccupied(seat, BOARD.territories[s], BOARD.territories[t], action.count)]

    def _start_moves(self, seat: int) -> list[Event]:
        self.phase = PHASE_MOVE
        # [W8] every army present may move once; the occupation army never.
        self.movable = [
            self.armies[i] - 1 if self.owner[i] == seat else 0 for i in range(N_TERRITORIES)
        ]
        return [R.AttacksEnded(seat)]

    # --------------------------------------------------------------- views
    def public_view(self) -> dict[str, Any]:
        return views.public_view(self)

    def view(self, seat: int) -> dict[str, Any]:
        return views.view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        return views.snapshot(self)

    # ------------------------------------------------------------ results

    def distance_to_victory(self, seat: int) -> float:
        """0 for the winner; territories still missing / 24 (capped at 1) for
        players in the game; above 1 for eliminated players, later ones closer."""
        if self.winner == seat:
            return 0.0
        if not self.alive[seat]:
            k = self.eliminated_order.index(seat)
            return 1.0 + (self.n_seats - k) / self.n_seats
        return distance(self.missing(seat))

    def standings(self) -> list[list[int]]:
        """Winner first; then by distance to victory (ties together); eliminated
        players last, the latest eliminated first."""
        out: list[list[int]] = []
        rest = [s for s in range(self.n_seats) if s != self.winner and self.alive[s]]
        if self.winner is not None:
            out.append([self.winner])
        groups: dict[float, list[int]] = {}
        for s in rest:
            groups.setdefault(round(self.distance_to_victory(s), 9), []).append(s)
        out.extend(groups[k] for k in sorted(groups))
        out.extend([s] for s in reversed(self.eliminated_order))
        return out
