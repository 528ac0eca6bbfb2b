"""A fast War simulator for search: the rules of `WarMatch` on flat arrays.

The state is plain lists indexed by territory (owner, armies), seat (hands,
territory counts, objectives as compact numbers) and continent. The methods are
the engine's actions (`trade`, `place`, `attack`, `occupy`, `end_attacks`,
`move`, `end_turn`) with exactly its rules ([W3]-[W11]) but no events, no
logging and no validation: the caller (a rollout policy) must only ask for
legal actions. Every chance event comes from one seeded `random.Random`: one
uniform number per battle roll (the roll's outcome drawn from the exact table
of `odds.roll_outcomes`), and its shuffles.

`FastState.from_match` copies a `WarMatch` (hidden parts included);
`FastState.from_view` builds one from a seat's view with the hidden objectives
and cards sampled (`world`); `differences` compares with a `WarMatch`.
"""

from __future__ import annotations

import random
from typing import Any

from game.war.board import BOARD, FIGURES, JOKER
from game.war.match import ELIMINATION_HAND_LIMIT, FORCED_TRADE_AT, WarMatch
from game.war.objectives import FALLBACK_ID, OBJECTIVE_BY_ID
from game.war.odds import roll_outcomes
from game.war.trades import trade_value

N = len(BOARD.territories)
N_CONT = len(BOARD.continents)
ADJ = BOARD.adj_idx
CONT = BOARD.cont_idx
MEMBERS = BOARD.members_idx
SIZE = tuple(len(m) for m in MEMBERS)
BONUS = tuple(BOARD.bonus(c) for c in BOARD.continents)
CONT_NAMES = BOARD.continents

#: Cards are ints: a territory card is its territory's index; both jokers are JOKER_CARD.
JOKER_CARD = N
#: Figure per card (0-2); -1 for a joker.
FIGURE = tuple(FIGURES.index(BOARD.figures[t]) for t in BOARD.territories) + (-1,)
CARD_NAMES = BOARD.territories + (JOKER,)
CARD_INDEX = {c: i for i, c in enumerate(CARD_NAMES)}

PHASES = ("reinforce", "attack", "occupy", "move", "over")
REINFORCE, ATTACK, OCCUPY, MOVE, OVER = range(5)

#: Objective kinds (`FastState.okind`).
K_TERRITORIES, K_CONTINENTS, K_DESTROY = range(3)

#: TRADE_VALUE[n] = armies of the n-th trade ([W5]), precomputed far enough.
TRADE_VALUE = (0,) + tuple(trade_value(n) for n in range(1, 1000))


def _outcome_table() -> list[list[tuple[tuple[float, int, int], ...]]]:
    """[attacker dice][defender dice] -> ((cumulative P, attacker losses, defender losses), ...)."""
    table: list[list[tuple[tuple[float, int, int], ...]]] = [[()] * 4 for _ in range(4)]
    for a in range(1, 4):
        for d in range(1, 4):
            cum = 0.0
            rows = []
            for (la, ld), p in roll_outcomes(a, d):
                cum += p
                rows.append((cum, la, ld))
            # the last row catches rounding: any u < 1 lands somewhere
            rows[-1] = (2.0, rows[-1][1], rows[-1][2])
            table[a][d] = tuple(rows)
    return table


OUTCOMES = _outcome_table()


