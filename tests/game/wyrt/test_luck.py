"""The luck of all-in run-outs, counted out of a simulation's chips (game.wyrt.luck).

The run-out rolls the missing dice cards at once ([T5]); the pots are built and
split as at the showdown ([T4], [T6]). What a seat was due is checked here
against a count made another way: every one of the 144 equally likely dice
cards, the engine's own `evaluate`.
"""

from __future__ import annotations

import random
from itertools import product
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import Card, parse_cards, standard_deck
from game.core import Event
from game.wyrt.dice_cards import EQUALLY_LIKELY
from game.wyrt.evaluator import evaluate
from game.wyrt.luck import DICE_CHANCES, DiceLuck, runout_due
from game.wyrt.pots import build_pots, split, uncalled
from game.wyrt.records import (
    AllIn,
    Call,
    Check,
    DiceCardRolled,
    HandShown,
    PlayerCalled,
    PotWon,
    RunOut,
)
from tests.game.wyrt.helpers import act, dice, give, stacks, table


def _due_by_every_roll(
    hands: dict[int, list[Card]], board: list[Card], contrib: list[int], buck: int
) -> list[float]:
    """The same sum, slowly: each of the 144 dice cards per missing card, equally likely."""
    n = len(contrib)
    chips = list(contrib)
    due = [0.0] * n
    seat, extra = uncalled(chips)
    if extra:
        chips[seat] -= extra
        due[seat] += extra
    pots = build_pots(chips, [s in hands for s in range(n)])
    rolls = list(product(EQUALLY_LIKELY, repeat=2 - len(board)))
    for rolled in rolls:
        values = {s: evaluate(list(h) + board + list(rolled)) for s, h in hands.items()}
        for pot in pots:
            best = max(values[s] for s in pot.eligible)
            winners = [s for s in pot.eligible if values[s] == best]
            for s, amount in split(pot.amount, winners, buck, n).items():
                due[s] += amount / len(rolls)
    return due


