"""What each seat of a Wyr match may see ([G4]): the seat's view, the
spectators' view, and the full snapshot the checks compare."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game.cards import Card, Deck
from game.wyr.combos import Combination
from game.wyr.rules import STARTING_MONEY, TRADE_ROUNDS


class WyrFacts(Protocol):
    """The state of a Wyr match as its views read it (`WyrMatch` fits it; named
    here so that this module never imports the match, which imports it)."""

    @property
    def seats(self) -> Sequence[str]: ...
    @property
    def n_seats(self) -> int: ...
    @property
    def jokers(self) -> int: ...
    @property
    def nimb(self) -> bool: ...
    @property
    def azgher(self) -> bool: ...
    @property
    def thyatis(self) -> bool: ...
    @property
    def tenebra(self) -> bool: ...
    @property
    def groups(self) -> str: ...
    @property
    def turn_limit(self) -> int: ...
    @property
    def tournament(self) -> bool: ...
    @property
    def money(self) -> Sequence[int]: ...
    @property
    def out(self) -> Sequence[bool]: ...
    @property
    def left_round(self) -> Sequence[int]: ...
    @property
    def dealt(self) -> Sequence[bool]: ...
    @property
    def round_no(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def over(self) -> bool: ...
    @property
    def timed_out(self) -> bool: ...
    @property
    def deck(self) -> Deck: ...
    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...
    @property
    def table(self) -> Sequence[Card]: ...
    @property
    def table_up(self) -> Sequence[bool]: ...
    @property
    def table_by(self) -> Sequence[int | None]: ...
    @property
    def pot(self) -> int: ...
    @property
    def picks(self) -> dict[int, int]: ...
    @property
    def revealed_bets(self) -> dict[int, int]: ...
    @property
    def current_bet(self) -> int | None: ...
    @property
    def hands_seen(self) -> bool: ...
    @property
    def mulligan_used(self) -> Sequence[bool]: ...
    @property
    def mulligan_queue(self) -> Sequence[int]: ...
    @property
    def turn_order(self) -> Sequence[int]: ...
    @property
    def turn_idx(self) -> int: ...
    @property
    def mao_de_wyr(self) -> bool: ...
    @property
    def history(self) -> Sequence[dict[str, Any]]: ...
    @property
    def show(self) -> dict[str, Any] | None: ...
    @property
    def last_round(self) -> dict[str, Any] | None: ...
    @property
    def to_move(self) -> list[int]: ...
    def _group_list(self) -> list[list[int]]: ...
    def _unit_of(self, seat: int) -> int: ...
    def _unit_totals(self) -> list[int]: ...


def table_view(m: WyrFacts, seat: int | None) -> list[dict[str, Any]]:
    out = []
    for c, up, by in zip(m.table, m.table_up, m.table_by, strict=True):
        known = up or (seat is not None and by == seat)
        # [Y3]: "takeable" - a lord may take others' discards and the Mão de Wyr's.
        takeable = None if seat is None else by != seat
        out.append(
            {"card": c.code if known else None, "face_up": up, "by": by, "takeable": takeable}
        )
    return out


def history_view(m: WyrFacts, seat: int | None) -> list[dict[str, Any]]:
    out = []
    for h in m.history:
        mine = seat is not None and h["seat"] == seat

        def show(item: dict[str, Any], mine: bool = mine) -> str | None:
            if item["up"] or mine or (seat is not None and item["by"] == seat):
                return str(item["card"].code)
            return None

        out.append(
            {
                "seat": h["seat"],
                "trade_round": h["trade_round"],
                "mao_de_wyr": h["mao_de_wyr"],
                "kind": h["kind"],
                "source": h["source"],
                "discards": [show(d) for d in h["discards"]],
                "taken": [show(t) for t in h["taken"]],
                "drawn": h["drawn"],
            }
        )
    return out


def show_view(m: WyrFacts) -> dict[str, Any] | None:
    show = m.show
    if show is None:
        return None
    n = m.n_seats
    combos: dict[int, Combination] = show["combos"]
    return {
        "order": list(show["order"]),
        "hands": [[c.code for c in m.hands[s]] if s in combos else None for s in range(n)],
        "combinations": [combos[s].name if s in combos else None for s in range(n)],
        "points": [combos[s].points if s in combos else None for s in range(n)],
        "dice": [list(show["dice"][s]) if s in show["dice"] else None for s in range(n)],
        "scores": [show["scores"].get(s) for s in range(n)],
        "pending": show["pending"],
        "rerolled": list(show["rerolled"]),
    }


def last_round_view(m: WyrFacts) -> dict[str, Any] | None:
    lr = m.last_round
    if lr is None:
        return None
    n = m.n_seats
    return {
        "round": lr["round"],
        "dealer": lr["dealer"],
        "order": list(lr["order"]),
        "hands": [lr["hands"].get(s) for s in range(n)],
        "combinations": [lr["combinations"].get(s) for s in range(n)],
        "dice": [lr["dice"].get(s) for s in range(n)],
        "scores": [lr["scores"].get(s) for s in range(n)],
        "winners": list(lr["winners"]),
        "payout": [lr["payout"].get(s, 0) for s in range(n)],
        "table_bet": lr["table_bet"],
        "bets": [lr["bets"].get(s) for s in range(n)],
    }


def seat_view(m: WyrFacts, seat: int | None) -> dict[str, Any]:
    n = m.n_seats
    groups = m._group_list() if m.groups != "none" else None
    trade = None
    if m.phase == "trade":
        per = len(m.turn_order) // TRADE_ROUNDS
        trade = {
            "seat": m.turn_order[m.turn_idx],
            "trade_round": m.turn_idx // per + 1,
            "turn_index": m.turn_idx,
            "turns_total": len(m.turn_order),
            "order": list(m.turn_order[:per]),
            "mao_de_wyr": m.mao_de_wyr,
        }
    hand: list[str] = []
    if seat is not None and m.hands_seen:
        hand = [c.code for c in m.hands[seat]]
    return {
        "game": "wyr",
        "seat": seat,
        "seats": list(m.seats),
        "n_seats": n,
        "phase": m.phase if not m.over else "over",
        "round": m.round_no,
        "rounds_played": m.turn,
        "dealer": m.dealer,
        "dealt": list(m.dealt),
        "money": list(m.money),
        "pot": m.pot,
        "out": list(m.out),
        "starting_money": STARTING_MONEY,
        "groups": groups,
        "group_of": [m._unit_of(s) for s in range(n)] if groups else None,
        "group_totals": m._unit_totals() if groups else None,
        "variants": {
            "hyninn": m.jokers,
            "nimb": m.nimb,
            "azgher": m.azgher,
            "thyatis": m.thyatis,
            "tenebra": m.tenebra,
        },
        "tournament": m.tournament,
        "turn_limit": m.turn_limit,
        "deck_size": 52 + m.jokers,
        "picked": [s in m.picks for s in range(n)],
        "my_pick": m.picks.get(seat) if seat is not None else None,
        "bets": [m.revealed_bets.get(s) for s in range(n)],
        "table_bet": m.current_bet,
        "hand": hand,
        "hand_hidden": not m.hands_seen,
        "hand_sizes": [len(h) for h in m.hands],
        "table": table_view(m, seat),
        "pile_size": len(m.deck),
        "trade": trade,
        "history": history_view(m, seat),
        "show": show_view(m),
        "last_round": last_round_view(m),
        "mulligan_used": list(m.mulligan_used),
        "to_move": list(m.to_move),
        "timed_out": m.timed_out,
    }


def snapshot(m: WyrFacts) -> dict[str, Any]:
    show = None
    if m.show is not None:
        show = {
            "order": m.show["order"],
            "next": m.show["next"],
            "combos": {str(s): c.name for s, c in m.show["combos"].items()},
            "dice": {str(s): list(d) for s, d in m.show["dice"].items()},
            "scores": {str(s): v for s, v in m.show["scores"].items()},
            "pending": m.show["pending"],
            "rerolled": m.show["rerolled"],
        }
    return {
        "money": m.money,
        "out": m.out,
        "left_round": m.left_round,
        "dealt": m.dealt,
        "round": m.round_no,
        "dealer": m.dealer,
        "phase": m.phase,
        "over": m.over,
        "deck": [c.code for c in m.deck.cards],
        "hands": [[c.code for c in h] for h in m.hands],
        "table": [c.code for c in m.table],
        "table_up": m.table_up,
        "table_by": m.table_by,
        "pot": m.pot,
        "picks": {str(s): v for s, v in m.picks.items()},
        "revealed": {str(s): v for s, v in m.revealed_bets.items()},
        "bet": m.current_bet,
        "hands_seen": m.hands_seen,
        "mulligan_used": m.mulligan_used,
        "mulligan_queue": m.mulligan_queue,
        "turn_order": m.turn_order,
        "turn_idx": m.turn_idx,
        "history": [
            {
                **h,
                "discards": [[d["card"].code, d["up"], d["by"]] for d in h["discards"]],
                "taken": [[t["card"].code, t["up"], t["by"]] for t in h["taken"]],
            }
            for h in m.history
        ],
        "show": show,
        "last_round": last_round_view(m),
        "turn": m.turn,
        "timed_out": m.timed_out,
    }
