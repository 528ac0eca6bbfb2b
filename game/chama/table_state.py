"""The state of a Chama table: its piles, formations and pools, and what can be
read from them (teams, exposed realms, scores, standings).
"""

from __future__ import annotations

from game.cards import Card
from game.chama import rules
from game.chama.battle import Battle, Unit
from game.chama.events import CardsDrawn, DrewCards
from game.chama.phases import REALM
from game.core import Event, Match


class ChamaState(Match):
    """The state of a Chama table and what can be read from it ([C1]-[C16]).

    State lives in plain lists indexed by seat so that `clone()` is cheap (the
    hard bot searches on copies).
    """

    game_name = "chama"

    # The table's options and what lasts across redraws; set by `ChamaMatch`.
    mode: str
    aliados: bool
    xisum: bool
    pineapples: list[bool]
    turn_limit: int
    tournament: bool
    suits: list[str]
    redraws: list[int]
    game_no: int
    winners_: list[int]
    eliminated: list[int]

    def _reset_game_state(self) -> None:
        n = self.n_seats
        self.draw: list[list[Card]] = [rules.full_deck(s) for s in self.suits]
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.slot_card: list[list[Card | None]] = [[None] * 6 for _ in range(n)]
        self.slot_razed: list[list[bool]] = [[False] * 6 for _ in range(n)]
        self.pool: list[list[Unit]] = [[] for _ in range(n)]
        self.discard: list[list[Card]] = [[] for _ in range(n)]
        self.alive: list[bool] = [True] * n
        self.razes: list[int] = [0] * n
        self.turns_taken: list[int] = [0] * n
        self.played_realm: list[bool] = [False] * n
        #: armistices in play: (caster, target, ace, target's turns_taken when cast)
        self.armistices: list[tuple[int, int, Card, int]] = []
        self.battle: Battle | None = None
        #: spoils cards whose drawers are still to be asked about them: (seat, card) ([C10])
        self.spoils_pending: list[tuple[int, Card]] = []
        #: Aliados helpers among the spoils drawers: they may only keep the card ([C15])
        self.spoils_helpers: list[int] = []
        self.mull_queue: list[int] = []
        self.phase = REALM
        self.active = 0
        self.first_player = 0
        self.realm_done = False
        self.xisum_done = False
        self.next_uid = 1
        self.eliminated = []

    def team_of(self, seat: int) -> tuple[int, ...]:
        """Duplas: partners sit opposite (0+2, 1+3) ([C14]); else just the seat."""
        if self.mode == "duplas":
            return (seat % 2, seat % 2 + 2)
        return (seat,)

    def are_partners(self, a: int, b: int) -> bool:
        """True for two different seats of one Duplas team."""
        return a != b and self.mode == "duplas" and a % 2 == b % 2

    def unrazed(self, seat: int) -> int:
        """Unrazed realms in `seat`'s formation."""
        cards = self.slot_card[seat]
        razed = self.slot_razed[seat]
        return sum(1 for i in range(6) if cards[i] is not None and not razed[i])

    def has_realm(self, seat: int) -> bool:
        """Any realm in the formation, razed ones included ([C12])."""
        return any(c is not None for c in self.slot_card[seat])

    def fillable_slots(self, seat: int) -> list[int]:
        """Slots a new realm may go to: free ones in order, or razed ones ([C5])."""
        filled = [c is not None for c in self.slot_card[seat]]
        razed = self.slot_razed[seat]
        return [i for i in range(6) if rules.can_fill(filled, i) or (filled[i] and razed[i])]

    def exposed_slots(self, seat: int) -> list[int]:
        """Unrazed realms of `seat` that may be attacked now ([C6], Guerrilha [C14])."""
        present = [c is not None for c in self.slot_card[seat]]
        razed = self.slot_razed[seat]
        g = self.mode == "guerrilha"
        return [i for i in range(6) if rules.exposed(present, razed, i, g)]

    def may_attack(self, attacker: int, target: int) -> bool:
        """Seat rules for attacking: opponents only, never a partner, armistices ([C11])."""
        if attacker == target or not self.alive[target] or self.are_partners(attacker, target):
            return False
        for caster, tgt, _ace, since in self.armistices:
            if caster == attacker and tgt == target:
                return False
            if caster == target and tgt == attacker and self.turns_taken[attacker] < since + 2:
                return False
        return True

    def usable_units(self, seat: int) -> list[Unit]:
        """Pool commanders of `seat` free to fight now (not face down, not used)."""
        used = self.battle.history if self.battle is not None else ()
        return [u for u in self.pool[seat] if not u.face_down and u.uid not in used]

    def can_present(self, seat: int) -> bool:
        """Whether `seat` has any commander to present (hand or pool)."""
        return bool(self.usable_units(seat)) or any(rules.is_commander(c) for c in self.hands[seat])

    def draw_count(self, seat: int) -> int:
        """Cards drawn at the start of a turn: 3, less with pineapples ([C15])."""
        n = rules.DRAW_PER_TURN
        pines = [s for s in range(self.n_seats) if self.pineapples[s]]
        if len(pines) >= 2 or (len(pines) == 1 and pines[0] != seat):
            n -= 1
        return max(1, n)

    def in_play_counts(self, seat: int) -> tuple[int, int, int]:
        """(unrazed realms, commanders in play, armies in play) for [C16]."""
        commanders = len(self.pool[seat])
        armies = sum(1 for u in self.pool[seat] if u.army is not None)
        return self.unrazed(seat), commanders, armies

    def score(self, seat: int) -> int:
        """The [C16] table score of `seat`."""
        return rules.timed_score(*self.in_play_counts(seat))

    def team_score(self, seat: int) -> int:
        """[C16] score of `seat`'s team (the seat alone outside Duplas)."""
        return sum(self.score(s) for s in self.team_of(seat))

    def alive_seats(self) -> list[int]:
        """Seats still playing."""
        return [s for s in range(self.n_seats) if self.alive[s]]

    def _next_alive(self, seat: int) -> int:
        n = self.n_seats
        for i in range(1, n + 1):
            s = (seat + i) % n
            if self.alive[s]:
                return s
        return seat

    def _find_unit(self, seat: int, uid: int) -> Unit | None:
        for u in self.pool[seat]:
            if u.uid == uid:
                return u
        return None

    def _take_unit(self, seat: int, uid: int) -> Unit:
        pool = self.pool[seat]
        for i, u in enumerate(pool):
            if u.uid == uid:
                return pool.pop(i)
        raise KeyError(uid)

    def _new_unit(self, commander: Card) -> Unit:
        u = Unit(self.next_uid, commander)
        self.next_uid += 1
        return u

    def _draw_cards(self, seat: int, n: int, reason: str, ev: list[Event]) -> list[Card]:
        pile = self.draw[seat]
        n = min(n, len(pile))
        got = [pile.pop() for _ in range(n)]
        self.hands[seat].extend(got)
        ev.append(DrewCards(seat, len(got), reason, len(pile)))
        ev.append(CardsDrawn(seat, tuple(got), reason))
        return got

    def _discard_unit(self, seat: int, unit: Unit) -> list[Card]:
        cards = [unit.commander] + ([unit.army] if unit.army else [])
        self.discard[seat].extend(cards)
        return cards

    # ------------------------------------------------------------ results

    def standings(self) -> list[list[int]]:
        """Winners first; then those still in by table score; then the eliminated."""
        n = self.n_seats
        if self.mode == "duplas":
            teams = [(0, 2), (1, 3)]
            if self.winners_:
                win = tuple(self.winners_)
                return [list(win), [s for s in range(n) if s not in win]]
            a, b = (sum(self.score(s) for s in t) for t in teams)
            if a == b:
                return [list(range(n))]
            best, worst = (teams[0], teams[1]) if a > b else (teams[1], teams[0])
            return [list(best), list(worst)]
        out: list[list[int]] = []
        if self.winners_:
            out.append(list(self.winners_))
        rest = [s for s in range(n) if self.alive[s] and s not in self.winners_]
        for sc in sorted({self.score(s) for s in rest}, reverse=True):
            out.append([s for s in rest if self.score(s) == sc])
        for s in reversed(self.eliminated):
            if s not in self.winners_:
                out.append([s])
        return out

    def distance_to_victory(self, seat: int) -> float:
        """[R7]: 0 for a winner; else 200 minus the [C16] (team) score; out = 1000."""
        if seat in self.winners_:
            return 0.0
        if not self.alive[seat] and self.mode != "duplas":
            return 1000.0
        return float(200 - self.team_score(seat))
