"""The War match: setup, turns, trades, battles, moves, eliminations, victory.

Rule references are the ids of RULINGS.md ([W1]-[W11]). Territories are kept
by board index internally (`owner`, `armies`); actions, events and views use
the board names.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core import Action, Event, IllegalAction, Match, MatchOver
from game.dice import roll, roll_off
from game.war import records as R
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
from game.war.trades import contains, is_set, possible_sets, trade_value

N_TERRITORIES = len(BOARD.territories)
#: Cards that force a trade at the start of a turn ([W5]).
FORCED_TRADE_AT = 5
#: Cards an eliminator may hold after taking the victim's cards ([W10]).
ELIMINATION_HAND_LIMIT = 5

PHASE_REINFORCE = "reinforce"
PHASE_ATTACK = "attack"
PHASE_OCCUPY = "occupy"
PHASE_MOVE = "move"
PHASE_OVER = "over"


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

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any]) -> None:
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

    def _territory(self, name: str, rule: str) -> int:
        i = BOARD.index.get(name)
        if i is None:
            raise IllegalAction(rule, "war.illegal.unknown_territory", territory=str(name))
        return i

    def check(self, seat: int, action: Action) -> None:
        """Raise `IllegalAction` naming the ruling unless `action` is legal now."""
        phase = self.phase
        if isinstance(action, R.Trade):
            self._check_trade(seat, action)
        elif isinstance(action, R.Place):
            self._check_place(seat, action)
        elif isinstance(action, R.Attack):
            self._check_attack(seat, action)
        elif isinstance(action, R.Occupy):
            if phase != PHASE_OCCUPY or self.occupy is None:
                raise IllegalAction("W7", "war.illegal.nothing_to_occupy")
            if not 1 <= action.count <= self.occupy[2]:
                raise IllegalAction(
                    "W7", "war.illegal.occupy_count", count=action.count, maximum=self.occupy[2]
                )
        elif isinstance(action, R.EndAttacks):
            if phase != PHASE_ATTACK:
                raise IllegalAction(self._phase_rule(), "war.illegal.not_attacking")
        elif isinstance(action, R.Move):
            self._check_move(seat, action)
        elif isinstance(action, R.EndTurn):
            if phase == PHASE_REINFORCE:
                raise IllegalAction("W3", "war.illegal.place_first")
            if phase == PHASE_OCCUPY:
                raise IllegalAction("W7", "war.illegal.occupy_first")
        else:
            raise IllegalAction("G3", "core.illegal.not_allowed_now", action=action.TYPE)

    def _phase_rule(self) -> str:
        return {PHASE_REINFORCE: "W3", PHASE_OCCUPY: "W7", PHASE_MOVE: "W8"}.get(self.phase, "W6")

    def _check_trade(self, seat: int, action: R.Trade) -> None:
        if self.phase != PHASE_REINFORCE:
            raise IllegalAction("W5", "war.illegal.trade_timing")
        cards = tuple(action.cards)
        if len(cards) != 3 or not contains(self.hands[seat], cards):
            raise IllegalAction("W5", "war.illegal.cards_not_held")
        if not is_set(cards):
            raise IllegalAction("W5", "war.illegal.not_a_set")

    def _check_place(self, seat: int, action: R.Place) -> None:
        if self.phase != PHASE_REINFORCE:
            raise IllegalAction(self._phase_rule(), "war.illegal.nothing_to_place")
        if self.must_trade:
            raise IllegalAction("W5", "war.illegal.must_trade", cards=len(self.hands[seat]))
        if not isinstance(action.armies, dict):
            raise IllegalAction("W3", "war.illegal.place_total", expected=self.pending_total, got=0)
        total = 0
        per_continent: dict[str, int] = {}
        for name, count in action.armies.items():
            i = self._territory(name, "W3")
            if self.owner[i] != seat:
                raise IllegalAction("W3", "war.illegal.not_your_territory", territory=name)
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise IllegalAction("W3", "war.illegal.bad_count", territory=name)
            total += count
            c = BOARD.continent_of[name]
            per_continent[c] = per_continent.get(c, 0) + count
        if total != self.pending_total:
            raise IllegalAction(
                "W3", "war.illegal.place_total", expected=self.pending_total, got=total
            )
        for c, need in self.pending_continents.items():
            if per_continent.get(c, 0) < need:
                raise IllegalAction(
                    "W3",
                    "war.illegal.continent_bonus",
                    continent=c,
                    needed=need,
                    got=per_continent.get(c, 0),
                )

    def _check_attack(self, seat: int, action: R.Attack) -> None:
        if self.phase == PHASE_REINFORCE and self.round == 1:
            raise IllegalAction("W4", "war.illegal.first_round")
        if self.phase != PHASE_ATTACK:
            raise IllegalAction(self._phase_rule(), "war.illegal.not_attacking")
        s = self._territory(action.source, "W6")
        t = self._territory(action.target, "W6")
        if self.owner[s] != seat:
            raise IllegalAction("W6", "war.illegal.not_your_territory", territory=action.source)
        if self.owner[t] == seat:
            raise IllegalAction("W6", "war.illegal.attack_own", territory=action.target)
        if t not in BOARD.adj_idx[s]:
            raise IllegalAction(
                "W6", "war.illegal.not_neighbors", source=action.source, target=action.target
            )
        if self.armies[s] < 2:
            raise IllegalAction("W6", "war.illegal.too_few_armies", territory=action.source)
        most = min(3, self.armies[s] - 1)
        if isinstance(action.dice, bool) or not isinstance(action.dice, int):
            raise IllegalAction("W6", "war.illegal.dice_count", dice=0, maximum=most)
        if not 1 <= action.dice <= most:
            raise IllegalAction("W6", "war.illegal.dice_count", dice=action.dice, maximum=most)

    def _check_move(self, seat: int, action: R.Move) -> None:
        if self.phase != PHASE_MOVE:
            raise IllegalAction(
                "W4" if self.round == 1 else "W8", "war.illegal.moves_after_attacks"
            )
        s = self._territory(action.source, "W8")
        t = self._territory(action.target, "W8")
        if self.owner[s] != seat:
            raise IllegalAction("W8", "war.illegal.not_your_territory", territory=action.source)
        if self.owner[t] != seat:
            raise IllegalAction("W8", "war.illegal.not_your_territory", territory=action.target)
        if t not in BOARD.adj_idx[s]:
            raise IllegalAction(
                "W8", "war.illegal.not_neighbors", source=action.source, target=action.target
            )
        if isinstance(action.count, bool) or not isinstance(action.count, int):
            raise IllegalAction("W8", "war.illegal.move_count", count=0, maximum=self.movable[s])
        if not 1 <= action.count <= self.movable[s]:
            raise IllegalAction(
                "W8", "war.illegal.move_count", count=action.count, maximum=self.movable[s]
            )

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
        """Everything on the table: map, phase, counts, public history."""
        n = self.n_seats
        over = self.phase == PHASE_OVER
        v: dict[str, Any] = {
            "game": "war",
            "seats": list(self.seats),
            "colors": list(self.colors),
            "alive": list(self.alive),
            "eliminated_by": list(self.eliminated_by),
            "owners": {t: self.owner[i] for i, t in enumerate(BOARD.territories)},
            "armies": {t: self.armies[i] for i, t in enumerate(BOARD.territories)},
            "current": None if over else self.current,
            "phase": self.phase,
            "round": self.round,
            "turn": self.turn,
            "dealer": self.dealer,
            "first_player": self.first_player,
            "pending": {
                "total": self.pending_total,
                "free": self.pending_free,
                "continents": dict(self.pending_continents),
            }
            if self.phase == PHASE_REINFORCE
            else None,
            "reinforcement": _jsonable(self.reinforcement),
            "card_counts": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "pile_size": len(self.pile),
            "trades_done": self.trades,
            "next_trade_value": trade_value(self.trades + 1),
            "occupy": None
            if self.occupy is None
            else {
                "source": BOARD.territories[self.occupy[0]],
                "target": BOARD.territories[self.occupy[1]],
                "min": 1,
                "max": self.occupy[2],
            },
            "movable": {BOARD.territories[i]: m for i, m in enumerate(self.movable) if m > 0}
            if self.phase == PHASE_MOVE
            else {},
            "last_battle": dict(self.last_battle) if self.last_battle else None,
            "conquered_this_turn": self.conquered,
            "history": {
                "placed": [list(r) for r in self.placed],
                "taken": [list(r) for r in self.taken],
                "attacks": [list(r) for r in self.attacks],
                "last_conquest": list(self.last_conquest),
            },
            "winner": self.winner,
            "timed_out": self.timed_out,
            "n_seats": n,
        }
        if over:
            v["objectives"] = {
                str(s): {
                    **OBJECTIVE_BY_ID[self.objective_card[s]].describe(),
                    "active": self.objective_active[s],
                    "fallback": self.objective_active[s] != self.objective_card[s],
                }
                for s in range(n)
            }
            v["distances"] = [self.distance_to_victory(s) for s in range(n)]
        return v

    def view(self, seat: int) -> dict[str, Any]:
        """The public table plus `seat`'s own cards and objective ([G4])."""
        v = self.public_view()
        v["seat"] = seat
        v["cards"] = [
            {"card": c, "territory": None if c == JOKER else c, "figure": BOARD.figure(c)}
            for c in self.hands[seat]
        ]
        v["sets"] = [list(s) for s in possible_sets(self.hands[seat])]
        v["must_trade"] = self.must_trade and seat == self.current
        card = OBJECTIVE_BY_ID[self.objective_card[seat]]
        active = self.objective_of(seat)
        v["objective"] = {
            **active.describe(),
            "card": card.id,
            "active": active.id,
            "fallback": card.id != active.id,
            "target_color": card.destroy or None,
            "missing": self.missing(seat),
        }
        return v

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

    def snapshot(self) -> dict[str, Any]:
        """The full state, hidden parts included."""
        return {
            "colors": list(self.colors),
            "objective_card": list(self.objective_card),
            "objective_active": list(self.objective_active),
            "owner": list(self.owner),
            "armies": list(self.armies),
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "pile": list(self.pile),
            "trades": self.trades,
            "alive": list(self.alive),
            "eliminated_by": list(self.eliminated_by),
            "eliminated_order": list(self.eliminated_order),
            "winner": self.winner,
            "round": self.round,
            "turn": self.turn,
            "phase": self.phase,
            "current": self.current,
            "dealer": self.dealer,
            "first_player": self.first_player,
            "pending_free": self.pending_free,
            "pending_continents": dict(self.pending_continents),
            "reinforcement": _jsonable(self.reinforcement),
            "conquered": self.conquered,
            "occupy": list(self.occupy) if self.occupy else None,
            "movable": list(self.movable),
            "last_battle": self.last_battle,
            "placed": [list(r) for r in self.placed],
            "taken": [list(r) for r in self.taken],
            "attacks": [list(r) for r in self.attacks],
            "last_conquest": list(self.last_conquest),
            "armies_added": self.armies_added,
            "armies_lost": self.armies_lost,
            "timed_out": self.timed_out,
        }


