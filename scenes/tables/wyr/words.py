"""Wyr in words: action descriptions (hints) and the table's log lines.

Private details (cards a lord drew or looked at) are worded only for the seat
they belong to and only when no other person shares the screen ([G4]).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from game import Action, Event
from game.cards import Card, rank_text
from game.wyr import records as R
from game.wyr.combos import best_combination
from scenes.i18n import grouped, tr
from scenes.tables.you_words import fields_naming, keys_for, names_with_you, say_first


def money(amount: int) -> str:
    """T$ with the language's thousands ("T$ 1.250", "T$ 1,250")."""
    return tr("wyr.ui.money", amount=grouped(amount))


def cards_text(cards: Sequence[Card | str | None]) -> str:
    """ "7 3 K ?": ranks only, since suits never matter in Wyr ([Y5]); unknown cards as "?"."""
    out = []
    for c in cards:
        if c is None:
            out.append("?")
            continue
        card = c if isinstance(c, Card) else Card.from_code(c)
        out.append(tr("wyrtable.joker") if card.is_joker else rank_text(card.rank))
    return " ".join(out)


def hand_combo(hand: Sequence[Card]) -> str:
    """The combination a hand makes, with what its Hyninn stand for ("Trinca
    (Hyninn = A)"): a beginner can check why the joker made it ([Y11])."""
    best = best_combination(list(hand))
    jokers = sum(1 for c in hand if c.is_joker)
    text = combo(best.name)
    if not jokers:
        return text
    left = Counter(best.ranks)
    left.subtract(c.rank for c in hand if not c.is_joker)
    stands = sorted((r for r, k in left.items() for _ in range(max(0, k))), reverse=True)
    if not stands:
        return text
    return tr("wyrtable.hyninn_is", combination=text, ranks=", ".join(rank_text(r) for r in stands))


def combo(name: str) -> str:
    """The name of a combination ("Dragão")."""
    return tr(f"wyr.combinations.{name}")


def describe(action: Action) -> str:
    """An action in words (hints, confirmations)."""
    if isinstance(action, R.PickBet):
        return tr("wyr.ui.bet", amount=action.amount)
    if isinstance(action, R.MulliganChoice):
        return tr("wyr.ui.mulligan" if action.mulligan else "wyr.ui.keep_hand")
    if isinstance(action, R.ThyatisChoice):
        return tr("wyr.ui.reroll" if action.reroll else "wyr.ui.keep_roll")
    if isinstance(action, R.Pass):
        return tr("wyr.ui.pass")
    assert isinstance(action, R.Trade)
    discard = cards_text(action.discard)
    if action.source == "none":
        return tr("wyrtable.say.discard_keep", cards=discard)
    if action.source == "table":
        return tr("wyrtable.say.discard_table", cards=discard, count=len(action.take))
    return tr("wyrtable.say.discard_pile", cards=discard)


