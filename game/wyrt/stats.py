"""Measurements for the closing notes: bots' winnings and cheating success rates.

`chips_per_100` plays bot sessions with rotating seats and reports each
personality's winnings in big blinds per 100 hands; `cheat_rates` runs real
cheating attempts through the match (its own dice) at each difficulty and sets
the observed rates beside the formula's. Both are deterministic for a seed.
"""

from __future__ import annotations

from typing import Any

from game.registry import make_bot, new_match
from game.rng import Rng
from game.runner import play_out
from game.wyrt import cheating
from game.wyrt.match import WyrtMatch
from game.wyrt.personas import PERSONAS
from game.wyrt.records import (
    CardsStolen,
    Cheat,
    CheatAbandoned,
    CheatCaught,
    CheatGiveUp,
    CheatPress,
    Steal,
)


def chips_per_100(
    bot_ids: list[str],
    *,
    hands: int,
    seed: int,
    hands_per_session: int = 0,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Big blinds won per 100 hands by each entry over at least `hands` hands.

    Default (`hands_per_session=0`): duplicate hands. Every deal (one seed) is
    played once per seat rotation, each time a one-hand session with fresh
    stacks, so every entry plays every seat of the same cards and luck cancels
    out. With `hands_per_session=N`: sessions of up to N hands (they end early
    when one player holds every chip), seats rotating between sessions.
    """
    n = len(bot_ids)
    won = [0] * n
    played = [0] * n
    # per deal (or session) chips of each entry, for the standard error
    per_deal: list[list[int]] = []
    total_hands = 0
    session = 0
    bb = 0
    per = hands_per_session or 1
    while total_hands < hands:
        deal = session // n if not hands_per_session else session
        shift = session % n
        entry_at = {(i + shift) % n: i for i in range(n)}
        names = [f"{bot_ids[entry_at[s]]}#{entry_at[s] + 1}" for s in range(n)]
        opts = {"hand_limit": per, **(options or {})}
        match = new_match("wyrt", names, seed=seed + deal, options=opts)
        assert isinstance(match, WyrtMatch)
        bb = match.bb_amount
        bots = [make_bot("wyrt", bot_ids[entry_at[s]]) for s in range(n)]
        play_out(match, bots, Rng(f"wyrt-chips/{seed}/{session}"))
        if shift == 0 or hands_per_session:
            per_deal.append([0] * n)
        for s in range(n):
            delta = match.stacks[s] - match.start_stacks[s]
            won[entry_at[s]] += delta
            per_deal[-1][entry_at[s]] += delta
            played[entry_at[s]] += match.stats[s]["hands"]
        total_hands += match.hand_no
        session += 1
    return {
        "format": "sessions" if hands_per_session else "duplicate",
        "hands": total_hands,
        "sessions": session,
        "big_blind": bb,
        "entries": [
            {
                "bot": bot_ids[i],
                "tier": PERSONAS[bot_ids[i]].tier,
                "i": PERSONAS[bot_ids[i]].i,
                "hands_played": played[i],
                "chips_won": won[i],
                "bb_per_100": round(won[i] / bb / max(1, played[i]) * 100, 2),
                "se_bb_per_100": round(
                    _se([d[i] for d in per_deal]) * len(per_deal) / bb / max(1, played[i]) * 100, 2
                ),
            }
            for i in range(n)
        ],
    }


def _se(values: list[int]) -> float:
    """Standard error of the sum's mean (sd / sqrt(n)) of per-deal results."""
    k = len(values)
    if k < 2:
        return 0.0
    mean = sum(values) / k
    var = sum((v - mean) ** 2 for v in values) / (k - 1)
    return (var / k) ** 0.5


def cheat_rates(
    persona_id: str,
    watchers: list[str],
    *,
    attempts: int,
    seed: int,
    press: bool = True,
) -> dict[str, Any]:
    """Cheat `attempts` times as `persona_id` against `watchers`, through the match.

    Seat 0 cheats on its first turn of each session; the match's own dice decide.
    Returns the observed shares of stolen / caught / given up and the formula's.
    """
    stolen = caught = gave_up = 0
    level = -1
    for k in range(attempts):
        seats = [persona_id, *watchers]
        match = new_match(
            "wyrt",
            [f"bot:{p}" for p in seats],
            seed=seed + k,
            options={"cheating": True, "straddle": False},
        )
        assert isinstance(match, WyrtMatch)
        # Everyone else folds round to seat 0 so it is his turn.
        while match.to_move and match.to_move[0] != 0:
            s = match.to_move[0]
            legal = match.legal_actions(s)
            match.apply(s, next(a for a in legal if type(a).__name__ in ("Check", "Call")))
        level = match.difficulty(0).level
        events = match.apply(0, Cheat())
        while match.pending is not None and match.to_move == [0]:
            legal = match.legal_actions(0)
            if isinstance(legal[0], Steal):
                events += match.apply(0, legal[0])
            else:
                events += match.apply(0, CheatPress() if press else CheatGiveUp())
        if any(isinstance(e, CardsStolen) for e in events):
            stolen += 1
        elif any(isinstance(e, CheatCaught) for e in events):
            caught += 1
        elif any(isinstance(e, CheatAbandoned) for e in events):
            gave_up += 1
    me = PERSONAS[persona_id]
    odds = cheating.cheat_odds(me.h, me.i, level, press)
    return {
        "persona": persona_id,
        "h": me.h,
        "i": me.i,
        "watchers": watchers,
        "level": level,
        "difficulty": cheating.level_name(level),
        "attempts": attempts,
        "observed": {
            "steal": round(stolen / attempts, 4),
            "caught": round(caught / attempts, 4),
            "gave_up": round(gave_up / attempts, 4),
        },
        "expected": {
            "steal": round(odds.steal, 4),
            "caught": round(odds.caught, 4),
            "gave_up": round(odds.gave_up, 4),
        },
    }
