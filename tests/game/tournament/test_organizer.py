"""The organizer's flow: formats [R1], top cut [R4], timed rounds [R7], the
tournament option [R8], ranked Chama events [R10], drops and late entries [R11]."""

from __future__ import annotations

import pytest

from game.tournament import (
    Result,
    TournamentError,
    bot_entrants,
    create_tournament,
    formats_for,
    match_options,
    new_table_match,
    recommended_rounds,
    record_match,
    simulate_round,
    simulate_tournament,
)
from game.tournament import play as play_module
from game.tournament.organizer import Tournament
from tests.game.tournament.fakes import FixedDistances


def bots(n: int, bot: str = "random") -> list[tuple[str, str | None]]:
    return [(f"bot {i + 1}", bot) for i in range(n)]


def humans(n: int) -> list[str]:
    return [f"P{i + 1}" for i in range(n)]


def error_key(excinfo: pytest.ExceptionInfo[TournamentError]) -> str:
    return excinfo.value.key


# -- creating ---------------------------------------------------------------


def test_formats_follow_the_seat_limits_r1(fake_games: None) -> None:
    assert formats_for("alta") == ["swiss", "melee", "elimination"]
    assert formats_for("alta_duel") == ["swiss", "elimination"]
    assert formats_for("alta_many") == ["melee"]


@pytest.mark.parametrize(
    "kwargs,key",
    [
        ({"game": "nope"}, "tournament.errors.unknown_game"),
        ({"format": "round_robin"}, "tournament.errors.unknown_format"),
        ({"game": "alta_duel", "format": "melee"}, "tournament.errors.format_unseatable"),
        ({"game": "alta_many", "format": "swiss"}, "tournament.errors.format_unseatable"),
        ({"entrants": ["Solo"]}, "tournament.errors.too_few_entrants"),
        ({"entrants": ["A", "B"], "format": "melee"}, "tournament.errors.too_few_entrants"),
        ({"entrants": [("A", "easy"), "B"]}, "tournament.errors.unknown_bot"),
        ({"entrants": ["Ana", " Ana "]}, "tournament.errors.duplicate_name"),
        ({"entrants": ["Ana", " "]}, "tournament.errors.empty_name"),
        ({"top_cut": 4, "format": "melee"}, "tournament.errors.top_cut_swiss_only"),
        ({"top_cut": 8}, "tournament.errors.top_cut_too_big"),
        ({"top_cut": 5}, "tournament.errors.bad_top_cut"),
        ({"rounds": 0}, "tournament.errors.bad_rounds"),
        ({"turn_limit": -1}, "tournament.errors.bad_turn_limit"),
        ({"options": {"turn_limit": 5}}, "tournament.errors.reserved_option"),
        ({"options": {"tournament": False}}, "tournament.errors.reserved_option"),
        ({"options": {"hand": 99}}, "core.options.bad_int"),
        ({"options": {"colour": "red"}}, "core.options.unknown"),
    ],
)
def test_create_refuses_what_cannot_run(
    fake_games: None, kwargs: dict[str, object], key: str
) -> None:
    args: dict[str, object] = {"game": "alta", "entrants": humans(6)}
    args.update(kwargs)
    game = args.pop("game")
    entrants = args.pop("entrants")
    with pytest.raises(TournamentError) as e:
        create_tournament(game, entrants, **args)  # type: ignore[arg-type]
    assert error_key(e) == key


def test_bots_are_any_of_the_games_bot_ids(fake_games: None) -> None:
    t = create_tournament("alta_bots", [("E", "easy"), ("N", "normal"), ("H", "hard")], seed=1)
    assert [e.bot for e in t.entrants] == ["easy", "normal", "hard"]
    assert [n for n, _ in bot_entrants("alta_bots", 4)] == [
        "easy #1",
        "normal #2",
        "hard #3",
        "easy #4",
    ]
    assert bot_entrants("alta", 2) == [("random #1", "random"), ("random #2", "random")]


