"""Ranked statistics per game, mode and opponents' level: played, won, rate,
streaks, best results; practice never counted; an older database upgraded."""

from __future__ import annotations

import sqlite3

import game
from game import history, storage
from game.history import MatchRow, aggregate, win_rate_series


def _row(i: int, won: bool, game_name: str = "war", level: str = "easy", practice: bool = False,
         best: int | None = None, kind: str = "fastest_win", mode: str = "standard") -> MatchRow:  # fmt: skip
    return MatchRow(
        i, game_name, float(i), ["Ana", "Bot"], [0], [0] if won else [1], 10, practice, mode,
        level, won, kind if best is not None else "", best, "", "",
    )  # fmt: skip


def test_played_won_rate_and_streaks() -> None:
    results = [True, True, False, True, True, True, False, False]
    (g,) = aggregate([_row(i, w) for i, w in enumerate(results)])
    assert (g.played, g.won) == (8, 5)
    assert g.win_rate == 5 / 8
    assert g.best_streak == 3  # three wins in a row in the middle
    assert g.streak == -2  # the last two were lost


def test_groups_split_by_game_mode_and_level() -> None:
    rows = [
        _row(1, True, level="easy"),
        _row(2, False, level="hard"),
        _row(3, True, level="hard"),
        _row(4, True, game_name="chama", mode="guerrilha"),
    ]
    groups = {(g.game, g.mode, g.level): g for g in aggregate(rows)}
    assert set(groups) == {
        ("war", "standard", "easy"),
        ("war", "standard", "hard"),
        ("chama", "guerrilha", "easy"),
    }
    assert groups[("war", "standard", "hard")].played == 2
    assert groups[("war", "standard", "hard")].won == 1


def test_practice_matches_never_count() -> None:
    rows = [_row(1, True), _row(2, True, practice=True), _row(3, False, practice=True)]
    (g,) = aggregate(rows)
    assert (g.played, g.won, g.streak) == (1, 1, 1)
    assert win_rate_series(rows) == [1.0]


def test_best_results_keep_the_better_value() -> None:
    fastest = aggregate([_row(1, True, best=30), _row(2, True, best=12), _row(3, True, best=20)])
    assert fastest[0].best_value == 12  # fewer turns is better
    pots = aggregate(
        [_row(i, True, "wyrt", best=b, kind="biggest_pot") for i, b in enumerate((40, 250, 90))]
    )
    assert pots[0].best_value == 250  # a bigger pot is better


def test_win_rate_series_runs_over_the_matches() -> None:
    rows = [_row(i, w) for i, w in enumerate([True, False, False, True])]
    assert win_rate_series(rows) == [1.0, 0.5, 1 / 3, 0.5]
    assert win_rate_series(rows, game="chama") == []


def test_extractors_read_the_events() -> None:
    from game.wyr.records import ScoreSet
    from game.wyrt.records import PotWon, PotWonUncontested

    m = game.new_match("alta", ["Ana", "Bot"], seed=1)
    events = [
        PotWon(1, 120, (1,), (120,), "pair"),
        PotWon(1, 80, (0,), (80,), "flush"),
        PotWonUncontested(0, 95),
    ]
    best = history.EXTRACTORS["wyrt"](m, [0], events)  # type: ignore[arg-type]
    assert best is not None and best.value == 95  # the 120 pot was the bot's
    combos = [
        ScoreSet(0, "par", 20, 7, 27),
        ScoreSet(1, "dragao", 90, 5, 95),
        ScoreSet(0, "trinca", 40, 3, 43),
    ]
    best = history.EXTRACTORS["wyr"](m, [0], combos)  # type: ignore[arg-type]
    assert best is not None and (best.value, best.label) == (40, "trinca")


def test_record_match_stores_mode_level_winner_and_fastest_win() -> None:
    m = game.new_match("alta", ["Ana", "Bot"], seed=2)
    m.meta = {"players": [{"name": "Ana", "bot": None}, {"name": "Bot", "bot": "random"}]}
    while not m.is_over:
        s = m.to_move[0]
        hand = m.hands[s]
        pick = max(hand) if s == 0 else min(hand)  # Ana plays her best cards
        m.apply(s, m.legal_actions(s)[[a.card for a in m.legal_actions(s)].index(pick)])
    history.record_match(m, [0], replay="/x/r.json")
    (row,) = history.matches()
    assert (row.mode, row.level, row.replay) == ("standard", "random", "/x/r.json")
    assert row.human_won == (0 in m.winners())
    if row.human_won:
        assert (row.best_kind, row.best_value) == ("fastest_win", m.turn)


def test_reset_forgets_everything() -> None:
    m = game.new_match("alta", ["Ana", "Bot"], seed=2)
    history.record_match(m, [0])
    history.record_match(m, [0])
    assert history.reset() == 2 and history.matches() == []


def test_an_older_database_is_upgraded_in_place() -> None:
    path = storage.database_path()
    path.parent.mkdir(parents=True)
    con = sqlite3.connect(path)
    con.execute(history._SCHEMA)
    con.execute(
        "INSERT INTO matches (game, finished_at, seats, humans, winners, turns) VALUES"
        " ('war', 1.0, '[\"Ana\",\"B\"]', '[0]', '[0]', 9)"
    )
    con.commit()
    con.close()
    (row,) = history.matches()
    assert (row.game, row.turns, row.mode, row.replay) == ("war", 9, "standard", "")
    assert row.human_won  # worked out from the old humans/winners columns