def _jsonable(d: dict[str, Any]) -> dict[str, Any]:
    return {k: dict(v) if isinstance(v, dict) else v for k, v in d.items()}


# ---------------------------------------------------------------- checks


def invariants(match: Match) -> None:
    """Conservation laws: 42 territories held by players still in, armies >= 1
    (but a conquest waiting for its occupying armies), the 44 cards split among
    deck, pile and hands, armies = placed - lost."""
    assert isinstance(match, WarMatch)
    m = match
    assert len(m.owner) == N_TERRITORIES
    pending_target = m.occupy[1] if m.occupy else -1
    for i, (o, a) in enumerate(zip(m.owner, m.armies, strict=True)):
        assert 0 <= o < m.n_seats and m.alive[o], f"{BOARD.territories[i]} held by seat {o}"
        if i == pending_target:
            assert a == 0, "a conquered territory waits empty for its occupiers"
        else:
            assert a >= 1, f"{BOARD.territories[i]} has {a} armies"
    assert sum(m.armies) == m.armies_added - m.armies_lost, "armies not accounted for"
    cards: Counter[str] = Counter(m.deck)
    cards.update(m.pile)
    for h in m.hands:
        cards.update(h)
        assert len(h) <= 6, "a hand above 6 cards"
    assert cards == Counter(FULL_DECK), "territory cards not conserved"
    for s in range(m.n_seats):
        if not m.alive[s]:
            assert not m.hands[s], "an eliminated player holds cards"
    assert m.trades >= 0 and sum(1 for a in m.alive if a) >= 1
    if m.phase == PHASE_MOVE:
        for i in range(N_TERRITORIES):
            assert 0 <= m.movable[i] <= max(0, m.armies[i] - 1)


