"""The end of a match, for every game, through the real screens: the result is
counted once, the autosave goes (Continue cannot reopen a finished match), and
the replay opens from Statistics. Wyr and Wyrt once recorded the result beside
the table base's end step: their autosave stayed and they had no replay."""

from __future__ import annotations

import pytest

from game import history, saves
from game.registry import make_bot
from game.rng import Rng
from scenes.tables.face import SeatSetup
from tests.scenes.conftest import open_test_table, pump

#: short matches: a turn limit ([R7]) or one hand ([T8])
GAMES = {
    "wyr": ({"turn_limit": 2}, "normal"),
    "wyrt": ({"hand_limit": 1}, "cliente_casual"),
    "war": ({"turn_limit": 2}, "normal"),
    "chama": ({"turn_limit": 2}, "normal"),
}


def _play_to_the_end(app, table) -> bool:  # type: ignore[no-untyped-def]
    """The person plays as a bot would, by the table's own submit; returns
    whether an autosave was written on the way."""
    autosaved = False
    me = make_bot(table.match.game_name, GAMES[table.match.game_name][1])
    rng = Rng("person")
    for _ in range(40_000):
        if table.finished:
            return autosaved
        table.autosaver.wait()
        autosaved = autosaved or saves.autosave_path(table.match.game_name).exists()
        seat = table.human_to_act()
        if seat is not None and not table.events and not table.tweens.busy:
            view = table.match.view(seat)
            legal = table.match.legal_actions(seat)
            assert table.submit(me.choose(view, legal, rng), seat)
        pump(app)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_match_is_counted_once_and_its_replay_opens(app, game: str) -> None:  # type: ignore[no-untyped-def]
    options, bot = GAMES[game]
    seats = [SeatSetup("Ana"), SeatSetup("Bot", bot)]
    table = open_test_table(app, game, seats, seed=11, options=options)
    before = len(history.matches(game=game))
    assert _play_to_the_end(app, table), f"{game}: no autosave was written while playing"
    pump(app, 3)
    # counted once, with its replay
    rows = history.matches(game=game)
    assert len(rows) == before + 1
    assert rows[-1].replay, f"{game}: the result has no replay file"
    # the autosave of the finished match is gone: Continue cannot reopen it
    assert not saves.autosave_path(game).exists()
    found, _refused = saves.list_saves()
    assert not any(s.game == game for s in found)
    # and the replay opens from the statistics screen
    from scenes.stats import StatsScene

    app.scenes.reset(StatsScene(app), fade=False)
    pump(app, 2)
    stats = app.scenes.top
    stats.selected = len(stats.shown_rows) - 1
    stats.watch_selected()
    pump(app, 2)
    from scenes.replay import ReplayMixin

    assert isinstance(app.scenes.top, ReplayMixin), f"{game}: the replay did not open"
