"""What the audit found missing from the tournament seeds: the melee semifinal
stage (places 5-16), "pontuação dupla", and Chama names that contradict the
event ([R6], [R9], [R10])."""

from __future__ import annotations

import pytest

from game.tournament import create_tournament
from game.tournament.errors import TournamentError
from game.tournament.model import Result
from game.tournament.organizer import Tournament, bot_entrants
from game.tournament.play import simulate_tournament


def _key(e: pytest.ExceptionInfo[TournamentError]) -> str:
    return e.value.key


def test_a_chama_name_must_match_the_mode_and_variants_r10() -> None:
    ok = create_tournament(
        "chama",
        bot_entrants("chama", 8),
        name="Chama: Guerrilha Fluminense (Xisum) 2025",
        options={"mode": "guerrilha", "xisum": True},
        seed=1,
    )
    assert ok.name == "Chama: Guerrilha Fluminense (Xisum) 2025"
    with pytest.raises(TournamentError) as e:
        create_tournament(
            "chama",
            bot_entrants("chama", 8),
            name="Chama: Campeonato Fluminense (Xisum) 2025",
            options={"mode": "guerrilha", "xisum": True},
            seed=1,
        )
    assert _key(e) == "rulings.tournament.chama_name_mode"
    with pytest.raises(TournamentError) as e:
        create_tournament(
            "chama",
            bot_entrants("chama", 8),
            name="Chama: Guerrilha Fluminense (Aliados) 2025",
            options={"mode": "guerrilha", "xisum": True},
            seed=1,
        )
    assert _key(e) == "rulings.tournament.chama_name_variants"
    # An organizer's own type says nothing about the mode.
    own = create_tournament(
        "chama", bot_entrants("chama", 8), name="Chama: Regional Sul 2025", seed=1
    )
    assert own.name == "Chama: Regional Sul 2025"
    # The default name follows the settings.
    auto = create_tournament(
        "chama", bot_entrants("chama", 8), options={"mode": "guerrilha", "aliados": True}, seed=1
    )
    assert auto.name.startswith("Chama: Guerrilha Taverna (Aliados) ")


def test_double_points_double_the_placement_points_r9(fake_chama: object) -> None:
    t = create_tournament(
        "chama", bot_entrants("chama", 10), ranked=True, double_points=True, rounds=2, seed=3
    )
    simulate_tournament(t)
    rows = t.final_standings()
    assert [r.placement_points for r in rows] == [50, 36, 30, 24, 20, 16, 12, 8, 4, 2]
    again = Tournament.from_dict(t.to_dict())
    assert again.double_points
    with pytest.raises(TournamentError) as e:
        create_tournament("chama", bot_entrants("chama", 10), double_points=True, seed=3)
    assert _key(e) == "rulings.tournament.double_points_chama"


def test_melee_semifinal_places_5_to_16_r6() -> None:
    """Seed 004: the top 16 play four semifinal tables; the winners make the final
    table; 2nd and 3rd places take 5-12, 4th places 13-16, each by prelim rank."""
    t = create_tournament(
        "alta", bot_entrants("alta", 20), format="melee", rounds=2, semifinal=True, seed=5
    )
    while t.next_stage() == "melee":
        rnd = t.start_round()
        for table in rnd.tables:
            t.record_result(rnd.number, table.number, Result([[s] for s in table.seats]))
    prelim = [r.number for r in t.prelim_standings()]
    assert t.next_stage() == "semifinal"
    semi = t.start_round()
    assert len(semi.tables) == 4 and all(len(x.seats) == 4 for x in semi.tables)
    assert sorted(n for x in semi.tables for n in x.seats) == sorted(prelim[:16])
    orders = []
    for table in semi.tables:
        order = sorted(table.seats)  # lowest number wins, for the test
        orders.append(order)
        t.record_result(semi.number, table.number, Result([[s] for s in order]))
    assert t.next_stage() == "final"
    final = t.start_round()
    assert sorted(final.tables[0].seats) == sorted(o[0] for o in orders)
    winner_order = sorted(final.tables[0].seats)
    t.record_result(final.number, 1, Result([[s] for s in winner_order]))
    assert t.is_finished
    rows = [r.number for r in t.final_standings()]
    assert rows[:4] == winner_order
    band_a = {o[k] for o in orders for k in (1, 2)}
    band_b = {o[3] for o in orders}
    assert set(rows[4:12]) == band_a and set(rows[12:16]) == band_b
    assert rows[4:12] == [n for n in prelim if n in band_a]  # by preliminary standing
    assert rows[12:16] == [n for n in prelim if n in band_b]
    assert set(rows[16:]) == set(prelim[16:])
    again = Tournament.from_dict(t.to_dict())
    assert [r.number for r in again.final_standings()] == rows


def test_semifinal_needs_sixteen_at_tables_of_four_r6() -> None:
    with pytest.raises(TournamentError) as e:
        create_tournament("alta", bot_entrants("alta", 12), format="melee", semifinal=True, seed=1)
    assert _key(e) == "rulings.tournament.semifinal_field"
    with pytest.raises(TournamentError) as e:
        create_tournament("alta", bot_entrants("alta", 20), format="swiss", semifinal=True)
    assert _key(e) == "rulings.tournament.semifinal_melee_only"