class FastState:
    """One War position on flat arrays; see the module docstring."""

    __slots__ = (
        "n", "owner", "armies", "hands", "deck", "pile", "trades", "alive", "elim_by",
        "elim_order", "winner", "round", "turn", "phase", "current", "first", "pending_free",
        "pending_cont", "conquered", "occ", "movable", "count", "cc", "colors", "obj_card",
        "obj_active", "okind", "oneed", "omin", "oconts", "oextra", "otarget", "limit",
        "timed_out", "last_conquest", "rand",
    )  # fmt: skip

    n: int
    owner: list[int]
    armies: list[int]
    hands: list[list[int]]
    deck: list[int]
    pile: list[int]
    trades: int
    alive: list[bool]
    elim_by: list[int]
    elim_order: list[int]
    winner: int
    round: int
    turn: int
    phase: int
    current: int
    first: int
    pending_free: int
    pending_cont: list[int]
    conquered: bool
    occ: tuple[int, int, int] | None
    movable: list[int]
    count: list[int]
    cc: list[list[int]]
    colors: list[str]
    obj_card: list[str]
    obj_active: list[str]
    okind: list[int]
    oneed: list[int]
    omin: list[int]
    oconts: list[tuple[int, ...]]
    oextra: list[int]
    otarget: list[int]
    limit: int
    timed_out: bool
    last_conquest: list[int]
    rand: random.Random

    # ------------------------------------------------------------ building

    @classmethod
    def from_match(cls, m: WarMatch, seed: int | str = 0) -> FastState:
        """A copy of `m` (hidden objectives, hands and deck order included) whose
        chance comes from `seed`. `winner` is -1 while nobody has won."""
        st = cls.__new__(cls)
        n = m.n_seats
        st.n = n
        st.owner = list(m.owner)
        st.armies = list(m.armies)
        st.hands = [[CARD_INDEX[c] for c in h] for h in m.hands]
        st.deck = [CARD_INDEX[c] for c in m.deck]
        st.pile = [CARD_INDEX[c] for c in m.pile]
        st.trades = m.trades
        st.alive = list(m.alive)
        st.elim_by = [-1 if b is None else b for b in m.eliminated_by]
        st.elim_order = list(m.eliminated_order)
        st.winner = -1 if m.winner is None else m.winner
        st.round = m.round
        st.turn = m.turn
        st.phase = PHASES.index(m.phase)
        st.current = m.current
        st.first = m.first_player
        st.pending_free = m.pending_free
        st.pending_cont = [m.pending_continents.get(c, 0) for c in CONT_NAMES]
        st.conquered = m.conquered
        st.occ = None if m.occupy is None else tuple(m.occupy)  # type: ignore[assignment]  # (source, target, most)
        st.movable = list(m.movable)
        st.count = [0] * n
        st.cc = [[0] * N_CONT for _ in range(n)]
        for i, o in enumerate(st.owner):
            st.count[o] += 1
            st.cc[o][CONT[i]] += 1
        st.colors = list(m.colors)
        st.obj_card = list(m.objective_card)
        st.obj_active = list(m.objective_active)
        st.okind, st.oneed, st.omin = [0] * n, [0] * n, [0] * n
        st.oconts, st.oextra, st.otarget = [()] * n, [0] * n, [-1] * n
        for s in range(n):
            st._compile_objective(s)
        st.limit = int(m.options.get("turn_limit", 0) or 0)
        st.timed_out = m.timed_out
        st.last_conquest = list(m.last_conquest)
        st.rand = random.Random(seed)
        return st

    @classmethod
    def from_view(
        cls,
        view: dict[str, Any],
        rng: Any,
        seed: int | str = 0,
        objectives: list[tuple[str, str]] | None = None,
    ) -> FastState:
        """A position consistent with `view`: the hidden objectives are `objectives`
        ((card, active) per seat) or drawn uniformly from the cards in play; the
        unseen territory cards are dealt at random by `rng` (as `world.determinize`)."""
        from game.war.bots.world import determinize, sample_objectives
        from game.war.objectives import objectives_in_play

        if objectives is None:
            ids = [o.id for o in objectives_in_play(view["colors"])]
            uniform = {
                s: {oid: 1.0 for oid in ids}
                for s in range(view["n_seats"])
                if s != view["seat"] and view["alive"][s]
            }
            objectives = sample_objectives(view, uniform, rng)
        return cls.from_match(determinize(view, objectives, rng, 0), seed)

    def copy(self, seed: int | str | None = None) -> FastState:
        """An independent copy; its chance stream is a copy of this one's, or `seed`'s."""
        st = FastState.__new__(FastState)
        for name in FastState.__slots__:
            setattr(st, name, getattr(self, name))
        st.owner = self.owner[:]
        st.armies = self.armies[:]
        st.hands = [h[:] for h in self.hands]
        st.deck = self.deck[:]
        st.pile = self.pile[:]
        st.alive = self.alive[:]
        st.elim_by = self.elim_by[:]
        st.elim_order = self.elim_order[:]
        st.pending_cont = self.pending_cont[:]
        st.movable = self.movable[:]
        st.count = self.count[:]
        st.cc = [r[:] for r in self.cc]
        st.obj_active = self.obj_active[:]
        for name in ("okind", "oneed", "omin", "oconts", "oextra", "otarget", "last_conquest"):
            setattr(st, name, getattr(self, name)[:])
        st.rand = random.Random()
        if seed is None:
            st.rand.setstate(self.rand.getstate())
        else:
            st.rand.seed(seed)
        return st

    def _compile_objective(self, s: int) -> None:
        o = OBJECTIVE_BY_ID[self.obj_active[s]]
        if o.destroy:
            self.okind[s] = K_DESTROY
            colors = self.colors
            self.otarget[s] = colors.index(o.destroy) if o.destroy in colors else -1
        elif o.continents:
            self.okind[s] = K_CONTINENTS
            self.oconts[s] = tuple(CONT_NAMES.index(c) for c in o.continents)
            self.oextra[s] = o.extra_continents
        else:
            self.okind[s] = K_TERRITORIES
            self.oneed[s] = o.territories
            self.omin[s] = o.min_armies

    # ------------------------------------------------------------ queries

    def achieved(self, s: int) -> bool:
        """Whether seat `s` meets its objective now ([W11]; never mid-conquest)."""
        if not self.alive[s] or self.phase == OCCUPY:
            return False
        kind = self.okind[s]
        if kind == K_TERRITORIES:
            need = self.oneed[s]
            if self.count[s] < need:
                return False
            least = self.omin[s]
            if least <= 1:
                return True
            owner, armies = self.owner, self.armies
            good = 0
            for i in range(N):
                if owner[i] == s and armies[i] >= least:
                    good += 1
            return good >= need
        if kind == K_CONTINENTS:
            cc = self.cc[s]
            conts = self.oconts[s]
            for k in conts:
                if cc[k] != SIZE[k]:
                    return False
            extra = self.oextra[s]
            if extra:
                done = 0
                for k in range(N_CONT):
                    if cc[k] == SIZE[k] and k not in conts:
                        done += 1
                return done >= extra
            return True
        t = self.otarget[s]
        return t >= 0 and not self.alive[t] and self.elim_by[t] == s

    def missing(self, s: int) -> int:
        """Territories seat `s` still has to take for its objective, as
        `WarMatch.missing` counts them (the bots' measure of progress)."""
        kind = self.okind[s]
        if kind == K_TERRITORIES:
            # armies counted too: a conquest awaiting its occupation holds none yet
            least = max(1, self.omin[s])
            owner, armies = self.owner, self.armies
            good = sum(1 for i in range(N) if owner[i] == s and armies[i] >= least)
            return max(0, self.oneed[s] - good)
        if kind == K_DESTROY:
            t = self.otarget[s]
            return self.count[t] if t >= 0 else 0
        cc = self.cc[s]
        conts = self.oconts[s]
        total = sum(SIZE[k] - cc[k] for k in conts)
        extra = self.oextra[s]
        if extra:
            others = sorted(SIZE[k] - cc[k] for k in range(N_CONT) if k not in conts)
            total += sum(others[:extra])
        return total

    @property
    def over(self) -> bool:
        """Whether the game has ended (a winner, or the turn limit)."""
        return self.phase == OVER

    def must_trade(self) -> bool:
        """[W5] five cards at the reinforcement force a trade."""
        return self.phase == REINFORCE and len(self.hands[self.current]) >= FORCED_TRADE_AT

    # ------------------------------------------------------------ chance

    def _battle(self, na: int, nd: int) -> tuple[int, int]:
        """(attacker losses, defender losses) of one roll of `na` against `nd` dice ([W6])."""
        u = self.rand.random()
        for cum, la, ld in OUTCOMES[na][nd]:
            if u < cum:
                return la, ld
        raise AssertionError("unreachable: the last row catches every u")  # pragma: no cover

    def _shuffle(self, cards: list[int]) -> None:
        self.rand.shuffle(cards)

    # ------------------------------------------------------------ turn flow

    def _check_all(self) -> None:
        # [W11] whoever meets his objective wins at once, the player to move first.
        n = self.n
        c = self.current
        for k in range(n):
            s = (c + k) % n
            if self.achieved(s):
                self.winner = s
                self.phase = OVER
                return

    def _start_turn(self, seat: int, new_round: bool) -> None:
        self.current = seat
        if new_round:
            self.round += 1
        self.turn += 1
        self.phase = REINFORCE
        self.conquered = False
        self.occ = None
        self.movable = [0] * N
        if self.achieved(seat):
            self.winner = seat
            self.phase = OVER
            return
        # [W3] max(3, territories // 2) plus the bonus of each whole continent.
        self.pending_free = max(3, self.count[seat] // 2)
        cc = self.cc[seat]
        self.pending_cont = [BONUS[k] if cc[k] == SIZE[k] else 0 for k in range(N_CONT)]

    def _end_turn(self) -> None:
        seat = self.current
        if self.conquered:  # [W9] one card for a turn with a conquest
            if not self.deck and self.pile:
                self.deck = self.pile
                self.pile = []
                self._shuffle(self.deck)
            if self.deck:
                self.hands[seat].append(self.deck.pop())
        if self.limit and self.turn >= self.limit:
            self.timed_out = True
            self.phase = OVER
            return
        n = self.n
        nxt = seat
        for _ in range(n):
            nxt = (nxt + 1) % n
            if self.alive[nxt]:
                break
        else:  # pragma: no cover - the mover is always alive
            nxt = seat
        first = self.first
        self._start_turn(nxt, (nxt - first) % n <= (seat - first) % n)

    # ------------------------------------------------------------ actions

    def trade(self, a: int, b: int, c: int) -> None:
        """Trade the set (a, b, c) of the player to move ([W5])."""
        seat = self.current
        hand = self.hands[seat]
        hand.remove(a)
        hand.remove(b)
        hand.remove(c)
        self.pile += (a, b, c)
        self.trades += 1
        self.pending_free += TRADE_VALUE[self.trades]
        owner, armies = self.owner, self.armies
        for card in (a, b, c):  # +2 on each traded territory the trader owns
            if card != JOKER_CARD and owner[card] == seat:
                armies[card] += 2
        self._check_all()

    def place(self, alloc: list[int]) -> None:
        """Place every pending army: `alloc[i]` on territory i ([W3]; continent
        bonuses inside their continents: the caller's duty)."""
        armies = self.armies
        for i in range(N):
            if alloc[i]:
                armies[i] += alloc[i]
        self.pending_free = 0
        self.pending_cont = [0] * N_CONT
        if self.round == 1:  # [W4] round 1 is placement only
            if not self.achieved(self.current):
                self._end_turn()
            if self.phase != OVER:
                self._check_all()
            return
        self.phase = ATTACK
        self._check_all()

    def attack(self, s: int, t: int, dice: int) -> bool:
        """One roll from s at t with `dice` dice ([W6]); True on a conquest, which
        waits for `occupy` ([W7])."""
        armies = self.armies
        d = armies[t]
        la, ld = self._battle(dice, 3 if d > 3 else d)
        armies[s] -= la
        armies[t] = d - ld
        if d > ld:
            return False  # losses alone never meet an objective: no [W11] check
        seat = self.current
        defender = self.owner[t]
        self.owner[t] = seat
        self.conquered = True
        self.last_conquest[seat] = self.turn
        k = CONT[t]
        self.count[seat] += 1
        self.count[defender] -= 1
        self.cc[seat][k] += 1
        self.cc[defender][k] -= 1
        most = armies[s] - 1
        self.occ = (s, t, dice if dice < most else most)
        self.phase = OCCUPY
        if not self.count[defender]:
            self._eliminate(defender, seat)
        return True

    def _eliminate(self, victim: int, by: int) -> None:
        self.alive[victim] = False
        self.elim_by[victim] = by
        self.elim_order.append(victim)
        cards = self.hands[victim]
        self.hands[victim] = []
        if cards:  # [W10] up to 5 cards in the eliminator's hand, the rest to the pile
            hand = self.hands[by]
            room = ELIMINATION_HAND_LIMIT - len(hand)
            if room < 0:
                room = 0
            if len(cards) > room:
                self._shuffle(cards)
            hand += cards[:room]
            self.pile += cards[room:]
        # [W1] destroy objectives aimed at the victim fall back to 24 territories
        for s in range(self.n):
            if (
                s != by
                and self.alive[s]
                and self.okind[s] == K_DESTROY
                and self.otarget[s] == victim
            ):
                self.obj_active[s] = FALLBACK_ID
                self._compile_objective(s)

    def occupy(self, count: int) -> None:
        """Move `count` (1..max) armies into the fresh conquest ([W7])."""
        s, t, _ = self.occ  # type: ignore[misc]  # set in the occupy phase, the only caller's
        self.armies[s] -= count
        self.armies[t] += count
        self.occ = None
        self.phase = ATTACK
        self._check_all()

    def end_attacks(self) -> None:
        """Stop attacking; every army but one per territory may move once ([W8])."""
        self._start_moves()
        self._check_all()

    def _start_moves(self) -> None:
        self.phase = MOVE
        seat = self.current
        owner, armies = self.owner, self.armies
        self.movable = [armies[i] - 1 if owner[i] == seat else 0 for i in range(N)]

    def move(self, s: int, t: int, count: int) -> None:
        """Move `count` armies between own neighbours; arrivals stay ([W8])."""
        self.armies[s] -= count
        self.armies[t] += count
        self.movable[s] -= count
        if self.omin[self.current] > 1:
            self._check_all()

    def end_turn(self) -> None:
        """End the turn: draw a card after a conquest ([W9]); the next player starts."""
        if self.phase == ATTACK:
            self._start_moves()
        self._end_turn()

    # ------------------------------------------------------------ comparing

    def differences(self, m: WarMatch) -> list[str]:
        """Every field where this state and `m` disagree (empty: the same position)."""
        names = CARD_NAMES
        mine: dict[str, Any] = {
            "owner": self.owner,
            "armies": self.armies,
            "hands": [[names[c] for c in h] for h in self.hands],
            "deck": [names[c] for c in self.deck],
            "pile": sorted(names[c] for c in self.pile),
            "trades": self.trades,
            "alive": self.alive,
            "eliminated_by": [None if b < 0 else b for b in self.elim_by],
            "eliminated_order": self.elim_order,
            "winner": None if self.winner < 0 else self.winner,
            "round": self.round,
            "turn": self.turn,
            "phase": PHASES[self.phase],
            "current": self.current,
            "pending_free": self.pending_free,
            "pending_continents": {CONT_NAMES[k]: v for k, v in enumerate(self.pending_cont) if v},
            "conquered": self.conquered,
            "occupy": None if self.occ is None else list(self.occ),
            "movable": self.movable,
            "objective_active": self.obj_active,
            "last_conquest": self.last_conquest,
            "timed_out": self.timed_out,
            "missing": [self.missing(s) for s in range(self.n)],
        }
        theirs = m.snapshot()
        theirs["missing"] = [m.missing(s) for s in range(self.n)]
        theirs["pile"] = sorted(theirs["pile"])
        theirs["pending_continents"] = {k: v for k, v in theirs["pending_continents"].items() if v}
        out = []
        for key, value in mine.items():
            if value != theirs[key]:
                out.append(f"{key}: fast {value!r} != match {theirs[key]!r}")
        return out
