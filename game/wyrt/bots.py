"""The Wyrt personalities as bots ([T10]): each plays in its own way, and I sets
how well.

Two things make a persona's game, and both are written down once:

- its habits, in the one table `MANNERS`: aggression (taste for betting and
  raising), bluffs (how often it bets nothing), calls (how much over the odds it
  pays to see more), straddles, and the risk of being caught it accepts to cheat
  (its perks show: Arena gamblers, Crime/Manipulação card sharps, rich nobles);
- its skill, from its I (`skill_of`): I 0-1 plays its made hand only (loose and
  readable); from I 2 it estimates equity by Monte Carlo and weighs pot odds and
  fold equity; as I rises it misjudges its equity less, hopes less on a loose
  call, deals more samples, reads the others' ranges more fully (from I 4),
  their habits, sizing and position (I 7+) and the personas' known habits
  (from I 7). O Morto judges best of all, whatever his I: every range and
  habit fully, several ranges at once (each opponent dealt from his own
  range, which is what a multi-way pot needs), and with several opponents he
  values each call and bet deal by deal (multi-way pot odds: only those who go
  on share the pot, and each of them pays what he owes); he milks the novices
  (their betting read as odds, bigger bets while one may pay them, their whim
  calls counted, the dearest bet they pay with anything weighed).

A bot sees only the view and the legal actions. Every choice is drawn from the
generator it is given, so bots are deterministic. It cheats ([T9]) only when the
view's test odds favour it (likely to steal, caught within its taste for risk),
and uses the relics of A Mão do Morto when it holds them.
"""

from __future__ import annotations

import random
from typing import Any

from game.cards import Card, parse_card, standard_deck
from game.core import Action
from game.rng import Rng
from game.wyrt import bot_novice, equity
from game.wyrt.bot_skill import MANNERS, Manner, skill_of
from game.wyrt.bot_tricks import BotTricks
from game.wyrt.evaluator import PAIR, TRIPS, TWO_PAIR, evaluate
from game.wyrt.personas import PERSONAS
from game.wyrt.records import (
    AllIn,
    Call,
    Cheat,
    CheatPress,
    Check,
    Fold,
    NoStraddle,
    Raise,
    Stay,
    Steal,
    Straddle,
)

_FULL_DECK = tuple(standard_deck())