def test_recommended_rounds() -> None:
    assert [recommended_rounds(n) for n in (2, 3, 4, 5, 8, 9, 16, 17, 64, 1000)] == [
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
        6,
        10,
    ]
    assert recommended_rounds(9, "melee") == 2 and recommended_rounds(12, "melee") == 3
    assert create_tournament("alta", humans(9), seed=1).rounds_planned == 4


def test_ranked_chama_needs_eight_entrants_r10(fake_chama: object) -> None:
    with pytest.raises(TournamentError) as e:
        create_tournament("chama", bots(7, "easy"), ranked=True, seed=1)
    assert error_key(e) == "tournament.errors.ranked_minimum"
    assert e.value.params["minimum"] == 8
    create_tournament("chama", bots(8, "easy"), ranked=True, seed=1)
    create_tournament("chama", bots(4, "easy"), ranked=False, seed=1)  # unranked: any size


def test_chama_tournament_names_r10(fake_chama: object) -> None:
    t = create_tournament("chama", bots(8, "easy"), seed=1)
    assert t.name.startswith("Chama: Campeonato ") and t.name[-4:].isdigit()
    named = create_tournament(
        "chama", bots(8, "easy"), name="Chama: Duplas Fluminenses (Xisum) 2025", seed=1
    )
    assert named.name == "Chama: Duplas Fluminenses (Xisum) 2025"
    with pytest.raises(TournamentError) as e:
        create_tournament("chama", bots(8, "easy"), name="Copa da Taverna", seed=1)
    assert error_key(e) == "tournament.errors.chama_name"


def test_chama_ranked_events_award_placement_points_r9(fake_chama: object) -> None:
    t = create_tournament("chama", bots(10, "easy"), ranked=True, rounds=2, seed=3)
    simulate_tournament(t)
    rows = t.final_standings()
    assert [r.placement_points for r in rows] == [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]
    assert [r.grand_points for r in rows][:3] == [48, 42, 37]
    other = create_tournament("alta", bots(10), rounds=2, seed=3)
    simulate_tournament(other)
    assert all(r.placement_points is None for r in other.final_standings())


# -- playing whole tournaments ----------------------------------------------


@pytest.mark.parametrize(
    "fmt,n,extra",
    [
        ("swiss", 8, {}),
        ("swiss", 9, {"top_cut": 4}),
        ("swiss", 12, {"top_cut": 8, "rounds": 3}),
        ("melee", 10, {}),
        ("melee", 13, {"rounds": 2}),
        ("elimination", 11, {}),
    ],
)
def test_bot_tournaments_run_to_the_end_r1(fmt: str, n: int, extra: dict[str, int]) -> None:
    t = create_tournament("alta", bots(n), format=fmt, seed=11, **extra)  # type: ignore[arg-type]
    seen: list[tuple[int, int]] = []
    simulate_tournament(t, progress=lambda d, tot: seen.append((d, tot)))
    assert t.is_finished and t.champion() is not None
    assert all(tb.done for r in t.rounds for tb in r.tables)
    rows = t.final_standings()
    assert sorted(r.number for r in rows) == list(range(1, n + 1))
    assert [r.place for r in rows] == list(range(1, n + 1))
    assert rows[0].number == t.champion().number  # type: ignore[union-attr]
    dones = [d for d, _ in seen]
    assert dones == sorted(dones) and seen[-1][0] == seen[-1][1]
    # Same seed, same tournament.
    again = create_tournament("alta", bots(n), format=fmt, seed=11, **extra)  # type: ignore[arg-type]
    simulate_tournament(again)
    assert again.to_dict()["rounds"] == t.to_dict()["rounds"]


def test_swiss_rounds_never_rematch_and_byes_rotate_r2() -> None:
    t = create_tournament("alta", bots(9), rounds=4, seed=5)
    simulate_tournament(t)
    pairs = [frozenset(tb.seats) for r in t.stage_rounds("swiss") for tb in r.tables]
    duels = [p for p in pairs if len(p) == 2]
    assert len(duels) == len(set(duels))
    byes = [next(iter(p)) for p in pairs if len(p) == 1]
    assert len(byes) == 4 and len(set(byes)) == 4
    # Round 1's bye goes to the last registration number (all tied at 0).
    assert byes[0] == 9