def test_the_dice_cards_chances_add_up_t5() -> None:
    """[T5] four suits, values 2-12 from two dice: 44 cards, every chance counted once."""
    assert len(DICE_CHANCES) == 44
    assert sum(p for _, p in DICE_CHANCES) == pytest.approx(1.0)
    by_card = {c: p for c, p in DICE_CHANCES}
    assert by_card[Card(7, "H")] == pytest.approx(6 / 36 / 4)
    assert by_card[Card(12, "C")] == pytest.approx(1 / 36 / 4)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    chips=st.lists(st.integers(0, 400), min_size=5, max_size=5),
    buck=st.integers(0, 4),
)
def test_due_matches_every_roll_counted_t4(
    seed: int, players: int, chips: list[int], buck: int
) -> None:
    """[T4] side pots, the uncalled part and odd chips: the same sum as rolling
    each of the 144 dice cards, with one dice card already out."""
    r = random.Random(seed)
    deck = list(standard_deck())
    r.shuffle(deck)
    live = sorted(r.sample(range(5), players))
    hands = {s: deck[5 * k : 5 * k + 5] for k, s in enumerate(live)}
    contrib = [c if s in hands else c // 4 for s, c in enumerate(chips)]
    contrib[live[0]] = max(contrib[live[0]], 1)
    board = [r.choice(EQUALLY_LIKELY)]
    due = runout_due(hands, board, contrib, buck)
    assert due == pytest.approx(_due_by_every_roll(hands, board, contrib, buck))
    assert sum(due) == pytest.approx(sum(contrib))


def test_due_with_both_dice_cards_to_come_t5() -> None:
    """[T5] an all-in before any dice card: every pair of rolls, duplicates allowed."""
    hands = {0: parse_cards("AS AH AD AC KS"), 1: parse_cards("KH KD KC QS QH")}
    hands[2] = parse_cards("2C 7D 9S JH 4D")
    contrib = [100, 200, 200]
    due = runout_due(hands, [], contrib, 0)
    assert due == pytest.approx(_due_by_every_roll(hands, [], contrib, 0))
    assert due[0] > 250  # four aces are nearly always best in the main pot


def test_a_lock_is_due_the_whole_pot_t6() -> None:
    """[T6] nothing beats a royal flush (the dice bring no ace): no luck to take out."""
    hands = {0: parse_cards("AS KS QS JS 10S"), 1: parse_cards("2C 7D 9S JH 4D")}
    assert runout_due(hands, [], [300, 300], 1) == pytest.approx([600.0, 0.0])


def test_the_counter_takes_the_run_out_luck_out_t5() -> None:
    """[T5] a three-way all-in rolled out: each seat's chips less his luck are
    what he was due, and the luck sums to nothing (chips only change hands)."""
    m = table(3, hand_limit=1)  # the session ends with the hand: no new blinds
    stacks(m, 100, 195, 290)
    give(m, "AS AH AD AC KS", "KH KD KC QS QH", "2C 7D 9S JH 4D")
    hands = {s: list(m.hands[s]) for s in range(3)}
    start = list(m.start_stacks)
    buck = m.buck
    dice(m, 2, 1, 1, 3, 1, 2)  # 2♥ then 3♠
    counter = DiceLuck(m)
    for action in (AllIn(), AllIn(), Call()):
        seat = m.to_move[0]
        counter.after(m, seat, act(m, action))
    assert counter.adjusted == 1 and counter.skipped == 0
    assert sum(counter.luck) == pytest.approx(0.0, abs=1e-6)
    contrib = [100, 200, 200]
    due = _due_by_every_roll(hands, [], contrib, buck)
    won = [m.stacks[s] - start[s] for s in range(3)]
    for s in range(3):
        assert won[s] - counter.luck[s] == pytest.approx(due[s] - contrib[s], abs=1e-6)
    assert won != pytest.approx([due[s] - contrib[s] for s in range(3)])  # the dice did swing it


def test_a_roll_between_rounds_moves_the_due_t5() -> None:
    """[T5] the dice card of the second round: its luck is how much it moved each
    seat's due, with the pot as it stands; the betting goes on after it."""
    m = table(2, hand_limit=1)
    give(m, "AS AH 7D 7C KS", "QH QD 9C 3S 2H")
    dice(m, 5, 6, 6)  # Q♣
    counter = DiceLuck(m)
    for action in (Call(), Check()):
        seat = m.to_move[0]
        counter.after(m, seat, act(m, action))
    assert m.board == [Card(12, "C")] and m.to_move  # round 2, a player to act
    assert counter.rolls == 1 and counter.adjusted == 0
    hands = {0: list(m.hands[0]), 1: list(m.hands[1])}
    contrib = list(m.contrib)
    before = _due_by_every_roll(hands, [], contrib, m.buck)
    after = _due_by_every_roll(hands, [Card(12, "C")], contrib, m.buck)
    assert counter.luck == pytest.approx([after[0] - before[0], after[1] - before[1]])
    assert counter.luck[1] > 5  # the Q♣ made his three queens


def test_a_bent_roll_stays_as_it_fell_t5() -> None:
    """A roll a relic forced (the Rosa) is no fair roll: that run-out is not counted."""
    state = SimpleNamespace(contrib=[100, 10], board=[], buck=0, mask={})
    counter = DiceLuck(state)
    hands = (parse_cards("AS AH AD AC KS"), parse_cards("KH KD KC QS QH"))
    events: list[Event] = [
        PlayerCalled(1, 90),
        RunOut((0, 1)),
        DiceCardRolled(1, (2,), (1, 1), Card(2, "H"), True),
        DiceCardRolled(2, (3,), (1, 2), Card(3, "S"), False),
        HandShown(0, hands[0], tuple(hands[0]), "four_of_a_kind"),
        HandShown(1, hands[1], tuple(hands[1]), "full_house"),
        PotWon(1, 200, (0,), (200,), "four_of_a_kind"),
    ]
    counter.after(state, 1, events)
    assert counter.skipped == 1 and counter.adjusted == 0 and counter.luck == [0.0, 0.0]
    # The same hand with fair rolls is counted.
    fair = list(events)
    fair[2] = DiceCardRolled(1, (2,), (1, 1), Card(2, "H"), False)
    counter.after(state, 1, fair)
    assert counter.adjusted == 1 and sum(counter.luck) == pytest.approx(0.0)


def test_every_roll_of_bot_play_is_counted_t5() -> None:
    """Bots at four seats for many one-hand sessions: every roll is counted (a
    run-out read back whole from the events, none skipped) and the luck only
    moves chips around."""
    from game.registry import make_bot
    from game.rng import Rng
    from game.runner import play_out

    counted = rolls = 0
    for seed in range(40):
        m = table(
            ["a", "b", "c", "d"],
            seed=seed,
            hand_limit=1,
            personas=["clandestino", "cliente_casual", "nobre_iniciante", "carteador"],
        )
        counter = DiceLuck(m)
        bots = [make_bot("wyrt", p) for p in m.persona_ids]
        play_out(m, bots, Rng(seed), after_action=counter.after)
        assert counter.skipped == 0
        assert sum(counter.luck) == pytest.approx(0.0, abs=1e-6)
        counted += counter.adjusted
        rolls += counter.rolls
    assert counted >= 3 and rolls >= 10
