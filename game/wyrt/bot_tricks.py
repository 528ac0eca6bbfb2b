"""A Wyrt bot's tricks: whether it cheats ([T9]) and how it plays a caught or
won cheat, and when it invokes a relic of A Mão do Morto ([T11]).
"""

from __future__ import annotations

import random
from typing import Any

from game.cards import SUITS, Card, parse_card
from game.core import Action
from game.wyrt import cheating
from game.wyrt.bot_skill import Manner, Skill
from game.wyrt.evaluator import evaluate
from game.wyrt.personas import Persona
from game.wyrt.records import (
    CheatGiveUp,
    CheatPress,
    InvokeRelic,
    Steal,
)
from game.wyrt.relics import CETRO, COROA, MASCARA, MOEDA, ROSA


class BotTricks:
    """Cheating and relics (mixed into `WyrtBot`)."""

    persona: Persona
    manner: Manner
    skill: Skill

    @staticmethod
    def _cards(view: dict[str, Any]) -> tuple[list[Card], list[Card]]:
        return [parse_card(c) for c in view["hand_cards"]], [parse_card(c) for c in view["board"]]

    def _cheat_risk(self, view: dict[str, Any]) -> float:
        """The highest chance of being caught this persona accepts ([T9])."""
        risk = self.manner.cheat_risk
        if view["mode"] == "death_match" and not view["morto_defeated"]:
            risk = min(risk, 0.02)  # caught at O Morto's table means death
        return risk

    def _wants_to_cheat(self, view: dict[str, Any], r: random.Random) -> bool:
        """Cheat when the tests' odds favour it: likely to steal, unlikely to be
        caught (within the persona's taste for risk), and worth it."""
        c = view["cheat"]
        caught = float(c["caught_chance"])
        steal = float(c["steal_chance"])
        risk = self._cheat_risk(view)
        if risk <= 0 or caught > risk or steal < max(0.5, 2 * caught):
            return False
        # Only for a pot that matters: big next to the blinds and to all he has at
        # the table (chips behind and in the pot: all in, he still risks his
        # seat); the wiser the player, the more that seat is worth to him, so the
        # bigger the pot must be (the invicto, whose every test fails only on a
        # 6, risks it only for a pot worth more than twice all he has).
        me = view["seats"][view["seat"]]
        at_table = me["stack"] + me["contributed"]
        if view["pot_total"] < max(6 * view["big_blind"], at_table * (0.25 + 3 * self.skill.knows)):
            return False
        mine, board = self._cards(view)
        return evaluate(mine + board).rank_index < 4  # a strong hand needs no help

    def _press_or_give_up(self, view: dict[str, Any]) -> Action:
        """After a failed I test: press (H one level harder) when being caught stays
        within the persona's taste for risk."""
        harder = max(0, min(5, view["cheat"]["h_target"] - 1)) / 6
        return CheatPress() if 1 - harder <= self._cheat_risk(view) else CheatGiveUp()

    def _steal(self, view: dict[str, Any], legal: list[Action]) -> Action:
        mine, board = self._cards(view)
        steal = view.get("steal")
        if not steal:
            return legal[0]
        deck = [parse_card(c) for c in steal["deck"]]
        take, discard = cheating.best_steal(mine, deck, steal["count"], board)
        return Steal(take, discard)

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
