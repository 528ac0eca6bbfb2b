"""The Wyrt table session: hands of no-limit betting around dice community cards.

One `WyrtMatch` is a session at one table ([T8]): hands follow each other until
one player holds every chip, a hand limit is reached or someone leaves. Each hand
([T1]-[T6]): the buck moves, blinds (and maybe a straddle) are posted, five cards
are dealt to each player, then three betting rounds with a dice card rolled
before the second and the third, and a showdown of the best five of seven.
O Morto's modes ([T11]) play for life points; cheating ([T9]) and the relics of
A Mão do Morto (house) add their own actions on a player's turn.
"""

from __future__ import annotations

import copy
from typing import Any

from game.cards import Card, Deck, standard_deck
from game.core import Action, Event, IllegalAction, Match, MatchOver
from game.registry import OptionsError
from game.wyrt import cheat_flow, cheating, relic_flow, views
from game.wyrt.dice_cards import roll_dice_card
from game.wyrt.evaluator import HandValue, evaluate
from game.wyrt.options import AUTO, TABLES
from game.wyrt.personas import DEFAULT_PERSONA, MORTO, PERSONAS, Persona, persona_from_seat_name
from game.wyrt.pots import Pot, build_pots, clockwise_from, split, uncalled
from game.wyrt.records import (
    AllIn,
    BettingRoundStarted,
    BlindPosted,
    BuckDrawn,
    Call,
    CardsDealt,
    Cheat,
    CheatGiveUp,
    CheatPress,
    Check,
    DiceCardRolled,
    Fold,
    HandShown,
    HandStarted,
    HoleCards,
    InvokeRelic,
    Join,
    Leave,
    MortoDefeated,
    NoStraddle,
    PlayerAllIn,
    PlayerBusted,
    PlayerCalled,
    PlayerChecked,
    PlayerFolded,
    PlayerJoined,
    PlayerLeft,
    PlayerRaised,
    PotWon,
    PotWonUncontested,
    Raise,
    RunOut,
    SessionEnded,
    SoulTaken,
    Stay,
    Steal,
    Straddle,
    StraddleDeclined,
    UncalledReturned,
    WishGranted,
)
from game.wyrt.relics import (
    MASCARA,
    RELIC_CARDS,
    relic_of,
)
from game.wyrt.statuses import AWAY, BUSTED, DEAD, DEFEATED, LEFT, PLAYING

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