_VIEW_KEYS = {
    "game",
    "seats",
    "colors",
    "alive",
    "eliminated_by",
    "owners",
    "armies",
    "current",
    "phase",
    "round",
    "turn",
    "dealer",
    "first_player",
    "pending",
    "reinforcement",
    "card_counts",
    "deck_size",
    "pile_size",
    "trades_done",
    "next_trade_value",
    "occupy",
    "movable",
    "last_battle",
    "conquered_this_turn",
    "history",
    "winner",
    "timed_out",
    "n_seats",
    "seat",
    "cards",
    "sets",
    "must_trade",
    "objective",
}


def check_view(match: Match, seat: int, view: dict[str, Any]) -> None:
    """A seat's view shows its own cards and objective only ([G4])."""
    assert isinstance(match, WarMatch)
    over = match.phase == PHASE_OVER
    extra = set(view) - _VIEW_KEYS - ({"objectives", "distances"} if over else set())
    assert not extra, f"unexpected view keys {extra}"
    assert [c["card"] for c in view["cards"]] == match.hands[seat]
    assert view["objective"]["card"] == match.objective_card[seat]
    assert view["card_counts"] == [len(h) for h in match.hands]
    if not over:
        assert "objectives" not in view
        mine = {match.objective_card[seat], match.objective_active[seat]}
        text = repr(view)
        for other in range(match.n_seats):
            card = match.objective_card[other]
            if other != seat and card not in mine:
                assert f"'{card}'" not in text, f"seat {other}'s objective leaked"
    for s in view["sets"]:
        assert contains(match.hands[seat], s)