def test_top_cut_is_seeded_by_swiss_standing_and_untimed_r4() -> None:
    t = create_tournament("alta", bots(12), rounds=3, top_cut=8, turn_limit=2, seed=4)
    while t.next_stage() == "swiss":
        t.start_round()
        simulate_round(t)
    swiss = [r.number for r in t.prelim_standings()]
    cut = t.start_round()
    assert cut.stage == "cut"
    assert t.bracket_seeds == swiss[:8]
    seed = {n: i + 1 for i, n in enumerate(t.bracket_seeds)}
    assert [sorted(seed[n] for n in tb.seats) for tb in cut.tables] == [
        [1, 8],
        [4, 5],
        [2, 7],
        [3, 6],
    ]
    assert match_options(t, "swiss", 2)["turn_limit"] == 2
    assert match_options(t, "cut", 2)["turn_limit"] == 0  # no time limit in the cut
    simulate_tournament(t)
    cut_tables = [tb for r in t.stage_rounds("cut") for tb in r.tables]
    swiss_tables = [tb for r in t.stage_rounds("swiss") for tb in r.tables if not tb.is_bye]
    assert all(tb.result is not None and not tb.result.timed for tb in cut_tables)
    assert all(tb.result is not None and tb.result.timed for tb in swiss_tables)
    # Semi-finals: winner of 1v8 meets winner of 4v5; 2v7's meets 3v6's.
    qf, sf = t.stage_rounds("cut")[:2]
    for k, tb in enumerate(sf.tables):
        feeders = set(qf.tables[2 * k].seats) | set(qf.tables[2 * k + 1].seats)
        assert set(tb.seats) <= feeders
    rows = t.final_standings()
    assert rows[0].reached == "champion" and rows[1].reached == "final"


def _swiss_then_cut(n: int, cut: int) -> Tournament:
    """A Swiss of humans where the lower registration number always wins."""
    t = create_tournament("alta", humans(n), rounds=3, top_cut=cut, seed=8)
    while t.next_stage() == "swiss":
        rnd = t.start_round()
        for tb in rnd.pending:
            a, b = sorted(tb.seats)
            t.record_result(rnd.number, tb.number, Result.win(a, b))
    return t


def test_players_out_in_the_same_cut_round_are_placed_by_swiss_standing_r4() -> None:
    """Like the source's example: four quarter-final losers take 5th-8th by Swiss rank."""
    t = _swiss_then_cut(12, 8)
    swiss_rank = {r.number: r.place for r in t.prelim_standings()}
    qf = t.start_round()
    seeds = t.bracket_seeds
    # The upsets we want: seeds 8, 5, 7 and 3 win; so 1, 4, 2 and 6 go out.
    winners = {seeds[7], seeds[4], seeds[6], seeds[2]}
    for tb in qf.tables:
        w = next(n for n in tb.seats if n in winners)
        t.record_result(qf.number, tb.number, Result.win(w, next(x for x in tb.seats if x != w)))
    sf = t.start_round()
    for tb in sf.tables:
        a, b = tb.seats
        t.record_result(sf.number, tb.number, Result.win(a, b))
    final = t.start_round()
    a, b = final.tables[0].seats
    t.record_result(final.number, 1, Result.win(a, b))
    assert t.is_finished
    rows = t.final_standings()
    out_in_qf = [r.number for r in rows[4:8]]
    assert sorted(out_in_qf) == sorted([seeds[0], seeds[3], seeds[1], seeds[5]])
    assert out_in_qf == sorted(out_in_qf, key=swiss_rank.__getitem__)
    assert all(r.reached == "quarterfinal" for r in rows[4:8])
    assert [r.number for r in rows[8:]] == sorted(
        (n for n in swiss_rank if n not in seeds), key=swiss_rank.__getitem__
    )
    assert rows[0].number == a and rows[1].number == b


