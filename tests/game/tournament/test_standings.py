"""Tie-breaks of duels [R3] and melee tables [R6], built from hand-made results."""

from __future__ import annotations

from game.tournament import Entrant, Result, Round, Table
from game.tournament.standings import duel_standings, melee_standings


def people(n: int) -> list[Entrant]:
    return [Entrant(i, f"P{i}") for i in range(1, n + 1)]


def swiss_round(number: int, *games: tuple[int, ...], bye: int | None = None) -> Round:
    """games: (winner, loser), (winner, loser, "timed") or (a, b, "draw"); a bye."""
    tables = []
    for g in games:
        if len(g) == 3 and g[2] == "timed":
            tables.append(Table(len(tables) + 1, [g[0], g[1]], Result.win(g[0], g[1], timed=True)))
        elif len(g) == 3:
            tables.append(Table(len(tables) + 1, [g[0], g[1]], Result.draw(g[0], g[1])))
        else:
            tables.append(Table(len(tables) + 1, [g[0], g[1]], Result.win(g[0], g[1])))
    if bye is not None:
        tables.append(Table(len(tables) + 1, [bye], Result([[bye]], source="bye")))
    return Round(number, "swiss", tables)


def test_points_and_record_columns_r2() -> None:
    rounds = [
        Round(
            1,
            "swiss",
            [
                Table(1, [1, 2], Result.win(1, 2, timed=True)),
                Table(2, [3, 4], Result.draw(3, 4)),
                Table(3, [5], Result([[5]], source="bye")),
            ],
        )
    ]
    rows = {r.number: r for r in duel_standings(people(5), rounds)}
    assert (rows[1].points, rows[1].timed_wins, rows[1].played) == (4, 1, 1)
    assert (rows[2].points, rows[2].timed_losses) == (1, 1)
    assert (rows[3].points, rows[3].draws) == (2, 1)
    assert (rows[5].points, rows[5].byes, rows[5].played) == (5, 1, 0)


def test_a_tied_player_who_beat_all_other_tied_players_goes_first_r3() -> None:
    # 1, 2 and 3 end on 10; 1 beat both 2 and 3 but has the weakest schedule
    # (2 and 3 beat the 9-point players 5, 6, 7, 15; 1 lost to the 5-point 4).
    rounds = [
        swiss_round(1, (1, 2), (5, 8), (6, 10), (3, 7), (15, 16), (18, 4)),
        swiss_round(2, (1, 3), (2, 5), (6, 11, "timed"), (7, 12), (15, 17, "timed"), (19, 4)),
        swiss_round(3, (4, 1), (2, 6), (5, 9, "timed"), (7, 13, "timed"), (3, 15)),
    ]
    rows = duel_standings(people(19), rounds)
    by = {r.number: r for r in rows}
    assert by[1].points == by[2].points == by[3].points == 10
    assert by[2].sos > by[1].sos and by[3].sos > by[1].sos  # SoS alone would put 1 last
    tied = [r.number for r in rows if r.points == 10]
    assert tied[0] == 1 and by[1].beat_all
    assert tied[1:] == sorted([2, 3], key=lambda n: (-by[n].sos, n))


def test_beat_all_needs_a_win_over_every_tied_player_r3() -> None:
    # 1, 2, 3, 6 and 7 all have 5; 1 beat 2 but never met 3 or 6: nobody beat all
    # the others, so SoS then registration number decide.
    rounds = [swiss_round(1, (1, 2), (3, 4)), swiss_round(2, (2, 5), (6, 3), (7, 1))]
    rows = duel_standings(people(7), rounds)
    by = {r.number: r for r in rows}
    tied = [r.number for r in rows if r.points == 5]
    assert sorted(tied) == [1, 2, 3, 6, 7]
    assert not any(r.beat_all for r in rows)
    assert tied == sorted(tied, key=lambda n: (-by[n].sos, n))


def test_sos_counts_opponents_byes_and_dropped_opponents_points_r3() -> None:
    entrants = people(5)
    entrants[3].dropped_after = 1  # entrant 4 leaves after round 1 with 5 points
    rounds = [
        swiss_round(1, (1, 2), (4, 3), bye=5),
        swiss_round(2, (1, 5), (3, 2)),
    ]
    rows = {r.number: r for r in duel_standings(entrants, rounds)}
    # 5 had a bye (5 points) then lost to 1: 1's SoS counts it.
    assert rows[5].points == 5 and rows[2].points == 0 and rows[4].points == 5
    assert rows[1].sos == rows[2].points + rows[5].points == 5
    # 3 met the dropped 4 (5 points, frozen) and 2 (0).
    assert rows[3].sos == 5 + 0
    # A bye is not an opponent: 5's SoS is only entrant 1's points.
    assert rows[5].sos == rows[1].points == 10
    assert rows[4].dropped


def test_registration_number_is_the_last_tie_break_r3() -> None:
    rounds = [swiss_round(1, (3, 1), (4, 2))]
    rows = duel_standings(people(4), rounds)
    assert [r.number for r in rows] == [3, 4, 1, 2]


def melee_round(number: int, *tables: list[list[int]]) -> Round:
    return Round(
        number,
        "melee",
        [
            Table(i + 1, [n for g in order for n in g], Result.ranking(order))
            for i, order in enumerate(tables)
        ],
    )


def test_melee_head_to_head_decides_ties_r6() -> None:
    # 1 and 2 both reach 26; 2 finished ahead of 1 where they met.
    rounds = [
        melee_round(1, [[1], [3], [4], [5]], [[2], [6], [7], [8]]),
        melee_round(2, [[2], [1], [3], [6]], [[4], [5], [7], [8]]),
        melee_round(3, [[3], [2], [5], [7]], [[1], [6], [4], [8]]),
    ]
    rows = melee_standings(people(8), rounds, seed=1)
    by = {r.number: r for r in rows}
    assert by[1].points == 10 + 6 + 10 and by[2].points == 10 + 10 + 6
    assert by[2].h2h == 1 and by[1].h2h == -1
    order = [r.number for r in rows]
    assert order.index(2) < order.index(1)


def test_melee_strength_of_schedule_after_head_to_head_r6() -> None:
    # 1 and 2 never meet and tie on points; 2 met stronger opponents.
    rounds = [
        melee_round(1, [[1], [3], [4]], [[2], [5], [6]]),
        melee_round(2, [[5], [7], [8]], [[9], [6], [3]]),
    ]
    rows = melee_standings(people(9), rounds, seed=1)
    by = {r.number: r for r in rows}
    assert by[1].points == by[2].points == 10
    assert by[1].h2h == by[2].h2h == 0
    assert by[2].sos > by[1].sos
    order = [r.number for r in rows]
    assert order.index(2) < order.index(1)


def test_melee_seeded_roll_off_last_r6() -> None:
    # Four entrants tied in every way: the roll-off orders them, the same way every time.
    rounds = [melee_round(1, [[1, 2, 3, 4]])]
    first = melee_standings(people(4), rounds, seed=7)
    again = melee_standings(people(4), rounds, seed=7)
    assert [r.number for r in first] == [r.number for r in again]
    assert sorted(r.rolloff for r in first) == [1, 2, 3, 4]  # type: ignore[type-var]
    assert [r.rolloff for r in first] == [1, 2, 3, 4]
    orders = {
        tuple(r.number for r in melee_standings(people(4), rounds, seed=s)) for s in range(20)
    }
    assert len(orders) > 1  # the seed really rolls the dice
