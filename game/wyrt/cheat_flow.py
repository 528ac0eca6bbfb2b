"""The cheating flow at the table ([T9]): the double test, the steal, the expulsion.

A cheat is declared on one's own turn to bet. The Inteligência test is rolled at
once; a pass leads to the Habilidade test at the same difficulty, a failure to a
choice (press on one level harder, or give up). A passed Habilidade test rolls
1d6 for the number of cards to take from the deck; a failed one gets the
cheater caught. All dice are the match's and appear in (private) events.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.core import Action, Event, IllegalAction
from game.wyrt import cheating, statuses
from game.wyrt.records import (
    CardsStolen,
    Cheat,
    CheatAbandoned,
    CheatCaught,
    CheatGiveUp,
    CheatPress,
    CheatSucceeded,
    CheatTested,
    MortoDefeated,
    PlayerExpelled,
    SoulTaken,
    Steal,
)

if TYPE_CHECKING:
    from game.wyrt.session import WyrtSession


def may_cheat(m: WyrtSession, seat: int) -> bool:
    """Whether `seat` may try a cheat now (table rule on, once per hand, cards in the deck)."""
    return (
        m.cheating_on
        and seat not in m.cheated
        and len(m.deck) > 0
        and m.in_hand[seat]
        and not m.folded[seat]
    )


def check_cheat(m: WyrtSession, seat: int) -> None:
    """Refuse a cheat the rules do not allow ([T9])."""
    if not m.cheating_on:
        raise IllegalAction("T9", "wyrt.illegal.no_cheating")
    if seat in m.cheated:
        raise IllegalAction("T9", "wyrt.illegal.one_cheat_per_hand")
    if len(m.deck) == 0:
        raise IllegalAction("T9", "wyrt.illegal.deck_empty")


def pending_actions(m: WyrtSession) -> list[Action]:
    """The choices of an unfinished cheat: press or give up, or the cards to steal."""
    p = m.pending
    assert p is not None
    if p["kind"] == "press":
        return [CheatPress(), CheatGiveUp()]
    seat = p["seat"]
    best = cheating.best_steal(m.hands[seat], m.deck.cards, p["count"], m.board)
    null = cheating.null_steal(m.hands[seat], m.deck.cards, p["count"])
    acts: list[Action] = [Steal(*best)]
    if Steal(*null) != acts[0]:
        acts.append(Steal(*null))
    return acts


def check_pending(m: WyrtSession, action: Action) -> None:
    """Only the unfinished cheat's own choices are accepted, and only valid steals."""
    p = m.pending
    assert p is not None
    if p["kind"] == "press":
        if not isinstance(action, (CheatPress, CheatGiveUp)):
            raise IllegalAction("T9", "wyrt.illegal.finish_cheat")
        return
    if not isinstance(action, Steal):
        raise IllegalAction("T9", "wyrt.illegal.finish_cheat")
    seat = p["seat"]
    if not cheating.valid_steal(
        m.hands[seat], m.deck.cards, p["count"], action.take, action.discard
    ):
        raise IllegalAction("T9", "wyrt.illegal.bad_steal", count=p["count"])


def apply_cheat(m: WyrtSession, seat: int, action: Action, events: list[Event]) -> None:
    """Roll the tests, settle the press/give-up choice or carry out the steal."""
    me = m.persona(seat)
    if isinstance(action, Cheat):
        m.cheated.add(seat)
        diff = m.difficulty(seat)
        roll = m.rng.randint(1, 6)
        ok = cheating.passes(roll, me.i, diff.level)
        events.append(
            CheatTested(seat, "I", roll, cheating.test_target(me.i, diff.level), diff.name, ok)
        )
        if ok:
            habilidade_test(m, seat, diff.level, events)
        else:
            m.pending = {"kind": "press", "seat": seat, "level": diff.level}
    elif isinstance(action, CheatGiveUp):
        m.pending = None
        events.append(CheatAbandoned(seat))
    elif isinstance(action, CheatPress):
        assert m.pending is not None
        level = m.pending["level"] + 1  # one level harder after the failed I test
        m.pending = None
        habilidade_test(m, seat, level, events)
    else:
        assert isinstance(action, Steal) and m.pending is not None
        m.pending = None
        hand = Counter(m.hands[seat]) + Counter(action.take) - Counter(action.discard)
        for c in action.take:
            m.deck.cards.remove(c)
        m.deck.cards.extend(action.discard)
        m.deck.shuffle(m.rng)
        m.hands[seat] = sorted(hand.elements(), key=lambda c: (c.rank, c.suit), reverse=True)
        events.append(CardsStolen(seat, action.take, action.discard))


def habilidade_test(m: WyrtSession, seat: int, level: int, events: list[Event]) -> None:
    """The Habilidade test: pass and roll how many cards to steal, or get caught."""
    me = m.persona(seat)
    roll = m.rng.randint(1, 6)
    target = cheating.test_target(me.h, level)
    ok = cheating.passes(roll, me.h, level)
    if ok:
        events.append(CheatTested(seat, "H", roll, target, cheating.level_name(level), True))
        count_roll = m.rng.randint(1, 6)
        count = min(count_roll, len(m.deck))
        events.append(CheatSucceeded(seat, count_roll, count))
        m.pending = {"kind": "steal", "seat": seat, "count": count}
        return
    caught(m, seat, roll, target, level, events)


def caught(
    m: WyrtSession, seat: int, roll: int, target: int, level: int, events: list[Event]
) -> None:
    """[T9] caught: forfeit this hand's bets, expelled for the session."""
    events.append(CheatCaught(seat, roll, target, cheating.level_name(level), m.contrib[seat]))
    m.folded[seat] = True
    m.stats[seat]["folds"] += 1
    m.hand_log.append(
        {
            "seat": seat,
            "act": "caught",
            "amount": 0,
            "to": m.bets[seat],
            "round": m.round + 1,
        }
    )
    if seat == m.morto_seat:
        m.status[seat] = statuses.DEFEATED
        m.morto_defeated = True
        events.append(MortoDefeated(seat, "caught"))
    elif m.mode == "death_match" and not m.morto_defeated:
        # At O Morto's table a caught cheat pays with his soul.
        m.status[seat] = statuses.DEAD
        m.out_order.append(seat)
        events.append(SoulTaken(seat))
    else:
        m.status[seat] = statuses.EXPELLED
        m.expelled_order.append(seat)
        events.append(PlayerExpelled(seat, m.stacks[seat]))
    m.progress(seat, events)