def test_bracket_view_shows_every_round_r4() -> None:
    t = _swiss_then_cut(6, 4)
    t.start_round()
    view = t.bracket()
    assert [b.label for b in view] == ["semifinal", "final"]
    assert [(m.top_seed, m.bottom_seed) for m in view[0].matches] == [(1, 4), (2, 3)]
    assert view[1].matches[0].top is None and view[1].round_number is None


def test_elimination_seeds_by_draw_and_gives_byes_to_top_seeds_r1() -> None:
    t = create_tournament("alta", bots(6), format="elimination", seed=2)
    first = t.start_round()
    seeds = t.bracket_seeds
    assert sorted(seeds) == list(range(1, 7))
    byes = [tb.seats[0] for tb in first.tables if tb.is_bye]
    assert sorted(byes) == sorted(seeds[:2])  # 8-slot bracket: seeds 1 and 2 pass
    simulate_tournament(t)
    assert len(t.stage_rounds("elimination")) == 3
    rows = t.final_standings()
    assert rows[0].reached == "champion" and rows[1].reached == "final"
    assert {r.reached for r in rows[2:4]} == {"semifinal"}


# -- timed rounds [R7] and the tournament option [R8] -----------------------


def test_timed_swiss_uses_the_games_turn_limit_r7() -> None:
    t = create_tournament("alta", bots(6), rounds=2, turn_limit=2, seed=3)
    simulate_tournament(t)
    played = [tb for r in t.rounds for tb in r.tables if not tb.is_bye]
    assert all(tb.result.timed and tb.result.turns == 2 for tb in played)  # type: ignore[union-attr]
    points = {
        o.points
        for r in t.rounds
        for tb in r.tables
        for o in t.table_outcomes(r.number, tb.number).values()
    }
    assert points <= {4, 1, 2, 5}
    assert not points & {0}  # nobody lost outright: every match was decided on time


def test_organizer_enforces_the_limit_for_games_without_the_option_r7(fake_games: None) -> None:
    t = create_tournament("alta_plain", bots(4, "easy"), rounds=2, turn_limit=1, seed=3)
    assert "turn_limit" not in match_options(t, "swiss", 2)
    assert "tournament" not in match_options(t, "swiss", 2)
    simulate_tournament(t)
    played = [tb for r in t.rounds for tb in r.tables if not tb.is_bye]
    assert all(tb.result.timed and tb.result.turns == 1 for tb in played)  # type: ignore[union-attr]


def test_untimed_tournament_plays_matches_to_the_end_r7() -> None:
    t = create_tournament("alta", bots(4), rounds=2, seed=3)
    simulate_tournament(t)
    played = [tb for r in t.rounds for tb in r.tables]
    assert all(not tb.result.timed and tb.result.turns == 3 for tb in played)  # type: ignore[union-attr]


def test_matches_use_tournament_rules_r8() -> None:
    t = create_tournament("alta", humans(4), seed=3)
    t.start_round()
    m = new_table_match(t, 1, 1)
    assert m.options["tournament"] is True
    assert m.seats == t.names(t.round(1).table(1).seats)
    # Each table's match has its own seed, the same on every call.
    assert new_table_match(t, 1, 1).seed == m.seed != new_table_match(t, 1, 2).seed


# -- results, overrides, knockout draws -------------------------------------


def test_record_and_override_results() -> None:
    t = create_tournament("alta", humans(5), rounds=3, seed=1)
    rnd = t.start_round()
    bye = next(tb for tb in rnd.tables if tb.is_bye)
    duel = rnd.tables[0]
    a, b = duel.seats
    with pytest.raises(TournamentError) as e:
        t.record_result(1, duel.number, Result.win(a, 99))
    assert error_key(e) == "tournament.errors.result_mismatch"
    with pytest.raises(TournamentError) as e:
        t.record_result(1, bye.number, Result([[bye.seats[0]]]))
    assert error_key(e) == "tournament.errors.bye_is_fixed"
    t.record_result(1, duel.number, Result.win(a, b))
    with pytest.raises(TournamentError) as e:
        t.record_result(1, duel.number, Result.win(b, a))
    assert error_key(e) == "tournament.errors.already_recorded"
    with pytest.raises(TournamentError) as e:
        t.start_round()
    assert error_key(e) == "tournament.errors.round_in_progress"
    points = {r.number: r.points for r in t.prelim_standings()}
    assert points[a] == 5 and points[b] == 0
    t.override_result(1, duel.number, Result.draw(a, b, timed=True))
    assert duel.result is not None and duel.result.source == "override"
    points = {r.number: r.points for r in t.prelim_standings()}
    assert points[a] == points[b] == 2


