"""The hand evaluator ([T6]) and the dice cards ([T5])."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import Card, parse_cards, standard_deck
from game.wyrt import CATEGORIES, HandValue, card_from_dice, evaluate
from game.wyrt.dice_cards import EQUALLY_LIKELY, value_probabilities

# ---------------------------------------------------------------------------
# A slow, obviously-correct reference: best of every 5-card subset.


def _ref_five(cards: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    ranks = sorted((c.rank for c in cards), reverse=True)
    counts = Counter(ranks)
    flush = len({c.suit for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_top = 5
    by = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in by]
    order = tuple(r for r, n in by for _ in range(n))
    if straight_top and flush:
        return (10 if straight_top == 14 else 8, (straight_top,))
    if shape[0] == 5:
        return (9, order)
    if shape[0] == 4:
        return (7, order)
    if shape[:2] == [3, 2]:
        return (6, order)
    if flush:
        return (5, tuple(ranks))
    if straight_top:
        return (4, (straight_top,))
    if shape[0] == 3:
        return (3, order)
    if shape[:2] == [2, 2]:
        return (2, order)
    if shape[0] == 2:
        return (1, order)
    return (0, tuple(ranks))


def reference(cards: list[Card]) -> tuple[int, tuple[int, ...]]:
    return max(_ref_five(combo) for combo in itertools.combinations(cards, 5))


def key(v: HandValue) -> tuple[int, tuple[int, ...]]:
    cat = v.rank_index
    ranks = v.ranks
    if cat in (4, 8, 10):
        return (cat, (ranks[0],))
    return (cat, ranks)


# ---------------------------------------------------------------------------
# Hand-written table: every category, its boundaries, duplicates, five of a kind.

CASES = [
    ("AS KS QS JS 10S 2H 3D", "royal_flush"),
    ("AH KH QH JH 10H QH QH", "royal_flush"),  # extra dice copies do not spoil it
    ("QS QH QD QC 3S QH 2D", "five_of_a_kind"),  # four queens + a dice Q♥
    ("7S 7H 7D 7C 7H 7S 2D", "five_of_a_kind"),
    ("9S 10S JS QS KS 2H 2D", "straight_flush"),
    ("AD 2D 3D 4D 5D KS KH", "straight_flush"),  # the steel wheel
    ("8C 8D 8H 8S KD 2C 3C", "four_of_a_kind"),
    ("QS QH QD 8S 8H 2C 3D", "full_house"),
    ("QH QH QH 9H 9H 2C 3D", "full_house"),  # dice copies: full house beats the flush in it
    ("2H 5H 9H JH KH KS KD", "flush"),
    ("QH QH 9H 4H 2H 3S 7D", "flush"),  # two Q♥ (one from the dice) both count
    ("5S 6H 7D 8C 9S 2H 2D", "straight"),
    ("AS 2H 3D 4C 5S 9H 9D", "straight"),  # the wheel
    ("10S JH QD KC AS 2H 2D", "straight"),  # broadway, mixed suits
    ("5S 5H 5D 9C KS 2H 3D", "three_of_a_kind"),
    ("KS KH JD JC 9S 2H 3D", "two_pair"),
    ("QS QH 9D 4C 2S 7H 3D", "pair"),
    ("AS JH 7D 3C 2S 9H 8D", "high_card"),
    ("QH QH 2S 5D 9C", "pair"),  # a 5-card hand with a duplicate
    ("KS QD JC 9H 8S", "high_card"),
]


@pytest.mark.parametrize(("text", "category"), CASES)
def test_category_table_t6(text: str, category: str) -> None:
    """[T6] each category, including duplicates and five of a kind."""
    v = evaluate(parse_cards(text))
    assert v.category == category
    assert len(v.best_five) == 5
    assert Counter(v.best_five) <= Counter(parse_cards(text))


def test_ranking_order_t6() -> None:
    """[T6] royal > five of a kind > straight flush > four > full > flush > straight > …"""
    ladder = [
        "AS 3H 7D 9C JS",
        "AS AH 7D 9C JS",
        "AS AH 7D 7C JS",
        "AS AH AD 9C JS",
        "5S 6H 7D 8C 9S",
        "2H 5H 9H JH KH",
        "QS QH QD 8S 8H",
        "8C 8D 8H 8S KD",
        "9S 10S JS QS KS",
        "QS QH QD QC QH",
        "AS KS QS JS 10S",
    ]
    values = [evaluate(parse_cards(t)) for t in ladder]
    assert [v.category for v in values] == list(CATEGORIES)
    assert values == sorted(values)
    for lo, hi in itertools.pairwise(values):
        assert lo < hi


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("AS KH 7D 4C 2S", "AS KH 7D 3C 2S"),  # fourth kicker decides high card
        ("QS QH AD 4C 2S", "QS QH KD 4C 2S"),  # pair: first kicker
        ("QS QH AD 5C 2S", "QS QH AD 4C 3S"),  # pair: third kicker
        ("KS KH JD JC 9S", "KS KH JD JC 8S"),  # two pair kicker
        ("KS KH 3D 3C 2S", "QS QH JD JC AS"),  # higher top pair wins
        ("5S 5H 5D AC 2S", "5S 5H 5D KC QS"),  # trips kicker
        ("6S 2H 3D 4C 5S", "AS 2H 3D 4C 5S"),  # six-high straight beats the wheel
        ("10S JH QD KC AS", "9S 10H JD QC KS"),  # broadway is the top straight
        ("AH 8H 4H 3H 2H", "KH QH JH 9H 7H"),  # flush by highest card
        ("3S 3H 3D 2C 2S", "2S 2H 2D AC AS"),  # full house by the three first
        ("9C 9D 9H 9S 2D", "8C 8D 8H 8S AD"),  # quads by rank first
        ("9C 9D 9H 9S 3D", "9C 9D 9H 9S 2D"),  # then the kicker
        ("QS QH QD QC QH", "JS JH JD JC JH"),  # five of a kind by rank
        ("6S 7S 8S 9S 10S", "AS 2S 3S 4S 5S"),  # steel wheel is the lowest straight flush
    ],
)
def test_kickers_and_boundaries_t6(better: str, worse: str) -> None:
    """[T6] kickers break ties as in Hold'em; the ace-low straight is the lowest."""
    assert evaluate(parse_cards(better)) > evaluate(parse_cards(worse))


