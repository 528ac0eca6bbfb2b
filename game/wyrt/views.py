"""What each seat sees ([G4]): the public table, and one's own cards and choices."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from game.wyrt import cheating
from game.wyrt.relics import relic_codes

if TYPE_CHECKING:
    from game.wyrt.session import WyrtSession


def seat_view(m: WyrtSession, s: int) -> dict[str, Any]:
    return {
        "name": m.seats[s],
        "stack": m.stacks[s],
        "bet": m.bets[s],
        "contributed": m.contrib[s],
        "status": m.status[s],
        "in_hand": m.in_hand[s],
        "folded": m.folded[s],
        "all_in": m.all_in[s],
        "hand_size": len(m.hands[s]),
        "persona": m.persona(s).to_dict(),
        "is_morto": s == m.morto_seat,
        "is_profile": s == m.profile_seat,
    }


def public_view(m: WyrtSession) -> dict[str, Any]:
    """Everything a spectator may see: no hole cards, never the deck."""
    pots = m.current_pots() if m.phase in ("betting", "straddle") else []
    return {
        "game": "wyrt",
        "mode": m.mode,
        "table": m.table,
        "unit": m.unit,
        "min_bet": m.min_bet,
        "small_blind": m.sb_amount,
        "big_blind": m.bb_amount,
        "hand": m.hand_no,
        "hand_limit": m.hand_limit,
        "phase": m.phase,
        "round": m.round + 1,
        "buck": m.buck,
        "dealer": "morto"
        if m.mode == "life_cassino" and m.fixed_dealer
        else ("house" if m.fixed_dealer else m.buck),
        "small_blind_seat": m.sb_seat,
        "big_blind_seat": m.bb_seat,
        "straddle_seat": m.straddle_seat,
        "straddled": m.straddled,
        "to_act": m.to_act if m.phase == "betting" else -1,
        "to_move": m.to_move,
        "seats": [seat_view(m, s) for s in range(m.n_seats)],
        "board": [c.code for c in m.board],
        "board_dice": [dict(d) for d in m.board_dice],
        "pot_total": sum(m.contrib),
        "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in pots],
        "current_bet": m.current_bet,
        "min_raise": m.min_inc,
        "deck_size": len(m.deck) if m.phase in ("betting", "straddle") else 0,
        "hand_log": [dict(e) for e in m.hand_log],
        "stats": [dict(st) for st in m.stats],
        "last_hand": copy.deepcopy(m.last_hand),
        "cheating": m.cheating_on,
        "relics": {
            "enabled": m.relics_on,
            "cards": relic_codes() if m.morto_deck else {},
            "used": dict(m.relics_used),
            "rosa_suit": m.forced_suit,
        },
        "morto_seat": m.morto_seat,
        "morto_defeated": m.morto_defeated,
        "wish_winner": m.wish_winner,
        "profile_seat": m.profile_seat,
        "over": m.over,
        "end_reason": m.end_reason,
    }


def seat_private_view(m: WyrtSession, seat: int) -> dict[str, Any]:
    """What `seat` may see: the public table plus his own cards and options."""
    v = public_view(m)
    v["seat"] = seat
    v["hand_cards"] = [c.code for c in m.hands[seat]]
    v["best"] = m.hand_value(seat).to_dict() if len(m.hands[seat]) + len(m.board) >= 5 else None
    owe = max(0, m.current_bet - m.bets[seat])
    lo, hi = m.raise_bounds(seat)
    v["to_call"] = min(owe, m.stacks[seat])
    v["min_raise_to"] = lo
    v["max_raise_to"] = hi
    v["can_raise"] = m.phase == "betting" and m.to_act == seat and m.can_raise(seat)
    v["mask"] = m.mask.get(seat, "")
    v["peeks"] = list(m.peeks.get(seat, []))
    diff = m.difficulty(seat)
    me = m.persona(seat)
    odds = cheating.cheat_odds(me.h, me.i, diff.level)
    v["cheat"] = {
        "allowed": m.cheating_on,
        "tried": seat in m.cheated,
        "level": diff.level,
        "difficulty": diff.name,
        "watcher": diff.watcher,
        "i_target": cheating.test_target(me.i, diff.level),
        "h_target": cheating.test_target(me.h, diff.level),
        "steal_chance": round(odds.steal, 4),
        "caught_chance": round(odds.caught, 4),
        "pending": _pending_kind(m, seat),
    }
    v["steal"] = None
    if m.pending and m.pending["seat"] == seat and m.pending["kind"] == "steal":
        # Looking through the deck shows which cards are there, never their order.
        v["steal"] = {
            "count": m.pending["count"],
            "deck": sorted(c.code for c in m.deck.cards),
        }
    return v


def _pending_kind(m: WyrtSession, seat: int) -> str:
    if m.pending is None or m.pending["seat"] != seat:
        return ""
    return str(m.pending["kind"])