def test_knockout_matches_need_a_winner_r4() -> None:
    t = create_tournament("alta", humans(4), format="elimination", seed=1)
    rnd = t.start_round()
    tb = rnd.tables[0]
    a, b = tb.seats
    with pytest.raises(TournamentError) as e:
        t.record_result(rnd.number, tb.number, Result.draw(a, b))
    assert error_key(e) == "tournament.errors.knockout_draw"
    # A drawn match played at the table: not recorded, the table replays a fresh match.
    drawn = FixedDistances([1.0, 1.0])
    assert record_match(t, rnd.number, tb.number, drawn) is False
    assert tb.attempt == 1 and tb.result is None
    decided = FixedDistances([0.0, 2.0])
    assert record_match(t, rnd.number, tb.number, decided) is True
    assert tb.result is not None and tb.result.winners == [a]
    # Overrides of a knockout match stop once the next round is built on it.
    t.record_result(rnd.number, rnd.tables[1].number, Result.win(*rnd.tables[1].seats))
    t.start_round()
    with pytest.raises(TournamentError) as e:
        t.override_result(rnd.number, tb.number, Result.win(b, a))
    assert error_key(e) == "tournament.errors.moved_on"


def test_drawn_knockouts_replay_then_coin_toss(monkeypatch: pytest.MonkeyPatch) -> None:
    def always_draw(table, match, *, source):  # type: ignore[no-untyped-def]
        return Result([list(table.seats)], source=source)

    monkeypatch.setattr(play_module, "result_from_match", always_draw)
    t = create_tournament("alta", bots(2), format="elimination", seed=1)
    simulate_tournament(t)
    tb = t.rounds[0].tables[0]
    assert tb.attempt == play_module.MAX_KNOCKOUT_REPLAYS
    assert tb.result is not None and tb.result.source == "coin_toss"
    assert t.is_finished


def test_bot_knockout_draws_are_replayed_with_fresh_matches_r4() -> None:
    t = create_tournament("alta", bots(16), format="elimination", seed=6)
    simulate_tournament(t)
    tables = [tb for r in t.rounds for tb in r.tables if not tb.is_bye]
    assert any(tb.attempt > 0 for tb in tables)  # alta's duels often tie
    assert all(tb.result is not None and len(tb.result.order) == 2 for tb in tables)


def test_humans_play_their_own_tables() -> None:
    t = create_tournament("alta", [("A", "random"), ("B", "random"), "Human", "Other"], seed=2)
    rnd = t.start_round()
    assert simulate_round(t) in (0, 1)
    pending = rnd.pending
    assert pending and all(any(not t.entrant(n).is_bot for n in tb.seats) for tb in pending)
    with pytest.raises(TournamentError) as e:
        simulate_tournament(t)
    assert error_key(e) == "tournament.errors.humans_to_play"
    for tb in pending:
        m = new_table_match(t, rnd.number, tb.number)
        while not m.is_over:
            for seat in m.to_move:
                if not m.is_over and seat in m.to_move:
                    m.apply(seat, m.legal_actions(seat)[0])
        assert record_match(t, rnd.number, tb.number, m)
        assert tb.result is not None and tb.result.source == "played"
    assert rnd.complete


# -- drops and late entries [R11] -------------------------------------------


