"""The combination table and its order ([Y5], [Y6]) and jokers ([Y11])."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import JOKER, Card, parse_cards, standard_deck
from game.wyr import best_combination
from game.wyr.combos import NAMES, POINTS, combination_of_ranks


def bc(text: str):  # type: ignore[no-untyped-def]
    return best_combination(parse_cards(text))


@pytest.mark.parametrize(
    ("hand", "name", "points"),
    [
        ("3s 8h 6d 5c Ah", "maior_tesouro", 1),
        ("Ks 8h 2d Kc 4h", "par", 2),
        ("7s 7h 4d 7c 2h", "trinca", 3),
        ("Js 9h 10d 8c Qh", "aventureiros", 4),
        ("7s 7h 7d Kc Kh", "dragao", 5),
        ("10s Jh Qd Kc Ah", "reis_de_arton", 6),
    ],
)
def test_combination_table_y5(hand: str, name: str, points: int) -> None:
    c = bc(hand)
    assert (c.name, c.points) == (name, points)
    assert POINTS[name] == points and NAMES[points - 1] == name


def test_combinations_are_ordered_low_to_high_y5() -> None:
    hands = [
        "3s 8h 6d 5c Ah",
        "2s 2h 4d 5c 7h",
        "2s 2h 2d 5c 7h",
        "As 2h 3d 4c 5h",
        "2s 2h 2d 3c 3h",
    ]
    combos = [bc(h) for h in hands] + [bc("10s Jh Qd Kc Ah")]
    assert combos == sorted(combos)
    assert len(set(combos)) == len(combos)


def test_ace_low_run_is_aventureiros_and_its_best_card_is_the_ace_y5_y6() -> None:
    """[Y6] (revised): "o melhor Maior Tesouro da combinação" - the run's cards
    from the highest down, A highest: A-2-3-4-5 beats every other run."""
    low = bc("As 2h 3d 4c 5h")
    assert low.name == "aventureiros" and low.key == (14, 5, 4, 3, 2)
    assert low > bc("2s 3h 4d 5c 6h")
    assert low > bc("9s 10h Jd Qc Kh")
    assert bc("9s 10h Jd Qc Kh") > bc("8s 9h 10d Jc Qh")


def test_runs_never_wrap_around_y5() -> None:
    assert bc("Qs Kh Ad 2c 3h").name == "maior_tesouro"
    assert bc("Ks Ah 2d 3c 4h").name == "maior_tesouro"


def test_ten_to_ace_is_always_reis_de_arton_y5() -> None:
    c = bc("Ac Kc Qc Jc 10c")  # one suit: still Reis, suits never matter
    assert c.name == "reis_de_arton" and c.points == 6 and c.is_reis


def test_two_pairs_score_as_par_of_the_higher_pair_y5() -> None:
    c = bc("9s 9h 2d 2c Ah")
    assert c.name == "par" and c.key[0] == 9
    assert c > bc("8s 8h 7d 7c Ah")  # higher pair first
    # Then the rest of the hand, highest first ([Y6]): K-K-9-8-7 beats K-K-9-5-5.
    assert bc("Ks Kh 9d 8c 7h") > bc("Ks Kd 9s 5c 5h")


def test_four_of_a_kind_scores_as_trinca_y5() -> None:
    quad = bc("7s 7h 7d 7c Kh")
    assert quad.name == "trinca" and quad.points == 3
    assert quad < bc("2s 2h 2d 3c 3h")  # any Dragão beats it
    # As a Trinca its tie-break is the trinca rank, then the rest: K, 7 < K, Q.
    assert quad < bc("7s 7h 7d Kc Qh")
    assert quad > bc("6s 6h 6d Ac Kh")


def test_ties_compare_the_combination_then_the_rest_y6() -> None:
    # Dragão ([Y6] revised): its five cards from the highest down, so the best
    # card decides first - 2-2-2-K-K beats 3-3-3-Q-Q, 7-7-7-A-A beats 8-8-8-2-2.
    assert bc("2s 2h 2d Kc Kh") > bc("3s 3h 3d Qc Qh")
    assert bc("7s 7h 7d Ac Ah") > bc("8s 8h 8d 2c 2h")
    assert bc("8s 8h 8d 3c 3h") > bc("8s 8h 8c 2c 2h")
    assert bc("Ks Kh Kd 2c 2h") < bc("Qs Qh Qd Ac Ah")  # A-A-Q-Q-Q: the A first
    # Par: the pair, then the other cards highest first.
    assert bc("Qs Qh 9d 5c 3h") > bc("Js Jh Ad Kc 3h")
    assert bc("Qs Qh 9d 5c 3h") > bc("Qd Qc 9s 4c 3d")
    # Maior Tesouro: highest card, then the next ones.
    assert bc("As 9h 7d 5c 3h") > bc("Ks Qh Jd 9c 8h")
    assert bc("As 9h 7d 5c 3h") > bc("Ah 9s 7c 5d 2h")
    # Equal in every rank: equal, whatever the suits.
    assert bc("As 9h 7d 5c 3h") == bc("Ah 9s 7c 5d 3s")


def test_suits_never_matter_y5() -> None:
    assert bc("2s 4s 6s 8s Ts").name == "maior_tesouro"  # no flushes in Wyr


def test_jokers_take_the_best_rank_y11() -> None:
    assert bc("As 2h JK 4c 5h").name == "aventureiros"
    assert bc("7s 7h 7d JK Kh").name == "dragao"  # beats making four 7s
    assert bc("JK Jh Qd Kc Ah").name == "reis_de_arton"
    assert bc("JK JK JK JK 10h").name == "reis_de_arton"
    par = bc("2s 5h 8d Kc JK")
    assert par.name == "par" and par.key[0] == 13
    assert bc("4s 4h 4d 4c JK").name == "trinca"  # five alike is no Dragão
    assert bc("JK JK 9s 9h 9d").name == "dragao"


def test_best_combination_wants_one_to_five_cards() -> None:
    with pytest.raises(ValueError):
        best_combination([])
    with pytest.raises(ValueError):
        best_combination(parse_cards("2s 3s 4s 5s 6s 7s"))
    assert bc("As").name == "maior_tesouro"


cards = st.lists(st.sampled_from(standard_deck()), min_size=5, max_size=5, unique=True)


@settings(max_examples=150, deadline=None)
@given(cards, cards, cards)
def test_order_is_total_and_transitive_y6(a: list[Card], b: list[Card], c: list[Card]) -> None:
    x, y, z = best_combination(a), best_combination(b), best_combination(c)
    assert (x < y) + (x == y) + (x > y) == 1
    if x <= y <= z:
        assert x <= z
    assert (x == y) == (x.strength == y.strength)


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from(standard_deck()), min_size=4, max_size=4, unique=True))
def test_a_joker_is_worth_its_best_rank_y11(four: list[Card]) -> None:
    with_joker = best_combination([*four, JOKER])
    best = max(combination_of_ranks([c.rank for c in four] + [r]) for r in range(2, 15))
    assert with_joker == best
    assert with_joker >= best_combination(
        [*four, Card(2, "S") if Card(2, "S") not in four else Card(2, "H")]
    )


@pytest.mark.parametrize("jokers", [2, 3, 4])
def test_several_jokers_each_take_the_best_rank_y11(jokers: int) -> None:
    """Every hand with 2-4 jokers (Hyninn) scores as its best joker-free filling,
    and the ranks it says it stands for score exactly that (the evaluation is
    cached on the filled multisets, so this checks the cache changes nothing)."""
    from collections import Counter
    from itertools import combinations_with_replacement

    from game.wyr.combos import evaluate_ranks

    for real in combinations_with_replacement(range(2, 15), 5 - jokers):
        points, key, ranks = evaluate_ranks(tuple(sorted((0,) * jokers + real)))
        best = max(
            evaluate_ranks(tuple(sorted(real + fill)))[:2]
            for fill in combinations_with_replacement(range(2, 15), jokers)
        )
        assert (points, key) == best, real
        assert evaluate_ranks(tuple(sorted(ranks)))[:2] == best
        assert len(ranks) == 5 and not Counter(real) - Counter(ranks)  # the real cards stay
