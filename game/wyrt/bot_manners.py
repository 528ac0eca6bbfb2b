"""Each persona's manner in numbers ([T10], [T9]): how it really plays at the table.

`manner_table` seats the roster at mixed tables (cheating and straddles on),
watches every decision through the seat's own view and counts, per persona:

- VPIP: share of hands in which it put chips in voluntarily in the first round;
- raise share: raises and all-ins among its betting decisions;
- bluff share: share of its raises made with a weak hand (made-hand strength
  below `WEAK` among random hands with the same dice cards);
- fold to raise: share of its decisions facing another player's raise that fold;
- straddle share: straddles taken among those offered;
- cheat attempts per 100 hands, the share of attempts caught, and caught
  (expelled) per session seated.

So the closing note can set the observed habits beside the one table `MANNERS`.
Run: `python -m game.wyrt.bot_manners --sessions 60 --seed 5`.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field
from typing import Any

from game.cards import parse_card
from game.core import Action, Event
from game.registry import make_bot, new_match
from game.rng import Rng
from game.runner import play_out
from game.wyrt import equity
from game.wyrt.personas import ROSTER_ORDER
from game.wyrt.records import (
    AllIn,
    Call,
    CardsStolen,
    Cheat,
    CheatCaught,
    Check,
    Fold,
    Raise,
    Straddle,
)

#: a raise with a made hand weaker than this share of random hands is a bluff
WEAK = 0.35
_BETTING = (Fold, Check, Call, Raise, AllIn)


@dataclass
class Tally:
    """What one persona did over the sessions."""

    vpip: int = 0
    decisions: int = 0
    raises: int = 0
    bluffs: int = 0
    faced_raise: int = 0
    folded_to_raise: int = 0
    straddle_offers: int = 0
    straddles: int = 0
    cheat_offers: int = 0
    cheats: int = 0
    caught: int = 0
    stole: int = 0
    sessions: int = 0
    seen: set[tuple[int, int]] = field(default_factory=set)  # (session, hand) dealt in
    voluntary: set[tuple[int, int]] = field(default_factory=set)

    def row(self) -> dict[str, float]:
        """The shares, rounded for a table."""

        def share(a: int, b: int) -> float:
            return round(a / b, 3) if b else 0.0

        return {
            "hands": len(self.seen),
            "vpip": share(len(self.voluntary), len(self.seen)),
            "raise_share": share(self.raises, self.decisions),
            "bluff_share": share(self.bluffs, self.raises),
            "fold_to_raise": share(self.folded_to_raise, self.faced_raise),
            "straddle_share": share(self.straddles, self.straddle_offers),
            "cheats_per_100": round(100 * self.cheats / max(1, len(self.seen)), 2),
            "caught_share": share(self.caught, self.cheats),
            "caught_per_session": share(self.caught, self.sessions),
            "stole_share": share(self.stole, self.cheats),
        }


class _Watched:
    """A persona's bot whose every decision is tallied from its own view."""

    def __init__(self, persona: str, tally: Tally, session: int) -> None:
        self.bot = make_bot("wyrt", persona)
        self.name = self.bot.name
        self.level = self.bot.level
        self.time_budget = self.bot.time_budget
        self.tally = tally
        self.session = session

    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        """The persona's own choice, counted."""
        action = self.bot.choose(view, legal, rng)
        t = self.tally
        kinds = {type(a) for a in legal}
        if Straddle in kinds:
            t.straddle_offers += 1
            t.straddles += isinstance(action, Straddle)
        if Cheat in kinds:
            t.cheat_offers += 1
            t.cheats += isinstance(action, Cheat)
        if not isinstance(action, _BETTING) or not kinds & {Fold, Check}:
            return action
        key = (self.session, int(view["hand"]))
        t.seen.add(key)
        t.decisions += 1
        me = view["seat"]
        if view["round"] == 1 and isinstance(action, (Call, Raise, AllIn)):
            t.voluntary.add(key)
        if isinstance(action, (Raise, AllIn)):
            t.raises += 1
            cards = [parse_card(c) for c in view["hand_cards"]]
            board = [parse_card(c) for c in view["board"]]
            t.bluffs += equity.strength(cards, board) < WEAK
        raised = any(
            e["round"] == view["round"] and e["seat"] != me and e["act"] in ("raise", "allin")
            for e in view["hand_log"]
        )
        if raised and view["to_call"] > 0:
            t.faced_raise += 1
            t.folded_to_raise += isinstance(action, Fold)
        return action


def manner_table(
    *,
    sessions: int,
    seed: int,
    seats: int = 6,
    hands_per_session: int = 30,
    personas: tuple[str, ...] = ROSTER_ORDER,
) -> dict[str, dict[str, float]]:
    """Per persona, its observed habits over `sessions` mixed tables (see module doc)."""
    tallies = {p: Tally() for p in personas}
    pick = random.Random(seed)
    for s in range(sessions):
        # Every persona sits about equally often, at varied tables.
        chosen = pick.sample(list(personas), seats)
        names = [f"bot:{p}" for p in chosen]
        opts = {"cheating": True, "straddle": True, "hand_limit": hands_per_session}
        match = new_match("wyrt", names, seed=seed * 1000 + s, options=opts)
        bots = [_Watched(p, tallies[p], s) for p in chosen]
        for p in chosen:
            tallies[p].sessions += 1

        def hook(m: Any, seat: int, events: list[Event], _chosen: list[str] = chosen) -> None:
            for e in events:
                if isinstance(e, CheatCaught):
                    tallies[_chosen[e.seat]].caught += 1
                elif isinstance(e, CardsStolen):
                    tallies[_chosen[e.seat]].stole += 1

        play_out(match, bots, Rng(f"manners/{seed}/{s}"), after_action=hook)
    return {p: t.row() for p, t in tallies.items()}


def main() -> None:
    """Print the table for the closing notes."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--hands", type=int, default=30, help="hands per session")
    args = ap.parse_args()
    table = manner_table(sessions=args.sessions, seed=args.seed, hands_per_session=args.hands)
    cols = list(next(iter(table.values())))
    print(f"{'persona':<24}" + "".join(f"{c:>19}" for c in cols))
    for p, row in table.items():
        print(f"{p:<24}" + "".join(f"{row[c]:>19}" for c in cols))


if __name__ == "__main__":
    main()