def test_equal_hands_split_and_suits_never_break_ties_t6() -> None:
    """[G2][T6] suits never break ties; equal hands are equal."""
    a = evaluate(parse_cards("AS KH 7D 4C 2S 3H 9D"))
    b = evaluate(parse_cards("AH KD 7C 4S 2H 3D 9C"))
    assert a == b and not a < b and not b < a and hash(a) == hash(b)


def test_wrap_around_is_no_straight_t6() -> None:
    """[T6] Q-K-A-2-3 does not wrap."""
    assert evaluate(parse_cards("QS KH AD 2C 3S")).category == "high_card"


def test_best_five_of_seven_t6() -> None:
    """[T6] the best five of seven, e.g. two dice cards plus three of the hand."""
    v = evaluate(parse_cards("2S 7H 9D QC QS QH QD"))
    assert v.category == "four_of_a_kind"
    assert sorted(c.rank for c in v.best_five) == [9, 12, 12, 12, 12]


def test_duplicate_flush_uses_both_copies_t6() -> None:
    """[T6] a duplicate counts as a separate card: two Q♥ make the flush."""
    v = evaluate(parse_cards("QH 9H 4H 2H 7S KD QH"))
    assert v.category == "flush"
    assert [c.code for c in v.best_five].count("QH") == 2