def test_dropped_entrants_are_never_paired_again_and_keep_results_r11() -> None:
    t = create_tournament("alta", bots(8), rounds=4, seed=9)
    t.start_round()
    simulate_round(t)
    quitter = t.round(1).tables[0].seats[0]
    points_before = {r.number: r.points for r in t.prelim_standings()}[quitter]
    t.drop(quitter)
    with pytest.raises(TournamentError) as e:
        t.drop(quitter)
    assert error_key(e) == "tournament.errors.already_dropped"
    simulate_tournament(t)
    later = [n for r in t.rounds[1:] for tb in r.tables for n in tb.seats]
    assert quitter not in later
    row = next(r for r in t.prelim_standings() if r.number == quitter)
    assert row.dropped and row.points == points_before and row.played == 1
    # His opponent's strength of schedule still counts him.
    opp = next(n for n in t.round(1).tables[0].seats if n != quitter)
    opp_row = next(r for r in t.prelim_standings() if r.number == opp)
    assert opp_row.sos >= points_before


def test_late_entrants_join_with_zero_points_r11() -> None:
    t = create_tournament("alta", bots(6), rounds=3, seed=9)
    t.start_round()
    simulate_round(t)
    late = t.add_entrant("late bot", "random")
    assert late.number == 7 and late.joined_round == 2
    row = next(r for r in t.prelim_standings() if r.number == 7)
    assert row.points == 0 and row.played == 0
    r2 = t.start_round()
    assert any(7 in tb.seats for tb in r2.tables)
    with pytest.raises(TournamentError) as e:
        t.add_entrant("late bot", None)
    assert error_key(e) == "tournament.errors.duplicate_name"
    simulate_tournament(t)
    with pytest.raises(TournamentError) as e:
        t.add_entrant("too late", None)
    assert error_key(e) == "tournament.errors.late_entry_closed"


def test_no_late_entries_once_a_bracket_started_r11() -> None:
    t = create_tournament("alta", bots(4), format="elimination", seed=1)
    t.add_entrant("early", "random")  # before round 1 it is a normal registration
    t.start_round()
    with pytest.raises(TournamentError) as e:
        t.add_entrant("late", "random")
    assert error_key(e) == "tournament.errors.late_entry_closed"


def test_a_dropped_knockout_player_gives_a_walkover_r11() -> None:
    t = create_tournament("alta", humans(4), format="elimination", seed=1)
    rnd = t.start_round()
    for tb in rnd.tables:
        a, b = tb.seats
        t.record_result(rnd.number, tb.number, Result.win(a, b))
    winners = [tb.seats[0] for tb in rnd.tables]
    t.drop(winners[0])
    final = t.start_round()
    assert len(final.tables) == 1 and final.tables[0].is_bye
    assert final.tables[0].result is not None and final.tables[0].result.source == "walkover"
    assert t.is_finished and t.champion().number == winners[1]  # type: ignore[union-attr]


def test_melee_drop_and_late_entry_reseat_the_tables_r11() -> None:
    t = create_tournament("alta", bots(9), format="melee", rounds=3, seed=2)
    t.start_round()
    simulate_round(t)
    t.drop(1)
    t.drop(2)
    t.add_entrant("late", "random")
    r2 = t.start_round()
    seated = sorted(n for tb in r2.tables for n in tb.seats)
    assert seated == [3, 4, 5, 6, 7, 8, 9, 10]
    assert sorted(len(tb.seats) for tb in r2.tables) == [4, 4]


def test_per_seat_options_cannot_be_set_for_a_whole_tournament(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import dataclasses

    from game.registry import GAMES, OptionSpec
    from tests.game.tournament.fakes import WITH_BOTS

    info = dataclasses.replace(
        WITH_BOTS,
        name="alta_personas",
        options=(*WITH_BOTS.options, OptionSpec("persona", "per_seat", "a", choices=("a", "b"))),
    )
    monkeypatch.setitem(GAMES._loaded, info.name, info)
    with pytest.raises(TournamentError) as e:
        create_tournament("alta_personas", humans(4), options={"persona": ["a", "b"]})
    assert error_key(e) == "tournament.errors.per_seat_option"
