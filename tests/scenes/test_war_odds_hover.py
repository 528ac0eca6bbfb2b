"""War's odds on hover never freeze the window (issue 34): the first hover over
an attack between stacks of 1,000+ armies swept the battle on the render thread
(0.4-1 s). Big battles go to a worker thread and read "…" until done."""

from __future__ import annotations

import threading

import pytest

from game.war import conquest_probability, win_probability
from scenes.i18n import tr
from scenes.tables.face import SeatSetup
from scenes.tables.war import WarTable
from scenes.tables.war.odds_worker import INLINE_LIMIT, OddsWorker
from scenes.tables.war.panel_words import odds_text
from tests.scenes.conftest import open_test_table, pump


@pytest.mark.parametrize("use_process", [True, False])
def test_small_battles_are_answered_at_once_big_ones_by_the_worker(use_process: bool) -> None:
    w = OddsWorker(use_process=use_process)
    assert w.get(5, 3) == win_probability(5, 3) and w.sent == 0
    big = (INLINE_LIMIT + 20, INLINE_LIMIT + 10)
    first = w.get(*big)
    w.wait()
    assert w.sent == 1
    assert w.get(*big) == win_probability(*big)  # exact, not an estimate
    assert first in (None, win_probability(*big))
    assert w.get(*big, 3) is None or w.sent == 2  # "until" asks its own question
    w.wait()
    assert w.get(*big, 3) == conquest_probability(*big, 3)
    w.get(*big)
    assert w.sent == 2  # answered questions are not asked again
    assert w.uses_process == use_process
    w.close()


def test_the_table_keeps_drawing_while_a_big_battle_is_swept(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    t = open_test_table(app, "war", [SeatSetup("Ana"), SeatSetup("Bo", "easy")], 5)
    assert isinstance(t, WarTable)
    release = threading.Event()
    asked: list[tuple[int, int, int]] = []

    def slow(a: int, d: int, stop: int) -> float:
        asked.append((a, d, stop))
        release.wait(10)  # a sweep that takes as long as the test lets it
        return 0.25

    t.odds = OddsWorker(compute=slow, use_process=False)  # a closure stays in this process
    # the render thread asks, and draws frames while the sweep is still running
    assert odds_text(t.odds, 1500, 1400) == tr("war.ui.odds_pending")
    assert odds_text(t.odds, 1500, 1400, until=5) == tr("wartable.odds_until_pending", count=5)
    pump(app, 5)
    assert odds_text(t.odds, 1500, 1400) == tr("war.ui.odds_pending")
    release.set()
    t.odds.wait()
    assert odds_text(t.odds, 1500, 1400) == tr("war.ui.odds", percent=25)
    assert odds_text(t.odds, 1500, 1400, until=5) == tr("wartable.odds_until", percent=25, count=5)
    assert sorted(asked) == [(1500, 1400, 0), (1500, 1400, 4)]  # each asked once
    # a small battle is answered on the spot, from the real odds
    t.odds = OddsWorker()
    assert odds_text(t.odds, 6, 2) == tr("war.ui.odds", percent=round(100 * win_probability(6, 2)))


def test_a_practice_hint_over_two_stacks_of_3000_never_sweeps_on_the_render_thread(
    app,
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    """The hint's "x% chance to conquer" asked `game.war.odds` on the render
    thread; it now asks the table's odds worker and shows once that answers."""
    from game.war import BOARD
    from game.war import odds as war_odds
    from game.war import records as R
    from scenes.tables.practice_tools import hint_line
    from tests.scenes.conftest import pump_until

    t = open_test_table(app, "war", [SeatSetup("Ana"), SeatSetup("Bo", "easy")], 5, practice=True)
    assert isinstance(t, WarTable)
    pump_until(app, t.my_turn, 3000, "Ana's turn")
    m = t.match
    source, target = next(
        (a, b)
        for a in BOARD.territories
        if m.owner[BOARD.index[a]] == t.viewer
        for b in BOARD.neighbors(a)
        if m.owner[BOARD.index[b]] != t.viewer
    )
    m.armies[BOARD.index[source]] = 3001  # 3,000 able to attack
    m.armies[BOARD.index[target]] = 3000
    t._view_cache = None
    # Every exact computation of the odds module, counted by the thread it ran on.
    render = threading.get_ident()
    on_render: list[str] = []
    for name in ("_sweep", "_big_win", "win_probability", "conquest_probability"):
        real = getattr(war_odds, name)

        def spy(*args: int, _real=real, _name=name) -> object:  # type: ignore[no-untyped-def]
            if threading.get_ident() == render:
                on_render.append(_name)
            return _real(*args)

        monkeypatch.setattr(war_odds, name, spy)
    asked: list[tuple[int, int, int]] = []
    release = threading.Event()

    def worker_sweep(a: int, d: int, stop: int) -> float:
        asked.append((a, d, stop))
        release.wait(10)  # as long as the test lets it: the window draws meanwhile
        return 0.4

    t.odds = OddsWorker(compute=worker_sweep, use_process=False)
    attack = R.Attack(source=source, target=target, dice=3)
    t.show_hint(attack)
    pump(app, 5)
    assert on_render == [] and t.odds.sent == 1
    assert tr("life.war.hint_odds", percent=40) not in app.toast.text  # not shown yet
    release.set()
    t.odds.wait()
    pump(app, 2)
    assert on_render == [] and asked == [(3000, 3000, 0)]
    reason = tr("life.war.hint_odds", percent=40)
    assert app.toast.text == hint_line(t, t.describe_action(attack), reason)
    assert (t.source, t.target) == (source, target)  # and the map points at it
