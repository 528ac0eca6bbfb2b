from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.cards import JOKER, Card, Deck, parse_cards, standard_deck, suit_deck
from game.rng import Rng


def test_parse_public_api_example() -> None:
    cards = parse_cards("A♠ 10h QH 2♦ JK")
    assert cards == [Card(14, "S"), Card(10, "H"), Card(12, "H"), Card(2, "D"), JOKER]


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("Ts", Card(10, "S")),
        ("10♣", Card(10, "C")),
        ("kd", Card(13, "D")),
        ("J♥", Card(11, "H")),
        ("jk", JOKER),
    ],
)
def test_parse_spellings(text: str, card: Card) -> None:
    assert parse_cards(text) == [card]


@pytest.mark.parametrize("bad", ["1s", "11h", "Ax", "ZZ", "10", "♠"])
def test_parse_rejects(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_cards(bad)


def test_card_validation() -> None:
    with pytest.raises(ValueError):
        Card(15, "S")
    with pytest.raises(ValueError):
        Card(0, "S")


def test_standard_deck_has_52_distinct_plus_jokers() -> None:
    deck = standard_deck(jokers=2)
    assert len(deck) == 54
    assert len(set(deck[:52])) == 52
    assert deck[52:] == [JOKER, JOKER]


def test_suit_deck_is_four_of_each_rank() -> None:
    deck = suit_deck("H")
    assert len(deck) == 52
    assert Counter(c.rank for c in deck) == {r: 4 for r in range(2, 15)}


@given(st.integers(min_value=0, max_value=10**9))
def test_shuffle_is_seeded_and_conserves(seed: int) -> None:
    a, b = Deck(standard_deck()), Deck(standard_deck())
    a.shuffle(Rng(seed))
    b.shuffle(Rng(seed))
    assert a.cards == b.cards
    assert Counter(a.cards) == Counter(standard_deck())


def test_draw_takes_from_top_and_runs_short() -> None:
    deck = Deck(parse_cards("2s 3s 4s"))
    assert deck.draw(2) == parse_cards("4s 3s")
    assert deck.draw(5) == parse_cards("2s")
    assert deck.draw(1) == []


def test_code_round_trip() -> None:
    for c in standard_deck(jokers=1):
        assert parse_cards(c.code) == [c]
        assert parse_cards(str(c)) == [c]
