"""Points of duels [R2], melee tables [R5], timed results [R7], placement and
grand-champion points [R9] and Chama names [R10]."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.tournament import (
    EventResult,
    Result,
    chama_event_name,
    duel_outcomes,
    grand_champion_points,
    grand_champion_table,
    melee_points,
    parse_chama_event_name,
    placement_points,
)
from game.tournament.model import Table
from game.tournament.naming import CHAMA_TYPES
from game.tournament.play import result_from_match
from tests.game.tournament.fakes import FixedDistances


def test_duel_points_win_timed_win_draw_timed_loss_loss_r2() -> None:
    win = duel_outcomes(Result.win(1, 2))
    assert (win[1].key, win[1].points, win[2].key, win[2].points) == ("win", 5, "loss", 0)
    timed = duel_outcomes(Result.win(1, 2, timed=True))
    assert (timed[1].key, timed[1].points) == ("timed_win", 4)
    assert (timed[2].key, timed[2].points) == ("timed_loss", 1)
    for t in (False, True):
        draw = duel_outcomes(Result.draw(1, 2, timed=t))
        assert {o.key for o in draw.values()} == {"draw"}
        assert [o.points for o in draw.values()] == [2, 2]


def test_bye_counts_as_a_win_r2() -> None:
    out = duel_outcomes(Result([[7]], source="bye"))
    assert out[7].key == "bye" and out[7].points == 5


def test_source_duel_timed_example_r7() -> None:
    """Tomás 10 power (5 from victory), Estevão 12 (3 from victory): Estevão wins on time."""
    table = Table(1, [10, 20])  # entrant 10 = Tomás, 20 = Estevão
    result = result_from_match_stub(table, [5.0, 3.0])
    assert result.order == [[20], [10]] and result.timed
    pts = duel_outcomes(result)
    assert pts[20].points == 4 and pts[10].points == 1


def test_equal_distance_at_the_limit_is_a_draw_r7() -> None:
    result = result_from_match_stub(Table(1, [1, 2]), [2.0, 2.0])
    assert result.is_draw and result.timed
    assert [o.points for o in duel_outcomes(result).values()] == [2, 2]


def result_from_match_stub(table: Table, distances: list[float]) -> Result:
    """A match the organizer stopped at its turn limit, decided by distance."""
    return result_from_match(table, FixedDistances(distances, over=False), source="simulated")


def test_source_melee_example_one_r5() -> None:
    """Jaime 15 power, Ed 12, Sara 7, Gabriel 2 (15 to win): 10, 6, 3, 0."""
    jaime, ed, sara, gabriel = 1, 2, 3, 4
    match = FixedDistances([0.0, 3.0, 8.0, 13.0])
    table = Table(1, [jaime, ed, sara, gabriel])
    result = result_from_match(table, match, source="simulated")
    assert melee_points(result) == {jaime: 10, ed: 6, sara: 3, gabriel: 0}


def test_source_melee_example_two_r5() -> None:
    """Debora wins; Antonio and João 3 from victory; Mario 4 away: 10, 4, 4, 0."""
    antonio, debora, joao, mario = 1, 2, 3, 4
    match = FixedDistances([3.0, 0.0, 3.0, 4.0])
    table = Table(1, [antonio, debora, joao, mario])
    result = result_from_match(table, match, source="simulated")
    assert melee_points(result) == {debora: 10, antonio: 4, joao: 4, mario: 0}


def test_three_player_table_five_per_opponent_no_bonus_r5() -> None:
    assert melee_points(Result.ranking([[1], [2], [3]])) == {1: 10, 2: 5, 3: 0}
    assert melee_points(Result.ranking([[1, 2], [3]])) == {1: 6, 2: 6, 3: 0}
    assert melee_points(Result.ranking([[1], [2, 3]])) == {1: 10, 2: 1, 3: 1}


def test_shared_first_place_gets_no_bonus_r5() -> None:
    assert melee_points(Result.ranking([[1, 2], [3], [4]])) == {1: 7, 2: 7, 3: 3, 4: 0}
    assert melee_points(Result.ranking([[1, 2, 3, 4]])) == {1: 3, 2: 3, 3: 3, 4: 3}


@given(st.lists(st.integers(0, 5), min_size=2, max_size=6))
def test_melee_points_follow_the_formula_r5(levels: list[int]) -> None:
    """Property: points = per-below * below + ties (+1 alone on top at 4+ tables)."""
    size = len(levels)
    order_levels = sorted(set(levels))
    order = [[i for i, lv in enumerate(levels) if lv == x] for x in order_levels]
    pts = melee_points(Result.ranking(order))
    for i, lv in enumerate(levels):
        below = sum(1 for x in levels if x > lv)
        tied = sum(1 for x in levels if x == lv) - 1
        bonus = 1 if below == size - 1 and size != 3 else 0
        want = (5 if size == 3 else 3) * below + tied + bonus
        assert pts[i] == want
    if size in (3, 4):
        assert max(pts.values()) <= 10


def test_chama_placement_points_r9() -> None:
    assert [placement_points(p) for p in range(1, 12)] == [25, 18, 15, 12, 10, 8, 6, 4, 2, 1, 0]


def test_grand_champion_points_r9() -> None:
    expected = [48, 42, 37, 33, 29, 26, 23, 20, 17, 15, 13, 11, 9, 7, 5, 3, 1, 1]
    assert [grand_champion_points(p) for p in range(1, 19)] == expected
    with pytest.raises(ValueError):
        grand_champion_points(0)


def test_grand_champion_sums_and_needs_both_events_r9() -> None:
    duel = EventResult(20, {"Ana": 1, "Bia": 3, "Caio": 2})
    melee = EventResult(12, {"Ana": 5, "Bia": 1, "Dora": 2})
    rows = grand_champion_table([duel, melee])
    by = {r.name: r for r in rows}
    assert by["Ana"].points == 48 + 29 and by["Bia"].points == 37 + 48
    assert by["Bia"].rank == 1 and by["Ana"].rank == 2
    assert not by["Caio"].eligible and by["Caio"].rank is None
    assert not by["Dora"].eligible
    assert [r.name for r in rows[:2]] == ["Bia", "Ana"]


def test_grand_champion_tie_goes_to_better_place_in_larger_event_r9() -> None:
    # Ana: 1st (48) + 3rd (37) = 85; Bia: 3rd (37) + 1st (48) = 85.
    duel = EventResult(30, {"Ana": 3, "Bia": 1})
    melee = EventResult(12, {"Ana": 1, "Bia": 3})
    rows = grand_champion_table([duel, melee])
    assert rows[0].name == "Bia" and rows[0].rank == 1 and rows[1].rank == 2
    assert not rows[0].co_champion


def test_grand_champion_still_tied_are_co_champions_r9() -> None:
    duel = EventResult(16, {"Ana": 3, "Bia": 1})
    melee = EventResult(16, {"Ana": 1, "Bia": 3})  # no larger tournament
    rows = grand_champion_table([duel, melee])
    assert [r.rank for r in rows] == [1, 1]
    assert all(r.co_champion for r in rows)


def test_chama_event_names_r10() -> None:
    assert chama_event_name("Campeonato", "Mariapaulista", 2025) == (
        "Chama: Campeonato Mariapaulista 2025"
    )
    assert chama_event_name("Duplas", "Fluminenses", 2025, ["Xisum"]) == (
        "Chama: Duplas Fluminenses (Xisum) 2025"
    )
    assert chama_event_name("Guerrilha", "Taverna", 2026, ["Aliados", "Xisum"]) == (
        "Chama: Guerrilha Taverna (Aliados, Xisum) 2026"
    )
    parsed = parse_chama_event_name("Chama: Duplas Fluminenses (Xisum) 2025")
    assert parsed is not None
    assert (parsed.kind, parsed.name, parsed.variants, parsed.year) == (
        "Duplas",
        "Fluminenses",
        ("Xisum",),
        2025,
    )
    assert parse_chama_event_name("Campeonato Mundial 2025") is None
    assert parse_chama_event_name("Chama: Campeonato Mundial") is None
    with pytest.raises(ValueError):
        chama_event_name("", "x", 2025)


@given(
    st.sampled_from(CHAMA_TYPES),
    st.text(alphabet="abcdeéãç XYZ", max_size=12).map(lambda s: " ".join(s.split())),
    st.integers(1000, 9999),
    st.lists(st.sampled_from(["Aliados", "Xisum", "Calouro do Chacrinha"]), max_size=2),
)
def test_chama_names_round_trip_r10(kind: str, name: str, year: int, variants: list[str]) -> None:
    text = chama_event_name(kind, name, year, variants)
    parsed = parse_chama_event_name(text)
    assert parsed is not None and str(parsed) == text
    assert parsed.year == year and parsed.kind == kind and list(parsed.variants) == variants
