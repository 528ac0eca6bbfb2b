"""Wyr bots: easy, normal and hard. They see only their view ([G4]).

- easy: random bets; keeps its pairs and better, throws the rest, always draws
  from the pile; rerolls a Thyatis die showing 1 or 2.
- normal: bets by its standing; keeps the cards that maximise the expected
  combination points over the cards it has not seen (pile refills); rerolls a
  Thyatis die of 3 or less. Under Azgher it knows a won pot counts against it
  and rerolls to lose, but it trades to lose only a hand with nothing in it: a
  dealt combination it plays by the plain game's habit (keep the pair, change the
  loose cards), not seeing a pair as a liability.
- hard: bets from a look-ahead of the money race against the others' likely
  picks; values hands by the chance to win the pot (not by points, and the
  cards inside equal points by what a tie-break is worth) against the others'
  likely hands, read from what they did (a lord who passed his last turn holds
  a made hand; under Azgher the others throw their pairs); weighs every refill,
  taking face-up table cards included; decides Thyatis rerolls
  from the exact odds against the rolls already on the table. Under Azgher it
  plays the variant's strategy: it breaks any combination to end on the lowest
  Maior Tesouro it can.

The levels differ in what they know, as in every game: that knowledge gap is
where hard's edge under Azgher lies. Heads-up a match is two rounds and the
leader can always hold the second bet to T$ 10, so the match share equals the
per-round share whatever the bets. When both lords end on a bare Maior Tesouro
only the tie-break of equal dice (11.3% of rounds) is left to skill: even an
ideal 7-5-4-3-2 every round would lose 55.8% of rounds against a normal that
also threw its pairs (issue 18). Against a pair normal keeps, hard's bare hand
loses the round (the good outcome) unless its dice beat normal's by 2. Measured
(1000 heads-up games each, fresh seeds): hard 63.5% against normal, normal 65.9%
against easy; on tuning seeds a normal that kept every pair but never drew gave
60.3% / 69.8%, one that played Azgher's trades wholly like the plain game
71.8% / 61.8%.

Under Tenebra the table is blind: nobody can take a card he cannot see, so every
level refills from the pile, and all three are level per round (hard vs
normal 49.2% of 1000 matches). That is where hard's edge lives in the plain
game: without its takes of face-up throws hard wins 50.2% of 600 plain matches
against normal, with them 69.7%. Under Tenebra no trading habit of normal's
reaches the ladder: even a normal that never trades loses only 55.4% of matches to hard
(dice outweigh cards: combination points 1-6 against 2d6) while it falls to
54.2% against easy, whose only weakness is its random bets (issue 18, measured
with throwaway code). Only a peeking bot that sees the face-down throws
reaches about 70%.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from game.cards import Card, parse_card
from game.core import Action
from game.rng import Rng
from game.wyr.betting import Table, hard_pick, pot_worth, standing_pick
from game.wyr.combos import best_combination
from game.wyr.lookahead import Profile, hand_value, second_chance_value
from game.wyr.odds import (
    AZGHER_POINTS,
    beat_probability,
    read_opponents,
    reroll_dist,
    thyatis_dice_dist,
    tie_share,
    tie_table,
    win_table,
)
from game.wyr.planner import Knowledge, Plan, knowledge, plan_trade, points_value
from game.wyr.records import MulliganChoice, Pass, PickBet, ThyatisChoice, Trade
from game.wyr.rules import BET_CHOICES


def wants_to_win(view: dict[str, Any]) -> bool:
    """Whether taking the pot helps: always, except under Azgher ([Y11]) for a lord
    who still has money after paying (a lord who paid his last coin must win or leave)."""
    if not view["variants"]["azgher"]:
        return True
    return int(view["money"][int(view["seat"])]) == 0


def holds_combination(hand: list[Card]) -> bool:
    """Whether the hand (5 cards, or 6 at the Mão de Wyr) holds a combination above
    Maior Tesouro ([Y5]): a pair or more, a joker, or a run among any five cards."""
    ranks = [c.rank for c in hand if not c.is_joker]
    if len(ranks) < len(hand) or len(set(ranks)) < len(ranks):
        return True
    return any(best_combination(five).points >= 2 for five in combinations(hand, 5))


class WyrBot:
    """Shared dispatch: one method per kind of decision."""

    level = "base"
    time_budget = 0.2

    def __init__(self) -> None:
        self.name = f"wyr-{self.level}"

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """Pick an action for the seat whose `view` is given."""
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        first = legal_actions[0]
        if isinstance(first, PickBet):
            return PickBet(self.bet(view, rng))
        if isinstance(first, MulliganChoice):
            return MulliganChoice(self.mulligan(view))
        if isinstance(first, ThyatisChoice):
            return ThyatisChoice(self.reroll(view))
        if isinstance(first, (Pass, Trade)):
            action = self.trade(view, legal_actions, rng)
            # A plan the sources cannot supply (an empty pile, only own discards on
            # the table, [Y3]) falls back to the first legal choice (a pass).
            return action if action in legal_actions else first
        return rng.choice(legal_actions)

    # Overridden per level.
    def bet(self, view: dict[str, Any], rng: Rng) -> int:
        """The secret pick ([Y2])."""
        raise NotImplementedError

    def mulligan(self, view: dict[str, Any]) -> bool:
        """Tournament rules: redraw a hand with nothing in it ([R8])."""
        hand = [parse_card(c) for c in view["hand"]]
        return best_combination(hand).points == 1

    def reroll(self, view: dict[str, Any]) -> bool:
        """Thyatis: reroll the lowest die? ([Y11])."""
        raise NotImplementedError

    def trade(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        """A discard & trade move ([Y3], [Y4])."""
        raise NotImplementedError


def _my_dice(view: dict[str, Any]) -> list[int]:
    return list(view["show"]["dice"][int(view["seat"])])


class EasyBot(WyrBot):
    """Simple rules (see the module docstring)."""

    level = "easy"
    time_budget = 0.05

    def bet(self, view: dict[str, Any], rng: Rng) -> int:
        return rng.choice(BET_CHOICES)

    def reroll(self, view: dict[str, Any]) -> bool:
        return min(_my_dice(view)) <= 2

    def trade(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        k = knowledge(view)
        hand = k.hand
        if k.mao_de_wyr:
            # A made hand of Aventureiros or better among the six: throw the odd card.
            for odd in sorted(hand):
                rest = list(hand)
                rest.remove(odd)
                if best_combination(rest).points >= 4:
                    return Trade((odd,), "none")
        elif best_combination(hand).points >= 4:
            return Pass()
        counts = Counter(c.rank for c in hand)
        # Keep every card that pairs up (and jokers); throw the lowest of the rest.
        loose = sorted(c for c in hand if c.is_joker is False and counts[c.rank] == 1)
        # Paired or not, the three lowest loose cards go (keeping the highest).
        discard = loose[:3]
        if k.mao_de_wyr and len(discard) <= 1:
            return Trade((discard[0] if discard else min(hand),), "none")
        if not discard:
            return Pass()
        keep = list(hand)
        for c in discard:
            keep.remove(c)
        return Plan(0, keep, "pile").action(hand, k)


class NormalBot(WyrBot):
    """Expected combination points (see the module docstring)."""

    level = "normal"
    time_budget = 0.2

    def bet(self, view: dict[str, Any], rng: Rng) -> int:
        return standing_pick(Table.from_view(view), int(view["seat"]))

    def reroll(self, view: dict[str, Any]) -> bool:
        low = min(_my_dice(view))
        return low <= 3 if wants_to_win(view) else low >= 4

    def trade(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        k = knowledge(view)
        # Azgher ([Y11]): normal knows a won pot counts against it, but it plays to
        # lose only a hand with nothing in it. A combination it plays by the plain
        # game's habit (keep it, change the loose cards): it does not see a pair
        # as a liability. Hard does (see the module docstring).
        lose = not wants_to_win(view) and not holds_combination(k.hand)
        sign = -1.0 if lose else 1.0

        def value(ranks: tuple[int, ...]) -> float:
            return sign * points_value(ranks)

        plan = plan_trade(k, value, use_table=False)
        return plan.action(k.hand, k)


class HardBot(WyrBot):
    """Round-win chances, table takes, exact Thyatis odds (see the module docstring)."""

    level = "hard"
    time_budget = 0.2

    def bet(self, view: dict[str, Any], rng: Rng) -> int:
        return hard_pick(view, rng)

    def wants_pot(self, view: dict[str, Any], rng: Rng) -> bool:
        """Whether taking the pot helps; under Azgher from a look-ahead of the money race."""
        if not view["variants"]["azgher"]:
            return True
        return pot_worth(view, rng) > 0

    def profile(self, view: dict[str, Any], rng: Rng) -> Profile:
        """How a final hand is valued: its chance to take the pot, negated when losing is better."""
        opponents = max(1, sum(1 for o in view["out"] if not o) - 1)
        nimb = bool(view["variants"]["nimb"])
        # Under Azgher the others play to lose too: expect bare Maiores Tesouros.
        if view["variants"]["azgher"]:
            prior = AZGHER_POINTS
        else:
            # What the others did is public: a lord who passed his last turn holds a
            # made hand, one who threw three has little ([Y3]).
            me = int(view["seat"])
            others = [s for s, o in enumerate(view["out"]) if not o and s != me]
            prior = read_opponents(view.get("history", []), others, 2)
        table = win_table(opponents, nimb, prior)
        ties = tie_table(opponents, nimb, prior)
        return (table, 1.0 if self.wants_pot(view, rng) else -1.0, ties)

    def trade(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        k: Knowledge = knowledge(view)
        profile = self.profile(view, rng)
        jokers = int(view["variants"]["hyninn"])
        if k.trade_round == 1:
            # A second turn is still to come: value hands with that chance ([Y3]).
            def value(ranks: tuple[int, ...]) -> float:
                return second_chance_value(ranks, jokers, profile)
        else:

            def value(ranks: tuple[int, ...]) -> float:
                return hand_value(ranks, profile)

        plan = plan_trade(k, value, use_table=True)
        return plan.action(k.hand, k)

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """As every level, but Thyatis needs the rng for the Azgher look-ahead."""
        if legal_actions and isinstance(legal_actions[0], ThyatisChoice):
            return ThyatisChoice(self.reroll_with(view, rng))
        return super().choose(view, legal_actions, rng)

    def reroll(self, view: dict[str, Any]) -> bool:
        return self.reroll_with(view, Rng("thyatis"))

    def reroll_with(self, view: dict[str, Any], rng: Rng) -> bool:
        """Reroll when it raises (or, when losing is better, lowers) the chance to take the pot."""
        show = view["show"]
        me = int(view["seat"])
        nimb = bool(view["variants"]["nimb"])
        n = 3 if nimb else 2
        dice = _my_dice(view)
        hands = show["hands"]
        strength = {
            s: best_combination([parse_card(c) for c in hands[s]]).strength for s in show["order"]
        }
        my_pts = int(show["points"][me])
        later = [s for s in show["order"][show["order"].index(me) + 1 :]]
        earlier = [s for s in show["order"] if s != me and s not in later]

        def p_win(total: int) -> float:
            score = my_pts + total
            p = 1.0
            for s in earlier:
                other = int(show["scores"][s])
                if other > score:
                    return 0.0
                if other == score:
                    p *= tie_share(strength[me], strength[s], nimb)
            for s in later:
                pts = int(show["points"][s])
                reis = pts == 6
                dist = dict(thyatis_dice_dist(n, reis, 3))
                p *= beat_probability(score, strength[me], pts, strength[s], dist, nimb)
            return p

        keep = p_win(sum(dice))
        again = sum(pr * p_win(t) for t, pr in reroll_dist(dice).items())
        if self.wants_pot(view, rng):
            return again > keep + 1e-12
        return again < keep - 1e-12


def make_bot(bot_id: str) -> WyrBot:
    """A bot of level `bot_id` ("easy", "normal" or "hard")."""
    if bot_id == "easy":
        return EasyBot()
    if bot_id == "normal":
        return NormalBot()
    if bot_id == "hard":
        return HardBot()
    raise ValueError(f"wyr has no bot {bot_id!r}")


__all__ = ["EasyBot", "HardBot", "NormalBot", "WyrBot", "make_bot"]