def test_evaluate_refuses_bad_input() -> None:
    with pytest.raises(ValueError):
        evaluate(parse_cards("AS KS QS JS"))
    with pytest.raises(ValueError):
        evaluate(parse_cards("AS KS QS JS 10S 9S 8S 7S"))
    with pytest.raises(ValueError):
        evaluate(parse_cards("AS KS QS JS JK"))


# ---------------------------------------------------------------------------
# Properties

cards_st = st.sampled_from(standard_deck())


@settings(max_examples=300, deadline=None)
@given(st.lists(cards_st, min_size=5, max_size=7))
def test_matches_the_reference_with_duplicates(cards: list[Card]) -> None:
    """[T6] the fast evaluator agrees with brute force, duplicates included."""
    assert key(evaluate(cards)) == reference(cards)


@settings(max_examples=200, deadline=None)
@given(st.lists(cards_st, min_size=5, max_size=7), st.randoms(use_true_random=False))
def test_order_of_cards_does_not_matter(cards: list[Card], rnd: object) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert evaluate(cards) == evaluate(shuffled)


def _treys_code(c: Card) -> str:
    return ("T" if c.rank == 10 else c.code[:-1]) + c.suit.lower()


@settings(max_examples=200, deadline=None)
@given(st.lists(cards_st, min_size=9, max_size=9, unique=True))
def test_agrees_with_treys_on_standard_hands(cards: list[Card]) -> None:
    """On ordinary 7-card hands the order agrees with treys (a bench dependency)."""
    treys = pytest.importorskip("treys")
    ev = treys.Evaluator()
    a, b = cards[:7], cards[2:]
    ta = [treys.Card.new(_treys_code(c)) for c in a]
    tb = [treys.Card.new(_treys_code(c)) for c in b]
    ours = (evaluate(a) > evaluate(b)) - (evaluate(a) < evaluate(b))
    ra, rb = ev.evaluate(ta[:2], ta[2:]), ev.evaluate(tb[:2], tb[2:])
    assert ours == (ra < rb) - (ra > rb)  # treys: lower is better


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(cards_st, min_size=5, max_size=7), min_size=3, max_size=3))
def test_total_order(hands: list[list[Card]]) -> None:
    a, b, c = (evaluate(h) for h in hands)
    assert (a < b) + (a == b) + (a > b) == 1
    if a <= b and b <= c:
        assert a <= c


# ---------------------------------------------------------------------------
# Dice cards [T5]


@pytest.mark.parametrize(
    ("suit", "values", "code"),
    [
        (2, (1, 1), "2H"),
        (3, (5, 5), "10S"),
        (4, (5, 6), "JD"),
        (5, (6, 6), "QC"),
        (2, (3, 4), "7H"),
    ],
)
def test_card_from_dice_t5(suit: int, values: tuple[int, int], code: str) -> None:
    """[T5] 2 hearts, 3 spades, 4 diamonds, 5 clubs; 2d6: 2-10 face, 11 J, 12 Q."""
    card = card_from_dice(suit, values)
    assert card is not None and card.code == code


@pytest.mark.parametrize("suit", [1, 6])
def test_suit_die_one_or_six_rerolls_t5(suit: int) -> None:
    """[T5] a 1 or a 6 on the suit die means roll the suit again."""
    assert card_from_dice(suit, (3, 3)) is None


def test_card_from_dice_refuses_bad_dice() -> None:
    for bad in [(0, (1, 1)), (7, (1, 1)), (2, (1,)), (2, (1, 7)), (2, (1, 2, 3))]:
        with pytest.raises(ValueError):
            card_from_dice(bad[0], bad[1])  # type: ignore[arg-type]


def test_dice_never_make_kings_or_aces_t5() -> None:
    """[T5] kings and aces never come from the dice; the odds are those of 2d6."""
    assert {c.rank for c in EQUALLY_LIKELY} == set(range(2, 13))
    probs = value_probabilities()
    assert probs[7] == pytest.approx(6 / 36) and probs[12] == pytest.approx(1 / 36)
    assert sum(probs.values()) == pytest.approx(1)
