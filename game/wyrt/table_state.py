"""The state of a Wyrt session ([T1], [T8], [T11]): the seats, personas and stakes,
the per-hand state, and the few readings of it that every part of the flow needs.

`WyrtMatch` is built as a chain of mixins over this state, like game/chama:
`betting` < `showdown` < `dealing` < `session` < `match`. The steps that an
earlier link hands on to a later one are declared at the foot of `WyrtState`.
"""

from __future__ import annotations

from typing import Any

from game.cards import Card, Deck
from game.core import Event, Match
from game.registry import OptionsError
from game.rng import Seed
from game.wyrt.options import AUTO, TABLES
from game.wyrt.personas import DEFAULT_PERSONA, MORTO, PERSONAS, Persona, persona_from_seat_name
from game.wyrt.records import BuckDrawn
from game.wyrt.statuses import AWAY, PLAYING

STAT_KEYS = (
    "hands",
    "vpip",
    "pfr",
    "raises",
    "calls",
    "checks",
    "folds",
    "faced_bet",
    "folded_to_bet",
    "showdowns",
    "showdown_wins",
)


class WyrtState(Match):
    """The session's state, set up once; the hand's steps are the mixins'."""

    def __init__(self, seats: list[str], seed: Seed, options: dict[str, Any]) -> None:
        super().__init__(seats, seed, options)
        o = self.options
        n = self.n_seats
        self.mode: str = o.get("mode", "standard")
        self.persona_ids: list[str] = self._resolve_personas(o.get("personas") or [])
        self.morto_seat = -1
        if self.mode == "death_match":
            mortos = [s for s in range(n) if self.persona_ids[s] == MORTO]
            if len(mortos) > 1:
                raise OptionsError("wyrt.options.one_morto", "there is only one O Morto")
            if not mortos:
                # O Morto always sits at his own table: the last seat if nobody chose him.
                self.persona_ids[n - 1] = MORTO
                mortos = [n - 1]
            self.morto_seat = mortos[0]
        elif self.mode == "life_cassino" and MORTO in self.persona_ids:
            raise OptionsError(
                "wyrt.options.morto_is_dealer",
                "at the Life Cassino O Morto deals and does not play",
            )
        # Stakes ([T1]; life points in O Morto's modes, [T11]).
        if self.mode == "standard":
            self.table: str = o.get("table", "tavern")
            self.min_bet, default_bb = TABLES[self.table]
            stack_bb = o.get("stack_bb", 0) or default_bb
            self.stacks: list[int] = [self.min_bet * stack_bb] * n
            self.unit = "T$"
        else:
            self.table = "morto"
            self.min_bet = o.get("pv_bet", 2)
            self.stacks = [o.get("start_pv", 20)] * n
            if self.morto_seat >= 0:
                self.stacks[self.morto_seat] = PERSONAS[MORTO].pv
            self.unit = "PV"
        profile = o.get("profile_seat", -1)
        # The profile is a player's life: never O Morto's seat.
        self.profile_seat: int = profile if 0 <= profile < n and profile != self.morto_seat else -1
        if self.profile_seat >= 0 and self.mode != "standard":
            self.stacks[self.profile_seat] = o.get("profile_pv", 20)
        self.start_stacks = list(self.stacks)
        self.sb_amount = max(1, self.min_bet // 2)
        self.bb_amount = self.min_bet
        self.total_chips = sum(self.stacks)
        dealer_opt = o.get("dealer", "auto")
        self.fixed_dealer = dealer_opt == "fixed" or (
            dealer_opt == "auto" and (self.table == "ahlen" or self.mode == "life_cassino")
        )
        self.morto_deck = self.mode in ("death_match", "life_cassino")
        self.relics_on = self.morto_deck and bool(o.get("relics", True))
        self.cheating_on = bool(o.get("cheating", False))
        self.straddle_on = bool(o.get("straddle", True))
        # [T11] (revised): nobody may stand up from a Death Match, so no hand limit.
        self.hand_limit = 0 if self.mode == "death_match" else int(o.get("hand_limit", 0))
        self.turn_limit = int(o.get("turn_limit", 0))

        self.status: list[str] = [PLAYING] * n
        self.out_order: list[int] = []  # seats in the order they went out (bust/death)
        self.expelled_order: list[int] = []  # seats caught cheating, in order ([T9])
        self.morto_defeated = False
        self.wish_winner = -1
        self.end_reason = ""
        self.over = False
        self.closing = False  # standard mode: someone left, the session ends with this hand
        self.relics_used: dict[str, int] = {}
        self.stats: list[dict[str, int]] = [dict.fromkeys(STAT_KEYS, 0) for _ in range(n)]
        self.last_hand: dict[str, Any] = {}
        self.owes_join_blind: set[int] = set()
        self.between_choices: dict[int, str] = {}

        # Per-hand state.
        self.phase = "setup"
        self.hand_no = 0
        self.buck = 0
        self.sb_seat = -1
        self.bb_seat = -1
        self.straddle_seat = -1
        self.straddled = False
        self.deck = Deck()
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.board: list[Card] = []
        self.board_dice: list[dict[str, Any]] = []
        self.in_hand = [False] * n
        self.folded = [False] * n
        self.all_in = [False] * n
        self.bets = [0] * n
        self.contrib = [0] * n
        self.acted = [False] * n
        self.acted_level = [0] * n
        self.current_bet = 0
        self.min_inc = self.bb_amount
        self.round = 0
        self.to_act = -1
        self.pending: dict[str, Any] | None = None
        self.cheated: set[int] = set()
        self.mask: dict[int, str] = {}
        self.forced_suit = ""
        self.peeks: dict[int, list[str]] = {}
        self.hand_log: list[dict[str, Any]] = []
        self.vpip_done: set[int] = set()
        self.pfr_done: set[int] = set()

        first = 0
        if o.get("tournament", False):
            first = self.rng.randrange(n)
            self.start_events.append(BuckDrawn(first))
        self._start_hand(self.start_events, first_buck=first)

    def _resolve_personas(self, chosen: list[str]) -> list[str]:
        out: list[str] = []
        for s, name in enumerate(self.seats):
            pick = chosen[s] if s < len(chosen) else AUTO
            if pick == AUTO:
                pick = persona_from_seat_name(name) or DEFAULT_PERSONA
            out.append(pick)
        return out

    def persona(self, seat: int) -> Persona:
        """The persona sitting at `seat`."""
        return PERSONAS[self.persona_ids[seat]]

    def _players(self) -> list[int]:
        return [s for s in range(self.n_seats) if self.status[s] == PLAYING and self.stacks[s] > 0]

    def _next_player(self, after: int, players: list[int]) -> int:
        for k in range(1, self.n_seats + 1):
            s = (after + k) % self.n_seats
            if s in players:
                return s
        return -1

    def _put(self, seat: int, amount: int) -> int:
        paid = max(0, min(amount, self.stacks[seat]))
        self.stacks[seat] -= paid
        self.bets[seat] += paid
        self.contrib[seat] += paid
        if self.stacks[seat] == 0 and self.in_hand[seat]:
            self.all_in[seat] = True
        return paid

    def _between_seats(self) -> list[int]:
        return [
            s
            for s in range(self.n_seats)
            if self.status[s] in (PLAYING, AWAY) and self.stacks[s] > 0
        ]

    def _limit_reached(self) -> bool:
        return (self.hand_limit > 0 and self.hand_no >= self.hand_limit) or (
            self.turn_limit > 0 and self.hand_no >= self.turn_limit
        )

    # -- steps played by later links of the chain (declared here for the earlier ones)
    def _start_hand(self, events: list[Event], first_buck: int | None = None) -> None:
        """A new hand: see `WyrtDealing`."""
        raise NotImplementedError

    def _win_uncontested(self, seat: int, events: list[Event]) -> None:
        """The pot to the last seat in the hand: see `WyrtShowdown`."""
        raise NotImplementedError

    def _showdown(self, events: list[Event]) -> None:
        """The hands shown and the pots split: see `WyrtShowdown`."""
        raise NotImplementedError

    def _session_should_end(self, events: list[Event], players: list[int]) -> bool:
        """True (and the session ended) when no next hand is dealt: see `WyrtSession`."""
        raise NotImplementedError

    def _end_session(self, reason: str, events: list[Event]) -> None:
        """The session ends: see `WyrtSession`."""
        raise NotImplementedError
