"""The powers of A Mão do Morto at the table (house rule, see `relics`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.cards import SUITS
from game.core import Action, Event, IllegalAction
from game.wyrt.dice_cards import roll_dice_card
from game.wyrt.records import (
    DiceCardRerolled,
    InvokeRelic,
    MaskWorn,
    RelicExchange,
    RelicInvoked,
    RelicPeek,
)
from game.wyrt.relics import CETRO, COROA, MASCARA, MASK_SUITS, MOEDA, RELIC_CARDS, ROSA

if TYPE_CHECKING:
    from game.wyrt.session import WyrtSession


def relic_actions(m: WyrtSession, seat: int) -> list[Action]:
    """The relic powers `seat` may use now (representative choices)."""
    if not m.relics_on:
        return []
    out: list[Action] = []
    for relic, card in RELIC_CARDS.items():
        if relic in m.relics_used or card not in m.hands[seat]:
            continue
        if relic == CETRO and m.board:
            out.append(InvokeRelic(CETRO))
        elif relic == COROA:
            for t in m.live_seats():
                if t != seat:
                    out.append(InvokeRelic(COROA, target=t))
        elif relic == MOEDA and len(m.deck) > 0:
            low = min(m.hands[seat], key=lambda c: (c.rank, c.suit))
            out.append(InvokeRelic(MOEDA, card=low))
        elif relic == ROSA and len(m.board) < 2:
            out.extend(InvokeRelic(ROSA, suit=s) for s in SUITS)
        elif relic == MASCARA:
            out.extend(InvokeRelic(MASCARA, suit=s) for s in MASK_SUITS)
    return out


def check_relic(m: WyrtSession, seat: int, action: InvokeRelic) -> None:
    """Refuse a relic power that is off, used, not held or aimed wrongly."""
    if not m.relics_on:
        raise IllegalAction("T11", "wyrt.illegal.no_relics")
    card = RELIC_CARDS.get(action.relic)
    if card is None:
        raise IllegalAction("T11", "wyrt.illegal.no_such_relic", relic=action.relic)
    if action.relic in m.relics_used:
        raise IllegalAction("T11", "wyrt.illegal.relic_used", relic=action.relic)
    if card not in m.hands[seat]:
        raise IllegalAction("T11", "wyrt.illegal.relic_not_held", relic=action.relic)
    r = action.relic
    if r == CETRO and not m.board:
        raise IllegalAction("T11", "wyrt.illegal.relic_not_now", relic=r)
    if r == COROA and (action.target == seat or action.target not in m.live_seats()):
        raise IllegalAction("T11", "wyrt.illegal.relic_target", relic=r)
    if r == MOEDA and (action.card is None or action.card not in m.hands[seat] or not m.deck):
        raise IllegalAction("T11", "wyrt.illegal.relic_target", relic=r)
    if r == ROSA and (action.suit not in SUITS or len(m.board) >= 2):
        raise IllegalAction("T11", "wyrt.illegal.relic_target", relic=r)
    if r == MASCARA and action.suit not in MASK_SUITS:
        raise IllegalAction("T11", "wyrt.illegal.relic_target", relic=r)


def apply_relic(m: WyrtSession, seat: int, action: InvokeRelic, events: list[Event]) -> None:
    """Carry out a relic power; each works once per match."""
    r = action.relic
    m.relics_used[r] = seat
    public_suit = action.suit if r == ROSA else ""
    events.append(RelicInvoked(seat, r, action.target, public_suit))
    m.hand_log.append(
        {
            "seat": seat,
            "act": "relic:" + r,
            "amount": 0,
            "to": m.bets[seat],
            "round": m.round + 1,
        }
    )
    if r == CETRO:
        old = m.board[-1]
        roll = roll_dice_card(m.rng)
        m.board[-1] = roll.card
        m.board_dice[-1] = {
            "suit_dice": list(roll.suit_dice),
            "value_dice": list(roll.value_dice),
        }
        events.append(
            DiceCardRerolled(len(m.board), roll.suit_dice, roll.value_dice, roll.card, old)
        )
    elif r == COROA:
        card = m.rng.choice(m.hands[action.target])
        m.peeks.setdefault(seat, []).append(f"{action.target}:{card.code}")
        events.append(RelicPeek(seat, action.target, card))
    elif r == MOEDA:
        assert action.card is not None
        drawn = m.deck.draw_one()
        m.hands[seat].remove(action.card)
        m.hands[seat].append(drawn)
        m.deck.cards.append(action.card)
        m.deck.shuffle(m.rng)
        events.append(RelicExchange(seat, action.card, drawn))
    elif r == ROSA:
        m.forced_suit = action.suit
    else:
        m.mask[seat] = action.suit
        events.append(MaskWorn(seat, action.suit))