def event_line(
    event: Event,
    name: Callable[[int], str],
    viewer: int | None,
    private_ok: bool,
    you: int | None = None,
) -> str:
    """The log line of an event for the person at the screen ("" for none).

    `private_ok` is False in hot-seat: a private event is then worded as the
    others see it, even for its own seat, since the log outlives the curtain.
    `you` is the seat the log speaks to (a person at the screen): his own
    moves read "You pass", from the keys' `_self` twins (`you_words`).
    """
    p: dict[str, Any] = {}
    if hasattr(event, "seat") and isinstance(event.seat, int) and event.seat >= 0:
        p["seat"] = name(event.seat)
    mine = private_ok and event.visible_to(viewer) and getattr(event, "seat", None) == viewer
    named = fields_naming(event.to_dict(), you, ("seat", "dealer"))

    def say(key: str, **params: Any) -> str:
        # the line said to the person when a seat field names him, else the named line
        return say_first(keys_for(key, [f for f in named if f in params]), **params)

    k = "wyrtable.log."
    if isinstance(event, R.DealerChanged):
        return say(k + "dealer", round=event.round, **p)
    if isinstance(event, R.FirstDealerDrawn):
        return say("wyr.events.FirstDealerDrawn", **p)
    if isinstance(event, R.HandsDealt):
        return say("wyr.events.HandsDealt", dealer=name(event.dealer), count=event.count)
    if isinstance(event, R.BetPlaced):
        return say("wyr.events.BetPlaced", **p)
    if isinstance(event, R.BetsRevealed):
        picks = ", ".join(
            f"{name(s)} {money(b)}" for s, b in zip(event.seats, event.bets, strict=True)
        )
        return say(k + "bets", picks=picks, bet=money(event.table_bet))
    if isinstance(event, R.PotPaid):
        key = "all_in" if event.all_in else "paid"
        return say(k + key, amount=money(event.amount), pot=money(event.pot), **p)
    if isinstance(event, R.HandRevealed):
        if mine:
            return say(k + "hand_mine", cards=cards_text(event.cards))
        return ""
    if isinstance(event, R.MulliganDecided):
        return say(k + ("mulligan" if event.mulligan else "kept"), **p)
    if isinstance(event, R.TradeTurn):
        if event.mao_de_wyr:
            return say(k + "mao", **p)
        return say(k + "turn", round=event.trade_round, **p)
    if isinstance(event, R.CardsToTable):
        if event.seat < 0:
            if event.face_up:
                return say(k + "mao_cards", cards=cards_text(event.cards))
            return say(k + "mao_cards_down", count=event.count)
        if event.face_up:
            return say(k + "discard", cards=cards_text(event.cards), **p)
        return say(k + "discard_down", count=event.count, **p)
    if isinstance(event, R.CardsLaidDown):
        return say(k + "laid_down_mine", cards=cards_text(event.cards)) if mine else ""
    if isinstance(event, R.CardsDrawn):
        return say(k + "drew", count=event.count, **p)
    if isinstance(event, R.TableCardsTaken):
        if event.blind:
            return say(k + "took_blind", count=len(event.positions), **p)
        return say(k + "took", cards=cards_text(event.cards), **p)
    if isinstance(event, R.CardsReceived):
        return say(k + "got", cards=cards_text(event.cards)) if mine else ""
    if isinstance(event, R.Passed):
        return say(k + "passed", **p)
    if isinstance(event, R.HandsShown):
        return say(k + "hora")
    if isinstance(event, R.DiceRolled):
        dice = "-".join(str(d) for d in event.dice)
        return say(k + f"roll_{event.kind}", dice=dice, total=event.total, **p)
    if isinstance(event, R.ReisBestKept):
        return say(k + "reis_kept", total=event.total, **p)
    if isinstance(event, R.DieRerolled):
        return say(k + "reroll", old=event.old, new=event.new, total=event.total, **p)
    if isinstance(event, R.RollKept):
        return say(k + "kept_roll", **p)
    if isinstance(event, R.ScoreSet):
        return say(
            k + "score",
            score=event.score,
            combination=combo(event.combination),
            points=event.points,
            dice=event.dice_total,
            **p,
        )
    if isinstance(event, R.RollOffStarted):
        return say(k + "rolloff", seats=", ".join(name(s) for s in event.seats))
    if isinstance(event, R.RollOffWon):
        return say(k + "rolloff_won", **p)
    if isinstance(event, R.RoundWon):
        alone = len(event.winners) == 1
        said_to = ["winners"] if alone and you is not None and event.winners[0] == you else []
        return say_first(
            keys_for(k + ("won" if alone else "won_split"), said_to),
            winners=names_with_you([name(s) for s in event.winners], event.winners, you),
            pot=money(event.pot),
            reason=tr(f"wyr.reasons.{event.reason}"),
        )
    if isinstance(event, R.PotMoved):
        return say(k + f"pot_{event.kind}", amount=money(event.amount), **p)
    if isinstance(event, R.LordLeft):
        return say("wyr.events.LordLeft", **p)
    if isinstance(event, R.RoundEnded):
        return ""
    if type(event).__name__ == "MatchOver":
        return say("wyr.events.MatchOver")
    return ""