class WyrtBot(BotTricks):
    """A personality at the Wyrt table."""

    def __init__(self, persona_id: str) -> None:
        self.persona = PERSONAS[persona_id]
        self.name = persona_id
        self.level = self.persona.tier
        self.manner = MANNERS[persona_id]
        self.skill = skill_of(self.persona)
        self.time_budget = self.skill.budget

    # ------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """Pick an action from what the seat sees."""
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        r = random.Random(rng.randrange(1 << 62))
        kinds = {type(a) for a in legal_actions}
        if Stay in kinds:
            return Stay()
        if Straddle in kinds:
            return Straddle() if r.random() < self.manner.straddle else NoStraddle()
        if CheatPress in kinds:
            return self._press_or_give_up(view)
        if Steal in kinds:
            return self._steal(view, legal_actions)
        relic = self._relic(view, legal_actions, r)
        if relic is not None:
            return relic
        if Cheat in kinds and self._wants_to_cheat(view, r):
            return Cheat()
        if self.skill.samples == 0:
            return self._novice(view, legal_actions, r)
        return self._thinker(view, legal_actions, r)

    # ------------------------------------------------------------------
    # reading the view

    @staticmethod
    def _opponents(view: dict[str, Any]) -> list[int]:
        me = view["seat"]
        return [
            s for s, e in enumerate(view["seats"]) if s != me and e["in_hand"] and not e["folded"]
        ]

    @staticmethod
    def _fold_rate(view: dict[str, Any], seat: int) -> float:
        st = view["stats"][seat]
        return (st["folded_to_bet"] + 2) / (st["faced_bet"] + 5)

    def _range_threshold(self, view: dict[str, Any], seat: int) -> float:
        """How strong `seat`'s betting this hand says his hand is (0 = anything).

        Everyone who reads ranges takes a raise for strength; readers also weigh
        the player's habits: loose players call and raise with less, and a
        player who seldom raises has a strong hand when he does.
        """
        acts = [e["act"] for e in view["hand_log"] if e["seat"] == seat]
        raises = sum(1 for a in acts if a in ("raise", "allin"))
        calls = sum(1 for a in acts if a == "call")
        if raises >= 2:
            thr = 0.72
        elif raises == 1:
            thr = 0.56
        elif calls:
            thr = 0.32
        else:
            return 0.0
        if not self.skill.reads:
            return thr * self.skill.ranges
        if view["seats"][seat]["persona"]["tier"] == "novice":
            return self._novice_range(view, seat)
        thr = max(thr, self._sized_range(view, seat))
        st = view["stats"][seat]
        loose = (st["vpip"] + 2) / (st["hands"] + 6)
        thr *= min(1.1, max(0.55, 1.25 - 0.75 * loose))
        aggression = (st["raises"] + 1) / (st["calls"] + 1)
        if aggression > 1.5:
            thr *= 0.85
        if raises and st["hands"] >= 10:
            # Someone who seldom raises has it when he does (needs some record first).
            raise_rate = st["raises"] / st["hands"]
            thr = max(thr, min(0.92, 1 - 1.5 * raise_rate))
        return thr * self.skill.ranges * self._habit_discount(view, seat)

    @staticmethod
    def _manner_of(view: dict[str, Any], seat: int) -> Manner:
        """The known habits of the persona at `seat` (its reputation is public)."""
        return MANNERS.get(view["seats"][seat]["persona"]["id"], MANNERS["cliente_casual"])

    def _habit_discount(self, view: dict[str, Any], seat: int) -> float:
        """Those who know the roster give a bluffer's and a maniac's bets less credit.

        A player bluffs on a whim only into an unbet pot (see `_thinker`): with
        `reraise_credit`, once `seat` has raised over a bet in a pot of several
        opponents (with `dealt_credit`, in a hand dealt to several, even once
        the others have folded), his bluffing habit no longer discounts his
        betting (his taste for raising still does).
        """
        if not self.skill.knows:
            return 1.0
        m = self._manner_of(view, seat)
        bluff = m.bluff
        if self.skill.reraise_credit and self._several(view) and self._raised_over_bet(view, seat):
            bluff = 0.0
        return max(0.5, 1 - self.skill.knows * (1.5 * bluff + max(0.0, m.aggression)))

    def _several(self, view: dict[str, Any]) -> bool:
        """Whether a raise over a bet gets full credit here: several opponents in
        the pot now, or (with `dealt_credit`) a hand dealt to several. A heads-up
        table (two dealt in) never gets it, so his game there stays as it was."""
        if len(self._opponents(view)) > 1:
            return True
        dealt = sum(1 for e in view["seats"] if e["in_hand"])
        return self.skill.dealt_credit and dealt > 2

    @staticmethod
    def _raised_over_bet(view: dict[str, Any], seat: int) -> bool:
        """Whether `seat` raised this hand over someone else's bet (the blinds aside)."""
        top: dict[int, int] = {}
        blinds = 0
        for e in view["hand_log"]:
            rnd = e["round"]
            before = top.get(rnd, 0)
            if e["act"] in ("small", "big", "straddle"):
                blinds = max(blinds, e["to"])
            elif (
                e["seat"] == seat
                and e["act"] in ("raise", "allin")
                and e["to"] > before > (blinds if rnd == 1 else 0)
            ):
                return True
            top[rnd] = max(before, e["to"])
        return False

    @staticmethod
    def _acts_last(view: dict[str, Any]) -> bool:
        """Whether every other player who can still bet acts before us in this round."""
        n = len(view["seats"])
        me = view["seat"]
        if view["round"] == 1:
            start = view["straddle_seat"] if view["straddled"] else view["big_blind_seat"]
            start = (start + 1) % n
        else:
            start = view["small_blind_seat"]
        order = [(start + k) % n for k in range(n)]
        able = [
            s
            for s in order
            if view["seats"][s]["in_hand"]
            and not view["seats"][s]["folded"]
            and not view["seats"][s]["all_in"]
        ]
        return bool(able) and able[-1] == me

    @staticmethod
    def _sized_range(view: dict[str, Any], seat: int) -> float:
        """Readers weigh raises by their size: a shove many times the pot is strong."""
        pot = 0
        top: dict[int, int] = {}
        thr = 0.0
        raises = 0
        for e in view["hand_log"]:
            rnd = e["round"]
            before = top.get(rnd, 0)
            if e["seat"] == seat and e["act"] in ("raise", "allin") and e["to"] > before:
                ratio = (e["to"] - before) / max(1, pot)
                raises += 1
                thr = max(thr, min(0.9, 0.42 + 0.12 * ratio + 0.08 * (raises - 1)))
            pot += e["amount"]
            top[rnd] = max(before, e["to"])
        return thr

    @staticmethod
    def _novice_range(view: dict[str, Any], seat: int) -> float:
        """A novice's betting tells his made hand (see `_novice`): read it."""
        n_board = len(view["board"])
        top: dict[int, int] = {}
        strongest = -1.0
        for e in view["hand_log"]:
            rnd = e["round"]
            before = top.get(rnd, 0)
            if e["seat"] == seat:
                if e["act"] in ("raise", "allin") and e["to"] > before:
                    facing = before > 0 and not (rnd == 1 and before <= view["big_blind"])
                    big = e["amount"] > max(view["big_blind"], view["pot_total"] // 3)
                    cat = TRIPS if facing or big else TWO_PAIR
                    strongest = max(strongest, equity.percentile(cat << 20, n_board))
                elif e["act"] == "call" and e["amount"] > 2 * view["big_blind"]:
                    strongest = max(strongest, 0.8 * equity.percentile(PAIR << 20, n_board))
            top[rnd] = max(before, e["to"])
        return max(0.0, strongest)

    @staticmethod
    def _is_novice(view: dict[str, Any], seat: int) -> bool:
        return bool(view["seats"][seat]["persona"]["tier"] == "novice")

    @staticmethod
    def _cheap_limit(view: dict[str, Any], seat: int) -> int:
        """The most a novice pays with any hand (see `_novice`)."""
        return max(2 * view["big_blind"], view["seats"][seat]["stack"] // 10)

    def _continue_threshold(
        self, view: dict[str, Any], seat: int, price: float, raise_by: int, tight: float
    ) -> float:
        """The weakest hand (percentile) with which `seat` goes on against a bet."""
        if self.skill.reads and self._is_novice(view, seat):
            # A novice pays anything cheap and every pair (see `_novice`).
            if raise_by <= self._cheap_limit(view, seat):
                return 0.0
            return equity.percentile(PAIR << 20, len(view["board"]))
        # He goes on when his hand's equity pays the price, with a margin for
        # facing a bet (the readers know how often he folds; the timid expect calls).
        margin = 0.1 + 0.08 * (tight - 1) - 0.1 * (1 - self.skill.fold_trust)
        # Those who know the roster expect the loose callers to call.
        margin -= 1.5 * self.skill.knows * self._manner_of(view, seat).calls
        return min(0.97, equity.continue_threshold(price + margin, len(view["board"])))

    def _whims(self, view: dict[str, Any], opps: list[int], owes: list[int]) -> list[float] | None:
        """How often each opponent pays `owes[k]` with nothing, on a whim.

        A novice pays anything cheap and every pair (`_continue_threshold`), and
        a dearer bet with nothing now and then (his `calls` habit, see
        `_novice`): counted, it makes a value bet into him pay more and a bluff
        at him pay less. None when nobody is counted so (thinkers, or no skill).
        """
        if not self.skill.whims:
            return None
        loose = [
            self._manner_of(view, o).calls
            if owes[k] > self._cheap_limit(view, o) and self._is_novice(view, o)
            else 0.0
            for k, o in enumerate(opps)
        ]
        return loose if any(loose) else None

    def _range_of(self, view: dict[str, Any], seat: int) -> equity.RangeFn | None:
        """The hands `seat` may hold, weighed by how he bet this hand."""
        if self.skill.novice_odds and self._is_novice(view, seat):
            m = self._manner_of(view, seat)
            like = bot_novice.likelihood(view, seat, m.bluff, m.calls)
            return equity.category_weight(like, len(view["board"]))
        return equity.range_weight(self._range_threshold(view, seat))

    def _simulate(self, view: dict[str, Any], r: random.Random) -> equity.EquityReport:
        mine, board = self._cards(view)
        opps = self._opponents(view)
        known: list[list[Card]] = [[] for _ in opps]
        for peek in view.get("peeks", []):
            t, code = peek.split(":")
            if int(t) in opps:
                known[opps.index(int(t))].append(parse_card(code))
        seen = set(mine)
        unseen = [c for c in _FULL_DECK if c not in seen]
        ranges: list[equity.RangeFn | None] | None = None
        if self.skill.ranges:
            ranges = [self._range_of(view, o) for o in opps]
        # Fewer deals when many opponents share the work (each deal costs more).
        samples = self.skill.samples
        if not self.skill.full_samples:
            samples = max(60, int(samples * 2 / (len(opps) + 1)))
        return equity.simulate(
            mine, board, unseen, len(opps), samples, r, ranges, known, self.skill.redeal
        )

    # ------------------------------------------------------------------
    # the novice: made hand only, loose and readable

    def _novice(self, view: dict[str, Any], legal: list[Action], r: random.Random) -> Action:
        mine, board = self._cards(view)
        value = evaluate(mine + board)
        cat = value.rank_index  # 0 high card … 10 royal flush
        to_call = view["to_call"]
        pot = max(1, view["pot_total"])
        stack = view["seats"][view["seat"]]["stack"]
        kinds = {type(a) for a in legal}
        if cat >= 3 and Raise in kinds or (cat >= 5 and AllIn in kinds):
            # Strong: bet big, and the bigger the stronger (that is the tell).
            frac = 0.5 * (cat - 1) * (1 + self.manner.aggression)
            return self._raise_to(view, legal, view["current_bet"] + int(pot * frac))
        if to_call == 0:
            if cat >= 2 and Raise in kinds and r.random() < 0.6:
                return self._raise_to(view, legal, view["min_raise_to"])
            if Raise in kinds and r.random() < self.manner.bluff:
                return self._raise_to(view, legal, view["min_raise_to"])
            return Check()
        cheap = to_call <= max(2 * view["big_blind"], stack // 10)
        if cat >= 1 or cheap or r.random() < self.manner.calls:
            return Call()
        return Fold()

    # ------------------------------------------------------------------
    # the thinkers: equity and expected value

    def _thinker(self, view: dict[str, Any], legal: list[Action], r: random.Random) -> Action:
        report = self._simulate(view, r)
        # Lesser minds misjudge their hand: one error per decision, the same for
        # every option (so it is a misreading, not a random pick among options).
        err = r.gauss(0, self.skill.noise) if self.skill.noise else 0.0
        eq = min(1.0, max(0.0, report.equity() + err))
        st = self.skill
        manner = self.manner
        me = view["seat"]
        pot = max(1, view["pot_total"])
        to_call = view["to_call"]
        my_bet = view["seats"][me]["bet"]
        stack = view["seats"][me]["stack"]
        opps = self._opponents(view)
        able = [not view["seats"][o]["all_in"] for o in opps]
        # How readily each opponent folds: his record for the readers, a guess otherwise.
        tight = [
            min(2.0, max(0.15, self._fold_rate(view, o) / 0.4)) if st.reads else 1.0 for o in opps
        ]
        # Position (readers): acting last, a check sees the dice card for free and
        # bets fold more; out of position a call faces more bets later.
        position = 0.0
        if st.reads:
            position = st.position if self._acts_last(view) else -st.position
        options: list[tuple[float, Action]] = []
        if to_call == 0:
            options.append((eq * pot + max(0.0, position) * pot, Check()))
        else:
            options.append((0.0, Fold()))
            if st.behind and len(opps) > 1:
                call_ev = self._call_value(view, report, opps, tight, err)
            else:
                hoped = min(1.0, eq + st.hope)
                call_ev = hoped * (pot + to_call) - to_call
            call_ev += manner.calls * pot
            if view["round"] < 3:
                call_ev += min(0.0, position) * pot
            options.append((call_ev, Call()))
        kinds = {type(a) for a in legal}
        targets: set[int] = set()
        # A third raise in one round takes a strong hand: no raise wars on a hunch.
        raises = sum(
            1
            for e in view["hand_log"]
            if e["round"] == view["round"] and e["act"] in ("raise", "allin")
        )
        may_raise = raises < 2 or eq >= 0.6
        # A novice who may still pay pays any size with a pair (see `_novice`):
        # those who know it weigh bigger bets then, up to all in.
        station = bool(st.station_sizes) and any(
            able[k] and self._is_novice(view, o) for k, o in enumerate(opps)
        )
        if view["can_raise"] and may_raise:
            cur = view["current_bet"]
            for frac in st.sizes + (st.station_sizes if station else ()):
                targets.add(cur + int((pot + to_call) * frac))
            targets.add(view["min_raise_to"])
            if st.cheap_bet:
                # The dearest bet a novice still pays with any hand: thin value.
                for k, o in enumerate(opps):
                    if able[k] and self._is_novice(view, o):
                        targets.add(view["seats"][o]["bet"] + self._cheap_limit(view, o))
        # All-in only when the stack is short next to the pot, or with a near lock:
        # overbet shoves risk the whole stack for a small pot.
        if (
            AllIn in kinds
            and may_raise
            and (stack <= 1.5 * (pot + to_call) or eq >= st.shove or station)
        ):
            targets.add(my_bet + stack)
        # The persona's habits: its taste for betting, and now and then a bluff
        # with a weak hand when nobody has bet; those who read novices as odds
        # never bluff on a whim into one (he pays cheap bets with anything; the
        # judgement of fold equity alone decides).
        habit = manner.aggression
        bluffing = to_call == 0 and eq < 0.45 and r.random() < manner.bluff
        if bluffing and st.novice_odds and any(self._is_novice(view, o) for o in opps):
            bluffing = False
        if bluffing:
            habit += 0.3
        # The timid raise only with a hand they trust (their nerve), bluffs aside:
        # a pot-share bonus alone cannot stop a misjudged equity from raising.
        fair = 1 / (len(opps) + 1)
        if manner.nerve and eq < fair + manner.nerve * (1 - fair) and not bluffing:
            targets.clear()
        for to in sorted(targets):
            to = max(view["min_raise_to"], min(to, view["max_raise_to"]))
            added = to - my_bet
            raise_by = to - view["current_bet"]
            if added <= to_call or raise_by <= 0:
                continue
            # An opponent goes on when his hand is worth the price he is offered.
            price = raise_by / (pot + added + raise_by)
            owed = [
                min(view["seats"][o]["stack"], to - view["seats"][o]["bet"]) if able[k] else 0
                for k, o in enumerate(opps)
            ]
            # A novice pays anything cheap by what he owes, not by the raise
            # (those who count his whims know it: a bet ahead adds to his due).
            thresholds = [
                self._continue_threshold(
                    view, o, price, owed[k] if st.whims else raise_by, tight[k]
                )
                if able[k]
                else 0.0
                for k, o in enumerate(opps)
            ]
            loose = self._whims(view, opps, owed)
            all_fold, eq_called, callers = report.against(thresholds, loose)
            if st.multiway and len(opps) > 1:
                # Deal by deal: only those who call share the pot, and each pays
                # what he owes (the blinds and earlier callers owe more than the raise).
                value = report.call_value(thresholds, pot + added, owed, loose)
                ev = value - added + err * (1 - all_fold) * (pot + added)
            else:
                eq_called = min(1.0, max(0.0, eq_called + err))
                paying = min(callers, float(sum(able)))
                pot_called = pot + added + paying * raise_by
                ev = all_fold * pot + (1 - all_fold) * (eq_called * pot_called - added)
            act: Action = AllIn() if to >= view["max_raise_to"] else Raise(to)
            options.append((ev + habit * pot, act))
        best = max(range(len(options)), key=lambda k: options[k][0])
        choice = options[best][1]
        return choice if self._is_legal(choice, legal, view) else self._fallback(legal)

    def _call_value(
        self,
        view: dict[str, Any],
        report: equity.EquityReport,
        opps: list[int],
        tight: list[float],
        err: float,
    ) -> float:
        """What a call is worth in a multi-way pot (multi-way pot odds).

        The opponents who still owe the bet answer it after us: those whose
        hands are not worth their price fold (and no longer share the pot), the
        others pay (and the pot grows). Counted deal by deal.
        """
        to_call = view["to_call"]
        pot = view["pot_total"] + to_call
        cur = view["current_bet"]
        thresholds: list[float] = []
        adds: list[float] = []
        for k, o in enumerate(opps):
            seat = view["seats"][o]
            owe = min(cur - seat["bet"], seat["stack"])
            if owe <= 0 or seat["all_in"]:
                thresholds.append(0.0)
                adds.append(0.0)
                continue
            price = owe / (pot + owe)
            thresholds.append(self._continue_threshold(view, o, price, owe, tight[k]))
            adds.append(float(owe))
        loose = self._whims(view, opps, [int(a) for a in adds])
        value = report.call_value(thresholds, pot, adds, loose)
        return value + (err + self.skill.hope) * pot - to_call

    # ------------------------------------------------------------------
    # helpers

    @staticmethod
    def _is_legal(action: Action, legal: list[Action], view: dict[str, Any]) -> bool:
        if isinstance(action, Raise):
            return view["can_raise"] and view["min_raise_to"] <= action.to <= view["max_raise_to"]
        return action in legal

    @staticmethod
    def _fallback(legal: list[Action]) -> Action:
        for kind in (Check, Call, Fold):
            for a in legal:
                if isinstance(a, kind):
                    return a
        return legal[0]

    def _raise_to(self, view: dict[str, Any], legal: list[Action], to: int) -> Action:
        kinds = {type(a) for a in legal}
        if not view["can_raise"]:
            if AllIn in kinds and view["to_call"] >= view["seats"][view["seat"]]["stack"]:
                return AllIn()
            return self._fallback(legal)
        to = max(view["min_raise_to"], min(to, view["max_raise_to"]))
        if to >= view["max_raise_to"]:
            return AllIn() if AllIn in kinds else self._fallback(legal)
        return Raise(to)

    # ------------------------------------------------------------------
    # cheating ([T9]): H and the perks decide

    # ------------------------------------------------------------------
    # A Mão do Morto


def make_bot(bot_id: str) -> WyrtBot:
    """The bot of a persona id (`INFO.bot_ids`)."""
    if bot_id not in PERSONAS:
        raise KeyError(f"no Wyrt persona {bot_id!r}")
    return WyrtBot(bot_id)