class WyrtMatch(Match):
    """A Wyrt session at one table. See the module docstring and RULINGS [T1]-[T11]."""

    game_name = "wyrt"

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any]) -> None:
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

    # ------------------------------------------------------------------
    # set-up helpers

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

    # ------------------------------------------------------------------
    # the contract

    @property
    def to_move(self) -> list[int]:
        """Seats that must act now."""
        if self.over:
            return []
        if self.phase == "between":
            return [s for s in self._between_seats() if s not in self.between_choices]
        if self.phase == "straddle":
            return [self.straddle_seat]
        if self.phase == "betting" and self.to_act >= 0:
            return [self.to_act]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """What `seat` may do now; raise sizes are representative ([T3])."""
        if seat not in self.to_move:
            return []
        if self.phase == "between":
            acts: list[Action] = [Stay()]
            acts.append(Leave() if self.status[seat] == PLAYING else Join())
            return acts
        if self.phase == "straddle":
            acts = [Straddle(), NoStraddle()]
            if self._may_leave(seat):
                acts.append(Leave())
            return acts
        if self.pending is not None:
            return cheat_flow.pending_actions(self)
        acts = [Fold()]
        owe = self.current_bet - self.bets[seat]
        if owe <= 0:
            acts.append(Check())
        else:
            acts.append(Call())
        if self.can_raise(seat):
            lo, hi = self.raise_bounds(seat)
            for to in self._raise_sizes(seat, lo, hi):
                acts.append(Raise(to))
        if self._may_all_in(seat):
            acts.append(AllIn())
        if cheat_flow.may_cheat(self, seat):
            acts.append(Cheat())
        acts.extend(relic_flow.relic_actions(self, seat))
        if self._may_leave(seat):
            acts.append(Leave())
        return acts

    def check(self, seat: int, action: Action) -> None:
        """Raise IllegalAction with the ruling broken, before touching anything."""
        if self.phase == "between":
            if isinstance(action, Stay):
                return
            if isinstance(action, Leave):
                if self.status[seat] != PLAYING:
                    raise IllegalAction("T11", "wyrt.illegal.not_seated")
                return
            if isinstance(action, Join):
                if self.status[seat] != AWAY:
                    raise IllegalAction("T11", "wyrt.illegal.already_seated")
                return
            raise IllegalAction("T11", "wyrt.illegal.between_hands")
        if isinstance(action, Leave):
            if not self._may_leave(seat):
                raise IllegalAction("T11", "wyrt.illegal.no_leaving")
            return
        if self.phase == "straddle":
            if not isinstance(action, (Straddle, NoStraddle)):
                raise IllegalAction("T2", "wyrt.illegal.straddle_first")
            return
        if self.pending is not None:
            cheat_flow.check_pending(self, action)
            return
        if isinstance(action, (CheatPress, CheatGiveUp, Steal)):
            raise IllegalAction("T9", "wyrt.illegal.no_cheat_pending")
        if isinstance(action, Cheat):
            cheat_flow.check_cheat(self, seat)
            return
        if isinstance(action, InvokeRelic):
            relic_flow.check_relic(self, seat, action)
            return
        owe = self.current_bet - self.bets[seat]
        if isinstance(action, Fold):
            return
        if isinstance(action, Check):
            if owe > 0:
                raise IllegalAction("T3", "wyrt.illegal.check_owing", amount=owe)
            return
        if isinstance(action, Call):
            if owe <= 0:
                raise IllegalAction("T3", "wyrt.illegal.nothing_to_call")
            return
        if isinstance(action, AllIn):
            if self.stacks[seat] <= 0:
                raise IllegalAction("T3", "wyrt.illegal.no_chips")
            if not self._may_all_in(seat):
                raise IllegalAction("T3", "wyrt.illegal.not_reopened")
            return
        if isinstance(action, Raise):
            if not self.can_raise(seat):
                if self._others_can_bet(seat) and self.stacks[seat] > owe:
                    raise IllegalAction("T3", "wyrt.illegal.not_reopened")
                raise IllegalAction("T3", "wyrt.illegal.cannot_raise")
            lo, hi = self.raise_bounds(seat)
            if action.to > hi:
                raise IllegalAction("T3", "wyrt.illegal.raise_too_big", maximum=hi)
            if action.to < lo:
                raise IllegalAction("T3", "wyrt.illegal.raise_too_small", minimum=lo)
            return
        raise IllegalAction("T3", "wyrt.illegal.not_now", action=action.TYPE)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if self.phase == "between":
            self._apply_between(seat, action, events)
        elif isinstance(action, Leave):
            self._leave(seat, events)
        elif self.phase == "straddle":
            self._apply_straddle(seat, action, events)
        elif isinstance(action, (Cheat, CheatPress, CheatGiveUp, Steal)):
            cheat_flow.apply_cheat(self, seat, action, events)
        elif isinstance(action, InvokeRelic):
            relic_flow.apply_relic(self, seat, action, events)
        else:
            self._apply_bet(seat, action, events)
        return events

    # ------------------------------------------------------------------
    # hands

    def _players(self) -> list[int]:
        return [s for s in range(self.n_seats) if self.status[s] == PLAYING and self.stacks[s] > 0]

    def _next_player(self, after: int, players: list[int]) -> int:
        for k in range(1, self.n_seats + 1):
            s = (after + k) % self.n_seats
            if s in players:
                return s
        return -1

    def _start_hand(self, events: list[Event], first_buck: int | None = None) -> None:
        players = self._players()
        if self._session_should_end(events, players):
            return
        n = self.n_seats
        self.hand_no += 1
        self.turn = self.hand_no
        if first_buck is not None:
            self.buck = (
                first_buck if first_buck in players else self._next_player(first_buck, players)
            )
        else:
            self.buck = self._next_player(self.buck, players)  # [T7] one seat clockwise
        self.sb_seat = self._next_player(self.buck, players)
        self.bb_seat = self._next_player(self.sb_seat, players)
        self.in_hand = [s in players for s in range(n)]
        self.folded = [False] * n
        self.all_in = [False] * n
        self.bets = [0] * n
        self.contrib = [0] * n
        self.acted = [False] * n
        self.acted_level = [0] * n
        self.hands = [[] for _ in range(n)]
        self.board = []
        self.board_dice = []
        self.round = 0
        self.current_bet = 0
        self.min_inc = self.bb_amount
        self.pending = None
        self.cheated = set()
        self.mask = {}
        self.forced_suit = ""
        self.peeks = {}
        self.hand_log = []
        self.vpip_done = set()
        self.pfr_done = set()
        self.straddled = False
        self.straddle_seat = -1
        for s in players:
            self.stats[s]["hands"] += 1
        self.deck = Deck(standard_deck())
        self.deck.shuffle(self.rng)
        events.append(
            HandStarted(
                hand=self.hand_no,
                buck=self.buck,
                dealer=-1 if self.fixed_dealer else self.buck,
                small_blind=self.sb_seat,
                big_blind=self.bb_seat,
                deck="morto" if self.morto_deck else "standard",
            )
        )
        self._post(self.sb_seat, self.sb_amount, "small", events)
        self._post(self.bb_seat, self.bb_amount, "big", events)
        for s in sorted(self.owes_join_blind):
            # A newcomer pays a big blind in his first hand (the seed's rule);
            # in the small-blind seat he tops his blind up to a big blind.
            if s in players and s != self.bb_seat:
                self._post(s, self.bb_amount - self.bets[s], "join", events)
        self.owes_join_blind &= {s for s in range(n) if not self.in_hand[s]}
        self.current_bet = self.bb_amount
        # [T2] the player left of the big blind may straddle (needs a third player).
        cand = self._next_player(self.bb_seat, players)
        if (
            self.straddle_on
            and len(players) >= 3
            and cand not in (self.sb_seat, self.bb_seat)
            and self.stacks[cand] > 0
            and cand not in self.owes_join_blind
            and self.bets[cand] == 0
        ):
            self.straddle_seat = cand
            self.phase = "straddle"
            return
        self._deal(events)

    def _post(self, seat: int, amount: int, blind: str, events: list[Event]) -> None:
        paid = self._put(seat, amount)
        events.append(BlindPosted(seat, blind, paid, self.all_in[seat]))
        self.hand_log.append(
            {"seat": seat, "act": blind, "amount": paid, "to": self.bets[seat], "round": 1}
        )

    def _put(self, seat: int, amount: int) -> int:
        paid = max(0, min(amount, self.stacks[seat]))
        self.stacks[seat] -= paid
        self.bets[seat] += paid
        self.contrib[seat] += paid
        if self.stacks[seat] == 0 and self.in_hand[seat]:
            self.all_in[seat] = True
        return paid

    def _apply_straddle(self, seat: int, action: Action, events: list[Event]) -> None:
        if isinstance(action, Straddle):
            self.straddled = True
            self._post(seat, 2 * self.bb_amount, "straddle", events)
            if self.bets[seat] > self.current_bet:
                self.current_bet = self.bets[seat]
        else:
            events.append(StraddleDeclined(seat))
        self._deal(events)

    def _deal(self, events: list[Event]) -> None:
        players = [s for s in clockwise_from(self.buck, self.n_seats) if self.in_hand[s]]
        for _ in range(5):
            for s in players:
                self.hands[s].append(self.deck.draw_one())
        events.append(CardsDealt(tuple(players), 5))
        for s in players:
            cards = tuple(self.hands[s])
            relics = tuple(relic_of(c) if self.morto_deck else "" for c in cards)
            events.append(HoleCards(s, cards, relics))
        self.phase = "betting"
        # First round: left of the big blind, or left of the straddler, who acts last.
        start = self.straddle_seat if self.straddled else self.bb_seat
        self.to_act = self._next_to_act(start)
        if self.to_act < 0:
            self._round_over(events)
        else:
            events.append(BettingRoundStarted(1, self.to_act))

    # ------------------------------------------------------------------
    # betting ([T3])

    def live_seats(self) -> list[int]:
        """Seats still in the hand (dealt in, not folded)."""
        return [s for s in range(self.n_seats) if self.in_hand[s] and not self.folded[s]]

    def _able(self) -> list[int]:
        return [s for s in self.live_seats() if not self.all_in[s]]

    def _others_can_bet(self, seat: int) -> bool:
        return any(s != seat for s in self._able())

    def _needs_action(self, s: int) -> bool:
        if not self.in_hand[s] or self.folded[s] or self.all_in[s]:
            return False
        return not self.acted[s] or self.bets[s] < self.current_bet

    def _next_to_act(self, after: int) -> int:
        able = self._able()
        if len(able) == 1:
            # Alone with chips: act only to answer a bet above his own.
            s = able[0]
            top = max((self.bets[o] for o in self.live_seats() if o != s), default=0)
            return s if self.bets[s] < top else -1
        for k in range(1, self.n_seats + 1):
            s = (after + k) % self.n_seats
            if self._needs_action(s):
                return s
        return -1

    def can_raise(self, seat: int) -> bool:
        """[T3]: chips beyond the call, someone to bet against, and betting open to him."""
        owe = self.current_bet - self.bets[seat]
        if self.stacks[seat] <= owe or not self._others_can_bet(seat):
            return False
        if not self.acted[seat]:
            return True
        # A short all-in does not reopen betting for who already acted; several
        # short all-ins that add up to a full raise do.
        return self.current_bet - self.acted_level[seat] >= self.min_inc

    def _may_all_in(self, seat: int) -> bool:
        """[T3] all-in is always open as a call; as a raise only where raising is."""
        owe = self.current_bet - self.bets[seat]
        stack = self.stacks[seat]
        return stack > 0 and (stack <= owe or self.can_raise(seat))

    def raise_bounds(self, seat: int) -> tuple[int, int]:
        """(smallest, largest) total bet this round a raise by `seat` may reach."""
        hi = self.bets[seat] + self.stacks[seat]
        lo = min(self.current_bet + self.min_inc, hi)
        return lo, hi

    def _raise_sizes(self, seat: int, lo: int, hi: int) -> list[int]:
        pot = sum(self.contrib)
        owe = self.current_bet - self.bets[seat]
        sizes = {lo}
        for frac in (0.5, 1.0, 2.0):
            sizes.add(self.current_bet + int((pot + owe) * frac))
        return sorted(t for t in sizes if lo <= t < hi)

    def _apply_bet(self, seat: int, action: Action, events: list[Event]) -> None:
        owe = self.current_bet - self.bets[seat]
        st = self.stats[seat]
        rnd = self.round + 1
        if owe > 0:
            st["faced_bet"] += 1
        if isinstance(action, Fold):
            self.folded[seat] = True
            st["folds"] += 1
            if owe > 0:
                st["folded_to_bet"] += 1
            events.append(PlayerFolded(seat))
            self.hand_log.append(
                {"seat": seat, "act": "fold", "amount": 0, "to": self.bets[seat], "round": rnd}
            )
        elif isinstance(action, Check):
            st["checks"] += 1
            events.append(PlayerChecked(seat))
            self.hand_log.append(
                {"seat": seat, "act": "check", "amount": 0, "to": self.bets[seat], "round": rnd}
            )
        elif isinstance(action, Call):
            paid = self._put(seat, owe)
            st["calls"] += 1
            self._mark_vpip(seat)
            if self.all_in[seat]:
                events.append(PlayerAllIn(seat, self.bets[seat], paid))
                act = "allin"
            else:
                events.append(PlayerCalled(seat, paid))
                act = "call"
            self.hand_log.append(
                {"seat": seat, "act": act, "amount": paid, "to": self.bets[seat], "round": rnd}
            )
        else:
            to = self.bets[seat] + self.stacks[seat] if isinstance(action, AllIn) else action.to  # type: ignore[attr-defined]
            paid = self._put(seat, to - self.bets[seat])
            to = self.bets[seat]
            if to > self.current_bet:
                # [T3] (revised): the minimum raise stays the big blind all round
                # (the seed's only limit); min_inc is not raised by bigger raises.
                self.current_bet = to
                st["raises"] += 1
                self._mark_vpip(seat)
                if self.round == 0 and seat not in self.pfr_done:
                    self.pfr_done.add(seat)
                    st["pfr"] += 1
            elif paid > 0:
                st["calls"] += 1
                self._mark_vpip(seat)
            if self.all_in[seat]:
                events.append(PlayerAllIn(seat, to, paid))
                act = "allin"
            else:
                events.append(PlayerRaised(seat, to, paid))
                act = "raise"
            self.hand_log.append({"seat": seat, "act": act, "amount": paid, "to": to, "round": rnd})
        self.acted[seat] = True
        self.acted_level[seat] = self.current_bet
        self.progress(seat, events)

    def _mark_vpip(self, seat: int) -> None:
        if self.round == 0 and seat not in self.vpip_done:
            self.vpip_done.add(seat)
            self.stats[seat]["vpip"] += 1

    def progress(self, after: int, events: list[Event]) -> None:
        """After an action: next player, next round, run-out or the end of the hand."""
        live = self.live_seats()
        if len(live) <= 1:
            self._win_uncontested(live[0] if live else -1, events)
            return
        nxt = self._next_to_act(after)
        if nxt >= 0:
            self.to_act = nxt
            return
        self._round_over(events)

    def _round_over(self, events: list[Event]) -> None:
        self.to_act = -1
        if self.round >= 2:
            self._showdown(events)
            return
        if len(self._able()) <= 1:
            # [T5] at most one player can bet: roll the rest without betting.
            events.append(RunOut(tuple(self.live_seats())))
            while len(self.board) < 2:
                self._roll_card(events)
            self._showdown(events)
            return
        self.round += 1
        self._roll_card(events)
        self.bets = [0] * self.n_seats
        self.acted = [False] * self.n_seats
        self.acted_level = [0] * self.n_seats
        self.current_bet = 0
        self.min_inc = self.bb_amount
        # [T5] from the second round on the small blind (or the next player still in) acts first.
        self.to_act = self._next_to_act((self.sb_seat - 1) % self.n_seats)
        if self.to_act < 0:
            self._round_over(events)
        else:
            events.append(BettingRoundStarted(self.round + 1, self.to_act))

    def _roll_card(self, events: list[Event]) -> None:
        forced = self.forced_suit or None
        self.forced_suit = ""
        r = roll_dice_card(self.rng, forced)
        self.board.append(r.card)
        self.board_dice.append({"suit_dice": list(r.suit_dice), "value_dice": list(r.value_dice)})
        events.append(
            DiceCardRolled(len(self.board), r.suit_dice, r.value_dice, r.card, forced is not None)
        )

    # ------------------------------------------------------------------
    # the end of a hand ([T4], [T6])

    def hand_value(self, seat: int) -> HandValue:
        """The seat's best five with the dice cards (the Máscara's disguise applied)."""
        cards = list(self.hands[seat])
        suit = self.mask.get(seat)
        if suit and RELIC_CARDS[MASCARA] in cards:
            cards[cards.index(RELIC_CARDS[MASCARA])] = Card(10, suit)
        return evaluate(cards + self.board)

    def _return_uncalled(self, events: list[Event]) -> None:
        seat, extra = uncalled(self.contrib)
        if extra > 0:
            self.contrib[seat] -= extra
            self.stacks[seat] += extra
            events.append(UncalledReturned(seat, extra))

    def _win_uncontested(self, seat: int, events: list[Event]) -> None:
        self.to_act = -1
        self._return_uncalled(events)
        amount = sum(self.contrib)
        if seat >= 0:
            self.stacks[seat] += amount
            events.append(PotWonUncontested(seat, amount))
        self.contrib = [0] * self.n_seats
        self.last_hand = {
            "hand": self.hand_no,
            "board": [c.code for c in self.board],
            "shown": {},
            "winners": [seat] if seat >= 0 else [],
        }
        self._end_hand(events)

    def current_pots(self) -> list[Pot]:
        """The pots as they stand (uncalled chips count in the last one)."""
        return build_pots(
            self.contrib, [self.in_hand[s] and not self.folded[s] for s in range(self.n_seats)]
        )

    def _showdown(self, events: list[Event]) -> None:
        self.to_act = -1
        live = self.live_seats()
        values = {s: self.hand_value(s) for s in live}
        shown: dict[str, Any] = {}
        for s in [x for x in clockwise_from(self.buck, self.n_seats) if x in values]:
            v = values[s]
            events.append(HandShown(s, tuple(self.hands[s]), v.best_five, v.category))
            shown[str(s)] = {
                "cards": [c.code for c in self.hands[s]],
                "best_five": [c.code for c in v.best_five],
                "category": v.category,
            }
            self.stats[s]["showdowns"] += 1
        self._return_uncalled(events)
        pots = build_pots(self.contrib, [s in values for s in range(self.n_seats)])
        winners_all: set[int] = set()
        for i, pot in enumerate(pots):
            best = max(values[s] for s in pot.eligible)
            winners = [s for s in pot.eligible if values[s] == best]
            shares = split(pot.amount, winners, self.buck, self.n_seats)
            for s, amt in shares.items():
                self.stacks[s] += amt
            winners_all.update(winners)
            order = tuple(sorted(shares))
            events.append(
                PotWon(i + 1, pot.amount, order, tuple(shares[s] for s in order), best.category)
            )
        for s in winners_all:
            self.stats[s]["showdown_wins"] += 1
        self.contrib = [0] * self.n_seats
        self.last_hand = {
            "hand": self.hand_no,
            "board": [c.code for c in self.board],
            "shown": shown,
            "winners": sorted(winners_all),
        }
        self._end_hand(events)

    def _end_hand(self, events: list[Event]) -> None:
        self.phase = "setup"
        self.to_act = -1
        self.pending = None
        broke = [
            s
            for s in clockwise_from(self.buck, self.n_seats)
            if self.status[s] == PLAYING and self.stacks[s] == 0
        ]
        # [T11]: O Morto falling in the same hand ends the soul risk for everyone.
        broke.sort(key=lambda s: s != self.morto_seat)
        for s in broke:
            self._knock_out(s, events)
        # Cards go back to the deck; the next hand reshuffles all 52.
        self.hands = [[] for _ in range(self.n_seats)]
        self.deck = Deck(standard_deck())
        self.in_hand = [False] * self.n_seats
        self.folded = [False] * self.n_seats
        self.all_in = [False] * self.n_seats
        self.bets = [0] * self.n_seats
        self.mask = {}
        self.peeks = {}
        if self.closing:
            self._end_session("left", events)
            return
        if (
            self.mode == "life_cassino"
            and not self._limit_reached()
            and len(self._between_seats()) >= 2
        ):
            # [T11] between hands at the Life Cassino players may get up or sit down.
            self.phase = "between"
            self.between_choices = {}
            return
        self._start_hand(events)

    def _knock_out(self, seat: int, events: list[Event]) -> None:
        """A player at zero: busted, or dead in O Morto's modes ([T8], [T11])."""
        self.out_order.append(seat)
        if seat == self.morto_seat:
            self.status[seat] = DEFEATED
            if not self.morto_defeated:
                self.morto_defeated = True
                events.append(MortoDefeated(seat, "pv"))
            return
        if self.mode == "standard" or (self.mode == "death_match" and self.morto_defeated):
            # [T11] (revised): once O Morto is down, 0 PV puts a player out alive.
            self.status[seat] = BUSTED
            events.append(PlayerBusted(seat))
        else:
            self.status[seat] = DEAD
            events.append(SoulTaken(seat))

    def _limit_reached(self) -> bool:
        return (self.hand_limit > 0 and self.hand_no >= self.hand_limit) or (
            self.turn_limit > 0 and self.hand_no >= self.turn_limit
        )

    def _session_should_end(self, events: list[Event], players: list[int]) -> bool:
        if len(players) <= 1:
            self._end_session("one_left" if self.hand_no else "empty", events)
            return True
        if self.hand_limit > 0 and self.hand_no >= self.hand_limit:
            self._end_session("hand_limit", events)
            return True
        if self.turn_limit > 0 and self.hand_no >= self.turn_limit:
            self.timed_out = True
            self._end_session("turn_limit", events)
            return True
        return False

    def _end_session(self, reason: str, events: list[Event]) -> None:
        self.over = True
        self.phase = "over"
        self.to_act = -1
        self.end_reason = reason
        events.append(SessionEnded(reason))
        if self.mode == "death_match" and reason == "one_left":
            alive = self._players()
            if len(alive) == 1 and alive[0] != self.morto_seat:
                self.wish_winner = alive[0]
                events.append(WishGranted(alive[0]))
        events.append(MatchOver(tuple(tuple(g) for g in self.standings()), timed=self.timed_out))

    # ------------------------------------------------------------------
    # leaving and joining ([T8], [T11])

    def _may_leave(self, seat: int) -> bool:
        if self.mode == "death_match":
            # Nobody leaves O Morto's table while he stands; he never leaves it.
            return self.morto_defeated and seat != self.morto_seat
        return True

    def _between_seats(self) -> list[int]:
        return [
            s
            for s in range(self.n_seats)
            if self.status[s] in (PLAYING, AWAY) and self.stacks[s] > 0
        ]

    def _apply_between(self, seat: int, action: Action, events: list[Event]) -> None:
        choice = "stay"
        if isinstance(action, Leave):
            choice = "leave"
        elif isinstance(action, Join):
            choice = "join"
        self.between_choices[seat] = choice
        if self.to_move:
            return
        for s in sorted(self.between_choices):
            if self.between_choices[s] == "leave":
                self.status[s] = AWAY
                events.append(PlayerLeft(s, self.stacks[s]))
            elif self.between_choices[s] == "join":
                self.status[s] = PLAYING
                self.owes_join_blind.add(s)
                events.append(PlayerJoined(s))
        self.between_choices = {}
        if len(self._players()) < 2:
            self._end_session("empty", events)
            return
        self._start_hand(events)

    def _leave(self, seat: int, events: list[Event]) -> None:
        """Get up mid-session: fold any hand, take the stack away."""
        was_straddle = self.phase == "straddle"
        self.status[seat] = AWAY if self.mode == "life_cassino" else LEFT
        self.pending = None
        events.append(PlayerLeft(seat, self.stacks[seat]))
        if self.mode == "standard":
            # [T8] the human gets up: the session ends with this hand, settled at once.
            self.closing = True
            if was_straddle:
                # Nobody has seen a card: the blinds go back and the hand is void.
                for s in range(self.n_seats):
                    self.stacks[s] += self.contrib[s]
                self.contrib = [0] * self.n_seats
                self.last_hand = {"hand": self.hand_no, "board": [], "shown": {}, "winners": []}
                self._end_hand(events)
                return
            self.folded[seat] = True
            live = self.live_seats()
            if len(live) <= 1:
                self._win_uncontested(live[0] if live else -1, events)
                return
            events.append(RunOut(tuple(live)))
            while len(self.board) < 2:
                self._roll_card(events)
            self._showdown(events)
            return
        if was_straddle:
            self.in_hand[seat] = False
            self.folded[seat] = True
            self._deal(events)
            return
        self.folded[seat] = True
        self.progress(seat, events)

    # ------------------------------------------------------------------
    # cheating ([T9]) and A Mão do Morto (house): see cheat_flow / relic_flow

    def opponents_at_table(self, seat: int) -> list[tuple[int, Persona]]:
        """Everyone else seated at the table, watching (folded players too)."""
        return [
            (s, self.persona(s))
            for s in range(self.n_seats)
            if s != seat and self.status[s] == PLAYING
        ]

    def difficulty(self, seat: int) -> cheating.Difficulty:
        """The cheating difficulty `seat` faces now."""
        return cheating.table_difficulty(self.opponents_at_table(seat))

    # ------------------------------------------------------------------
    # views ([G4]): see views.py

    def public_view(self) -> dict[str, Any]:
        """Everything a spectator may see: no hole cards, never the deck."""
        return views.public_view(self)

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: the public table plus his own cards and options."""
        return views.seat_private_view(self, seat)

    # ------------------------------------------------------------------
    # results

    def standings(self) -> list[list[int]]:
        """Most chips (or PV) first; those out ranked by how long they lasted ([T8]);
        players expelled for cheating below everyone else, the latest expelled
        first, whatever they carried away ([T9])."""
        n = self.n_seats

        def key(s: int) -> tuple[int, int, int, int]:
            won = 1 if self.mode == "death_match" and s == self.wish_winner else 0
            if s in self.expelled_order:
                return (won, 0, self.expelled_order.index(s), 0)
            alive = 0 if self.status[s] in (DEAD, DEFEATED) else 1
            lasted = self.out_order.index(s) if s in self.out_order else len(self.out_order)
            return (won, 1, alive * self.stacks[s], lasted)

        groups: dict[tuple[int, int, int, int], list[int]] = {}
        for s in range(n):
            groups.setdefault(key(s), []).append(s)
        return [groups[k] for k in sorted(groups, reverse=True)]

    def distance_to_victory(self, seat: int) -> float:
        """Chips short of holding them all ([R7]); an expelled player never wins ([T9])."""
        if self.status[seat] in (DEAD, DEFEATED) or seat in self.expelled_order:
            return float(self.total_chips)
        return float(self.total_chips - self.stacks[seat])

    def snapshot(self) -> dict[str, Any]:
        """The full state, hidden parts included (tests and tools only)."""
        return {
            "phase": self.phase,
            "hand": self.hand_no,
            "buck": self.buck,
            "stacks": list(self.stacks),
            "status": list(self.status),
            "deck": [c.code for c in self.deck.cards],
            "hands": [[c.code for c in h] for h in self.hands],
            "board": [c.code for c in self.board],
            "bets": list(self.bets),
            "contrib": list(self.contrib),
            "folded": list(self.folded),
            "all_in": list(self.all_in),
            "acted": list(self.acted),
            "acted_level": list(self.acted_level),
            "current_bet": self.current_bet,
            "min_inc": self.min_inc,
            "round": self.round,
            "to_act": self.to_act,
            "pending": copy.deepcopy(self.pending),
            "cheated": sorted(self.cheated),
            "relics_used": dict(self.relics_used),
            "mask": dict(self.mask),
            "forced_suit": self.forced_suit,
            "between": dict(self.between_choices),
            "owes_join": sorted(self.owes_join_blind),
            "stats": [dict(s) for s in self.stats],
            "out_order": list(self.out_order),
            "expelled_order": list(self.expelled_order),
            "wish": self.wish_winner,
            "over": self.over,
        }
