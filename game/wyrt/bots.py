"""The Wyrt personalities as bots ([T10]): I sets how well they play.

- novice (I 0-1): plays its made hand only, calls loosely, bets big when strong
  and small when weak (readable), almost never bluffs;
- casual (I 2-3): a rough Monte Carlo equity and pot odds, no reads;
- solid (I 4-6): more samples, pot odds, bets for value, some bluffs;
- sharp (I 7-10) and master (I 11+): opponents' ranges from their betting and
  their looseness, fold-equity from their folding habits, exact sizing by EV;
- boss (O Morto): the same thinking with the most samples and no noise.

A bot sees only the view and the legal actions. Every choice is drawn from the
generator it is given, so bots are deterministic. H and the perks drive its
cheating ([T9]); it uses the relics of A Mão do Morto when it holds them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.cards import SUITS, Card, parse_card, standard_deck
from game.core import Action
from game.rng import Rng
from game.wyrt import cheating, equity
from game.wyrt.evaluator import PAIR, TRIPS, TWO_PAIR, evaluate
from game.wyrt.personas import CRIME, MANIPULATION, PERSONAS
from game.wyrt.records import (
    AllIn,
    Call,
    Cheat,
    CheatGiveUp,
    CheatPress,
    Check,
    Fold,
    InvokeRelic,
    NoStraddle,
    Raise,
    Stay,
    Steal,
    Straddle,
)
from game.wyrt.relics import CETRO, COROA, MASCARA, MOEDA, ROSA


@dataclass(frozen=True)
class Style:
    """How a strength tier plays."""

    samples: int  # Monte Carlo deals per decision (0: made hand only)
    noise: float  # randomness of its judgement, in pots
    ranges: bool  # reads opponents' ranges from their betting
    reads: bool  # uses opponents' folding habits
    bluff: float  # how much it trusts fold equity (0 never bluffs)
    call_slack: float  # share of the pot it pays to see more (loose calls)
    straddle: float  # chance to straddle when offered
    budget: float  # seconds per decision (ARCHITECTURE budgets)


STYLES: dict[str, Style] = {
    "novice": Style(0, 0.0, False, False, 0.0, 0.0, 0.3, 0.2),
    "casual": Style(80, 0.25, False, False, 0.3, 0.08, 0.1, 0.2),
    "solid": Style(200, 0.15, True, False, 0.6, 0.04, 0.0, 0.2),
    "sharp": Style(450, 0.05, True, True, 1.0, 0.0, 0.0, 0.2),
    "master": Style(700, 0.03, True, True, 1.0, 0.0, 0.0, 0.2),
    "boss": Style(1600, 0.0, True, True, 1.0, 0.0, 0.0, 1.0),
}

_FULL_DECK = tuple(standard_deck())


class WyrtBot:
    """A personality at the Wyrt table."""

    def __init__(self, persona_id: str) -> None:
        self.persona = PERSONAS[persona_id]
        self.name = persona_id
        self.level = self.persona.tier
        self.style = STYLES[self.level]
        self.time_budget = self.style.budget

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
            return Straddle() if r.random() < self.style.straddle else NoStraddle()
        if CheatPress in kinds:
            return self._press_or_give_up(view)
        if Steal in kinds:
            return self._steal(view, legal_actions)
        relic = self._relic(view, legal_actions, r)
        if relic is not None:
            return relic
        if Cheat in kinds and self._wants_to_cheat(view, r):
            return Cheat()
        if self.style.samples == 0:
            return self._novice(view, legal_actions, r)
        return self._thinker(view, legal_actions, r)

    # ------------------------------------------------------------------
    # reading the view

    @staticmethod
    def _cards(view: dict[str, Any]) -> tuple[list[Card], list[Card]]:
        return [parse_card(c) for c in view["hand_cards"]], [parse_card(c) for c in view["board"]]

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
        if not self.style.reads:
            return thr
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
        return thr

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

    def _continue_threshold(
        self, view: dict[str, Any], seat: int, price: float, raise_by: int, tight: float
    ) -> float:
        """The weakest hand (percentile) with which `seat` goes on against a bet."""
        if self.style.reads and view["seats"][seat]["persona"]["tier"] == "novice":
            # A novice pays anything cheap and every pair (see `_novice`).
            stack = view["seats"][seat]["stack"]
            if raise_by <= max(2 * view["big_blind"], stack // 10):
                return 0.0
            return equity.percentile(PAIR << 20, len(view["board"]))
        # He goes on when his hand's equity pays the price, with a margin for
        # facing a bet (the readers know how often he folds; the timid expect calls).
        margin = 0.1 + 0.08 * (tight - 1) - 0.1 * (1 - self.style.bluff)
        return min(0.97, equity.continue_threshold(price + margin, len(view["board"])))

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
        ranges = None
        if self.style.ranges:
            ranges = [equity.range_weight(self._range_threshold(view, o)) for o in opps]
        # Fewer deals when many opponents share the work (each deal costs more).
        samples = max(60, int(self.style.samples * 2 / (len(opps) + 1)))
        return equity.simulate(mine, board, unseen, len(opps), samples, r, ranges, known)

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
            frac = 0.5 * (cat - 1)
            return self._raise_to(view, legal, view["current_bet"] + int(pot * frac))
        if to_call == 0:
            if cat >= 2 and Raise in kinds and r.random() < 0.6:
                return self._raise_to(view, legal, view["min_raise_to"])
            if Raise in kinds and r.random() < 0.04:
                return self._raise_to(view, legal, view["min_raise_to"])
            return Check()
        cheap = to_call <= max(2 * view["big_blind"], stack // 10)
        if cat >= 1 or cheap or r.random() < 0.15:
            return Call()
        return Fold()

    # ------------------------------------------------------------------
    # the thinkers: equity and expected value

    def _thinker(self, view: dict[str, Any], legal: list[Action], r: random.Random) -> Action:
        report = self._simulate(view, r)
        eq = report.equity()
        st = self.style
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
            position = 0.015 if self._acts_last(view) else -0.015
        options: list[tuple[float, Action]] = []
        if to_call == 0:
            options.append((eq * pot + max(0.0, position) * pot, Check()))
        else:
            options.append((0.0, Fold()))
            call_ev = eq * (pot + to_call) - to_call + st.call_slack * pot
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
        if view["can_raise"] and may_raise:
            cur = view["current_bet"]
            for frac in (0.5, 0.75, 1.0, 1.5):
                targets.add(cur + int((pot + to_call) * frac))
            targets.add(view["min_raise_to"])
        # All-in only when the stack is short next to the pot, or for value:
        # overbet shoves risk the whole stack for a small pot.
        if AllIn in kinds and may_raise and (stack <= 1.5 * (pot + to_call) or eq >= 0.72):
            targets.add(my_bet + stack)
        for to in sorted(targets):
            to = max(view["min_raise_to"], min(to, view["max_raise_to"]))
            added = to - my_bet
            raise_by = to - view["current_bet"]
            if added <= to_call or raise_by <= 0:
                continue
            # An opponent goes on when his hand is worth the price he is offered.
            price = raise_by / (pot + added + raise_by)
            thresholds = [
                self._continue_threshold(view, o, price, raise_by, tight[k]) if able[k] else 0.0
                for k, o in enumerate(opps)
            ]
            all_fold, eq_called, callers = report.against(thresholds)
            paying = min(callers, float(sum(able)))
            pot_called = pot + added + paying * raise_by
            ev = all_fold * pot + (1 - all_fold) * (eq_called * pot_called - added)
            act: Action = AllIn() if to >= view["max_raise_to"] else Raise(to)
            options.append((ev, act))
        noisy = [(ev + r.gauss(0, st.noise) * pot, i) for i, (ev, _) in enumerate(options)]
        best = max(noisy)[1]
        choice = options[best][1]
        return choice if self._is_legal(choice, legal, view) else self._fallback(legal)

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

    def _cheat_bar(self, view: dict[str, Any]) -> float:
        perks = self.persona.perks
        if self.persona.boss:
            return 0.9  # O Morto rarely cheats
        bar = 0.45 if CRIME in perks else 0.6 if MANIPULATION in perks else 0.8
        if view["mode"] == "death_match" and not view["morto_defeated"]:
            bar = max(bar, 0.9)  # caught at O Morto's table means death
        return bar

    def _wants_to_cheat(self, view: dict[str, Any], r: random.Random) -> bool:
        c = view["cheat"]
        if c["steal_chance"] < self._cheat_bar(view):
            return False
        pot_bb = view["pot_total"] / max(1, view["big_blind"])
        if pot_bb < 6:
            return False
        mine, board = self._cards(view)
        if evaluate(mine + board).rank_index >= 4:
            return False  # already strong enough
        urge = 0.1 if self.persona.boss else 0.35
        return r.random() < urge

    def _press_or_give_up(self, view: dict[str, Any]) -> Action:
        harder = max(0, min(5, view["cheat"]["h_target"] - 1)) / 6
        bar = 0.5 if CRIME in self.persona.perks else 0.67
        if view["mode"] == "death_match" and not view["morto_defeated"]:
            bar = 0.9
        return CheatPress() if harder >= bar else CheatGiveUp()

    def _steal(self, view: dict[str, Any], legal: list[Action]) -> Action:
        mine, board = self._cards(view)
        steal = view.get("steal")
        if not steal:
            return legal[0]
        deck = [parse_card(c) for c in steal["deck"]]
        take, discard = cheating.best_steal(mine, deck, steal["count"], board)
        return Steal(take, discard)

    # ------------------------------------------------------------------
    # A Mão do Morto

    def _relic(self, view: dict[str, Any], legal: list[Action], r: random.Random) -> Action | None:
        offers = [a for a in legal if isinstance(a, InvokeRelic)]
        if not offers:
            return None
        mine, board = self._cards(view)
        now = evaluate(mine + board)
        relics = {a.relic for a in offers}
        if MASCARA in relics:
            best = None
            for s in ("H", "D", "C"):
                alt = [Card(10, s) if c == Card(10, "S") else c for c in mine]
                v = evaluate(alt + board)
                if v > now and (best is None or v > best[0]):
                    best = (v, s)
            if best is not None:
                return InvokeRelic(MASCARA, suit=best[1])
        if ROSA in relics:
            counts = {s: sum(1 for c in mine + board if c.suit == s) for s in SUITS}
            suit = max(counts, key=lambda s: counts[s])
            if counts[suit] >= 4 and now.rank_index < 5:
                return InvokeRelic(ROSA, suit=suit)
        if MOEDA in relics and now.rank_index <= 1:
            ranks = [c.rank for c in mine]
            lone = [c for c in mine if ranks.count(c.rank) == 1 and c != Card(12, "S")]
            if lone:
                give = min(lone, key=lambda c: (c.rank, c.suit))
                return InvokeRelic(MOEDA, card=give)
        if CETRO in relics and board:
            without = evaluate(mine + board[:-1]) if len(mine) + len(board) > 5 else now
            if now.rank_index <= without.rank_index and now.rank_index <= 1:
                return InvokeRelic(CETRO)
        if COROA in relics and view["to_call"] > 0:
            raisers = [e["seat"] for e in view["hand_log"] if e["act"] in ("raise", "allin")]
            for seat in reversed(raisers):
                if InvokeRelic(COROA, target=seat) in offers:
                    return InvokeRelic(COROA, target=seat)
        return None


def make_bot(bot_id: str) -> WyrtBot:
    """The bot of a persona id (`INFO.bot_ids`)."""
    if bot_id not in PERSONAS:
        raise KeyError(f"no Wyrt persona {bot_id!r}")
    return WyrtBot(bot_id)
